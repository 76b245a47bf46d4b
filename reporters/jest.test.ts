import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDS_DIR_ENV, recordsFile } from '../src/transport/channel.js';
import EnvTraceJestReporter from './jest.js';

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
