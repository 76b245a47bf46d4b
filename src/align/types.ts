/** How a pair came about: both sides matched by key, a gap on one side, or a positional pairing inside a replaced span. */
export type PairTag = 'equal' | 'replace' | 'delete' | 'insert';

/**
 * One row of an alignment, by position: `gt`/`pred` are indices into the key arrays given
 * to the aligner (`null` = gap on that side). Every input index appears exactly once, and
 * on each side the indices increase down the rows.
 */
export interface IndexPair {
  readonly gt: number | null;
  readonly pred: number | null;
  readonly tag: PairTag;
}

/**
 * An alignment as two columns, the rows of an `IndexPair[]` without their tags: row `k` pairs
 * `gtIdx[k]` with `predIdx[k]` (−1 = a gap on that side). What `evaluate` works on: two typed
 * arrays instead of an object per row.
 */
export interface AlignmentColumns {
  readonly gtIdx: Int32Array;
  readonly predIdx: Int32Array;
}

/** What an aligner gets besides the keys. */
export interface AlignContext {
  /** `channelNames[key]` is the channel a key stands for (for per-channel costs). */
  readonly channelNames: readonly string[];
  /**
   * Whether the values of `gt[gtIndex]` and `pred[predIndex]` match by the gt channel's
   * comparator (the one the metrics use). Only meaningful when the two keys are equal. Value-aware
   * aligners use it; `evaluate` always supplies it, direct callers may leave it out. `evaluate`'s
   * answers only while its `align` call runs (one function serves every evaluation; it throws when
   * asked later).
   */
  readonly valuesMatch?: (gtIndex: number, predIndex: number) => boolean;
  /**
   * Whether the values of `gt[gtIndex]` and `pred[predIndex]` are the same value (equal numbers, or
   * the same plain data), so that their match needs no tolerance. Only meaningful for a pair whose
   * values match. The `behavior` aligner uses it to prefer such exact pairs among alignments of the
   * same cost (`./exact-pairs.ts`); `evaluate` supplies it (answering while `align` runs, as
   * `valuesMatch`), direct callers may leave it out (no preference then).
   */
  readonly valuesIdentical?: (gtIndex: number, predIndex: number) => boolean;
  /**
   * How far apart in time `gt[gtIndex]` and `pred[predIndex]` are, each timestamp measured from
   * its trace's first event (≥ 0; `NaN` when unknown). With `valuesIdentical`, the `behavior`
   * aligner uses it to read an event moved past its neighbour as the one that moved, keeping the
   * events on time paired (`./exact-pairs.ts`); `evaluate` supplies it while `align` runs.
   */
  readonly timeApart?: (gtIndex: number, predIndex: number) => number;
  /**
   * Value buckets that let value-aware aligners index the events by value (optional; `evaluate`
   * supplies them, computed on first call). The promise: whenever `valuesMatch(i, j)` holds for a
   * same-key pair, `|gt[i] − pred[j]| ≤ 2`. `undefined`: no such buckets.
   */
  readonly valueBuckets?: () => ValueBuckets | undefined;
}

/**
 * Per event an integer (as a double), such that two events whose values match lie at most 2 apart
 * (see `AlignContext.valueBuckets`); events whose values cannot be bucketed share one bucket per key.
 */
export interface ValueBuckets {
  readonly gt: Float64Array;
  readonly pred: Float64Array;
}

/**
 * What an aligner with a cost model knows about the alignment it returned: `optimal` when it is
 * proven to have the minimal total cost, `cost` that total (in the aligner's cost units).
 */
export interface AlignmentOutcome {
  readonly optimal: boolean;
  readonly cost: number;
}

/**
 * An aligner pairs two key sequences. Keys are small non-negative integers (channels
 * interned by the caller, `channelNames[key]` is the channel), so aligners can use typed
 * arrays and never allocate per cell. Users can plug their own by implementing this.
 */
export interface Aligner {
  readonly name: string;
  align(gtKeys: Int32Array, predKeys: Int32Array, context: AlignContext): IndexPair[];
  /**
   * Optional: the same alignment as `align`, with its `AlignmentOutcome` (reported as the JSON
   * report's `aligner`). Aligners without it are reported with `optimal: null, cost: null`.
   */
  alignWithOutcome?(
    gtKeys: Int32Array,
    predKeys: Int32Array,
    context: AlignContext,
  ): { readonly pairs: IndexPair[]; readonly outcome: AlignmentOutcome };
}

/** One `get_matching_blocks()` entry (`difflib.Match`): `a[a:a+size] == b[b:b+size]`. */
export interface MatchingBlock {
  readonly a: number;
  readonly b: number;
  readonly size: number;
}
