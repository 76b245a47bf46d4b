/**
 * Corpus cases whose reference numbers the DEFAULT mode does not reproduce, each with the fix that
 * causes it and the fix's effect: the fields it changes and their new values.
 *
 * Fix ids: B1–B10 are the reference bugs of the corpus README §5 (test/conformance/cases/README.md),
 * fixed by default; T1 = typed value comparison instead of Python `str()` (`"1"` ≠ `1`,
 * `True` ≠ `"True"`, lists/dicts compared structurally with tolerance, key order ignored, NaN
 * equals NaN, continuous values must be numbers); S1 = strict validation instead of silent
 * coercion or silent never-pass. The project README "Modes, and differences from the Python
 * reference" explains each id.
 *
 * `expect` maps an RFC 6901 JSON Pointer into the default-mode outcome to its value:
 * - a result (kinds evaluate/evaluate_config/best_of/metric/trace_ops) is the harness report
 *   (`/full_score`, `/metrics/discrete/details/value_matches`, …);
 * - a thrown error is `{ error: { name, message } }` (`/error/name`, `/error/message`).
 * Values are compared like the harness compares the corpus (floats within 1e-9 relative, NaN
 * equals NaN, objects by key set); a `RegExp` (or a list of them) must match the string there;
 * `undefined` means the field must be absent.
 *
 * Every number is derived by hand from the case's input, or from the reference's number plus the
 * fix; `why` says how. Reference mode still reproduces every case; the conformance test checks
 * that each listed case deviates, that its `expect` holds, that at least one listed field differs
 * from the reference, and that no unlisted case deviates.
 */

/** The reason a default-mode result differs from the reference. */
export type FixId =
  'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'B8' | 'B9' | 'B10' | 'B11' | 'T1' | 'S1';

/** A value expected at a pointer: compared with the harness tolerance; RegExp(s) match a string; undefined = absent. */
export type Expected = unknown;

/** One documented default-mode deviation from a corpus case. */
export interface Deviation {
  /** Corpus case id (file name without `.json`). */
  readonly id: string;
  /** The fix (or fixes, in order of effect) that make default mode differ. */
  readonly fix: FixId | readonly FixId[];
  /** JSON Pointer into the default-mode outcome → the value the fix produces there. */
  readonly expect: Readonly<Record<string, Expected>>;
  /** How the new values follow from the input or the reference's numbers. */
  readonly why: string;
  /** Reference numbers the derivation starts from (pointer → value in the corpus case's `expected`), checked too. */
  readonly reference?: Readonly<Record<string, Expected>>;
}

/** Weighted default aggregation: 0.8·discrete + 0.2·timing. */
const dt = (discrete: number, timing: number): number => 0.8 * discrete + 0.2 * timing;
/** The continuous weight set: 0.6·discrete + 0.2·timing + 0.2·continuous. */
const dtc = (discrete: number, timing: number, continuous: number): number =>
  0.6 * discrete + 0.2 * timing + 0.2 * continuous;
/** Continuous profile score with the default scales 15/15. */
const profile = (mae: number, finalDiff: number): number =>
  0.7 * Math.exp(-mae / 15) + 0.3 * Math.exp(-finalDiff / 15);

/** B7: a configured continuous channel is a required metric; accuracy needs its pass. */
const b7 = (id: string, continuousPasses: boolean, detail: string): Deviation => ({
  id,
  fix: 'B7',
  expect: {
    '/decision/required_metrics': ['continuous'],
    '/decision/passes/continuous': continuousPasses,
    '/accuracy': continuousPasses,
  },
  why: `continuous channels are configured, so "continuous" joins required_metrics; the reference's own continuous binary_pass is ${continuousPasses} (${detail}) and discrete/timing pass, so accuracy = ${continuousPasses}`,
  reference: {
    '/metrics/continuous/binary_pass': continuousPasses,
    '/metrics/discrete/binary_pass': true,
    '/metrics/timing/binary_pass': true,
    '/accuracy': true,
  },
});

/** B10 on top of a B7 case: a continuous metric none of whose channels was measured says so. */
const b7AndB10 = (
  d: Deviation,
  expect: Readonly<Record<string, Expected>>,
  why: string,
): Deviation => ({
  ...d,
  fix: ['B7', 'B10'],
  expect: { ...d.expect, ...expect },
  why: `${d.why}; B10: ${why}`,
});

/** B4: why timing was not measured with one matched pair (the policy's `ONE_PAIR_REASON`). */
const ONE_PAIR = 'only one matched pair: no interval to time';

/**
 * B4: one pair of a golden of several discrete events matched: timing is not measured, scored 0
 * and failed as with no pair (the reference: 1.0, pass), so the full score loses its 0.2.
 */
const b4OnePair = (id: string, discrete: number, detail: string): Deviation => ({
  id,
  fix: 'B4',
  expect: {
    '/metrics/timing/score': 0,
    '/metrics/timing/binary_pass': false,
    '/metrics/timing/details/reason': ONE_PAIR,
    '/decision/passes/timing': false,
    '/full_score': dt(discrete, 0),
  },
  why: `${detail}: one matched pair, no interval to time → timing not measured (0, fail) instead of 1, pass; full 0.8·${discrete.toFixed(4)} + 0.2·0`,
  reference: { '/metrics/timing/score': 1, '/metrics/discrete/score': discrete },
});

/** A config error (S1/B6) from the loader: names the config file and each offending option path. */
const configError = (
  id: string,
  fix: FixId,
  file: 'config.json' | 'config.yaml',
  messages: readonly RegExp[],
  why: string,
): Deviation => ({
  id,
  fix,
  expect: {
    '/error/name': 'ConfigError',
    '/error/message': [new RegExp(`${file.replace('.', '\\.')}: `), ...messages],
  },
  why,
});

export const DEFAULT_MODE_DEVIATIONS: readonly Deviation[] = [
  // ---- B1: a pair whose channels differ never matches (discrete and timing) -------------------
  {
    id: 'pub-013-edits-replace-channel-same-value',
    fix: 'B1',
    expect: {
      '/metrics/discrete/details/value_matches': 7,
      '/metrics/discrete/score': 7 / 8,
      '/metrics/discrete/binary_pass': false,
      '/metrics/timing/score': 1,
      '/full_score': dt(7 / 8, 1),
      '/accuracy': false,
    },
    why: 'the motor:y/motor:z pair no longer counts: 8 → 7 of 8 value matches, not exact; the 7 other pairs keep identical times (timing 1); full 0.8·0.875 + 0.2 = 0.9',
  },
  {
    id: 'pub-016-edits-random-edits-1',
    fix: 'B1',
    expect: {
      '/metrics/discrete/details/value_matches': 33,
      '/metrics/discrete/score': 33 / 39,
      '/aggregation/contributions/discrete': 0.8 * (33 / 39),
      '/accuracy': false,
    },
    why: 'the reference alignment has exactly one pair with different channels and equal values (motor:y vs det:AcquireTime, 17.377): 34 → 33 of 39; that pair also leaves the timing fit (its numbers move slightly, not asserted)',
    reference: {
      '/metrics/discrete/details/value_matches': 34,
      '/metrics/discrete/details/total_pairs': 39,
    },
  },
  {
    id: 'pub-040-difflib-eval-random-400x20ch',
    fix: 'B1',
    expect: {
      '/metrics/discrete/details/value_matches': 389,
      '/metrics/discrete/score': 389 / 407,
      '/aggregation/contributions/discrete': 0.8 * (389 / 407),
      '/accuracy': false,
    },
    why: 'the reference alignment has four pairs with different channels and equal values (PV:07/PV:18, PV:00/PV:08, PV:00/PV:14, PV:16/PV:13): 393 → 389 of 407',
    reference: {
      '/metrics/discrete/details/value_matches': 393,
      '/metrics/discrete/details/total_pairs': 407,
    },
  },
  {
    id: 'pub-057-comparators-replace-pair-uses-gt-channel-comparator',
    fix: 'B1',
    expect: {
      '/metrics/discrete/details/value_matches': 2,
      '/metrics/discrete/score': 2 / 3,
      '/metrics/timing/score': 1,
      '/full_score': dt(2 / 3, 1),
      '/accuracy': false,
    },
    why: "det:Acquire (always_true) vs motor:q is a channel mismatch, whatever the gt channel's comparator: 2 of 3; the two remaining pairs have identical times (timing 1); full 0.8·2/3 + 0.2",
  },
  {
    id: 'pub-062-aliases-alias-chain-not-transitive',
    fix: 'B1',
    expect: {
      '/metrics/discrete/details/value_matches': 0,
      '/metrics/discrete/score': 0,
      '/metrics/timing/score': 0,
      '/metrics/timing/binary_pass': false,
      '/full_score': 0,
      '/accuracy': false,
    },
    why: 'both pairs (b vs c, x vs c) have different channels: no value match, nothing to time (timing 0, fail), full 0',
  },
  {
    id: 'pub-098-metric-timing-gaps-and-replace',
    fix: 'B1',
    expect: {
      '/details/r2': 1,
      '/details/slope': 3.1 / 3,
      '/details/mape': 0.1 / 3,
      '/details/duration_score': 1 - 0.1 / 3 / 0.25,
      '/score': 0.4 + 0.2 * (1 - 0.1 / 3) + 0.2 * (1 - 0.1 / 3 / 0.25) + 0.2 * (1 - 0.1 / 3),
      '/binary_pass': true,
    },
    why: 'the c/z pair is no longer timed; left a (0→0) and d (3→3.1, 4 vs 4.3 within tol 0.1): two points fit exactly, r2 1, slope 3.1/3, one interval with |3−3.1|/3 = 1/30 error, duration |3.1−3|/3/0.25',
  },
  {
    id: 'pub-155-realistic-bl-xscan-wrong-axis',
    fix: 'B1',
    expect: {
      '/metrics/discrete/details/value_matches': 7,
      '/metrics/discrete/score': 0.7,
      '/metrics/discrete/binary_pass': false,
      '/full_score': dt(0.7, 1),
      '/accuracy': false,
    },
    why: 'the three motor:x vs motor:y pairs (equal positions) are mismatches: 10 → 7 of 10; the other 7 pairs keep the reference timing (1); full 0.8·0.7 + 0.2 = 0.76',
    reference: { '/metrics/timing/score': 1, '/metrics/discrete/details/value_matches': 10 },
  },

  // ---- B2: equal gt timestamps are scored, not a crash ------------------------------------------
  {
    id: 'pub-085-timing-all-gt-timestamps-equal-raises',
    fix: 'B2',
    expect: {
      '/metrics/timing/score': 0,
      '/metrics/timing/binary_pass': false,
      '/metrics/timing/details/r2': 0,
      '/metrics/timing/details/duration_ratio': 2,
      '/metrics/timing/details/mape': 1e10,
      '/metrics/discrete/score': 1,
      '/full_score': dt(1, 0),
      '/accuracy': false,
    },
    why: 'gt all at t=5 (instantaneous), pred at 0,1,2 (not): scored as failed timing instead of LinAlgError. r2 0, slope score 0, duration score 0 (dur_gt 0, B10), intervals 0 vs 1 → mape 1/1e-10 = 1e10, score 0; ratio 2/1; full 0.8',
  },
  {
    id: 'pub-086-timing-all-timestamps-zero-raises',
    fix: 'B2',
    expect: {
      '/metrics/timing/score': 1,
      '/metrics/timing/binary_pass': true,
      '/full_score': 1,
      '/accuracy': true,
    },
    why: 'both traces all at t=0: the prediction is as instantaneous as the golden, a perfect timing instead of LinAlgError; identical traces → 1.0, accurate',
  },
  {
    id: 'pub-127-best_of-raises-on-constant-gt',
    fix: 'B2',
    expect: { '/best_index': 0, '/full_score': 1, '/accuracy': true },
    why: 'candidate 1 (all gt times 1) is scored instead of aborting the call; candidate 0 is identical to the prediction (1.0) and wins',
  },

  // ---- B3: the weights used are the weights reported --------------------------------------------
  {
    id: 'pub-081-continuous-use-continuous-without-channels',
    fix: 'B3',
    expect: {
      '/full_score': 1,
      '/aggregation/weights': { discrete: 0.8, timing: 0.2 },
      '/aggregation/contributions/_sum': 1,
    },
    why: 'no continuous metric exists, so the 0.8/0.2 set (the one the reference already reported) is also the one used: full = 0.8·1 + 0.2·1 = 1 instead of 0.6 + 0.2 = 0.8',
  },
  {
    id: 'pub-123-best_of-use-continuous-forwarded',
    fix: 'B3',
    expect: { '/full_score': 1, '/aggregation/contributions/_sum': 1, '/best_index': 0 },
    why: 'same as pub-081 through best-of: a perfect match with use_continuous and no continuous metric scores 0.8·1 + 0.2·1 = 1',
  },

  // ---- B4: nothing to time is not a timing failure ----------------------------------------------
  {
    id: 'pub-060-ignore-ignore-everything',
    fix: 'B4',
    expect: {
      '/metrics/timing/score': 1,
      '/metrics/timing/binary_pass': true,
      '/full_score': 1,
      '/accuracy': true,
    },
    why: 'every channel ignored: no discrete events on either side, timing not applicable (1, pass); full 0.8·1 + 0.2·1 instead of 0.8',
  },
  {
    id: 'pub-116-empty-both-empty',
    fix: 'B4',
    expect: {
      '/metrics/timing/score': 1,
      '/metrics/timing/binary_pass': true,
      '/full_score': 1,
      '/accuracy': true,
    },
    why: 'two empty traces are identical: timing not applicable (1, pass); full 1 instead of 0.8',
  },
  {
    id: 'pub-117-empty-both-empty-continuous',
    fix: ['B4', 'B7', 'B10'],
    expect: {
      '/metrics/timing/score': 1,
      '/full_score': dtc(1, 1, 1),
      '/decision/passes/continuous': true,
      '/accuracy': true,
      '/metrics/continuous/score': 1,
      '/metrics/continuous/details/reason': 'stage:temp: both empty',
    },
    why: "B4 as pub-116 with the continuous weight set: 0.6 + 0.2·1 + 0.2·1 ('both empty' profile = 1) instead of 0.8; B7 requires the continuous metric, which passes; B10: its only channel was not measured, so the combined result carries the reason 'stage:temp: both empty' (stand-in score 1 unchanged)",
  },
  {
    id: 'pub-080-continuous-only-continuous',
    fix: ['B4', 'B7'],
    expect: {
      '/metrics/timing/score': 1,
      '/metrics/timing/binary_pass': true,
      '/full_score': dtc(1, 1, 1),
      '/decision/passes/continuous': true,
      '/accuracy': true,
    },
    why: 'only continuous events: no discrete events to time (1, pass); identical profile (1) → 0.6 + 0.2 + 0.2 = 1 instead of 0.8; B7 requires the continuous metric, which passes',
  },

  b4OnePair('pub-020-reorder-reverse', 1 / 9, 'reversed order: difflib pairs only c with c'),
  b4OnePair(
    'pub-041-comparators-tol-0.1-vs-0.1005',
    0.5,
    'only v01 (tol 0.01) matches of the 2 golden events',
  ),
  b4OnePair(
    'pub-065-aliases-comparator-key-after-alias',
    0.5,
    'only motor:x matches of the 2 golden events',
  ),
  b4OnePair('pub-083-timing-n1-single-match', 1 / 3, 'only a matches of the 3 golden events'),
  b4OnePair(
    'pub-112-sorting-equal-ts-stable',
    1 / 3,
    'the two golden events swapped: one of the 3 pairs matches',
  ),
  b4OnePair(
    'pub-113-sorting-equal-ts-block',
    1 / 7,
    'blocks reordered: one of the 7 pairs matches',
  ),
  {
    id: 'pub-055-comparators-tol-float-boundary-1',
    fix: 'B4',
    expect: {
      '/metrics/timing/score': 1,
      '/metrics/timing/binary_pass': true,
      '/metrics/timing/details/reason': 'one discrete event: no interval to time',
      '/full_score': 1,
    },
    why: 'the golden has one discrete event and it matched: nothing to time, timing not applicable (1, pass, as the reference) with the reason said',
  },

  // ---- B5: best-of forwards every option, no silent fallback ------------------------------------
  {
    id: 'pub-122-best_of-continuous-config-ignored',
    fix: 'B5',
    expect: {
      '/best_index': 0,
      '/alignment_index': [
        [0, 0],
        [3, 3],
      ],
      '/metrics/structure': undefined,
      '/metrics/discrete/score': 1,
      '/metrics/continuous/score': profile(0.5, 0.5),
      '/full_score': dtc(1, 1, profile(0.5, 0.5)),
      '/accuracy': true,
    },
    why: 'continuous_channels and include_structure:false are forwarded: stage:temp leaves the alignment (only the det:Acquire events 0 and 3 pair), no structure metric; gts[0] matches discretely (1), timing exact (r2 1 ≥ 0.99999); profile mae 0.5, final 0.5 → e^(−1/30); full 0.6 + 0.2 + 0.2·e^(−1/30)',
  },
  {
    id: 'pub-125-best_of-empty-gt-list',
    fix: 'B5',
    expect: { '/error/name': 'ConfigError', '/error/message': /at least one golden/ },
    why: 'no golden traces is a usage error instead of evaluating an empty golden with default options (index −1)',
  },
  {
    id: 'pub-126-best_of-all-scores-below-minus-one',
    fix: 'B5',
    expect: {
      '/best_index': 1,
      '/full_score': -2 * (2 / 3),
      '/aggregation/contributions/discrete': -2 * (2 / 3),
      '/metrics/discrete/details/value_matches': 2,
    },
    why: 'weights {discrete: −2}: gts[0] is identical (−2·1 = −2), gts[1] differs in one of 3 values (−2·2/3 = −1.33); the higher, gts[1], wins even though both are ≤ −1 (no fallback to an empty golden)',
  },

  // ---- B6 / S1: strict validation ----------------------------------------------------------------
  {
    id: 'pub-058-comparators-negative-tol-raises',
    fix: 'S1',
    expect: {
      '/error/name': 'ConfigError',
      '/error/message': /comparators\.default\.tol: must be >= 0/,
    },
    why: 'tol −0.1 is rejected when the options are read (ConfigError naming the option), not as a ValueError at the first numeric comparison',
  },
  {
    id: 'pub-105-scoring-weights-unnormalised',
    fix: 'S1',
    expect: {
      '/error/name': 'ConfigError',
      '/error/message': /aggregation\.weights\.continuous: metric "continuous" is not computed/,
    },
    why: 'a weight for "continuous" with no continuous channel configured is an error instead of a silently skipped weight',
  },
  {
    id: 'pub-109-scoring-timing-name-unknown',
    fix: 'S1',
    expect: {
      '/error/name': 'ConfigError',
      '/error/message': /decision\.timing_metric_name: metric "latency" is not computed/,
    },
    why: 'timing_metric_name "latency" names no metric: an error instead of accuracy that can never be true',
  },
  {
    id: 'pub-110-scoring-no-structure-but-weighted-required',
    fix: 'S1',
    expect: {
      '/error/name': 'ConfigError',
      '/error/message': /aggregation\.weights\.structure: metric "structure" is not computed/,
    },
    why: 'include_structure false while structure is weighted and required: an error instead of a skipped weight and a requirement that always fails',
  },
  configError(
    'pub-129-config-yaml-config',
    'S1',
    'config.yaml',
    [
      /decision\.require_discrete_exact: expected boolean, received "[^"]*"/,
      /include_structure: expected boolean, received "[^"]*"/,
    ],
    'default mode reads YAML 1.2, where yes/no are the strings "yes"/"no", not booleans; a string for a boolean option is an error (the reference, YAML 1.1, read true/false)',
  ),
  configError(
    'pub-130-config-comparator-type-names',
    'B6',
    'config.json',
    [
      /comparators\.default\.type: unknown comparator type "fuzzy"/,
      /comparators\.by_channel\.b\.type: missing comparator type/,
    ],
    'type "fuzzy" and a spec without a type are errors listing the valid types, instead of silently becoming numeric 1e-3 / numeric with its tol',
  ),
  configError(
    'pub-131-config-null-by-channel-spec',
    'S1',
    'config.json',
    [/comparators\.by_channel\.a: expected a comparator.*received null/],
    'a null comparator spec is an error instead of silently meaning numeric 1e-3',
  ),
  configError(
    'pub-132-config-string-numbers',
    'S1',
    'config.json',
    [
      /5 problems/,
      /comparators\.default\.tol: expected number, received "[^"]*"/,
      /timing\.r2_thresh: expected number, received "[^"]*"/,
      /timing\.dur_tol: expected number, received "[^"]*"/,
      /aggregation\.weights\.discrete: expected number, received "[^"]*"/,
      /aggregation\.weights\.timing: expected number, received "[^"]*"/,
    ],
    'the five numbers given as strings ("0.05", "0.5", "1", "0.9", "0.1") are each reported instead of float()-converted',
  ),
  configError(
    'pub-133-config-required-metrics-string',
    'B6',
    'config.json',
    [/decision\.required_metrics: expected array, received "[^"]*"/],
    'required_metrics "continuous" is an error instead of the metrics c, o, n, … that never exist',
  ),
  configError(
    'pub-134-config-required-metrics-nonstrings',
    'S1',
    'config.json',
    [
      /decision\.required_metrics\[0\]: expected string, received -?[\d.]+/,
      /decision\.required_metrics\[2\]: expected string, received null/,
    ],
    'the entries 1 and null are reported by index instead of silently dropped',
  ),
  configError(
    'pub-135-config-ignore-channels-string',
    'B6',
    'config.json',
    [/ignore_channels: expected array, received "[^"]*"/],
    'ignore_channels "ab" is an error instead of ignoring channels "a" and "b"',
  ),
  configError(
    'pub-136-config-bool-coercion',
    'B6',
    'config.json',
    [
      /include_structure: expected boolean, received "[^"]*"/,
      /decision\.require_discrete_exact: expected boolean, received -?[\d.]+/,
    ],
    'include_structure "false" (truthy in Python) and require_discrete_exact 0 are errors instead of bool() coercions',
  ),
  configError(
    'pub-138-config-empty-sections',
    'S1',
    'config.json',
    [/aggregation\.weights: expected object, received an array/],
    'weights given as a list [0.5, 0.5] are an error instead of silently replaced by the built-in weights (the empty sections alone are fine)',
  ),
  {
    id: 'pub-149-trace_ops-parse-variants',
    fix: 'S1',
    expect: { '/error/name': 'TraceError', '/error/message': /\[1\]\.channel: expected a string/ },
    why: 'event [1] has channel 7 (a number): a TraceError naming the event, instead of str(7); "2.5" as a timestamp would be rejected too',
  },

  // ---- B7: configured continuous channels are required for accuracy -----------------------------
  b7('pub-066-aliases-alias-into-continuous', true, 'mae 0.75, final diff 1 within 5/5'),
  b7('pub-067-continuous-equal', true, 'identical ramp'),
  b7('pub-068-continuous-shift-small', true, 'offset 2 within 5/5'),
  b7('pub-069-continuous-shift-large', false, 'offset 10 > 5'),
  b7('pub-070-continuous-time-shift-ignored', true, 'same values, times ignored'),
  b7AndB10(
    b7('pub-071-continuous-gt-empty', false, "'one empty'"),
    {
      '/metrics/continuous/score': 0,
      '/metrics/continuous/details/reason': 'stage:temp: one empty',
    },
    "the only channel was not measured ('one empty'), so the combined result says so: reason 'stage:temp: one empty', the stand-in score 0 unchanged",
  ),
  b7(
    'pub-072-continuous-per-channel-scenarios',
    false,
    "four of six channels fail, incl. 'one empty'",
  ),
  b7('pub-073-continuous-three-channels-weighted', true, 'every channel within its thresholds'),
  b7(
    'pub-074-continuous-zero-weights',
    false,
    'temp:A offset 30 fails; zero weights do not change the AND',
  ),
  b7('pub-075-continuous-unsorted-input-also-ignored', true, 'offset 0.5 within 5/5'),

  // ---- B8 -----------------------------------------------------------------------------------------
  {
    id: 'pub-087-timing-pred-timestamps-equal',
    fix: 'B8',
    expect: {
      '/metrics/timing/details/r2': 0,
      '/metrics/timing/score': 0,
      '/full_score': dt(1, 0),
      '/accuracy': false,
    },
    why: 'every pred time equal while gt spans 0..2: R² 0 instead of 1; the reference timing score 0.4 came only from 0.4·r2 (slope, duration, mape scores all 0), so it drops to 0; full 0.8·1 + 0.2·0 = 0.8',
    reference: {
      '/metrics/timing/score': 0.4,
      '/metrics/timing/details/r2': 1,
      '/metrics/timing/details/slope_score': 0,
      '/metrics/timing/details/duration_score': 0,
      '/metrics/timing/details/mape_score': 0,
    },
  },

  // ---- B9: against a golden exact 0, tol is absolute ---------------------------------------------
  {
    id: 'pub-042-comparators-tolerance-edges',
    fix: 'B9',
    expect: {
      '/alignment_rows/3/match': true,
      '/alignment_rows/4/match': true,
      '/alignment_rows/8/match': false,
      '/metrics/discrete/details/value_matches': 8,
      '/metrics/discrete/score': 8 / 11,
      '/full_score': dt(8 / 11, 1),
    },
    why: 'gt exact 0 vs 1e-300 and vs 5e-324 now match (|d| ≤ tol 1e-3 absolute): 6 → 8 of 11; −1e-9 vs 1e-9 (gt not 0) stays a mismatch; timing stays 1',
    reference: { '/metrics/discrete/details/value_matches': 6, '/metrics/timing/score': 1 },
  },
  {
    id: 'pub-128-config-readme-config-json',
    fix: 'B9',
    expect: {
      '/alignment_rows/0/match': true,
      '/metrics/discrete/details/value_matches': 3,
      '/metrics/discrete/binary_pass': true,
      '/metrics/timing/details/slope': 0.9729729729729729,
      '/metrics/timing/details/mape': 0.12,
      '/metrics/timing/score': 0.9559010467503619,
      '/full_score': dtc(1, 0.9559010467503619, 0.9785948478197339),
      '/accuracy': true,
    },
    why: 'motor:x 0.0 vs 0.004 matches at tol 0.01 (absolute against 0): 3 of 3, exact; the pair joins the timing fit: x = 0, 0.1, 1.1, y = 0, 0.12, 1.08 → least squares slope 36/37 = 0.97297, r2 0.99963, intervals 0.1/0.12 and 1.0/0.96 → mape (0.2 + 0.04)/2 = 0.12, duration 1.08/1.1 → score 0.95590; continuous unchanged (reference 0.97859); full 0.6 + 0.2·0.95590 + 0.2·0.97859',
    reference: {
      '/metrics/continuous/score': 0.9785948478197339,
      '/metrics/discrete/details/value_matches': 2,
    },
  },

  // ---- B10 ----------------------------------------------------------------------------------------
  {
    id: 'pub-099-metric-continuous-pad',
    fix: 'B10',
    expect: { '/details/mae_thresh': 8, '/details/final_thresh': 25 },
    why: "a measured channel's details also carry the thresholds it was judged against (the case's params 8 and 25), so a report can say which measure failed; measures, scores and pass unchanged",
  },
  ...['pub-157-realistic-bl-temp-ramp-correct', 'pub-158-realistic-bl-temp-wrong-target'].map(
    (id): Deviation => ({
      id,
      fix: 'B10',
      expect: {
        '/metrics/continuous/details/per_channel/stage:temp/details/mae_thresh': 5,
        '/metrics/continuous/details/per_channel/stage:temp/details/final_thresh': 5,
      },
      why: 'stage:temp was measured: its details also carry the configured thresholds (mae_thresh 5, final_thresh 5), so a report can say which measure failed; measures, scores and pass unchanged',
    }),
  ),
  {
    id: 'pub-079-continuous-nan-value',
    fix: ['B10', 'B7'],
    expect: {
      '/metrics/continuous/details/per_channel/stage:temp/score': 0,
      '/metrics/continuous/details/per_channel/stage:temp/binary_pass': false,
      '/metrics/continuous/score': 0,
      '/full_score': dtc(1, 1, 0),
      '/decision/passes/continuous': false,
      '/accuracy': false,
    },
    why: 'the NaN reading fails its channel with score 0 instead of NaN everywhere: continuous 0/1 = 0, full 0.6 + 0.2 + 0 = 0.8 instead of NaN; B7 makes the failing profile fail accuracy',
  },
  {
    id: 'pub-097-metric-timing-dur-gt-zero',
    fix: 'B10',
    expect: { '/binary_pass': false, '/details/duration_score': 0, '/score': 0.7767032967032969 },
    why: 'gt duration 0 (5 → 5): the duration check now fails like the duration score (0) already did, so binary_pass false; the score keeps the reference value',
    reference: { '/score': 0.7767032967032969, '/details/duration_score': 0, '/binary_pass': true },
  },
  {
    id: 'pub-140-trace_ops-zero-time-first-event',
    fix: 'B10',
    expect: {
      '/result/events/0/timestamp': 1.5,
      '/result/events/1/timestamp': 0.5,
      '/result/events/2/timestamp': 1.5,
      '/result/events/3/timestamp': 0,
      '/result/events/4/timestamp': 2.5,
    },
    why: 'times 2, 1, 2, 0.5, 3 minus the earliest (0.5) instead of the first (2): no negative times',
  },

  // ---- B11: zero golden intervals are left out of the interval MAPE -----------------------------
  {
    id: 'pub-089-timing-zero-gt-interval-epsilon',
    fix: 'B11',
    expect: {
      '/metrics/timing/details/mape': 0.05,
      '/metrics/timing/details/intervals_left_out': 1,
      '/metrics/timing/details/mape_score': 0.95,
      '/metrics/timing/details/r2': 0.9962640099626401,
      '/metrics/timing/score': 0.4 * 0.9962640099626401 + 0.2 + 0.2 + 0.2 * 0.95,
      '/metrics/timing/binary_pass': true,
      '/full_score': dt(1, 0.4 * 0.9962640099626401 + 0.2 + 0.2 + 0.2 * 0.95),
      '/accuracy': true,
    },
    why: 'gt intervals 1, 0, 1 vs pred 1, 0.1, 0.9: the zero golden interval (b and c both at t=1) is left out instead of adding 0.1/1e-10, so mape = (0/1 + 0.1/1)/2 = 0.05, mape score 0.95; r2, slope 1 and duration 1 unchanged; timing now passes, full 0.8 + 0.2·timing',
    reference: {
      '/metrics/timing/details/r2': 0.9962640099626401,
      '/metrics/timing/details/slope': 1,
      '/metrics/timing/details/duration_score': 1,
      '/metrics/timing/details/mape_score': 0,
      '/metrics/discrete/binary_pass': true,
    },
  },

  // ---- T1: typed comparison ----------------------------------------------------------------------
  {
    id: 'pub-045-comparators-bool-vs-int',
    fix: ['T1', 'B4'],
    expect: {
      '/alignment_rows/3/match': false,
      '/metrics/discrete/details/value_matches': 1,
      '/metrics/timing/details': { reason: ONE_PAIR, score: 0 },
      '/metrics/timing/binary_pass': false,
      '/full_score': dt(1 / 7, 0),
    },
    why: 'only true vs true matches (true vs "True" no longer does): 1 of 7; B4: one matched pair of 7 golden events → timing not measured (0, fail); full 0.8/7 + 0.2·0',
  },
  {
    id: 'pub-046-comparators-string-vs-number',
    fix: 'T1',
    expect: {
      '/metrics/discrete/details/value_matches': 0,
      '/metrics/timing/score': 0,
      '/full_score': 0,
      '/alignment_rows/0/match': false,
    },
    why: 'all 7 pairs are a string vs a number, none match ("1" vs 1 no longer does); nothing to time → 0; full 0',
  },
  {
    id: 'pub-047-comparators-float-repr-exponent',
    fix: 'T1',
    expect: {
      '/metrics/discrete/details/value_matches': 0,
      '/metrics/timing/score': 0,
      '/full_score': 0,
    },
    why: 'all 10 pairs are a string vs a number: no match by spelling; nothing to time; full 0',
  },
  {
    id: 'pub-048-comparators-none-values',
    fix: ['T1', 'B4'],
    expect: {
      '/alignment_rows/1/match': false,
      '/metrics/discrete/details/value_matches': 1,
      '/metrics/discrete/score': 0.2,
      '/metrics/timing/details/reason': ONE_PAIR,
      '/metrics/timing/binary_pass': false,
      '/full_score': dt(0.2, 0),
    },
    why: 'only null vs null matches (null vs "None" no longer does): 1 of 5; B4: one matched pair of 5 golden events → timing not measured (0, fail); full 0.8·0.2 + 0.2·0 = 0.16',
  },
  {
    id: 'pub-049-comparators-nested-lists',
    fix: 'T1',
    expect: {
      '/alignment_rows/1/match': true,
      '/alignment_rows/2/match': true,
      '/alignment_rows/3/match': false,
      '/metrics/discrete/details/value_matches': 3,
      '/full_score': dt(3 / 6, 1),
    },
    why: '[1,2] vs [1.0,2.0] and [0.1] vs [0.1005] (rel 0.005 ≤ tol 0.01, element-wise) match; lists vs their repr strings do not: 3 of 6; timing 1; full 0.8·0.5 + 0.2',
  },
  {
    id: 'pub-050-comparators-nested-dicts',
    fix: 'T1',
    expect: {
      '/alignment_rows/1/match': true,
      '/alignment_rows/2/match': false,
      '/metrics/discrete/details/value_matches': 2,
      '/full_score': dt(2 / 6, 1),
    },
    why: 'dicts equal up to key order match; dicts vs their repr strings do not: 2 of 6; timing 1; full 0.8/3 + 0.2',
  },
  {
    id: 'pub-051-comparators-string-repr-quotes',
    fix: 'T1',
    expect: {
      '/metrics/discrete/details/value_matches': 0,
      '/metrics/discrete/binary_pass': false,
      '/full_score': 0,
      '/accuracy': false,
    },
    why: 'each pair is a list vs its repr() string: none match; nothing to time; full 0 instead of 1',
  },
  {
    id: 'pub-052-comparators-nonfinite',
    fix: 'T1',
    expect: {
      '/alignment_rows/0/match': true,
      '/alignment_rows/5/match': false,
      '/alignment_rows/6/match': false,
      '/metrics/discrete/details/value_matches': 3,
      '/full_score': dt(3 / 7, 1),
    },
    why: 'NaN vs NaN, [NaN] vs [NaN], inf vs inf match; the strings "inf"/"nan" vs numbers do not: 3 of 7; timing 1; full 0.8·3/7 + 0.2',
  },
  {
    id: 'pub-053-comparators-big-ints',
    fix: 'T1',
    expect: {
      '/alignment_rows/1/match': false,
      '/metrics/discrete/details/value_matches': 2,
      '/full_score': dt(2 / 3, 1),
      '/accuracy': false,
    },
    why: 'the integer 12345678901234567890 vs the string of its digits no longer matches: 2 of 3; timing 1; full 0.8·2/3 + 0.2',
  },
  {
    id: 'pub-076-continuous-value-types',
    fix: 'T1',
    expect: {
      '/error/name': 'TraceError',
      '/error/message':
        /pred: events\[2\]\.value: continuous channel "stage:temp" needs numeric values, got "20\.5"/,
    },
    why: 'continuous readings must be numbers: the string "20.5" (pred event 2) is a TraceError naming the event, not float()-converted',
  },
];
