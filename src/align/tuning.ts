/**
 * The aligners' tuning knobs and counters, for tests and benchmarks only: the knobs pick an engine
 * or force the rarely taken paths (checkpoints, narrow bands, every difflib stage) on small
 * inputs, and never change a result; the counters say which paths ran. Production code never sets
 * them, and no aligner takes them in its signature (`behaviorAlign`, `wfaAlign`, `nwAlign`,
 * `fastMatchingBlocks`, the aligner objects): each entry reads the knobs a test has set here once
 * per call (`withAlignerTuning`), and adds to a counter only when the test gave one
 * (`AlignerTuning.stats`, absent by default).
 *
 * The knobs' types live here, so that this module imports nothing and every engine may import it.
 */

/** The knobs of every aligner that has some, and the counters a test wants filled. */
export interface AlignerTuning {
  /** `behaviorAlign`'s engine choice and banded DP (`./affine/dispatch.ts`, `./behavior.ts`). */
  readonly behavior?: BehaviorTuning;
  /** The wavefronts (`wfaAlign`, also under `behavior` and `nw`). */
  readonly wfa?: WfaTuning;
  /** `nwAlign`'s engine choice and Gotoh solver. */
  readonly nw?: NwAlignTuning;
  /** `fastMatchingBlocks` (the `difflib` aligner). */
  readonly difflib?: FastDifflibOptions;
  /** Counters the aligners add to (absent: nothing is counted). */
  readonly stats?: AlignerStats;
}

/** Counters a test hands to the aligners (`AlignerTuning.stats`). */
export interface AlignerStats {
  /** Added to by every wavefront pass. */
  readonly wfa?: WfaStats;
  /** Overwritten by each `fastMatchingBlocks` call. */
  readonly difflib?: FastDifflibStats;
  /** Added to by every exact alignment of the affine model and of `nw` (`./affine/dispatch.ts`). */
  readonly engines?: EngineStats;
}

/** Which exact engine aligned each call (`AlignerStats.engines`), summed over the calls that counted. */
export interface EngineStats {
  /** The wavefronts (`./wfa.ts`). */
  wavefronts: number;
  /** The certified banded DP (`Band`, `./behavior.ts`). */
  band: number;
  /** The linear-memory Gotoh solver (`./nw-gotoh.ts`): only `nw` with a gap cost ≤ match / 2. */
  gotoh: number;
  /**
   * When given: raised to the most checkpoint levels a banded DP used (`Band`, 0: every row
   * kept), so that a test knows which memory plan ran.
   */
  checkpointLevels?: number;
}

/**
 * Tuning knobs of `behaviorAlign` (tests and benchmarks); they never change the optimal cost.
 * `initialSlack`, `maxBandCells`, `blockRows` and `pruning` tune the banded DP engine
 * (`AlignerTuning.wfa` the wavefront engine).
 */
export interface BehaviorTuning {
  /**
   * Half-width (beyond `|n − m|`) of the first band tried. @default sized from a greedy
   * alignment's cost when that needs at most 64, else 8
   */
  readonly initialSlack?: number;
  /**
   * Memory budget in band cells (24 bytes each). A band that fits keeps every row; a larger one
   * keeps checkpoint rows on as few levels as fit (`checkpointPlan`, `./behavior.ts`) and
   * recomputes blocks of rows during the walk (one more pass per level, same result). @default 2^23
   */
  readonly maxBandCells?: number;
  /**
   * Force checkpoint rows (tests): this many rows per block on one level (0 keeps every row), or
   * the rows per block of each level, outermost first (`Band`'s `blocks`).
   */
  readonly blockRows?: number | readonly number[];
  /** `false` computes every cell of the band (for cross-checking the pruning). @default true */
  readonly pruning?: boolean;
  /**
   * `"wfa"`: the wavefront aligner whenever the costs allow it (`wfaCostsFrom`); `"dp"`: always
   * the banded dynamic programming; `"auto"`: the wavefront aligner when the costs allow it and its
   * estimated work is not larger. All three give the same alignment. @default "auto"
   */
  readonly engine?: 'auto' | 'wfa' | 'dp';
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
}

/** What the wavefront aligner did (`AlignerStats.wfa`), summed over the calls that counted. */
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

/** Tuning knobs of `nwAlign` (tests and benchmarks); they never change the optimal cost. */
export interface NwAlignTuning extends NwTuning {
  /** `"gotoh"` forces the Gotoh solver (and its tie rule) for every cost setting. @default "auto" */
  readonly engine?: 'auto' | 'gotoh';
}

/** Tuning knobs of `nwAlign`'s Gotoh solver (`./nw-gotoh.ts`). */
export interface NwTuning {
  /**
   * Subproblems with at most this many DP cells are solved with a full traceback matrix;
   * larger ones are split (Hirschberg / Myers–Miller). `0` splits down to single rows.
   * @default 65536
   */
  readonly baseCells?: number;
  /**
   * Unpaired events allowed beyond `|n − m|` in the first band tried at the top level (it
   * is widened until provably optimal). Only affects speed.
   * @default 64
   */
  readonly initialBand?: number;
  /** `false` visits every cell (for cross-checking the pruning). @default true */
  readonly banding?: boolean;
}

/** Tuning knobs of `fastMatchingBlocks` (`./difflib-fast.ts`); every setting yields the same blocks. */
export interface FastDifflibOptions {
  /** q-gram length used for seeding (default: chosen from the key frequencies and the sizes). */
  readonly q?: number;
  /** Sampling step `s` of `a`'s q-grams (default `q`); long matches are those `>= q + s - 1`. */
  readonly step?: number;
  /** Gaps with at most this many cells (`|a range| * |b range|`) use the direct table (default 1024). */
  readonly smallGapCells?: number;
  /** Candidate q-gram pairs examined per input element (plus 1024) before seeding gives up for the sweep alone (default 64). */
  readonly hitBudgetPerElement?: number;
}

/** What `fastMatchingBlocks` (`./difflib-fast.ts`) did (for tests and the bench). */
export interface FastDifflibStats {
  /**
   * `direct`: one small table; `seeded`: the three stages; `sweep`: seeding would cost too much
   * (very repetitive keys), stage 3 ran alone on the whole range.
   */
  path: 'direct' | 'seeded' | 'sweep';
  q: number;
  /** `T`: matches this long or longer come from the seeding stage. */
  minSeedLength: number;
  /** Maximal exact matches of length `>= T` found by seeding. */
  mems: number;
  /** Candidate q-gram pairs examined while seeding. */
  hits: number;
  /** Blocks accepted from the priority queue. */
  seededBlocks: number;
  /** Blocks found by the sweep and the direct tables. */
  sweptBlocks: number;
}

const NONE: AlignerTuning = Object.freeze({});
let current: AlignerTuning = NONE;

/** The knobs in effect (none, outside `withAlignerTuning`). */
export function alignerTuning(): AlignerTuning {
  return current;
}

/** Run `fn` with `tuning` in effect, then restore the knobs that were. */
export function withAlignerTuning<T>(tuning: AlignerTuning, fn: () => T): T {
  const outer = current;
  current = tuning;
  try {
    return fn();
  } finally {
    current = outer;
  }
}
