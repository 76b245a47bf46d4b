import type { TraceEvent } from '../trace/types.js';

/** The result of one metric, in the reference's shape. Plain, JSON-safe data. */
export interface MetricResult {
  readonly name: string;
  /** Usually in [0, 1]; NaN when the metric could not be measured numerically. */
  readonly score: number;
  readonly binary_pass: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

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
   * Whether the pair counts as a match for discrete and timing metrics.
   * Default mode: `sameChannel && valueMatch`. Reference mode: `valueMatch` alone (bug B1).
   */
  readonly counts: boolean;
  /** Skipped because a side's channel is ignored (only direct metric calls can see this). */
  readonly ignored: boolean;
}

/** What a metric is computed from. */
export interface MetricContext {
  readonly mode: 'default' | 'reference';
  readonly verdicts: readonly PairVerdict[];
  /** Time-sorted, aliased traces before ignored/continuous channels were dropped. */
  readonly gt: readonly TraceEvent[];
  readonly pred: readonly TraceEvent[];
}

/** A user metric: gets the context, returns a result. `name` keys it in `metrics`. */
export interface Metric {
  readonly name: string;
  compute(ctx: MetricContext): MetricResult;
}
