import { npMean } from '../py/numeric.js';
import { DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';
import { orderedEntries, withKeyOrder } from '../py/value.js';
import { notMeasuredReason } from './measured.js';
import { record, type OptionNumbers } from '../schema/helpers.js';
import { channelSchema, type ContinuousChannelSpec, type ContinuousMetric } from './params.js';
import type { MetricPlugin } from './plugin.js';
import type { Metric, MetricContext, MetricResult } from './types.js';

export type { ContinuousChannelSpec, ContinuousMetric, Series } from './params.js';

/** One channel's entry in `details.per_channel`. */
export type ContinuousChannelDetails = {
  readonly score: number;
  readonly binary_pass: boolean;
  readonly details: Readonly<Record<string, unknown>>;
  readonly weight: number;
};

/** `details` of the combined continuous metric. */
export type ContinuousDetails = {
  readonly per_channel: Readonly<Record<string, ContinuousChannelDetails>>;
  readonly weights_sum: number;
  /**
   * Default mode (B10), only when no channel was measured: each channel's reason,
   * `"stage:temp: one empty; stage:rh: non-finite value"` (see `combineContinuous`).
   */
  readonly reason?: string;
};

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
 * A non-finite value (NaN, ±Infinity) is the policy's call (B10: the default fails the channel with
 * score 0 instead of turning every score into NaN).
 */
export function continuousProfile(
  gt: readonly number[],
  pred: readonly number[],
  params: Readonly<ContinuousParams> = DEFAULT_CONTINUOUS,
  policy: ScoringPolicy = DEFAULT_POLICY,
): MetricResult {
  if (gt.length === 0 && pred.length === 0) {
    return {
      name: 'continuous',
      score: 1.0,
      binary_pass: true,
      details: { reason: 'both empty', score: 1.0 },
    };
  }
  if (gt.length === 0 || pred.length === 0) {
    return {
      name: 'continuous',
      score: 0.0,
      binary_pass: false,
      details: { reason: 'one empty', score: 0.0 },
    };
  }
  const nonFinite = policy.continuousNonFinite(gt, pred);
  if (nonFinite) return { name: 'continuous', ...nonFinite };
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
    details: {
      mae,
      final_diff: finalDiff,
      mae_score: maeScore,
      final_score: finalScore,
      score,
      // B10: what the pass was judged against, so a report can say which measure failed.
      ...(policy.continuousThresholds
        ? { mae_thresh: params.mae_thresh, final_thresh: params.final_thresh }
        : {}),
    },
  };
}

export interface ChannelOutcome {
  readonly channel: string;
  readonly weight: number;
  readonly result: {
    score: number;
    binary_pass: boolean;
    details?: Readonly<Record<string, unknown>>;
  };
}

/**
 * Combine channel outcomes: weighted mean of the scores (1.0 when the weights sum to 0 or
 * there are no channels), pass when every channel passes.
 *
 * With `nameUnmeasured` (B10, `ScoringPolicy.continuousReason`), when no channel was measured
 * (`notMeasuredReason`: `one empty`, `both empty`, a non-finite reading), `details.reason` names
 * each channel's reason (`stage:temp: one empty`), so that every report says "not measured"
 * rather than showing the stand-in score as a measurement. The score stays the mean over every
 * channel, stand-ins included, in both modes: a channel the prediction never produced is a
 * failure of the program (0.0), and leaving it out would score a program that drops a channel
 * higher than one that drives it badly.
 */
export function combineContinuous(
  outcomes: readonly ChannelOutcome[],
  nameUnmeasured = false,
): MetricResult<ContinuousDetails> {
  const perChannel: Record<string, ContinuousChannelDetails> = {};
  const reasons: string[] = [];
  let totalWeight = 0.0;
  let totalScore = 0.0;
  let pass = true;
  for (const o of outcomes) {
    perChannel[o.channel] = {
      score: o.result.score,
      binary_pass: o.result.binary_pass,
      details: o.result.details ?? {},
      weight: o.weight,
    };
    totalWeight += o.weight;
    totalScore += o.weight * o.result.score;
    const why = notMeasuredReason(o.result);
    if (why !== undefined) reasons.push(`${o.channel}: ${why}`);
    pass = pass && Boolean(o.result.binary_pass);
  }
  const noneMeasured = outcomes.length > 0 && reasons.length === outcomes.length;
  const details: ContinuousDetails = {
    per_channel: withKeyOrder(
      perChannel,
      outcomes.map((o) => o.channel),
    ),
    weights_sum: totalWeight,
  };
  return {
    name: 'continuous',
    score: totalWeight > 0 ? totalScore / totalWeight : 1.0,
    binary_pass: pass,
    details: nameUnmeasured && noneMeasured ? { ...details, reason: reasons.join('; ') } : details,
  };
}

/** The `[timestamp, value]` series of one channel in a time-sorted trace (values through the policy, T1). */
function seriesOf(
  ctx: MetricContext,
  channel: string,
  side: 'gt' | 'pred',
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const x of side === 'gt' ? ctx.prepared.gtSorted : ctx.prepared.predSorted) {
    if (x.e.channel === channel)
      out.push([
        x.e.timestamp,
        ctx.policy.continuousValue(x.e.value, { channel, side, index: x.i }),
      ]);
  }
  return out;
}

/**
 * The continuous metric over the configured channels (in their order), as a `Metric`: each channel
 * scored by `perChannel` if given, else by the built-in profile (`continuousProfile`), then combined
 * by weight (`combineContinuous`). Reads the time-sorted traces, not the alignment.
 */
export function continuous(
  channels: Readonly<Record<string, ContinuousChannelSpec>>,
  perChannel?: ContinuousMetric,
): Metric<ContinuousDetails> {
  const specs = orderedEntries(channels) as Array<[string, ContinuousChannelSpec]>;
  return Object.freeze({
    name: 'continuous',
    compute: (ctx: MetricContext) => {
      const outcomes: ChannelOutcome[] = specs.map(([channel, spec]) => {
        const s = { ...DEFAULT_CONTINUOUS, ...spec };
        const gt = seriesOf(ctx, channel, 'gt');
        const pred = seriesOf(ctx, channel, 'pred');
        const result = perChannel
          ? perChannel.evaluate(gt, pred, { channel, spec })
          : continuousProfile(
              gt.map((p) => p[1]),
              pred.map((p) => p[1]),
              s,
              ctx.policy,
            );
        return { channel, weight: s.weight, result };
      });
      return combineContinuous(outcomes, ctx.policy.continuousReason);
    },
  });
}

/** Registry entry of the continuous metric (on when `continuous_channels` lists a channel). */
export const continuousPlugin = {
  name: 'continuous',
  aliases: [],
  summary: 'profiles of the continuous channels (MAE and final value), weighted mean over channels',
  option: {
    key: 'continuous_channels',
    schema: (n: OptionNumbers) => record(channelSchema(n)),
  },
  create: (options) => {
    const channels = options.continuous_channels;
    return channels && Object.keys(channels).length > 0
      ? continuous(channels, options.continuous_metric)
      : undefined;
  },
} as const satisfies MetricPlugin<'continuous', ContinuousDetails>;
