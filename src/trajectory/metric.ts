/**
 * `trajectoryMetric(options)`: the weighted trajectory distance as an envtrace `Metric`, so
 * `evaluate(gt, pred, {metrics: [trajectoryMetric({scheme: 'any_order'})]})` scores tool-call
 * trajectories next to the built-in metrics (and the matchers accept it in their config).
 */
import { ConfigError } from '../errors.js';
import type { Metric, MetricContext, MetricResult } from '../metrics/types.js';
import { callsFromEvents } from './calls.js';
import {
  distanceCalculator,
  type TrajectoryDistance,
  type TrajectoryDistanceOptions,
  type TrajectoryScheme,
} from './distance.js';

/** `details.kind` of a trajectoryMetric result: how records and reports recognise one. */
export const TRAJECTORY_METRIC_KIND = 'trajectory' as const;

const SCHEMES: ReadonlySet<string> = new Set<TrajectoryScheme>([
  'in_order',
  'exact',
  'any_order',
  'superset',
]);

/** Options of `trajectoryMetric`. */
export interface TrajectoryMetricOptions extends TrajectoryDistanceOptions {
  /** The metric's name in `metrics` (and in weights and `required_metrics`). @default "trajectory" */
  readonly name?: string;
  /** Only these channels are tool calls (others are ignored). @default every channel */
  readonly tools?: readonly string[];
  /** `binary_pass` requires `distance <= maxDistance`. @default 0 */
  readonly maxDistance?: number;
}

/**
 * A `Metric` whose score is the normalised trajectory score (1 − distance / max) of the aligned,
 * aliased events (channel = tool, value = arguments); `details` hold `distance` and `max` so
 * reports can aggregate a corpus as total distance / total max.
 */
export function trajectoryMetric(options: TrajectoryMetricOptions = {}): Metric {
  const { name = 'trajectory', tools, maxDistance = 0, ...distanceOptions } = options;
  if (typeof name !== 'string' || name === '')
    throw new ConfigError('expected a non-empty metric name', { path: ['name'] });
  if (typeof maxDistance !== 'number' || !(maxDistance >= 0))
    throw new ConfigError('expected a number >= 0', { path: ['maxDistance'] });
  const keep = tools === undefined ? undefined : new Set(tools);
  // Options are validated now, not at the first evaluation.
  const distance = distanceCalculator(distanceOptions);
  return {
    name,
    compute(ctx: MetricContext): MetricResult {
      const pick = (events: MetricContext['gt']) =>
        callsFromEvents(keep ? events.filter((e) => keep.has(e.channel)) : events);
      const d = distance(pick(ctx.gt), pick(ctx.pred));
      return {
        name,
        score: d.score,
        binary_pass: d.distance <= maxDistance,
        details: {
          kind: TRAJECTORY_METRIC_KIND,
          scheme: d.scheme,
          distance: d.distance,
          max: d.max,
          max_distance: maxDistance,
        },
      };
    },
  };
}

/**
 * The distance a `trajectoryMetric` result carries, or `undefined` for any other metric's
 * result (recognised by `details.kind === "trajectory"` with a known scheme and finite,
 * non-negative `distance` ≤ `max`).
 */
export function trajectoryMetricDistance(
  result: Pick<MetricResult, 'details'>,
): TrajectoryDistance | undefined {
  const d = result.details;
  if (d['kind'] !== TRAJECTORY_METRIC_KIND) return undefined;
  const { scheme, distance, max } = d;
  if (typeof scheme !== 'string' || !SCHEMES.has(scheme)) return undefined;
  if (
    typeof distance !== 'number' ||
    typeof max !== 'number' ||
    !Number.isFinite(distance) ||
    !Number.isFinite(max)
  )
    return undefined;
  if (distance < 0 || distance > max) return undefined;
  return {
    scheme: scheme as TrajectoryScheme,
    distance,
    max,
    score: max === 0 ? 1 : 1 - distance / max,
  };
}
