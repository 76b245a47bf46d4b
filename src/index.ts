/**
 * envtrace-js — judge automation code by what it does: align a predicted execution trace against a
 * golden one and score it. Public API (re-exports only).
 */

// Errors
export { EnvTraceError, TraceError, ConfigError, ReferenceRaise, formatPath } from './errors.js';
export type { InputLocation } from './errors.js';
export { JsonSyntaxError } from './py/json.js';
/** Levels of nested arrays/objects allowed in an event value or meta and in a config (README "Limits"). */
export { MAX_DEPTH } from './py/depth.js';

// Python value semantics (PyFloat, pyStr, parsePyJson…) are in the `envtrace-js/python` entry (src/python.ts).

// Traces
export type { TraceEvent, TraceLike, EventTuple } from './trace/types.js';
export { Trace, sortEventsByTime } from './trace/trace.js';
// Importers: OTLP GenAI, OpenInference, ATIF, OpenAI messages, Bluesky, camonitor, rosbag2, CSV
export {
  readTrace,
  readTraceSync,
  parseTraceText,
  importFile,
  importFileSync,
  importers,
  detectFormat,
  type ReadTraceOptions,
  type ImportedTrace,
  type ImportFormat,
  type Importer,
  type ImportContext,
} from './import/index.js';
export { parseTrace, loadTrace, loadTraceSync, type ParseTraceOptions } from './trace/parse.js';

// Alignment
export type { Aligner, AlignContext, IndexPair, PairTag, ValueBuckets } from './align/types.js';
export {
  DifflibAligner,
  NeedlemanWunschAligner,
  difflibOpcodes,
  createAligner,
  internKeys,
  ALIGNERS,
} from './align/index.js';
export type { AlignerName, AlignerPlugin, AlignerSpecObject } from './align/index.js';
export type { NwOptions, Opcode } from './align/index.js';

// Comparison
export type { Comparator, ComparatorSpec, ComparatorInput } from './compare/types.js';
export { ComparatorSet, createComparator } from './compare/set.js';
export {
  COMPARATORS,
  canonicalComparatorType,
  type ComparatorTypeName,
} from './compare/registry.js';
export type { ComparatorPlugin, ComparatorCreateContext } from './compare/plugin.js';
export {
  exactComparator,
  toleranceComparator,
  alwaysTrueComparator,
  deepComparator,
  DEFAULT_TOL,
} from './compare/comparators.js';
export { compareAlignment, type EventPair } from './compare/verdicts.js';
export {
  toleranceSummary,
  type ChannelTolerance,
  type ToleranceSummary,
  type ToleranceUse,
} from './compare/tolerance-use.js';
export type { NumberTolerances } from './compare/comparator.js';

// Metrics, aggregation, decision
export type { Metric, MetricContext, MetricResult, PairVerdict } from './metrics/types.js';
export {
  discreteMetric,
  timingMetric,
  continuousProfile,
  combineContinuous,
  structureMetric,
  DEFAULT_TIMING,
  DEFAULT_CONTINUOUS,
  type TimingParams,
  type ContinuousParams,
} from './metrics/index.js';
export {
  METRICS,
  builtInMetrics,
  type BuiltInMetricName,
  type MetricPlugin,
  type MetricOptions,
} from './metrics/index.js';
export type {
  MetricDetails,
  DiscreteDetails,
  TimingDetails,
  StructureDetails,
  ContinuousDetails,
  ContinuousChannelDetails,
} from './metrics/index.js';
export {
  aggregate,
  weightedSum,
  WEIGHTS_NO_CONTINUOUS,
  WEIGHTS_WITH_CONTINUOUS,
  type Aggregation,
  type AggregateOptions,
} from './aggregate/weighted.js';
export {
  decide,
  decisionParams,
  type DecisionParams,
  type Decision,
  type DecisionOptions,
} from './decide/decision.js';

// Modes and scoring policies (reference behaviour, the default's named fixes)
export {
  MODES,
  FIXES,
  DEFAULT_POLICY,
  REFERENCE_POLICY,
  policyFor,
  applyFixes,
} from './policy/index.js';
export type { Fix, FixId, PolicyInput, PolicyMembers, ScoringPolicy } from './policy/index.js';

// Evaluation
export type {
  Mode,
  EvaluateOptions,
  EvaluationResult,
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
export { evaluate, evaluateBestOf } from './evaluate/evaluate.js';
export { TIME_UNITS } from './evaluate/timeUnit.js';
export { validateOptions } from './evaluate/options.js';

// Config files
export { loadConfig, loadConfigSync, parseConfigText } from './config/index.js';

// Reports
export {
  toJsonReport,
  stringifyReport,
  reportChunks,
  DEFAULT_MAX_STRING_LENGTH,
  DEFAULT_MAX_VALUE_ITEMS,
  formatTextReport,
  escapeForTerminal,
} from './report/index.js';
export type {
  JsonReport,
  ReportCaps,
  ReportStreamOptions,
  TextReportOptions,
} from './report/index.js';
export { ENVTRACE_VERSION } from './version.js';

// Matcher → reporter records
export type {
  EnvTraceRecord,
  GoldenSource,
  RecordVersion,
  TrajectoryVerdict,
} from './transport/record.js';
export { RECORD_VERSION } from './transport/record.js';

// Recording traces from environment objects (docs/recorder.md)
export { createRecorder } from './record/index.js';
export type { Recorder, RecorderOptions, RecordedOperation, ChannelNamer } from './record/index.js';

// Agent tool-call trajectories (docs/agents.md)
export {
  matchTrajectory,
  callPredicate,
  toolCalls,
  formatCall,
  closestCandidate,
  trajectoryIssues,
  trajectoryDistance,
  parseTrajectoryWeights,
  aggregateTrajectoryDistances,
  trajectoryMetric,
  trajectoryMetricDistance,
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
