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
 * large, a first pass restricted to a narrow band of diagonals (`tighterBound`, about bound × 129
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
  if (c.mismatch <= 0 || c.gapExtend <= 0 || c.gapOpen < c.gapExtend || c.valueMismatch > c.mismatch) return undefined;
  const g = all.reduce(gcd);
  // The wavefronts advance one score unit at a time: costs that reduce to large integers (a
  // scaled 2^-15 or 0.000001 next to 5) would mean millions of near-empty steps, so such costs go
  // to the DP, which is exact for them and whose time does not depend on the cost values.
  if (Math.max(c.mismatch, c.gapOpen) / g > MAX_UNIT_COST) return undefined;
  return { mismatch: c.mismatch / g, valueMismatch: c.valueMismatch / g, gapOpen: c.gapOpen / g, gapExtend: c.gapExtend / g };
}

/** "No such point": far below any row, and still negative after a few increments. */
const NONE = -0x40000000;

/** The wavefronts of one score: diagonals `lo..hi` at index `k − lo`. */
interface Wave {
  readonly lo: number;
  readonly hi: number;
  readonly H: Int32Array;
  readonly D: Int32Array;
  readonly I: Int32Array;
}

const EMPTY: Wave = { lo: 0x40000000, hi: -0x40000000, H: new Int32Array(0), D: new Int32Array(0), I: new Int32Array(0) };

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
): IndexPair[] {
  const first = tighterBound(a, b, costs, valuesMatch, upperBound, tuning, buckets);
  return new Wavefronts(a, b, costs, valuesMatch, first.bound, tuning, undefined, first.seeds, undefined, first.buckets).align();
}

/** Every alignment costs at most this: all pairs mismatching plus the leftover as one run. */
function trivialBound(n: number, m: number, costs: WfaCosts): number {
  return Math.min(n, m) * costs.mismatch + (n === m ? 0 : costs.gapOpen + (Math.abs(n - m) - 1) * costs.gapExtend);
}

/**
 * `upperBound`, or the cost of the best alignment inside a narrow band of diagonals when that is
 * lower. The full pass keeps the diagonals from which the end is still reachable within the
 * bound, so its work grows with about bound²; a quick greedy bound can be 20 % above the optimum
 * (three channels with toggling values: 40 % more wavefront cells), while the band pass costs
 * about bound × (band width) cells and, on traces that differ by local edits, usually finds the
 * optimum itself. Run only when the bound is large against the band. The band pass also records
 * where it reached the seeds' occurrences: `seeds`, the heuristic that prunes the full pass (its
 * seeds compare value buckets too when they are given, the values matter and that keeps seeds short).
 */
function tighterBound(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound: number,
  tuning: WfaTuning,
  valueBuckets: (() => ValueBuckets | undefined) | undefined,
): { readonly bound: number; readonly seeds?: SeedBound | undefined; readonly buckets?: ValueBuckets | undefined } {
  const n = a.length;
  const m = b.length;
  const half = Math.max(0, Math.floor(tuning.boundBand ?? 64));
  const bound = Math.min(upperBound, trivialBound(n, m, costs));
  if (half === 0 || bound < 8 * (2 * half + 1 + Math.abs(m - n))) return { bound: upperBound };
  const band = { lo: Math.min(0, m - n) - half, hi: Math.max(0, m - n) + half };
  const buckets = valuesMatch !== undefined && costs.valueMismatch > 0 ? valueBuckets?.() : undefined;
  const byValue = buckets === undefined ? 0 : valueSeedLength(b, buckets.pred);
  const len = tuning.seedLength !== undefined ? Math.max(0, Math.floor(tuning.seedLength)) : byValue > 0 ? byValue : seedLength(b);
  const pass = new Wavefronts(a, b, costs, valuesMatch, bound, { maxCells: 0, stats: tuning.stats }, band, undefined, { len, byValue: byValue > 0 }, buckets);
  const inBand = pass.forward();
  // Scores recorded before the pass gave up are still costs of paths to those cells.
  return { bound: inBand >= 0 && inBand < upperBound ? inBand : upperBound, seeds: pass.recorded(), buckets };
}

/** The optimal cost only (no traceback; only the last few wavefronts are kept). */
export function wfaCost(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound = Infinity,
): number {
  return new Wavefronts(a, b, costs, valuesMatch, upperBound, { maxCells: 0 }).forward();
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
  /** Value test on reversed indices, or undefined when equal keys always match. */
  private readonly vm: ((i: number, j: number) => boolean) | undefined;
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
   * Diagonals `step` may fill, else ±∞: the band of a bound pass (`tighterBound`) for its whole
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

  constructor(
    a: Int32Array,
    b: Int32Array,
    costs: WfaCosts,
    valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
    upperBound: number,
    tuning: WfaTuning,
    /** Only these diagonals (the bound pass of `tighterBound`); `forward` then returns −1 past the bound. */
    band?: { readonly lo: number; readonly hi: number },
    /** Full pass: the heuristic recorded by the bound pass (drops cells on no optimal alignment). */
    seeds?: SeedBound,
    /** Bound pass: record a seed heuristic with seeds of `len` events (0: none), by key and value bucket when `byValue`. */
    recordSeeds: { readonly len: number; readonly byValue: boolean } = { len: 0, byValue: false },
    /** Value buckets (`AlignContext.valueBuckets`): pairs whose buckets are > 2 apart do not match, without asking. */
    buckets?: ValueBuckets,
  ) {
    const n = a.length;
    const m = b.length;
    this.n = n;
    this.m = m;
    this.A = new Int32Array(n);
    this.B = new Int32Array(m);
    for (let i = 0; i < n; i++) this.A[i] = a[n - 1 - i] as number;
    for (let j = 0; j < m; j++) this.B[j] = b[m - 1 - j] as number;
    this.x = costs.mismatch;
    this.xv = costs.valueMismatch;
    this.open = costs.gapOpen;
    this.ext = costs.gapExtend;
    const reversed = (v: Float64Array): Float64Array => {
      const out = new Float64Array(v.length);
      for (let i = 0, j = v.length - 1; j >= 0; i++, j--) out[i] = v[j] as number;
      return out;
    };
    const rb = buckets && { gt: reversed(buckets.gt), pred: reversed(buckets.pred) };
    if (valuesMatch === undefined || costs.valueMismatch === 0) this.vm = undefined;
    else if (rb === undefined) this.vm = (i, j) => valuesMatch(n - 1 - i, m - 1 - j);
    else {
      const { gt: VA, pred: VB } = rb;
      this.vm = (i, j) => Math.abs((VA[i] as number) - (VB[j] as number)) <= 2 && valuesMatch(n - 1 - i, m - 1 - j);
    }
    // Every alignment costs at most this: all pairs mismatching plus the leftover as one run.
    this.bound = Math.min(upperBound, trivialBound(n, m, costs));
    this.R = Math.max(costs.mismatch, costs.gapOpen) + 1;
    this.maxCells = tuning.maxCells ?? 2 ** 24;
    this.blockScores = tuning.blockScores;
    this.stats = tuning.stats;
    if (band !== undefined) {
      this.clampLo = band.lo;
      this.clampHi = band.hi;
    }
    this.bandHalfWidth = tuning.bandHalfWidth;
    this.seeds = seeds;
    const { len, byValue } = recordSeeds;
    this.recorder = band !== undefined && len > 0 && n >= len ? new SeedBound(this.A, this.B, len, band, costs, byValue ? rb : undefined) : undefined;
  }

  /** The bound pass's seed heuristic, ready for the full pass (after `forward`). */
  recorded(): SeedBound | undefined {
    this.recorder?.finish();
    return this.recorder;
  }

  /** Whether wavefront `s` is kept for good in checkpoint mode (the R scores up to each multiple of K). */
  private permanent(s: number): boolean {
    return (s + this.R - 1) % this.K < this.R;
  }

  /** Run the wavefronts from the end of both sequences until the start is reached; the optimal cost. */
  forward(): number {
    const { n, m } = this;
    const delta = m - n;
    this.waves.length = 0;
    this.waves.push(this.step(0));
    this.recorder?.record(0, 0, this.waves[0]!.H);
    let s = 0;
    for (;;) {
      const w = this.waves[s]!;
      if (delta >= w.lo && delta <= w.hi && (w.H[delta - w.lo] as number) >= n) break;
      s++;
      // In a bound pass, R empty wavefronts in a row mean the band holds no path further on.
      const banded = this.clampLo !== -Infinity || this.clampHi !== Infinity;
      if (s > this.bound || (banded && s >= this.R && this.emptySince(s - this.R))) {
        if (banded) return -1; // nothing in the band within the bound
        throw new Error('wfa: the upper bound was not an alignment cost (internal error)');
      }
      let next = this.step(s);
      if (next !== EMPTY) {
        this.recorder?.record(s, next.lo, next.H);
        if (this.seeds !== undefined) next = this.trim(s, next, this.seeds);
      }
      this.waves.push(next);
      if (next !== EMPTY) this.cells += next.hi - next.lo + 1;
      if (!this.checkpointing && this.cells > this.maxCells) this.startCheckpoints(s);
      if (this.checkpointing) {
        const old = s - this.R;
        if (old >= 0 && !this.permanent(old)) this.waves[old] = undefined;
      }
    }
    this.best = s;
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
    const { H, D, I } = w;
    const bound = this.bound;
    const row = (t: number): number => Math.max(H[t] as number, D[t] as number, I[t] as number);
    let lo = w.lo;
    let hi = w.hi;
    while (lo <= hi && seeds.prunes(s, lo, row(lo - w.lo), bound)) lo++;
    while (hi >= lo && seeds.prunes(s, hi, row(hi - w.lo), bound)) hi--;
    if (lo === w.lo && hi === w.hi) return w;
    if (this.stats !== undefined) this.stats.pruned = (this.stats.pruned ?? 0) + (w.hi - w.lo + 1) - Math.max(0, hi - lo + 1);
    if (lo > hi) return EMPTY;
    const a = lo - w.lo;
    const b = hi - w.lo + 1;
    const h = H.subarray(a, b);
    return { lo, hi, H: h, D: D === H ? h : D.subarray(a, b), I: I === H ? h : I.subarray(a, b) };
  }

  /** Whether the wavefronts of scores `from` … `from + R − 1` are all empty (none dropped yet). */
  private emptySince(from: number): boolean {
    for (let t = from; t < from + this.R; t++) if (this.waves[t] !== EMPTY) return false;
    return true;
  }

  /** Switch to checkpoint mode at score `s`: drop every earlier wavefront a checkpoint does not need. */
  private startCheckpoints(s: number): void {
    this.checkpointing = true;
    const est = Math.max(s, Math.min(this.bound, 4 * s));
    this.K = Math.max(2 * this.R + 1, this.blockScores ?? Math.ceil(Math.sqrt(est * this.R)));
    for (let t = 0; t <= s - this.R; t++) if (!this.permanent(t)) this.waves[t] = undefined;
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
    let cl = -Infinity;
    let ch = Infinity;
    if (k !== undefined) {
      const half = this.bandHalfWidth ?? Math.ceil((span + this.open) / this.ext) + span + 4;
      if (k - half > -n) cl = k - half;
      if (k + half < m) ch = k + half;
    }
    if (this.stats !== undefined) {
      if (cl === -Infinity && ch === Infinity) this.stats.fullLoads++;
      else this.stats.bandedLoads++;
    }
    const outerLo = this.clampLo;
    const outerHi = this.clampHi;
    this.clampLo = cl;
    this.clampHi = ch;
    try {
      for (let t = this.blockLo; t <= this.blockHi; t++) {
        if (this.waves[t] !== undefined) continue; // a permanent wavefront (exact everywhere)
        this.waves[t] = this.step(t);
        if (cl !== -Infinity || ch !== Infinity) {
          this.trustLo[t] = cl + (t - base) + 1;
          this.trustHi[t] = ch - (t - base) - 1;
        }
      }
    } finally {
      this.clampLo = outerLo;
      this.clampHi = outerHi;
    }
  }

  /** Compute the wavefront of score `s` from those of scores s − 1 … s − R + 1. */
  private step(s: number): Wave {
    const { A, B, n, m, vm, x, xv, open, ext } = this;
    const delta = m - n;
    if (s === 0) {
      let p = 0;
      while (p < n && p < m && A[p] === B[p] && (vm === undefined || vm(p, p))) p++;
      return { lo: 0, hi: 0, H: Int32Array.of(p), D: Int32Array.of(NONE), I: Int32Array.of(NONE) };
    }
    if (open === ext) return this.stepLinear(s);
    const prev = this.wave(s - 1);
    const wx = this.wave(s - x);
    const wv = xv > 0 ? this.wave(s - xv) : EMPTY;
    const wo = this.wave(s - open);
    const we = this.wave(s - ext);
    let lo = Math.min(prev.lo, wx.lo, wv.lo, wo.lo - 1, we.lo - 1);
    let hi = Math.max(prev.hi, wx.hi, wv.hi, wo.hi + 1, we.hi + 1);
    // Diagonals that exist, and from which the end diagonal is reachable within the bound.
    const reach = Math.floor((this.bound - s) / ext);
    lo = Math.max(lo, -n, delta - reach, this.clampLo);
    hi = Math.min(hi, m, delta + reach, this.clampHi);
    if (lo > hi) return EMPTY;
    const width = hi - lo + 1;
    if (this.stats !== undefined) this.stats.cells += width;
    const buf = new Int32Array(3 * width);
    const H = buf.subarray(0, width);
    const D = buf.subarray(width, 2 * width);
    const I = buf.subarray(2 * width);
    // One pass over the diagonals (every cell written, so no fill). A source wave's diagonal q is
    // present when 0 ≤ q − lo < width; `(q >>> 0) < w` tests both bounds (a negative q wraps high).
    const pH = prev.H;
    const pD = prev.D;
    const pI = prev.I;
    const plo = prev.lo;
    const pw = prev.hi - plo + 1;
    const oH = wo.H;
    const olo = wo.lo;
    const ow = wo.hi - olo + 1;
    const eD = we.D;
    const eI = we.I;
    const elo = we.lo;
    const ew = we.hi - elo + 1;
    const xH = wx.H;
    const xlo = wx.lo;
    const xw = wx.hi - xlo + 1;
    const vH = wv.H;
    const vlo = wv.lo;
    const vw = xv > 0 ? wv.hi - vlo + 1 : 0;
    for (let k = lo, t = 0; k <= hi; k++, t++) {
      // "≤ s": start from the wavefront of s − 1.
      let h = NONE;
      let d = NONE;
      let ins = NONE;
      let q = k - plo;
      if (q >>> 0 < pw) {
        h = pH[q] as number;
        d = pD[q] as number;
        ins = pI[q] as number;
      }
      // D: a gt event left unpaired, from diagonal k + 1 (row + 1): opening after any operation
      // (H of s − gapOpen) or extending a run (D of s − gapExtend); the row must stay ≤ n.
      q = k + 1 - olo;
      if (q >>> 0 < ow) {
        const p = (oH[q] as number) + 1;
        if (p > 0 && p <= n && p > d) d = p;
      }
      q = k + 1 - elo;
      if (q >>> 0 < ew) {
        const p = (eD[q] as number) + 1;
        if (p > 0 && p <= n && p > d) d = p;
      }
      // I: a pred event left unpaired, from diagonal k − 1 (same row); the column must stay ≤ m.
      q = k - 1 - olo;
      if (q >>> 0 < ow) {
        const p = oH[q] as number;
        if (p >= 0 && p + k <= m && p > ins) ins = p;
      }
      q = k - 1 - elo;
      if (q >>> 0 < ew) {
        const p = eI[q] as number;
        if (p >= 0 && p + k <= m && p > ins) ins = p;
      }
      // Candidates: the better gap, then a pair that does not match after the furthest point of a
      // lower score (where the extend step stopped, so that pair is not a match): different keys
      // cost x, equal keys xv. (`stepLinear` writes this and the extension out again: a shared
      // helper, and even a shared range helper, measured 15–18 % slower on this loop.)
      let c = d > ins ? d : ins;
      q = k - xlo;
      if (q >>> 0 < xw) {
        const p = xH[q] as number;
        if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] !== B[p + k]) c = p + 1;
      }
      q = k - vlo;
      if (q >>> 0 < vw) {
        const p = vH[q] as number;
        if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] === B[p + k]) c = p + 1;
      }
      if (c > h) {
        // Extend along the diagonal while the pairs match; these cells were never compared.
        if (vm === undefined) {
          while (c < n && c + k < m && A[c] === B[c + k]) c++;
        } else {
          while (c < n && c + k < m && A[c] === B[c + k] && vm(c, c + k)) c++;
        }
        h = c;
      }
      H[t] = h;
      D[t] = d;
      I[t] = ins;
    }
    return { lo, hi, H, D, I };
  }

  /**
   * `step` when a gap costs the same per event wherever it starts (gapOpen = gapExtend, e.g. `nw`'s
   * defaults): then the best cost ending in a gap never beats the best cost of the cell before it
   * plus one gap event, so the D and I wavefronts add nothing — only H is computed, and D and I are
   * the same array (the traceback's gap questions then ask H, which it also asks at the same cost).
   */
  private stepLinear(s: number): Wave {
    const { A, B, n, m, vm, x, xv, ext: gap } = this;
    const delta = m - n;
    const prev = this.wave(s - 1);
    const wg = this.wave(s - gap);
    const wx = this.wave(s - x);
    const wv = xv > 0 ? this.wave(s - xv) : EMPTY;
    let lo = Math.min(prev.lo, wx.lo, wv.lo, wg.lo - 1);
    let hi = Math.max(prev.hi, wx.hi, wv.hi, wg.hi + 1);
    const reach = Math.floor((this.bound - s) / gap);
    lo = Math.max(lo, -n, delta - reach, this.clampLo);
    hi = Math.min(hi, m, delta + reach, this.clampHi);
    if (lo > hi) return EMPTY;
    const width = hi - lo + 1;
    if (this.stats !== undefined) this.stats.cells += width;
    const H = new Int32Array(width);
    const pH = prev.H;
    const plo = prev.lo;
    const pw = prev.hi - plo + 1;
    const gH = wg.H;
    const glo = wg.lo;
    const gw = wg.hi - glo + 1;
    const xH = wx.H;
    const xlo = wx.lo;
    const xw = wx.hi - xlo + 1;
    const vH = wv.H;
    const vlo = wv.lo;
    const vw = xv > 0 ? wv.hi - vlo + 1 : 0;
    for (let k = lo, t = 0; k <= hi; k++, t++) {
      let q = k - plo;
      const h = q >>> 0 < pw ? (pH[q] as number) : NONE;
      let c = NONE;
      // A gt event left unpaired (from diagonal k + 1, row + 1) or a pred event (from k − 1).
      q = k + 1 - glo;
      if (q >>> 0 < gw) {
        const p = (gH[q] as number) + 1;
        if (p > 0 && p <= n) c = p;
      }
      q = k - 1 - glo;
      if (q >>> 0 < gw) {
        const p = gH[q] as number;
        if (p >= 0 && p + k <= m && p > c) c = p;
      }
      // A non-matching pair after a lower score's furthest point, then the extension: as in `step`.
      q = k - xlo;
      if (q >>> 0 < xw) {
        const p = xH[q] as number;
        if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] !== B[p + k]) c = p + 1;
      }
      q = k - vlo;
      if (q >>> 0 < vw) {
        const p = vH[q] as number;
        if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] === B[p + k]) c = p + 1;
      }
      if (c > h) {
        if (vm === undefined) {
          while (c < n && c + k < m && A[c] === B[c + k]) c++;
        } else {
          while (c < n && c + k < m && A[c] === B[c + k] && vm(c, c + k)) c++;
        }
        H[t] = c;
      } else H[t] = h;
    }
    return { lo, hi, H, D: H, I: H };
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
    return (w[which][k - w.lo] as number) >= i;
  }

  /** Cost of pairing reversed rows i and j (not a match ⇒ x or xv). */
  private sub(i: number, j: number): number {
    const { A, B, vm } = this;
    if (A[i] !== B[j]) return this.x;
    return vm === undefined || vm(i, j) ? 0 : this.xv;
  }

  /** Forward pass, then the traceback from the start with the documented tie-break. */
  align(): IndexPair[] {
    const { n, m, open, ext } = this;
    const out: IndexPair[] = [];
    if (n === 0 && m === 0) return out;
    let target = this.forward();
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
          out.push({ gt: n - ri, pred: m - rj, tag: a[ri - 1] === b[rj - 1] ? 'equal' : 'replace' });
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
