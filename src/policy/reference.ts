/**
 * The Python reference's behaviour (CFN-softbio/EnvTrace 415b81f), member by member. Reference
 * mode uses this object as it is; the default mode replaces the members named by each fix in
 * `./fixes.ts`.
 */
import { pyFloat } from '../py/float.js';
import type { PolicyMembers, WeightList } from './types.js';

/** The reference's built-in weights without continuous channels. */
export const WEIGHTS_NO_CONTINUOUS: WeightList = Object.freeze([
  ['discrete', 0.8],
  ['timing', 0.2],
] as const);

/** The reference's built-in weights with continuous channels (or `use_continuous`). */
export const WEIGHTS_WITH_CONTINUOUS: WeightList = Object.freeze([
  ['discrete', 0.6],
  ['timing', 0.2],
  ['continuous', 0.2],
] as const);

/** The reference's `TimingMetric` message when no pair can be timed. */
export const NO_PAIRS_REASON = 'no matching PV/value pairs for timing evaluation';

/** Python's `min(v, 1.0)`: `v` unless `1.0 < v` (so NaN stays NaN). */
function min1(v: number): number {
  return 1.0 < v ? 1.0 : v;
}

/** The reference's members (README Q5–Q19). */
export const REFERENCE_MEMBERS: PolicyMembers = Object.freeze({
  // difflib.SequenceMatcher on the channel names (the only aligner of the reference).
  defaultAligner: 'difflib',
  // json.loads keeps int/float and key order; zero_time() subtracts events[0].timestamp (Q20).
  readValues: 'python',
  zeroTimeAt: 'first',
  valueSemantics: 'python-str',
  nanMatchesNan: false,
  zeroTolIsAbsolute: false,
  // Q11/Q12: values are compared without checking the channels.
  pairCounts: (_sameChannel: boolean, valueMatch: boolean) => valueMatch,

  timingWithoutEvents: () => undefined,
  // One matched pair: `{score: 1.0}`, pass, whatever the golden held.
  timingOnePair: () => undefined,
  // numpy's polyfit on a zero-norm column: LinAlgError.
  constantGtTime: () => undefined,
  scaledTimingFit: false,
  slopeScore: (slope: number) => 1.0 - min1(Math.abs(slope - 1.0)),
  r2WhenPredConstant: 1.0,
  r2Score: (r2: number) => r2,
  // mape = mean(|g − p| / max(|g|, 1e-10)) over every interval.
  mapeSkipsZeroGtIntervals: false,
  // duration_score = 0 while the binary duration check is skipped.
  zeroGtDuration: () => ({ score: 0.0, ok: true }),
  continuousNonFinite: () => undefined,
  // combine_continuous reports the mean of the stand-in scores, with no word that none was measured.
  continuousReason: false,
  continuousThresholds: false,
  continuousValue: (value: unknown) => pyFloat(value),

  // The aggregator picks by use_continuous or continuous channels; the report by the presence of
  // the continuous metric.
  builtInWeights: (useContinuous: boolean, hasContinuousMetric: boolean) => ({
    used: useContinuous ? WEIGHTS_WITH_CONTINUOUS : WEIGHTS_NO_CONTINUOUS,
    shown: hasContinuousMetric ? WEIGHTS_WITH_CONTINUOUS : WEIGHTS_NO_CONTINUOUS,
  }),
  requiredMetrics: (configured: readonly string[]) => [...configured],
  metricNamesMustExist: false,

  // A by_channel key or ignore_channels entry naming no channel is never used, without a word.
  warnUnknownChannelKeys: false,

  // Events are aligned in time order, parallel tool calls included.
  parallelCallsUnordered: false,

  bestOf: Object.freeze({
    forwarded: Object.freeze([
      'comparators',
      'ignore_channels',
      'aliases',
      'use_continuous',
      'aligner',
      'abs_tol',
      'aggregation',
      'decision',
    ]),
    initialBest: -1.0,
    needsGoldens: false,
    noWinner: 'empty-golden',
    fallbackKeys: Object.freeze(['aggregation', 'decision']),
  }),

  configCoercion: 'python',
  configYaml: 'pyyaml-1.1',
  optionNumbers: 'any-double',
} satisfies PolicyMembers);
