/**
 * The one dispatcher of the affine engines: which of them aligns a pair, for `behavior` (under its
 * work budget) and for `nw` whenever its costs are the affine model's (`nwAffineCosts`, unbudgeted:
 * every `nw` setting but a gap cost of at most `match / 2`). In order:
 *
 * 1. no channel on both sides (budgeted entry): the closed-form optimum (`disjointAlignment`,
 *    `../bounded.ts`), proven;
 * 2. the exact engines, unless a channel-count lower bound already predicts more work than the
 *    budget allows:
 *    - the **wavefronts** (`../wfa.ts`) when the costs scale to integers that `wfaCostsFrom` takes
 *      (no per-key gap costs, `by_key`) and their estimated work is not above the banded DP's
 *      (`wfaPays`);
 *    - else the **banded DP** (`Band`, `../behavior.ts`), widened until a bound proves that no path
 *      leaving the band is cheaper; a band whose rows exceed the memory (`BehaviorTuning.maxBandCells`)
 *      keeps checkpoint rows on as many levels as it takes (`checkpointPlan`: more time, never
 *      another engine: there is no fallback to the Gotoh solver and its tie rule any more);
 * 3. the budget ran out: the **bounded corridor** (`corridorAlign`, `../bounded.ts`), not proven.
 *
 * Every exact engine and the corridor follow the tie rule of `./costs.ts`, whatever the memory.
 * `BehaviorTuning.engine` forces one exact engine (tests).
 */
import { alignmentCost, gapMinOf, scaledCosts, type AffineCosts } from './costs.js';
import { Band, checkpointPlan, greedyCost } from '../behavior.js';
import { corridorAlign, disjointAlignment } from '../bounded.js';
import { BudgetExhausted, WorkBudget } from '../budget.js';
import { alignerTuning } from '../tuning.js';
import type { AlignmentOutcome, IndexPair, ValueBuckets } from '../types.js';
import { wfaAlign, wfaCostsOf } from '../wfa.js';

/**
 * Optimal value-aware alignment of `gtKeys` with `predKeys` (see the module comment for the cost
 * model and the tie-break). `valuesMatch(i, j)` is asked only for pairs of equal keys; when it is
 * absent every same-key pair counts as matching (the aligner then behaves like `nw` with these costs).
 * Returns the alignment and its cost in the units of `options` when the engine that found it knows
 * that cost exactly (integer costs, as the defaults; `undefined` otherwise: the caller sums the
 * alignment's costs itself, e.g. `alignmentCost` of `./costs.ts`).
 */
export function behaviorAlign(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  options: AffineCosts,
  valuesMatch?: (gtIndex: number, predIndex: number) => boolean,
  /** Value buckets for the wavefronts' seed heuristic (`AlignContext.valueBuckets`); speed only. */
  valueBuckets?: () => ValueBuckets | undefined,
  /**
   * The default aligner's work budget (`./budget.ts`): every engine spends it and throws
   * `BudgetExhausted` when it runs out (`budgetedBehaviorAlign` then aligns within bounds).
   * Absent: no limit (`nw`, and the exact API).
   */
  budget?: WorkBudget,
): { readonly pairs: IndexPair[]; readonly cost: number | undefined } {
  const knobs = alignerTuning(); // tests only (`../tuning.ts`)
  const tuning = knobs.behavior ?? {};
  const engines = knobs.stats?.engines;
  const n = gtKeys.length;
  const m = predKeys.length;
  const c = scaledCosts(options, n + m);
  // Integer costs compare exactly; float sums may differ in the last bits between the greedy
  // bound and the DP, so the bound used for pruning is loosened a little (pruning less is safe).
  const exact = c !== options; // scaledCosts returns a new object exactly when it scaled to integers
  // The engines' optimum is in the units of `c`; it is that of `options` when no scaling was needed.
  const unscaled =
    exact &&
    c.mismatch === options.mismatch &&
    c.value_mismatch === options.value_mismatch &&
    c.gap_open === options.gap_open &&
    c.gap_extend === options.gap_extend &&
    sameGaps(c.by_key?.gap_open, options.by_key?.gap_open) &&
    sameGaps(c.by_key?.gap_extend, options.by_key?.gap_extend);
  const scored = (pairs: IndexPair[], cost: number) => ({
    pairs,
    cost: unscaled ? cost : undefined,
  });
  const delta = m - n;
  const absDelta = Math.abs(delta);
  // With per-key gap costs (`by_key`): the cheapest unpaired event of the inputs sizes the bands and
  // proves them.
  const gapMin = gapMinOf(c, gtKeys, predKeys);
  const maxCells = tuning.maxBandCells ?? 2 ** 23;
  // First band: wide enough for a quick greedy alignment's cost (one pass when that bound is
  // good), else a narrow probe whose optimum then sizes the next band.
  // `bound` is the cost of some alignment, so ≥ the optimum: it sizes bands and prunes cells.
  const greedy = greedyCost(gtKeys, predKeys, c, valuesMatch);
  budget?.spend(n + m);
  let bound = greedy.cost;
  let slack: number;
  if (tuning.initialSlack !== undefined) slack = Math.max(0, Math.floor(tuning.initialSlack));
  else {
    const fromBound = Math.max(0, Math.ceil((bound / gapMin - absDelta) / 2));
    slack = fromBound <= 64 ? fromBound : 8;
  }
  const engine = tuning.engine ?? 'auto';
  if (exact && engine !== 'dp') {
    const w = wfaCostsOf(c);
    if (w !== undefined) {
      const unit = c.mismatch / w.mismatch; // the common factor divided out
      const upper = bound / unit;
      if (engine === 'wfa' || wfaPays(n, m, upper, w.gapExtend)) {
        // Under a budget, give up before starting when the first pass is expected to exceed it:
        // about (bound in units) × (the guide's diagonals + its margins) cells (`firstPass`), twice
        // that when its first strip does not certify (measured on the bench pairs: 1.3×–2× at 100k).
        if (budget !== undefined && !budget.affords(2 * upper * (greedy.hi - greedy.lo + 1 + 48)))
          throw new BudgetExhausted();
        const r = wfaAlign(gtKeys, predKeys, w, valuesMatch, upper, valueBuckets, greedy, budget);
        if (engines !== undefined) engines.wavefronts++;
        return scored(r.pairs, r.cost * unit);
      }
    }
  }
  const prune = tuning.pruning ?? true;
  for (;;) {
    const dlo = Math.max(-n, Math.min(0, delta) - slack);
    const dhi = Math.min(m, Math.max(0, delta) + slack);
    const full = dlo === -n && dhi === m;
    const width = dhi - dlo + 1;
    // Every row of the band when it fits, else checkpoint rows on as few levels as fit the
    // memory (`checkpointPlan`), each level one more pass over the rows; never another engine.
    const blocks =
      tuning.blockRows === undefined
        ? checkpointPlan(n, width, maxCells)
        : typeof tuning.blockRows === 'number'
          ? tuning.blockRows >= 1
            ? [tuning.blockRows]
            : []
          : tuning.blockRows;
    if (engines?.checkpointLevels !== undefined)
      engines.checkpointLevels = Math.max(engines.checkpointLevels, blocks.length);
    budget?.spend((n + 1) * width * (blocks.length + 1));
    const pruneAt = !prune ? Infinity : exact ? bound : bound * (1 + 1e-9) + gapMin * 1e-9;
    const band = new Band(gtKeys, predKeys, c, valuesMatch, dlo, dhi, blocks, pruneAt);
    const best = band.fill();
    // Every path that leaves the band crosses diagonal dlo − 1 or dhi + 1, so it leaves at least
    // |k| + |Δ − k| events unpaired there, each costing ≥ gapMin.
    const unpairedOutside = Math.min(
      dlo > -n ? Math.abs(dlo - 1) + Math.abs(delta - dlo + 1) : Infinity,
      dhi < m ? Math.abs(dhi + 1) + Math.abs(delta - dhi - 1) : Infinity,
    );
    if (full || best < gapMin * unpairedOutside) {
      if (engines !== undefined) engines.band++;
      return scored(band.trace(), best);
    }
    bound = Math.min(bound, best);
    slack = Math.max(2 * slack + 1, Math.ceil((bound / gapMin - absDelta) / 2));
    if (Number.isNaN(slack)) slack = n + m; // never size a band from NaN: the next band is the full matrix
  }
}

/** Whether two per-key gap cost arrays are the same numbers (both absent counts as the same). */
function sameGaps(x: Float64Array | undefined, y: Float64Array | undefined): boolean {
  if (x === undefined || y === undefined) return x === y;
  return x.length === y.length && x.every((v, k) => v === y[k]);
}

/**
 * Whether the wavefront aligner is expected to do less work than the banded DP: it visits about
 * `bound · w / 2` wavefront cells (w ≤ 2·bound/gapExtend + 1 diagonals, at most n + m + 1, and the
 * pruning halves the triangle), the DP about `(n + 1) · w` band cells at several times the cost per
 * cell. Only speed depends on this; both give the same alignment.
 */
function wfaPays(n: number, m: number, bound: number, gapExtend: number): boolean {
  const width = Math.min(n + m + 1, (2 * bound) / gapExtend + 1);
  return (bound * width) / 2 <= 4 * (n + 1) * width;
}

/** An alignment and what is known about it. */
export interface BoundedAlignment {
  readonly pairs: IndexPair[];
  readonly outcome: AlignmentOutcome;
}

/**
 * `behaviorAlign` within the work budget (see the module comment): the optimal alignment with the
 * tie rule when it is proven within budget (`outcome.optimal`), else a bounded alignment.
 */
export function budgetedBehaviorAlign(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  options: AffineCosts,
  valuesMatch?: (gtIndex: number, predIndex: number) => boolean,
  valueBuckets?: () => ValueBuckets | undefined,
  /** `AlignContext.timeApart`: a second guide for the bounded corridor (`corridorAlign`). */
  timeApart?: (gtIndex: number, predIndex: number) => number,
): BoundedAlignment {
  if (options.by_key !== undefined)
    throw new Error('budgetedBehaviorAlign: per-key gap costs are not taken (internal error)');
  const n = gtKeys.length;
  const m = predKeys.length;
  const done = (pairs: IndexPair[], optimal: boolean, known?: number): BoundedAlignment => ({
    pairs,
    outcome: {
      optimal,
      // The exact engines know their optimum; summing it again would ask the comparator once
      // more for every pair.
      cost: known ?? alignmentCost(gtKeys, predKeys, pairs, options, valuesMatch),
    },
  });
  const c = scaledCosts(options, n + m);
  const counts = keyCounts(gtKeys, predKeys);
  if (counts.shared === 0 && c.gap_open >= c.gap_extend)
    return done(disjointAlignment(n, m, c), true);
  const budget = WorkBudget.forSizes(n, m);
  // Early decision: the wavefronts compute about (cost in units)² / (2·gap_extend) cells; when
  // even the channel-count lower bound predicts more than the budget, do not start.
  const lb = counts.excess * Math.min(c.gap_open, c.gap_extend, c.mismatch / 2);
  const unitsLb = lb / Math.max(c.mismatch, c.gap_open);
  if (budget.affords((unitsLb * unitsLb) / 2)) {
    try {
      const r = behaviorAlign(gtKeys, predKeys, options, valuesMatch, valueBuckets, budget);
      return done(r.pairs, true, r.cost);
    } catch (e) {
      if (!(e instanceof BudgetExhausted)) throw e;
    }
  }
  const p = corridorAlign(
    gtKeys,
    predKeys,
    c,
    valuesMatch,
    valuesMatch !== undefined ? valueBuckets?.() : undefined,
    timeApart,
  );
  return done(p, false);
}

/**
 * Per key, |gt count − pred count| summed (`excess`: events that cannot pair within their key),
 * and the number of keys on both sides (`shared`).
 */
function keyCounts(a: Int32Array, b: Int32Array): { shared: number; excess: number } {
  let keys = 0;
  for (let i = 0; i < a.length; i++) if (a[i]! >= keys) keys = a[i]! + 1;
  for (let j = 0; j < b.length; j++) if (b[j]! >= keys) keys = b[j]! + 1;
  const ca = new Int32Array(keys);
  const cb = new Int32Array(keys);
  for (let i = 0; i < a.length; i++) ca[a[i]!]!++;
  for (let j = 0; j < b.length; j++) cb[b[j]!]!++;
  let shared = 0;
  let excess = 0;
  for (let k = 0; k < keys; k++) {
    if (ca[k]! > 0 && cb[k]! > 0) shared++;
    excess += Math.abs(ca[k]! - cb[k]!);
  }
  return { shared, excess };
}
