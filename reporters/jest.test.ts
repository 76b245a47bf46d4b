import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rec } from '../src/report/run/fixtures.test-helpers.js';
import type { RunReport } from '../src/report/run/schema.js';
import { RECORDS_DIR_ENV, recordsFile, TEST_END_KEY } from '../src/transport/channel.js';
import EnvTraceJestReporter, { pickRuns } from './jest.js';

let root: string;
let savedEnv: string | undefined;
let out: string;
let err: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'envtrace-jestrep-'));
  savedEnv = process.env[RECORDS_DIR_ENV];
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  if (savedEnv === undefined) delete process.env[RECORDS_DIR_ENV];
  else process.env[RECORDS_DIR_ENV] = savedEnv;
  rmSync(root, { recursive: true, force: true });
});

const file = () => path.join(root, 'a.test.ts');
const passed = () => ({
  testFilePath: file(),
  testResults: [{ ancestorTitles: ['s'], title: 't', status: 'passed', duration: 1 }],
  numFailingTests: 0,
});

describe('jest reporter: records directory', () => {
  it('is named with the pid, set for the workers, and removed when a run completes', async () => {
    const r = new EnvTraceJestReporter(
      { rootDir: root },
      { outputFile: false, console: false, gitCommit: false },
    );
    expect(path.basename(r.recordsDir)).toMatch(new RegExp(`^envtrace-records-${process.pid}-`));
    expect(process.env[RECORDS_DIR_ENV]).toBe(r.recordsDir);
    writeFileSync(recordsFile(r.recordsDir), '');
    r.onRunStart();
    r.onTestResult(undefined, passed());
    await r.onRunComplete();
    expect(existsSync(r.recordsDir)).toBe(false);
    expect(r.getLastError()).toBeUndefined();
  });

  it('stays in watch mode (the next run writes there), emptied of consumed records', async () => {
    const r = new EnvTraceJestReporter(
      { rootDir: root, watch: true },
      { outputFile: false, console: false, gitCommit: false },
    );
    writeFileSync(recordsFile(r.recordsDir), '');
    r.onRunStart();
    r.onTestResult(undefined, passed());
    await r.onRunComplete();
    expect(existsSync(r.recordsDir)).toBe(true);
    expect(existsSync(recordsFile(r.recordsDir))).toBe(false);
    r.dispose();
    expect(existsSync(r.recordsDir)).toBe(false);
  });
});

describe('jest reporter: failures', () => {
  it('a compile error shows as text in the summary, without escaped colour codes', async () => {
    const r = new EnvTraceJestReporter(
      { rootDir: root },
      { outputFile: false, colors: false, gitCommit: false },
    );
    r.onRunStart();
    const message =
      "  \u001b[1m● \u001b[22mTest suite failed to run\n\n    \u001b[96ma.test.ts\u001b[0m:\u001b[93m3\u001b[0m:\u001b[93m7\u001b[0m - \u001b[91merror\u001b[0m\u001b[90m TS2322: \u001b[0mType 'string' is not assignable to type 'number'.\n";
    r.onTestResult(undefined, {
      testFilePath: file(),
      testResults: [],
      testExecError: { message },
      failureMessage: message,
    });
    await r.onRunComplete();
    expect(out).toContain(
      "✗ a.test.ts: a.test.ts:3:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(out).not.toContain('\\x1b');
    expect(out).not.toContain('\u001b');
  });

  it('an outputFile that is a directory: summary, then one line naming it, and getLastError fails the run', async () => {
    mkdirSync(path.join(root, 'report.json'));
    const r = new EnvTraceJestReporter(
      { rootDir: root },
      { outputFile: 'report.json', colors: false, gitCommit: false },
    );
    r.onRunStart();
    r.onTestResult(undefined, passed());
    await r.onRunComplete();
    expect(out).toContain('Verdict   PASSED');
    const line = `envtrace: could not write the JSON run report to ${path.join(root, 'report.json')}: is a directory`;
    expect(err).toBe(`${line}\n`);
    expect(r.getLastError()?.message).toBe(line);
    // The next run that can write clears the error.
    rmSync(path.join(root, 'report.json'), { recursive: true });
    r.onRunStart();
    await r.onRunComplete();
    expect(r.getLastError()).toBeUndefined();
    expect(JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8'))).toMatchObject({
      meta: { runner: { name: 'jest' } },
    });
  });
});

describe('jest reporter: a worker that died', () => {
  it("its file's tests are rebuilt from the records directory: ended ones keep records and status, the killed one failed", async () => {
    const r = new EnvTraceJestReporter({ rootDir: root }, { colors: false, gitCommit: false });
    const killed = path.join(root, 'killed.test.ts');
    const end = (testPath: string, testName: string, state: 'passed' | 'failed') => ({
      [TEST_END_KEY]: 1,
      testPath,
      testName,
      retry: 0,
      repeat: 0,
      state,
    });
    // What the worker appended before it was killed (the format matchers/publish.ts writes).
    const lines = [
      rec('a.test.ts', 's t', { testPath: file() }),
      end(file(), 's t', 'passed'),
      rec('killed.test.ts', 'k a', { testPath: killed }),
      end(killed, 'k a', 'passed'),
      rec('killed.test.ts', 'k b', { testPath: killed, pass: false, full_score: 0.5 }),
      end(killed, 'k b', 'failed'),
      end(killed, 'k no check', 'passed'),
      rec('killed.test.ts', 'k c', { testPath: killed }),
      rec('a.test.ts', 'gone', { testPath: file() }),
    ];
    r.onRunStart();
    writeFileSync(recordsFile(r.recordsDir), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    r.onTestResult(undefined, passed());
    const message = '  ● Test suite failed to run\n\n    Call retries were exceeded\n';
    r.onTestResult(undefined, {
      testFilePath: killed,
      testResults: [],
      testExecError: { message },
      failureMessage: message,
    });
    // A file that failed to load wrote nothing: it stays a failed file without tests.
    r.onTestResult(undefined, {
      testFilePath: path.join(root, 'import-error.test.ts'),
      testResults: [],
      testExecError: { message: 'fixture: thrown at import' },
    });
    await r.onRunComplete();
    const report = JSON.parse(
      readFileSync(path.join(root, 'envtrace-report.json'), 'utf8'),
    ) as RunReport;
    const tests = report.tests.map((t) => [
      t.file,
      t.name,
      t.status,
      t.attempts,
      t.records.map((x) => x.full_score),
    ]);
    expect(tests).toEqual([
      ['a.test.ts', 's t', 'passed', 1, [1]],
      ['killed.test.ts', 'k a', 'passed', 1, [1]],
      ['killed.test.ts', 'k b', 'failed', 1, [0.5]],
      // Recorded, then its worker died in it: it did not pass.
      ['killed.test.ts', 'k c', 'failed', 1, [1]],
      ['killed.test.ts', 'k no check', 'passed', 1, []],
    ]);
    expect(report.files.find((f) => f.file === 'killed.test.ts')).toEqual({
      file: 'killed.test.ts',
      status: 'failed',
      errors: ['Call retries were exceeded'],
    });
    expect(report.files.find((f) => f.file === 'import-error.test.ts')?.status).toBe('failed');
    expect(err).toBe(
      [
        `envtrace: records for an unknown test were ignored: "gone" in ${JSON.stringify(file())}`,
        'envtrace: "killed.test.ts" did not finish (see its error); Jest reported none of its tests: 4 kept from envtrace\'s copy of their records, any that had not started or stopped without an envtrace record are not listed',
        '',
      ].join('\n'),
    );
    expect(out).toContain('✗ killed.test.ts: Call retries were exceeded');
  });
});

describe('jest reporter: one test file in two projects', () => {
  const inProject = (id: string, name: string) => ({
    context: { config: { id, displayName: { name, color: 'white' } } },
  });
  const result = (startAt: number, status: 'passed' | 'failed') => ({
    testFilePath: file(),
    testResults: [{ ancestorTitles: ['s'], title: 't', status, duration: 1, startAt }],
    numFailingTests: status === 'failed' ? 1 : 0,
  });

  it('keeps both, each with the records of its own run, named after its project', async () => {
    const r = new EnvTraceJestReporter({ rootDir: root }, { colors: false, gitCommit: false });
    r.onRunStart();
    // One worker ran the file for beta ('s t' started at 200), then for alpha (at 300): each run
    // has its own id, and its lines say when 's t' started.
    const line = (run: string, startedAt: number, pass: boolean, score: number) => ({
      ...rec('a.test.ts', 's t', { testPath: file(), pass, full_score: score }),
      run,
      started_at: startedAt,
    });
    const lines = [line('run-b', 200, false, 0.4), line('run-a', 300, true, 0.9)];
    writeFileSync(recordsFile(r.recordsDir), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    r.onTestResult(inProject('id-a', 'alpha'), result(300, 'passed'));
    r.onTestResult(inProject('id-b', 'beta'), result(200, 'failed'));
    await r.onRunComplete();
    const report = JSON.parse(
      readFileSync(path.join(root, 'envtrace-report.json'), 'utf8'),
    ) as RunReport;
    // It used to be one test (the second result replaced the first) holding both runs' records.
    expect(report.tests.map((t) => [t.name, t.status, t.records.map((x) => x.full_score)])).toEqual(
      [
        ['[alpha] s t', 'passed', [0.9]],
        ['[beta] s t', 'failed', [0.4]],
      ],
    );
    expect(report.files.map((f) => [f.file, f.status])).toEqual([
      ['a.test.ts', 'passed'],
      ['a.test.ts', 'failed'],
    ]);
    expect(report.summary.tasks).toEqual({ total: 2, repeated: 0 });
    expect(err).toBe('');
  });

  it('pickRuns: by start times, then the later run (a rerun after a crash), each run once', () => {
    const run = (name: string, ...started: number[]) => [{ name, started: new Set(started) }];
    // Two projects, runs in either order: matched by when their tests started.
    expect(
      pickRuns(
        [[{ name: 't', startAt: 5 }], [{ name: 't', startAt: 9 }]],
        [run('t', 9), run('t', 5)],
      ),
    ).toEqual([1, 0]);
    // One project, its first run crashed and was run again: the rerun's lines, not the dead run's.
    expect(pickRuns([[{ name: 't', startAt: 7 }]], [run('t', 3), run('t', 7)])).toEqual([1]);
    // No start time to go by (the file reported no test): the latest run.
    expect(pickRuns([[]], [run('t', 3), run('t', 7)])).toEqual([1]);
    // More results than runs: one goes without, never sharing another's run.
    expect(pickRuns([[{ name: 't', startAt: 1 }], []], [run('t', 1)])).toEqual([0, undefined]);
  });
});
