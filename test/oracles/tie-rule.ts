/**
 * The tie rule of the affine engines (`src/align/affine/costs.ts`) by brute force, for their tests:
 * every alignment is enumerated in lexicographic order of its operations (pair M < delete D <
 * insert I) and the first one of minimal cost is kept — the rule's definition, with no DP in
 * between. Exponential (Delannoy many alignments): inputs of a few events each only.
 */
import type { IndexPair } from '../../src/align/types.js';

/** The cost of each operation of an alignment (the start state counts as a pair). */
export interface OperationCosts {
  /** Pairing gt event i with pred event j. */
  pair(i: number, j: number): number;
  /** Leaving gt event i unpaired; `extending`: the previous operation left a gt event unpaired. */
  del(i: number, extending: boolean): number;
  /** Leaving pred event j unpaired; `extending`: the previous operation left a pred event unpaired. */
  ins(j: number, extending: boolean): number;
}

/** The operations of an alignment as a string of M / D / I. */
export function opsOf(pairs: readonly IndexPair[]): string {
  return pairs
    .map((p) => (p.gt !== null && p.pred !== null ? 'M' : p.gt !== null ? 'D' : 'I'))
    .join('');
}

/**
 * The minimal cost of aligning n gt events with m pred events under `costs`, and the
 * lexicographically first operations (M < D < I) of minimal cost. Costs should be integers (or
 * sums that tie exactly), so that equal totals compare equal.
 */
export function tieRuleBruteForce(
  n: number,
  m: number,
  costs: OperationCosts,
): { cost: number; ops: string } {
  let best = Infinity;
  let bestOps = '';
  const ops: string[] = [];
  const rec = (i: number, j: number, prev: 'M' | 'D' | 'I', cost: number): void => {
    // An equal cost found later is later in the order: only a strictly smaller one replaces.
    if (cost > best) return;
    if (i === n && j === m) {
      if (cost < best) {
        best = cost;
        bestOps = ops.join('');
      }
      return;
    }
    if (i < n && j < m) {
      ops.push('M');
      rec(i + 1, j + 1, 'M', cost + costs.pair(i, j));
      ops.pop();
    }
    if (i < n) {
      ops.push('D');
      rec(i + 1, j, 'D', cost + costs.del(i, prev === 'D'));
      ops.pop();
    }
    if (j < m) {
      ops.push('I');
      rec(i, j + 1, 'I', cost + costs.ins(j, prev === 'I'));
      ops.pop();
    }
  };
  rec(0, 0, 'M', 0);
  return { cost: best, ops: bestOps };
}
