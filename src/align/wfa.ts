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
 */
import type { WorkBudget } from './budget.js';
import type { IndexPair, ValueBuckets } from './types.js';
import { SeedBound, seedLength, valueSeedLength } from './wfa-seeds.js';

/** Integer costs of the wavefront aligner (see `wfaCostsFrom`). */
export interface WfaCosts {
  /** A pair of different keys (> 0). */
  readonly mismatch: number;
  /** A pair of the same key whose values do not match (0 ≤ valueMismatch ≤ mismatch). */
  readonly valueMismatch: number;
  /** The first event of a run of unpaired events (≥ gapExtend). */
  readonly gapOpen: number;
  /** Each further event of the run (> 0). */
  readonly gapExtend: number;
}

/** Tuning knobs of `wfaAlign` (tests and benchmarks); they never change the result. */
export interface WfaTuning {
  /**
   * Wavefront cells (three 32-bit integers each) kept before switching to checkpoints.
   * @default 2^24
   */
  readonly maxCells?: number;
  /** Scores per checkpoint block (tests); by default √(s·R) once checkpoints are needed. */
  readonly blockScores?: number;
  /**
   * Half-width of the band of diagonals a checkpoint block is recomputed in (tests); by default
   * wide enough for every question the traceback can ask in that block. Too narrow only costs
   * reloads over every diagonal, never a different result.
   */
  readonly bandHalfWidth?: number;
  /**
   * Half-width (beyond the diagonals between start and end) of the band of a first, cheap pass
   * that runs only when the bound is large: its optimum is the cost of an alignment inside the
   * band, so it can only tighten `upperBound` (which prunes the full pass). 0 skips it. It never
   * changes the result. @default 64
   */
  readonly boundBand?: number;
  /**
   * Events per seed of the heuristic that drops wavefront cells lying on no optimal alignment
   * (`./wfa-seeds.ts`; it needs the bound pass). 0 turns it off. It never changes the result.
   * @default from the entropy of the pred keys (`seedLength`), or of keys and value buckets when
   *   those are given (`valueSeedLength`)
   */
  readonly seedLength?: number;
  /**
   * Strips of diagonals the first pass adds on each side of its band (`boundBand`), tried in
   * order, so that when a check on its result passes (`Wavefronts.certified`) its alignment is
   * provably the optimal one and the full pass is skipped (a strip that fails leads to the next,
   * unless that pass has begun recording the seeds). `[]` turns the check off (the full pass
   * always runs). They never change the result. @default `[16, 64, 256]` when the counted seeds
   * outweigh the upper bound 5 times, `[32, 64, 256]` when 2 times, `[64, 128, 256]` when half
   * of it, else `[]`
   */
  readonly certifyStrips?: readonly number[];
  /**
   * Whether that check counts, for an excursion that stays within D diagonals of the band, the
   * seeds whose occurrences on its side all lie farther than D (tests: `false` counts only those
   * with none on that side). It never changes the result. @default true
   */
  readonly seedReaches?: boolean;
  /** Counters the aligner adds to (tests and benchmarks). */
  readonly stats?: WfaStats;
}

/** What a run of the wavefront aligner did (see `WfaTuning.stats`). */
export interface WfaStats {
  /** Wavefront cells computed: the bound pass, the forward pass and the traceback's recomputations. */
  cells: number;
  /** Checkpoint blocks the traceback recomputed in a band of diagonals around its path. */
  bandedLoads: number;
  /** Checkpoint blocks recomputed over every diagonal. */
  fullLoads: number;
  /** Wavefront cells the seed heuristic dropped from the ends of the forward pass's wavefronts (optional counter). */
  pruned?: number;
  /** Alignments the bound pass proved optimal, so that no full pass ran (optional counter). */
  certified?: number;
}

function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** Largest score the wavefront aligner accepts (scores index arrays). */
const MAX_SCORE = 1 << 28;

/** Largest reduced mismatch / gap-open cost the wavefronts take (see `wfaCostsFrom`). */
export const MAX_UNIT_COST = 1024;

/**
 * The costs in the form `wfaAlign` needs, or `undefined` when the wavefront algorithm does not
 * apply: every cost must be a non-negative integer (callers scale rational costs first), the gap
 * costs and `mismatch` positive, `gapOpen ≥ gapExtend` and `valueMismatch ≤ mismatch`. A common
 * factor is divided out (e.g. 2, 6, 4, 2 → 1, 3, 2, 1), which changes no comparison. Costs whose
 * reduced mismatch or gap-open exceeds `MAX_UNIT_COST` are left to the DP as well.
 */
export function wfaCostsFrom(c: WfaCosts): WfaCosts | undefined {
  const all = [c.mismatch, c.valueMismatch, c.gapOpen, c.gapExtend];
  if (!all.every((x) => Number.isSafeInteger(x) && x >= 0 && x <= MAX_SCORE)) return undefined;
  if (
    c.mismatch <= 0 ||
    c.gapExtend <= 0 ||
    c.gapOpen < c.gapExtend ||
    c.valueMismatch > c.mismatch
  )
    return undefined;
  const g = all.reduce(gcd);
  // The wavefronts advance one score unit at a time: costs that reduce to large integers (a
  // scaled 2^-15 or 0.000001 next to 5) would mean millions of near-empty steps, so such costs go
  // to the DP, which is exact for them and whose time does not depend on the cost values.
  if (Math.max(c.mismatch, c.gapOpen) / g > MAX_UNIT_COST) return undefined;
  return {
    mismatch: c.mismatch / g,
    valueMismatch: c.valueMismatch / g,
    gapOpen: c.gapOpen / g,
    gapExtend: c.gapExtend / g,
  };
}

/** "No such point": far below any row, and still negative after a few increments. */
const NONE = -0x40000000;

/** A cost above every score (edge cells the certifying pass never reached). */
const INF = 0x3fffffff;

/**
 * The wavefronts of one score, diagonals `lo..hi`: diagonal k's H at `buf[h + k − lo]`, its D at
 * `buf[d + k − lo]` and its I at `buf[i + k − lo]` (d = i = h when only H is computed,
 * `stepLinear`). Wavefronts share large buffers (`Wavefronts.alloc`): a typed array per wavefront
 * costs an allocation and a collection per score, a measurable share of the forward pass
 * (bench/RESULTS.md, "Tuning constants"). A class, not
 * object literals: V8 tracks where literals are made, and once it decides that those made in the
 * step live long (they do), it throws the compiled step away.
 */
class Wave {
  constructor(
    readonly lo: number,
    readonly hi: number,
    readonly buf: Int32Array,
    readonly h: number,
    readonly d: number,
    readonly i: number,
  ) {}
}

// Bounds that are small integers (2^30 is not one in V8): a wave's `lo` stays an integer field.
const EMPTY = new Wave(INF, -INF, new Int32Array(0), 0, 0, 0);

/** Size of the buffers wavefronts are cut from (Int32 cells), unless one wavefront needs more. */
const CHUNK = 1 << 18;

/** A copy of `w` in a buffer of its own. */
function detached(w: Wave): Wave {
  const width = w.hi - w.lo + 1;
  if (w.d === w.h && w.i === w.h)
    return new Wave(w.lo, w.hi, w.buf.slice(w.h, w.h + width), 0, 0, 0);
  const buf = new Int32Array(3 * width);
  buf.set(w.buf.subarray(w.h, w.h + width), 0);
  buf.set(w.buf.subarray(w.d, w.d + width), width);
  buf.set(w.buf.subarray(w.i, w.i + width), 2 * width);
  return new Wave(w.lo, w.hi, buf, 0, width, 2 * width);
}

/**
 * Optimal alignment of `a` (gt keys) with `b` (pred keys) under `costs` (from `wfaCostsFrom`;
 * same units as `upperBound`), with the tie-break of the module comment. `valuesMatch(i, j)` is
 * asked only for pairs of equal keys, at most once per pair by the forward pass; absent, equal keys
 * match. `upperBound` must be the cost of some alignment (it prunes; `Infinity` disables that).
 */
export function wfaAlign(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound: number,
  tuning: WfaTuning = {},
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
): IndexPair[] {
  return wfaAlignScored(a, b, costs, valuesMatch, upperBound, tuning, buckets, guide, budget).pairs;
}

/** `wfaAlign`'s alignment and its cost (the optimum, in the units of `costs`). */
export function wfaAlignScored(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound: number,
  tuning: WfaTuning = {},
  buckets?: () => ValueBuckets | undefined,
  guide?: { readonly lo: number; readonly hi: number },
  budget?: WorkBudget,
): { readonly pairs: IndexPair[]; readonly cost: number } {
  const first = firstPass(
    reversedInput(a, b),
    costs,
    valuesMatch,
    upperBound,
    tuning,
    buckets,
    guide,
    budget,
  );
  if (first.alignment !== undefined) return { pairs: first.alignment, cost: first.bound };
  const full = new Wavefronts(first.input, costs, valuesMatch, first.bound, tuning, {
    prune: first.seeds,
    budget,
  });
  const pairs = full.align();
  return { pairs, cost: full.optimum() };
}

/** Both key sequences reversed (the wavefronts run from their ends), with their value buckets when known. */
interface Reversed {
  /** `A[i] = a[n − 1 − i]`, `B[j] = b[m − 1 − j]`. */
  readonly A: Int32Array;
  readonly B: Int32Array;
  /** Value buckets, reversed the same way: pairs whose buckets are > 2 apart do not match, without asking. */
  readonly buckets?: { readonly gt: Float64Array; readonly pred: Float64Array } | undefined;
}

/** Reversed copy. */
function reversed<T extends Int32Array | Float64Array>(v: T): T {
  const out = v.slice() as T;
  out.reverse();
  return out;
}

function reversedInput(a: Int32Array, b: Int32Array): Reversed {
  return { A: reversed(a), B: reversed(b) };
}

/** What a run of the wavefronts is, beside the alignment problem itself (all optional: a full pass). */
interface Pass {
  /** Only these diagonals (a first pass, `firstPass`); `forward` then returns −1 past the bound. */
  readonly band?: { readonly lo: number; readonly hi: number };
  /** Full pass: the heuristic recorded by the first pass, which drops cells on no optimal alignment. */
  readonly prune?: SeedBound | undefined;
  /** First pass: the seed heuristic it records into (`record`). */
  readonly recorder?: SeedBound | undefined;
  /**
   * Certifying first pass: the inner band (within `band`) whose edges `certified` checks (the seeds
   * are recorded on it). Every cost the pass computes is then exact for its band.
   */
  readonly edges?: { readonly lo: number; readonly hi: number } | undefined;
  /** The default aligner's work budget: the forward pass spends a cell per wavefront cell (`./budget.ts`). */
  readonly budget?: WorkBudget | undefined;
}

/** Every alignment costs at most this: all pairs mismatching plus the leftover as one run. */
function trivialBound(n: number, m: number, costs: WfaCosts): number {
  return (
    Math.min(n, m) * costs.mismatch +
    (n === m ? 0 : costs.gapOpen + (Math.abs(n - m) - 1) * costs.gapExtend)
  );
}

/**
 * The first pass, in a band of diagonals: the alignment itself when it can be proved optimal (see
 * below), else `upperBound` or the cost of the best alignment inside the band when that is lower.
 * The full pass keeps the diagonals from which the end is still reachable within the bound, so its
 * work grows with about bound²; a quick greedy bound can be 20 % above the optimum
 * (three channels with toggling values: 40 % more wavefront cells), while the band pass costs
 * about bound × (band width) cells and, on traces that differ by local edits, usually finds the
 * optimum itself. Run only when the bound is large against the band. The band pass also records
 * where it reached the seeds' occurrences: `seeds`, the heuristic that prunes the full pass (its
 * seeds compare value buckets too when they are given, the values matter and that keeps seeds short).
 *
 * The band pass runs `certifyStrips` diagonals wider than `boundBand` on each side and keeps its
 * wavefronts: when `Wavefronts.certified` proves that every alignment leaving its band costs more
 * than its optimum, its own traceback is the answer (`alignment`) and no full pass runs.
 */
function firstPass(
  input: Reversed,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound: number,
  tuning: WfaTuning,
  valueBuckets: (() => ValueBuckets | undefined) | undefined,
  guide: { readonly lo: number; readonly hi: number } | undefined,
  budget: WorkBudget | undefined,
): {
  readonly bound: number;
  readonly seeds?: SeedBound | undefined;
  /** `input` with the value buckets when they were asked for (the full pass uses them too). */
  readonly input: Reversed;
  readonly alignment?: IndexPair[];
} {
  const n = input.A.length;
  const m = input.B.length;
  const bound = Math.min(upperBound, trivialBound(n, m, costs));
  // The band: `boundBand` (default 64) diagonals around 0 … m − n, or `GUIDED_HALF` around the guide's
  // diagonals when that is narrower (a guide that wandered far is no help). The guide in the
  // wavefronts' coordinates: reversed sequences, so original diagonal d is m − n − d.
  const delta = m - n;
  const plain = Math.max(0, Math.floor(tuning.boundBand ?? 64));
  let half = plain;
  let glo = Math.min(0, delta);
  let ghi = Math.max(0, delta);
  if (guide !== undefined && tuning.boundBand === undefined) {
    const lo = Math.min(glo, delta - guide.hi);
    const hi = Math.max(ghi, delta - guide.lo);
    if (hi - lo + 2 * GUIDED_HALF < ghi - glo + 2 * plain) [glo, ghi, half] = [lo, hi, GUIDED_HALF];
  }
  if (half === 0 || bound < 8 * (2 * half + 1 + ghi - glo)) return { bound: upperBound, input };
  const inner = { lo: glo - half, hi: ghi + half };
  const vb = valuesMatch !== undefined && costs.valueMismatch > 0 ? valueBuckets?.() : undefined;
  const full: Reversed =
    vb === undefined
      ? input
      : { ...input, buckets: { gt: reversed(vb.gt), pred: reversed(vb.pred) } };
  // Entropies and windows do not depend on the direction: the reversed sequences serve.
  const byValue = full.buckets === undefined ? 0 : valueSeedLength(full.B, full.buckets.pred);
  const len =
    tuning.seedLength !== undefined
      ? Math.max(0, Math.floor(tuning.seedLength))
      : byValue > 0
        ? byValue
        : seedLength(full.B);
  const seeds =
    len > 0 && n >= len
      ? new SeedBound(full.A, full.B, len, inner, costs, byValue > 0 ? full.buckets : undefined)
      : undefined;
  // The check needs the counted seeds to weigh about as much as what the alignment costs
  // (`CERTIFY_MARGIN`); when they cannot, the wide band and its kept wavefronts would be wasted,
  // and a narrow band pass only tightens the bound.
  const counted =
    seeds === undefined ? 0 : (seeds.countedBefore().at(-1) as number) * seeds.perSeed;
  // Strips to try, narrowest first: those asked for; else, the more the seeds outweigh the bound,
  // the narrower the first one (fewer cells), with wider ones if that proof fails. 0: no proof.
  const asked = tuning.certifyStrips?.map((x) => Math.max(0, Math.floor(x))).filter((x) => x > 0);
  const strips =
    asked !== undefined
      ? asked.length > 0
        ? asked
        : [0]
      : counted >= STRONGEST_SEEDS * bound
        ? [NARROWEST_STRIP, STRIP, WIDEST_STRIP]
        : counted >= STRONG_SEEDS * bound
          ? [NARROW_STRIP, STRIP, WIDEST_STRIP]
          : counted >= CERTIFY_MARGIN * bound
            ? [STRIP, 2 * STRIP, WIDEST_STRIP]
            : [0];
  let limit = bound;
  for (let i = 0; ; i++) {
    const strip = strips[i]!;
    const certify = strip > 0;
    const pass = new Wavefronts(
      full,
      costs,
      valuesMatch,
      limit,
      certify ? tuning : { maxCells: 0, stats: tuning.stats },
      {
        band: certify ? { lo: inner.lo - strip, hi: inner.hi + strip } : inner,
        recorder: seeds,
        edges: certify ? inner : undefined,
        budget,
      },
    );
    const inBand = pass.forward();
    if (inBand >= 0 && certify && pass.certified()) {
      if (tuning.stats !== undefined) tuning.stats.certified = (tuning.stats.certified ?? 0) + 1;
      return { bound: inBand, input: full, alignment: pass.traceback() };
    }
    if (inBand >= 0) limit = Math.min(limit, inBand);
    // A wider strip next, unless this pass has begun recording the seeds (it went into checkpoint
    // mode): a second pass cannot record into them again.
    if (i === strips.length - 1 || pass.recording()) {
      // Scores recorded before the pass gave up are still costs of paths to those cells.
      return { bound: Math.min(limit, upperBound), seeds: pass.recorded(), input: full };
    }
  }
}

/**
 * `Wavefronts.certified` on one edge diagonal of the inner band: whether every far excursion X that
 * leaves it at row e and comes back at row x > e (rows `rows.from` … `rows.to`, g = `cost`, the band's
 * best cost of each row's cell there, capped at `cap`) costs more than g(x) − g(e) + slack.
 *
 * A lower bound on cost(X), for any reach D ≥ strip: X goes more than D diagonals past the edge
 * (≥ 2·(D + 1)·gapExtend for the way out and back), or it stays within D of it and then cannot pair
 * a seed whose occurrences on this side all lie farther than D (`counts[i]`, the prefix counts
 * for `reaches[i]`): each such seed whose rows it covers costs ≥ `per`, beside the gap that leaves
 * (gapExtend). A pair (e, x) with Δ = g(x) − g(e) + slack needs the far bound 2·(strip + 1)·ext > Δ,
 * or, for the smallest listed reach D with 2·(D + 1)·ext > Δ (the last reach is unbounded), more
 * than Δ from its seeds: per·(c(⌊x/len⌋) − c(⌈e/len⌉)) + ext > Δ. (A larger reach than needed
 * only counts fewer seeds: the check is sound for any list, just less often passed.)
 *
 * g never decreases along the diagonal, so for each x the e of each reach form a window of rows
 * that only moves forward with x: one scan per reach, whose monotone queue keeps the window's
 * maximum of per·c(⌈e/len⌉) − g(e). O(rows · reaches). Exported for its tests.
 */
export function edgeHolds(
  cost: Int32Array,
  rows: { readonly from: number; readonly to: number },
  cap: number,
  c: { readonly slack: number; readonly ext: number; readonly strip: number },
  per: number,
  len: number,
  reaches: readonly number[],
  counts: readonly Int32Array[],
): boolean {
  const { slack, ext } = c;
  const { from: r0, to: r1 } = rows;
  if (r1 <= r0) return true;
  // Everything the scans need comes first: a loop that V8 compiles on the fly is followed here by
  // nothing that asks for type feedback it could not have had (the loops run once per call).
  const g = new Int32Array(r1 - r0 + 1);
  const queue = new Int32Array(g.length);
  const value = new Float64Array(g.length);
  let from = 2 * (c.strip + 1) * ext;
  if (!cappedRising(cost, r0, cap, g)) return false;
  // Level i holds the exits e with T[i] ≤ Δ < T[i + 1], T[0] the far bound; the levels do not
  // interact, so each is one scan of its own, with its state in locals (the check with reaches
  // took about a third less time than when it stepped every level per row).
  for (let i = 0; i < reaches.length; i++) {
    // Δ never exceeds cap + slack: a level that starts above it holds no exit, nor do those after it.
    if (from > cap + slack) return true;
    // The last level is never left (every Δ from its lower bound on).
    const reach = i === reaches.length - 1 ? Infinity : (reaches[i] as number);
    const to = reach === Infinity ? Infinity : 2 * (reach + 1) * ext;
    if (!levelHolds(g, r0, slack, ext, per, len, from, to, counts[i]!, queue, value)) return false;
    from = to;
  }
  return true;
}

/**
 * g of rows r0 … r0 + g.length − 1 (at index r − r0) into `g`: `cost` capped at `cap`; false if it
 * decreases anywhere (g never decreases along a diagonal: refuse rather than trust it).
 */
function cappedRising(cost: Int32Array, r0: number, cap: number, g: Int32Array): boolean {
  let last = NONE; // below every cost (−Infinity would be an operation needing type feedback)
  for (let i = 0; i < g.length; i++) {
    const v = Math.min(cost[r0 + i] as number, cap);
    if (v < last) return false;
    g[i] = v;
    last = v;
  }
  return true;
}

/**
 * One level of `edgeHolds`: the exits e with `from` ≤ Δ < `to` (Δ = g(x) − g(e) + slack), each
 * needing its counted seeds `cnt` (prefix counts) to outweigh Δ. `g`: the capped costs of rows
 * r0, r0 + 1, … (never decreasing). `queue`/`value`: scratch as long as `g`, a monotone queue of
 * exits (their indices in `g`, and their values, decreasing from the head; values are integers,
 * but per·count can pass 2^31).
 */
function levelHolds(
  g: Int32Array,
  r0: number,
  slack: number,
  ext: number,
  per: number,
  len: number,
  from: number,
  to: number,
  cnt: Int32Array,
  queue: Int32Array,
  value: Float64Array,
): boolean {
  const last = cnt.length - 1;
  const bounded = to !== Infinity;
  // p: the first exit whose Δ is below `from` (all before it have Δ ≥ `from`); never past x.
  let p = 0;
  let h = 0;
  let b = 0;
  for (let x = 1; x < g.length; x++) {
    const gx = g[x] as number;
    // Exits now at Δ ≥ `from` join; those at Δ ≥ `to` have left (dropped when they reach the head).
    const limit = gx + slack - from;
    for (; p < x; p++) {
      const gp = g[p] as number;
      if (gp > limit) break;
      const t = ((r0 + p + len - 1) / len) | 0; // ⌈row / len⌉
      const v = per * (cnt[t < last ? t : last] as number) - gp;
      while (b > h && (value[b - 1] as number) <= v) b--;
      queue[b] = p;
      value[b++] = v;
    }
    if (bounded) {
      const leave = gx + slack - to;
      while (h < b && (g[queue[h] as number] as number) <= leave) h++;
    }
    if (h < b) {
      const t = ((r0 + x) / len) | 0; // ⌊row / len⌋
      // Some exit e needs more than the excursion can be shown to cost.
      if ((value[h] as number) >= per * (cnt[t < last ? t : last] as number) - gx - slack + ext)
        return false;
    }
  }
  return true;
}

/** Half-width of the band around a guide's diagonals (`firstPass`). */
const GUIDED_HALF = 8;

/** Diagonals a certifying first pass adds on each side of its band (`WfaTuning.certifyStrips`). */
const STRIP = 64;

/**
 * Narrower strips tried first when the seeds outweigh the bound by `STRONG_SEEDS` (`STRONGEST_SEEDS`):
 * the stronger the seeds, the narrower a strip that still proves; the thresholds are those at which
 * the narrower strip proved on the bench pairs (bench/RESULTS.md, "Tuning constants").
 */
const NARROW_STRIP = 32;
const STRONG_SEEDS = 2;
const NARROWEST_STRIP = 16;
const STRONGEST_SEEDS = 5;

/**
 * The widest strip tried, after the others failed: a pass costs about (bound × its band's width)
 * cells, little beside the full pass that follows a failure, and a wider strip often proves where
 * a narrow one did not (bench/RESULTS.md, "Tuning constants").
 */
const WIDEST_STRIP = 256;

/**
 * How much the counted seeds must outweigh the bound for the certifying pass to be tried (a pass
 * that fails records the seeds for the full pass as the narrow bound pass would): below it the
 * proof rarely holds (the ratios measured: bench/RESULTS.md, "Tuning constants").
 */
const CERTIFY_MARGIN = 0.5;

/**
 * `Wavefronts.step` on the diagonals `lo … hi` outside [skipLo, skipHi] (where every source is
 * present, done by `step` itself): each source tested for the diagonal it would be read at. A
 * function of its own, compiled apart: these few cells take paths the others rarely do, and a path
 * first taken after the JIT compiled the step would throw that code away. Extensions that must
 * ask for values go to `todo` (returns its new length).
 *
 * `stepLinear` uses it too (`hOnly`: only H is written; its waves' D and I are their H, and
 * `wo` = `we` is the wave a gap extends): D and I then start from H of s − 1 and take the same gap
 * candidates, so H comes out as that step's own recurrence gives it.
 */
function edgeCells(
  A: Int32Array,
  B: Int32Array,
  n: number,
  m: number,
  vm: boolean,
  lo: number,
  hi: number,
  skipLo: number,
  skipHi: number,
  out: Int32Array,
  at: number,
  width: number,
  prev: Wave,
  wo: Wave,
  we: Wave,
  wx: Wave,
  wv: Wave,
  withV: boolean,
  todo: Int32Array,
  nt: number,
  hOnly: boolean,
): number {
  const oD = at + width;
  const oI = at + 2 * width;
  const pB = prev.buf;
  const pH = prev.h;
  const pD = prev.d;
  const pI = prev.i;
  const plo = prev.lo;
  const pw = prev.hi - plo + 1;
  const oB = wo.buf;
  const oH = wo.h;
  const olo = wo.lo;
  const ow = wo.hi - olo + 1;
  const eB = we.buf;
  const eD = we.d;
  const eI = we.i;
  const elo = we.lo;
  const ew = we.hi - elo + 1;
  const xB = wx.buf;
  const xH = wx.h;
  const xlo = wx.lo;
  const xw = wx.hi - xlo + 1;
  const vB = wv.buf;
  const vH = wv.h;
  const vlo = wv.lo;
  const vw = withV ? wv.hi - vlo + 1 : 0;
  // A source wave's diagonal q is present when 0 ≤ q − lo < width; `(q >>> 0) < w` tests both
  // bounds (a negative q wraps high).
  const skip = skipLo <= skipHi ? skipLo : hi + 1;
  for (let k = lo, t = 0; k <= hi; k++, t++) {
    if (k === skip) {
      t += skipHi + 1 - k;
      k = skipHi + 1;
      if (k > hi) break;
    }
    // "≤ s": start from the wavefront of s − 1.
    let h = NONE;
    let d = NONE;
    let ins = NONE;
    let q = k - plo;
    if (q >>> 0 < pw) {
      h = pB[pH + q] as number;
      d = pB[pD + q] as number;
      ins = pB[pI + q] as number;
    }
    // D: a gt event left unpaired, from diagonal k + 1 (row + 1): opening after any operation
    // (H of s − gapOpen) or extending a run (D of s − gapExtend); the row must stay ≤ n.
    q = k + 1 - olo;
    if (q >>> 0 < ow) {
      const p = (oB[oH + q] as number) + 1;
      if (p > 0 && p <= n && p > d) d = p;
    }
    q = k + 1 - elo;
    if (q >>> 0 < ew) {
      const p = (eB[eD + q] as number) + 1;
      if (p > 0 && p <= n && p > d) d = p;
    }
    // I: a pred event left unpaired, from diagonal k − 1 (same row); the column must stay ≤ m.
    q = k - 1 - olo;
    if (q >>> 0 < ow) {
      const p = oB[oH + q] as number;
      if (p >= 0 && p + k <= m && p > ins) ins = p;
    }
    q = k - 1 - elo;
    if (q >>> 0 < ew) {
      const p = eB[eI + q] as number;
      if (p >= 0 && p + k <= m && p > ins) ins = p;
    }
    // Candidates: the better gap, then a pair that does not match after the furthest point of a
    // lower score (where the extend step stopped, so that pair is not a match): different keys
    // cost x, equal keys xv.
    let c = d > ins ? d : ins;
    q = k - xlo;
    if (q >>> 0 < xw) {
      const p = xB[xH + q] as number;
      if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] !== B[p + k]) c = p + 1;
    }
    q = k - vlo;
    if (q >>> 0 < vw) {
      const p = vB[vH + q] as number;
      if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] === B[p + k]) c = p + 1;
    }
    if (c > h) {
      // Extend along the diagonal while the pairs match; these cells were never compared.
      if (!vm) {
        while (c < n && c + k < m && A[c] === B[c + k]) c++;
      } else if (c < n && c + k < m && A[c] === B[c + k]) todo[nt++] = t;
      h = c;
    }
    out[at + t] = h;
    if (!hOnly) {
      out[oD + t] = d;
      out[oI + t] = ins;
    }
  }
  return nt;
}

/**
 * The extensions `step` (or `stepLinear`) left for last: from each listed diagonal's furthest
 * point (diagonal `lo + todo[u]`, row `out[at + todo[u]]`), while the pairs' keys and values
 * match. Apart from the step's loops so that the value test (the user's comparator) is compiled
 * here, not into them: a comparator path first taken after compilation would otherwise throw the
 * whole step away.
 */
function extendByValue(
  w: Wavefronts,
  A: Int32Array,
  B: Int32Array,
  n: number,
  m: number,
  lo: number,
  out: Int32Array,
  at: number,
  todo: Int32Array,
  nt: number,
): void {
  for (let u = 0; u < nt; u++) {
    const t = todo[u] as number;
    const k = lo + t;
    let c = out[at + t] as number;
    while (c < n && c + k < m && A[c] === B[c + k] && w.matches(c, c + k)) c++;
    out[at + t] = c;
  }
}

/** The optimal cost only (no traceback; only the last few wavefronts are kept). */
export function wfaCost(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound = Infinity,
): number {
  return new Wavefronts(reversedInput(a, b), costs, valuesMatch, upperBound, {
    maxCells: 0,
  }).forward();
}

class Wavefronts {
  /** Reversed keys: `A[i] = a[n − 1 − i]`. */
  private readonly A: Int32Array;
  private readonly B: Int32Array;
  private readonly n: number;
  private readonly m: number;
  private readonly x: number;
  private readonly xv: number;
  private readonly open: number;
  private readonly ext: number;
  /**
   * The value test (original indices), or undefined when equal keys always match; with the value
   * buckets of the reversed rows (`VA`, `VB`) when there are some. `matches` asks them: a method,
   * not a closure made per instance, so the JIT keeps one call target across alignments.
   */
  private readonly values: ((gtIndex: number, predIndex: number) => boolean) | undefined;
  private readonly VA: Float64Array | undefined;
  private readonly VB: Float64Array | undefined;
  private readonly bound: number;
  /** Wavefronts by score; entries are dropped (undefined) in checkpoint mode. */
  private readonly waves: (Wave | undefined)[] = [];
  /** Scores a step reads back: s − 1 … s − R + 1. */
  private readonly R: number;
  private readonly maxCells: number;
  private readonly blockScores: number | undefined;
  private K = 0;
  private cells = 0;
  private checkpointing = false;
  /** Scores of the block loaded by the traceback (checkpoint mode), [blockLo, blockHi]. */
  private blockLo = -1;
  private blockHi = -1;
  /** The optimal cost, once `forward` has run. */
  private best = -1;
  /**
   * Diagonals `step` may fill, else ±∞: the band of a bound pass (`firstPass`) for its whole
   * run, or a checkpoint block's band while the traceback recomputes it (`loadBlock`).
   */
  private clampLo = -Infinity;
  private clampHi = Infinity;
  /**
   * For a wavefront recomputed in a band: the diagonals on which its values are exact (`trustLo[s]`
   * … `trustHi[s]`); undefined for a wavefront computed over every diagonal.
   */
  private readonly trustLo: (number | undefined)[] = [];
  private readonly trustHi: number[] = [];
  private readonly stats: WfaStats | undefined;
  private readonly bandHalfWidth: number | undefined;
  /** Bound pass: the seed heuristic it records into. Full pass: the heuristic that trims its wavefronts. */
  private readonly recorder: SeedBound | undefined;
  private readonly seeds: SeedBound | undefined;
  /**
   * Certifying bound pass (`certified`): the inner band whose two edge diagonals it watches, and
   * per edge (0: `edges.lo`, 1: `edges.hi`) the best cost of each row's cell on it (`INF`: above
   * every score computed), filled up to row `edgeFilled[e]`.
   */
  private readonly edges: { readonly lo: number; readonly hi: number } | undefined;
  private readonly edgeCost: [Int32Array, Int32Array] | undefined;
  private readonly edgeFilled = [-1, -1];
  /**
   * Scratch for `step`: the diagonals whose extension waits for the value test (`todoFor`). Room
   * for a first pass's band from the start: had the first step grown it, it would have done so
   * before the JIT gathered feedback there, and every later pass's first step would throw the
   * compiled step away to grow its own.
   */
  private todo: Int32Array = new Int32Array(1024);
  /** The buffer new wavefronts are cut from (`alloc`) and how much of it is taken. */
  private chunk: Int32Array = new Int32Array(0);
  private used = 0;
  /** Scores whose wavefronts the recorder has seen (`record`). */
  private recordedUpTo = -1;
  /** `WfaTuning.seedReaches`. */
  private readonly seedReaches: boolean;
  /** Whether `step` drops diagonals from which the end is out of the bound's reach (not in a certifying pass: its costs must be exact). */
  private readonly reach: boolean;
  /** `Pass.budget`. */
  private readonly budget: WorkBudget | undefined;

  constructor(
    input: Reversed,
    costs: WfaCosts,
    valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
    upperBound: number,
    tuning: WfaTuning,
    pass: Pass = {},
  ) {
    const { A, B, buckets } = input;
    const n = A.length;
    const m = B.length;
    this.n = n;
    this.m = m;
    this.A = A;
    this.B = B;
    this.x = costs.mismatch;
    this.xv = costs.valueMismatch;
    this.open = costs.gapOpen;
    this.ext = costs.gapExtend;
    this.values = costs.valueMismatch === 0 ? undefined : valuesMatch;
    this.VA = this.values === undefined ? undefined : buckets?.gt;
    this.VB = this.values === undefined ? undefined : buckets?.pred;
    // Every alignment costs at most this: all pairs mismatching plus the leftover as one run.
    this.bound = Math.min(upperBound, trivialBound(n, m, costs));
    this.R = Math.max(costs.mismatch, costs.gapOpen) + 1;
    this.maxCells = tuning.maxCells ?? 2 ** 24;
    this.blockScores = tuning.blockScores;
    this.stats = tuning.stats;
    const { band, prune, recorder, edges, budget } = pass;
    this.budget = budget;
    if (band !== undefined) {
      this.clampLo = band.lo;
      this.clampHi = band.hi;
    }
    this.bandHalfWidth = tuning.bandHalfWidth;
    this.seedReaches = tuning.seedReaches ?? true;
    this.seeds = prune;
    this.recorder = recorder;
    this.edges = edges;
    this.reach = edges === undefined;
    if (edges !== undefined)
      this.edgeCost = [new Int32Array(n + 1).fill(INF), new Int32Array(n + 1).fill(INF)];
  }

  /** The bound pass's seed heuristic, ready for the full pass (after `forward`). */
  recorded(): SeedBound | undefined {
    this.recordUpTo(this.waves.length - 1);
    this.recorder?.finish();
    return this.recorder;
  }

  /**
   * Record where wavefront `w` (score `s`, not yet kept) reached the seeds' occurrences — a look at every
   * diagonal, as much work as the step itself. A certifying pass that keeps every wavefront defers
   * it: its alignment is usually proved optimal, and then nobody asks (`recorded` and
   * `startCheckpoints` catch up from the kept wavefronts, in score order).
   */
  private record(s: number, w: Wave): void {
    const recorder = this.recorder;
    if (recorder === undefined || (this.edges !== undefined && !this.checkpointing)) return;
    this.recordUpTo(s - 1);
    recorder.record(s, w.lo, w.hi, w.buf, w.h);
    this.recordedUpTo = s;
  }

  /** Whether `record` has begun (a certifying pass defers it until it checkpoints or gives up). */
  recording(): boolean {
    return this.recordedUpTo >= 0;
  }

  /** Record wavefronts up to score `s` not recorded yet. */
  private recordUpTo(s: number): void {
    const recorder = this.recorder;
    if (recorder === undefined) return;
    for (let t = this.recordedUpTo + 1; t <= s; t++) {
      const w = this.waves[t];
      if (w !== undefined && w !== EMPTY) recorder.record(t, w.lo, w.hi, w.buf, w.h);
    }
    if (s > this.recordedUpTo) this.recordedUpTo = s;
  }

  /** Certifying pass: the best cost of the rows of the inner band's edge diagonals that wavefront `w` (score `s`) reaches. */
  private recordEdges(s: number, w: Wave): void {
    const { edges, edgeCost, edgeFilled, n, m } = this;
    for (let e = 0; e < 2; e++) {
      const k = e === 0 ? edges!.lo : edges!.hi;
      if (k < w.lo || k > w.hi) continue;
      const row = Math.min(w.buf[w.h + k - w.lo] as number, n, m - k);
      const cost = edgeCost![e]!;
      for (let r = Math.max(edgeFilled[e]! + 1, -k, 0); r <= row; r++) cost[r] = s;
      if (row > edgeFilled[e]!) edgeFilled[e] = row;
    }
  }

  /**
   * Certifying bound pass, after `forward` reached the end: whether every alignment that leaves
   * the pass's band costs more than the optimum G found in it — then the band holds every optimal
   * alignment, and this pass's traceback is the answer (same tie-break). With `inner` the band the
   * pass was widened from (by `strip` diagonals a side) and g(c) the best cost of a cell c inside
   * the band (what the pass computes, capped at G + 1):
   *
   * Cut an alignment P that leaves the band into pieces: its *far excursions* X — maximal runs
   * outside `inner` that go beyond the band — and what lies between them (inside the band). A
   * piece from cell x to cell e inside the band costs ≥ g(e) − g(x) − (gapOpen − gapExtend) (a
   * band path to x followed by it reaches e; only a gap run continued across x can cost gapOpen
   * instead of gapExtend), the piece from the start costs ≥ g of its end, so
   * cost(P) ≥ G + Σ_X [cost(X) − (g(x) − g(e)) − (gapOpen − gapExtend)] for each X from e to x
   * (both on the same edge diagonal of `inner`, x on a later row). So it suffices that every
   * possible X costs more than g(x) − g(e) + gapOpen − gapExtend. A lower bound on cost(X):
   * - it goes more than `strip` diagonals past the edge and back: ≥ 2·(strip + 1)·gapExtend;
   * - for any reach D ≥ strip: either it goes more than D past the edge (≥ 2·(D + 1)·gapExtend),
   *   or it stays within D of it and then cannot pair a seed of the heuristic whose occurrences on
   *   its side of `inner` all lie farther than D (or that has none there): each such seed whose
   *   rows it covers costs ≥ perSeed on them, beside the gap that leaves
   *   (`SeedBound.countedWithin`; D unbounded: seeds with no occurrence on that side at all).
   * Short excursions are paid for by the strip, long ones by the seeds — counting, for those that
   * cannot go far cheaply, also the seeds whose only occurrences lie far away on that side.
   * Along a diagonal g never decreases, so the exits e that need a given reach form a window of
   * rows that only moves forward with x: one scan per edge and reach (`edgeHolds`).
   */
  certified(): boolean {
    const { edges, edgeCost, n, m, ext, open, best } = this;
    if (edges === undefined || edgeCost === undefined || best < 0) return false;
    const seeds = this.recorder;
    const per = seeds?.perSeed ?? 0;
    const len = seeds?.len ?? 1;
    for (let e = 0; e < 2; e++) {
      const k = e === 0 ? edges.lo : edges.hi;
      const outer = e === 0 ? this.clampLo : this.clampHi;
      // No diagonal beyond the band on this side: nothing can leave it there.
      if (e === 0 ? outer - 1 < -n : outer + 1 > m) continue;
      const strip = Math.abs(outer - k);
      const side = e === 0 ? 0 : 1;
      const rows = { from: Math.max(0, -k), to: Math.min(n, m - k) };
      const c = { slack: open - ext, ext, strip };
      // First with the seeds that have no occurrence on this side at all (one O(rows) scan; it
      // usually holds); then, if that fails, also with those whose occurrences there lie far off,
      // for reaches growing 4-fold from twice the strip's until they span the matrix.
      if (
        edgeHolds(
          edgeCost[e]!,
          rows,
          best + 1,
          c,
          per,
          len,
          [Infinity],
          [seeds?.countedWithin(side, Infinity) ?? new Int32Array(1)],
        )
      )
        continue;
      if (seeds === undefined || !this.seedReaches) return false;
      const reaches: number[] = [];
      for (let r = 2 * Math.max(1, strip); r < n + m; r *= 4) reaches.push(r);
      reaches.push(Infinity);
      const counts = reaches.map((r) => seeds.countedWithin(side, r));
      if (!edgeHolds(edgeCost[e]!, rows, best + 1, c, per, len, reaches, counts)) return false;
    }
    return true;
  }

  /** Whether wavefront `s` is kept for good in checkpoint mode (the R scores up to each multiple of K). */
  private permanent(s: number): boolean {
    return (s + this.R - 1) % this.K < this.R;
  }

  /**
   * Run the wavefronts from the end of both sequences until the start is reached; the optimal cost
   * (−1 in a bound pass whose band holds no path within the bound).
   */
  forward(): number {
    this.waves.length = 0;
    this.waves.push(this.start());
    this.record(0, this.waves[0]!);
    if (this.edgeCost !== undefined) this.recordEdges(0, this.waves[0]!);
    const s = this.advance();
    if (s >= 0) this.best = s;
    return s;
  }

  /**
   * `forward`'s loop, alone in its function with nothing after it but a return: V8 compiles it on
   * the fly and keeps that code for the next pass, and code after the loop would have had no
   * type feedback then (it runs once per pass), so every pass would fall back to the interpreter there.
   */
  private advance(): number {
    const { n, m } = this;
    const delta = m - n;
    let s = 0;
    for (;;) {
      const w = this.waves[s]!;
      if (delta >= w.lo && delta <= w.hi && (w.buf[w.h + delta - w.lo] as number) >= n) break;
      s++;
      // In a bound pass, R empty wavefronts in a row mean the band holds no path further on.
      const banded = this.clampLo !== -Infinity || this.clampHi !== Infinity;
      if (s > this.bound || (banded && s >= this.R && this.emptySince(s - this.R))) {
        if (banded) return -1; // nothing in the band within the bound
        throw new Error('wfa: the upper bound was not an alignment cost (internal error)');
      }
      let next = this.step(s);
      if (next !== EMPTY) {
        this.record(s, next);
        if (this.edgeCost !== undefined) this.recordEdges(s, next);
        if (this.seeds !== undefined) next = this.trim(s, next, this.seeds);
      }
      this.waves.push(next);
      if (next !== EMPTY) {
        this.cells += next.hi - next.lo + 1;
        this.budget?.spend(next.hi - next.lo + 1);
      }
      if (!this.checkpointing && this.cells > this.maxCells) this.startCheckpoints(s);
      if (this.checkpointing) {
        const old = s - this.R;
        if (old >= 0 && !this.permanent(old)) this.waves[old] = undefined;
      }
    }
    return s;
  }

  /**
   * Wavefront `w` of score `s` without the cells at its two ends that the seed heuristic shows to
   * lie on no alignment within the bound (views of the same buffer: the ends grow by a cell or two
   * per step, so there is little to free). Only the forward pass trims: recomputed blocks keep
   * every cell, which can only make the traceback's answers exact where they were pruned — never
   * wrong for a cell of an optimal alignment.
   */
  private trim(s: number, w: Wave, seeds: SeedBound): Wave {
    const { buf, h, d, i } = w;
    const bound = this.bound;
    const row = (t: number): number =>
      Math.max(buf[h + t] as number, buf[d + t] as number, buf[i + t] as number);
    let lo = w.lo;
    let hi = w.hi;
    while (lo <= hi && seeds.prunes(s, lo, row(lo - w.lo), bound)) lo++;
    while (hi >= lo && seeds.prunes(s, hi, row(hi - w.lo), bound)) hi--;
    if (lo === w.lo && hi === w.hi) return w;
    if (this.stats !== undefined)
      this.stats.pruned = (this.stats.pruned ?? 0) + (w.hi - w.lo + 1) - Math.max(0, hi - lo + 1);
    if (lo > hi) return EMPTY;
    const a = lo - w.lo;
    return new Wave(lo, hi, buf, h + a, d + a, i + a);
  }

  /** Whether the wavefronts of scores `from` … `from + R − 1` are all empty (none dropped yet). */
  private emptySince(from: number): boolean {
    for (let t = from; t < from + this.R; t++) if (this.waves[t] !== EMPTY) return false;
    return true;
  }

  /**
   * Room for `size` cells in `this.chunk`; returns where they start. Wavefronts are cut from shared
   * buffers while every one is kept; in checkpoint mode, which frees them one by one, each gets its own.
   */
  private alloc(size: number): number {
    if (this.checkpointing) {
      this.chunk = new Int32Array(size);
      this.used = size;
      return 0;
    }
    if (this.used + size > this.chunk.length) {
      // Small at first, then doubling up to CHUNK: an alignment that needs few cells allocates
      // little, and the JIT sees this branch taken before it compiles `step` (a first refill after
      // that would throw the compiled step away).
      this.chunk = new Int32Array(Math.max(Math.min(CHUNK, 2 * this.chunk.length + 1024), size));
      this.used = 0;
    }
    const at = this.used;
    this.used += size;
    return at;
  }

  /** `todo`, with room for `width` diagonals. */
  private todoFor(width: number): Int32Array {
    if (this.todo.length < width) this.todo = new Int32Array(Math.max(2 * width, 256));
    return this.todo;
  }

  /** Switch to checkpoint mode at score `s`: drop every earlier wavefront a checkpoint does not need. */
  private startCheckpoints(s: number): void {
    this.recordUpTo(s); // before the wavefronts that recording would read are dropped
    this.checkpointing = true;
    const est = Math.max(s, Math.min(this.bound, 4 * s));
    this.K = Math.max(2 * this.R + 1, this.blockScores ?? Math.ceil(Math.sqrt(est * this.R)));
    for (let t = 0; t <= s - this.R; t++) if (!this.permanent(t)) this.waves[t] = undefined;
    // The kept ones move to buffers of their own, so that the shared ones can be collected.
    for (let t = 0; t <= s; t++) {
      const w = this.waves[t];
      if (w !== undefined && w !== EMPTY) this.waves[t] = detached(w);
    }
  }

  /**
   * The wavefront of score `s` (scores < 0 are empty). `k`: the diagonal the traceback is about to
   * read — a block that must be recomputed for it is recomputed in a band around `k`, and a banded
   * wavefront that is not exact on `k` is recomputed over every diagonal.
   */
  private wave(s: number, k?: number): Wave {
    if (s < 0) return EMPTY;
    let w = this.waves[s];
    if (w === undefined || (k !== undefined && !this.trusted(s, k))) {
      this.loadBlock(s, w === undefined ? k : undefined);
      // A band narrower than the block's span (only `WfaTuning.bandHalfWidth` makes one) need not be
      // exact on `k` itself: then the block is recomputed over every diagonal.
      if (k !== undefined && !this.trusted(s, k)) this.loadBlock(s);
      w = this.waves[s]!;
    }
    return w;
  }

  /** Whether wavefront `s` is exact on diagonal `k` (always, unless it was recomputed in a band). */
  private trusted(s: number, k: number): boolean {
    const lo = this.trustLo[s];
    return lo === undefined || (k >= lo && k <= (this.trustHi[s] as number));
  }

  /**
   * Checkpoint mode: recompute the block of scores containing `s` (from the permanent wavefronts
   * below it) and free the previously loaded block. The traceback moves down in score, so each
   * block is loaded about once.
   *
   * With `k` (the traceback's diagonal) only a band of diagonals around `k` is recomputed: within
   * one block the traceback spends at most `span` = K + 2R score units, so its diagonal moves by at
   * most (span + gapOpen) / gapExtend; and a value at diagonal d of score t depends only on
   * diagonals within t − base of d at the checkpoint scores (a step to a neighbouring diagonal
   * costs ≥ 1), so wavefront t of a band [cl, ch] is exact on [cl + (t − base) + 1, ch − (t − base) − 1]
   * (`trustLo`/`trustHi`). That costs about K·4K cells per block instead of K·(width of the
   * wavefronts); a question outside the exact part reloads the block over every diagonal.
   */
  private loadBlock(s: number, k?: number): void {
    const { K, R, n, m } = this;
    const c = Math.floor(s / K);
    for (let t = this.blockLo; t >= 0 && t <= this.blockHi; t++) {
      if (!this.permanent(t)) this.waves[t] = undefined;
      this.trustLo[t] = undefined;
    }
    const base = c * K;
    this.blockLo = base + 1;
    // The traceback asks scores up to (its target) + gapOpen, and its target stays below the
    // triggering score + mismatch: 2R above the block covers every later question.
    this.blockHi = Math.min(this.best, (c + 1) * K + 2 * R);
    const span = this.blockHi - base;
    // In a banded pass (a certifying bound pass) the block's band lies within the pass's own: the
    // pass's band edges are the problem's edges there, so values next to them are exact.
    const outerLo = this.clampLo;
    const outerHi = this.clampHi;
    let cl = -Infinity;
    let ch = Infinity;
    if (k !== undefined) {
      const half = this.bandHalfWidth ?? Math.ceil((span + this.open) / this.ext) + span + 4;
      if (k - half > Math.max(-n, outerLo)) cl = k - half;
      if (k + half < Math.min(m, outerHi)) ch = k + half;
    }
    if (this.stats !== undefined) {
      if (cl === -Infinity && ch === Infinity) this.stats.fullLoads++;
      else this.stats.bandedLoads++;
    }
    this.clampLo = Math.max(cl, outerLo);
    this.clampHi = Math.min(ch, outerHi);
    try {
      for (let t = this.blockLo; t <= this.blockHi; t++) {
        if (this.waves[t] !== undefined) continue; // a permanent wavefront (exact everywhere)
        this.waves[t] = this.step(t);
        if (cl !== -Infinity || ch !== Infinity) {
          this.trustLo[t] = cl === -Infinity ? -Infinity : cl + (t - base) + 1;
          this.trustHi[t] = ch === Infinity ? Infinity : ch - (t - base) - 1;
        }
      }
    } finally {
      this.clampLo = outerLo;
      this.clampHi = outerHi;
    }
  }

  /**
   * The wavefront of score 0: the matches from the start, on diagonal 0. Not in `step`: run once
   * per pass, it would leave that hot loop's compiled code without feedback for it.
   */
  private start(): Wave {
    const { A, B, n, m } = this;
    const vm = this.values !== undefined;
    let p = 0;
    while (p < n && p < m && A[p] === B[p] && (!vm || this.matches(p, p))) p++;
    return new Wave(0, 0, Int32Array.of(p, NONE, NONE), 0, 1, 2);
  }

  /** Compute the wavefront of score `s` from those of scores s − 1 … s − R + 1. */
  private step(s: number): Wave {
    const { A, B, n, m, x, xv, open, ext } = this;
    const vm = this.values !== undefined;
    const delta = m - n;
    if (s === 0) return this.start();
    if (open === ext) return this.stepLinear(s);
    const prev = this.wave(s - 1);
    const wx = this.wave(s - x);
    const wv = xv > 0 ? this.wave(s - xv) : EMPTY;
    const wo = this.wave(s - open);
    const we = this.wave(s - ext);
    let lo = Math.min(prev.lo, wx.lo, wv.lo, wo.lo - 1, we.lo - 1);
    let hi = Math.max(prev.hi, wx.hi, wv.hi, wo.hi + 1, we.hi + 1);
    // Diagonals that exist, and from which the end diagonal is reachable within the bound.
    const reach = this.reach ? Math.floor((this.bound - s) / ext) : Infinity;
    lo = Math.max(lo, -n, delta - reach, this.clampLo);
    hi = Math.min(hi, m, delta + reach, this.clampHi);
    if (lo > hi) return EMPTY;
    const width = hi - lo + 1;
    if (this.stats !== undefined) this.stats.cells += width;
    const at = this.alloc(3 * width);
    const out = this.chunk;
    const oD = at + width;
    const oI = at + 2 * width;
    // Every cell is written (here or by `edgeCells`), so no fill.
    // First the diagonals [mLo, mHi] where every source wavefront is present (most of them, once
    // the wavefronts span the band): the computation of `edgeCells` (whose comments explain it)
    // without range tests and with each source read at one offset — about a fifth less time per
    // cell. (Shared per-cell helpers measured 15–18 % slower on these loops, hence the copies.)
    const withV = xv > 0 && wv.hi >= wv.lo;
    const todo = this.todoFor(width);
    let nt = 0;
    const mLo = Math.max(lo, prev.lo, wo.lo + 1, we.lo + 1, wx.lo, withV ? wv.lo : lo);
    const mHi = Math.min(hi, prev.hi, wo.hi - 1, we.hi - 1, wx.hi, withV ? wv.hi : hi);
    if (mLo <= mHi) {
      const pB = prev.buf;
      const oB = wo.buf;
      const eB = we.buf;
      const xB = wx.buf;
      const vB = wv.buf;
      const hP = prev.h - prev.lo;
      const dP = prev.d - prev.lo;
      const iP = prev.i - prev.lo;
      const hO = wo.h - wo.lo;
      const dE = we.d - we.lo;
      const iE = we.i - we.lo;
      const hX = wx.h - wx.lo;
      const hV = wv.h - wv.lo;
      for (let k = mLo, t = mLo - lo; k <= mHi; k++, t++) {
        let h = pB[hP + k] as number;
        let d = pB[dP + k] as number;
        let ins = pB[iP + k] as number;
        let p = (oB[hO + k + 1] as number) + 1;
        if (p > 0 && p <= n && p > d) d = p;
        p = (eB[dE + k + 1] as number) + 1;
        if (p > 0 && p <= n && p > d) d = p;
        p = oB[hO + k - 1] as number;
        if (p >= 0 && p + k <= m && p > ins) ins = p;
        p = eB[iE + k - 1] as number;
        if (p >= 0 && p + k <= m && p > ins) ins = p;
        let c = d > ins ? d : ins;
        p = xB[hX + k] as number;
        if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] !== B[p + k]) c = p + 1;
        if (withV) {
          p = vB[hV + k] as number;
          if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] === B[p + k]) c = p + 1;
        }
        if (c > h) {
          // Extend along the diagonal while the pairs match (these cells were never compared);
          // one whose values must be asked waits for `extendByValue`.
          if (!vm) {
            while (c < n && c + k < m && A[c] === B[c + k]) c++;
          } else if (c < n && c + k < m && A[c] === B[c + k]) todo[nt++] = t;
          h = c;
        }
        out[at + t] = h;
        out[oD + t] = d;
        out[oI + t] = ins;
      }
    }
    // Then the others, and the extensions that ask for values.
    nt = edgeCells(
      A,
      B,
      n,
      m,
      vm,
      lo,
      hi,
      mLo,
      mHi,
      out,
      at,
      width,
      prev,
      wo,
      we,
      wx,
      wv,
      withV,
      todo,
      nt,
      false,
    );
    if (nt > 0) extendByValue(this, A, B, n, m, lo, out, at, todo, nt);
    return new Wave(lo, hi, out, at, oD, oI);
  }

  /**
   * `step` when a gap costs the same per event wherever it starts (gapOpen = gapExtend, e.g. `nw`'s
   * defaults): then the best cost ending in a gap never beats the best cost of the cell before it
   * plus one gap event, so the D and I wavefronts add nothing — only H is computed, and D and I are
   * the same array (the traceback's gap questions then ask H, which it also asks at the same cost).
   */
  private stepLinear(s: number): Wave {
    const { A, B, n, m, x, xv, ext: gap } = this;
    const vm = this.values !== undefined;
    const delta = m - n;
    const prev = this.wave(s - 1);
    const wg = this.wave(s - gap);
    const wx = this.wave(s - x);
    const wv = xv > 0 ? this.wave(s - xv) : EMPTY;
    let lo = Math.min(prev.lo, wx.lo, wv.lo, wg.lo - 1);
    let hi = Math.max(prev.hi, wx.hi, wv.hi, wg.hi + 1);
    const reach = this.reach ? Math.floor((this.bound - s) / gap) : Infinity;
    lo = Math.max(lo, -n, delta - reach, this.clampLo);
    hi = Math.min(hi, m, delta + reach, this.clampHi);
    if (lo > hi) return EMPTY;
    const width = hi - lo + 1;
    if (this.stats !== undefined) this.stats.cells += width;
    const at = this.alloc(width);
    const out = this.chunk;
    // The diagonals where every source is present first, without range tests, then the others
    // (`edgeCells`, writing H only) and the extensions that ask for values: as in `step`.
    const withV = xv > 0 && wv.hi >= wv.lo;
    const todo = this.todoFor(width);
    let nt = 0;
    const mLo = Math.max(lo, prev.lo, wg.lo + 1, wx.lo, withV ? wv.lo : lo);
    const mHi = Math.min(hi, prev.hi, wg.hi - 1, wx.hi, withV ? wv.hi : hi);
    if (mLo <= mHi) {
      const pB = prev.buf;
      const gB = wg.buf;
      const xB = wx.buf;
      const vB = wv.buf;
      const hP = prev.h - prev.lo;
      const hG = wg.h - wg.lo;
      const hX = wx.h - wx.lo;
      const hV = wv.h - wv.lo;
      for (let k = mLo, t = mLo - lo; k <= mHi; k++, t++) {
        const h = pB[hP + k] as number;
        let c = (gB[hG + k + 1] as number) + 1;
        if (!(c > 0 && c <= n)) c = NONE;
        let p = gB[hG + k - 1] as number;
        if (p >= 0 && p + k <= m && p > c) c = p;
        p = xB[hX + k] as number;
        if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] !== B[p + k]) c = p + 1;
        if (withV) {
          p = vB[hV + k] as number;
          if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] === B[p + k]) c = p + 1;
        }
        if (c > h) {
          if (!vm) {
            while (c < n && c + k < m && A[c] === B[c + k]) c++;
          } else if (c < n && c + k < m && A[c] === B[c + k]) todo[nt++] = t;
          out[at + t] = c;
        } else out[at + t] = h;
      }
    }
    nt = edgeCells(
      A,
      B,
      n,
      m,
      vm,
      lo,
      hi,
      mLo,
      mHi,
      out,
      at,
      width,
      prev,
      wg,
      wg,
      wx,
      wv,
      withV,
      todo,
      nt,
      true,
    );
    if (nt > 0) extendByValue(this, A, B, n, m, lo, out, at, todo, nt);
    return new Wave(lo, hi, out, at, at, at);
  }

  /**
   * Whether the best cost of reaching reversed cell (i, i + k) with a path whose last operation is
   * of the given kind (H: any) is ≤ v. Cells on an alignment of cost `best` satisfy
   * cost + |Δ − k|·gapExtend ≤ best, so v is first lowered to that (wavefronts above it may have
   * dropped the diagonal).
   */
  private atMost(which: 'H' | 'D' | 'I', i: number, k: number, v: number): boolean {
    const cap = this.best - Math.abs(this.m - this.n - k) * this.ext;
    const s = v < cap ? v : cap;
    if (s < 0) return false;
    const w = this.wave(s, k);
    if (k < w.lo || k > w.hi) return false;
    const at = which === 'H' ? w.h : which === 'D' ? w.d : w.i;
    return (w.buf[at + k - w.lo] as number) >= i;
  }

  /** Whether reversed rows i and j (equal keys) hold matching values: their buckets first, then the value test (`extendByValue` asks too). */
  matches(i: number, j: number): boolean {
    const { VA, VB } = this;
    if (VA !== undefined && Math.abs((VA[i] as number) - (VB![j] as number)) > 2) return false;
    return this.values!(this.n - 1 - i, this.m - 1 - j);
  }

  /** Cost of pairing reversed rows i and j (not a match ⇒ x or xv). */
  private sub(i: number, j: number): number {
    const { A, B } = this;
    if (A[i] !== B[j]) return this.x;
    return this.values === undefined || this.matches(i, j) ? 0 : this.xv;
  }

  /** Forward pass, then the traceback from the start with the documented tie-break. */
  align(): IndexPair[] {
    if (this.n === 0 && this.m === 0) return [];
    this.forward();
    return this.traceback();
  }

  /** The optimal cost `align` found (0 for two empty sequences). */
  optimum(): number {
    return Math.max(0, this.best);
  }

  /** The traceback from the start with the documented tie-break (after `forward` reached the end). */
  traceback(): IndexPair[] {
    const { n, m, open, ext } = this;
    const out: IndexPair[] = [];
    let target = this.best;
    // Reversed cell (ri, rj) is original (n − ri, m − rj); the walk starts at the original start.
    let ri = n;
    let rj = m;
    let state = 0; // previous operation: 0 pair/start, 1 delete, 2 insert
    const a = this.A;
    const b = this.B;
    while (ri > 0 || rj > 0) {
      const k = rj - ri;
      if (ri > 0 && rj > 0) {
        const c = this.sub(ri - 1, rj - 1);
        if (this.atMost('H', ri - 1, k, target - c)) {
          out.push({
            gt: n - ri,
            pred: m - rj,
            tag: a[ri - 1] === b[rj - 1] ? 'equal' : 'replace',
          });
          ri--;
          rj--;
          target -= c;
          state = 0;
          continue;
        }
      }
      // A gap: what remains after it may start with a gap on the same side, which then continues
      // this run (its first event costs gapExtend, not gapOpen: hence "+ open − ext" on that test).
      if (ri > 0) {
        const v = target - (state === 1 ? ext : open);
        if (this.atMost('H', ri - 1, k + 1, v) || this.atMost('D', ri - 1, k + 1, v + open - ext)) {
          out.push({ gt: n - ri, pred: null, tag: 'delete' });
          ri--;
          target = v;
          state = 1;
          continue;
        }
      }
      if (rj > 0) {
        const v = target - (state === 2 ? ext : open);
        if (this.atMost('H', ri, k - 1, v) || this.atMost('I', ri, k - 1, v + open - ext)) {
          out.push({ gt: null, pred: m - rj, tag: 'insert' });
          rj--;
          target = v;
          state = 2;
          continue;
        }
      }
      throw new Error('wfa: traceback lost the optimal path (internal error)');
    }
    return out;
  }
}
