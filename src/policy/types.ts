/**
 * What a scoring policy decides. Each member is one place where the reference's behaviour and
 * envtrace's default differ; the layers call these members instead of testing the mode.
 */
import type { Mode } from './mode.js';

/** The ids of the fixes the default mode applies (the README's "differences" table). */
export type FixId =
  'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'B8' | 'B9' | 'B10' | 'B11' | 'T1' | 'S1' | 'A1';

/** A metric outcome a policy member may decide outright (plain data, the `MetricResult` shape). */
export interface PolicyMetricOutcome {
  readonly score: number;
  readonly binary_pass: boolean;
  /** Why the metric was decided without computing it, and the score. */
  readonly details: { readonly reason: string; readonly score: number };
}

/** Where a continuous reading came from, for error messages. */
export interface ReadingLocation {
  readonly channel: string;
  readonly side: 'gt' | 'pred';
  /** Position of the event in the input `events` array. */
  readonly index: number;
}

/** A weight set in application order. */
export type WeightList = ReadonlyArray<readonly [string, number]>;

/** Built-in weight sets: the one the score uses and the one the report shows (they differ only under B3). */
export interface WeightChoice {
  readonly used: WeightList;
  readonly shown: WeightList;
}

/** How `evaluateBestOf` treats its candidates (B5). */
export interface BestOfPolicy {
  /** Option keys forwarded to each candidate's evaluation; `"all"` forwards everything. */
  readonly forwarded: readonly string[] | 'all';
  /** A candidate must score strictly more than this to win. */
  readonly initialBest: number;
  /** An empty list of goldens is an error (else it falls back, see `noWinner`). */
  readonly needsGoldens: boolean;
  /**
   * When no candidate won: `"empty-golden"` evaluates an empty golden with only `fallbackKeys`
   * forwarded (index −1); `"first-candidate"` reports the first candidate (index 0).
   */
  readonly noWinner: 'empty-golden' | 'first-candidate';
  /** Option keys the empty-golden fallback keeps. */
  readonly fallbackKeys: readonly string[];
}

/** The members a fix may override. */
export interface PolicyMembers {
  // --- align/ --------------------------------------------------------------------------------
  /** A1: the aligner used when the options name none (`"difflib"` in the reference). */
  readonly defaultAligner: 'difflib' | 'behavior';

  // --- trace/ --------------------------------------------------------------------------------
  /**
   * T1: how trace values are read from JSON text: `"python"` keeps what Python's `json` keeps (int vs
   * float `1` / `1.0`, big integers exactly, object key order); `"json"` reads what `JSON.parse` gives.
   */
  readonly readValues: 'python' | 'json';
  /** B10: `Trace.zeroTime()` without `zeroAt` subtracts the first event's timestamp or the earliest one. */
  readonly zeroTimeAt: 'first' | 'earliest';

  // --- compare/ ------------------------------------------------------------------------------
  /** T1: non-numbers compare by Python `str()` (`"python-str"`) or structurally (`"typed"`). */
  readonly valueSemantics: 'python-str' | 'typed';
  /** T1: whether NaN matches NaN. */
  readonly nanMatchesNan: boolean;
  /** B9: against an exact 0, `tol` acts as an absolute tolerance unless `abs_tol` is set. */
  readonly zeroTolIsAbsolute: boolean;
  /** B1: whether a judged pair counts as a match for the discrete and timing metrics. */
  pairCounts(sameChannel: boolean, valueMatch: boolean): boolean;

  // --- metrics/ ------------------------------------------------------------------------------
  /** B4: the timing result when neither trace has a discrete event (`undefined`: the usual "no pairs" failure). */
  timingWithoutEvents(): PolicyMetricOutcome | undefined;
  /**
   * B4: the timing result when exactly one pair matched, so there is no interval to time;
   * `gtEvents` counts the golden's discrete events (ignored ones left out). `undefined`: the
   * reference's perfect score (1.0, pass).
   */
  timingOnePair(gtEvents: number): PolicyMetricOutcome | undefined;
  /**
   * B2: slope and R² when every matched gt timestamp is equal (n ≥ 2); `undefined` fits anyway,
   * which raises `LinAlgError` like numpy.
   */
  constantGtTime(
    predConstant: boolean,
  ): { readonly slope: number; readonly r2: number } | undefined;
  /** B2: fit on data scaled to [−1, 1] (subnormal or huge spans neither underflow nor overflow). */
  readonly scaledTimingFit: boolean;
  /** B2: the slope score (a NaN slope from `constantGtTime` scores 0 when fixed). */
  slopeScore(slope: number): number;
  /** B8: R² when every matched pred timestamp is equal but the gt ones are not. */
  readonly r2WhenPredConstant: number;
  /** B8: the R² term of the timing score. */
  r2Score(r2: number): number;
  /**
   * B11: intervals that are zero in the golden (events logged at the same instant, or timestamps
   * rounded to whole seconds) are left out of the interval MAPE when some golden interval is not
   * zero (`true`); else each interval's error is divided by max(|golden interval|, 1e-10), so a
   * zero golden interval beside a non-zero predicted one adds ~10¹⁰ (the reference).
   */
  readonly mapeSkipsZeroGtIntervals: boolean;
  /** B10: duration score and check when the gt duration is 0. */
  zeroGtDuration(predDuration: number): { readonly score: number; readonly ok: boolean };
  /** B10: the per-channel continuous result when a reading is not finite (`undefined`: compute anyway). */
  continuousNonFinite(
    gt: readonly number[],
    pred: readonly number[],
  ): PolicyMetricOutcome | undefined;
  /**
   * B10: when no continuous channel was measured (each carries `details.reason`, such as `one
   * empty`), the combined result carries their reasons as its own `details.reason`, so that the
   * reports say "not measured" (`true`), or only the stand-in score (`false`, the reference). The
   * score is the mean over every channel either way.
   */
  readonly continuousReason: boolean;
  /**
   * B10: a channel's details also carry the thresholds it was judged against (`mae_thresh`,
   * `final_thresh`), so that the reports can say which measure failed (`mae 3 > 1`); the
   * reference's details have the measures only.
   */
  readonly continuousThresholds: boolean;
  /** T1: a continuous reading as a number (Python `float()`, or numbers only). */
  continuousValue(value: unknown, at: ReadingLocation): number;

  // --- aggregate/ and decide/ ----------------------------------------------------------------
  /** B3: the built-in weight set(s). */
  builtInWeights(useContinuous: boolean, hasContinuousMetric: boolean): WeightChoice;
  /** B7: the metrics the decision requires besides discrete and the timing slot. */
  requiredMetrics(
    configured: readonly string[],
    hasContinuousMetric: boolean,
    timingMetricName: string,
  ): string[];
  /** S1: a weight, timing slot or required metric naming a metric that is not computed is a `ConfigError`. */
  readonly metricNamesMustExist: boolean;

  // --- evaluate/ -----------------------------------------------------------------------------
  /**
   * S1: a channel-keyed config entry (`comparators.by_channel`, `ignore_channels`,
   * `continuous_channels`, `aliases`, `aligner.by_channel`) that names no channel of the traces
   * evaluated is a warning in `EvaluationResult.warnings` (`true`), or silently unused (`false`).
   */
  readonly warnUnknownChannelKeys: boolean;
  /**
   * A1: the calls of one model response (consecutive events sharing `meta.parallel_group`, as the
   * agent importers group them) are aligned in a canonical order, by channel then value, on both
   * sides (`true`), so the order they were logged in does not count; or in time order (`false`).
   */
  readonly parallelCallsUnordered: boolean;
  /** B5: best-of. */
  readonly bestOf: BestOfPolicy;

  // --- config/ and options -------------------------------------------------------------------
  /** B6: config documents and options objects are coerced like `build_from_config` (`"python"`) or validated strictly. */
  readonly configCoercion: 'python' | 'strict';
  /** S1: YAML config files are read like PyYAML (YAML 1.1: `yes` is true, `1e-3` a string, int/float kinds kept) or as YAML 1.2. */
  readonly configYaml: 'pyyaml-1.1' | 'yaml-1.2';
  /** S1: numbers in options must be finite and in range (`"checked"`), or any double the reference's `float()` yields. */
  readonly optionNumbers: 'checked' | 'any-double';
}

/**
 * How the text report and the CLI show a result. Presentation only (no score depends on it), so
 * not a fix: reference mode keeps the reference's report, the default mode has envtrace's.
 */
export interface ReportStyle {
  /** A mismatched row's values are cut around where they first differ (else from the start). */
  readonly centreMismatches: boolean;
  /** The alignment heading names the time unit. */
  readonly timeUnitInHeading: boolean;
  /** The CLI fits the report to the terminal (else the reference's 80 columns unless `--width`). */
  readonly fitTerminal: boolean;
  /** Values that matched only within a tolerance are marked `≈` and summarised. */
  readonly markTolerance: boolean;
  /**
   * A metric that was not measured (`notMeasuredReason`: its `details.reason`) is shown as
   * `not measured (reason)` instead of its stand-in score (else the score, as the reference prints it).
   */
  readonly showUnmeasured: boolean;
  /**
   * A failed evaluation's report says why under its accuracy, in the verdict's words
   * (`Why:        discrete not exact: 1 mismatch`, `failedParts` of `report/verdict.ts`, as the
   * matchers say it); the reference's report has no such line.
   */
  readonly statesWhy: boolean;
  /**
   * The verdict names likely causes (the reference has no verdict; the words are envtrace's): a
   * failed timing whose slope and duration ratio are both near a time-unit factor (1000, 10⁶, 10⁹,
   * 60, 3600 or their inverses) says `predicted times are 1000× the golden's: a time unit mix-up
   * (ms for s?)`; a missing and an extra event with the same channel and value are one `event out
   * of order`, not `1 missing event, 1 extra event`; extra events all on channels the golden has
   * no event on are named (`6 extra events (all on heartbeat, a channel not in the golden)`), and
   * extra events that repeat the event beside them are `the same event twice in a row`; two or
   * more values off on aligned same-channel pairs (or one just beyond its tolerance) are named with
   * their Δ and tolerance (`every event present and in order, 30 values off (all on mono:energy,
   * Δ 2.1, tolerance abs 2: each just beyond it, the closest by 0.1)`).
   */
  readonly namesCauses: boolean;
  /**
   * The alignment table goes on past its row limit with the differing rows (mismatches and gaps,
   * at most `DIFFERING_ROWS_PAST_LIMIT` of `report/text.ts`), each gap between them a `... (N
   * rows)` line, so a wrong value at row 58 of 62 is in the table (the reference stops at the limit).
   */
  readonly differingRowsPastLimit: boolean;
  /**
   * Scores print with more than 3 decimals where 3 would round them onto 1 or 0 that they are not
   * (`Full score: 0.99999`, never `1.000` beside `Accuracy: false`; `scoreFixed` of
   * `report/format.ts`); else the reference's `{:.3f}`.
   */
  readonly scoresKeepBounds: boolean;
}

/** One scoring policy: chosen once per evaluation, read by every layer. */
export interface ScoringPolicy extends PolicyMembers {
  readonly mode: Mode;
  /** How reports of results scored under this policy look. */
  readonly report: ReportStyle;
  /** The fixes applied on top of the reference's behaviour, in table order (empty for reference). */
  readonly fixes: readonly Fix[];
}

/** One documented difference from the reference, with the members it overrides. */
export interface Fix {
  readonly id: FixId;
  /** A short name (the README table's "fix" column). */
  readonly title: string;
  /** What the reference does. */
  readonly reference: string;
  /** What envtrace's default does instead. */
  readonly fixed: string;
  /** Why. */
  readonly reason: string;
  /** Corpus case numbers whose default-mode result differs because of this fix (`"pub-013"`). */
  readonly cases: readonly string[];
  /** The policy members this fix replaces. Each member is overridden by at most one fix. */
  readonly overrides: Partial<PolicyMembers>;
}
