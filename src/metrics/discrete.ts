import { eventTuple } from '../trace/trace.js';
import type { EventTuple } from '../trace/types.js';
import type { MetricPlugin } from './plugin.js';
import type { Metric, MetricContext, MetricResult, PairVerdict } from './types.js';

/** `details` of the discrete metric (the reference's keys). */
export type DiscreteDetails = {
  readonly mismatch_rate: number;
  readonly exact: boolean;
  readonly value_matches: number;
  readonly total_pairs: number;
  readonly gt_event_count: number;
  readonly pred_event_count: number;
  readonly aligned_gt: ReadonlyArray<EventTuple | null>;
  readonly aligned_pred: ReadonlyArray<EventTuple | null>;
};

/**
 * Discrete state match (README Q11): over all pairs (ignored ones skipped), `value_matches` counts
 * the pairs whose verdict counts as a match; `score = matches / pairs` (1.0 without pairs);
 * `exact` (the binary pass) when every gt event and every pred event is matched.
 */
export function discreteMetric(verdicts: readonly PairVerdict[]): MetricResult<DiscreteDetails> {
  let matches = 0;
  let total = 0;
  let gtCount = 0;
  let predCount = 0;
  const alignedGt: Array<EventTuple | null> = [];
  const alignedPred: Array<EventTuple | null> = [];
  for (const v of verdicts) {
    if (v.ignored) continue;
    total++;
    if (v.gt !== null) gtCount++;
    if (v.pred !== null) predCount++;
    if (v.counts) matches++;
    alignedGt.push(eventTuple(v.gt));
    alignedPred.push(eventTuple(v.pred));
  }
  const score = total ? matches / total : 1.0;
  const mismatchRate = total ? (total - matches) / total : 0.0;
  const exact = matches === gtCount && matches === predCount;
  return {
    name: 'discrete',
    score,
    binary_pass: exact,
    details: {
      mismatch_rate: mismatchRate,
      exact,
      value_matches: matches,
      total_pairs: total,
      gt_event_count: gtCount,
      pred_event_count: predCount,
      aligned_gt: alignedGt,
      aligned_pred: alignedPred,
    },
  };
}

/** The discrete metric as a `Metric` (what `evaluate` runs). */
export const discrete: Metric<DiscreteDetails> = Object.freeze({
  name: 'discrete',
  compute: (ctx: MetricContext) => discreteMetric(ctx.verdicts),
});

/** Registry entry of the discrete metric. */
export const discretePlugin = {
  name: 'discrete',
  aliases: [],
  summary: 'share of aligned pairs whose values match; exact when every event is matched',
  create: () => discrete,
} as const satisfies MetricPlugin<'discrete', DiscreteDetails>;
