/**
 * The comparator registry: every comparator type envtrace knows. Options validation, the spec
 * types (`ComparatorSpec`), `envtrace help` and the README table derive from this list.
 * To add a comparator: write `src/compare/<name>.ts` exporting a `ComparatorPlugin` and add it here.
 */
import type { z } from 'zod';
import { alwaysTruePlugin } from './always.js';
import { deepPlugin } from './deep.js';
import { exactPlugin } from './exact.js';
import type { ComparatorPlugin } from './plugin.js';
import { tolerancePlugin } from './tolerance.js';

/** Every comparator type, in documentation order. */
export const COMPARATORS = [exactPlugin, tolerancePlugin, alwaysTruePlugin, deepPlugin] as const;

/** A comparator type's canonical name. */
export type ComparatorTypeName = (typeof COMPARATORS)[number]['name'];

/** A validated comparator spec (canonical `type`): the union of the registry's spec schemas. */
export type CanonicalComparatorSpec = SpecOf<(typeof COMPARATORS)[number]>;
type SpecOf<P> = P extends { schema: (n: never) => infer S extends z.ZodType } ? z.infer<S> : never;

/**
 * A comparator as written in a config file or options object: a registry spec whose `type` is the
 * canonical name or one of its aliases (`{type: 'eq'}`, `{type: 'tol', tol: 0.01}`, `{type: 'any'}`).
 */
export type ComparatorSpec = WrittenSpecOf<(typeof COMPARATORS)[number]>;
type WrittenSpecOf<P> = P extends {
  name: infer N extends string;
  aliases: readonly (infer A extends string)[];
  schema: (n: never) => infer S extends z.ZodType;
}
  ? Omit<z.infer<S>, 'type'> & { type: N | A }
  : never;

const BY_NAME: ReadonlyMap<string, ComparatorPlugin<string, never>> = new Map(
  COMPARATORS.flatMap((p) =>
    [p.name, ...p.aliases].map(
      (n) => [n, p as unknown as ComparatorPlugin<string, never>] as const,
    ),
  ),
);

/** The plug-in of a comparator type name or alias (case-insensitive), or `undefined`. */
export function comparatorPlugin(type: string): ComparatorPlugin<string, never> | undefined {
  return BY_NAME.get(type.toLowerCase());
}

/** The canonical name of a comparator type (`"EQ"` → `"exact"`), or `undefined` if unknown. */
export function canonicalComparatorType(type: string): ComparatorTypeName | undefined {
  return comparatorPlugin(type)?.name as ComparatorTypeName | undefined;
}

/** `exact (or equals, eq), numeric_tolerance (or tolerance, tol), …` for messages. */
export function comparatorTypesText(): string {
  return COMPARATORS.map((p) =>
    p.aliases.length ? `${p.name} (or ${p.aliases.join(', ')})` : p.name,
  ).join(', ');
}

/** Every comparator name and alias (for "did you mean"). */
export function comparatorNames(): string[] {
  return [...BY_NAME.keys()];
}
