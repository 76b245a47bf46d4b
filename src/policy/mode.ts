/**
 * The one `Mode` type. `"reference"` reproduces the Python reference (bugs included);
 * `"default"` is the reference plus envtrace's named fixes (`./fixes.ts`).
 */
import { z } from 'zod';

/** Every mode, in documentation order. */
export const MODES = ['default', 'reference'] as const;

/** `"default"` fixes the reference's bugs; `"reference"` reproduces its numbers. */
export type Mode = (typeof MODES)[number];

/** The zod schema of a mode name (options, run reports). */
export const modeSchema = z.enum(MODES);

/** Whether `v` names a mode. */
export function isMode(v: unknown): v is Mode {
  return v === 'default' || v === 'reference';
}
