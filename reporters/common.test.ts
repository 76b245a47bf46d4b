import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ConfigError } from '../src/errors.js';
import { renderHtmlReport } from '../src/report/html/render.js';
import { checkOptions, finishRun, RunState, type EnvTraceReporterOptions, type ReporterOptionsSchema } from './common.js';

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
    expect(checkOptions({ outputFile: false, gitCommit: false }, R)).toEqual({ outputFile: false, gitCommit: false });
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
    expect(errorOf({ minMeanScore: 2 }).path).toBe('minMeanScore');
    expect(errorOf({ passAtK: [1, 0] }).path).toBe('passAtK[1]');
    expect(errorOf({ nope: 1 }).path).toBeUndefined();
  });
});

describe('finishRun', () => {
  const base = (dir: string, options: EnvTraceReporterOptions, log: (t: string) => void, env: NodeJS.ProcessEnv = {}) => ({
    options,
    rootDir: dir,
    runner: { name: 'vitest' as const, version: null },
    shard: null,
    gitCommit: null,
    state: new RunState(),
    log,
    env,
  });

  it('writes the report into missing parent directories, atomically', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rep-'));
    try {
      const { report } = await finishRun(base(dir, { outputFile: 'reports/ci/envtrace.json', console: false }, () => {}));
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
      const { report } = await finishRun(base(dir, { outputFile: false, html: 'reports/run.html', console: false }, () => {}));
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
      await finishRun({ ...base(dir, { outputFile: false }, log), colorContext: { env: { FORCE_COLOR: '1' }, isTTY: false } });
      expect(out).toContain('\x1b[');
      out = '';
      await finishRun({ ...base(dir, { outputFile: false }, log), colorContext: { env: { NO_COLOR: '1' }, isTTY: true } });
      expect(out).not.toContain('\x1b[');
      expect(out).toContain('envtrace');
      out = '';
      await finishRun({ ...base(dir, { outputFile: false, colors: false }, log), colorContext: { env: { FORCE_COLOR: '1' }, isTTY: true } });
      expect(out).not.toContain('\x1b[');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
