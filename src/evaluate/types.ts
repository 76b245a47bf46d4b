import type { ToleranceSummary } from '../compare/tolerance-use.js';
import type { AlignerName, AlignerSpecObject } from '../align/registry.js';
import type { Aligner } from '../align/types.js';
import type { ComparatorInput } from '../compare/types.js';
import type { ContinuousChannelSpec, ContinuousMetric } from '../metrics/continuous.js';
import type { TimingThresholds } from '../metrics/timing.js';
import type { Metric, MetricResult } from '../metrics/types.js';
import type { Mode } from '../policy/mode.js';
import type { EventTuple } from '../trace/types.js';
import type { TimeUnit } from './timeUnit.js';

export type { Mode } from '../policy/mode.js';
export type { ContinuousChannelSpec, ContinuousMetric, Series } from '../metrics/continuous.js';
export type { TimingThresholds } from '../metrics/timing.js';
export type { TimeUnit } from './timeUnit.js';

/** Needleman–Wunsch (Gotoh) costs; lower total cost wins (the `nw` entry of the aligner registry). */
export type NwAlignerSpec = Extract<AlignerSpecObject, { name: 'nw' }>;

/** A registered aligner by name, its `{name, …params}` spec, or your own `Aligner` object. */
export type AlignerInput = AlignerName | AlignerSpecObject | Aligner;

/**
 * Options of `evaluate()`: the config-file shape (snake_case, the reference's keys plus
 * envtrace's own) plus functions where a file cannot hold them. A loaded config file and
 * an options object are interchangeable.
 */
export interface EvaluateOptions {
  /** `"default"` fixes the reference's bugs; `"reference"` reproduces its numbers. @default "default" */
  mode?: Mode;
  /** Channel renames applied to both traces (one step, not transitive). */
  aliases?: Record<string, string>;
  /** Canonical channels dropped before alignment. */
  ignore_channels?: readonly string[];
  /** @default "difflib" */
  aligner?: AlignerInput;
  comparators?: {
    default?: ComparatorInput;
    /** Keyed by canonical channel; looked up with the gt event's channel. */
    by_channel?: Record<string, ComparatorInput>;
  };
  /** Default absolute tolerance for `numeric_tolerance`/`deep` comparators without their own `abs_tol`. Default mode: the comparator's `tol`; reference mode: 0. */
  abs_tol?: number;
  timing?: TimingThresholds;
  /** Channels scored as continuous profiles instead of being aligned. Order matters (sums). */
  continuous_channels?: Record<string, ContinuousChannelSpec>;
  aggregation?: {
    /** Metric weights; order matters (sums). */
    weights?: Record<string, number>;
    /** Replaces the weighted sum: gets metric scores by name, returns the full score. */
    formula?: (scores: Readonly<Record<string, number>>) => number;
  };
  decision?: {
    /** @default true */
    require_discrete_exact?: boolean;
    /** @default "timing" */
    timing_metric_name?: string;
    required_metrics?: readonly string[];
  };
  /** @default true */
  include_structure?: boolean;
  /** Use the continuous weight set even without continuous channels (reference API flag). */
  use_continuous?: boolean;
  /** Extra metrics, computed after the built-in ones. */
  metrics?: readonly Metric[];
  /** Replaces the built-in per-channel continuous profile metric. */
  continuous_metric?: ContinuousMetric;
  /**
   * The unit of the trace timestamps, as a label (`"s"`, `"ms"`, `"us"`, `"ns"`, `"min"`, `"h"`):
   * printed after times and time offsets in failure messages and reports; never changes a score.
   * @default "s"
   */
  time_unit?: TimeUnit;
}

export interface AlignmentRowSide {
  readonly channel: string;
  readonly timestamp: number;
  readonly value: unknown;
}

export interface AlignmentRow {
  /** 1-based. */
  readonly index: number;
  readonly gt: AlignmentRowSide | null;
  readonly pred: AlignmentRowSide | null;
  /** null for a gap; false when channels differ; otherwise the comparator's answer. */
  readonly match: boolean | null;
  readonly ignored: boolean;
}

/**
 * Which aligner paired the events and what is known about its alignment: `optimal` is true only
 * when the alignment is proven to have the minimal total cost under the aligner's cost model, false
 * for a bounded alignment (an input too large or too different to prove within the work budget),
 * null for an aligner without a cost model (difflib, a user's aligner); `cost` is the total.
 */
export interface AlignerReport {
  readonly name: string;
  readonly optimal: boolean | null;
  readonly cost: number | null;
}

/** What the text report and the matcher message add when `aligner.optimal` is false. */
export const BOUNDED_ALIGNMENT_NOTE = '(bounded alignment: not proven optimal)';

/** `BOUNDED_ALIGNMENT_NOTE` when the result's alignment is a bounded one, else `undefined`. */
export function boundedAlignmentNote(result: {
  readonly aligner?: AlignerReport | undefined;
}): string | undefined {
  return result.aligner?.optimal === false ? BOUNDED_ALIGNMENT_NOTE : undefined;
}

/** The result of `evaluate()`: the reference's JSON report shape, plain data. */
export interface EvaluationResult {
  readonly mode: Mode;
  readonly full_score: number;
  readonly accuracy: boolean;
  /** In order: discrete, timing, [structure], [continuous], then user metrics. */
  readonly metrics: Readonly<Record<string, MetricResult>>;
  readonly alignment: ReadonlyArray<readonly [EventTuple | null, EventTuple | null]>;
  /** Positions of each pair's events in the input `events` arrays (before sorting/filtering). */
  readonly alignment_index: ReadonlyArray<readonly [number | null, number | null]>;
  readonly alignment_rows: readonly AlignmentRow[];
  /** The weights and per-metric contributions (`_sum` = their total), or `{info: "custom_formula"}`. */
  readonly aggregation:
    | {
        readonly weights: Readonly<Record<string, number>>;
        readonly contributions: Readonly<Record<string, number>>;
      }
    | { readonly info: 'custom_formula' };
  readonly decision: {
    readonly require_discrete_exact: boolean;
    readonly timing_metric_name: string;
    readonly required_metrics: readonly string[];
    readonly passes: Readonly<Record<string, boolean>>;
  };
  /** The aligner and whether its alignment is proven optimal (see `AlignerReport`). */
  readonly aligner: AlignerReport;
  /**
   * Values that matched only within a tolerance, and per channel the tolerance in force (see
   * `toleranceSummary`). Built on first read and not enumerable: the reference's report shape
   * (`JSON.stringify`, spreading) does not carry it. Absent from results not made by `evaluate`.
   */
  readonly tolerance?: ToleranceSummary;
  /** best-of only: index of the winning golden (-1 for the reference's fallback). */
  readonly best_index?: number;
  /** best-of only: every candidate's full score, in order. */
  readonly candidate_full_scores?: readonly number[];
  /**
   * Default mode (S1), present only when there is one: what the evaluation used none of, one line
   * each, such as `comparators.by_channel["mono:enrgy"] names no channel of either trace; did you
   * mean "mono:energy"?` (a config entry keyed by a channel the traces evaluated do not have).
   */
  readonly warnings?: readonly string[];
}
