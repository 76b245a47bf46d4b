/**
 * Corpus cases whose reference numbers the DEFAULT mode does not reproduce, each with the reason:
 * B1–B10 are the reference bugs of the corpus README §5 (fixed by default); T1 = typed value
 * comparison instead of Python `str()` (`"1"` ≠ `1`, `True` ≠ `"True"`, lists/dicts compared
 * structurally with tolerance, key order ignored, NaN equals NaN, continuous values must be
 * numbers); S1 = strict validation instead of silent coercion or silent never-pass (unknown
 * metric names, negative tolerances, string numbers, non-string channels).
 * README.md "Differences from the Python reference" explains each id. Reference mode reproduces
 * every case; the conformance test checks this list is exact (no stale or missing entries).
 */
export const DEFAULT_MODE_DEVIATIONS: Readonly<Record<string, string>> = {
  'pub-013-edits-replace-channel-same-value': 'B1: motor:y vs motor:z is a mismatch',
  'pub-016-edits-random-edits-1': 'B1: replace pairs with different channels no longer count',
  'pub-040-difflib-eval-random-400x20ch': 'B1: replace pairs with different channels no longer count',
  'pub-042-comparators-tolerance-edges': 'B9: a golden exact 0 takes tol as an absolute tolerance',
  'pub-045-comparators-bool-vs-int': 'T1: True does not match "True"',
  'pub-046-comparators-string-vs-number': 'T1: "1" does not match 1',
  'pub-047-comparators-float-repr-exponent': 'T1: numbers do not match their Python str() spelling',
  'pub-048-comparators-none-values': 'T1: null does not match "None"',
  'pub-049-comparators-nested-lists': 'T1: [1, 2] matches [1.0, 2.0] structurally',
  'pub-050-comparators-nested-dicts': 'T1: dicts compare by content, key order ignored',
  'pub-051-comparators-string-repr-quotes': 'T1: a list does not match its repr() string',
  'pub-052-comparators-nonfinite': 'T1: NaN matches NaN (typed comparison)',
  'pub-053-comparators-big-ints': 'T1: an integer does not match its digits as a string',
  'pub-057-comparators-replace-pair-uses-gt-channel-comparator': 'B1: pairs with different channels never match',
  'pub-058-comparators-negative-tol-raises': 'S1: a negative tol is a config error up front, not a ValueError mid-evaluation',
  'pub-060-ignore-ignore-everything': 'B4: nothing left to time is not a timing failure',
  'pub-062-aliases-alias-chain-not-transitive': 'B1: b vs c and x vs c are mismatches',
  'pub-066-aliases-alias-into-continuous': 'B7: configured continuous channels are required for accuracy',
  'pub-067-continuous-equal': 'B7: configured continuous channels are required for accuracy',
  'pub-068-continuous-shift-small': 'B7: configured continuous channels are required for accuracy',
  'pub-069-continuous-shift-large': 'B7: a failing profile fails accuracy',
  'pub-070-continuous-time-shift-ignored': 'B7: configured continuous channels are required for accuracy',
  'pub-071-continuous-gt-empty': 'B7: a failing profile fails accuracy',
  'pub-072-continuous-per-channel-scenarios': 'B7: a failing profile fails accuracy',
  'pub-073-continuous-three-channels-weighted': 'B7: configured continuous channels are required for accuracy',
  'pub-074-continuous-zero-weights': 'B7: a failing profile fails accuracy',
  'pub-075-continuous-unsorted-input-also-ignored': 'B7: configured continuous channels are required for accuracy',
  'pub-076-continuous-value-types': 'T1: continuous values must be numbers ("20.5", true rejected)',
  'pub-079-continuous-nan-value': 'B10+B7: a NaN reading fails its channel (score 0) instead of making every score NaN',
  'pub-080-continuous-only-continuous': 'B4: continuous-only traces have no discrete timing to fail',
  'pub-081-continuous-use-continuous-without-channels': 'B3: the weights used are the weights reported',
  'pub-085-timing-all-gt-timestamps-equal-raises': 'B2: equal gt timestamps are scored, not a crash',
  'pub-086-timing-all-timestamps-zero-raises': 'B2: all-zero timestamps are scored, not a crash',
  'pub-087-timing-pred-timestamps-equal': 'B8: a constant prediction has R² 0, not 1',
  'pub-097-metric-timing-dur-gt-zero': 'B10: duration check and score agree when the gt duration is 0',
  'pub-098-metric-timing-gaps-and-replace': 'B1: a replace pair with different channels is not timed',
  'pub-105-scoring-weights-unnormalised': 'S1: a weight for a metric that is not computed is a config error',
  'pub-109-scoring-timing-name-unknown': 'S1: an unknown timing metric name is a config error, not a silent never-pass',
  'pub-110-scoring-no-structure-but-weighted-required': 'S1: requiring/weighting a metric that is not computed is a config error',
  'pub-116-empty-both-empty': 'B4: two empty traces are identical: score 1, accurate',
  'pub-117-empty-both-empty-continuous': 'B4: two empty traces are identical: score 1, accurate',
  'pub-122-best_of-continuous-config-ignored': 'B5: best-of forwards continuous_channels',
  'pub-123-best_of-use-continuous-forwarded': 'B3: the weights used are the weights reported',
  'pub-125-best_of-empty-gt-list': 'B5: best-of without goldens is an error, not a silent empty golden',
  'pub-126-best_of-all-scores-below-minus-one': 'B5: the best candidate wins even below -1 (no fallback)',
  'pub-127-best_of-raises-on-constant-gt': 'B2: equal gt timestamps are scored, not a crash',
  'pub-140-trace_ops-zero-time-first-event': 'B10: zeroTime() subtracts the earliest timestamp',
  'pub-149-trace_ops-parse-variants': 'S1: channel must be a string, timestamp a number',
  'pub-155-realistic-bl-xscan-wrong-axis': 'B1: scanning the wrong axis is a mismatch',
};
