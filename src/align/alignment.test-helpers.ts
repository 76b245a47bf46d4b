/**
 * Test helpers for the value-aware aligners (`behavior`, and `wfa` behind it; not part of the
 * package): the cost of an alignment under the documented model, and the validity check.
 */
import { expect } from 'vitest';
import type { ResolvedBehaviorOptions } from './behavior.js';
import type { IndexPair } from './types.js';

/**
 * Cost of an alignment under the documented model (start state = pair). `vm(i, j)` says whether
 * the values of a same-channel pair match; absent, equal keys match.
 */
export function costOf(
  a: Int32Array,
  b: Int32Array,
  pairs: readonly IndexPair[],
  o: ResolvedBehaviorOptions,
  vm?: (i: number, j: number) => boolean,
): number {
  let cost = 0;
  let prev: 'M' | 'D' | 'I' = 'M';
  for (const p of pairs) {
    if (p.gt !== null && p.pred !== null) {
      cost += a[p.gt] !== b[p.pred] ? o.mismatch : vm === undefined || vm(p.gt, p.pred) ? 0 : o.value_mismatch;
      prev = 'M';
    } else if (p.gt !== null) {
      cost += prev === 'D' ? o.gap_extend : o.gap_open;
      prev = 'D';
    } else {
      cost += prev === 'I' ? o.gap_extend : o.gap_open;
      prev = 'I';
    }
  }
  return cost;
}

/** Every alignment is a valid one: each index once, increasing on both sides. */
export function expectValid(pairs: readonly IndexPair[], n: number, m: number): void {
  const gts = pairs.flatMap((p) => (p.gt === null ? [] : [p.gt]));
  const preds = pairs.flatMap((p) => (p.pred === null ? [] : [p.pred]));
  expect(gts).toEqual(Array.from({ length: n }, (_, i) => i));
  expect(preds).toEqual(Array.from({ length: m }, (_, i) => i));
}
