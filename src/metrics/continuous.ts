import { npMean } from '../py/numeric.js';
import type { MetricResult } from './types.js';

/** Per-channel profile parameters (the reference's defaults: 15, 15, 5, 5, weight 1). */
export interface ContinuousParams {
  mae_scale: number;
  final_scale: number;
  mae_thresh: number;
  final_thresh: number;
}

export const DEFAULT_CONTINUOUS: Readonly<ContinuousParams & { weight: number }> = Object.freeze({
  mae_scale: 15.0,
  final_scale: 15.0,
  mae_thresh: 5.0,
  final_thresh: 5.0,
  weight: 1.0,
});

/**
 * Continuous profile of one channel (README Q13): values only (timestamps ignored), the shorter
 * series padded with its last value; `score = 0.7·exp(−MAE/mae_scale) + 0.3·exp(−|Δfinal|/final_scale)`;
 * passes when `MAE <= mae_thresh` and `|Δfinal| <= final_thresh`.
 *
 * Default mode: a non-finite value (NaN, ±Infinity) fails the channel with score 0 instead of
 * turning every score into NaN (B10).
 */
export function continuousProfile(
  gt: readonly number[],
  pred: readonly number[],
  params: Readonly<ContinuousParams> = DEFAULT_CONTINUOUS,
  mode: 'default' | 'reference' = 'default',
): MetricResult {
  if (gt.length === 0 && pred.length === 0) {
    return { name: 'continuous', score: 1.0, binary_pass: true, details: { reason: 'both empty', score: 1.0 } };
  }
  if (gt.length === 0 || pred.length === 0) {
    return { name: 'continuous', score: 0.0, binary_pass: false, details: { reason: 'one empty', score: 0.0 } };
  }
  if (mode === 'default' && (!gt.every(Number.isFinite) || !pred.every(Number.isFinite))) {
    return { name: 'continuous', score: 0.0, binary_pass: false, details: { reason: 'non-finite value', score: 0.0 } };
  }
  const len = Math.max(gt.length, pred.length);
  const diffs = new Float64Array(len);
  const gLast = gt[gt.length - 1]!;
  const pLast = pred[pred.length - 1]!;
  for (let i = 0; i < len; i++) {
    const g = i < gt.length ? gt[i]! : gLast;
    const p = i < pred.length ? pred[i]! : pLast;
    diffs[i] = Math.abs(g - p);
  }
  const mae = npMean(diffs);
  const finalDiff = Math.abs(gLast - pLast);
  const maeScore = Math.exp(-mae / params.mae_scale);
  const finalScore = Math.exp(-finalDiff / params.final_scale);
  const score = 0.7 * maeScore + 0.3 * finalScore;
  return {
    name: 'continuous',
    score,
    binary_pass: mae <= params.mae_thresh && finalDiff <= params.final_thresh,
    details: { mae, final_diff: finalDiff, mae_score: maeScore, final_score: finalScore, score },
  };
}

export interface ChannelOutcome {
  readonly channel: string;
  readonly weight: number;
  readonly result: { score: number; binary_pass: boolean; details?: Readonly<Record<string, unknown>> };
}

/**
 * Combine channel outcomes: weighted mean of the scores (1.0 when the weights sum to 0 or
 * there are no channels), pass when every channel passes.
 */
export function combineContinuous(outcomes: readonly ChannelOutcome[]): MetricResult {
  const perChannel: Record<string, unknown> = {};
  let totalWeight = 0.0;
  let totalScore = 0.0;
  let pass = true;
  for (const o of outcomes) {
    perChannel[o.channel] = { score: o.result.score, binary_pass: o.result.binary_pass, details: o.result.details ?? {}, weight: o.weight };
    totalWeight += o.weight;
    totalScore += o.weight * o.result.score;
    pass = pass && Boolean(o.result.binary_pass);
  }
  return {
    name: 'continuous',
    score: totalWeight > 0 ? totalScore / totalWeight : 1.0,
    binary_pass: pass,
    details: { per_channel: perChannel, weights_sum: totalWeight },
  };
}
