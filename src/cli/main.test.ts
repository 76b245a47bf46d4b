import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { energyScan, swap } from '../../test/alignment-scenarios/scenarios.js';
import { ENVTRACE_VERSION } from '../version.js';
import { captureIO, close, readCase, repoRoot, tempDir } from './harness.test-helpers.js';
import { main, outputFailure } from './main.js';
import type { Command } from './types.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => {
  tmp.cleanup();
});

/** Run the CLI in-process in the temp dir. */
async function run(argv: string[], env: Record<string, string | undefined> = {}, isTTY = false) {
  const io = captureIO(tmp.dir, env, isTTY);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Write a conformance case's traces (exact number text) and config into the temp dir. */
function writeCase(id: string): {
  gt: string;
  pred: string;
  config: string;
  expected: Record<string, unknown>;
} {
  const c = readCase(id);
  tmp.write('gt.json', c.raw('gt'));
  tmp.write('pred.json', c.raw('pred'));
  tmp.write('config.json', c.raw('config'));
  return { gt: 'gt.json', pred: 'pred.json', config: 'config.json', expected: c.doc.expected };
}

function expectOneLine(err: string, ...parts: string[]): void {
  expect(err.endsWith('\n')).toBe(true);
  expect(err.trimEnd().split('\n')).toHaveLength(1);
  expect(err.startsWith('envtrace: ')).toBe(true);
  for (const p of parts) expect(err).toContain(p);
  expect(err).not.toMatch(/\n\s+at /); // no stack trace
}

describe('envtrace version / help', () => {
  it('prints the version for `version` and `--version`', async () => {
    for (const argv of [['version'], ['--version']]) {
      const r = await run(argv);
      expect(r).toEqual({ code: 0, out: `${ENVTRACE_VERSION}\n`, err: '' });
    }
  });

  it('no command: the usage on stderr and exit 2 (a usage error)', async () => {
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('Usage: envtrace <command> [options]');
  });

  it('a negative number given to an option is reported as negative, not as a missing value', async () => {
    const r = await run(['compare', 'a.json', 'b.json', '--tolerance', '-1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('envtrace: --tolerance must not be negative, got -1\n');
  });

  it('prints usage listing the commands for `help` and `--help`', async () => {
    for (const argv of [['help'], ['--help'], ['-h']]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.err).toBe('');
      expect(r.out).toContain('Usage: envtrace <command> [options]');
      for (const name of ['align', 'evaluate', 'version', 'help'])
        expect(r.out).toMatch(new RegExp(`\\n  ${name}\\s+\\S`));
    }
  });

  it('prints a command usage for `help <cmd>` and `<cmd> --help`', async () => {
    const a = await run(['help', 'evaluate']);
    const b = await run(['evaluate', '--help']);
    expect(a.code).toBe(0);
    expect(a.out).toContain('--min-score X');
    expect(a.out).toContain('--require-pass');
    expect(b.out).toBe(a.out);
    expect((await run(['align', '-h'])).out).toContain(
      'Usage: envtrace align --gt FILE --pred FILE',
    );
  });

  it('every command answers --help and -h with its usage (as `help <cmd>`), whatever else is given', async () => {
    const { commands } = await import('./commands/index.js');
    for (const { name } of commands) {
      const usage = await run(['help', name]);
      expect(usage.code).toBe(0);
      for (const argv of [
        [name, '--help'],
        [name, '-h'],
        [name, 'missing.json', '--bogus', '-h'], // help wins over what would be a usage error
      ]) {
        expect(await run(argv), argv.join(' ')).toEqual({ code: 0, out: usage.out, err: '' });
      }
    }
    // After `--` a -h is an argument, not a help request.
    const r = await run(['merge', '--', '-h']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });

  it('rejects an unknown command or flag with exit 2 and one line', async () => {
    const r1 = await run(['frobnicate']);
    expect(r1.code).toBe(2);
    expectOneLine(r1.err, "unknown command 'frobnicate'");
    const r2 = await run(['evaluate', '--gt', 'a.json', '--pred', 'b.json', '--bogus']);
    expect(r2.code).toBe(2);
    expectOneLine(r2.err, "unknown option '--bogus'", 'envtrace evaluate');
    const r3 = await run(['--bogus']);
    expect(r3.code).toBe(2);
    expectOneLine(r3.err, "'--bogus'");
    expect(r1.out + r2.out + r3.out).toBe('');
  });

  it('rejects missing, repeated, malformed and stray arguments with exit 2', async () => {
    const cases: Array<[string[], string]> = [
      [['align', '--pred', 'p.json'], 'missing --gt'],
      [['align', '--gt', 'g.json', '--pred', 'a', '--pred', 'b'], '--pred given 2 times'],
      [
        ['evaluate', '--gt', 'g', '--pred', 'p', '--min-score', 'abc'],
        '--min-score must be a finite number',
      ],
      [
        ['evaluate', '--gt', 'g', '--pred', 'p', '--compat', 'python'],
        "--compat must be 'default' or 'reference'",
      ],
      [['evaluate', '--gt', 'g', '--pred'], '--pred needs a value'],
      [['align', '--gt', 'g', '--pred', 'p', 'extra'], "unexpected argument 'extra'"],
      [
        ['align', 'gt.json', 'pred.json'],
        "unexpected argument 'gt.json' for 'envtrace align': traces are given as --gt FILE --pred FILE (run 'envtrace help align' for usage)",
      ],
      [['evaluate', 'gt.json', 'pred.json'], 'traces are given as --gt FILE --pred FILE'],
      [['evaluate', '--gt', 'g', '--pred', 'p', '--color', '--no-color'], 'mutually exclusive'],
    ];
    for (const [argv, text] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expectOneLine(r.err, text);
    }
  });
});

describe('envtrace align', () => {
  it('scores the README quick-start like the reference `envtrace align` (pub-001)', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    const r = await run(['align', '--gt', c.gt, '--pred', c.pred, '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const report = JSON.parse(r.out) as Record<string, unknown>;
    expect(close(report.full_score, c.expected.full_score as number)).toBe(true);
    expect(report.accuracy).toBe(c.expected.accuracy);
    expect(report.decision).toEqual(c.expected.decision);
    expect(report.envtrace_version).toBe(ENVTRACE_VERSION);
    expect(report.mode).toBe('default');
  });

  it('prints the text report by default, without colours when stdout is not a terminal', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    const r = await run(['align', '--gt', c.gt, '--pred', c.pred]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('EnvTrace Report');
    expect(r.out).toContain('Full score: 0.991\n');
    expect(r.out).toContain('Accuracy:   true\n');
    expect(r.out).not.toContain('\x1b');
  });

  it('colours on a terminal, honours NO_COLOR, FORCE_COLOR and --color/--no-color', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    const argv = ['align', '--gt', c.gt, '--pred', c.pred];
    expect((await run(argv, {}, true)).out).toContain('\x1b[');
    expect((await run(argv, { NO_COLOR: '1' }, true)).out).not.toContain('\x1b[');
    expect((await run(argv, { TERM: 'dumb' }, true)).out).not.toContain('\x1b[');
    expect((await run(argv, { FORCE_COLOR: '1' }, false)).out).toContain('\x1b[');
    expect((await run(argv, { FORCE_COLOR: '0' }, true)).out).not.toContain('\x1b[');
    expect((await run(argv, { CI: 'true' }, false)).out).toContain('\x1b[');
    expect((await run([...argv, '--no-color'], {}, true)).out).not.toContain('\x1b[');
    expect((await run([...argv, '--color'], { NO_COLOR: '1' }, false)).out).toContain('\x1b[');
  });

  it('writes the JSON report atomically with --out (no temp files left) and still prints', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    const r = await run([
      'align',
      '--gt',
      c.gt,
      '--pred',
      c.pred,
      '--out',
      'report.json',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const written = readFileSync(path.join(tmp.dir, 'report.json'), 'utf8');
    expect(written).toBe(r.out);
    expect((JSON.parse(written) as { accuracy: boolean }).accuracy).toBe(true);
    expect(readdirSync(tmp.dir).sort()).toEqual([
      'config.json',
      'gt.json',
      'pred.json',
      'report.json',
    ]);
    // Overwrites an existing report.
    const again = await run(['align', '--gt', c.gt, '--pred', c.pred, '--out', 'report.json']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('EnvTrace Report');
    expect(readFileSync(path.join(tmp.dir, 'report.json'), 'utf8')).toBe(written);
  });

  it('creates missing parent directories of --out', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    const r = await run([
      'align',
      '--gt',
      c.gt,
      '--pred',
      c.pred,
      '--out',
      'reports/nested/report.json',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(tmp.dir, 'reports', 'nested', 'report.json'), 'utf8')).toBe(
      r.out,
    );
    expect(readdirSync(path.join(tmp.dir, 'reports', 'nested'))).toEqual(['report.json']);
  });

  it('fails with exit 2 and leaves nothing behind when --out cannot be written', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    // A parent that is a file cannot be created as a directory.
    const r = await run(['align', '--gt', c.gt, '--pred', c.pred, '--out', 'gt.json/report.json']);
    expect(r.code).toBe(2);
    expectOneLine(r.err, 'gt.json/report.json', 'cannot write the report');
    const r2 = await run(['align', '--gt', c.gt, '--pred', c.pred, '--out', '.']);
    expect(r2.code).toBe(2);
    expect(readdirSync(tmp.dir).sort()).toEqual(['config.json', 'gt.json', 'pred.json']);
  });

  it('an energy scan with a read logged before its move: one event out of order, within tolerance or not', async () => {
    // Neighbouring energies match within the default rel 1e-3; the exact-pairs pass keeps the
    // verdict of exact values (was "1 missing event, 1 extra event" with a row 8013 ≈ 8012).
    const gt = energyScan(30);
    tmp.write('gt.json', JSON.stringify(gt));
    tmp.write('pred.json', JSON.stringify(swap(24).apply(gt)));
    const r = await run(['align', '--gt', 'gt.json', '--pred', 'pred.json']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out.split('\n').filter((l) => /^Why:|(·|≈) *$|^Tolerance:/.test(l)))
      .toMatchInlineSnapshot(`
        [
          "Why:        discrete not exact: 1 event out of order",
          " 25 | mono:energy | 24.000 | 8012     | —           |      — | —        |   ·  ",
          " 27 | —           |      — | —        | mono:energy | 25.000 | 8012     |   ·  ",
        ]
      `);
  });

  it('reproduces the reference numbers with --compat reference (pub-163, bool vs int)', async () => {
    const c = writeCase('pub-163-realistic-robot-bool-as-int');
    const r = await run([
      'evaluate',
      '--gt',
      c.gt,
      '--pred',
      c.pred,
      '--config',
      c.config,
      '--compat',
      'reference',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Record<string, unknown>;
    expect(report.mode).toBe('reference');
    expect(close(report.full_score, c.expected.full_score as number)).toBe(true);
    expect(report.accuracy).toBe(false);
  });
});

describe('envtrace evaluate', () => {
  it('evaluates with a config file like the reference (pub-128, --compat reference)', async () => {
    const c = writeCase('pub-128-config-readme-config-json');
    const r = await run([
      'evaluate',
      '--gt',
      c.gt,
      '--pred',
      c.pred,
      '--config',
      c.config,
      '--compat',
      'reference',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Record<string, unknown>;
    expect(close(report.full_score, 0.7861189695639468)).toBe(true);
    expect(report.accuracy).toBe(false);
    expect(report.decision).toEqual(c.expected.decision);
  });

  it('warns on stderr of a config entry naming no channel, and keeps it in the JSON (S1)', async () => {
    const events = [
      { channel: 'mono:energy', timestamp: 0, value: 8980 },
      { channel: 'det:counts', timestamp: 1, value: 1000 },
    ];
    tmp.write('gt.json', JSON.stringify({ events }));
    tmp.write('pred.json', JSON.stringify({ events }));
    tmp.write(
      'c.yaml',
      'comparators:\n  by_channel:\n    "mono:enrgy": {type: exact}\nignore_channels: [ring:curent]\n',
    );
    const argv = ['evaluate', '--gt', 'gt.json', '--pred', 'pred.json', '--config', 'c.yaml'];
    const r = await run([...argv, '--json']);
    expect(r.code).toBe(0);
    const warnings = [
      'ignore_channels[0] ("ring:curent") names no channel of either trace; the channels: "mono:energy", "det:counts"',
      'comparators.by_channel["mono:enrgy"] names no channel of either trace; did you mean "mono:energy"?',
    ];
    expect(r.err).toBe(warnings.map((w) => `envtrace: warning: c.yaml: ${w}\n`).join(''));
    expect((JSON.parse(r.out) as { warnings: unknown }).warnings).toEqual(warnings);
    const ref = await run([...argv, '--compat', 'reference']);
    expect(ref).toMatchObject({ code: 0, err: '' });
  });

  it('a value problem found while scoring names the file it is in, not its side', async () => {
    const trace = (current: unknown) =>
      JSON.stringify({
        events: [
          { channel: 'mono:energy', timestamp: 0, value: 8980 },
          { channel: 'ring:current', timestamp: 1, value: current },
        ],
      });
    tmp.write('gt.json', trace(400));
    tmp.write('p.json', trace('400.0'));
    tmp.write('c.yaml', 'continuous_channels:\n  ring:current: {}\n');
    const args = ['evaluate', '--config', 'c.yaml'];
    const problem =
      'events[1].value: continuous channel "ring:current" needs numeric values, got "400.0"';
    const r = await run([...args, '--gt', 'gt.json', '--pred', 'p.json']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`envtrace: ${path.join(tmp.dir, 'p.json')}: ${problem}\n`);
    const swapped = await run([...args, '--gt', 'p.json', '--pred', 'gt.json']);
    expect(swapped.err).toBe(`envtrace: ${path.join(tmp.dir, 'p.json')}: ${problem}\n`);
    // Best-of: the candidate that holds it (the third --gt), not `gt`.
    const bestOf = await run([
      ...args,
      ...['--gt', 'gt.json', '--gt', 'gt.json', '--gt', 'p.json', '--pred', 'gt.json'],
    ]);
    expect(bestOf.code).toBe(2);
    expect(bestOf.err).toBe(`envtrace: ${path.join(tmp.dir, 'p.json')}: ${problem}\n`);
  });

  it('exit 1 with one line per failed gate, saying by how much', async () => {
    const c = writeCase('pub-128-config-readme-config-json');
    const base = [
      'evaluate',
      '--gt',
      c.gt,
      '--pred',
      c.pred,
      '--config',
      c.config,
      '--compat',
      'reference',
    ];
    const minScore = await run([...base, '--min-score', '0.9']);
    expect(minScore.code).toBe(1);
    // 0.9 - 0.7861189695639468 = 0.1138810304360532
    expectOneLine(
      minScore.err,
      'gate failed',
      'full score 0.7861 < --min-score 0.9',
      'short by 0.1139',
    );
    expect(minScore.out).toContain('EnvTrace Report');

    const pass = await run([...base, '--require-pass']);
    expect(pass.code).toBe(1);
    expectOneLine(pass.err, '--require-pass', 'failed: discrete');

    const both = await run([...base, '--require-pass', '--min-score', '0.9', '--json']);
    expect(both.code).toBe(1);
    expectOneLine(both.err, 'short by', 'failed: discrete');
    expect(() => JSON.parse(both.out) as unknown).not.toThrow();

    const met = await run([...base, '--min-score', '0.78']);
    expect(met.code).toBe(0);
    expect(met.err).toBe('');
  });

  it('exit 0 for a passing prediction under --require-pass and --min-score (pub-001)', async () => {
    const c = writeCase('pub-001-basic-readme-quickstart');
    const r = await run([
      'evaluate',
      '--gt',
      c.gt,
      '--pred',
      c.pred,
      '--require-pass',
      '--min-score',
      '0.99',
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  it('several --gt: best of, with best_index and candidate scores (pub-121)', async () => {
    const c = readCase('pub-121-best_of-four-gts');
    const gts = c.rawItems('gts').map((text, i) => tmp.write(`gt${i}.json`, text));
    tmp.write('pred.json', c.raw('pred'));
    // The corpus was produced with difflib; the default mode's default aligner is behavior (A1).
    tmp.write('difflib.json', '{"aligner": "difflib"}');
    const argv = [
      'evaluate',
      ...gts.flatMap((g) => ['--gt', path.basename(g)]),
      '--pred',
      'pred.json',
      '--config',
      'difflib.json',
      '--json',
    ];
    const r = await run(argv);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Record<string, unknown>;
    expect(report.best_index).toBe(c.doc.expected.best_index);
    expect(close(report.full_score, c.doc.expected.full_score as number)).toBe(true);
    const expectedScores = (c.doc.expected.debug as { candidate_full_scores: number[] })
      .candidate_full_scores;
    const scores = report.candidate_full_scores as number[];
    expect(scores).toHaveLength(expectedScores.length);
    scores.forEach((s, i) => expect(close(s, expectedScores[i]!)).toBe(true));
  });

  describe('bad input: exit 2, one line naming the file and the path inside it', () => {
    it('malformed JSON', async () => {
      const c = writeCase('pub-001-basic-readme-quickstart');
      tmp.write('bad.json', '{"events": [\n  {"channel": "a", "timestamp": 0.0, "value": 1,}\n]}');
      const r = await run(['evaluate', '--gt', c.gt, '--pred', 'bad.json']);
      expect(r.code).toBe(2);
      expectOneLine(r.err, 'bad.json');
      expect(r.err).toMatch(/bad\.json:2:\d+/);
      expect(r.out).toBe('');
    });

    it('a NaN timestamp and an "Infinity" string timestamp', async () => {
      const c = writeCase('pub-001-basic-readme-quickstart');
      tmp.write(
        'nan.json',
        '{"events": [{"channel": "a", "timestamp": 0.0, "value": 1}, {"channel": "a", "timestamp": NaN, "value": 2}]}',
      );
      tmp.write('inf.json', '{"events": [{"channel": "a", "timestamp": "Infinity", "value": 1}]}');
      // Default mode: NaN is not JSON (located by line:column); a string is not a timestamp.
      const nan = await run(['evaluate', '--gt', c.gt, '--pred', 'nan.json']);
      expect(nan.code).toBe(2);
      expectOneLine(nan.err, 'nan.json:1:');
      const inf = await run(['evaluate', '--gt', c.gt, '--pred', 'inf.json']);
      expect(inf.code).toBe(2);
      expectOneLine(inf.err, 'inf.json', 'events[0].timestamp');
      // Reference mode rejects them too (non-finite timestamps are outside the reference's contract).
      for (const f of ['nan.json', 'inf.json']) {
        const r = await run(['evaluate', '--gt', c.gt, '--pred', f, '--compat', 'reference']);
        expect(r.code, f).toBe(2);
        expectOneLine(r.err, f);
      }
      const infRef = await run([
        'evaluate',
        '--gt',
        c.gt,
        '--pred',
        'inf.json',
        '--compat',
        'reference',
      ]);
      expect(infRef.err).toContain('events[0].timestamp');
    });

    it('an unknown config key', async () => {
      const c = writeCase('pub-001-basic-readme-quickstart');
      tmp.write('cfg.json', '{"comparators": {"default": {"type": "exact"}}, "agregation": {}}');
      const r = await run(['evaluate', '--gt', c.gt, '--pred', c.pred, '--config', 'cfg.json']);
      expect(r.code).toBe(2);
      expectOneLine(r.err, 'cfg.json', 'agregation');
    });

    it('a missing file', async () => {
      const c = writeCase('pub-001-basic-readme-quickstart');
      for (const argv of [
        ['evaluate', '--gt', 'missing.json', '--pred', c.pred],
        ['evaluate', '--gt', c.gt, '--pred', c.pred, '--config', 'missing.json'],
      ]) {
        const r = await run(argv);
        expect(r.code).toBe(2);
        expectOneLine(r.err, 'missing.json');
      }
    });

    it('escapes control characters from input in the error line', async () => {
      const c = writeCase('pub-001-basic-readme-quickstart');
      tmp.write('cfg.json', '{"bad\\u001b[31mkey\\nx": 1}');
      const r = await run(['evaluate', '--gt', c.gt, '--pred', c.pred, '--config', 'cfg.json']);
      expect(r.code).toBe(2);
      expect(r.err).not.toContain('\x1b');
      expectOneLine(r.err, 'cfg.json');
    });
  });
});

describe('--columns on align and evaluate (CSV with any header)', () => {
  // The CSV fixtures are written by csv-stringify (the csv project's writer, pinned
  // devDependency), with headers no synonym matches, as a German spreadsheet names them.
  const header = ['Zeit', 'Kanal', 'Messwert'];
  const gtRows = [
    ['2026-03-02T14:05:11.000Z', 'T1', '21.5'],
    ['2026-03-02T14:05:12.000Z', 'valve', 'open'],
    ['2026-03-02T14:05:13.500Z', 'T1', '22'],
  ];
  const predRows = [
    ['2026-03-02T14:05:11.000Z', 'T1', '21.5'],
    ['2026-03-02T14:05:12.250Z', 'valve', 'closed'],
    ['2026-03-02T14:05:13.500Z', 'T1', '22'],
  ];
  const columns = 'timestamp=Zeit,channel=Kanal,value=Messwert';
  /** The same events as envtrace JSON: times in seconds from the earliest, numbers as numbers. */
  const asJson = (rows: string[][]) =>
    JSON.stringify({
      events: rows.map(([t, ch, v]) => ({
        channel: ch,
        timestamp: (Date.parse(t!) - Date.parse(rows[0]![0]!)) / 1000,
        value: Number.isNaN(Number(v)) ? v : Number(v),
      })),
    });
  beforeEach(() => {
    tmp.write('gt.csv', stringify([header, ...gtRows], { delimiter: ';' }));
    tmp.write('pred.csv', stringify([header, ...predRows], { delimiter: ';' }));
    tmp.write('gt.json', asJson(gtRows));
    tmp.write('pred.json', asJson(predRows));
  });

  it('align and evaluate read every input as CSV with the named columns', async () => {
    for (const command of ['align', 'evaluate']) {
      const fromJson = await run([command, '--gt', 'gt.json', '--pred', 'pred.json', '--json']);
      const fromCsv = await run([
        command,
        ...['--gt', 'gt.csv', '--pred', 'pred.csv', '--columns', columns, '--json'],
      ]);
      expect(fromCsv.err).toBe('');
      expect(fromCsv.code).toBe(0);
      const report = JSON.parse(fromCsv.out) as Record<string, unknown>;
      expect(report).toEqual(JSON.parse(fromJson.out));
      expect(report.accuracy).toBe(false); // the valve's value differs: the columns were read
    }
    const gated = await run([
      'evaluate',
      ...['--gt', 'gt.csv', '--pred', 'gt.csv', '--columns', columns, '--require-pass'],
    ]);
    expect(gated.code).toBe(0);
    expect(gated.out).toContain('Accuracy:   true\n');
  });

  it('without --columns such a CSV is refused, pointing at --columns', async () => {
    const r = await run(['align', '--gt', 'gt.csv', '--pred', 'pred.csv']);
    expect(r.code).toBe(2);
    // Either file may be named (both are read at once; the first to fail is reported).
    expectOneLine(r.err, '.csv: the format of the input cannot be told', '--columns channel=NAME');
  });

  it('every input is read as CSV: a JSON golden is refused as CSV, also when large (streamed)', async () => {
    const r = await run(['align', '--gt', 'gt.json', '--pred', 'pred.csv', '--columns', columns]);
    expect(r.code).toBe(2);
    expectOneLine(r.err, 'gt.json', 'column');
    // Over 64 KiB of JSON Lines, which is otherwise streamed as envtrace without --columns.
    const line = JSON.stringify({ channel: 'T1', timestamp: 0, value: 21.5 });
    tmp.write('big.jsonl', `${line}\n`.repeat(Math.ceil(70_000 / line.length)));
    expect((await run(['align', '--gt', 'big.jsonl', '--pred', 'big.jsonl'])).code).toBe(0);
    const big = await run([
      'align',
      '--gt',
      'big.jsonl',
      '--pred',
      'pred.csv',
      '--columns',
      columns,
    ]);
    expect(big.code).toBe(2);
    expectOneLine(big.err, 'big.jsonl', 'column');
  });

  it('a malformed map is a usage error, in batch mode too', async () => {
    const bad = await run([
      'evaluate',
      ...['--gt', 'gt.csv', '--pred', 'pred.csv', '--columns', 'time=Zeit'],
    ]);
    expect(bad.code).toBe(2);
    expectOneLine(bad.err, '--columns must be role=name pairs', '"time=Zeit"');
    mkdirSync(path.join(tmp.dir, 'g'));
    mkdirSync(path.join(tmp.dir, 'p'));
    const batch = await run([
      ...['evaluate', '--gt-dir', 'g', '--pred-dir', 'p', '--columns', 'value=Wert,value=W'],
    ]);
    expect(batch.code).toBe(2);
    expectOneLine(batch.err, '--columns names the value column twice');
  });
});

describe('--format on align and evaluate', () => {
  const otlp = path.join(repoRoot, 'test/fixtures/import/otel_genai_agent.otlp.json');

  it('reads every --gt and --pred in the named format, instead of telling it from the content', async () => {
    for (const command of ['align', 'evaluate']) {
      const told = await run([command, '--gt', otlp, '--pred', otlp, '--json']);
      const named = await run([
        command,
        '--gt',
        otlp,
        '--pred',
        otlp,
        '--format',
        'otlp',
        '--json',
      ]);
      expect(named.code).toBe(0);
      expect(named.out).toBe(told.out);
      // Read as the named format, whatever the content: this OTLP holds no OpenInference span.
      const other = await run([command, '--gt', otlp, '--pred', otlp, '--format', 'openinference']);
      expect(other.code).toBe(2);
      expectOneLine(
        other.err,
        'otel_genai_agent.otlp.json: no events: 5 OTLP spans',
        'openinference',
      );
    }
    // A blank file whose format is named is an empty trace, with a warning for each read (told
    // from nothing, it is an error).
    tmp.write('blank.csv', '\n');
    expect((await run(['evaluate', '--gt', 'blank.csv', '--pred', 'blank.csv'])).code).toBe(2);
    const blank = await run([
      'evaluate',
      '--gt',
      'blank.csv',
      '--pred',
      'blank.csv',
      '--format',
      'csv',
    ]);
    const warning = `envtrace: warning: ${path.join(tmp.dir, 'blank.csv')}: the input holds only white space: read as a trace of no events, as the format csv was named (check that its producer ran) (empty-input)\n`;
    expect(blank.err).toBe(warning.repeat(2));
    expect(blank.code).toBe(0);
  });

  it('an unknown format, or --format in batch mode, is a usage error', async () => {
    const bad = await run(['align', '--gt', otlp, '--pred', otlp, '--format', 'otel']);
    expect(bad.code).toBe(2);
    expectOneLine(bad.err, '--format must be auto or one of envtrace, csv, otlp', '"otel"');
    mkdirSync(path.join(tmp.dir, 'g'), { recursive: true });
    mkdirSync(path.join(tmp.dir, 'p'), { recursive: true });
    const batch = await run(['evaluate', '--gt-dir', 'g', '--pred-dir', 'p', '--format', 'otlp']);
    expect(batch.code).toBe(2);
    expectOneLine(batch.err, '--format reads --gt and --pred; in batch mode');
  });
});

describe('internal errors', () => {
  const boom: Command = {
    name: 'boom',
    summary: 'throws a bug',
    run() {
      throw new RangeError('index out of range\nsecond line');
    },
  };

  it('exit 70 with one line asking for a report, no stack', async () => {
    const io = captureIO(tmp.dir);
    const code = await main(['boom'], io, [boom]);
    expect(code).toBe(70);
    expectOneLine(
      io.err(),
      'internal error',
      'RangeError: index out of range; second line',
      'please report',
      'ENVTRACE_DEBUG=1',
    );
  });

  it('prints the stack with ENVTRACE_DEBUG=1', async () => {
    const io = captureIO(tmp.dir, { ENVTRACE_DEBUG: '1' });
    const code = await main(['boom'], io, [boom]);
    expect(code).toBe(70);
    expect(io.err()).toMatch(/^envtrace: internal error: .*please report it\)\n/);
    expect(io.err()).toMatch(/\n\s+at /);
  });
});

describe('failed writes to stdout/stderr (exit 74, one line; a closed pipe is quiet)', () => {
  const errno = (code: string): NodeJS.ErrnoException =>
    Object.assign(new Error(`${code}: write failed`), { code, syscall: 'write' });
  const failing = (code: string) => ({
    write(): never {
      throw errno(code);
    },
  });
  const lines = () => {
    const got: string[] = [];
    return { got, stream: { write: (s: string) => got.push(s) } };
  };
  const baseIO = { cwd: '/', env: {}, isTTY: false };

  it('stdout full (ENOSPC): one line on stderr naming stdout and the reason, exit 74', async () => {
    const err = lines();
    const code = await main(['--version'], {
      ...baseIO,
      stdout: failing('ENOSPC'),
      stderr: err.stream,
    });
    expect(code).toBe(74);
    expectOneLine(err.got.join(''), 'cannot write to stdout', 'no space left on device');
  });

  it('stdout closed by its reader (EPIPE): no message, exit 0', async () => {
    const err = lines();
    const code = await main(['--version'], {
      ...baseIO,
      stdout: failing('EPIPE'),
      stderr: err.stream,
    });
    expect(code).toBe(0);
    expect(err.got).toEqual([]);
  });

  it('stderr failing while reporting an error: exit 74, no throw', async () => {
    const out = lines();
    const code = await main(['no-such-command'], {
      ...baseIO,
      stdout: out.stream,
      stderr: failing('ENOSPC'),
    });
    expect(code).toBe(74);
    expect(out.got).toEqual([]);
  });

  it('outputFailure: the exit code for an `error` event of a process stream', () => {
    const err = lines();
    expect(outputFailure('stdout', errno('EIO'), err.stream, 1)).toBe(74);
    expectOneLine(err.got.join(''), 'cannot write to stdout: input/output error');
    // A closed pipe keeps the code the run had decided (a failed gate stays 1).
    expect(outputFailure('stdout', errno('EPIPE'), err.stream, 1)).toBe(1);
    // A failing stderr is not written to again.
    expect(outputFailure('stderr', errno('ENOSPC'), failing('ENOSPC'))).toBe(74);
    expect(err.got).toHaveLength(1);
  });

  it('an unwritable --out stays a usage-level error (exit 2), not an output-stream one', async () => {
    tmp.write('gt.json', '[]');
    tmp.write('pred.json', '[]');
    const dir = path.join(tmp.dir, 'outdir');
    mkdirSync(dir);
    const r = await run(['align', '--gt', 'gt.json', '--pred', 'pred.json', '--out', 'outdir']);
    expect(r.code).toBe(2);
    expectOneLine(r.err, 'outdir', 'is a directory');
  });
});

describe('deep input (README "Limits"): exit 2 with one line naming the file and path, never a RangeError (exit 70)', () => {
  const nested = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;

  it('a trace value nested 2,500 levels (a 10 KB file)', async () => {
    tmp.write(
      'gt.json',
      `{"events": [{"channel": "a", "timestamp": 0, "value": ${nested(2_500)}}]}`,
    );
    tmp.write(
      'pred.json',
      `{"events": [{"channel": "a", "timestamp": 0, "value": ${nested(2_500)}}]}`,
    );
    for (const compat of [[], ['--compat', 'reference']]) {
      const r = await run(['evaluate', '--gt', 'gt.json', '--pred', 'pred.json', ...compat]);
      expect(r.code).toBe(2);
      expectOneLine(r.err, '.json: events[0].value[0]', 'nested more than 256 levels');
    }
  });

  it.each([
    ['c.json', `{"comparators": ${nested(10_000)}}`],
    ['c.yaml', `comparators: ${nested(10_000)}\n`],
    ['c.yml', `comparators:\n  ${'- '.repeat(10_000)}1\n`],
  ])('a config nested 10^4 levels: %s', async (name, text) => {
    tmp.write('gt.json', '[]');
    tmp.write('pred.json', '[]');
    tmp.write(name, text);
    const r = await run(['evaluate', '--gt', 'gt.json', '--pred', 'pred.json', '--config', name]);
    expect(r.code).toBe(2);
    expectOneLine(r.err, `${name}: comparators[0]`, 'nested more than 256 levels');
  });
});
