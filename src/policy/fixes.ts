/**
 * The default mode = the reference's behaviour + these fixes. Each entry is one row of the
 * README table "Modes, and differences from the Python reference" (generated from this list by
 * `npm run docs:tables`) and names the policy members it replaces; nothing else in `src/` knows
 * which mode is running.
 */
import { TraceError } from '../errors.js';
import { isPyNumber, toDouble } from '../py/value.js';
import { describeReceived } from '../io/input.js';
import { WEIGHTS_NO_CONTINUOUS, WEIGHTS_WITH_CONTINUOUS } from './reference.js';
import type { Fix, ReadingLocation } from './types.js';

/** B4: why timing was not measured when one pair matched of a golden of several discrete events. */
export const ONE_PAIR_REASON = 'only one matched pair: no interval to time';

/** B4: why timing was not measured when the golden's one discrete event matched. */
export const ONE_EVENT_REASON = 'one discrete event: no interval to time';

/** The default mode's fixes, in README order. */
export const FIXES: readonly Fix[] = Object.freeze([
  {
    id: 'B1',
    title: 'different channels never match',
    reference:
      'a `replace` pair with **different channels** counts as a value match when the values agree (scanning Y instead of X scores 1.0)',
    fixed: 'a pair whose channels differ never matches',
    reason: 'the behaviour differs; the report already said `match: false`',
    cases: ['pub-013', 'pub-016', 'pub-040', 'pub-057', 'pub-062', 'pub-098', 'pub-155'],
    overrides: {
      pairCounts: (sameChannel: boolean, valueMatch: boolean) => sameChannel && valueMatch,
    },
  },
  {
    id: 'B2',
    title: 'equal gt timestamps are scored',
    reference:
      'crashes (`LinAlgError`) when all matched gt timestamps are equal (all-zero timestamps, bursts)',
    fixed: 'scored: perfect if the prediction is also instantaneous, failed otherwise',
    reason: 'traces without timestamps are common',
    cases: ['pub-085', 'pub-086', 'pub-127'],
    overrides: {
      constantGtTime: (predConstant: boolean) =>
        predConstant ? { slope: 1.0, r2: 1.0 } : { slope: Number.NaN, r2: 0.0 },
      scaledTimingFit: true,
      slopeScore: (slope: number) =>
        Number.isNaN(slope) ? 0.0 : 1.0 - Math.min(Math.abs(slope - 1.0), 1.0),
    },
  },
  {
    id: 'B3',
    title: 'reported weights are the weights used',
    reference: 'reported weights/contributions differ from those used with `use_continuous`',
    fixed:
      'the weights used are the weights reported; the continuous weight set is used when the continuous metric exists',
    reason: 'reports must explain the score',
    cases: ['pub-081', 'pub-123'],
    overrides: {
      builtInWeights: (_useContinuous: boolean, hasContinuousMetric: boolean) => {
        const set = hasContinuousMetric ? WEIGHTS_WITH_CONTINUOUS : WEIGHTS_NO_CONTINUOUS;
        return { used: set, shown: set };
      },
    },
  },
  {
    id: 'B4',
    title: 'nothing to time is not a failure, nor a perfect timing',
    reference:
      'timing is required and fails when nothing can be timed: two empty traces, all-ignored, continuous-only traces are never accurate (max 0.8); one matched pair scores a perfect 1.0 even when the prediction missed 29 of 30 golden events',
    fixed:
      'no discrete events on either side, or a one-event golden matched → timing not applicable (score 1, pass); one matched pair of a golden of several events → not measured (score 0, fail, as with no pair)',
    reason:
      'identical traces always score 1 and pass; one pair has no interval to time, and an unmeasured metric must not raise the score of a wrong prediction',
    cases: [
      'pub-020',
      'pub-041',
      'pub-045',
      'pub-048',
      'pub-055',
      'pub-060',
      'pub-065',
      'pub-080',
      'pub-083',
      'pub-112',
      'pub-113',
      'pub-116',
      'pub-117',
    ],
    overrides: {
      timingWithoutEvents: () => ({
        score: 1.0,
        binary_pass: true,
        details: { reason: 'no discrete events to time', score: 1.0 },
      }),
      timingOnePair: (gtEvents: number) =>
        gtEvents <= 1
          ? { score: 1.0, binary_pass: true, details: { reason: ONE_EVENT_REASON, score: 1.0 } }
          : { score: 0.0, binary_pass: false, details: { reason: ONE_PAIR_REASON, score: 0.0 } },
    },
  },
  {
    id: 'B5',
    title: 'best-of forwards every option',
    reference:
      'best-of drops `continuous_channels`, `include_structure`, `timing`, custom metrics; falls back to an empty golden with default options',
    fixed:
      'every option forwarded; no goldens is an error; the best candidate wins whatever its score',
    reason: 'options must mean the same everywhere',
    cases: ['pub-122', 'pub-125', 'pub-126'],
    overrides: {
      bestOf: Object.freeze({
        forwarded: 'all',
        initialBest: -Infinity,
        needsGoldens: true,
        noWinner: 'first-candidate',
        fallbackKeys: Object.freeze([]),
      }),
    },
  },
  {
    id: 'B6',
    title: 'strict config',
    reference:
      'config coercion: a string where a list is expected is iterated per character, `"false"` is true, an unknown comparator type silently becomes numeric 1e-3',
    fixed: 'strict validation: each is an error with file and path',
    reason: 'silent defaults hide mistakes',
    cases: ['pub-130', 'pub-133', 'pub-135', 'pub-136'],
    overrides: { configCoercion: 'strict' },
  },
  {
    id: 'B7',
    title: 'continuous channels count for accuracy',
    reference:
      'continuous thresholds do not count for accuracy unless listed in `required_metrics` (the upstream README says they do)',
    fixed: 'configured continuous channels are required for accuracy',
    reason: 'a wrong temperature ramp is wrong behaviour',
    cases: [
      'pub-066',
      'pub-067',
      'pub-068',
      'pub-069',
      'pub-070',
      'pub-071',
      'pub-072',
      'pub-073',
      'pub-074',
      'pub-075',
    ],
    overrides: {
      requiredMetrics: (
        configured: readonly string[],
        hasContinuousMetric: boolean,
        timingMetricName: string,
      ) =>
        hasContinuousMetric &&
        !configured.includes('continuous') &&
        timingMetricName !== 'continuous'
          ? [...configured, 'continuous']
          : [...configured],
    },
  },
  {
    id: 'B8',
    title: 'a constant prediction is not a perfect fit',
    reference: 'R² = 1 when every matched pred timestamp is equal',
    fixed: 'R² = 0 then (unless the gt is instantaneous too); the score uses R² clamped to [0, 1]',
    reason: 'doing everything at one instant is not a perfect fit',
    cases: ['pub-087'],
    overrides: {
      r2WhenPredConstant: 0.0,
      r2Score: (r2: number) => Math.min(1, Math.max(0, r2)),
    },
  },
  {
    id: 'B9',
    title: 'tolerance against an exact 0',
    reference:
      'relative-only tolerance: a golden exact 0 only matches an exact 0 (`0.0` vs `0.004` fails at 1 %)',
    fixed:
      'against an exact 0, `tol` acts as an absolute tolerance unless `abs_tol` is set; `abs_tol` is available everywhere',
    reason: 'a motor at 0.0 mm is common',
    cases: ['pub-042', 'pub-128'],
    overrides: { zeroTolIsAbsolute: true },
  },
  {
    id: 'B10',
    title: 'consistent edge cases',
    reference:
      'duration score 0 while the duration check passes when the gt duration is 0; `zeroTime()` uses the first event, not the earliest; a NaN reading makes every score NaN; a continuous metric none of whose channels could be measured (`one empty`) reads as a measured score',
    fixed:
      'check and score agree; earliest event; a non-finite continuous reading fails its channel (score 0); a continuous metric none of whose channels was measured says so, with the reason of each channel (its stand-in score and pass unchanged); a measured channel records its thresholds (`mae_thresh`, `final_thresh`) beside its measures',
    reason: 'consistency',
    cases: ['pub-071', 'pub-079', 'pub-097', 'pub-099', 'pub-117', 'pub-140', 'pub-157', 'pub-158'],
    overrides: {
      zeroTimeAt: 'earliest',
      zeroGtDuration: (predDuration: number) =>
        predDuration === 0.0 ? { score: 1.0, ok: true } : { score: 0.0, ok: false },
      continuousNonFinite: (gt: readonly number[], pred: readonly number[]) =>
        gt.every(Number.isFinite) && pred.every(Number.isFinite)
          ? undefined
          : { score: 0.0, binary_pass: false, details: { reason: 'non-finite value', score: 0.0 } },
      continuousReason: true,
      continuousThresholds: true,
    },
  },
  {
    id: 'B11',
    title: 'zero golden intervals do not blow up the interval error',
    reference:
      "the interval MAPE divides each error by max(|golden interval|, 1e-10): a golden with whole-second or equal timestamps (events logged in the same second, two loggers at one instant) makes a perfect prediction's interval error ~10⁹ and fails its timing",
    fixed:
      'intervals that are zero in the golden are left out of the MAPE (counted in `details.intervals_left_out`) unless every golden interval is zero, where B2 decides',
    reason:
      "a relative error against a zero interval is undefined: the golden cannot say how far apart events it logged at one instant were; R², slope and duration still judge the prediction's times",
    cases: ['pub-089'],
    overrides: { mapeSkipsZeroGtIntervals: true },
  },
  {
    id: 'T1',
    title: 'typed value comparison',
    reference:
      'values compare by Python `str()`: `"1"` matches `1`, `True` matches `"True"`, `[1, 2]` ≠ `[1.0, 2.0]`, dict key order matters, `[NaN]` matches `[NaN]` but `NaN` does not match `NaN`',
    fixed:
      'typed comparison: numbers numerically, everything else structurally (`@jest/expect-utils` `equals`, key order ignored, numeric tolerance element-wise, NaN equals NaN); continuous values must be numbers',
    reason: 'JavaScript has no Python `str()`; a string is not a number',
    cases: [
      'pub-045',
      'pub-046',
      'pub-047',
      'pub-048',
      'pub-049',
      'pub-050',
      'pub-051',
      'pub-052',
      'pub-053',
      'pub-076',
    ],
    overrides: {
      valueSemantics: 'typed',
      readValues: 'json',
      nanMatchesNan: true,
      continuousValue: (value: unknown, at: ReadingLocation) => {
        if (isPyNumber(value)) return toDouble(value);
        throw new TraceError(
          `continuous channel "${at.channel}" needs numeric values, got ${describeReceived(value)}`,
          { file: at.side, path: ['events', at.index, 'value'] },
          undefined,
          typeof value === 'string' ? 'ValueError' : 'TypeError', // what the reference raises for the same value
        );
      },
    },
  },
  {
    id: 'S1',
    title: 'no silent defaults',
    reference:
      'loose input: string numbers, non-string channels, `null` comparator specs, unknown metric names that silently never pass; a config entry keyed by a channel neither trace has (a misspelt `comparators.by_channel` key, `ignore_channels` entry) is silently unused',
    fixed:
      'errors naming the file and path; a config entry naming no channel of the traces is a warning (`warnings` of the result, stderr), with a did-you-mean',
    reason: 'never a silent default',
    cases: [
      'pub-058',
      'pub-105',
      'pub-109',
      'pub-110',
      'pub-129',
      'pub-131',
      'pub-132',
      'pub-134',
      'pub-138',
      'pub-149',
    ],
    overrides: {
      metricNamesMustExist: true,
      optionNumbers: 'checked',
      configYaml: 'yaml-1.2',
      warnUnknownChannelKeys: true,
    },
  },
  {
    id: 'A1',
    title: 'alignment follows the behaviour',
    reference:
      'events are paired by channel name only (difflib): in a repeating process (a scan loop, a robot cycle, a retried tool call) one dropped event slides the alignment by a period and the score collapses',
    fixed:
      'the value-aware `behavior` aligner (optimal, asks the channel comparators): a dropped, inserted or changed event costs one row; `aligner: difflib` keeps the reference pairing; the tool calls of one model response (`meta.parallel_group`) are aligned in one canonical order on both sides, by channel then value, so the order they ran in does not count',
    reason:
      'one missing event in a 30-event scan is one problem, not a score of 0.35; an agent that ran two parallel calls in the other order did the same',
    cases: [],
    overrides: {
      defaultAligner: 'behavior',
      parallelCallsUnordered: true,
    },
  },
] as const satisfies readonly Fix[]);
