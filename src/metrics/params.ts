/**
 * The option shapes of the built-in metrics (timing thresholds, continuous channel parameters): their
 * zod schemas and inferred types. A leaf module, so the metric plug-in interface can name them
 * without importing the metrics that implement it.
 */
import type { z } from 'zod';
import { strict, type OptionNumbers } from '../schema/helpers.js';

/** The zod schema of the `timing` options section. */
export const thresholdsSchema = (n: OptionNumbers) =>
  strict({ r2_thresh: n.any.optional(), slope_lo: n.any.optional(), slope_hi: n.any.optional(), dur_tol: n.any.optional(), mape_tol: n.any.optional() });

/** Timing thresholds as written in options (every key optional; defaults `DEFAULT_TIMING`). */
export type TimingThresholds = z.infer<ReturnType<typeof thresholdsSchema>>;

/** A series of `[timestamp, value]` points of one continuous channel. */
export type Series = ReadonlyArray<readonly [number, number]>;

/** The zod schema of one channel's parameters. */
export const channelSchema = (n: OptionNumbers) =>
  strict({
    mae_scale: n.positive.optional(),
    final_scale: n.positive.optional(),
    mae_thresh: n.nonNegative.optional(),
    final_thresh: n.nonNegative.optional(),
    weight: n.nonNegative.optional(),
  });

/** One continuous channel's parameters as written in options (defaults `DEFAULT_CONTINUOUS`: 15, 15, 5, 5, weight 1). */
export type ContinuousChannelSpec = z.infer<ReturnType<typeof channelSchema>>;

/** A per-channel continuous metric (replaces the built-in profile metric when given). */
export interface ContinuousMetric {
  evaluate(
    gt: Series,
    pred: Series,
    context: { readonly channel: string; readonly spec: Readonly<ContinuousChannelSpec> },
  ): { score: number; binary_pass: boolean; details?: Record<string, unknown> };
}

