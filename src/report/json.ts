/**
 * The JSON report: the reference's `build_json_report` shape (snake_case keys, same order)
 * plus `alignment_index`, best-of fields and envtrace's own `envtrace_version` and `mode`.
 * Pure: renders an `EvaluationResult`, never recomputes anything.
 */
import type { EvaluationResult, Mode } from '../evaluate/types.js';
import type { EventTuple } from '../trace/types.js';
import { copyProperty } from '../metrics/lazy.js';
import { ENVTRACE_VERSION } from '../version.js';
import {
  annotateRow,
  reportChunks,
  withinToleranceRows,
  type JsonAlignmentRow,
  type ReportCaps,
} from './json-stream.js';
import { KEY_ORDER, orderedKeys, withKeyOrder } from '../py/value.js';

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
  /** Default mode: a row that matched only within tolerance has `within_tolerance: {delta, tol}`. */
  readonly alignment_rows: readonly JsonAlignmentRow[];
  readonly aggregation: EvaluationResult['aggregation'];
  readonly decision: EvaluationResult['decision'];
  readonly alignment_index: ReadonlyArray<readonly [number | null, number | null]>;
  /** The aligner, whether its alignment is proven optimal, and its cost (`AlignerReport`). */
  readonly aligner: EvaluationResult['aligner'];
  /** best-of only. */
  readonly best_index?: number;
  /** best-of only. */
  readonly candidate_full_scores?: readonly number[];
  /** Default mode, only when there is one: config entries the evaluation used none of. */
  readonly warnings?: readonly string[];
}

/**
 * Build the JSON report object of a result (keys in a fixed, documented order). The per-pair lists
 * are shared with the result, and stay unbuilt until read when the result's are (see `evaluate`).
 * The object is not capped: `stringifyReport` / `reportChunks` apply the caps when writing.
 */
export function toJsonReport(result: EvaluationResult): JsonReport {
  // Default mode: rows that matched only within tolerance carry `within_tolerance`, and the
  // discrete details count them.
  const within = withinToleranceRows(result);
  const metrics: Record<string, JsonReportMetric> = {};
  for (const [key, m] of Object.entries(result.metrics)) {
    let details = m.details;
    if (key === 'discrete' && within !== undefined) {
      // Copied by descriptor: a still-lazy list (aligned_gt) stays unbuilt.
      const d = Object.defineProperties({}, Object.getOwnPropertyDescriptors(details)) as Record<
        string,
        unknown
      >;
      d['within_tolerance'] = within.size;
      details =
        (details as { [KEY_ORDER]?: unknown })[KEY_ORDER] !== undefined
          ? withKeyOrder(d, [...orderedKeys(details), 'within_tolerance'])
          : d;
    }
    metrics[key] = { score: m.score, binary_pass: m.binary_pass, details };
  }
  const report: Record<string, unknown> = {
    envtrace_version: ENVTRACE_VERSION,
    mode: result.mode,
    full_score: result.full_score,
    accuracy: result.accuracy,
    metrics,
  };
  copyProperty(result, report, 'alignment');
  if (within === undefined) copyProperty(result, report, 'alignment_rows');
  else
    Object.defineProperty(report, 'alignment_rows', {
      get: () => result.alignment_rows.map((r) => annotateRow(r, within)),
      enumerable: true,
      configurable: true,
    });
  report.aggregation = result.aggregation;
  report.decision = result.decision;
  copyProperty(result, report, 'alignment_index');
  report.aligner = result.aligner;
  if (result.best_index !== undefined) report.best_index = result.best_index;
  if (result.candidate_full_scores !== undefined)
    report.candidate_full_scores = result.candidate_full_scores;
  if (result.warnings !== undefined) report.warnings = result.warnings;
  return report as unknown as JsonReport;
}

/**
 * The JSON report as text: 2-space indent, numbers as Python's `json` writes them (scores,
 * timestamps, rates, weights as floats: `1.0`; counts as ints; event values as read, so a
 * value read as `1.0` stays `1.0` in reference mode), non-finite numbers as the strings
 * `"NaN"`, `"Infinity"`, `"-Infinity"`. No trailing newline. Strings longer than
 * `maxStringLength` are cut (see `reportChunks`). To write a large report without holding its
 * text, write the chunks of `reportChunks` instead.
 */
export function stringifyReport(result: EvaluationResult, opts: ReportCaps = {}): string {
  const parts: string[] = [];
  for (const chunk of reportChunks(result, opts)) parts.push(chunk);
  return parts.join('');
}
