/**
 * The aligner registry: every aligner envtrace knows by name. Options validation, the spec types,
 * `envtrace help` and the README table derive from this list.
 *
 * To add an aligner: write a file exporting an `AlignerPlugin` (e.g. `export const behaviorPlugin =
 * {name: 'behavior', aliases: [], summary, params, schema, create} as const satisfies
 * AlignerPlugin<'behavior', Spec>`) and add it to `ALIGNERS` below. Nothing else changes.
 */
import type { z } from 'zod';
import type { AlignerPlugin } from './plugin.js';
import { behaviorPlugin } from './plugins/behavior.js';
import { difflibPlugin } from './plugins/difflib.js';
import { nwPlugin } from './plugins/nw.js';

/** Every named aligner, in documentation order (the policy's `defaultAligner` picks the default). */
export const ALIGNERS = [difflibPlugin, nwPlugin, behaviorPlugin] as const;

/** An aligner's canonical name. */
export type AlignerName = (typeof ALIGNERS)[number]['name'];

type SpecOf<P> = P extends { schema: (n: never) => infer S extends z.ZodType } ? z.infer<S> : never;

/** A named aligner as written in options: `{name, …params}` (the union of the registry's schemas). */
export type AlignerSpecObject = SpecOf<(typeof ALIGNERS)[number]>;

const BY_NAME: ReadonlyMap<string, AlignerPlugin<string, never>> = new Map(
  ALIGNERS.flatMap((p) =>
    [p.name, ...p.aliases].map((n) => [n, p as unknown as AlignerPlugin<string, never>] as const),
  ),
);

/** The plug-in of an aligner name or alias, or `undefined`. */
export function alignerPlugin(name: string): AlignerPlugin<string, never> | undefined {
  return BY_NAME.get(name);
}

/** `"difflib", "nw" (or "needleman_wunsch")` for messages. */
export function alignerNamesText(): string {
  return (ALIGNERS as readonly AlignerPlugin[])
    .map((p) =>
      p.aliases.length
        ? `"${p.name}" (or ${p.aliases.map((a) => `"${a}"`).join(', ')})`
        : `"${p.name}"`,
    )
    .join(', ');
}
