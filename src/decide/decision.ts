import type { MetricResult } from '../metrics/types.js';

export interface DecisionParams {
  readonly require_discrete_exact: boolean;
  readonly timing_metric_name: string;
  readonly required_metrics: readonly string[];
}

export interface Decision {
  readonly accuracy: boolean;
  /** Each decision part and whether it passed, in the reference's order (discrete if required, the timing slot, each required metric). */
  readonly passes: Record<string, boolean>;
}

function passed(metrics: Readonly<Record<string, MetricResult>>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(metrics, name) && Boolean(metrics[name]!.binary_pass);
}

/**
 * Binary accuracy (README Q16): discrete must be exact (if required), the metric in the timing slot
 * must pass (always — whatever its name; an unknown name fails), and every required metric must
 * exist and pass.
 */
export function decide(metrics: Readonly<Record<string, MetricResult>>, params: DecisionParams): Decision {
  const passes: Record<string, boolean> = {};
  if (params.require_discrete_exact) passes['discrete'] = passed(metrics, 'discrete');
  passes[params.timing_metric_name] = passed(metrics, params.timing_metric_name);
  for (const name of params.required_metrics) passes[name] = passed(metrics, name);
  // Every part is in `passes` (a repeated name is the same lookup, so one key per name loses nothing).
  return { accuracy: Object.values(passes).every(Boolean), passes };
}
