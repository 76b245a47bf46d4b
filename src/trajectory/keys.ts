/**
 * Call keys for trajectory matching: two calls match under a keyable argument rule exactly when
 * their keys are equal, so the matcher can group calls by key instead of comparing every
 * reference call with every predicted call.
 *
 * A key exists only for plain data — what `JSON.parse` returns, plus `-0`, `NaN` and ±Infinity —
 * where key equality provably agrees with `@jest/expect-utils` `equals`: strings, numbers (by
 * `Object.is`, as `equals` compares them), booleans, `null`, dense arrays and `Object.prototype`
 * objects (key order ignored) without `undefined` inside (which `equals` treats as an absent key),
 * symbol keys, or more than {@link MAX_DEPTH} levels (which covers cycles). Anything else (class instances,
 * dates, asymmetric matchers, functions, bigint, …) has no key and is compared with the rule's
 * own predicate, as before.
 */
import { argumentField, type ArgsMatch } from './args.js';

/** Deeper values get no key (and take the predicate path), so building a key never overflows. */
const MAX_DEPTH = 200;

function canon(v: unknown, depth: number): string | undefined {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Object.is(v, -0) ? '-0' : String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'object':
      break;
    default:
      return undefined; // undefined, bigint, symbol, function
  }
  if (v === null) return 'z';
  // A cycle runs into the depth limit, so no set of open objects is needed.
  if (depth >= MAX_DEPTH) return undefined;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (Object.getOwnPropertySymbols(v).length > 0) return undefined;
  if (Array.isArray(v)) {
    if (proto !== Array.prototype || Object.keys(v).length !== v.length) return undefined;
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const k = canon(v[i], depth + 1);
      if (k === undefined) return undefined;
      out += i === 0 ? k : `,${k}`;
    }
    return `${out}]`;
  }
  if (proto !== Object.prototype) return undefined;
  const rec = v as Record<string, unknown>;
  const keys = Object.keys(rec);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (!sorted) keys.sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = canon(rec[keys[i]!], depth + 1);
    if (k === undefined) return undefined;
    out += `${i === 0 ? '' : ','}${JSON.stringify(keys[i])}:${k}`;
  }
  return `${out}}`;
}

/** The key of a plain-data value (see the module comment), or `undefined` when it has none. */
export function valueKey(v: unknown): string | undefined {
  return canon(v, 0);
}

/**
 * The key of a call's arguments under one argument rule, or `undefined` when the rule or the
 * value has none (then the rule's predicate decides). `exact`: the arguments' key; `ignore`: one
 * key for every call; a list of names: the keys of those fields (an absent field is its own
 * value, as `equals(undefined, undefined)`); `superset`, `subset` and functions are not keyable.
 */
export function argsKey(rule: ArgsMatch, args: unknown): string | undefined {
  if (rule === 'ignore') return '';
  if (rule === 'exact') return valueKey(args);
  if (Array.isArray(rule)) {
    const parts: string[] = [];
    for (const name of rule as readonly string[]) {
      const x = argumentField(args, name);
      const k = x === undefined ? 'u' : valueKey(x);
      if (k === undefined) return undefined;
      parts.push(k);
    }
    return parts.join('\u0000');
  }
  return undefined;
}

/** Whether `argsKey` can key any value under `rule` (otherwise every pair takes the predicate). */
export function keyableRule(rule: ArgsMatch): boolean {
  return rule === 'ignore' || rule === 'exact' || Array.isArray(rule);
}
