import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { evaluateGates } from './gates.js';
import { DETAIL_REASON_CHARS } from './detail.js';
import {
  buildRunReport,
  checkMetrics,
  fileErrorCount,
  relativeFile,
  resolveConfig,
  samplesByTask,
  taskKey,
  testFigures,
  type RecordInput,
  type RunTestInput,
} from './model.js';
import { RunReportSchema, runReportJsonSchema } from './schema.js';
import { bootstrapMeanInterval } from './stats.js';
import { ROOT, rec, scenario } from './fixtures.test-helpers.js';
import { evaluate } from '../../evaluate/evaluate.js';
import {
  RENAMED_GT,
  failedCheckRecord,
  halfMeasuredRunReport,
  mixedChecks,
  renamedRunReport,
} from '../unmeasured.test-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const docsSchemaPath = path.join(repoRoot, 'docs/run-report.schema.json');

describe('buildRunReport: scenario with hand-computed statistics', () => {
  const report = buildRunReport(scenario());
  const s = report.summary;

  it('metadata, file paths relative to the root, sorted tests and records', () => {
    expect(report.schema_version).toBe(1);
    expect(report.kind).toBe('envtrace-run-report');
    expect(report.meta).toEqual({
      created_at: '2025-01-02T03:04:05.000Z',
      runner: { name: 'vitest', version: '4.1.12' },
      envtrace_version: '0.1.0',
      shard: null,
      git_commit: '0123456789abcdef0123456789abcdef01234567',
    });
    expect(report.files.map((f) => f.file)).toEqual([
      'src/a.test.ts',
      'src/b.test.ts',
      'src/broken.test.ts',
    ]);
    expect(report.files[2]?.errors).toEqual(['Error: boom at import']);
    expect(report.tests.map((t) => t.name)).toEqual([
      'A one',
      'B two',
      'C plain',
      'D throws',
      'E differs',
      'F sample 1',
      'F sample 2',
      'F sample 3',
      'G todo',
    ]);
    const a = report.tests[0];
    expect(a?.records.map((r) => [r.repeat, r.full_score])).toEqual([
      [0, 0.9],
      [1, 0.7],
    ]);
    expect(a?.records[0]).not.toHaveProperty('testPath');
    expect(report.tests[8]?.status).toBe('skipped');
  });

  it('counts', () => {
    expect(s.tests).toEqual({ total: 9, passed: 5, failed: 3, skipped: 1, with_records: 6 });
    expect(s.files).toEqual({ total: 3, failed: 3 });
    expect(s.records).toEqual({ total: 7, samples: 6, negated: 1 });
  });

  it('mean score with a bootstrap CI: samples 0.9 0.7 0.4 0.8 0.3 0.6', () => {
    // mean 3.7/6; sample sd 0.2316606714
    expect(s.score.n).toBe(6);
    expect(s.score.nan_count).toBe(0);
    expect(s.score.mean).toBeCloseTo(0.6166666667, 9);
    expect(s.score.std).toBeCloseTo(0.2316606714, 9);
    expect(s.score.min).toBe(0.3);
    expect(s.score.max).toBe(0.9);
    // The seeded percentile bootstrap of these six values (stats.test.ts tests the method).
    expect(s.score.ci95).toEqual(bootstrapMeanInterval([0.9, 0.7, 0.4, 0.8, 0.3, 0.6]));
    expect(s.score.ci95![0]).toBeGreaterThanOrEqual(0.3);
    expect(s.score.ci95![1]).toBeLessThanOrEqual(0.9);
  });

  it('pass rate 4/6 with Wilson CI', () => {
    expect(s.pass_rate.n).toBe(6);
    expect(s.pass_rate.passed).toBe(4);
    expect(s.pass_rate.rate).toBeCloseTo(2 / 3, 14);
    expect(s.pass_rate.ci95?.[0]).toBeCloseTo(0.2999933151, 9);
    expect(s.pass_rate.ci95?.[1]).toBeCloseTo(0.9032285889, 9);
  });

  it('tasks by test identity and pass@k / pass^k: A (n=2,c=2), B (1,0), F1 (1,1), F2 (1,0), F3 (1,1)', () => {
    // F1..F3 share one golden file but are three tests: three tasks of one sample each.
    expect(s.tasks).toEqual({ total: 5, repeated: 1 });
    const [k1, k2, k5] = s.pass_at_k;
    // pass@1 = mean(1, 0, 1, 0, 1); pass^1 the same
    expect(k1).toMatchObject({ k: 1, tasks: 5, skipped_tasks: 0 });
    expect(k1?.pass_at_k).toBeCloseTo(3 / 5, 14);
    expect(k1?.pass_hat_k).toBeCloseTo(3 / 5, 14);
    // k=2 over A alone (the only task with 2 samples, both passing): pass@2 = pass^2 = 1
    expect(k2).toEqual({ k: 2, tasks: 1, skipped_tasks: 4, pass_at_k: 1, pass_hat_k: 1 });
    expect(k5).toEqual({ k: 5, tasks: 0, skipped_tasks: 5, pass_at_k: null, pass_hat_k: null });
  });

  it('verdict: tests and gates together (B, D, F2 failed; broken.test.ts errored; one gate missed)', () => {
    expect(s.verdict).toEqual({ passed: false, failed_tests: 3, file_errors: 1, missed_gates: 1 });
  });

  it('per-metric summaries with NaN counted apart and per-test coverage', () => {
    const d = s.metrics['discrete'];
    expect(d).toMatchObject({ count: 5, nan_count: 1, min: 0, max: 1 });
    expect(d?.mean).toBeCloseTo(0.8, 14);
    expect(d?.std).toBeCloseTo(0.4472135955, 9);
    // scored: A, F1, F2, F3; missing: B (NaN); failed: D (no record). C, E, G are not counted.
    expect(d?.coverage).toEqual({ scored: 4, missing: 1, failed: 1 });
    const t = s.metrics['timing'];
    expect(t?.mean).toBeCloseTo(3.1 / 6, 14);
    expect(t?.coverage).toEqual({ scored: 5, missing: 0, failed: 1 });
    expect(Object.keys(s.metrics)).toEqual(['discrete', 'timing']);
  });

  it('gates: mean score missed by 0.0833, pass rate and pass@2 met', () => {
    expect(s.gates.passed).toBe(false);
    expect(s.gates.results.map((g) => [g.gate, g.passed])).toEqual([
      ['minMeanScore', false],
      ['minPassRate', true],
      ['minPassAtK', true],
    ]);
    expect(s.gates.results[0]?.message).toBe(
      'minMeanScore missed: mean score 0.6167 < 0.7000 (short by 0.0833)',
    );
    expect(s.gates.results[1]?.message).toBe('minPassRate met: pass rate 66.7% ≥ 60.0%');
    expect(s.gates.results[2]?.message).toBe('minPassAtK met: pass@2 100.0% ≥ 90.0%');
  });

  it('per-test figures', () => {
    const f = testFigures(report.tests[0]!);
    expect(f.samples).toBe(2);
    expect(f.score).toBeCloseTo(0.8, 14);
    expect(f.accuracy).toBe(1);
    expect(f.metrics['timing']).toBeCloseTo(0.6, 14);
    expect(testFigures(report.tests[4]!).samples).toBe(0);
  });
});

describe('gates', () => {
  it('undefined statistics miss the gate with a reason', () => {
    const r = evaluateGates(
      { meanScore: null, passRate: null, passAtK: [] },
      { minMeanScore: 0.5, minPassAtK: 0.5, k: 3 },
    );
    expect(r.map((g) => g.message)).toEqual([
      'minMeanScore missed: mean score is undefined (no scored sample); required ≥ 0.5000',
      'minPassAtK missed: pass@3 is undefined (no task has 3 samples); required ≥ 50.0%',
    ]);
  });

  it('pass-rate shortfall in points', () => {
    const [g] = evaluateGates({ meanScore: 1, passRate: 0.5, passAtK: [] }, { minPassRate: 0.8 });
    expect(g?.message).toBe('minPassRate missed: pass rate 50.0% < 80.0% (short by 30.0 points)');
  });

  it('no gate configured: the gates pass, the run still fails on its failed tests', () => {
    const r = buildRunReport({ ...scenario(), config: {} });
    expect(r.summary.gates).toEqual({ passed: true, results: [] });
    expect(r.summary.verdict).toEqual({
      passed: false,
      failed_tests: 3,
      file_errors: 1,
      missed_gates: 0,
    });
    const clean = buildRunReport({
      ...scenario(),
      files: [],
      tests: scenario().tests.filter((t) => t.status !== 'failed'),
      config: {},
    });
    expect(clean.summary.verdict).toEqual({
      passed: true,
      failed_tests: 0,
      file_errors: 0,
      missed_gates: 0,
    });
    expect(r.config).toEqual({ k: [1, 5, 10], gates: {} });
  });

  it('invalid options are rejected', () => {
    expect(() => resolveConfig({ gates: { minMeanScore: 1.5 } })).toThrow(/minMeanScore/);
    expect(() => resolveConfig({ k: [0] })).toThrow(/k must be/);
    expect(() => resolveConfig({ gates: { k: 2.5 } })).toThrow(/k \(of minPassAtK\)/);
  });
});

describe('helpers', () => {
  it('relativeFile', () => {
    expect(relativeFile('/proj', '/proj/src/x.test.ts')).toBe('src/x.test.ts');
    expect(relativeFile('/proj', 'src/x.test.ts')).toBe('src/x.test.ts');
  });

  it('taskKey: equal identities give equal keys, any differing part a different key', () => {
    const id = { file: 'a.test.ts', name: 'n', occurrence: 0, seq: 0 };
    expect(taskKey({ ...id })).toBe(taskKey(id));
    for (const other of [{ file: 'b.test.ts' }, { name: 'm' }, { occurrence: 1 }, { seq: 1 }]) {
      expect(taskKey({ ...id, ...other })).not.toBe(taskKey(id));
    }
    // No separator ambiguity between the parts.
    expect(taskKey({ ...id, file: 'a', name: 'b c' })).not.toBe(
      taskKey({ ...id, file: 'a b', name: 'c' }),
    );
  });

  it('fileErrorCount: file-level errors, and failed files no failed test explains', () => {
    const tests = [
      { file: 'a', name: 'x', status: 'failed' as const, duration_ms: 1, attempts: 1, records: [] },
    ];
    expect(
      fileErrorCount(tests, [
        { file: 'a', status: 'failed', errors: [] }, // explained by its failed test
        { file: 'b', status: 'failed', errors: [] }, // failed with no failed test (e.g. a hook)
        { file: 'c', status: 'failed', errors: ['Error: at import'] },
        { file: 'd', status: 'passed', errors: [] },
      ]),
    ).toBe(2);
  });
});

describe('tasks: grouped by test identity (file + full name + which same-named test + call index)', () => {
  const G = { kind: 'file' as const, paths: ['goldens/shared.json'], count: 1 };
  const H = { kind: 'file' as const, paths: ['goldens/other.json'], count: 1 };
  const f = 'src/t.test.ts';
  const test = (
    name: string,
    status: 'passed' | 'failed',
    records: RecordInput[],
    attempts = 1,
  ): RunTestInput => ({
    file: `/proj/${f}`,
    name,
    status,
    durationMs: 1,
    attempts,
    records,
  });
  const report = buildRunReport({
    ...scenario(),
    files: [{ file: `/proj/${f}`, status: 'failed', errors: [] }],
    tests: [
      // T1: three repeats (pass, fail, pass) and a negated call (seq 1) that is no sample
      test(
        'T1 repeated',
        'failed',
        [
          rec(f, 'T1 repeated', { repeat: 0, pass: true }),
          rec(f, 'T1 repeated', { repeat: 1, pass: false }),
          rec(f, 'T1 repeated', { repeat: 2, pass: true }),
          rec(f, 'T1 repeated', { repeat: 0, seq: 1, negated: true }),
        ],
        3,
      ),
      // T2: failed, then passed on retry
      test(
        'T2 retried',
        'passed',
        [
          rec(f, 'T2 retried', { retry: 0, pass: false }),
          rec(f, 'T2 retried', { retry: 1, pass: true }),
        ],
        2,
      ),
      // T3: two checks per attempt against different goldens, two repeats: two tasks
      test(
        'T3 two checks',
        'failed',
        [
          rec(f, 'T3 two checks', { repeat: 0, seq: 0, golden: G }),
          rec(f, 'T3 two checks', { repeat: 0, seq: 1, golden: H, pass: false }),
          rec(f, 'T3 two checks', { repeat: 1, seq: 0, golden: G }),
          rec(f, 'T3 two checks', { repeat: 1, seq: 1, golden: H }),
        ],
        2,
      ),
      // T4: test.each without a placeholder: two tests with one name, sharing a golden
      test('dup', 'passed', [rec(f, 'dup', { golden: G })]),
      test('dup', 'failed', [rec(f, 'dup', { golden: G, pass: false })]),
      // T5: test.each over three samples of one golden: three tests, three tasks
      test('sample 1', 'passed', [rec(f, 'sample 1', { golden: G })]),
      test('sample 2', 'failed', [rec(f, 'sample 2', { golden: G, pass: false })]),
      test('sample 3', 'passed', [rec(f, 'sample 3', { golden: G })]),
    ],
    config: { k: [1, 2, 3] },
  });
  const s = report.summary;

  it('nine tasks: T1 (3,2), T2 (2,1), T3 seq 0 (2,2), T3 seq 1 (2,1), dup ×2 (1,1) (1,0), samples (1,1) (1,0) (1,1)', () => {
    expect(s.records).toEqual({ total: 15, samples: 14, negated: 1 }); // 4 + 2 + 4 + 2 + 3 records
    expect(s.tasks).toEqual({ total: 9, repeated: 4 });
    const groups = [...samplesByTask(report.tests).values()].map(
      (l) => `${l[0]!.test.name}#${l[0]!.record.seq}:${l.length}`,
    );
    expect(groups.sort()).toEqual([
      'T1 repeated#0:3',
      'T2 retried#0:2',
      'T3 two checks#0:2',
      'T3 two checks#1:2',
      'dup#0:1',
      'dup#0:1',
      'sample 1#0:1',
      'sample 2#0:1',
      'sample 3#0:1',
    ]);
  });

  it('pass@k / pass^k over the tasks with ≥ k samples (hand-computed)', () => {
    const [k1, k2, k3] = s.pass_at_k;
    // k=1: mean of c/n = (2/3 + 1/2 + 1 + 1/2 + 1 + 0 + 1 + 0 + 1) / 9 = (17/3) / 9
    expect(k1).toMatchObject({ k: 1, tasks: 9, skipped_tasks: 0 });
    expect(k1?.pass_at_k).toBeCloseTo(17 / 27, 14);
    expect(k1?.pass_hat_k).toBeCloseTo(17 / 27, 14);
    // k=2 over T1, T2, T3#0, T3#1: pass@2 = 1 − C(n−c,2)/C(n,2) = 1 each;
    // pass^2 = C(c,2)/C(n,2) = 1/3, 0, 1, 0 → 1/3
    expect(k2).toMatchObject({ k: 2, tasks: 4, skipped_tasks: 5, pass_at_k: 1 });
    expect(k2?.pass_hat_k).toBeCloseTo(1 / 3, 14);
    // k=3 over T1 alone: pass@3 = 1 − C(1,3)/C(3,3) = 1; pass^3 = C(2,3)/C(3,3) = 0
    expect(k3).toEqual({ k: 3, tasks: 1, skipped_tasks: 8, pass_at_k: 1, pass_hat_k: 0 });
  });

  it('a run without repeats has no pass@k beyond k = 1 (no sample count is invented)', () => {
    const each = buildRunReport({
      ...scenario(),
      files: [{ file: `/proj/${f}`, status: 'failed', errors: [] }],
      tests: [1, 2, 3, 4, 5].map((i) =>
        test(`sample ${i}`, i <= 2 ? 'passed' : 'failed', [
          rec(f, `sample ${i}`, { golden: G, pass: i <= 2 }),
        ]),
      ),
      config: { k: [1, 5] },
    }).summary;
    expect(each.tasks).toEqual({ total: 5, repeated: 0 });
    expect(each.pass_at_k).toEqual([
      { k: 1, tasks: 5, skipped_tasks: 0, pass_at_k: 0.4, pass_hat_k: 0.4 },
      { k: 5, tasks: 0, skipped_tasks: 5, pass_at_k: null, pass_hat_k: null },
    ]);
  });
});

// --- JSON Schema: the published document mirrors the zod schema, and a report validates ---------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A small validator for the JSON Schema subset zod emits (type, const, enum, properties, required, additionalProperties, items, prefixItems, anyOf, minimum, maximum). */
function validate(schema: Record<string, unknown>, value: unknown, at = '$'): string[] {
  const errs: string[] = [];
  if ('const' in schema && value !== schema['const'])
    errs.push(`${at}: expected const ${String(schema['const'])}`);
  if (Array.isArray(schema['enum']) && !(schema['enum'] as unknown[]).includes(value))
    errs.push(`${at}: not in enum`);
  if (Array.isArray(schema['anyOf'])) {
    const ok = (schema['anyOf'] as Record<string, unknown>[]).some(
      (s) => validate(s, value, at).length === 0,
    );
    if (!ok) errs.push(`${at}: matches no anyOf branch`);
  }
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? (type as string[]) : [type as string];
    const actual =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : Number.isInteger(value)
            ? 'integer'
            : typeof value;
    const ok = types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
    if (!ok) return [...errs, `${at}: expected ${types.join('|')}, got ${actual}`];
  }
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum'])
      errs.push(`${at}: below minimum`);
    if (typeof schema['maximum'] === 'number' && value > schema['maximum'])
      errs.push(`${at}: above maximum`);
  }
  if (Array.isArray(value)) {
    const prefix = schema['prefixItems'] as Record<string, unknown>[] | undefined;
    value.forEach((v, i) => {
      const s = prefix ? prefix[i] : (schema['items'] as Record<string, unknown> | undefined);
      if (s) errs.push(...validate(s, v, `${at}[${i}]`));
      else if (prefix && schema['items'] === false) errs.push(`${at}[${i}]: extra item`);
    });
    if (prefix && value.length < prefix.length) errs.push(`${at}: too few items`);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (schema['properties'] ?? {}) as Record<string, Record<string, unknown>>;
    for (const req of (schema['required'] ?? []) as string[])
      if (!(req in obj)) errs.push(`${at}.${req}: required`);
    for (const [k, v] of Object.entries(obj)) {
      const ps = props[k];
      if (ps) errs.push(...validate(ps, v, `${at}.${k}`));
      else if (schema['additionalProperties'] === false)
        errs.push(`${at}.${k}: additional property`);
      else if (typeof schema['additionalProperties'] === 'object')
        errs.push(
          ...validate(schema['additionalProperties'] as Record<string, unknown>, v, `${at}.${k}`),
        );
    }
  }
  return errs;
}

describe('docs/run-report.schema.json', () => {
  // Regenerate with: UPDATE_RUN_REPORT_SCHEMA=1 npx vitest run src/report/run/model.test.ts
  if (process.env['UPDATE_RUN_REPORT_SCHEMA'] === '1') {
    writeFileSync(docsSchemaPath, `${JSON.stringify(runReportJsonSchema(), null, 2)}\n`);
  }
  const published = JSON.parse(readFileSync(docsSchemaPath, 'utf8')) as Record<string, unknown>;

  it('is exactly the JSON Schema rendering of the zod schema (regenerate when this fails)', () => {
    expect(published).toEqual(runReportJsonSchema());
  });

  it('validates a built report (and zod agrees)', () => {
    const report = JSON.parse(JSON.stringify(buildRunReport(scenario()))) as Json;
    expect(validate(published, report)).toEqual([]);
    expect(RunReportSchema.safeParse(report).success).toBe(true);
  });

  it('rejects a broken report', () => {
    const report = JSON.parse(JSON.stringify(buildRunReport(scenario()))) as {
      tests: Array<Record<string, unknown>>;
    };
    const t0 = report.tests[0]!;
    t0['status'] = 'exploded';
    t0['extra'] = 1;
    const errs = validate(published, report);
    expect(errs).toContain('$.tests[0].status: not in enum');
    expect(errs).toContain('$.tests[0].extra: additional property');
    expect(RunReportSchema.safeParse(report).success).toBe(false);
  });
});

describe('golden bookkeeping is not behaviour (issue 25)', () => {
  const G = { kind: 'golden' as const, paths: ['__traces__/a.test.ts/t.trace.json'], count: 1 };
  const base = (tests: RunTestInput[]) =>
    buildRunReport({ ...scenario(), files: [], tests, config: { gates: { minMeanScore: 0.9 } } });
  const test = (name: string, status: 'passed' | 'failed', records: RecordInput[]) => ({
    file: '/proj/a.test.ts',
    name,
    status,
    durationMs: 1,
    attempts: 1,
    records,
  });

  it('a missing golden is a failed test with no score: not 0.000 in the mean, not a file error', () => {
    const r = base([
      test('ok', 'passed', [rec('a.test.ts', 'ok', { full_score: 0.95 })]),
      test('no golden', 'failed', [
        rec('a.test.ts', 'no golden', {
          matcher: 'toMatchGoldenTrace',
          golden: G,
          golden_status: 'missing',
          pass: false,
          accuracy: false,
          full_score: null,
          metrics: {},
        }),
      ]),
    ]);
    const s = r.summary;
    expect(s.score).toMatchObject({ n: 1, nan_count: 0, mean: 0.95 });
    expect(s.records).toMatchObject({ total: 2, samples: 1, missing_goldens: 1 });
    expect(s.pass_rate).toMatchObject({ n: 1, passed: 1 });
    expect(s.metrics['discrete']).toMatchObject({ count: 1 });
    expect(s.verdict).toEqual({ passed: false, failed_tests: 1, file_errors: 0, missed_gates: 0 });
    expect(s.gates.passed).toBe(true); // minMeanScore 0.9 is met: the missing golden is no 0.000
    expect(RunReportSchema.parse(JSON.parse(JSON.stringify(r)))).toBeTruthy();
  });

  it('a missing golden retried twice is one missing golden; two checks missing theirs are two', () => {
    const missing = (retry: number, seq: number): RecordInput =>
      rec('a.test.ts', 'no golden', {
        matcher: 'toMatchGoldenTrace',
        golden: G,
        golden_status: 'missing',
        pass: false,
        accuracy: false,
        full_score: null,
        metrics: {},
        retry,
        seq,
      });
    // Each attempt of a retried test records the missing golden again (what both runners send).
    const retried = base([
      {
        ...test('no golden', 'failed', [missing(0, 0), missing(1, 0), missing(2, 0)]),
        attempts: 3,
      },
    ]);
    expect(retried.summary.records).toMatchObject({ total: 3, samples: 0, missing_goldens: 1 });
    // (The minMeanScore gate of `base` is missed: no check was scored.)
    expect(retried.summary.verdict).toMatchObject({ failed_tests: 1, file_errors: 0 });
    // Two calls in one test (seq 0, 1) and a same-named second test: three goldens missing.
    const three = base([
      test('no golden', 'failed', [missing(0, 0), missing(0, 1), missing(1, 0), missing(1, 1)]),
      test('no golden', 'failed', [missing(0, 0)]),
    ]);
    expect(three.summary.records).toMatchObject({ total: 5, missing_goldens: 3 });
  });

  it('a golden updated by -u counts as updated and passed, without its stale score', () => {
    const r = base([
      test('ok', 'passed', [rec('a.test.ts', 'ok', { full_score: 0.95 })]),
      test('updated', 'passed', [
        rec('a.test.ts', 'updated', {
          matcher: 'toMatchGoldenTrace',
          golden: G,
          golden_status: 'updated',
          full_score: 0.736,
          metrics: { discrete: 0.5 },
        }),
      ]),
    ]);
    const s = r.summary;
    expect(s.score).toMatchObject({ n: 1, mean: 0.95 });
    expect(s.metrics['discrete']).toMatchObject({ count: 1, mean: 1 });
    expect(s.records).toMatchObject({ samples: 2, golden_writes: 1 });
    expect(s.pass_rate).toMatchObject({ n: 2, passed: 2 });
    expect(s.verdict.passed).toBe(true);
    expect(testFigures(r.tests.find((t) => t.name === 'updated')!).score).toBeNull();
  });

  it('a failed .not check shows its score (not counted in the statistics)', () => {
    const r = base([
      test('differs', 'failed', [
        rec('a.test.ts', 'differs', { negated: true, pass: false, full_score: 0.97 }),
      ]),
    ]);
    const fig = testFigures(r.tests[0]!);
    expect(fig).toMatchObject({ negatedOnly: true, score: 0.97, samples: 0 });
    expect(r.summary.score.n).toBe(0);
  });
});

describe('metrics that were not measured', () => {
  it('default mode: the record and the test figures say so; the run statistics leave it out', () => {
    const report = renamedRunReport('default');
    const t = report.tests[0]!;
    expect(t.records[0]!.metrics['timing']).toEqual({
      score: 0,
      binary_pass: false,
      not_measured: 'no matching PV/value pairs for timing evaluation',
    });
    const fig = testFigures(t);
    expect(fig.unmeasured).toEqual({
      timing: 'no matching PV/value pairs for timing evaluation',
      continuous: 'stage:temp: one empty',
    });
    // Its only channel was not measured, so the combined continuous metric was not either.
    expect(t.records[0]!.metrics['continuous']).toEqual({
      score: 0,
      binary_pass: false,
      not_measured: 'stage:temp: one empty',
    });
    expect(fig.metrics['timing']).toBe(0);
    // The run's statistics leave the stand-in out: missing, never zero.
    expect(report.summary.metrics['timing']).toEqual({
      count: 0,
      nan_count: 0,
      mean: null,
      min: null,
      max: null,
      std: null,
      coverage: { scored: 0, missing: 1, failed: 0 },
    });
    expect(report.summary.score.mean).toBe(t.records[0]!.full_score);
    expect(RunReportSchema.safeParse(JSON.parse(JSON.stringify(report))).success).toBe(true);
  });

  it('default mode: a test that did not measure a metric is missing from its run statistics', () => {
    // Two tests: one measured timing (identical traces, 1), one did not (renamed PVs, stand-in 0).
    const measured = failedCheckRecord(
      evaluate(RENAMED_GT, RENAMED_GT),
      'src/same.test.ts',
      'same',
    );
    const unmeasured = renamedRunReport('default').tests[0]!.records[0]!;
    const test = (name: string, record: RecordInput) => ({
      file: `${ROOT}/src/${name}.test.ts`,
      name,
      status: 'failed' as const,
      durationMs: 1,
      attempts: 1,
      records: [record],
    });
    const report = buildRunReport({
      ...scenario(),
      files: [],
      tests: [test('same', measured), test('renamed', unmeasured)],
      config: {},
    });
    expect(report.summary.metrics['timing']).toMatchObject({
      count: 1,
      nan_count: 0,
      mean: 1,
      coverage: { scored: 1, missing: 1, failed: 0 },
    });
    // The full scores keep the stand-in (B4: an unmeasured timing does not raise a score).
    expect(report.summary.score.n).toBe(2);
  });

  it('a test with one measured record shows its mean, not "not measured"', () => {
    const report = renamedRunReport('default');
    const t = report.tests[0]!;
    const measured = {
      ...t.records[0]!,
      metrics: {
        timing: { score: 0.8, binary_pass: true },
        continuous: { score: 0.9, binary_pass: true },
      },
    };
    const fig = testFigures({ ...t, records: [t.records[0]!, measured] });
    expect(fig.unmeasured).toEqual({});
    // Its mean holds the unmeasured check's stand-in, and says so.
    expect(fig.partlyMeasured).toEqual({
      timing: ['not measured in 1 of 2 checks (no matching PV/value pairs for timing evaluation)'],
      continuous: ['not measured in 1 of 2 checks (stage:temp: one empty)'],
    });
  });

  it('default mode: a partly measured metric keeps which channels were not, and its score', () => {
    const report = halfMeasuredRunReport('default');
    const t = report.tests[0]!;
    expect(t.records[0]!.metrics['continuous']).toEqual({
      score: 0.5,
      binary_pass: false,
      channels_not_measured: {
        count: 1,
        total: 2,
        channels: [{ channel: 'stage:rh', reason: 'one empty' }],
      },
    });
    const fig = testFigures(t);
    expect(fig.metrics['continuous']).toBe(0.5);
    expect(fig.unmeasured['continuous']).toBeUndefined();
    expect(fig.partlyMeasured).toEqual({
      continuous: ['1 of 2 channels not measured: stage:rh (one empty)'],
    });
    expect(report.summary.metrics['continuous']?.mean).toBe(0.5);
    expect(RunReportSchema.safeParse(JSON.parse(JSON.stringify(report))).success).toBe(true);
  });

  it('a test of several checks lists each distinct case once, in record order', () => {
    const { t, half, full, none } = mixedChecks();
    const fig = testFigures({ ...t, records: [full, half, none, half] });
    expect(fig.metrics['continuous']).toBe(0.5);
    expect(fig.partlyMeasured).toEqual({
      continuous: [
        '1 of 2 channels not measured: stage:rh (one empty)',
        'not measured in 1 of 4 checks (r: one empty)',
      ],
    });
    expect(testFigures({ ...t, records: [full] }).partlyMeasured).toEqual({});
  });

  it('reference mode: no record says so', () => {
    const t = renamedRunReport('reference').tests[0]!;
    expect(t.records[0]!.metrics['timing']).toEqual({ score: 0, binary_pass: false });
    expect(t.records[0]!.metrics['continuous']).toEqual({ score: 0, binary_pass: false });
    expect(testFigures(t).unmeasured).toEqual({});
    // The reference has no word for "not measured": the stand-in is a score of the run's statistics.
    expect(renamedRunReport('reference').summary.metrics['timing']).toMatchObject({
      count: 1,
      mean: 0,
      coverage: { scored: 1, missing: 0, failed: 0 },
    });
    const half = halfMeasuredRunReport('reference').tests[0]!;
    expect(half.records[0]!.metrics['continuous']).toEqual({ score: 0.5, binary_pass: false });
    expect(testFigures(half).partlyMeasured).toEqual({});
  });
});

describe('checkMetrics', () => {
  it('cuts a long reason (a user metric writes it) to DETAIL_REASON_CHARS', () => {
    const why = 'x'.repeat(DETAIL_REASON_CHARS + 100);
    const m = checkMetrics({
      mode: 'default',
      metrics: { mine: { name: 'mine', score: 0, binary_pass: false, details: { reason: why } } },
    });
    expect(m['mine']?.not_measured).toBe(`${'x'.repeat(DETAIL_REASON_CHARS - 1)}…`);
  });
});
