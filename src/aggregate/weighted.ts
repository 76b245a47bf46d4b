import { assertComputed, isComputed } from '../metrics/computed.js';
import type { MetricResult } from '../metrics/types.js';
import {
  DEFAULT_POLICY,
  WEIGHTS_NO_CONTINUOUS as NO_CONT,
  WEIGHTS_WITH_CONTINUOUS as WITH_CONT,
  type ScoringPolicy,
} from '../policy/index.js';
import { orderedEntries, withKeyOrder } from '../py/value.js';

/** The reference's built-in weights without continuous channels. */
export const WEIGHTS_NO_CONTINUOUS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(NO_CONT),
);
/** The reference's built-in weights with continuous channels (or `use_continuous`). */
export const WEIGHTS_WITH_CONTINUOUS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(WITH_CONT),
);

/** What the report shows: the weights and per-metric contributions (`_sum` their total), or the formula marker. */
export type AggregationReport =
  | {
      readonly weights: Readonly<Record<string, number>>;
      readonly contributions: Readonly<Record<string, number>>;
    }
  | { readonly info: 'custom_formula' };

/** The full score and how it came about. */
export interface Aggregation {
  readonly full_score: number;
  readonly report: AggregationReport;
}

/** What `aggregate` needs from the options. */
export interface AggregateOptions {
  /** Metric weights in application order; empty or absent → the built-in weights. */
  readonly weights?: Readonly<Record<string, number>> | undefined;
  /** Replaces the weighted sum: gets metric scores by name, returns the full score. */
  readonly formula?: ((scores: Readonly<Record<string, number>>) => number) | undefined;
  /** The reference's API flag: the continuous weight set even without continuous channels. */
  readonly useContinuous?: boolean | undefined;
}

/** `Σ w·score` over `weights` in its order, skipping metrics that were not computed (no normalisation). */
export function weightedSum(
  metrics: Readonly<Record<string, MetricResult>>,
  weights: ReadonlyArray<readonly [string, number]>,
): { total: number; contributions: Array<[string, number]> } {
  let total = 0.0;
  const contributions: Array<[string, number]> = [];
  for (const [name, w] of weights) {
    if (!isComputed(metrics, name)) continue;
    const part = w * metrics[name]!.score;
    contributions.push([name, part]);
    total += part;
  }
  return { total, contributions };
}

/**
 * The full score (README Q15): the formula if given, else `Σ w·score` over the given weights (in
 * their order, not normalised), else over the built-in weight set the policy picks (B3: the
 * reference scores with one set and reports another). With the S1 fix a given weight naming a metric
 * that was not computed is a `ConfigError`.
 */
export function aggregate(
  metrics: Readonly<Record<string, MetricResult>>,
  options: AggregateOptions = {},
  policy: ScoringPolicy = DEFAULT_POLICY,
): Aggregation {
  if (options.formula) {
    const scores: Record<string, number> = {};
    for (const [name, m] of Object.entries(metrics)) scores[name] = m.score;
    return {
      full_score: Number(options.formula(Object.freeze(scores))),
      report: { info: 'custom_formula' },
    };
  }
  const given = options.weights ? (orderedEntries(options.weights) as Array<[string, number]>) : [];
  let used: ReadonlyArray<readonly [string, number]>;
  let shown: ReadonlyArray<readonly [string, number]>;
  if (given.length > 0) {
    if (policy.metricNamesMustExist)
      for (const [name] of given) assertComputed(metrics, name, ['aggregation', 'weights', name]);
    used = shown = given;
  } else {
    ({ used, shown } = policy.builtInWeights(
      Boolean(options.useContinuous),
      isComputed(metrics, 'continuous'),
    ));
  }
  const { total, contributions: parts } = weightedSum(metrics, shown);
  const fullScore = used === shown ? total : weightedSum(metrics, used).total;
  const contributions: Record<string, number> = {};
  for (const [name, part] of parts) contributions[name] = part;
  contributions['_sum'] = total;
  const weights: Record<string, number> = {};
  for (const [name, w] of shown) weights[name] = w;
  return {
    full_score: fullScore,
    report: {
      weights: withKeyOrder(
        weights,
        shown.map(([n]) => n),
      ),
      contributions: withKeyOrder(contributions, [...parts.map(([n]) => n), '_sum']),
    },
  };
}
