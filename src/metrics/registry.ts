/**
 * The metric registry: the built-in metrics, in the reference's order (`discrete`, `timing`,
 * [`structure`], [`continuous`]). Each is a `Metric` like a user metric; options validation reads
 * their option schemas from here. To add a built-in metric: one file exporting a `MetricPlugin`
 * plus one line below.
 */
import { continuousPlugin } from './continuous.js';
import { discretePlugin } from './discrete.js';
import type { MetricOptions } from './plugin.js';
import { structurePlugin } from './structure.js';
import { timingPlugin } from './timing.js';
import type { Metric } from './types.js';

/** Every built-in metric, in the order results list them. */
export const METRICS = [discretePlugin, timingPlugin, structurePlugin, continuousPlugin] as const;

/** A built-in metric's name. */
export type BuiltInMetricName = (typeof METRICS)[number]['name'];

/** The built-in metrics the options ask for, in order. */
export function builtInMetrics(options: MetricOptions): Metric[] {
  const out: Metric[] = [];
  for (const plugin of METRICS) {
    const m = (plugin.create as (o: MetricOptions) => Metric | undefined)(options);
    if (m) out.push(m);
  }
  return out;
}
