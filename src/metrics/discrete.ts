import { eventTuple } from '../trace/trace.js';
import type { EventTuple } from '../trace/types.js';
import type { MetricResult, PairVerdict } from './types.js';

/**
 * Discrete state match (README Q11): over all pairs (ignored ones skipped), `value_matches` counts
 * the pairs whose verdict counts as a match; `score = matches / pairs` (1.0 without pairs);
 * `exact` (the binary pass) when every gt event and every pred event is matched.
 */
export function discreteMetric(verdicts: readonly PairVerdict[]): MetricResult {
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
