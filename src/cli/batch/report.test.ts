import { describe, expect, it } from 'vitest';
import { parseRunReport } from '../../report/run/merge.js';
import { buildBatchReport, commitFromEnv, pairName, type BatchEntry } from './report.js';
import type { PairOutcome } from './task.js';
import type { ReportRecord } from '../../report/run/schema.js';

function record(score: number, pass: boolean): ReportRecord {
  return {
    v: 1,
    matcher: 'evaluate',
    retry: 0,
    repeat: 0,
    seq: 0,
    pass,
    negated: false,
    mode: 'default',
    full_score: score,
    accuracy: pass,
    metrics: { discrete: { score, binary_pass: pass } },
    decision: { discrete: pass },
    min_score: null,
    config_digest: 'abc123abc123',
    golden: { kind: 'file', paths: ['gt/x.json'], count: 1 },
    best_index: null,
    envtrace_version: '0.1.0',
  };
}

const ok = (index: number, score: number, pass = true): PairOutcome => ({
  kind: 'ok',
  index,
  record: record(score, pass),
  durationMs: 5,
});

describe('buildBatchReport', () => {
  const entries: BatchEntry[] = [
    { key: 'a', outcome: ok(0, 1) },
    { key: 'b/c', outcome: ok(1, 0.5, false) },
    {
      key: 'b/d',
      outcome: {
        kind: 'error',
        index: 2,
        message: 'pred/b/d.json:1:2: bad',
        internal: false,
        durationMs: 3,
      },
    },
    {
      key: 'e',
      outcome: {
        kind: 'error',
        index: 3,
        message: 'no golden trace for prediction pred/e.json (…)',
        internal: false,
        durationMs: null,
      },
    },
  ];
  const report = buildBatchReport({
    entries,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    gitCommit: 'abc',
    gates: { minMeanScore: 0.9 },
  });

  it('is a valid run report (what merge, compare and report --html read)', () => {
    expect(parseRunReport(JSON.stringify(report), 'r.json')).toEqual(report);
    expect(report.meta).toEqual({
      created_at: '2026-01-02T03:04:05.000Z',
      runner: { name: 'cli', version: report.meta.envtrace_version },
      envtrace_version: report.meta.envtrace_version,
      shard: null,
      git_commit: 'abc',
    });
    expect(report.config).toEqual({ k: [1], gates: { minMeanScore: 0.9 } });
  });

  it('one test and one file per pair, named by the key; errors as failed tests without records plus a file error', () => {
    expect(
      report.tests.map((t) => [t.file, t.name, t.status, t.records.length, t.attempts]),
    ).toEqual([
      ['a', 'a', 'passed', 1, 1],
      ['b/c', 'c', 'failed', 1, 1],
      ['b/d', 'd', 'failed', 0, 1],
      ['e', 'e', 'failed', 0, 0],
    ]);
    expect(report.files).toEqual([
      { file: 'a', status: 'passed', errors: [] },
      { file: 'b/c', status: 'failed', errors: [] },
      { file: 'b/d', status: 'failed', errors: ['pred/b/d.json:1:2: bad'] },
      { file: 'e', status: 'failed', errors: ['no golden trace for prediction pred/e.json (…)'] },
    ]);
  });

  it('summarises the evaluated pairs and fails the verdict for failed and errored pairs and the gate', () => {
    const s = report.summary;
    expect(s.tests).toEqual({ total: 4, passed: 1, failed: 3, skipped: 0, with_records: 2 });
    expect(s.score.mean).toBe(0.75);
    expect(s.pass_rate).toMatchObject({ n: 2, passed: 1, rate: 0.5 });
    expect(s.verdict).toEqual({ passed: false, failed_tests: 3, file_errors: 2, missed_gates: 1 });
    expect(s.metrics['discrete']?.coverage).toEqual({ scored: 2, missing: 0, failed: 2 });
  });

  it('passes when every pair passes and the gates are met', () => {
    const good = buildBatchReport({
      entries: [{ key: 'a', outcome: ok(0, 1) }],
      createdAt: new Date(0),
      gitCommit: null,
      gates: { minPassRate: 1 },
    });
    expect(good.summary.verdict.passed).toBe(true);
  });
});

describe('helpers', () => {
  it('pairName is the last key segment', () => {
    expect(pairName('a')).toBe('a');
    expect(pairName('x/y/z')).toBe('z');
  });
  it('commitFromEnv reads the CI variables in order', () => {
    expect(commitFromEnv({})).toBeNull();
    expect(commitFromEnv({ GIT_COMMIT: 'g', CI_COMMIT_SHA: ' c ' })).toBe('c');
    expect(commitFromEnv({ GITHUB_SHA: 'h', GIT_COMMIT: 'g' })).toBe('h');
  });
});
