import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import { rec } from '../src/report/run/fixtures.test-helpers.js';
import type { RunReport } from '../src/report/run/schema.js';
import { recordsFile, TEST_END_KEY, VITEST_RECORDS_DIR_ENV } from '../src/transport/channel.js';
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
let savedEnv: string | undefined;
beforeEach(() => {
  savedEnv = process.env[VITEST_RECORDS_DIR_ENV];
});
afterEach(() => {
  if (savedEnv === undefined) delete process.env[VITEST_RECORDS_DIR_ENV];
  else process.env[VITEST_RECORDS_DIR_ENV] = savedEnv;
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
    project: { name: '' },
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

  it('a file --bail cancelled before it started is not run, not a file error; a crash still is', async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false });
    vi.spyOn(process, 'cwd').mockReturnValue(root);
    const modules = [
      fakeModule('fails.test.ts', 'failed', [{ name: 'a', state: 'failed' }]),
      fakeModule('queued.test.ts', 'queued', [
        { name: 'b', state: 'pending' },
        { name: 'c', state: 'pending' },
      ]),
    ];
    await r.onTestRunEnd(modules, [], 'interrupted');
    // It used to be "✗ queued.test.ts: did not finish" and "FAILED: 1 file error · …".
    expect(report().files.find((f) => f.file === 'queued.test.ts')).toEqual({
      file: 'queued.test.ts',
      status: 'skipped',
      errors: [],
    });
    expect(out).not.toContain('did not finish');
    expect(out).toContain('Verdict   FAILED: 1 of 1 test failed (2 skipped) · no gates configured');
    expect(err).toBe('');
    // Not cancelled: the same file is one that did not finish.
    out = '';
    await r.onTestRunEnd(modules, [], 'failed');
    expect(report().files.find((f) => f.file === 'queued.test.ts')?.errors).toEqual([
      'did not finish',
    ]);
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

  it("a killed worker's tests get their records and status back from the records directory (issue 26 §9)", async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false });
    const warnings: string[] = [];
    const vitest = {
      config: { root, watch: false },
      version: '4.1.12',
      logger: {
        log: () => undefined,
        error: () => undefined,
        warn: (m: string) => warnings.push(m),
      },
    } as unknown as Vitest;
    r.onInit(vitest);
    const dir = r.recordsDir;
    expect(dir).toBeDefined();
    // Set before the workers start, so they inherit it.
    expect(process.env[VITEST_RECORDS_DIR_ENV]).toBe(dir);
    // What the worker appended before it was killed (the format matchers/publish.ts writes): a
    // test that ended (passed), one that recorded and was killed mid-test, a partial line.
    const file = path.join(root, 'killed.test.ts');
    // Each line names the project that ran it (the root project: '').
    const project = '';
    const lines = [
      { ...rec('killed.test.ts', 'k a', { testPath: file }), project },
      {
        [TEST_END_KEY]: 1,
        testPath: file,
        testName: 'k a',
        retry: 0,
        repeat: 0,
        state: 'passed',
        project,
      },
      {
        ...rec('killed.test.ts', 'k b', { testPath: file, pass: false, full_score: 0.5 }),
        project,
      },
      // A record of a test whose result did arrive: meta wins, this copy is ignored.
      {
        ...rec('ok.test.ts', 'a', { testPath: path.join(root, 'ok.test.ts'), full_score: 0.1 }),
        project,
      },
    ];
    appendFileSync(
      recordsFile(dir!),
      `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"v":2,"matc`,
    );
    const ok = fakeModule('ok.test.ts', 'passed', [{ name: 'a', state: 'passed' }]);
    const killed = fakeModule('killed.test.ts', 'pending', [
      { name: 'a', state: 'pending' },
      { name: 'b', state: 'pending' },
      { name: 'c', state: 'pending' },
    ]);
    // fakeModule names tests without describe blocks; the worker wrote full names 'k a', 'k b'.
    const named = (m: TestModule, prefix: string): TestModule => {
      const tests = [...m.children.allTests()].map((t) => ({ ...t, name: `${prefix}${t.name}` }));
      return { ...m, children: { allTests: () => tests } } as unknown as TestModule;
    };
    await r.onTestRunEnd([ok, named(killed, 'k ')]);
    const tests = report().tests;
    const byName = new Map(tests.map((t) => [`${t.file} › ${t.name}`, t]));
    expect(byName.get('killed.test.ts › k a')).toMatchObject({
      status: 'passed',
      attempts: 1,
      records: [{ pass: true, full_score: 1 }],
    });
    // Recorded, then its worker died mid-test: it did not pass.
    expect(byName.get('killed.test.ts › k b')).toMatchObject({
      status: 'failed',
      attempts: 1,
      records: [{ pass: false, full_score: 0.5 }],
    });
    expect(byName.get('killed.test.ts › k c')).toMatchObject({ status: 'skipped', records: [] });
    expect(byName.get('ok.test.ts › a')?.records).toEqual([]);
    expect(warnings).toEqual([
      `envtrace: ignored an unreadable record line (${path.basename(recordsFile(dir!))}:5)`,
      'envtrace: "killed.test.ts" did not finish (see its error); 3 tests had not reported when its worker stopped: 2 kept from envtrace\'s copy of their records, 1 shown as skipped (not started, or stopped without an envtrace record)',
    ]);
    // The run is over (not watch mode): the directory is gone, the variable unset.
    expect(existsSync(dir!)).toBe(false);
    expect(process.env[VITEST_RECORDS_DIR_ENV]).toBeUndefined();
  });

  it("a crash in one project of a file two projects run keeps each project's records apart", async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false });
    const vitest = {
      config: { root, watch: false },
      version: '4.1.12',
      logger: { log: () => undefined, error: () => undefined, warn: () => undefined },
    } as unknown as Vitest;
    r.onInit(vitest);
    const file = path.join(root, 'both.test.ts');
    // Both projects' workers ran both.test.ts and died in it after test 't' ended (passed in
    // alpha, failed in beta): two side-channel files, one per worker, the beta one written last.
    const run = (project: string, pass: boolean, score: number) => [
      { ...rec('both.test.ts', 't', { testPath: file, pass, full_score: score }), project },
      {
        [TEST_END_KEY]: 1,
        testPath: file,
        testName: 't',
        retry: 0,
        repeat: 0,
        state: pass ? 'passed' : 'failed',
        project,
      },
    ];
    const write = (name: string, lines: unknown[]): void =>
      appendFileSync(
        path.join(r.recordsDir!, name),
        `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
      );
    write('1-0.jsonl', run('alpha', true, 0.9));
    write('2-0.jsonl', run('beta', false, 0.4));
    const inProject = (name: string): TestModule => {
      const m = fakeModule('both.test.ts', 'pending', [{ name: 't', state: 'pending' }]);
      return { ...m, project: { name } } as unknown as TestModule;
    };
    await r.onTestRunEnd([inProject('alpha'), inProject('beta')]);
    const tests = report().tests.map((t) => ({
      name: t.name,
      status: t.status,
      scores: t.records.map((x) => x.full_score),
    }));
    // It used to be one project's copy only (the later file replaced the earlier as a "rerun"),
    // or both projects' records merged under each name.
    expect(tests).toEqual([
      { name: '[alpha] t', status: 'passed', scores: [0.9] },
      { name: '[beta] t', status: 'failed', scores: [0.4] },
    ]);
  });

  it('a test a throwing beforeAll stopped is failed, as Jest counts it; a skipped one stays skipped', async () => {
    const r = new EnvTraceVitestReporter({ colors: false, gitCommit: false });
    vi.spyOn(process, 'cwd').mockReturnValue(root);
    // describe('broken setup') whose beforeAll threw: Vitest skips its tests and puts the
    // error on the block; test.skip('later') was never meant to run; 'outside' passed.
    const mod = {
      type: 'module',
      moduleId: path.join(root, 'hook.test.ts'),
      project: { name: '' },
      state: () => 'failed',
      errors: () => [],
    };
    const suite = {
      type: 'suite',
      name: 'broken setup',
      parent: mod,
      errors: () => [{ name: 'Error', message: 'fixture: beforeAll failed' }],
    };
    const test = (name: string, parent: unknown, state: string, mode: string) => ({
      name,
      parent,
      options: { mode },
      result: () => ({ state }),
      diagnostic: () =>
        state === 'skipped' ? undefined : { duration: 1, retryCount: 0, repeatCount: 0 },
      meta: () => ({}),
    });
    const tests = [
      test('one', suite, 'skipped', 'run'),
      test('later', suite, 'skipped', 'skip'),
      test('outside', mod, 'passed', 'run'),
    ];
    await r.onTestRunEnd([
      { ...mod, children: { allTests: () => tests } } as unknown as TestModule,
    ]);
    // It used to be 'one' skipped and "FAILED: 1 file error · the only test passed (2 skipped)".
    expect(report().tests.map((t) => [t.name, t.status, t.attempts])).toEqual([
      ['broken setup later', 'skipped', 0],
      ['broken setup one', 'failed', 0],
      ['outside', 'passed', 1],
    ]);
    expect(out).toContain(
      'Verdict   FAILED: 1 of 2 tests failed (1 skipped) · no gates configured',
    );
  });
});
