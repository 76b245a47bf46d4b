import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import type { RunReport } from '../src/report/run/schema.js';
import EnvTraceVitestReporter from './vitest.js';

let root: string;
let out: string;
let err: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'envtrace-vitestrep-'));
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** A structural stand-in for Vitest's TestModule (only what the reporter reads). */
function fakeModule(
  file: string,
  state: string,
  tests: Array<{ name: string; state: string }>,
  errors: Array<{ name?: string; message?: string }> = [],
): TestModule {
  const mod = {
    type: 'module',
    moduleId: path.join(root, file),
    state: () => state,
    errors: () => errors,
    children: {
      allTests: () =>
        tests.map((t) => ({
          name: t.name,
          parent: mod,
          result: () => ({ state: t.state }),
          diagnostic: () =>
            t.state === 'pending' ? undefined : { duration: 1, retryCount: 0, repeatCount: 0 },
          meta: () => ({}),
        })),
    },
  };
  return mod as unknown as TestModule;
}

const report = (): RunReport =>
  JSON.parse(readFileSync(path.join(root, 'envtrace-report.json'), 'utf8')) as RunReport;

describe('vitest reporter', () => {
  it('a file still running when the run ended (its worker died) is a failed file that did not finish', async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false });
    // No onInit: the reporter falls back to process.cwd() for the root; give it the temp root.
    vi.spyOn(process, 'cwd').mockReturnValue(root);
    await r.onTestRunEnd(
      [
        fakeModule('ok.test.ts', 'passed', [{ name: 'a', state: 'passed' }]),
        fakeModule('killed.test.ts', 'pending', [
          { name: 'b', state: 'passed' },
          { name: 'c', state: 'pending' },
        ]),
      ],
      [
        {
          name: 'Error',
          message: '[vitest-pool]: Worker forks emitted error.',
          cause: { name: 'Error', message: 'Worker exited unexpectedly' },
        },
      ],
    );
    const files = report().files;
    expect(files.find((f) => f.file === 'killed.test.ts')).toEqual({
      file: 'killed.test.ts',
      status: 'failed',
      errors: [
        'did not finish (Error: [vitest-pool]: Worker forks emitted error.: Error: Worker exited unexpectedly)',
      ],
    });
    expect(files.find((f) => f.file === 'ok.test.ts')?.status).toBe('passed');
    expect(out).toContain('✗ killed.test.ts: did not finish');
    // The test whose result the dead worker never sent is said so in one line (issue 26 §9).
    expect(err).toBe(
      'envtrace: "killed.test.ts" did not finish (see its error); 1 test had not reported when its worker stopped: shown as skipped, and the records of any that ran are not in the report\n',
    );
  });

  it('coloured module errors (a transform error) are shown as text', async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false, outputFile: false });
    vi.spyOn(process, 'cwd').mockReturnValue(root);
    await r.onTestRunEnd([
      fakeModule(
        'bad.test.ts',
        'failed',
        [],
        [{ name: 'SyntaxError', message: '\u001b[31mUnexpected token\u001b[39m (3:7)\nmore' }],
      ),
    ]);
    expect(out).toContain('✗ bad.test.ts: SyntaxError: Unexpected token (3:7)');
    expect(out).not.toContain('\\x1b');
  });

  it('an unwritable outputFile: summary, one error line on stderr, exit code 1', async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false, outputFile: '.' });
    vi.spyOn(process, 'cwd').mockReturnValue(root);
    await r.onTestRunEnd([fakeModule('ok.test.ts', 'passed', [{ name: 'a', state: 'passed' }])]);
    expect(out).toContain('Verdict   PASSED');
    expect(err).toBe(`envtrace: could not write the JSON run report to ${root}: is a directory\n`);
    expect(process.exitCode).toBe(1);
  });
});
