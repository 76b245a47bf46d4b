import { spawn as spawnAsync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVTRACE_VERSION } from '../version.js';
import { parseRunReport } from '../report/run/merge.js';
import { scanTrace, scanTraceJsonl, writeTree } from './batch/fixtures.test-helpers.js';
import { close, readCase, repoRoot, tempDir } from './harness.test-helpers.js';

const cli = path.join(repoRoot, 'dist/cli.js');
const built = existsSync(cli);
const title = built
  ? 'the built dist/cli.js'
  : 'the built dist/cli.js (SKIPPED: dist/cli.js is missing; run `npm run build` first, `npm test` does)';

describe.skipIf(!built)(title, () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeAll(() => {
    tmp = tempDir();
  });
  afterAll(() => tmp.cleanup());

  const spawn = (args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], {
      cwd: tmp.dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    });

  it('starts with a shebang and runs as an executable script', () => {
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const r = spawn(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${ENVTRACE_VERSION}\n`);
  });

  it('evaluates from files, sets the exit code, writes --out, reports bad input in one line', () => {
    const c = readCase('pub-001-basic-readme-quickstart');
    tmp.write('gt.json', c.raw('gt'));
    tmp.write('pred.json', c.raw('pred'));
    const ok = spawn([
      'align',
      '--gt',
      'gt.json',
      '--pred',
      'pred.json',
      '--json',
      '--out',
      'out.json',
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const report = JSON.parse(ok.stdout) as { full_score: number };
    expect(close(report.full_score, c.doc.expected.full_score as number)).toBe(true);
    expect(readFileSync(path.join(tmp.dir, 'out.json'), 'utf8')).toBe(ok.stdout);

    const gate = spawn([
      'evaluate',
      '--gt',
      'gt.json',
      '--pred',
      'pred.json',
      '--min-score',
      '0.999',
    ]);
    expect(gate.status).toBe(1);
    expect(gate.stderr).toMatch(/^envtrace: gate failed: .*short by/);

    const bad = spawn(['evaluate', '--gt', 'gt.json', '--pred', 'missing.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('missing.json');
  });

  it.skipIf(!existsSync('/dev/full'))(
    'stdout on /dev/full: one line on stderr, exit 74 (not a stack trace, not the gate code 1)',
    () => {
      const c = readCase('pub-001-basic-readme-quickstart');
      tmp.write('gt.json', c.raw('gt'));
      tmp.write('pred.json', c.raw('pred'));
      const full = openSync('/dev/full', 'w');
      try {
        const r = spawnSync(
          process.execPath,
          [cli, 'align', '--gt', 'gt.json', '--pred', 'pred.json'],
          {
            cwd: tmp.dir,
            encoding: 'utf8',
            env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
            stdio: ['ignore', full, 'pipe'],
          },
        );
        expect(r.status).toBe(74);
        expect(r.stderr).toBe('envtrace: cannot write to stdout: no space left on device\n');
      } finally {
        closeSync(full);
      }
    },
  );

  it('out of memory under a small heap: one line naming the limit and the inputs, exit 71, no GC dump (issue 26 §13)', () => {
    // 300,000 events (~15 MB) do not fit a 24 MB old space: V8 aborts while parsing them.
    const events = Array.from(
      { length: 300_000 },
      (_, i) => `{"channel":"motor:x","timestamp":${i / 1000},"value":${i % 7}}`,
    );
    tmp.write('big.json', `{"events":[${events.join(',')}]}`);
    for (const how of ['flag', 'NODE_OPTIONS'] as const) {
      const r = spawnSync(
        process.execPath,
        [
          ...(how === 'flag' ? ['--max-old-space-size=24'] : []),
          cli,
          'evaluate',
          '--gt',
          'big.json',
          '--pred',
          'big.json',
        ],
        {
          cwd: tmp.dir,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH ?? '',
            NO_COLOR: '1',
            ...(how === 'NODE_OPTIONS' ? { NODE_OPTIONS: '--max-old-space-size=24' } : {}),
          },
        },
      );
      expect(r.status, how).toBe(71);
      expect(r.stdout, how).toBe('');
      expect(r.stderr, how).not.toContain('<--- Last few GCs --->');
      expect(r.stderr, how).toMatch(
        /^envtrace: out of memory: the JavaScript heap limit \(--max-old-space-size=24\) was reached with inputs big\.json \(1\d\.\d MB\); raise it \(e\.g\. NODE_OPTIONS=--max-old-space-size=256\) or evaluate shorter traces\n$/,
      );
    }
  });

  it("stdout closed by its reader (EPIPE): a quiet exit with the run's own code", async () => {
    const c = readCase('pub-001-basic-readme-quickstart');
    tmp.write('gt.json', c.raw('gt'));
    tmp.write('pred.json', c.raw('pred'));
    const child = spawnAsync(
      process.execPath,
      [cli, 'align', '--gt', 'gt.json', '--pred', 'pred.json', '--json'],
      {
        cwd: tmp.dir,
        env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Close the read end before the child (still starting Node) writes its report.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const status = await new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code)),
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('batch mode on 3 worker threads: 20 pairs with a missing partner and a malformed file, same report as --jobs 1', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) {
      const key = `${i % 2 ? 'odd/' : ''}p${String(i).padStart(2, '0')}`;
      files[`batch/gt/${key}.json`] = scanTrace(8);
      // Every 3rd prediction misses points; one is JSON Lines; one is malformed.
      files[`batch/pred/${key}${i === 7 ? '.jsonl' : '.json'}`] =
        i === 7 ? scanTraceJsonl(8) : scanTrace(8 - (i % 3 === 0 ? 2 : 0));
    }
    files['batch/pred/p12.json'] = '{"events": [{"channel": "det", "timestamp": 1';
    delete files['batch/pred/odd/p15.json'];
    writeTree(tmp.dir, files);
    const args = ['evaluate', '--gt-dir', 'batch/gt', '--pred-dir', 'batch/pred', '--no-color'];
    const par = spawn([...args, '--jobs', '3', '--out', 'batch/par.json']);
    expect(par.status).toBe(1);
    // Not a terminal: plain progress lines, then one line per failed pair, no stack trace.
    expect(par.stderr).toMatch(/^envtrace: \d+\/19 pairs \(\d+%\) · .*ETA/m);
    expect(par.stderr).toMatch(/^envtrace: 19\/19 pairs evaluated in /m);
    expect(par.stderr).toMatch(/^envtrace: p12: .*batch\/pred\/p12\.json/m);
    expect(par.stderr).toContain(
      'envtrace: odd/p15: no predicted trace for golden batch/gt/odd/p15.json',
    );
    expect(par.stderr).not.toMatch(/\n\s+at /);
    expect(par.stderr).not.toContain('\r');
    expect(par.stdout).toContain('run summary · cli');

    const ser = spawn([...args, '--jobs', '1', '--out', 'batch/ser.json', '--quiet']);
    expect(ser.status).toBe(1);
    const read = (f: string) => parseRunReport(readFileSync(path.join(tmp.dir, f), 'utf8'), f);
    const a = read('batch/par.json');
    const b = read('batch/ser.json');
    expect(a.tests.map((t) => t.file)).toEqual([...a.tests.map((t) => t.file)].sort());
    expect(a.tests).toHaveLength(20);
    const scores = (r: typeof a) =>
      r.tests.map((t) => [t.file, t.status, t.records[0]?.full_score ?? null]);
    expect(scores(a)).toEqual(scores(b));
    expect(a.files.filter((f) => f.errors.length).map((f) => f.file)).toEqual(['odd/p15', 'p12']);
    expect(a.summary.tests).toMatchObject({ total: 20, with_records: 18 });
  });
});
