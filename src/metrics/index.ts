export * from './types.js';
export { discreteMetric } from './discrete.js';
export { timingMetric, DEFAULT_TIMING, type TimingParams } from './timing.js';
export { continuousProfile, combineContinuous, DEFAULT_CONTINUOUS, type ContinuousParams, type ChannelOutcome } from './continuous.js';
export { structureMetric } from './structure.js';
