/**
 * Build the run report (`envtrace-report.json`) from a runner's test results and the
 * envtrace records the matchers published. Pure: the caller passes time, runner version,
 * git commit and shard in; nothing here reads the process or the file system.
 *
 * Statistics unit: a *sample* is one non-negated matcher call (record). Negated (`.not`)
 * calls assert a difference, not a behaviour match, so they are kept in the tests but left
 * out of the statistics. Samples are grouped into *tasks* for pass@k / pass^k by test
 * identity: the test file, the full test name, which of the tests with that name in the file
 * it is (`test.each` without a placeholder gives equal names), and the matcher call's index
 * within the test attempt (`seq`). The samples of a task are the records of that call across
 * the test's repeats and retries. Different tests are different tasks even when they share a
 * golden file: with `test.each` each generated test is its own task.
 */
import type { ImportWarning } from '../../import/warnings.js';
import { selectPolicy } from '../../evaluate/options.js';
import type { EvaluationResult } from '../../evaluate/types.js';
import { keptReason } from './detail.js';
import { channelsNotMeasuredNote, keptUnmeasuredChannels } from './unmeasured.js';
import path from 'node:path';
import { DEFAULT_GATE_K, evaluateGates } from './gates.js';
import {
  RUN_REPORT_KIND,
  RUN_REPORT_SCHEMA_VERSION,
  type ConfigWarning,
  type GateConfig,
  type PassAtKEntry,
  type RecordMetric,
  type ReportRecord,
  type RunFile,
  type RunMeta,
  type RunReport,
  type RunSummary,
  type RunTest,
  type TestStatus,
  type TrajectoryVerdict,
} from './schema.js';
import {
  meanWithCI,
  metricCoverage,
  passAtKOverTasks,
  summarizeMetricValues,
  wilsonInterval,
  type MetricValue,
} from './stats.js';
import { summarizeTrajectories, trajectoryVerdicts } from './trajectory.js';
import { summarizeConfigWarnings } from './warnings.js';

/**
 * Whether a record's golden file was bookkeeping, not a comparison of behaviour: `missing` (no
 * golden, nothing compared: a failed test with no score), `written` or
 * `updated` (this run wrote the golden: the check passed, and a score against the file it
 * replaced, or against itself, says nothing about the behaviour). Such records are left out of
 * the score statistics; a missing golden is also left out of the pass rate and pass@k.
 */
export function goldenBookkeeping(r: Pick<ReportRecord, 'golden_status'>): boolean {
  return (
    r.golden_status === 'missing' || r.golden_status === 'written' || r.golden_status === 'updated'
  );
}

/** Whether a record is a sample of the pass rate and pass@k: not negated, and not a missing golden. */
export function isSample(r: Pick<ReportRecord, 'negated' | 'golden_status'>): boolean {
  return !r.negated && r.golden_status !== 'missing';
}

/** Whether a sample's scores count in the score statistics (a sample whose golden was compared). */
export function isScored(r: Pick<ReportRecord, 'negated' | 'golden_status' | 'matcher'>): boolean {
  return !r.negated && !goldenBookkeeping(r) && r.matcher !== 'toFollowTrajectory';
}

/** Default k values of pass@k / pass^k in the summary. */
export const DEFAULT_K: readonly number[] = [1, 5, 10];

/**
 * A matcher record as the report consumes it: structurally the `EnvTraceRecord` the matchers
 * publish (`src/transport/record.ts`, a higher layer, which a type test keeps assignable to
 * this), read-only, with the test identity optional because the test carries it.
 */
export type RecordInput = Omit<
  ReportRecord,
  | 'metrics'
  | 'decision'
  | 'golden'
  | 'trajectory'
  | 'import_warnings'
  | 'config_warnings'
  | 'location'
> & {
  readonly config_warnings?: readonly ConfigWarning[];
  readonly location?: { readonly line: number; readonly column: number };
  readonly trajectory?: readonly TrajectoryVerdict[];
  readonly import_warnings?: readonly ImportWarning[];
  readonly metrics: Readonly<Record<string, Readonly<RecordMetric>>>;
  readonly decision: Readonly<Record<string, boolean>>;
  readonly golden: {
    readonly kind: ReportRecord['golden']['kind'];
    readonly paths?: readonly string[];
    readonly count: number;
  };
  readonly testPath?: string;
  readonly testName?: string;
};

/** A runner's status names; everything that did not run counts as `skipped`. */
export type RunnerTestStatus = TestStatus | 'pending' | 'todo' | 'disabled' | 'focused';

/** One test as the reporter saw it. */
export interface RunTestInput {
  /** Test file, absolute or relative to `rootDir`. */
  readonly file: string;
  /** Full name (describe blocks and test name joined by a space). */
  readonly name: string;
  readonly status: RunnerTestStatus;
  readonly durationMs: number | null;
  /** How many times the body ran (retries × repeats). */
  readonly attempts: number;
  /** The records the matcher calls of this test published (any order). */
  readonly records: readonly RecordInput[];
}

/** One test file as the reporter saw it. */
export interface RunFileInput {
  readonly file: string;
  readonly status: RunnerTestStatus;
  /** File-level errors (e.g. an import failure), one message each. */
  readonly errors: readonly string[];
}

/** Options that shape the summary. */
export interface RunReportConfig {
  /** k values of pass@k / pass^k. @default [1, 5, 10] */
  readonly k?: readonly number[];
  readonly gates?: GateConfig;
}

export interface BuildRunReportInput {
  /** Project root; test files are stored relative to it with `/` separators. */
  readonly rootDir: string;
  readonly createdAt: Date;
  readonly runner: RunMeta['runner'];
  readonly envtraceVersion: string;
  readonly shard: RunMeta['shard'];
  readonly gitCommit: string | null;
  readonly files: readonly RunFileInput[];
  readonly tests: readonly RunTestInput[];
  readonly config?: RunReportConfig;
}

/** Normalize a runner status to the report's three. */
export function normalizeStatus(status: RunnerTestStatus): TestStatus {
  if (status === 'passed' || status === 'failed') return status;
  if (status === 'focused') return 'passed';
  return 'skipped';
}

/** A file path relative to `rootDir` with `/` separators (unchanged when already relative). */
export function relativeFile(rootDir: string, file: string): string {
  const rel = path.isAbsolute(file) ? path.relative(rootDir, file) : file;
  return rel.split(path.sep).join('/');
}

function finiteOrNull(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/**
 * The metrics of an evaluation as a check's record keeps them: score (null when not finite),
 * pass, and — when the result's mode shows unmeasured metrics so (`ReportStyle.showUnmeasured`)
 * — `not_measured`, why a metric was not measured, and `channels_not_measured`, which channels
 * of a partly measured one were not. The HTML report and the console summary, which see only
 * records, read them; the score stays the one the full score counted.
 */
export function checkMetrics(
  result: Pick<EvaluationResult, 'mode' | 'metrics'>,
): Record<string, RecordMetric> {
  const { showUnmeasured } = selectPolicy(result).report;
  const metrics: Record<string, RecordMetric> = {};
  for (const [name, m] of Object.entries(result.metrics)) {
    metrics[name] = { score: finiteOrNull(m.score), binary_pass: m.binary_pass === true };
    const why = keptReason(m, showUnmeasured);
    if (why !== undefined) metrics[name].not_measured = why;
    const partly = keptUnmeasuredChannels(m, showUnmeasured);
    if (partly !== undefined) metrics[name].channels_not_measured = partly;
  }
  return metrics;
}

/** Copy the fields the report keeps (drops testPath/testName, which the test carries). */
export function toReportRecord(r: RecordInput): ReportRecord {
  const metrics: Record<string, RecordMetric> = {};
  for (const [name, m] of Object.entries(r.metrics)) {
    metrics[name] = { score: finiteOrNull(m.score), binary_pass: m.binary_pass };
    if (m.not_measured !== undefined) metrics[name].not_measured = m.not_measured;
    if (m.channels_not_measured !== undefined)
      metrics[name].channels_not_measured = structuredClone(m.channels_not_measured);
  }
  const golden: ReportRecord['golden'] = { kind: r.golden.kind, count: r.golden.count };
  if (r.golden.paths) golden.paths = [...r.golden.paths];
  const out: ReportRecord = {
    v: r.v,
    matcher: r.matcher,
    retry: r.retry,
    repeat: r.repeat,
    seq: r.seq,
    pass: r.pass,
    negated: r.negated,
    mode: r.mode,
    full_score: finiteOrNull(r.full_score),
    accuracy: r.accuracy,
    metrics,
    decision: { ...r.decision },
    min_score: finiteOrNull(r.min_score),
    config_digest: r.config_digest,
    golden,
    best_index: r.best_index,
    envtrace_version: r.envtrace_version,
  };
  if (r.bounded_alignment === true) out.bounded_alignment = true;
  if (r.golden_status !== undefined) out.golden_status = r.golden_status;
  if (r.detail !== undefined) out.detail = r.detail;
  if (r.trajectory !== undefined) out.trajectory = r.trajectory.map((v) => structuredClone(v));
  if (r.failure !== undefined) out.failure = r.failure;
  if (r.location !== undefined) out.location = { ...r.location };
  if (r.import_warnings !== undefined)
    out.import_warnings = r.import_warnings.map((w) => ({ ...w }));
  if (r.config_warnings !== undefined)
    out.config_warnings = r.config_warnings.map((w) => ({ ...w }));
  return out;
}

function compareRecords(a: ReportRecord, b: ReportRecord): number {
  return a.repeat - b.repeat || a.retry - b.retry || a.seq - b.seq;
}

function byString(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sort tests by file, then name; the sort is stable, so equal names keep run order. */
export function sortTests<T extends { readonly file: string; readonly name: string }>(
  tests: readonly T[],
): T[] {
  return [...tests].sort((a, b) => byString(a.file, b.file) || byString(a.name, b.name));
}

/**
 * Which task a sample belongs to: one matcher call site of one test (see the module comment).
 * `occurrence` tells apart tests with the same file and full name (0 for the first in run order).
 */
export interface TaskIdentity {
  readonly file: string;
  readonly name: string;
  readonly occurrence: number;
  /** The call's index within its test attempt (`ReportRecord.seq`). */
  readonly seq: number;
}

/** A string key for a {@link TaskIdentity} (equal identities give equal keys). */
export function taskKey(id: TaskIdentity): string {
  return JSON.stringify([id.file, id.name, id.occurrence, id.seq]);
}

/**
 * The non-negated records of `tests`, each with its task key. Tests are taken in the given
 * order, which numbers same-named tests of a file (`occurrence`).
 */
export function samplesByTask(
  tests: readonly RunTest[],
): Map<string, Array<{ test: RunTest; record: ReportRecord }>> {
  const occurrences = new Map<string, number>();
  const out = new Map<string, Array<{ test: RunTest; record: ReportRecord }>>();
  for (const test of tests) {
    const nameKey = JSON.stringify([test.file, test.name]);
    const occurrence = occurrences.get(nameKey) ?? 0;
    occurrences.set(nameKey, occurrence + 1);
    for (const record of test.records) {
      if (!isSample(record)) continue;
      const key = taskKey({ file: test.file, name: test.name, occurrence, seq: record.seq });
      const list = out.get(key);
      if (list) list.push({ test, record });
      else out.set(key, [{ test, record }]);
    }
  }
  return out;
}

/**
 * The missing goldens of a run: one per check (task: test and matcher call, see
 * {@link taskKey}) that found no golden file, however many of its attempts (retries, repeats)
 * recorded it. Each attempt of a check looks for the same golden file, so a user with one
 * missing golden reads 1, in Vitest (`retry`) and Jest (`jest.retryTimes`) alike.
 */
export function missingGoldenCount(tests: readonly RunTest[]): number {
  const occurrences = new Map<string, number>();
  const missing = new Set<string>();
  for (const test of tests) {
    const nameKey = JSON.stringify([test.file, test.name]);
    const occurrence = occurrences.get(nameKey) ?? 0;
    occurrences.set(nameKey, occurrence + 1);
    for (const r of test.records)
      if (!r.negated && r.golden_status === 'missing')
        missing.add(taskKey({ file: test.file, name: test.name, occurrence, seq: r.seq }));
  }
  return missing.size;
}

/**
 * Test files that failed outside their tests: a file-level error (e.g. the file threw at
 * import), or a failed status that no failed test of the file explains.
 */
export function fileErrorCount(tests: readonly RunTest[], files: readonly RunFile[]): number {
  const withFailedTest = new Set(tests.filter((t) => t.status === 'failed').map((t) => t.file));
  return files.filter(
    (f) => f.errors.length > 0 || (f.status === 'failed' && !withFailedTest.has(f.file)),
  ).length;
}

/** Compute the summary (statistics + gates) from tests and files. */
export function summarizeRun(
  tests: readonly RunTest[],
  files: readonly RunFile[],
  config: { readonly k: readonly number[]; readonly gates: GateConfig },
): RunSummary {
  const samples: Array<{ test: RunTest; r: ReportRecord }> = [];
  let negated = 0;
  let totalRecords = 0;
  let bounded = 0;
  let goldenWrites = 0;
  for (const t of tests) {
    for (const r of t.records) {
      totalRecords++;
      if (r.bounded_alignment === true) bounded++;
      if (r.negated) negated++;
      else if (r.golden_status !== 'missing') samples.push({ test: t, r });
      if (!r.negated && (r.golden_status === 'written' || r.golden_status === 'updated'))
        goldenWrites++;
    }
  }

  const scores: number[] = [];
  let scoreNan = 0;
  let passed = 0;
  for (const { r } of samples) {
    // A toFollowTrajectory call has no full score: it is a sample of the pass rate, not of the
    // score; neither is a golden this run wrote (see goldenBookkeeping).
    if (isScored(r)) {
      if (r.full_score === null) scoreNan++;
      else scores.push(r.full_score);
    }
    if (r.pass) passed++;
  }
  const scored = samples.filter(({ r }) => isScored(r));
  const tasks = [...samplesByTask(tests).values()].map((list) => ({
    n: list.length,
    c: list.filter((x) => x.record.pass).length,
  }));

  const ks = [
    ...new Set([
      ...config.k,
      ...(config.gates.minPassAtK !== undefined ? [config.gates.k ?? DEFAULT_GATE_K] : []),
    ]),
  ].sort((a, b) => a - b);
  const passAtKEntries: PassAtKEntry[] = ks.map((k) => passAtKOverTasks(tasks, k));

  // Metrics: union of names over samples, in first-seen order.
  const metricNames: string[] = [];
  const seen = new Set<string>();
  for (const { r } of scored) {
    for (const name of Object.keys(r.metrics)) {
      if (!seen.has(name)) {
        seen.add(name);
        metricNames.push(name);
      }
    }
  }
  const metrics: RunSummary['metrics'] = {};
  for (const name of metricNames) {
    const values: MetricValue[] = scored.map(({ r }) => measuredValue(r, name));
    // Tests whose only checks are toFollowTrajectory calls have no metrics to cover.
    const perTest = tests
      .filter(
        (t) =>
          !(t.records.length > 0 && t.records.every((r) => r.matcher === 'toFollowTrajectory')),
      )
      .map((t) => ({
        values: t.records.filter((r) => isScored(r)).map((r) => measuredValue(r, name)),
        failed: t.status === 'failed',
      }));
    metrics[name] = summarizeMetricValues(values, metricCoverage(perTest));
  }

  const score = meanWithCI(scores);
  const rate = samples.length ? passed / samples.length : null;
  const summaryPassAtK = passAtKEntries;
  const gateResults = evaluateGates(
    { meanScore: score.mean, passRate: rate, passAtK: summaryPassAtK },
    config.gates,
  );

  const trajectory = summarizeTrajectories(trajectoryVerdicts(samples.map(({ r }) => r)));
  const configWarnings = summarizeConfigWarnings(tests);

  const failedTests = tests.filter((t) => t.status === 'failed').length;
  // A missing golden fails its test (the matcher fails): counted there and in
  // records.missing_goldens, not again as a file error — its test file ran.
  const missingGoldens = missingGoldenCount(tests);
  const fileErrors = fileErrorCount(tests, files);
  const missedGates = gateResults.filter((g) => !g.passed).length;

  return {
    verdict: {
      passed: failedTests === 0 && fileErrors === 0 && missedGates === 0,
      failed_tests: failedTests,
      file_errors: fileErrors,
      missed_gates: missedGates,
    },
    tests: {
      total: tests.length,
      passed: tests.filter((t) => t.status === 'passed').length,
      failed: failedTests,
      skipped: tests.filter((t) => t.status === 'skipped').length,
      with_records: tests.filter((t) => t.records.length > 0).length,
    },
    files: { total: files.length, failed: files.filter((f) => f.status === 'failed').length },
    records: {
      total: totalRecords,
      samples: samples.length,
      negated,
      ...(bounded > 0 ? { bounded_alignment: bounded } : {}),
      ...(missingGoldens ? { missing_goldens: missingGoldens } : {}),
      ...(goldenWrites ? { golden_writes: goldenWrites } : {}),
    },
    score: {
      n: score.n,
      nan_count: scoreNan,
      mean: score.mean,
      std: score.std,
      min: score.min,
      max: score.max,
      ci95: score.ci95 ? [score.ci95[0], score.ci95[1]] : null,
    },
    pass_rate: {
      n: samples.length,
      passed,
      rate,
      ci95: (() => {
        const ci = wilsonInterval(passed, samples.length);
        return ci ? [ci[0], ci[1]] : null;
      })(),
    },
    tasks: { total: tasks.length, repeated: tasks.filter((t) => t.n > 1).length },
    pass_at_k: summaryPassAtK,
    metrics,
    gates: { passed: gateResults.every((g) => g.passed), results: gateResults },
    ...(trajectory === undefined ? {} : { trajectory }),
    ...(configWarnings.length > 0 ? { config_warnings: configWarnings } : {}),
  };
}

/** Validate k values and gate thresholds (programming errors in reporter options). */
export function resolveConfig(config: RunReportConfig | undefined): {
  k: number[];
  gates: GateConfig;
} {
  const k = [...(config?.k ?? DEFAULT_K)];
  for (const x of k) {
    if (!Number.isInteger(x) || x < 1)
      throw new RangeError(`k must be integers ≥ 1, got ${String(x)}`);
  }
  const gates: GateConfig = {};
  const g = config?.gates ?? {};
  for (const name of ['minMeanScore', 'minPassRate', 'minPassAtK'] as const) {
    const v = g[name];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !(v >= 0 && v <= 1))
      throw new RangeError(`${name} must be a number in [0, 1], got ${String(v)}`);
    gates[name] = v;
  }
  if (g.k !== undefined) {
    if (!Number.isInteger(g.k) || g.k < 1)
      throw new RangeError(`k (of minPassAtK) must be an integer ≥ 1, got ${String(g.k)}`);
    gates.k = g.k;
  }
  return { k: [...new Set(k)].sort((a, b) => a - b), gates };
}

/** Build the full report. Tests are sorted by file and name; records by repeat, retry, seq. */
export function buildRunReport(input: BuildRunReportInput): RunReport {
  const config = resolveConfig(input.config);
  const tests: RunTest[] = sortTests(
    input.tests.map((t) => ({
      file: relativeFile(input.rootDir, t.file),
      name: t.name,
      status: normalizeStatus(t.status),
      duration_ms: finiteOrNull(t.durationMs),
      attempts: t.attempts,
      records: t.records.map(toReportRecord).sort(compareRecords),
    })),
  );
  const files: RunFile[] = [...input.files]
    .map((f) => ({
      file: relativeFile(input.rootDir, f.file),
      status: normalizeStatus(f.status),
      errors: [...f.errors],
    }))
    .sort((a, b) => byString(a.file, b.file));
  return assembleReport(
    {
      created_at: input.createdAt.toISOString(),
      runner: { ...input.runner },
      envtrace_version: input.envtraceVersion,
      shard: input.shard ? { ...input.shard } : null,
      git_commit: input.gitCommit,
    },
    config,
    files,
    tests,
  );
}

/** Put a report together from already-normalized parts, recomputing the summary. */
export function assembleReport(
  meta: RunMeta,
  config: { k: number[]; gates: GateConfig },
  files: RunFile[],
  tests: RunTest[],
): RunReport {
  return {
    schema_version: RUN_REPORT_SCHEMA_VERSION,
    kind: RUN_REPORT_KIND,
    meta,
    config: { k: config.k, gates: config.gates },
    files,
    tests,
    summary: summarizeRun(tests, files, config),
  };
}

/**
 * A record's value of a metric for the run's statistics: absent (`undefined`) when the record has
 * no such metric or did not measure it (`not_measured`, default mode: its score is a stand-in, and
 * a metric that could not be measured is missing, never zero); null for a NaN score.
 */
function measuredValue(r: ReportRecord, name: string): MetricValue {
  const m = r.metrics[name];
  if (m === undefined || m.not_measured !== undefined) return undefined;
  return m.score ?? null;
}

/** Per-test figures derived from its records (samples = non-negated records). */
export interface TestFigures {
  readonly samples: number;
  readonly passedSamples: number;
  /**
   * Mean full score over the samples whose golden was compared (not written, updated or missing)
   * with a finite score; null when none.
   */
  readonly score: number | null;
  /** Fraction of samples with `accuracy`; null when no sample. */
  readonly accuracy: number | null;
  /** Mean score per metric over samples with a finite score; null when none. */
  readonly metrics: Readonly<Record<string, number | null>>;
  /**
   * The metrics that no record of the test measured (each record that has the metric carries
   * `not_measured`), with the first record's reason: shown as not measured, not as the mean of
   * stand-in scores that `metrics` still holds.
   */
  readonly unmeasured: Readonly<Record<string, string>>;
  /**
   * The metrics some record of the test measured only in part, or not at all while another record
   * measured it: their mean in `metrics` holds stand-in scores. Per metric, what was not measured,
   * one raw (unescaped) text per distinct case: `1 of 2 channels not measured: stage:rh (one
   * empty)` (a record's `channels_not_measured`), `not measured in 1 of 2 checks (why)`.
   */
  readonly partlyMeasured: Readonly<Record<string, readonly string[]>>;
  /**
   * The test has only `.not` checks: `score` and `metrics` are theirs (shown, never counted in
   * the statistics or compared as a sample).
   */
  readonly negatedOnly: boolean;
}

export function testFigures(t: RunTest): TestFigures {
  const samples = t.records.filter((r) => isSample(r));
  // The scores shown: of the compared samples; a test of `.not` checks only shows theirs (it
  // has no samples, and a failed `.not` check is explained by its score).
  const negatedOnly = t.records.length > 0 && t.records.every((r) => r.negated);
  const scoredRecords = negatedOnly
    ? t.records.filter((r) => r.matcher !== 'toFollowTrajectory')
    : t.records.filter((r) => isScored(r));
  const scores = scoredRecords.map((r) => r.full_score).filter((x): x is number => x !== null);
  const names = new Set(scoredRecords.flatMap((r) => Object.keys(r.metrics)));
  const metrics: Record<string, number | null> = {};
  const unmeasured: Record<string, string> = {};
  const partlyMeasured: Record<string, string[]> = {};
  for (const name of names) {
    const vs = scoredRecords
      .map((r) => r.metrics[name]?.score)
      .filter((x): x is number => typeof x === 'number');
    metrics[name] = vs.length ? vs.reduce((a, b) => a + b, 0) / vs.length : null;
    const present = scoredRecords.flatMap((r) => (r.metrics[name] ? [r.metrics[name]] : []));
    const why = present[0]?.not_measured;
    if (why !== undefined && present.every((m) => m.not_measured !== undefined)) {
      unmeasured[name] = why;
      continue;
    }
    const notes = partlyNotes(present);
    if (notes.length > 0) partlyMeasured[name] = notes;
  }
  return {
    samples: samples.length,
    passedSamples: samples.filter((r) => r.pass).length,
    score: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
    accuracy: samples.length ? samples.filter((r) => r.accuracy).length / samples.length : null,
    metrics,
    unmeasured,
    partlyMeasured,
    negatedOnly,
  };
}

/**
 * What a test's records of one metric (some of which measured it) did not measure, distinct
 * texts in record order (see `TestFigures.partlyMeasured`).
 */
function partlyNotes(present: readonly RecordMetric[]): string[] {
  const notes: string[] = [];
  const add = (text: string): void => {
    if (!notes.includes(text)) notes.push(text);
  };
  const whole = present.filter((m) => m.not_measured !== undefined);
  for (const m of present)
    if (m.channels_not_measured !== undefined)
      add(channelsNotMeasuredNote(m.channels_not_measured));
  const reasons = [...new Set(whole.map((m) => m.not_measured))].join('; ');
  if (whole.length > 0)
    add(`not measured in ${whole.length} of ${present.length} checks (${reasons})`);
  return notes;
}
