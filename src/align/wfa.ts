/**
 * Gap-affine wavefront alignment (WFA; Marco-Sola, Moure, Moreto, Espinosa: "Fast gap-affine
 * pairwise alignment using the wavefront algorithm", Bioinformatics 37(4), 2021) for the cost model
 * shared by `behavior` and `nw`:
 *
 * - a pair costs 0 when it "matches" (same key and, when `valuesMatch` is given, matching values),
 *   `valueMismatch` for the same key with values that do not match, `mismatch` for different keys;
 * - a run of L unpaired events on one side costs `gapOpen + (L − 1)·gapExtend`; a run of gt events
 *   directly followed by a run of pred events (or the other way round) is two runs.
 *
 * Requirements (checked by `wfaCostsFrom`, otherwise callers use their dynamic programming):
 * positive integer costs with `gapOpen ≥ gapExtend` (then the cost of the best path to a cell never
 * decreases along a diagonal, which is what makes keeping only the furthest point per diagonal
 * exact), `mismatch > 0`, and `valueMismatch ≤ mismatch` (`valueMismatch = 0` makes any same-key
 * pair a match). Rational costs are scaled to integers by the callers; they divide out a common
 * factor here (`wfaCostsFrom`), since the running time grows with the optimal cost in these units.
 *
 * **What is computed.** The alignment is run on the *reversed* sequences, with wavefronts in the
 * "≤ s" form: `H[s][k]` is the furthest row i on diagonal k = j − i whose best cost (any last
 * operation) is ≤ s, `D[s][k]`/`I[s][k]` the same for paths whose last operation is a gt / pred
 * event left unpaired. Each step costs O(width of the wavefront), each cell is compared at most once
 * by the extend step (the comparator is the expensive part), so time is O((n + m) + s·w) for the
 * optimal cost s and wavefronts of width w ≤ 2·s/gapExtend + 1, i.e. O((n + m)·s) at worst.
 * Diagonals whose distance d to the end diagonal cannot be closed within an upper bound (the cost of
 * a quick greedy alignment, `upperBound`) are dropped: s + d·gapExtend > bound. When that bound is
 * large, a first pass restricted to a narrow band of diagonals (`firstPass`, about bound × 129
 * cells) finds the cost of the best alignment inside the band, often the optimum, and the full
 * pass then prunes with it (the comparator may be asked about a pair once in each pass). That first
 * pass also records where it met the seeds of `./wfa-seeds.ts`, whose heuristic then trims the ends
 * of the full pass's wavefronts: cells it proves to lie on no optimal alignment. When a gap costs
 * the same per event wherever it starts (gapOpen = gapExtend), only H is computed (`stepLinear`).
 *
 * **Tie-break (the `behavior` rule, exactly).** Among the alignments of minimal cost, the one whose
 * operations read from the first event are lexicographically smallest with pair < delete (gt event
 * unpaired) < insert (pred event unpaired). Because the wavefronts are computed from the end, the
 * traceback runs from the start and, at each cell, takes the first operation of that order after
 * which an optimal completion remains — asking the wavefronts "is the best cost of this cell ≤ v",
 * which they answer in O(1) because those cells form a prefix of each diagonal.
 *
 * **Memory.** Every wavefront is kept while the total stays under `maxCells`; past it only
 * checkpoints are kept (the `R` wavefronts a step reads, every `K`-th score, K ≈ √(s·R)), and the
 * traceback recomputes one block of K scores at a time from the checkpoint below it, only in a band
 * of about 4K diagonals around its path (`loadBlock`): memory about (s·R/K + K)·w = O(√(s·R)·w)
 * cells instead of O(s·w), and the recomputation about s·4K cells instead of repeating the forward
 * pass's s·w, with the same result (the comparator is asked again for recomputed cells).
 *
 * **Files** (after WFA2-lib's seams): this one, the entry points; `./wfa-waves.ts`, costs, knobs and
 * the wavefronts' storage; `./wfa-first-pass.ts`, the banded first pass and its strips;
 * `./wfa-certify.ts`, its certificate; `./wfa-seeds.ts`, the seed heuristic;
 * `./wfa-wavefronts.ts`, a pass's forward wavefronts, checkpoints and traceback, with the step's
 * hot loops; `./wfa-kernels.ts`, the step's edge and value-extension kernels.
 */
import type { WorkBudget } from './budget.js';
import type { IndexPair, ValueBuckets } from './types.js';
import { firstPass } from './wfa-first-pass.js';
import { reversedInput, Wavefronts } from './wfa-wavefronts.js';
import { alignerTuning } from './tuning.js';
import type { WfaCosts } from './wfa-waves.js';

export { edgeHolds } from './wfa-certify.js';
export { MAX_UNIT_COST, wfaCostsFrom, wfaCostsOf } from './wfa-waves.js';
export type { WfaCosts } from './wfa-waves.js';

/**
 * Optimal alignment of `a` (gt keys) with `b` (pred keys) under `costs` (from `wfaCostsFrom`;
 * same units as `upperBound`), with the tie-break of the module comment. `valuesMatch(i, j)` is
 * asked only for pairs of equal keys, at most once per pair by the forward pass; absent, equal keys
 * match. `upperBound` must be the cost of some alignment (it prunes; `Infinity` disables that).
 * Returns the alignment and its cost (the optimum, in the units of `costs`).
 */
export function wfaAlign(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound: number,
  /**
   * Value buckets (`AlignContext.valueBuckets`), asked only for long inputs (when the bound pass
   * runs): they key the seed heuristic and spare the comparator pairs whose buckets are > 2 apart.
   */
  buckets?: () => ValueBuckets | undefined,
  /**
   * Diagonals j − i (original indices) that some cheap alignment visits, e.g. a greedy one: the
   * first pass's band is laid around them (a band around 0 … m − n otherwise).
   */
  guide?: { readonly lo: number; readonly hi: number },
  /** Work budget (`./budget.ts`): the forward passes throw `BudgetExhausted` when it runs out. */
  budget?: WorkBudget,
): { readonly pairs: IndexPair[]; readonly cost: number } {
  const knobs = alignerTuning(); // tests only (`./tuning.ts`)
  const tuning = knobs.wfa ?? {};
  const stats = knobs.stats?.wfa;
  const first = firstPass(
    reversedInput(a, b),
    costs,
    valuesMatch,
    upperBound,
    tuning,
    buckets,
    guide,
    budget,
    stats,
  );
  if (first.alignment !== undefined) return { pairs: first.alignment, cost: first.bound };
  const full = new Wavefronts(first.input, costs, valuesMatch, first.bound, tuning, {
    prune: first.seeds,
    budget,
    stats,
  });
  const pairs = full.align();
  return { pairs, cost: full.optimum() };
}
