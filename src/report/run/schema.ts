/**
 * The run report (`envtrace-report.json`) schema, as zod schemas. This file is the single
 * source of the shape: the TypeScript types are inferred from it, `docs/run-report.schema.json`
 * is its JSON Schema rendering (a unit test checks the two are identical), and `merge`/`compare`
 * validate their inputs with it.
 */
import { z } from 'zod';
import { CheckDetailSchema, DETAIL_REASON_CHARS } from './detail.js';
import { MAX_UNMEASURED_CHANNELS } from './unmeasured.js';
import { IMPORT_WARNING_CODES } from '../../import/warnings.js';
import { CONFIG_WARNING_CODES } from '../../evaluate/channel-keys.js';

/** Version of the run report format; bump on any incompatible change. */
export const RUN_REPORT_SCHEMA_VERSION = 1 as const;
/** Value of the report's `kind` field, so tools can recognize the file. */
export const RUN_REPORT_KIND = 'envtrace-run-report' as const;

const num = z.number();
const nullableNum = z.number().nullable();
const count = z.number().int().min(0);
/** Who wrote a report: a test runner's reporter, `envtrace merge`, or `envtrace evaluate --gt-dir` (`cli`). */
const RunnerNameSchema = z.enum(['vitest', 'jest', 'merge', 'cli']);
const interval = z
  .tuple([z.number(), z.number()])
  .nullable()
  .describe('Two-sided 95% interval [low, high]; null when undefined.');

export const GoldenSourceSchema = z
  .object({
    kind: z.enum(['inline', 'file', 'golden']),
    paths: z.array(z.string()).optional(),
    count: count,
  })
  .strict();

/** Issues listed per side in a trajectory verdict (the counts say how many there are in all). */
export const TRAJECTORY_ISSUES_LISTED = 5;
/** Differing arguments listed per closest candidate (`count` says how many there are in all). */
export const TRAJECTORY_ARGUMENTS_LISTED = 5;

const TrajectoryDistanceSchema = z
  .object({
    scheme: z.enum(['in_order', 'exact', 'any_order', 'superset']),
    distance: z.number().min(0).describe('Raw weighted distance (lower is better).'),
    max: z.number().min(0).describe('The maximum distance of this pair (the full mass).'),
    score: z.number().min(0).max(1).describe('1 − distance / max (1 when max is 0).'),
  })
  .strict()
  .describe('A weighted trajectory distance (trajectoryDistance / trajectoryMetric).');

const ArgsRuleSchema = z
  .union([z.enum(['exact', 'ignore', 'superset', 'subset', 'custom']), z.array(z.string())])
  .describe(
    'How arguments were compared: a rule name, `custom` (a predicate), or the argument names compared.',
  );

const CallResultSchema = z
  .string()
  .optional()
  .describe(
    "What the call returned (its `meta.result`, or a call list entry's `result`) as JSON text, cut at 200 characters; absent when the input does not say. Shown, never compared.",
  );

const CallResultStatusSchema = z
  .literal('error')
  .optional()
  .describe(
    'Present when the call failed (`meta.resultStatus: "error"`, span status `ERROR`, a `meta.error`, an AI SDK `tool-error`): `result` is then the error. Shown, never compared.',
  );

/** Which arguments made the closest candidate of an issue fail its argument rule. */
const ArgumentDifferencesSchema = z
  .object({
    by: z
      .enum(['rule', 'predicate'])
      .describe(
        '`rule`: the paths the argument rule failed on; `predicate`: an `args` predicate rejected the arguments, and `differences` says where they differ by deep equality.',
      ),
    count: count.describe('Differing arguments in all (0: a predicate rejected equal arguments).'),
    differences: z
      .array(
        z
          .object({
            path: z
              .string()
              .describe(
                'The argument as a path (`path`, `options.lang`, `items[2]`); `(arguments)` for the arguments as a whole.',
              ),
            kind: z
              .enum(['differs', 'missing', 'extra'])
              .describe(
                '`differs`: both have it, unequal; `missing`: only the reference has it; `extra`: only the call has it.',
              ),
            reference: z
              .string()
              .optional()
              .describe(
                "The reference's value as JSON text, cut at 200 characters (absent for `extra`).",
              ),
            call: z
              .string()
              .optional()
              .describe(
                "The call's value as JSON text, cut at 200 characters (absent for `missing`).",
              ),
          })
          .strict(),
      )
      .describe(`The first ${TRAJECTORY_ARGUMENTS_LISTED} of them at most.`),
  })
  .strict()
  .describe(
    "Present when `reason` is `arguments` and both calls' arguments parsed: where they differ under the tool's argument rule (reference ≠ call), as the failure message says.",
  );

/** The verdict of one `toFollowTrajectory` call (before `.not`). */
export const TrajectoryMatchVerdictSchema = z
  .object({
    check: z.literal('match'),
    pass: z.boolean().describe('Whether the calls followed the reference (before `.not`).'),
    mode: z.enum(['strict', 'unordered', 'subset', 'superset']),
    args: ArgsRuleSchema,
    tool_args: z.record(z.string(), ArgsRuleSchema).describe('Per-tool overrides of args.'),
    turns: z
      .literal('exact')
      .optional()
      .describe(
        'Present when strict mode compared the turns too (`turns: "exact"`); absent for the default, where the prediction\'s turns are not compared.',
      ),
    matched: count,
    unmatched_reference: count.describe('Reference calls no call was paired with.'),
    unexpected: count.describe('Calls paired with no reference call.'),
    distance: TrajectoryDistanceSchema.nullable().describe(
      'When the matcher was asked for a distance (option `distance`).',
    ),
    issues: z
      .array(
        z
          .object({
            side: z
              .enum(['reference', 'call'])
              .describe('`reference`: an unmatched reference call; `call`: an unexpected call.'),
            index: count.describe('Its index in the reference or in the calls.'),
            call: z.string().describe('The call as `name(arguments JSON)`, cut at 200 characters.'),
            result: CallResultSchema,
            result_status: CallResultStatusSchema,
            closest: z
              .object({
                index: count,
                call: z.string(),
                result: CallResultSchema,
                result_status: CallResultStatusSchema,
                reason: z.enum(['arguments', 'tool', 'paired', 'order']),
                arguments: ArgumentDifferencesSchema.optional(),
              })
              .strict()
              .nullable()
              .describe(
                'The closest call on the other side and why it did not pair; null when that side is empty.',
              ),
          })
          .strict(),
      )
      .describe(
        `The calls that made the match fail (unmatched reference calls first, then unexpected calls), at most ${TRAJECTORY_ISSUES_LISTED} of each; empty when it passed.`,
      ),
  })
  .strict();

/** One import warning (`ImportWarning`): what an importer skipped or doubted, and where. */
const ImportWarningSchema = z
  .object({
    code: z.enum(IMPORT_WARNING_CODES),
    message: z.string(),
    file: z.string().optional(),
    line: z.number().int().min(1).optional(),
    path: z.string().optional(),
  })
  .strict();

/** One config warning of a check: a channel-keyed config entry that named no channel of its traces. */
const ConfigWarningSchema = z
  .object({
    code: z.enum(CONFIG_WARNING_CODES),
    entry: z
      .string()
      .describe(
        'The entry, as a config path: `comparators.by_channel["mono:enrgy"]`, `ignore_channels[0] ("x")`.',
      ),
    hint: z
      .string()
      .describe('`did you mean "mono:energy"?`, or the channels the traces have (up to ten).'),
    config: z
      .string()
      .optional()
      .describe('The config file, as given; absent for options given inline.'),
  })
  .strict();

/** The verdict of one `trajectoryMetric` in an evaluation. */
export const TrajectoryMetricVerdictSchema = z
  .object({
    check: z.literal('metric'),
    metric: z.string().describe('The metric name (key in `metrics`).'),
    pass: z.boolean().describe("The metric's binary_pass: distance ≤ its maxDistance."),
    distance: TrajectoryDistanceSchema,
  })
  .strict();

export const TrajectoryVerdictSchema = z.union([
  TrajectoryMatchVerdictSchema,
  TrajectoryMetricVerdictSchema,
]);

/** One metric of a check, as the record keeps it. */
export const RecordMetricSchema = z
  .object({
    score: nullableNum.describe('null = NaN / not measurable'),
    binary_pass: z.boolean(),
    not_measured: z
      .string()
      .optional()
      .describe(
        'Present when the metric was not measured and the check’s mode says so in its reports (the default mode): why (the metric’s `details.reason`); `score` is then a stand-in (the check’s full score holds it), left out of the run’s statistics of the metric (`summary.metrics`).',
      ),
    channels_not_measured: z
      .object({
        count: z.number().int().min(1).describe('Channels not measured.'),
        total: z.number().int().min(2).describe('Channels of the metric.'),
        channels: z
          .array(z.object({ channel: z.string(), reason: z.string() }).strict())
          .describe(
            `The first ${MAX_UNMEASURED_CHANNELS} of them at most, in channel order, with why (each channel’s \`details.reason\`, e.g. \`one empty\`); names and reasons cut at ${DETAIL_REASON_CHARS} characters.`,
          ),
      })
      .strict()
      .optional()
      .describe(
        'Present when some, not all, channels of the (combined continuous) metric were not measured and the check’s mode says so in its reports (the default mode); `score` is then the mean over every channel, their stand-ins included, counted as before. Absent when the metric carries `not_measured`.',
      ),
  })
  .strict();

export const ReportRecordSchema = z
  .object({
    v: z
      .union([z.literal(1), z.literal(2)])
      .describe(
        'Version of the record envelope the matcher wrote (2 adds toFollowTrajectory and `trajectory`; 1 is still read).',
      ),
    matcher: z
      .enum([
        'toMatchTraceBehavior',
        'toMatchGoldenTrace',
        'traceMatching',
        'toFollowTrajectory',
        'evaluate',
      ])
      .describe(
        'The matcher that made the check; `evaluate` = one pair of a CLI batch run (`envtrace evaluate --gt-dir`).',
      ),
    retry: count.describe('Retry attempt (0-based) the matcher call was made in.'),
    repeat: count.describe('Repeat index (0-based) the matcher call was made in.'),
    seq: count.describe('Order of the call within its test attempt (0-based).'),
    pass: z.boolean().describe('Whether the assertion passed (after `.not`).'),
    negated: z.boolean(),
    mode: z.enum(['default', 'reference']),
    full_score: nullableNum.describe('Weighted full score; null when not a finite number.'),
    accuracy: z.boolean(),
    metrics: z.record(z.string(), RecordMetricSchema),
    decision: z
      .record(z.string(), z.boolean())
      .describe('Decision parts, as in EvaluationResult.decision.passes.'),
    min_score: nullableNum,
    config_digest: z.string(),
    golden: GoldenSourceSchema,
    best_index: z.number().int().nullable(),
    bounded_alignment: z
      .literal(true)
      .optional()
      .describe(
        'Present (true) when the check’s alignment is a bounded one, not proven optimal (the JSON report’s aligner.optimal is false); absent otherwise.',
      ),
    envtrace_version: z.string(),
    golden_status: z.enum(['written', 'updated', 'compared', 'missing']).optional(),
    detail: CheckDetailSchema.optional().describe(
      'Drill-down: aggregation, alignment rows (capped), timing points, continuous profiles.',
    ),
    trajectory: z
      .array(TrajectoryVerdictSchema)
      .optional()
      .describe(
        'Trajectory verdicts: one for a toFollowTrajectory call, one per trajectoryMetric of an evaluation; absent when none.',
      ),
    failure: z
      .string()
      .optional()
      .describe(
        "A failed check's verdict sentence: the first line of the matcher's failure message after its hint; for a batch pair (`evaluate`), the sentence toMatchTraceBehavior prints for that evaluation (absent when the check passed, and in records written before it existed).",
      ),
    location: z
      .object({ line: z.number().int().min(1), column: z.number().int().min(1) })
      .strict()
      .optional()
      .describe(
        'Where in the test file the matcher of a failed check was called (1-based, from the call stack; absent for a passed check, for a batch pair (`evaluate`, which has no call) and when the stack does not show the test file).',
      ),
    import_warnings: z
      .array(ImportWarningSchema)
      .optional()
      .describe(
        'What the importers skipped or doubted reading the traces of this call from files (received first, then the goldens); absent when nothing.',
      ),
    config_warnings: z
      .array(ConfigWarningSchema)
      .optional()
      .describe(
        "Default mode: the channel-keyed config entries that named no channel of this check's traces (an entry another check used is listed here, not in `summary.config_warnings`); absent when none. Written by the matchers (Vitest and Jest reporters) and by batch runs (`envtrace evaluate --gt-dir`).",
      ),
  })
  .strict()
  .describe(
    'One matcher call (an EnvTraceRecord without testPath/testName, which the test carries).',
  );

export const TestStatusSchema = z.enum(['passed', 'failed', 'skipped']);

export const RunTestSchema = z
  .object({
    file: z.string().describe('Test file, relative to the project root, with / separators.'),
    name: z.string().describe('Full test name (describe blocks and test name joined by a space).'),
    status: TestStatusSchema.describe('Final status; todo/pending/disabled count as skipped.'),
    duration_ms: nullableNum,
    attempts: count.describe(
      'How many times the test body ran (retries × repeats); 0 when skipped.',
    ),
    records: z
      .array(ReportRecordSchema)
      .describe('Every envtrace matcher call, ordered by repeat, retry, seq.'),
  })
  .strict();

export const RunFileSchema = z
  .object({
    file: z.string(),
    status: z.enum(['passed', 'failed', 'skipped']),
    errors: z
      .array(z.string())
      .describe('File-level errors (e.g. the file threw at import), one line each.'),
  })
  .strict();

export const GateConfigSchema = z
  .object({
    minMeanScore: z.number().min(0).max(1).optional(),
    minPassRate: z.number().min(0).max(1).optional(),
    minPassAtK: z.number().min(0).max(1).optional(),
    k: z.number().int().min(1).optional().describe('k of minPassAtK (default 1).'),
  })
  .strict();

export const GateResultSchema = z
  .object({
    gate: z.enum(['minMeanScore', 'minPassRate', 'minPassAtK']),
    threshold: num,
    actual: nullableNum.describe('null when the statistic is undefined (nothing to measure).'),
    k: z.number().int().min(1).optional(),
    passed: z.boolean(),
    message: z.string().describe('One line saying which gate and by how much.'),
  })
  .strict();

export const MeanSummarySchema = z
  .object({
    n: count,
    nan_count: count.describe(
      'Samples whose full score was not a finite number (excluded from the mean).',
    ),
    mean: nullableNum,
    std: nullableNum.describe('Sample standard deviation (n − 1); null when n < 2.'),
    min: nullableNum,
    max: nullableNum,
    ci95: interval.describe(
      'Percentile bootstrap of the mean (2,000 resamples, fixed seed; within [min, max]); null when n < 2.',
    ),
  })
  .strict();

export const PassRateSchema = z
  .object({
    n: count,
    passed: count,
    rate: nullableNum,
    ci95: interval.describe('Wilson score interval; null when n = 0.'),
  })
  .strict();

export const PassAtKSchema = z
  .object({
    k: z.number().int().min(1),
    tasks: count.describe('Tasks with at least k samples (the ones averaged).'),
    skipped_tasks: count.describe('Tasks with fewer than k samples (pass@k undefined for them).'),
    pass_at_k: nullableNum.describe(
      'Mean over tasks of 1 − C(n−c,k)/C(n,k); null when no task has k samples.',
    ),
    pass_hat_k: nullableNum.describe(
      'Mean over tasks of C(c,k)/C(n,k); null when no task has k samples.',
    ),
  })
  .strict();

export const MetricSummarySchema = z
  .object({
    count: count.describe(
      'Records with a finite score (a record whose metric carries `not_measured` is left out, as one without the metric).',
    ),
    nan_count: count.describe('Records where the metric was present but not measurable.'),
    mean: nullableNum,
    min: nullableNum,
    max: nullableNum,
    std: nullableNum.describe('Sample standard deviation (n − 1); null when count < 2.'),
    coverage: z
      .object({ scored: count, missing: count, failed: count })
      .strict()
      .describe(
        'Tests: scored (a finite score), missing (records but no finite score: absent, not measured or NaN), failed (failed without any record).',
      ),
  })
  .strict();

export const TrajectorySummarySchema = z
  .object({
    checks: count.describe(
      'Trajectory verdicts over samples (toFollowTrajectory calls and trajectoryMetric results).',
    ),
    passed: count,
    rate: nullableNum.describe('passed / checks; null when checks = 0.'),
    distance: z
      .object({
        checks: count.describe('Verdicts that carry a distance.'),
        distance: z.number().min(0).describe('Total raw distance.'),
        max: z.number().min(0).describe('Total maximum distance.'),
        ratio: nullableNum.describe(
          'Corpus distance = total distance / total max (never a mean of ratios); null when the total max is 0.',
        ),
        score: nullableNum.describe('1 − ratio; null when the total max is 0.'),
      })
      .strict()
      .nullable()
      .describe('null when no verdict carries a distance.'),
  })
  .strict();

export const RunVerdictSchema = z
  .object({
    passed: z
      .boolean()
      .describe(
        'The run passed: no test failed, no test file failed outside its tests, and every configured gate was met.',
      ),
    failed_tests: count.describe('Tests with status failed.'),
    file_errors: count.describe(
      'Test files that failed outside their tests: a file-level error (e.g. the file threw at import), or a failed status no failed test explains. A missing golden is not one: it fails its test (records.missing_goldens).',
    ),
    missed_gates: count.describe('Configured gates that were missed (see gates.results).'),
  })
  .strict()
  .describe(
    'Outcome of the whole run: tests and gates together (gates.passed describes the gates only).',
  );

export const RunSummarySchema = z
  .object({
    verdict: RunVerdictSchema,
    tests: z
      .object({ total: count, passed: count, failed: count, skipped: count, with_records: count })
      .strict(),
    files: z.object({ total: count, failed: count }).strict(),
    records: z
      .object({
        total: count,
        samples: count.describe(
          'Records used as samples: all but negated (`.not`) calls and missing goldens.',
        ),
        negated: count,
        bounded_alignment: count
          .optional()
          .describe(
            'Records whose alignment is a bounded one, not proven optimal (`bounded_alignment`); present only when there are some.',
          ),
        missing_goldens: count
          .optional()
          .describe(
            'Goldens not found (CI): one per check (test and matcher call) whose records say `golden_status: "missing"`, however many attempts (retries, repeats) recorded it. Their tests failed; no score, not samples.',
          ),
        golden_writes: count
          .optional()
          .describe(
            'Samples whose golden this run wrote or updated: passed, but left out of the score statistics.',
          ),
      })
      .strict(),
    score: MeanSummarySchema.describe('Full score over samples.'),
    pass_rate: PassRateSchema.describe('Passing samples over samples.'),
    tasks: z
      .object({
        total: count,
        repeated: count.describe(
          'Tasks with more than one sample (repeats or retries of the test).',
        ),
      })
      .strict()
      .describe(
        'Samples grouped by task = test identity: test file + full test name (+ which same-named test of the file) + matcher call index (seq); the samples of a task are that call across the repeats and retries of the test. Tests sharing a golden are different tasks.',
      ),
    pass_at_k: z.array(PassAtKSchema),
    metrics: z.record(z.string(), MetricSummarySchema),
    gates: z
      .object({ passed: z.boolean(), results: z.array(GateResultSchema) })
      .strict()
      .describe(
        'The gates only: passed is true when every configured gate is met (or none is configured). The run outcome is verdict.passed.',
      ),
    trajectory: TrajectorySummarySchema.optional().describe(
      'Present only when the run had trajectory checks.',
    ),
    config_warnings: z
      .array(
        ConfigWarningSchema.extend({
          checks: z
            .number()
            .int()
            .min(1)
            .describe(
              'The checks evaluated with this config (same `config_digest`), all of which warned.',
            ),
          message: z
            .string()
            .describe(
              'One line: `c.yaml: comparators.by_channel["mono:enrgy"] names no channel of any of the 12 checks\' traces; did you mean "mono:energy"?`.',
            ),
        }).strict(),
      )
      .optional()
      .describe(
        "The config entries no check used: each entry that every check evaluated with its config (same `config_digest`) warned of, said once (the hint is the first check's). Computed from the records' `config_warnings`; present only when there are some.",
      ),
  })
  .strict();

export const RunMetaSchema = z
  .object({
    created_at: z.string().describe('ISO 8601 time the report was written.'),
    runner: z.object({ name: RunnerNameSchema, version: z.string().nullable() }).strict(),
    envtrace_version: z.string(),
    shard: z
      .object({ index: z.number().int().min(1), count: z.number().int().min(1) })
      .strict()
      .nullable(),
    git_commit: z.string().nullable(),
    merged_from: z
      .array(
        z
          .object({
            file: z.string(),
            runner: z.object({ name: RunnerNameSchema, version: z.string().nullable() }).strict(),
            shard: z
              .object({ index: z.number().int().min(1), count: z.number().int().min(1) })
              .strict()
              .nullable(),
            created_at: z.string(),
          })
          .strict(),
      )
      .optional()
      .describe('Present on merged reports: the inputs, in order.'),
  })
  .strict();

export const RunReportSchema = z
  .object({
    schema_version: z.literal(RUN_REPORT_SCHEMA_VERSION),
    kind: z.literal(RUN_REPORT_KIND),
    meta: RunMetaSchema,
    config: z
      .object({
        k: z.array(z.number().int().min(1)).describe('k values of pass@k / pass^k in the summary.'),
        gates: GateConfigSchema,
      })
      .strict(),
    files: z.array(RunFileSchema).describe('Every test file of the run, sorted by path.'),
    tests: z
      .array(RunTestSchema)
      .describe('Every test, sorted by file then name (run order within equal names).'),
    summary: RunSummarySchema,
  })
  .strict()
  .describe('envtrace run report: per-test envtrace records and run statistics.');

export type ReportRecord = z.infer<typeof ReportRecordSchema>;
export type RecordMetric = z.infer<typeof RecordMetricSchema>;
export type TrajectoryVerdict = z.infer<typeof TrajectoryVerdictSchema>;
export type TrajectoryMatchVerdict = z.infer<typeof TrajectoryMatchVerdictSchema>;
export type TrajectoryMetricVerdict = z.infer<typeof TrajectoryMetricVerdictSchema>;
export type TrajectorySummary = z.infer<typeof TrajectorySummarySchema>;
export type ConfigWarning = z.infer<typeof ConfigWarningSchema>;
export type ConfigWarningSummary = NonNullable<RunSummary['config_warnings']>[number];
export type TestStatus = z.infer<typeof TestStatusSchema>;
export type RunTest = z.infer<typeof RunTestSchema>;
export type RunFile = z.infer<typeof RunFileSchema>;
export type GateConfig = z.infer<typeof GateConfigSchema>;
export type GateResult = z.infer<typeof GateResultSchema>;
export type PassAtKEntry = z.infer<typeof PassAtKSchema>;
export type RunSummary = z.infer<typeof RunSummarySchema>;
export type RunVerdict = z.infer<typeof RunVerdictSchema>;
export type RunMeta = z.infer<typeof RunMetaSchema>;
export type RunReport = z.infer<typeof RunReportSchema>;
export type RunnerName = RunMeta['runner']['name'];

/** The JSON Schema (draft 2020-12) of the run report, as published in `docs/run-report.schema.json`. */
export function runReportJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(RunReportSchema, { target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: schema['$schema'],
    title: 'envtrace run report',
    ...schema,
  };
}
