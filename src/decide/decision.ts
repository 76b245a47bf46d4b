import { assertComputed, isComputed } from '../metrics/computed.js';
import type { MetricResult } from '../metrics/types.js';
import { DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';

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

/** The `decision` section of the options, every key optional. */
export interface DecisionOptions {
  readonly require_discrete_exact?: boolean | undefined;
  readonly timing_metric_name?: string | undefined;
  readonly required_metrics?: readonly string[] | undefined;
}

function passed(metrics: Readonly<Record<string, MetricResult>>, name: string): boolean {
  return isComputed(metrics, name) && Boolean(metrics[name]!.binary_pass);
}

/**
 * Binary accuracy (README Q16): discrete must be exact (if required), the metric in the timing slot
 * must pass (always — whatever its name; an unknown name fails), and every required metric must
 * exist and pass.
 */
export function decide(
  metrics: Readonly<Record<string, MetricResult>>,
  params: DecisionParams,
): Decision {
  const passes: Record<string, boolean> = {};
  if (params.require_discrete_exact) passes['discrete'] = passed(metrics, 'discrete');
  passes[params.timing_metric_name] = passed(metrics, params.timing_metric_name);
  for (const name of params.required_metrics) passes[name] = passed(metrics, name);
  // Every part is in `passes` (a repeated name is the same lookup, so one key per name loses nothing).
  return { accuracy: Object.values(passes).every(Boolean), passes };
}

/**
 * The decision parameters an evaluation uses: the options' (defaults `true`, `"timing"`, `[]`),
 * checked against the computed metrics (S1) and completed by the policy (B7: configured continuous
 * channels are required for accuracy).
 */
export function decisionParams(
  metrics: Readonly<Record<string, MetricResult>>,
  options: DecisionOptions = {},
  policy: ScoringPolicy = DEFAULT_POLICY,
): DecisionParams {
  const timingName = options.timing_metric_name ?? 'timing';
  const configured = options.required_metrics ?? [];
  if (policy.metricNamesMustExist) {
    assertComputed(metrics, timingName, ['decision', 'timing_metric_name']);
    configured.forEach((name, i) =>
      assertComputed(metrics, name, ['decision', 'required_metrics', i]),
    );
  }
  return {
    require_discrete_exact: options.require_discrete_exact ?? true,
    timing_metric_name: timingName,
    required_metrics: policy.requiredMetrics(
      configured,
      isComputed(metrics, 'continuous'),
      timingName,
    ),
  };
}
