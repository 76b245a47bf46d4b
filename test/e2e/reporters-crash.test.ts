/**
 * End-to-end: the envtrace reporters when test files crash under 4 workers (Vitest forks, Jest
 * child processes), and when the report cannot be written (issue 11 §8, §13; issue 10 §3).
 *
 * Fixtures `crash-vitest` / `crash-jest`: ok1–ok5 (two passing checks each), import-error (throws
 * at import), timeout (a test that exceeds its 500 ms timeout between two passing checks), killed
 * (a passing and a failing check, then a test that checks and SIGKILLs its worker, then one that
 * never runs; Jest also: a passing check in a test that fails `expect.assertions`, and one whose
 * describe block's afterEach throws), and for Jest compile-error (a syntax error ts-jest reports
 * with a coloured diagnostic) and exits (a test that exits its worker with code 1, after which
 * jest-worker runs the file again, 4 runs in all).
 */
import * as fs from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/report/run/schema.js';
import { RunReportSchema } from '../../src/report/run/schema.js';
import { processAlive } from '../../src/io/stale.js';
import { recordsDirPid } from '../../src/transport/channel.js';
import { projectsRemovedAfterAll, runJest, runVitest, type RunResult } from './helpers.js';

const project = projectsRemovedAfterAll();

function readReport(dir: string): RunReport {
  return RunReportSchema.parse(
    JSON.parse(fs.readFileSync(path.join(dir, 'envtrace-report.json'), 'utf8')),
  );
}

const OK_TESTS = ['ok1', 'ok2', 'ok3', 'ok4', 'ok5'].flatMap((f) => [
  `${f}.test.ts › ${f} identical`,
  `${f}.test.ts › ${f} jitter`,
]);

/** What every crash run must report, whatever the runner. */
/** The killed file's tests by name, and one's status with the pass of each of its records. */
function killedTests(report: RunReport): {
  killed: ReadonlyMap<string, RunReport['tests'][number]>;
  summary: (name: string) => unknown;
} {
  const killed = new Map(
    report.tests.filter((t) => t.file === 'killed.test.ts').map((t) => [t.name, t]),
  );
  const summary = (name: string): unknown => {
    const t = killed.get(name);
    return t && { status: t.status, passes: t.records.map((x) => x.pass) };
  };
  return { killed, summary };
}

function checkCrashRun(report: RunReport): void {
  const tests = new Map(report.tests.map((t) => [`${t.file} › ${t.name}`, t]));
  // Every other result is in the report, each with its record.
  for (const name of [
    ...OK_TESTS,
    'timeout.test.ts › timeout checked before the hang',
    'timeout.test.ts › timeout checked after the hang',
  ]) {
    const t = tests.get(name);
    expect(t, name).toBeDefined();
    expect(t?.status, name).toBe('passed');
    expect(
      t?.records.map((r) => r.pass),
      name,
    ).toEqual([true]);
  }
  expect(tests.get('timeout.test.ts › timeout hangs')?.status).toBe('failed');
  const files = new Map(report.files.map((f) => [f.file, f]));
  for (let i = 1; i <= 5; i++) expect(files.get(`ok${i}.test.ts`)?.status).toBe('passed');
  expect(files.get('import-error.test.ts')).toMatchObject({
    status: 'failed',
    errors: [expect.stringContaining('fixture: thrown at import')],
  });
  // The killed worker's file is a failed file with an error, never "skipped".
  const killed = files.get('killed.test.ts');
  expect(killed?.status).toBe('failed');
  expect(killed?.errors.length).toBeGreaterThan(0);
  expect(report.summary.verdict.passed).toBe(false);
}

/** The summary, then the one error line, no stack trace and no temp file named. */
function checkWriteFailure(r: RunResult, line: string): void {
  expect(r.code).toBe(1);
  const summary = r.output.indexOf(' envtrace  run summary');
  const error = r.output.indexOf(line);
  expect(summary, r.output).toBeGreaterThanOrEqual(0);
  expect(error, r.output).toBeGreaterThan(summary);
  expect(r.output.split(line).length - 1).toBe(1);
  expect(r.output).toContain('Verdict   PASSED');
  expect(r.output).not.toMatch(/\.tmp\b/);
  expect(r.output).not.toMatch(/^\s+at .*(write|common|reporters)/m);
  expect(r.output).not.toMatch(/EISDIR|ENOTDIR|EEXIST|EACCES/);
}

const isRoot = process.getuid?.() === 0;

/**
 * Records folders made since `before` whose reporter process is gone: the run's own, had it
 * left it (it has exited). A folder of a live process belongs to another run on the machine.
 */
function leftRecordsDirs(before: ReadonlySet<string>): string[] {
  return fs.readdirSync(os.tmpdir()).filter((f) => {
    if (!f.startsWith('envtrace-records-') || before.has(f)) return false;
    const pid = recordsDirPid(f);
    return pid === undefined || !processAlive(pid);
  });
}

/** The summary line of the compile-error file. */
function line0(output: string): string | undefined {
  return output.split('\n').find((l) => l.includes('✗ compile-error.test.ts:'));
}

describe('vitest reporter, 4 forks', { timeout: 300_000 }, () => {
  it('an import error, a timeout and a killed worker: every other result is in the report', async () => {
    const dir = project('crash-vitest');
    const before = new Set(
      fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('envtrace-records-')),
    );
    const r = await runVitest(dir, ['--pool=forks', '--maxWorkers=4']);
    expect(r.code).toBe(1);
    checkCrashRun(readReport(dir));
    expect(r.output).toContain('✗ killed.test.ts: did not finish');
    expect(r.output).toContain('Verdict   FAILED');
    // The tests that ran before the kill keep their records and status, whether their results
    // went out before the worker died or only envtrace's copy kept them (issue 26 §9).
    const report = readReport(dir);
    const { summary } = killedTests(report);
    expect(summary('killed checked before the kill')).toEqual({
      status: 'passed',
      passes: [true],
    });
    expect(summary('killed failed a check before the kill')).toEqual({
      status: 'failed',
      passes: [false],
    });
    // Its result never went out (the worker died inside it): only the copy has its record.
    expect(summary('killed checks, then kills its worker')).toEqual({
      status: 'failed',
      passes: [true],
    });
    expect(summary('killed never runs')).toEqual({ status: 'skipped', passes: [] });
    // What had not reported is said in one line.
    const lost = r.output
      .split('\n')
      .filter((l) => l.includes('envtrace: "killed.test.ts" did not finish (see its error); '));
    expect(lost, r.output).toHaveLength(1);
    expect(lost[0]).toMatch(
      /\d tests? had not reported when its worker stopped: \d kept from envtrace's copy of their records, 1 shown as skipped \(not started, or stopped without an envtrace record\)$/,
    );
    // The records folder of the run is gone.
    expect(leftRecordsDirs(before)).toEqual([]);
  });

  it('outputFile is a directory, or under a regular file: summary, one line naming it, exit 1, nothing left behind', async () => {
    const dir = project('crash-vitest');
    fs.mkdirSync(path.join(dir, 'as-dir.json'));
    const asDir = await runVitest(dir, ['ok1.test.ts'], { ENVTRACE_OUT: 'as-dir.json' });
    checkWriteFailure(
      asDir,
      'envtrace: could not write the JSON run report to <dir>/as-dir.json: is a directory',
    );
    fs.writeFileSync(path.join(dir, 'blocker'), 'a file');
    const underFile = await runVitest(dir, ['ok1.test.ts'], {
      ENVTRACE_OUT: 'blocker/report.json',
    });
    checkWriteFailure(
      underFile,
      'envtrace: could not write the JSON run report to <dir>/blocker/report.json: a parent is not a directory',
    );
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it.skipIf(isRoot)(
    'a read-only output directory (skipped as root, where chmod does not block writes)',
    async () => {
      const dir = project('crash-vitest');
      fs.mkdirSync(path.join(dir, 'ro'));
      fs.chmodSync(path.join(dir, 'ro'), 0o555);
      try {
        const r = await runVitest(dir, ['ok1.test.ts'], { ENVTRACE_OUT: 'ro/report.json' });
        checkWriteFailure(
          r,
          'envtrace: could not write the JSON run report to <dir>/ro/report.json: permission denied',
        );
      } finally {
        fs.chmodSync(path.join(dir, 'ro'), 0o755);
      }
    },
  );
});

describe('jest reporter, 4 workers', { timeout: 300_000 }, () => {
  it('an import error, a compile error, a timeout and a killed worker: every other result is in the report; no records folder left', async () => {
    const dir = project('crash-jest');
    const before = new Set(
      fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('envtrace-records-')),
    );
    const r = await runJest(dir, ['--maxWorkers=4']);
    expect(r.code).toBe(1);
    const report = readReport(dir);
    checkCrashRun(report);
    // The compile error reads as text in the summary, not as escaped colour codes (ts-jest
    // colours it: Jest's own output has the codes).
    expect(r.stderr).toContain('\u001b[96mcompile-error.test.ts');
    expect(line0(r.output)).toBe(
      '  ✗ compile-error.test.ts: compile-error.test.ts:4:19 - error TS1109: Expression expected.',
    );
    const compile = report.files.find((f) => f.file === 'compile-error.test.ts');
    expect(compile?.status).toBe('failed');
    expect(compile?.errors.join('\n')).not.toMatch(/\u001b|\\x1b|\[\d+m/);
    const line = r.output.split('\n').find((l) => l.includes('✗ compile-error.test.ts:'));
    expect(line).toBeDefined();
    expect(line).not.toMatch(/\\x1b|\\u001b/);
    expect(r.output).toContain('did not finish (see its error)');
    // Jest reports none of the killed file's tests (their results died with the worker): the
    // reporter rebuilds them from envtrace's copy, each with its records and status.
    const { killed, summary } = killedTests(report);
    expect(summary('killed checked before the kill')).toEqual({
      status: 'passed',
      passes: [true],
    });
    expect(summary('killed failed a check before the kill')).toEqual({
      status: 'failed',
      passes: [false],
    });
    // Failures the end line sees besides the test body's.
    expect(summary('killed passed its check but not expect.assertions')).toEqual({
      status: 'failed',
      passes: [true],
    });
    expect(summary('killed with an afterEach that throws passed its check')).toEqual({
      status: 'failed',
      passes: [true],
    });
    // Its worker died inside it: records, but no end line.
    expect(summary('killed checks, then kills its worker')).toEqual({
      status: 'failed',
      passes: [true],
    });
    // Never started, wrote nothing: Jest does not name it, so it cannot be listed.
    expect([...killed.keys()].sort()).toEqual([
      'killed checked before the kill',
      'killed checks, then kills its worker',
      'killed failed a check before the kill',
      'killed passed its check but not expect.assertions',
      'killed with an afterEach that throws passed its check',
    ]);
    const kept = r.output
      .split('\n')
      .filter((l) => l.includes('envtrace: "killed.test.ts" did not finish (see its error); '));
    expect(kept, r.output).toEqual([
      'envtrace: "killed.test.ts" did not finish (see its error); Jest reported none of its tests: 5 kept from envtrace\'s copy of their records, any that had not started or stopped without an envtrace record are not listed',
    ]);
    // Run 4 times (jest-worker retries a worker that exited with an error code): the last run's
    // records only, not one per run.
    const exits = report.tests
      .filter((t) => t.file === 'exits.test.ts')
      .map((t) => [t.name, t.status, t.records.map((x) => x.pass)]);
    expect(exits).toEqual([
      ['exits checked before the exit', 'passed', [true]],
      ['exits checks, then exits its worker', 'failed', [true]],
    ]);
    expect(report.files.find((f) => f.file === 'exits.test.ts')).toMatchObject({
      status: 'failed',
      errors: [expect.stringContaining('child process exceptions, exceeding retry limit')],
    });
    expect(r.output).toMatch(/^Tests: +1 failed, 12 passed, 13 total$/m);
    // This run's records folder is gone (the run ended), none of the others were touched.
    expect(leftRecordsDirs(before)).toEqual([]);
  });

  it('outputFile is a directory, or under a regular file: summary, one line, Jest\'s "Tests:" line, exit 1', async () => {
    const dir = project('crash-jest');
    fs.mkdirSync(path.join(dir, 'as-dir.json'));
    const asDir = await runJest(dir, ['ok1.test.ts'], { ENVTRACE_OUT: 'as-dir.json' });
    checkWriteFailure(
      asDir,
      'envtrace: could not write the JSON run report to <dir>/as-dir.json: is a directory',
    );
    expect(asDir.output).toMatch(/^Tests: +2 passed, 2 total$/m);
    fs.writeFileSync(path.join(dir, 'blocker'), 'a file');
    const underFile = await runJest(dir, ['ok1.test.ts'], { ENVTRACE_OUT: 'blocker/report.json' });
    checkWriteFailure(
      underFile,
      'envtrace: could not write the JSON run report to <dir>/blocker/report.json: a parent is not a directory',
    );
    expect(underFile.output).toMatch(/^Tests: +2 passed, 2 total$/m);
  });
});
