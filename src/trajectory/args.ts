/**
 * Argument comparison for trajectory matching, always in the documented direction:
 * `superset` — the predicted call's arguments contain the reference call's (extra predicted
 * arguments allowed); `subset` — the predicted call's arguments are contained in the reference's.
 * Deep equality is `@jest/expect-utils` `equals` (key order ignored), as the `deep` comparator.
 */
import { equals, iterableEquality, subsetEquality } from '@jest/expect-utils';
import { ConfigError, type InputPath } from '../errors.js';

/** A user predicate: the reference call's arguments first, then the predicted call's. */
export type ArgsPredicate = (refArgs: unknown, predArgs: unknown) => boolean;

/** How two calls' arguments are compared. @default "exact" */
export type ArgsMatch =
  'exact' | 'ignore' | 'superset' | 'subset' | readonly string[] | ArgsPredicate;

/** The custom testers of a containment comparison (`superset`, `subset`). */
export const CONTAINS = [iterableEquality, subsetEquality];

/** An argument by name: a field of an object, else `undefined`. */
export function argumentField(args: unknown, name: string): unknown {
  return typeof args === 'object' && args !== null
    ? (args as Record<string, unknown>)[name]
    : undefined;
}

/** The predicate for one `ArgsMatch`; `where` names the option in errors. */
export function argsPredicate(spec: ArgsMatch, where: InputPath = ['args']): ArgsPredicate {
  if (typeof spec === 'function') return (r, p) => Boolean(spec(r, p));
  if (Array.isArray(spec)) {
    const names = spec as readonly unknown[];
    names.forEach((n, i) => {
      if (typeof n !== 'string')
        throw new ConfigError(`expected an argument name, received ${typeof n}`, {
          path: [...where, i],
        });
    });
    const keys = names as readonly string[];
    return (r, p) => keys.every((k) => equals(argumentField(p, k), argumentField(r, k)));
  }
  switch (spec) {
    case 'exact':
      return (r, p) => equals(p, r);
    case 'ignore':
      return () => true;
    case 'superset':
      // equals(object, expected, [subsetEquality]): every key of `expected` matches in `object`.
      return (r, p) => equals(p, r, CONTAINS);
    case 'subset':
      return (r, p) => equals(r, p, CONTAINS);
    default:
      throw new ConfigError(
        `unknown argument match ${JSON.stringify(spec)} (expected exact, ignore, superset, subset, a list of argument names or a function)`,
        { path: where },
      );
  }
}

/** Per-tool predicates: `toolArgs[name]` overrides `args` for calls of that tool. */
export function argsMatcher(
  args: ArgsMatch | undefined,
  toolArgs: Readonly<Record<string, ArgsMatch>> | undefined,
): (tool: string) => ArgsPredicate {
  const fallback = argsPredicate(args ?? 'exact');
  const byTool = new Map<string, ArgsPredicate>();
  for (const [tool, spec] of Object.entries(toolArgs ?? {}))
    byTool.set(tool, argsPredicate(spec, ['toolArgs', tool]));
  return (tool) => byTool.get(tool) ?? fallback;
}
