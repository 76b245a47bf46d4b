/**
 * How many cases the seeded differential sweeps run (README "Development").
 *
 * Every sweep has two sizes. The unit project (`npm run test:unit`, `npm test`) runs the small
 * one: the same generator, the same seeds and the same oracle on fewer cases, so a contributor's
 * pre-commit run stays short and every test stays inside the configured 30 s timeout.
 * `ENVTRACE_SWEEP=long` runs the full size; CI's long pass (`.ci/run`) sets it. The cases of the
 * small size are the first cases of the long sweep (one seeded generator, cases drawn in order),
 * so the long pass only adds cases, and a failure at the small size replays in the long one.
 */
import { vi } from 'vitest';

function sweepMode(): 'unit' | 'long' {
  const v = process.env['ENVTRACE_SWEEP'];
  if (v === undefined || v === '') return 'unit';
  if (v === 'long') return 'long';
  throw new Error(`ENVTRACE_SWEEP must be "long" or unset, got ${JSON.stringify(v)}`);
}

/** True in CI's long pass (`ENVTRACE_SWEEP=long`). */
export const LONG_SWEEP = sweepMode() === 'long';

// The long sizes take minutes on a loaded 2-core machine: a long-pass test gets ten minutes
// instead of the unit project's 30 s, which is sized for the small ones.
if (LONG_SWEEP) vi.setConfig({ testTimeout: 600_000 });

/** The size of one sweep: `unit` cases by default, `long` under `ENVTRACE_SWEEP=long`. */
export function sweep(unit: number, long: number): number {
  return LONG_SWEEP ? long : unit;
}
