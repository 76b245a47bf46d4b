import { equals, type Tester } from '@jest/expect-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainEqualsWith } from './plain-equals.js';

/** A tolerance as the comparators use one (NaN matches NaN). */
const near = (x: number, y: number): boolean =>
  x === y ||
  (Number.isNaN(x) && Number.isNaN(y)) ||
  Math.abs(x - y) <= 0.01 * Math.max(Math.abs(x), Math.abs(y));
const numbers: Tester = (a, b) =>
  typeof a === 'number' && typeof b === 'number' ? near(a, b) : undefined;
const reference = (a: unknown, b: unknown): boolean => equals(a, b, [numbers]);
const plainEquals = (a: unknown, b: unknown, nm: typeof near) => plainEqualsWith(nm)(a, b);
// One comparison for the whole file, as a comparator keeps one: its plainness cache is exercised.
const shared = plainEqualsWith(near);
const fast = (a: unknown, b: unknown): boolean => shared(a, b) ?? reference(a, b);

/** Values a trace holds, and some it may hold from the API (Dates, Maps, undefined, -0, NaN). */
const leaf = fc.oneof(
  fc.constantFrom(0, -0, 1, 1.001, 1.5, NaN, Infinity, 'a', 'b', '1', true, false, null),
  fc.double(),
  fc.string({ maxLength: 3 }),
);
const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(new Date(0)),
  fc.constant(new Map([[1, 2]])),
  fc.constant(10n),
  fc.constant(() => 1),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('v'), { maxKeys: 3 }),
  ),
})).v;
const anyValue = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    leaf,
    odd,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** `v` changed a little: one leaf nudged or replaced, a key dropped or added, an element appended. */
function nudged(v: unknown, r: number): unknown {
  if (typeof v === 'number') return r % 3 === 0 ? v * 1.005 : r % 3 === 1 ? v + 1 : String(v);
  if (Array.isArray(v)) {
    if (v.length === 0 || r % 5 === 0) return [...v, r % 2 ? undefined : 1];
    const k = r % v.length;
    return v.map((x, i) => (i === k ? nudged(x, r >> 2) : x));
  }
  if (v !== null && typeof v === 'object' && !(v instanceof Date) && !(v instanceof Map)) {
    const o = { ...(v as Record<string, unknown>) };
    const keys = Object.keys(o);
    if (keys.length === 0 || r % 5 === 0) o[r % 2 ? 'w' : 'x'] = r % 3 ? undefined : 1;
    else if (r % 5 === 1) delete o[keys[r % keys.length]!];
    else o[keys[r % keys.length]!] = nudged(o[keys[r % keys.length]!], r >> 2);
    // Another key order: `equals` ignores it.
    return Object.fromEntries(Object.entries(o).reverse());
  }
  return r % 2 ? null : [v];
}

describe('plainEquals', () => {
  it('answers as equals(…, [numbers]) on plain values, and on a value nudged from them', () => {
    fc.assert(
      fc.property(value, fc.nat(), (v, r) => {
        const w = nudged(v, r);
        expect(fast(v, w)).toBe(reference(v, w));
        expect(fast(w, v)).toBe(reference(w, v));
        expect(fast(v, structuredClone(v))).toBe(true);
        expect(plainEquals(v, structuredClone(v), near)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers as equals on arbitrary pairs, including what it leaves to equals', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (a, b) => {
        expect(fast(a, b)).toBe(reference(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves to equals what it cannot answer alone', () => {
    expect(plainEquals({ x: 1 }, { x: 1, y: undefined }, near)).toBeUndefined();
    expect(plainEquals([new Date(0)], [new Date(0)], near)).toBeUndefined();
    expect(plainEquals(1, expect.any(Number), near)).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(plainEquals(cyclic, cyclic, near)).toBeUndefined();
    expect(fast(cyclic, cyclic)).toBe(true);
  });

  it('compares a stamped ROS pose as equals does: numbers within tolerance, strings exactly', () => {
    const pose = (x: number, frame: string) => ({
      header: { stamp: { sec: 1, nanosec: 500_000_000 }, frame_id: frame },
      pose: { position: { x, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
    });
    expect(plainEquals(pose(1, 'map'), pose(1.004, 'map'), near)).toBe(true);
    expect(plainEquals(pose(1, 'map'), pose(1.5, 'map'), near)).toBe(false);
    expect(plainEquals(pose(1, 'map'), pose(1, 'odom'), near)).toBe(false);
  });
});
