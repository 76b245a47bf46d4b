import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ConfigError } from '../src/errors.js';
import { renderHtmlReport } from '../src/report/html/render.js';
import { rec } from '../src/report/run/fixtures.test-helpers.js';
import type { RunReport } from '../src/report/run/schema.js';
import { TEST_END_KEY } from '../src/transport/channel.js';
import {
  checkOptions,
  finishRun,
  keptTestInput,
  readKeptTests,
  recordsFiles,
  RunState,
  stripSgr,
  writeFailureLine,
  writtenLine,
  type EnvTraceReporterOptions,
  type ReporterOptionsSchema,
} from './common.js';

const R = 'envtrace-js/reporters/vitest';

function errorOf(options: unknown): ConfigError {
  try {
    checkOptions(options, R);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected checkOptions to throw');
}

describe('reporter options', () => {
  it('the schema and the documented options type agree', () => {
    expectTypeOf<z.output<typeof ReporterOptionsSchema>>().toEqualTypeOf<EnvTraceReporterOptions>();
  });

  it('accepts nothing, and every option with a valid value', () => {
    expect(checkOptions(undefined, R)).toEqual({});
    const all: EnvTraceReporterOptions = {
      outputFile: 'out/r.json',
      minMeanScore: 0.9,
      minPassRate: 1,
      minPassAtK: 0,
      k: 3,
      passAtK: [1, 5],
      console: false,
      maxRows: 0,
      colors: true,
      githubSummary: false,
      gitCommit: 'abc1234',
    };
    expect(checkOptions(all, R)).toEqual(all);
    expect(checkOptions({ outputFile: false, gitCommit: false }, R)).toEqual({
      outputFile: false,
      gitCommit: false,
    });
  });

  it.each([
    ['an unknown option', { minScore: 0.9 }],
    ['two unknown options', { minScore: 0.9, colour: true }],
    ['a gate out of range', { minMeanScore: 2 }],
    ['a gate of the wrong type', { minPassRate: '0.9' }],
    ['a NaN gate', { minPassAtK: Number.NaN }],
    ['a fractional k', { k: 1.5 }],
    ['a bad passAtK entry', { passAtK: [1, 0] }],
    ['passAtK not an array', { passAtK: 5 }],
    ['an empty outputFile', { outputFile: '' }],
    ['outputFile true', { outputFile: true }],
    ['a negative maxRows', { maxRows: -1 }],
    ['colors as a string', { colors: 'yes' }],
    ['gitCommit as a number', { gitCommit: 123 }],
    ['several problems at once', { minMeanScore: -1, console: 'no', extra: 1 }],
    ['not an object', 'minMeanScore=0.9'],
    ['an array', [['minMeanScore', 0.9]]],
    ['an escaped hostile key', { '\u001b[31mok': 1 }],
  ])('%s → ConfigError', (_label, options) => {
    expect(errorOf(options).message).toMatchSnapshot();
  });

  it('sets the error path to the first problem', () => {
    expect(errorOf({ minMeanScore: 2 }).pathText).toBe('minMeanScore');
    expect(errorOf({ passAtK: [1, 0] }).pathText).toBe('passAtK[1]');
    expect(errorOf({ nope: 1 }).path).toEqual([]);
  });
});

describe('finishRun', () => {
  const base = (
    dir: string,
    options: EnvTraceReporterOptions,
    log: (t: string) => void,
    env: NodeJS.ProcessEnv = {},
    error: (l: string) => void = log,
  ) => ({
    options,
    rootDir: dir,
    runner: { name: 'vitest' as const, version: null },
    shard: null,
    gitCommit: null,
    state: new RunState(),
    log,
    error,
    env,
  });

  it('ends with one line naming the files it wrote (relative to the working directory)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
    try {
      const logged: string[] = [];
      await finishRun(
        base(dir, { outputFile: 'out/run.json', html: 'out/run.html' }, (t) => logged.push(t)),
      );
      const rel = (f: string) => path.relative(process.cwd(), path.join(dir, f));
      expect(logged.at(-1)).toBe(
        `envtrace: wrote ${rel('out/run.json')} and ${rel('out/run.html')}\n`,
      );
      expect(writtenLine(['/w/a.json'], '/w')).toBe('envtrace: wrote a.json');
      // A file that could not be written is not named; console: false prints nothing.
      const quiet: string[] = [];
      await finishRun(base(dir, { console: false }, (t) => quiet.push(t)));
      expect(quiet).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shards: each its own default report; a set outputFile that held another shard says so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
    try {
      const shard = (index: number, options: EnvTraceReporterOptions, error: string[]) =>
        finishRun({
          ...base(
            dir,
            { console: false, ...options },
            () => {},
            {},
            (l) => error.push(l),
          ),
          shard: { index, count: 2 },
        });
      const errors: string[] = [];
      await shard(1, {}, errors);
      await shard(2, {}, errors);
      // Run one after another in one directory, the second shard used to replace the first's report.
      expect(readdirSync(dir).sort()).toEqual([
        'envtrace-report.shard-1-of-2.json',
        'envtrace-report.shard-2-of-2.json',
      ]);
      expect(errors).toEqual([]);
      await shard(1, { outputFile: 'run.json' }, errors);
      await shard(1, { outputFile: 'run.json' }, errors); // the same shard again: no news
      expect(errors).toEqual([]);
      await shard(2, { outputFile: 'run.json' }, errors);
      const rel = path.relative(process.cwd(), path.join(dir, 'run.json'));
      expect(errors.map((l) => l.replace(rel, '<file>'))).toMatchInlineSnapshot(`
        [
          "envtrace: <file> holds the report of shard 1/2; shard 2/2 replaces it. Give each shard its own outputFile (e.g. \`report-\${process.env.SHARD}.json\`) and merge them with \`envtrace merge\`",
        ]
      `);
      const written = JSON.parse(readFileSync(path.join(dir, 'run.json'), 'utf8')) as RunReport;
      expect(written.meta.shard).toEqual({ index: 2, count: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the report into missing parent directories, atomically', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
    try {
      const { report } = await finishRun(
        base(dir, { outputFile: 'reports/ci/envtrace.json', console: false }, () => {}),
      );
      const file = path.join(dir, 'reports', 'ci', 'envtrace.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(report)));
      expect(readdirSync(path.dirname(file))).toEqual(['envtrace.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('html: also writes the self-contained HTML report of the same run', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
    try {
      const { report } = await finishRun(
        base(dir, { outputFile: false, html: 'reports/run.html', console: false }, () => {}),
      );
      const html = readFileSync(path.join(dir, 'reports', 'run.html'), 'utf8');
      expect(html).toBe(renderHtmlReport(report));
      expect(checkOptions({ html: false }, R)).toEqual({ html: false });
      expect(() => checkOptions({ html: '' }, R)).toThrow(/html/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('colours the console summary by the shared policy, and not when told not to', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
    try {
      let out = '';
      const log = (t: string) => {
        out += t;
      };
      await finishRun({
        ...base(dir, { outputFile: false }, log),
        colorContext: { env: { FORCE_COLOR: '1' }, isTTY: false },
      });
      expect(out).toContain('\x1b[');
      out = '';
      await finishRun({
        ...base(dir, { outputFile: false }, log),
        colorContext: { env: { NO_COLOR: '1' }, isTTY: true },
      });
      expect(out).not.toContain('\x1b[');
      expect(out).toContain('envtrace');
      out = '';
      await finishRun({
        ...base(dir, { outputFile: false, colors: false }, log),
        colorContext: { env: { FORCE_COLOR: '1' }, isTTY: true },
      });
      expect(out).not.toContain('\x1b[');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a report that cannot be written', () => {
    const run = async (dir: string, options: EnvTraceReporterOptions) => {
      const events: string[] = [];
      const result = await finishRun(
        base(
          dir,
          { colors: false, ...options },
          (t) => events.push(`log:${t}`),
          {},
          (l) => events.push(`error:${l}`),
        ),
      );
      return { ...result, events };
    };

    it.each([
      [
        'outputFile is a directory',
        (dir: string) => mkdirSync(path.join(dir, 'out.json')),
        'out.json',
        'is a directory',
      ],
      [
        'outputFile under a regular file',
        (dir: string) => writeFileSync(path.join(dir, 'blocker'), 'x'),
        'blocker/out.json',
        'a parent is not a directory',
      ],
      [
        'outputFile deeper under a regular file',
        (dir: string) => writeFileSync(path.join(dir, 'blocker'), 'x'),
        'blocker/a/b/out.json',
        'a parent is not a directory',
      ],
    ])(
      '%s: summary first, then one line naming the output path and why, and a failed run',
      async (_label, setup, outputFile, reason) => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
        try {
          setup(dir);
          const { events, writeErrors } = await run(dir, { outputFile });
          const target = path.join(dir, outputFile);
          expect(writeErrors).toEqual([
            `envtrace: could not write the JSON run report to ${target}: ${reason}`,
          ]);
          expect(events).toHaveLength(2);
          expect(events[0]).toMatch(/^log:[\s\S]*run summary[\s\S]*Verdict/);
          expect(events[1]).toBe(`error:${writeErrors[0]}`);
          // No temp file named, none left behind.
          expect(events.join('\n')).not.toMatch(/\.tmp\b/);
          expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );

    it('the HTML report still gets written when the JSON one fails, and each failure is its own line', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
      try {
        mkdirSync(path.join(dir, 'r.json'));
        const ok = await run(dir, { outputFile: 'r.json', html: 'r.html', console: false });
        expect(ok.writeErrors).toHaveLength(1);
        expect(readFileSync(path.join(dir, 'r.html'), 'utf8')).toContain('<html');
        mkdirSync(path.join(dir, 'd.html'));
        const both = await run(dir, { outputFile: 'r.json', html: 'd.html', console: false });
        expect(both.writeErrors).toEqual([
          `envtrace: could not write the JSON run report to ${path.join(dir, 'r.json')}: is a directory`,
          `envtrace: could not write the HTML report to ${path.join(dir, 'd.html')}: is a directory`,
        ]);
        expect(both.events).toEqual(both.writeErrors.map((l) => `error:${l}`));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it.skipIf(process.getuid?.() === 0 || process.platform === 'win32')(
      'a read-only directory (not as root, where chmod does not block writes)',
      async () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
        const { chmodSync } = await import('node:fs');
        try {
          mkdirSync(path.join(dir, 'ro'));
          chmodSync(path.join(dir, 'ro'), 0o555);
          const { writeErrors } = await run(dir, { outputFile: 'ro/r.json', console: false });
          expect(writeErrors).toEqual([
            `envtrace: could not write the JSON run report to ${path.join(dir, 'ro', 'r.json')}: permission denied`,
          ]);
        } finally {
          chmodSync(path.join(dir, 'ro'), 0o755);
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );

    it('writeFailureLine escapes the path and keeps one line', () => {
      const e = Object.assign(new Error('odd\nfailure'), { code: 'EIO' });
      expect(writeFailureLine('JSON run report', '/x/\u001b[31mred.json', e)).toBe(
        'envtrace: could not write the JSON run report to /x/\\x1b[31mred.json: odd',
      );
    });
  });
});

describe('stripSgr', () => {
  it('removes colour and style sequences (7-bit and 8-bit CSI) and nothing else', () => {
    expect(
      stripSgr(
        '\u001b[96ma.test.ts\u001b[0m:\u001b[93m3\u001b[0m - \u001b[91merror\u001b[0m\u001b[90m TS2322: \u001b[0mType',
      ),
    ).toBe('a.test.ts:3 - error TS2322: Type');
    expect(stripSgr('\u009b1;31mx\u001b[38;2;1;2;3my\u001b[m')).toBe('xy');
    // Not SGR: cursor movement, OSC titles and bare ESC stay (the caller's escaper shows them).
    expect(stripSgr('\u001b[2Ja\u001b]0;t\u0007b\u001bc')).toBe(
      '\u001b[2Ja\u001b]0;t\u0007b\u001bc',
    );
  });
});

describe('readKeptTests / keptTestInput: the tests of a worker that died', () => {
  const end = (name: string, state: 'passed' | 'failed', retry = 0, repeat = 0) => ({
    [TEST_END_KEY]: 1,
    testPath: '/p/k.test.ts',
    testName: name,
    retry,
    repeat,
    state,
  });
  const r = (name: string, over: Parameters<typeof rec>[2] = {}) =>
    rec('k.test.ts', name, { testPath: '/p/k.test.ts', ...over });
  const rebuild = (lines: unknown[]) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-kept-'));
    try {
      const file = path.join(dir, '1-0.jsonl');
      writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"v":1,"te`);
      writeFileSync(path.join(dir, 'other.txt'), 'not a records file');
      const warnings: string[] = [];
      const files = recordsFiles(dir);
      expect(files).toEqual([file]);
      const kept = readKeptTests(files, (m) => warnings.push(m));
      expect(readdirSync(dir)).toContain('1-0.jsonl');
      readKeptTests(files, () => undefined, true);
      expect(readdirSync(dir)).toEqual(['other.txt']);
      const tests = [...kept.values()].map((t) => keptTestInput(t, (m) => warnings.push(m)));
      return { tests, warnings };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('a test that ended keeps its records and status; one with records and no end line failed', () => {
    const { tests, warnings } = rebuild([
      r('a'),
      end('a', 'passed'),
      r('b', { pass: false, full_score: 0.5 }),
      end('b', 'failed'),
      end('no records', 'passed'),
      r('killed'),
    ]);
    expect(
      tests.map((t) => [t.name, t.status, t.attempts, t.records.map((x) => x.full_score)]),
    ).toEqual([
      ['a', 'passed', 1, [1]],
      ['b', 'failed', 1, [0.5]],
      ['no records', 'passed', 1, []],
      ['killed', 'failed', 1, [1]],
    ]);
    expect(tests[0]).toMatchObject({ file: '/p/k.test.ts', durationMs: null });
    expect(warnings).toEqual(['envtrace: ignored an unreadable record line (1-0.jsonl:7)']);
  });

  it('attempts: an attempt recorded but not ended (a retry or a repeat killed) fails the test', () => {
    const { tests } = rebuild([
      r('retried'),
      end('retried', 'failed'),
      r('retried', { retry: 1 }),
      r('repeated'),
      end('repeated', 'passed'),
      r('repeated', { repeat: 1 }),
      r('retry passed'),
      end('retry passed', 'failed'),
      r('retry passed', { retry: 1 }),
      end('retry passed', 'passed', 1),
    ]);
    expect(tests.map((t) => [t.name, t.status, t.attempts, t.records.length])).toEqual([
      ['retried', 'failed', 2, 2],
      ['repeated', 'failed', 2, 2],
      ['retry passed', 'passed', 2, 2],
    ]);
  });

  it('a record made after its attempt ended (a later hook) keeps the status the end line gave', () => {
    const { tests } = rebuild([r('late'), end('late', 'passed'), r('late', { seq: 1 })]);
    expect(tests.map((t) => [t.status, t.attempts, t.records.length])).toEqual([['passed', 1, 2]]);
  });

  it('a test file read from two workers (run again after its worker crashed): the last run only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-kept-'));
    try {
      const other = rec('o.test.ts', 'o', { testPath: '/p/o.test.ts' });
      const lines = (...l: unknown[]) => `${l.map((x) => JSON.stringify(x)).join('\n')}\n`;
      // Named so that name order is the opposite of write order.
      const first = path.join(dir, '9-0.jsonl');
      const second = path.join(dir, '1-0.jsonl');
      writeFileSync(first, lines(other, r('a'), end('a', 'passed'), r('b'), r('first run only')));
      writeFileSync(second, lines(r('a', { full_score: 0.9 }), end('a', 'passed'), r('b')));
      utimesSync(first, new Date(1_000_000), new Date(1_000_000));
      utimesSync(second, new Date(2_000_000), new Date(2_000_000));
      const files = recordsFiles(dir);
      expect(files).toEqual([first, second]);
      const kept = readKeptTests(files, () => undefined);
      const tests = [...kept.values()].map((t) => keptTestInput(t, () => undefined));
      expect(tests.map((t) => [t.name, t.status, t.records.map((x) => x.full_score)])).toEqual([
        ['o', 'failed', [1]],
        ['a', 'passed', [0.9]],
        ['b', 'failed', [1]],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a record that names no test, or a malformed record, is told, never scored', () => {
    const { tests, warnings } = rebuild([
      { v: 1, matcher: 'toMatchTraceBehavior' },
      r('bad', { full_score: 'high' as unknown as number }),
      end('bad', 'passed'),
    ]);
    expect(tests.map((t) => [t.name, t.status, t.records.length])).toEqual([['bad', 'passed', 0]]);
    expect(warnings).toEqual([
      expect.stringMatching(/^envtrace: ignored a malformed record in 1-0\.jsonl \(/),
      'envtrace: ignored an unreadable record line (1-0.jsonl:4)',
      expect.stringMatching(
        /^envtrace: ignored a malformed record in \/p\/k\.test\.ts \(full_score: /,
      ),
    ]);
  });
});
