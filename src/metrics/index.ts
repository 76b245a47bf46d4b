export * from './types.js';
export { discreteMetric, discrete, discretePlugin, type DiscreteDetails } from './discrete.js';
export {
  timingMetric,
  timing,
  timingPlugin,
  DEFAULT_TIMING,
  type TimingParams,
  type TimingThresholds,
  type TimingDetails,
} from './timing.js';
export {
  continuousProfile,
  combineContinuous,
  continuous,
  continuousPlugin,
  DEFAULT_CONTINUOUS,
  type ContinuousParams,
  type ChannelOutcome,
  type ContinuousChannelSpec,
  type ContinuousMetric,
  type ContinuousDetails,
  type ContinuousChannelDetails,
  type Series,
} from './continuous.js';
export { structureMetric, structure, structurePlugin, type StructureDetails } from './structure.js';
export { METRICS, builtInMetrics, type BuiltInMetricName } from './registry.js';
export type { MetricPlugin, MetricOptions } from './plugin.js';
