/**
 * Which arguments make two calls of one tool fail their argument rule, for failure messages: the
 * paths that the rule (`exact`, `superset`, `subset`, a list of names) compared and found unequal,
 * with both values. Plain data; the matcher renders it.
 */
import { equals } from '@jest/expect-utils';
import { formatPath } from '../errors.js';
import { isPlainObject } from '../py/value.js';
import { argumentField, CONTAINS, type ArgsMatch } from './args.js';
import type { ToolCall } from './calls.js';

/**
 * One differing argument: `differs` (both have it, unequal), `missing` (the reference has it,
 * the call does not) or `extra` (the call has it, the reference does not). `path` is the keys
 * and array indices from the arguments down (`[]`: the arguments as a whole).
 */
export interface ArgumentDifference {
  readonly path: readonly (string | number)[];
  readonly kind: 'differs' | 'missing' | 'extra';
  /** The reference's value (absent for `extra`). */
  readonly reference?: unknown;
  /** The call's value (absent for `missing`). */
  readonly call?: unknown;
}

/** The differences of a pair of calls, and how the rule was applied. */
export interface ArgumentDifferences {
  /**
   * `rule`: the paths the argument rule failed on; `predicate`: a user predicate rejected the
   * arguments, and `list` holds where they differ by deep equality (what the predicate saw).
   */
  readonly by: 'rule' | 'predicate';
  /** The first `limit` differences, in the reference's key order, then the call's extra keys. */
  readonly list: readonly ArgumentDifference[];
  /** How many differences there are in all. */
  readonly count: number;
}

/** How values are compared below a path: as the rule compares them. */
type Direction = 'exact' | 'contains' | 'contained';

function same(r: unknown, p: unknown, d: Direction): boolean {
  switch (d) {
    case 'exact':
      return equals(p, r);
    case 'contains':
      return equals(p, r, CONTAINS);
    case 'contained':
      return equals(r, p, CONTAINS);
  }
}

class DifferenceCollector {
  readonly list: ArgumentDifference[] = [];
  count = 0;
  constructor(private readonly limit: number) {}
  add(d: ArgumentDifference): void {
    this.count++;
    if (this.list.length < this.limit) this.list.push(d);
  }
}

/**
 * Walk `r` (reference) and `p` (call) where they are unequal under `d`: objects key by key (an
 * absent key and an `undefined` value are alike, as for `equals`), arrays of one length element by
 * element, anything else as one differing value.
 */
function walk(
  r: unknown,
  p: unknown,
  d: Direction,
  path: (string | number)[],
  out: DifferenceCollector,
): void {
  if (same(r, p, d)) return;
  if (isPlainObject(r) && isPlainObject(p)) {
    const before = out.count;
    for (const k of Object.keys(r)) {
      if (r[k] === undefined) continue;
      if (p[k] === undefined) {
        if (d !== 'contained') out.add({ path: [...path, k], kind: 'missing', reference: r[k] });
      } else walk(r[k], p[k], d, [...path, k], out);
    }
    for (const k of Object.keys(p)) {
      if (p[k] === undefined || r[k] !== undefined) continue;
      if (d !== 'contains') out.add({ path: [...path, k], kind: 'extra', call: p[k] });
    }
    if (out.count > before) return;
  } else if (Array.isArray(r) && Array.isArray(p) && r.length === p.length) {
    const before = out.count;
    r.forEach((x, i) => walk(x, p[i], d, [...path, i], out));
    if (out.count > before) return;
  }
  out.add({ path, kind: 'differs', reference: r, call: p });
}

/**
 * Where the arguments of reference call `ref` and predicted call `call` (same tool) differ under
 * the argument rule `rule`, at most `limit` listed. `exact`: every differing path, missing and
 * extra keys; `superset` (the call contains the reference): the reference's paths that the call
 * lacks or has otherwise; `subset`: the call's paths that the reference lacks or has otherwise; a
 * list of names: those arguments; `ignore`: none; a predicate: the deep-equality differences,
 * marked `by: "predicate"` (what the predicate rejected is its own).
 */
export function argumentDifferences(
  ref: unknown,
  call: unknown,
  rule: ArgsMatch,
  limit = Infinity,
): ArgumentDifferences {
  const out = new DifferenceCollector(limit);
  if (typeof rule === 'function') {
    walk(ref, call, 'exact', [], out);
    return { by: 'predicate', list: out.list, count: out.count };
  }
  if (Array.isArray(rule)) {
    for (const k of rule as readonly string[]) {
      const r = argumentField(ref, k);
      const p = argumentField(call, k);
      if (equals(p, r)) continue;
      if (p === undefined) out.add({ path: [k], kind: 'missing', reference: r });
      else if (r === undefined) out.add({ path: [k], kind: 'extra', call: p });
      else walk(r, p, 'exact', [k], out);
    }
  } else if (rule === 'exact') walk(ref, call, 'exact', [], out);
  else if (rule === 'superset') walk(ref, call, 'contains', [], out);
  else if (rule === 'subset') walk(ref, call, 'contained', [], out);
  return { by: 'rule', list: out.list, count: out.count };
}

/**
 * A difference's path as text: `path`, `options.lang`, `items[2]`, `["my key"]`; `(arguments)`
 * for the arguments as a whole.
 */
export function formatArgumentPath(path: readonly (string | number)[]): string {
  return path.length === 0 ? '(arguments)' : formatPath(path);
}

/** The argument rule of a tool's calls: its `toolArgs` entry, else `args`, else `exact`. */
export function argumentRuleOf(
  options: { readonly args?: ArgsMatch; readonly toolArgs?: Readonly<Record<string, ArgsMatch>> },
  tool: string,
): ArgsMatch {
  const own =
    options.toolArgs && Object.hasOwn(options.toolArgs, tool) ? options.toolArgs[tool] : undefined;
  return own ?? options.args ?? 'exact';
}

/**
 * Where reference call `reference` and call `call` (one tool) differ under the tool's argument
 * rule (`argumentRuleOf`), at most `limit` listed; undefined when either's arguments did not
 * parse (they differ as a whole, and the call says why).
 */
export function callArgumentDifferences(
  reference: ToolCall,
  call: ToolCall,
  options: { readonly args?: ArgsMatch; readonly toolArgs?: Readonly<Record<string, ArgsMatch>> },
  limit = Infinity,
): ArgumentDifferences | undefined {
  if (reference.argumentsError !== undefined || call.argumentsError !== undefined) return undefined;
  return argumentDifferences(
    reference.arguments,
    call.arguments,
    argumentRuleOf(options, reference.name),
    limit,
  );
}
