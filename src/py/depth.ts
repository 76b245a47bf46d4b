/**
 * Nesting limits for values read from traces and configs (README "Limits").
 *
 * Comparison, report serialisation and escaping walk values recursively. A value nested a few
 * thousand levels deep (a 10 KB file) would overflow the stack there, so values are checked
 * where they are read: deeper input is refused with a `TraceError`/`ConfigError` naming the
 * file and the path, instead of crashing the evaluator later.
 */
import { isPlainObject } from './value.js';

/**
 * Levels of nested arrays and objects allowed in a trace event's `value` or `meta`, and in a
 * config document (`[1]` is 1 level, `{"a": [1]}` 2; a number or string is 0).
 */
export const MAX_DEPTH = 256;

/** Where `findTooDeep` found a value over the limit. */
export interface TooDeep {
  /** Path from the checked value to the first container beyond the limit (or back to an ancestor). */
  readonly path: readonly PropertyKey[];
  /** The value contains itself (a circular structure), which nests without end. */
  readonly circular: boolean;
}

/**
 * The first place where `value` nests more than `limit` levels of arrays, plain objects, `Map`s
 * and `Set`s, or `undefined` when it does not. Depth-first, stopping at the limit: the
 * recursion is at most `limit + 1` calls deep whatever the input, cycles included.
 */
export function findTooDeep(value: unknown, limit: number = MAX_DEPTH): TooDeep | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ancestors: object[] = [];
  const path: PropertyKey[] = [];
  const visit = (v: unknown): TooDeep | undefined => {
    if (typeof v !== 'object' || v === null) return undefined;
    const isArray = Array.isArray(v);
    const isMap = v instanceof Map;
    const isSet = v instanceof Set;
    if (!isArray && !isMap && !isSet && !isPlainObject(v)) return undefined;
    if (ancestors.length >= limit) return { path: [...path], circular: ancestors.includes(v) };
    ancestors.push(v);
    let found: TooDeep | undefined;
    if (isArray) {
      for (let i = 0; i < v.length && !found; i++) {
        const x: unknown = v[i];
        if (typeof x !== 'object' || x === null) continue;
        path.push(i);
        found = visit(x);
        path.pop();
      }
    } else if (isMap || isSet) {
      let i = 0;
      for (const [k, x] of isMap
        ? (v as Map<unknown, unknown>).entries()
        : (v as Set<unknown>).entries()) {
        path.push(isMap && (typeof k === 'string' || typeof k === 'number') ? k : i);
        found = visit(x);
        path.pop();
        i++;
        if (found) break;
      }
    } else {
      const rec = v;
      for (const k of Object.keys(rec)) {
        const x = rec[k];
        if (typeof x !== 'object' || x === null) continue;
        path.push(k);
        found = visit(x);
        path.pop();
        if (found) break;
      }
    }
    ancestors.pop();
    return found;
  };
  return visit(value);
}

/** The error text for `found` (without location): what is wrong and the limit. */
export function tooDeepMessage(found: TooDeep, limit: number = MAX_DEPTH): string {
  return found.circular
    ? 'the value contains itself (a circular structure cannot be compared or written)'
    : `nested more than ${limit} levels of arrays and objects deep (the limit, see README "Limits")`;
}

/** Paths as messages show them: one formatter, in `../errors.ts`. */
export { formatDeepPath } from '../errors.js';
