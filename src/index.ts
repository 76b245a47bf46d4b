/**
 * envtrace-js — judge automation code by what it does: align a predicted execution trace against a
 * golden one and score it. The public API (re-exports only): what a user needs to evaluate, load
 * traces and configs, write reports, record traces, check agent trajectories and plug in their own
 * aligners, comparators and metrics. Kept to at most 30 runtime names (`src/index.test.ts`).
 * The building blocks (aligners, comparators, metrics, policies, importers) are in
 * `envtrace-js/engine` (src/engine.ts), Python value semantics in `envtrace-js/python`.
 */

// Errors
export { EnvTraceError, TraceError, ConfigError, ReferenceRaise } from './errors.js';
export type { InputLocation } from './errors.js';

// Traces: one way to load a file, one way to parse text or an object (docs/importers.md)
export type { TraceEvent, TraceLike, EventTuple } from './trace/types.js';
export { Trace } from './trace/trace.js';
export {
  loadTrace,
  loadTraceSync,
  parseTrace,
  type LoadTraceOptions,
  type ParseTraceOptions,
  type ImportFormat,
  type Importer,
  type ImportContext,
  type ImportWarning,
  type ImportWarningCode,
} from './import/index.js';

// Evaluation
export { evaluate, evaluateBestOf } from './evaluate/evaluate.js';
export type {
  Mode,
  EvaluateOptions,
  EvaluationResult,
  AlignerReport,
  AlignmentRow,
  AlignmentRowSide,
  TimingThresholds,
  ContinuousChannelSpec,
  ContinuousMetric,
  Series,
  NwAlignerSpec,
  AlignerInput,
  TimeUnit,
} from './evaluate/types.js';

// Config files
export { loadConfig, loadConfigSync, parseConfigText } from './config/index.js';

// Reports
export { toJsonReport, stringifyReport, formatTextReport } from './report/index.js';
export type {
  JsonReport,
  ReportCaps,
  ReportStreamOptions,
  TextReportOptions,
} from './report/index.js';
export { ENVTRACE_VERSION } from './version.js';

// Matcher → reporter records (read by custom reporters)
export type {
  EnvTraceRecord,
  GoldenSource,
  RecordVersion,
  TrajectoryVerdict,
} from './transport/record.js';

// Recording traces from environment objects (docs/recorder.md)
export { createRecorder } from './record/index.js';
export type { Recorder, RecorderOptions, RecordedOperation, ChannelNamer } from './record/index.js';

// Agent tool-call trajectories (docs/agents.md)
export {
  matchTrajectory,
  toolCalls,
  trajectoryDistance,
  trajectoryMetric,
} from './trajectory/index.js';
export type {
  ToolCall,
  ToolCallLike,
  TrajectoryInput,
  ArgsMatch,
  ArgsPredicate,
  TrajectoryMode,
  TrajectoryMatchOptions,
  FollowTrajectoryOptions,
  TrajectoryMatch,
  MatchedCall,
  ClosestCandidate,
  TrajectoryIssue,
  TrajectoryScheme,
  TrajectoryWeights,
  Canonicalize,
  TrajectoryDistanceOptions,
  TrajectoryDistance,
  TrajectoryMetricOptions,
} from './trajectory/index.js';

// Plug-in interfaces: your own aligner, comparator or metric (the built-ins: envtrace-js/engine)
export type {
  Aligner,
  AlignContext,
  AlignmentOutcome,
  IndexPair,
  PairTag,
  ValueBuckets,
} from './align/types.js';
export type { AlignerName, AlignerPlugin, AlignerSpecObject, NwOptions } from './align/index.js';
export type { Comparator, ComparatorSpec, ComparatorInput } from './compare/types.js';
export type { ComparatorTypeName } from './compare/registry.js';
export type { ComparatorPlugin, ComparatorCreateContext } from './compare/plugin.js';
export type { Metric, MetricContext, MetricResult, PairVerdict } from './metrics/types.js';
export type {
  BuiltInMetricName,
  MetricPlugin,
  MetricOptions,
  MetricDetails,
  DiscreteDetails,
  TimingDetails,
  StructureDetails,
  ContinuousDetails,
  ContinuousChannelDetails,
  TimingParams,
  ContinuousParams,
} from './metrics/index.js';
export type { Aggregation } from './aggregate/weighted.js';
export type { Decision, DecisionParams } from './decide/decision.js';
export type { Fix, FixId, ScoringPolicy } from './policy/index.js';
