/**
 * Deep equality of plain JSON values — what `@jest/expect-utils` `equals(a, b, [numbers, dates])`
 * answers for them, without its generic walk. Structured trace values (a ROS message, a tool
 * call's arguments) are compared for a large share of the same-channel pairs a value-aware aligner
 * considers, and `equals` spends most of its time on what plain values never need (asymmetric
 * matchers, class and DOM checks, cycle stacks, `undefined`-valued keys).
 *
 * Plain: `null`, booleans, numbers, strings, dense arrays with no other own keys, and objects whose
 * prototype is `Object.prototype` or `null` with no symbol keys, throughout — nothing `undefined`,
 * no deeper than `MAX_DEPTH` (so no cycle). When either value is not plain (a Date, a Map, a class
 * instance such as a `PyFloat` or an asymmetric matcher, a function, a `bigint`, an `undefined`
 * value) the answer is `undefined`, and the caller asks `equals`. Two plain values compare as
 * `equals` compares them: numbers by `numbersMatch` (the number tester answers first in `equals`
 * too), key order ignored, a number never equal to a string or a boolean; as nothing is
 * `undefined`, differing key counts mean different values. `./plain-equals.test.ts` pins the
 * agreement on arbitrary values.
 *
 * Whether an object is plain is found once per object (each trace value is compared with many):
 * kept in a `WeakMap` of the comparison made by `plainEqualsWith`, which therefore assumes that the
 * values are not changed while it is in use (the values of traces being scored).
 */

/** Nesting depth beyond which a value is not taken as plain (`equals` then detects cycles). */
const MAX_DEPTH = 64;

const OBJECT = Object.prototype;

/** A comparison of two values: `true`/`false` when both are plain (module comment), else `undefined`. */
export function plainEqualsWith(
  numbersMatch: (x: number, y: number) => boolean,
): (a: unknown, b: unknown) => boolean | undefined {
  const known = new WeakMap<object, boolean>();
  const isPlain = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null) return plainLeaf(v);
    let p = known.get(v);
    if (p === undefined) {
      p = plain(v, 0);
      known.set(v, p);
    }
    return p;
  };
  const same = (a: unknown, b: unknown): boolean => {
    if (typeof a === 'number' && typeof b === 'number') return numbersMatch(a, b);
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
    const aa = Array.isArray(a);
    if (aa !== Array.isArray(b)) return false;
    if (aa) {
      const x = a as unknown[];
      const y = b as unknown[];
      if (x.length !== y.length) return false;
      for (let k = 0; k < x.length; k++) if (!same(x[k], y[k])) return false;
      return true;
    }
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys)
      if (!Object.prototype.hasOwnProperty.call(y, key) || !same(x[key], y[key])) return false;
    return true;
  };
  return (a, b) => (isPlain(a) && isPlain(b) ? same(a, b) : undefined);
}

function plainLeaf(v: unknown): boolean {
  const t = typeof v;
  return t === 'number' || t === 'string' || t === 'boolean' || v === null;
}

/** Whether object `x` is plain throughout (module comment), at nesting depth `depth`. */
function plain(x: object, depth: number): boolean {
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(x)) {
    if (Object.getPrototypeOf(x) !== Array.prototype) return false;
    // Holes and extra own keys (which `equals` compares) make the key count differ from the length.
    if (Object.keys(x).length !== x.length || Object.getOwnPropertySymbols(x).length > 0)
      return false;
    for (const v of x as unknown[]) if (!plainAt(v, depth + 1)) return false;
    return true;
  }
  const p = Object.getPrototypeOf(x) as unknown;
  if ((p !== OBJECT && p !== null) || Object.getOwnPropertySymbols(x).length > 0) return false;
  for (const v of Object.values(x)) if (!plainAt(v, depth + 1)) return false;
  return true;
}

function plainAt(v: unknown, depth: number): boolean {
  return typeof v === 'object' && v !== null ? plain(v, depth) : plainLeaf(v);
}
