/**
 * The run report of a batch, in the reporters' run-report schema (`src/report/run/schema.ts`), so
 * `envtrace compare`, `envtrace merge` and `envtrace report --html` read it like a test run's.
 *
 * Each pair is one test and one test file, both named by the pair's key (its relative path
 * without the trace extension): `file` = the key, `name` = the key's last segment. An evaluated
 * pair is a test with one record (matcher `evaluate`), passed when the record passes (decision
 * and `--min-score`). A pair that could not be evaluated (a missing partner, a trace that does
 * not load) is a failed test without records, and its file carries the reason as a file-level
 * error, so the verdict counts it both as a failed test and as a file error.
 */
import type { CheckDetail } from '../../report/run/detail.js';
import {
  buildRunReport,
  toReportRecord,
  type RunFileInput,
  type RunTestInput,
} from '../../report/run/model.js';
import type { GateConfig, ReportRecord, RunReport } from '../../report/run/schema.js';
import { DETAIL_DEPTH, jsonChunks, LateJson, RawJson } from './report-json.js';
import { ENVTRACE_VERSION } from '../../version.js';
import type { PairOutcome } from './task.js';

/** One pair of the batch with its outcome, in report order. */
export interface BatchEntry {
  readonly key: string;
  readonly outcome: PairOutcome;
}

export interface BatchReportInput {
  readonly entries: readonly BatchEntry[];
  readonly createdAt: Date;
  readonly gitCommit: string | null;
  readonly gates: GateConfig;
  /** `--shard i/n`, or null for the whole batch. */
  readonly shard?: RunReport['meta']['shard'];
}

/** The test name of a pair: the last segment of its key. */
export function pairName(key: string): string {
  const i = key.lastIndexOf('/');
  return i < 0 ? key : key.slice(i + 1);
}

function withoutDetail(record: ReportRecord): ReportRecord {
  if (record.detail === undefined) return record;
  const { detail: _detail, ...rest } = record;
  return rest;
}

/**
 * Build the run report of a batch (runner `cli`; pass@k with k = 1, one sample per pair) without
 * the pairs' drill-downs (`detail`), so the summaries see the same report for `--jobs 1` and for
 * worker threads (whose drill-downs arrive as text); `batchReportChunks` writes it with them.
 */
export function buildBatchReport(input: BatchReportInput): RunReport {
  const tests: RunTestInput[] = [];
  const files: RunFileInput[] = [];
  for (const { key, outcome } of input.entries) {
    const status = outcome.kind === 'ok' && outcome.record.pass ? 'passed' : 'failed';
    tests.push({
      file: key,
      name: pairName(key),
      status,
      durationMs: outcome.durationMs,
      attempts: outcome.durationMs === null ? 0 : 1,
      // Without its drill-down, whatever thread evaluated it: `batchReportChunks` writes that.
      records: outcome.kind === 'ok' ? [withoutDetail(outcome.record)] : [],
    });
    files.push({ file: key, status, errors: outcome.kind === 'error' ? [outcome.message] : [] });
  }
  return buildRunReport({
    rootDir: '',
    createdAt: input.createdAt,
    runner: { name: 'cli', version: ENVTRACE_VERSION },
    envtraceVersion: ENVTRACE_VERSION,
    shard: input.shard ?? null,
    gitCommit: input.gitCommit,
    files,
    tests,
    config: { k: [1], gates: input.gates },
  });
}

/**
 * The report's JSON text (`JSON.stringify(report, null, space)` of the report with every
 * evaluated pair's drill-down), in chunks generated as they are written: a drill-down from a
 * worker is spliced in as the text the worker serialised (`PairOutcome.detailJson`, indented with
 * the same `space`); one evaluated in-process is serialised when it is reached. So the whole
 * text is never held at once.
 */
export function batchReportChunks(
  report: RunReport,
  entries: readonly BatchEntry[],
  space: 0 | 2,
): Iterable<string> {
  const details = new Map<string, RawJson | LateJson>();
  for (const { key, outcome } of entries) {
    if (outcome.kind !== 'ok') continue;
    if (outcome.detailJson !== undefined)
      details.set(key, new RawJson(outcome.detailJson, DETAIL_DEPTH));
    else if (outcome.record.detail !== undefined)
      details.set(key, new LateJson(outcome.record.detail));
  }
  const tests = report.tests.map((t) => {
    const late = details.get(t.file);
    const [record, ...more] = t.records;
    if (late === undefined || record === undefined || more.length > 0) return t;
    // Through toReportRecord, so `detail` takes the place among the keys it always has.
    const detail = late as unknown as CheckDetail;
    return { ...t, records: [toReportRecord({ ...record, detail })] };
  });
  return jsonChunks({ ...report, tests }, space);
}

/** The commit to record: `GITHUB_SHA`, `CI_COMMIT_SHA` or `GIT_COMMIT` from the environment, else none. */
export function commitFromEnv(env: Readonly<Record<string, string | undefined>>): string | null {
  for (const k of ['GITHUB_SHA', 'CI_COMMIT_SHA', 'GIT_COMMIT']) {
    const v = env[k]?.trim();
    if (v) return v;
  }
  return null;
}
