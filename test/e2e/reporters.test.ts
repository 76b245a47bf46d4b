/**
 * End-to-end: the envtrace reporters under the real runners, on the `reporter-*` fixtures.
 * Six test files: a, b, c (two passing checks each, inline goldens), broken (throws at import),
 * samples (test.each: 5 tests sharing one file golden, 2 pass, 3 fail; 5 one-sample tasks) and
 * trajectory (one passing toFollowTrajectory call with a distance: a trajectory verdict).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/report/run/schema.js';
import { RunReportSchema } from '../../src/report/run/schema.js';
import { projectsRemovedAfterAll, repoRoot, runJest, runVitest } from './helpers.js';

const project = projectsRemovedAfterAll();

function readReport(dir: string, file = 'envtrace-report.json'): RunReport {
  const data: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  return RunReportSchema.parse(data);
}

/** Everything but timing-dependent fields. */
function stable(r: RunReport): unknown {
  return {
    files: r.files,
    tests: r.tests.map((t) => ({ ...t, duration_ms: null })),
    summary: r.summary,
  };
}

const CHECK_NAMES = [
  'file a identical',
  'file a jitter',
  'file b identical',
  'file b jitter',
  'file c identical',
  'file c jitter',
];

/** The assertions every full run must satisfy, whatever the runner and pool. */
function checkFullRun(r: RunReport): void {
  expect(r.files.map((f) => f.file)).toEqual([
    'a.test.ts',
    'b.test.ts',
    'broken.test.ts',
    'c.test.ts',
    'samples.test.ts',
    'trajectory.test.ts',
  ]);
  const broken = r.files.find((f) => f.file === 'broken.test.ts');
  expect(broken?.status).toBe('failed');
  expect(broken?.errors.join('\n')).toContain('fixture: broken at import');
  // The siblings of the broken file are all there, each with its record.
  const names = r.tests.map((t) => t.name);
  for (const n of CHECK_NAMES) expect(names).toContain(n);
  for (const t of r.tests.filter((x) => x.name.startsWith('file '))) {
    expect(t.status).toBe('passed');
    expect(t.records).toHaveLength(1);
    expect(t.records[0]?.pass).toBe(true);
  }
  const samples = r.tests.filter((t) => t.file === 'samples.test.ts');
  expect(samples.map((t) => [t.name, t.status])).toEqual([
    ['sample 1', 'passed'],
    ['sample 2', 'failed'],
    ['sample 3', 'passed'],
    ['sample 4', 'failed'],
    ['sample 5', 'failed'],
  ]);
  expect(samples.every((t) => t.records[0]?.golden.kind === 'file')).toBe(true);
  // The trajectory check: a record with its verdict and distance, counted in the pass rate (not
  // in the score). Distance by hand: search_flights has 1 of 3 arguments differing (date) → 1/3,
  // search_hotels is an extra step → 1, book_flight equal → 0; max = 2 reference + 3 calls.
  const traj = r.tests.find((t) => t.file === 'trajectory.test.ts');
  expect(traj?.status).toBe('passed');
  expect(traj?.records).toHaveLength(1);
  expect(traj?.records[0]).toMatchObject({
    v: 2,
    matcher: 'toFollowTrajectory',
    pass: true,
    full_score: null,
    golden: { kind: 'inline', count: 1 },
    trajectory: [
      {
        check: 'match',
        pass: true,
        mode: 'superset',
        args: 'superset',
        tool_args: {},
        matched: 2,
        unmatched_reference: 0,
        unexpected: 1,
      },
    ],
  });
  const d = traj?.records[0]?.trajectory?.[0]?.distance;
  expect(d).toMatchObject({ scheme: 'in_order', max: 5 });
  expect(d?.distance).toBeCloseTo(4 / 3, 12);
  const s = r.summary;
  expect(s.trajectory).toMatchObject({
    checks: 1,
    passed: 1,
    rate: 1,
    distance: { checks: 1, max: 5 },
  });
  expect(s.trajectory?.distance?.ratio).toBeCloseTo(4 / 15, 12);
  expect(s.score.n).toBe(11); // the trajectory call has no full score
  expect(s.records).toEqual({ total: 12, samples: 12, negated: 0 });
  expect(s.pass_rate.passed).toBe(9);
  // Tasks are grouped by test identity (file + full name + call index), not by golden: the five
  // test.each samples share one golden file but are five tests, so five tasks of one sample each
  // (they used to count as one repeated task of 5). 6 inline tasks (n=1, c=1) + 5 sample tasks
  // (n=1; 2 pass, 3 fail) + the trajectory task (n=1, c=1) = 12 tasks, none repeated.
  expect(s.tasks).toEqual({ total: 12, repeated: 0 });
  const k1 = s.pass_at_k.find((e) => e.k === 1);
  expect(k1).toMatchObject({ k: 1, tasks: 12, skipped_tasks: 0 });
  expect(k1?.pass_at_k).toBeCloseTo(9 / 12, 12);
  // No task has 2 samples (no repeats or retries): pass@2 is undefined, never invented.
  const k2 = s.pass_at_k.find((e) => e.k === 2);
  expect(k2).toEqual({ k: 2, tasks: 0, skipped_tasks: 12, pass_at_k: null, pass_hat_k: null });
  // Three samples failed: the run fails whatever the gates.
  expect(s.verdict).toMatchObject({ passed: false, failed_tests: 3, file_errors: 1 });
}

describe('vitest reporter', { timeout: 300_000 }, () => {
  // The unsharded threads run, shared by the tests that compare against it (run once).
  let threadsRun:
    Promise<{ r: Awaited<ReturnType<typeof runVitest>>; report: RunReport }> | undefined;
  const unsharded = () =>
    (threadsRun ??= (async () => {
      const dir = project('reporter-vitest');
      const r = await runVitest(dir, ['--pool=threads']);
      return { r, report: readReport(dir) };
    })());

  it('threads pool: all files, broken import, pass@k on known outcomes, console summary', async () => {
    const { r, report: threads } = await unsharded();
    expect(r.code).toBe(1); // failing samples
    checkFullRun(threads);
    expect(threads.meta.runner.name).toBe('vitest');
    expect(threads.meta.runner.version).toBe('4.1.12');
    expect(r.output).toContain(' envtrace  run summary · vitest 4.1.12');
    expect(r.output).toContain('pass@2 — (no task has ≥ 2 samples)');
    expect(r.output).toContain(
      'Verdict   FAILED: 1 file error · 3 of 12 tests failed · no gates configured',
    );
    expect(r.output).toContain(
      'Tool use  trajectories 1/1 passed (100.0%) · corpus distance 0.2667 (1.3333 / 5 over 1 check, score 0.7333)',
    );
    expect(r.output).toContain('✗ broken.test.ts: Error: fixture: broken at import');
  });

  it('forks pool gives the same report', async () => {
    const dir = project('reporter-vitest');
    const r = await runVitest(dir, ['--pool=forks']);
    expect(r.code).toBe(1);
    expect(stable(readReport(dir))).toEqual(stable((await unsharded()).report));
  });

  it('--shard 1/2 + 2/2 merged with `envtrace merge` equals the unsharded run; blob + --merge-reports keeps the records', async () => {
    const threads = (await unsharded()).report;
    const dir = project('reporter-vitest');
    // Each shard writes its own envtrace report and a blob report.
    fs.writeFileSync(
      path.join(dir, 'shard.config.ts'),
      fs
        .readFileSync(path.join(dir, 'vitest.config.ts'), 'utf8')
        .replace(
          "reporters: ['default', ['envtrace-js/reporters/vitest', { gitCommit: false,",
          "reporters: ['default', ['blob', { outputFile: `.vitest-reports/blob-${process.env.SHARD}.json` }], ['envtrace-js/reporters/vitest', { gitCommit: false, outputFile: `envtrace-report-${process.env.SHARD}.json`,",
        ),
    );
    const [r1, r2] = await Promise.all([
      runVitest(dir, ['--config=shard.config.ts', '--shard=1/2', '--pool=threads'], { SHARD: '1' }),
      runVitest(dir, ['--config=shard.config.ts', '--shard=2/2', '--pool=threads'], { SHARD: '2' }),
    ]);
    expect(r1.code).not.toBeNull();
    expect(r2.code).not.toBeNull();
    const a = readReport(dir, 'envtrace-report-1.json');
    const b = readReport(dir, 'envtrace-report-2.json');
    expect(a.meta.shard).toEqual({ index: 1, count: 2 });
    expect(b.meta.shard).toEqual({ index: 2, count: 2 });
    expect(a.files.length).toBeGreaterThan(0);
    expect(b.files.length).toBeGreaterThan(0);
    expect(a.files.length + b.files.length).toBe(6);
    expect(a.tests.length + b.tests.length).toBe(threads.tests.length);
    const cli = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'dist', 'cli.js'),
        'merge',
        'envtrace-report-1.json',
        'envtrace-report-2.json',
        '--out',
        'merged.json',
        '--no-color',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    // The merged run holds the three failed samples (and the broken file): merge exits 1 so a
    // sharded CI job can gate on it; --merge-only below only merges.
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain('Pass rate 75.0% (9/12)');
    expect(cli.stdout).toContain(
      'Tool use  trajectories 1/1 passed (100.0%) · corpus distance 0.2667',
    );
    expect(cli.stdout).toContain(
      'Verdict   FAILED: 1 file error · 3 of 12 tests failed · no gates configured',
    );
    const only = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'dist', 'cli.js'),
        'merge',
        'envtrace-report-1.json',
        'envtrace-report-2.json',
        '--merge-only',
        '--quiet',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(only.stderr).toBe('');
    expect(only.status).toBe(0);
    expect(stable(readReport(dir, 'merged.json'))).toEqual(stable(threads));

    // Vitest's own merge of the blob reports: the records survive in task meta.
    const m = await runVitest(dir, ['--merge-reports=.vitest-reports']);
    expect(m.output).toContain(' envtrace  run summary');
    expect(stable(readReport(dir))).toEqual(stable(threads));
  });

  it('one file run by two projects: both projects’ results, each named after its project', async () => {
    const dir = project('reporter-vitest');
    fs.writeFileSync(
      path.join(dir, 'projects.config.ts'),
      fs
        .readFileSync(path.join(dir, 'vitest.config.ts'), 'utf8')
        .replace(
          "include: ['**/*.test.ts'],",
          "projects: [{ extends: true, test: { name: 'p1', include: ['a.test.ts'] } }, { extends: true, test: { name: 'p2', include: ['a.test.ts'] } }],",
        ),
    );
    const r = await runVitest(dir, ['--config=projects.config.ts']);
    expect(r.code).toBe(0);
    const report = readReport(dir);
    // The second project's results used to replace the first's: 2 tests instead of 4.
    expect(report.tests.map((t) => [t.file, t.name, t.status, t.records.length])).toEqual([
      ['a.test.ts', '[p1] file a identical', 'passed', 1],
      ['a.test.ts', '[p1] file a jitter', 'passed', 1],
      ['a.test.ts', '[p2] file a identical', 'passed', 1],
      ['a.test.ts', '[p2] file a jitter', 'passed', 1],
    ]);
    expect(report.files).toHaveLength(2);
    expect(r.output).toContain('Verdict   PASSED: all 4 tests passed · no gates configured');
  });

  it('gates: met → exit 0; missed → one line saying which and by how much, exit 1', async () => {
    const dir = project('reporter-vitest');
    const ok = await runVitest(dir, ['a.test.ts', 'b.test.ts', 'c.test.ts'], { GATE_MEAN: '0.99' });
    expect(ok.output).toContain('✓ minMeanScore met: mean score 1.0000 ≥ 0.9900');
    expect(ok.code).toBe(0);
    // pass@1 over 11 one-sample tasks (8 pass): 72.7% < 80.0%. (pass@2 is undefined here: the
    // test.each samples are separate tasks of one sample each, see checkFullRun.)
    const missed = await runVitest(
      dir,
      ['a.test.ts', 'b.test.ts', 'c.test.ts', 'samples.test.ts'],
      { GATE_PASS_AT_K: '0.8', GATE_K: '1', GATE_MEAN: '0.5' },
    );
    expect(missed.output).toContain(
      '✗ minPassAtK missed: pass@1 72.7% < 80.0% (short by 7.3 points)',
    );
    expect(missed.code).toBe(1);
    const onlyGate = await runVitest(dir, ['a.test.ts'], { GATE_PASS_AT_K: '0.5', GATE_K: '2' });
    expect(onlyGate.output).toContain(
      'minPassAtK missed: pass@2 is undefined (no task has 2 samples); required ≥ 50.0%',
    );
    expect(onlyGate.code).toBe(1); // every test passed: the gate alone fails the run
  });
});

describe('jest reporter', { timeout: 300_000 }, () => {
  let workers: RunReport;

  it('child-process workers: all files, broken import, pass@k', async () => {
    const dir = project('reporter-jest');
    const r = await runJest(dir, ['--maxWorkers=2']);
    expect(r.code).toBe(1);
    workers = readReport(dir);
    checkFullRun(workers);
    expect(workers.meta.runner).toEqual({ name: 'jest', version: '30.5.2' });
    expect(r.output).toContain('pass@2 — (no task has ≥ 2 samples)');
    expect(r.output).toContain(
      'Tool use  trajectories 1/1 passed (100.0%) · corpus distance 0.2667 (1.3333 / 5 over 1 check, score 0.7333)',
    );
  });

  it('--workerThreads gives the same report', async () => {
    const dir = project('reporter-jest');
    const r = await runJest(dir, ['--maxWorkers=2', '--workerThreads']);
    expect(r.code).toBe(1);
    expect(stable(readReport(dir))).toEqual(stable(workers));
  });

  it('gates through getLastError: met → exit 0, missed → exit 1', async () => {
    const dir = project('reporter-jest');
    const ok = await runJest(dir, ['--maxWorkers=2', 'a.test.ts', 'b.test.ts', 'c.test.ts'], {
      GATE_MEAN: '0.99',
    });
    expect(ok.code).toBe(0);
    const missed = await runJest(dir, ['--maxWorkers=2', 'a.test.ts', 'b.test.ts', 'c.test.ts'], {
      GATE_PASS_AT_K: '0.5',
      GATE_K: '2',
    });
    expect(missed.output).toContain(
      'minPassAtK missed: pass@2 is undefined (no task has 2 samples); required ≥ 50.0%',
    );
    expect(missed.code).toBe(1);
  });
});
