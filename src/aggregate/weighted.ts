import type { MetricResult } from '../metrics/types.js';

export const WEIGHTS_NO_CONTINUOUS: Readonly<Record<string, number>> = Object.freeze({ discrete: 0.8, timing: 0.2 });
export const WEIGHTS_WITH_CONTINUOUS: Readonly<Record<string, number>> = Object.freeze({ discrete: 0.6, timing: 0.2, continuous: 0.2 });

export interface Aggregation {
  readonly full_score: number;
  /** What the report shows: the weights and per-metric contributions (`_sum` their total), or the formula marker. */
  readonly report:
    | { readonly weights: Readonly<Record<string, number>>; readonly contributions: Readonly<Record<string, number>> }
    | { readonly info: 'custom_formula' };
}

/** `Σ w·score` over `weights` in its order, skipping metrics that were not computed (no normalisation). */
export function weightedSum(
  metrics: Readonly<Record<string, MetricResult>>,
  weights: ReadonlyArray<readonly [string, number]>,
): { total: number; contributions: Array<[string, number]> } {
  let total = 0.0;
  const contributions: Array<[string, number]> = [];
  for (const [name, w] of weights) {
    if (!Object.prototype.hasOwnProperty.call(metrics, name)) continue;
    const part = w * metrics[name]!.score;
    contributions.push([name, part]);
    total += part;
  }
  return { total, contributions };
}
