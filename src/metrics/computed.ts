import { ConfigError, type InputPath } from '../errors.js';
import type { MetricResult } from './types.js';

/** Whether `metrics` holds a metric named `name` (own key; `"__proto__"` and friends are not metrics). */
export function isComputed(metrics: Readonly<Record<string, MetricResult>>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(metrics, name);
}

/**
 * Throw a `ConfigError` at `path` unless `name` was computed (S1: a weight or a required metric
 * naming a metric that does not exist is a mistake, not a silent 0 / never-pass).
 */
export function assertComputed(
  metrics: Readonly<Record<string, MetricResult>>,
  name: string,
  path: InputPath,
): void {
  if (!isComputed(metrics, name)) {
    throw new ConfigError(
      `metric ${JSON.stringify(name)} is not computed (computed: ${Object.keys(metrics).join(', ')})`,
      { path },
    );
  }
}
