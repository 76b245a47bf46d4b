/**
 * The option shapes of the built-in metrics (timing thresholds, continuous channel parameters): their
 * zod schemas and inferred types. A leaf module, so the metric plug-in interface can name them
 * without importing the metrics that implement it.
 */
import type { z } from 'zod';
import { strict, type OptionNumbers } from '../schema/helpers.js';

/** The default `slope_lo` / `slope_hi` (`DEFAULT_TIMING`'s), to check one given against the other's default. */
export const DEFAULT_SLOPES = { lo: 0.8, hi: 1.2 } as const;

/**
 * The zod schema of the `timing` options section. Checked (default mode): `r2_thresh` in [0, 1],
 * `dur_tol` and `mape_tol` ≥ 0, and `slope_lo` ≤ `slope_hi` (defaults filled in) — else even
 * identical traces would fail the timing metric.
 */
export const thresholdsSchema = (n: OptionNumbers) =>
  strict({
    r2_thresh: n.unit.optional(),
    slope_lo: n.any.optional(),
    slope_hi: n.any.optional(),
    dur_tol: n.nonNegative.optional(),
    mape_tol: n.nonNegative.optional(),
  }).superRefine((t, ctx) => {
    if (!n.checked) return;
    const lo = t.slope_lo ?? DEFAULT_SLOPES.lo;
    const hi = t.slope_hi ?? DEFAULT_SLOPES.hi;
    if (lo > hi) {
      const which = t.slope_lo === undefined ? 'slope_hi' : 'slope_lo';
      const shown = (v: number, given: boolean) => `${v}${given ? '' : ' (the default)'}`;
      ctx.addIssue({
        code: 'custom',
        path: [which],
        input: t[which],
        message: `slope_lo ${shown(lo, t.slope_lo !== undefined)} must not exceed slope_hi ${shown(hi, t.slope_hi !== undefined)}`,
      });
    }
  });

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
