import type { z } from 'zod';
import type { OptionNumbers } from '../schema/helpers.js';
import type { ContinuousChannelSpec, ContinuousMetric, TimingThresholds } from './params.js';
import type { Metric, MetricDetails } from './types.js';

/** The options the built-in metrics read (a structural subset of `EvaluateOptions`). */
export interface MetricOptions {
  readonly timing?: TimingThresholds | undefined;
  readonly continuous_channels?: Readonly<Record<string, ContinuousChannelSpec>> | undefined;
  readonly include_structure?: boolean | undefined;
  readonly continuous_metric?: ContinuousMetric | undefined;
}

/**
 * One built-in metric: its name (the key in `metrics`, weights and `required_metrics`), aliases,
 * a one-line summary, the options key it reads with that key's zod schema, and `create`, which
 * returns the `Metric` for the options (or `undefined` when the options leave it out).
 */
export interface MetricPlugin<
  Name extends string = string,
  D extends MetricDetails = MetricDetails,
> {
  readonly name: Name;
  readonly aliases: readonly string[];
  readonly summary: string;
  /** The top-level options key holding its parameters, if any. */
  readonly option?: {
    readonly key: keyof MetricOptions;
    schema(numbers: OptionNumbers): z.ZodType;
  };
  create(options: MetricOptions): Metric<D> | undefined;
}
