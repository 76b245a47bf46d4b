import type { PairVerdict } from '../compare/verdict.js';
import type { VerdictColumns } from '../compare/verdict-columns.js';

export type { PairVerdict } from '../compare/verdict.js';
import type { Mode, ScoringPolicy } from '../policy/index.js';
import type { TraceEvent } from '../trace/types.js';

/** A metric's `details`: plain, JSON-safe data. */
export type MetricDetails = Readonly<Record<string, unknown>>;

/** The result of one metric, in the reference's shape. Plain, JSON-safe data. */
export interface MetricResult<D extends MetricDetails = MetricDetails> {
  readonly name: string;
  /** Usually in [0, 1]; NaN when the metric could not be measured numerically. */
  readonly score: number;
  readonly binary_pass: boolean;
  readonly details: D;
}

/** An event of a time-sorted trace with its position in the input `events` array. */
export interface IndexedEvent {
  readonly e: TraceEvent;
  /** Position in the input `events` array. */
  readonly i: number;
}

/** What a metric is computed from. */
export interface MetricContext {
  readonly mode: Mode;
  /** The evaluation's scoring policy (reference behaviour or the default's fixes). */
  readonly policy: ScoringPolicy;
  readonly verdicts: readonly PairVerdict[];
  /**
   * The same verdicts as columns (typed arrays, no object per pair), when the caller has them
   * (`evaluate` does, and builds `verdicts` only when a metric reads it). Metrics that scan every
   * pair should prefer this.
   */
  readonly columns?: VerdictColumns | undefined;
  /** Time-sorted, aliased traces before ignored/continuous channels were dropped. */
  readonly gt: readonly TraceEvent[];
  readonly pred: readonly TraceEvent[];
  /** `gt`/`pred` with each event's position in the input `events` array (for error paths). */
  readonly prepared: {
    readonly gtSorted: readonly IndexedEvent[];
    readonly predSorted: readonly IndexedEvent[];
  };
}

/** A metric: gets the context, returns a result. `name` keys it in `metrics`. Built-in metrics implement it too. */
export interface Metric<D extends MetricDetails = MetricDetails> {
  readonly name: string;
  compute(ctx: MetricContext): MetricResult<D>;
}
