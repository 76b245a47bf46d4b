/**
 * The most exact pairs any alignment of minimal cost has, by a plain DP over (cost, exact pairs)
 * compared lexicographically, for the tests of `src/align/exact-pairs.ts`. Independent of the
 * production engines and of the pass: a full O(n·m) matrix per state (pair, gt unpaired, pred
 * unpaired), the affine gap model of `src/align/affine/costs.ts` written out again (a run of one
 * side's unpaired events opens once; a run of the other side right after it opens again). Small
 * inputs only (a few thousand cells).
 */

/** Integer costs of the behavior model. */
export interface OracleCosts {
  readonly value_mismatch: number;
  readonly mismatch: number;
  readonly gap_open: number;
  readonly gap_extend: number;
}

/** One cell: the minimal cost, and the most exact pairs among the ways to reach it at that cost. */
interface Cell {
  cost: number;
  exact: number;
}

const NONE: Cell = { cost: Infinity, exact: 0 };

function better(a: Cell, b: Cell): Cell {
  return a.cost < b.cost || (a.cost === b.cost && a.exact > b.exact) ? a : b;
}

function plus(a: Cell, cost: number, exact: number): Cell {
  return { cost: a.cost + cost, exact: a.exact + exact };
}

/**
 * The minimal cost of aligning `gtKeys` with `predKeys`, and the most exact pairs (`identical`)
 * among the alignments of that cost. `matches(i, j)` is asked for equal keys only.
 */
export function mostExactPairs(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  c: OracleCosts,
  matches: (i: number, j: number) => boolean,
  identical: (i: number, j: number) => boolean,
): { readonly cost: number; readonly exact: number } {
  const n = gtKeys.length;
  const m = predKeys.length;
  const at = (i: number, j: number) => i * (m + 1) + j;
  const M: Cell[] = new Array<Cell>((n + 1) * (m + 1)).fill(NONE); // last row a pair (or the start)
  const D: Cell[] = M.slice(); // last row a gt event unpaired
  const I: Cell[] = M.slice(); // last row a pred event unpaired
  M[at(0, 0)] = { cost: 0, exact: 0 };
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i > 0 && j > 0) {
        const gi = i - 1;
        const pj = j - 1;
        let cost = c.mismatch;
        let exact = 0;
        if (gtKeys[gi] === predKeys[pj]) {
          const ok = matches(gi, pj);
          cost = ok ? 0 : c.value_mismatch;
          exact = ok && identical(gi, pj) ? 1 : 0;
        }
        const from = better(
          better(M[at(i - 1, j - 1)]!, D[at(i - 1, j - 1)]!),
          I[at(i - 1, j - 1)]!,
        );
        M[at(i, j)] = plus(from, cost, exact);
      }
      if (i > 0) {
        const open = better(M[at(i - 1, j)]!, I[at(i - 1, j)]!);
        D[at(i, j)] = better(plus(open, c.gap_open, 0), plus(D[at(i - 1, j)]!, c.gap_extend, 0));
      }
      if (j > 0) {
        const open = better(M[at(i, j - 1)]!, D[at(i, j - 1)]!);
        I[at(i, j)] = better(plus(open, c.gap_open, 0), plus(I[at(i, j - 1)]!, c.gap_extend, 0));
      }
    }
  }
  const end = better(better(M[at(n, m)]!, D[at(n, m)]!), I[at(n, m)]!);
  return { cost: end.cost, exact: end.exact };
}
