import type { TraceEvent } from '../trace/types.js';

/**
 * One aligned pair, judged once (in `compare/`). Metrics read these and never re-compare.
 */
export interface PairVerdict {
  readonly gt: TraceEvent | null;
  readonly pred: TraceEvent | null;
  /** Both sides present and on the same channel. */
  readonly sameChannel: boolean;
  /** The comparator's answer for the two values (gt channel's comparator); null if a side is missing or the pair was ignored. */
  readonly valueMatch: boolean | null;
  /**
   * Whether the pair counts as a match for discrete and timing metrics (`policy.pairCounts`):
   * default mode `sameChannel && valueMatch`, reference mode `valueMatch` alone (bug B1).
   */
  readonly counts: boolean;
  /** Skipped because a side's channel is ignored (only direct metric calls can see this). */
  readonly ignored: boolean;
}
