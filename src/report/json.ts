/**
 * The JSON report: the reference's `build_json_report` shape (snake_case keys, same order)
 * plus `alignment_index`, best-of fields and envtrace's own `envtrace_version` and `mode`.
 * Pure: renders an `EvaluationResult`, never recomputes anything.
 */
import type { AlignmentRow, EvaluationResult, Mode } from '../evaluate/types.js';
import type { EventTuple } from '../trace/types.js';
import { stringifyPyJson } from '../py/json.js';
import { ENVTRACE_VERSION } from '../version.js';
import { withPythonFloats } from './pyfloats.js';

/** One metric as the report shows it (the reference drops the metric's own `name`). */
export interface JsonReportMetric {
  readonly score: number;
  readonly binary_pass: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

/** The JSON report document. Numbers that are not finite are written as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`. */
export interface JsonReport {
  readonly envtrace_version: string;
  readonly mode: Mode;
  readonly full_score: number;
  readonly accuracy: boolean;
  readonly metrics: Readonly<Record<string, JsonReportMetric>>;
  readonly alignment: ReadonlyArray<readonly [EventTuple | null, EventTuple | null]>;
  readonly alignment_rows: readonly AlignmentRow[];
  readonly aggregation: EvaluationResult['aggregation'];
  readonly decision: EvaluationResult['decision'];
  readonly alignment_index: ReadonlyArray<readonly [number | null, number | null]>;
  /** best-of only. */
  readonly best_index?: number;
  /** best-of only. */
  readonly candidate_full_scores?: readonly number[];
}

/** Build the JSON report object of a result (keys in a fixed, documented order). */
export function toJsonReport(result: EvaluationResult): JsonReport {
  const metrics: Record<string, JsonReportMetric> = {};
  for (const [key, m] of Object.entries(result.metrics)) {
    metrics[key] = { score: m.score, binary_pass: m.binary_pass, details: m.details };
  }
  const report: JsonReport = {
    envtrace_version: ENVTRACE_VERSION,
    mode: result.mode,
    full_score: result.full_score,
    accuracy: result.accuracy,
    metrics,
    alignment: result.alignment,
    alignment_rows: result.alignment_rows,
    aggregation: result.aggregation,
    decision: result.decision,
    alignment_index: result.alignment_index,
    ...(result.best_index !== undefined ? { best_index: result.best_index } : {}),
    ...(result.candidate_full_scores !== undefined
      ? { candidate_full_scores: result.candidate_full_scores }
      : {}),
  };
  return report;
}

/**
 * The JSON report as text: 2-space indent, numbers as Python's `json` writes them (scores,
 * timestamps, rates, weights as floats: `1.0`; counts as ints; event values as read, so a
 * value read as `1.0` stays `1.0` in reference mode), non-finite numbers as the strings
 * `"NaN"`, `"Infinity"`, `"-Infinity"`. No trailing newline.
 */
export function stringifyReport(result: EvaluationResult): string {
  return stringifyPyJson(withPythonFloats(toJsonReport(result)), { indent: 2, nonFinite: 'string' });
}
