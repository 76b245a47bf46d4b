/**
 * The wavefronts of one pass (`Wavefronts`): the forward pass, from the end of both sequences, with
 * band clamps, seed pruning and checkpoints, the certificate's edge records, and the traceback from
 * the start with the tie rule. The algorithm: `./wfa.ts`.
 */
import type { WorkBudget } from './budget.js';
import type { IndexPair } from './types.js';
import type { SeedBound } from './wfa-seeds.js';
import { edgeHolds } from './wfa-certify.js';
import { edgeCells, extendByValue } from './wfa-kernels.js';
import {
  CHUNK,
  detached,
  EMPTY,
  INF,
  NONE,
  trivialBound,
  Wave,
  type WfaCosts,
} from './wfa-waves.js';
import type { WfaStats, WfaTuning } from './tuning.js';

/** Both key sequences reversed (the wavefronts run from their ends), with their value buckets when known. */
export interface Reversed {
  /** `A[i] = a[n − 1 − i]`, `B[j] = b[m − 1 − j]`. */
  readonly A: Int32Array;
  readonly B: Int32Array;
  /** Value buckets, reversed the same way: pairs whose buckets are > 2 apart do not match, without asking. */
  readonly buckets?: { readonly gt: Float64Array; readonly pred: Float64Array } | undefined;
}

/** Reversed copy. */
export function reversed<T extends Int32Array | Float64Array>(v: T): T {
  const out = v.slice() as T;
  out.reverse();
  return out;
}

export function reversedInput(a: Int32Array, b: Int32Array): Reversed {
  return { A: reversed(a), B: reversed(b) };
}

/** What a run of the wavefronts is, beside the alignment problem itself (all optional: a full pass). */
export interface Pass {
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
  /** The counters a test asked for (`AlignerStats.wfa`, `./tuning.ts`); absent, nothing is counted. */
  readonly stats?: WfaStats | undefined;
}

export class Wavefronts {
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
    const { band, prune, recorder, edges, budget, stats } = pass;
    this.stats = stats;
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
