/**
 * `envtrace-js/engine`: the building blocks behind `evaluate` — aligners, comparators, metrics,
 * aggregation and decision, the scoring policies, the importer registry, report streaming. For
 * tools built on envtrace (a custom pipeline, a benchmark, an importer); less stable than the root
 * entry: names here may change in a minor version. Re-exports only.
 */

// Errors and limits
export { formatPath } from './errors.js';
/** Levels of nested arrays/objects allowed in an event value or meta and in a config (docs/limits). */
export { MAX_DEPTH } from './py/depth.js';

// Traces and importers
export { sortEventsByTime } from './trace/trace.js';
export {
  importFile,
  importFileSync,
  formatWarning,
  importers,
  detectFormat,
  type ImportedTrace,
} from './import/index.js';

// Alignment
export {
  DifflibAligner,
  NeedlemanWunschAligner,
  difflibOpcodes,
  createAligner,
  internKeys,
  ALIGNERS,
} from './align/index.js';
export type { Opcode } from './align/index.js';

// Comparison
export { ComparatorSet, createComparator } from './compare/set.js';
export { COMPARATORS, canonicalComparatorType } from './compare/registry.js';
export {
  exactComparator,
  toleranceComparator,
  alwaysTrueComparator,
  deepComparator,
  DEFAULT_TOL,
} from './compare/comparators.js';
export { compareAlignment, type EventPair } from './compare/verdicts.js';

// Metrics, aggregation, decision
export {
  discreteMetric,
  timingMetric,
  continuousProfile,
  combineContinuous,
  structureMetric,
  DEFAULT_TIMING,
  DEFAULT_CONTINUOUS,
  METRICS,
  builtInMetrics,
} from './metrics/index.js';
export {
  aggregate,
  weightedSum,
  WEIGHTS_NO_CONTINUOUS,
  WEIGHTS_WITH_CONTINUOUS,
  type AggregateOptions,
} from './aggregate/weighted.js';
export { decide, decisionParams, type DecisionOptions } from './decide/decision.js';

// Modes and scoring policies (reference behaviour, the default's named fixes)
export {
  MODES,
  FIXES,
  DEFAULT_POLICY,
  REFERENCE_POLICY,
  policyFor,
  applyFixes,
} from './policy/index.js';
export type { PolicyMembers, ReportStyle } from './policy/index.js';

// Options
export { TIME_UNITS } from './evaluate/timeUnit.js';
export { validateOptions } from './evaluate/options.js';

// Reports: streamed JSON with size caps
export {
  reportChunks,
  DEFAULT_MAX_STRING_LENGTH,
  DEFAULT_MAX_VALUE_ITEMS,
} from './report/index.js';

// Matcher → reporter records
export { RECORD_VERSION } from './transport/record.js';

// Agent trajectories: the parts of the matcher's report and of the distance
export {
  closestCandidate,
  trajectoryIssues,
  parseTrajectoryWeights,
  aggregateTrajectoryDistances,
  trajectoryMetricDistance,
} from './trajectory/index.js';
