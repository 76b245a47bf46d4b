import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRunReport } from '../../report/run/merge.js';
import type { RunReport } from '../../report/run/schema.js';
import { palette } from '../../report/colors.js';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';
import {
  ChannelWorker,
  scanTrace,
  scanTraceJsonl,
  writeTree,
  BATCH_ARGS,
} from './fixtures.test-helpers.js';
import type { WorkerFactory } from './pool.js';
import {
  defaultJobs,
  PRETTY_MAX_PAIRS,
  reportSpace,
  runBatch,
  WORKERS_MIN_BYTES,
  type BatchRun,
} from './run.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

async function cli(argv: string[], io = captureIO(tmp.dir)) {
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const report = (file: string): RunReport =>
  parseRunReport(readFileSync(path.join(tmp.dir, file), 'utf8'), file);

/** Six pairs (two in a sub-directory, one across formats), one missing golden, one malformed prediction. */
function mixedTree(): void {
  writeTree(tmp.dir, {
    'gt/a.json': scanTrace(4),
    'gt/b.json': scanTrace(4),
    'gt/scans/c.json': scanTrace(5),
    'gt/scans/d.json': scanTrace(5),
    'gt/bad.json': scanTrace(3),
    'gt/notes.md': '# not a trace',
    'pred/a.jsonl': scanTraceJsonl(4),
    'pred/b.json': scanTrace(4, (i) => (i === 1 ? -1 : i * 10)),
    'pred/scans/c.json': scanTrace(5),
    'pred/scans/d.json': scanTrace(4),
    'pred/bad.json': '{"events": [{"channel": "det", "timestamp": "soon", "value": 1}]}',
    'pred/extra.json': scanTrace(2),
  });
}

describe('envtrace evaluate --gt-dir --pred-dir (in-process, --jobs 1)', () => {
  it('evaluates every pair, reports missing partners and bad traces on stderr and in the report, exits 1', async () => {
    mixedTree();
    const r = await cli([...BATCH_ARGS, '--out', 'out/report.json', '--no-color']);
    expect(r.code).toBe(1);
    const errLines = r.err.trimEnd().split('\n');
    expect(errLines[0]).toBe('envtrace: ignored 1 file that is not a trace: gt/notes.md');
    expect(errLines).toContain(
      'envtrace: 5/5 pairs evaluated in ' +
        errLines.find((l) => l.includes('evaluated in'))!.split('evaluated in ')[1],
    );
    expect(errLines.filter((l) => /^envtrace: (bad|extra): /.test(l))).toEqual([
      expect.stringMatching(/^envtrace: bad: .*pred\/bad\.json.*timestamp/),
      'envtrace: extra: no golden trace for prediction pred/extra.json (looked for gt/extra{.ndjson,.jsonl,.json,.csv,.txt,.mcap,.db3})',
    ]);
    expect(r.err).not.toMatch(/\n\s+at /);

    const rep = report('out/report.json');
    expect(rep.tests.map((t) => [t.file, t.status])).toEqual([
      ['a', 'passed'],
      ['b', 'failed'],
      ['bad', 'failed'],
      ['extra', 'failed'],
      ['scans/c', 'passed'],
      ['scans/d', 'failed'],
    ]);
    expect(rep.files.filter((f) => f.errors.length > 0).map((f) => f.file)).toEqual([
      'bad',
      'extra',
    ]);
    expect(rep.summary.verdict).toEqual({
      passed: false,
      failed_tests: 4,
      file_errors: 2,
      missed_gates: 0,
    });
    expect(rep.tests[0]!.records[0]!.golden.paths).toEqual(['gt/a.json']);
    // A failed pair's record states the matcher's verdict sentence; a passed one none. A pair
    // that did not load has no record (no scores to state): its one-line error is the file's.
    const failure = (file: string) =>
      rep.tests.find((t) => t.file === file)!.records.map((rec) => rec.failure);
    expect(failure('a')).toEqual([undefined]);
    expect(failure('b')).toEqual([
      'Expected the received trace to behave like the golden trace, but score 0.900, accuracy false: discrete not exact: 1 mismatch (row 4 det: -1 instead of 10).',
    ]);
    expect(failure('scans/d')).toEqual([
      expect.stringMatching(/, accuracy false: discrete not exact: 2 missing events\.$/),
    ]);
    expect(failure('bad')).toEqual([]);
    const badErrors = rep.files.find((f) => f.file === 'bad')!.errors;
    expect(badErrors).toEqual([expect.stringMatching(/pred\/bad\.json.*timestamp/)]);
    expect(badErrors[0]).not.toContain('\n');
    expect(rep.tests.flatMap((t) => t.records).filter((rec) => rec.location)).toEqual([]);

    // The console summary (stdout) is the reporters' summary.
    expect(r.out).toContain('run summary · cli ');
    expect(r.out).toContain('✗ bad: ');
    expect(r.out).toContain(
      'Verdict   FAILED: 2 file errors · 4 of 6 tests failed · no gates configured',
    );
  });

  it('exits 0 when every pair passes; the mean-score and pass-rate gates fail it with exit 1', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(4),
      'gt/b.json': scanTrace(4),
      'pred/a.json': scanTrace(4),
      'pred/b.json': scanTrace(4),
    });
    const good = await cli([...BATCH_ARGS, '--min-mean-score', '0.9', '--min-pass-rate', '1']);
    expect(good.code).toBe(0);
    expect(good.out).toContain('PASSED: all 2 tests passed · all 2 gates met');

    writeTree(tmp.dir, { 'pred/b.json': scanTrace(3) });
    const gated = await cli([...BATCH_ARGS, '--min-mean-score', '0.99', '--quiet']);
    expect(gated.code).toBe(1);
    expect(gated.out).toBe('');
    expect(gated.err).toMatch(/^envtrace: FAILED: .*1 of 1 gate missed\n$/);
  });

  it('--min-score fails pairs below it; --json prints the run report', async () => {
    writeTree(tmp.dir, { 'gt/a.json': scanTrace(6), 'pred/a.json': scanTrace(5) });
    const r = await cli([...BATCH_ARGS, '--min-score', '0.99', '--json', '--quiet']);
    const rep = parseRunReport(r.out, 'stdout');
    expect(rep.tests[0]!.records[0]!.min_score).toBe(0.99);
    expect(rep.tests[0]!.status).toBe('failed');
    expect(r.code).toBe(1);
  });

  it('appends the Markdown summary to GITHUB_STEP_SUMMARY, like the reporters', async () => {
    writeTree(tmp.dir, { 'gt/a.json': scanTrace(3), 'pred/a.json': scanTrace(3) });
    const summary = path.join(tmp.dir, 'step-summary.md');
    const r = await cli(
      [...BATCH_ARGS, '--quiet'],
      captureIO(tmp.dir, { GITHUB_STEP_SUMMARY: summary }),
    );
    expect(r.code).toBe(0);
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('### envtrace run summary');
    expect(md).toContain('**Verdict:** ✅ PASSED: the only test passed');
    const bad = await cli(
      [...BATCH_ARGS, '--quiet'],
      captureIO(tmp.dir, { GITHUB_STEP_SUMMARY: path.join(tmp.dir, 'no/such/dir.md') }),
    );
    expect(bad.code).toBe(0);
    expect(bad.err).toBe(
      'envtrace: could not append to GITHUB_STEP_SUMMARY (no such file or directory)\n',
    );
  });

  it('a progress bar on a terminal stderr: redrawn in place, replaced by a closing line that stays', async () => {
    writeTree(tmp.dir, { 'gt/a.json': scanTrace(3), 'pred/a.json': scanTrace(3) });
    const io = { ...captureIO(tmp.dir), stderrIsTTY: true, stderrColumns: 100 };
    const r = await cli([...BATCH_ARGS], io);
    expect(r.code).toBe(0);
    expect(r.err.startsWith('\r\x1b[2K[')).toBe(true);
    expect(r.err).toContain('1/1 pairs (100%)');
    const closing = r.err.slice(r.err.lastIndexOf('\r\x1b[2K') + 5);
    expect(closing).toMatch(/^envtrace: 1\/1 pairs evaluated in \S+ \(\S+\/s\)\n$/);
    expect(r.err.split('\n')).toHaveLength(2); // the bar's line, then nothing after the closing line
  });

  /** Two disjoint batches (shards): s1 with a failing pair b, s2 with c. */
  async function twoShards(): Promise<void> {
    writeTree(tmp.dir, {
      's1/gt/a.json': scanTrace(4),
      's1/pred/a.json': scanTrace(4),
      's1/gt/b.json': scanTrace(4),
      's1/pred/b.json': scanTrace(3),
      's2/gt/c.json': scanTrace(4),
      's2/pred/c.json': scanTrace(4),
    });
    await cli([
      'evaluate',
      '--gt-dir',
      's1/gt',
      '--pred-dir',
      's1/pred',
      '--jobs',
      '1',
      '--out',
      'r1.json',
      '--quiet',
    ]);
    await cli([
      'evaluate',
      '--gt-dir',
      's2/gt',
      '--pred-dir',
      's2/pred',
      '--jobs',
      '1',
      '--out',
      'r2.json',
      '--quiet',
    ]);
  }

  it('envtrace report --html renders a batch report', async () => {
    await twoShards();
    const html = await cli(['report', 'r1.json', '--html', 'r1.html']);
    expect(html.code).toBe(0);
    expect(html.out).toBe('envtrace: HTML report of 2 tests written to r1.html\n');
    const page = readFileSync(path.join(tmp.dir, 'r1.html'), 'utf8');
    expect(page.toLowerCase().startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('"runner":{"name":"cli"');
    expect(page).toContain('"matcher":"evaluate"');
  });

  it('envtrace merge joins two batch reports (disjoint shards) and gates on the merged run', async () => {
    await twoShards();
    const merged = await cli(['merge', 'r1.json', 'r2.json', '--out', 'm.json', '--quiet']);
    expect(merged.code).toBe(1); // pair b fails
    const m = report('m.json');
    expect(m.tests.map((t) => [t.file, t.status])).toEqual([
      ['a', 'passed'],
      ['b', 'failed'],
      ['c', 'passed'],
    ]);
    expect(m.meta.merged_from?.map((x) => x.runner.name)).toEqual(['cli', 'cli']);
    expect(m.summary.score.n).toBe(3);
    // The same pairs twice are not shards: merge refuses them.
    expect((await cli(['merge', 'r1.json', 'r1.json'])).code).toBe(2);
  });

  it('envtrace compare diffs two batch runs pair by pair', async () => {
    await twoShards();
    writeTree(tmp.dir, { 's1/pred/b.json': scanTrace(4) });
    await cli([
      'evaluate',
      '--gt-dir',
      's1/gt',
      '--pred-dir',
      's1/pred',
      '--jobs',
      '1',
      '--out',
      'r1-fixed.json',
      '--quiet',
    ]);
    const cmp = await cli(['compare', 'r1.json', 'r1-fixed.json', '--json']);
    expect(cmp.code).toBe(0);
    expect(cmp.out).toContain('"b"');
    const back = await cli(['compare', 'r1-fixed.json', 'r1.json', '--no-color']);
    expect(back.code).toBe(1); // b regressed
  });
});

describe("envtrace's own reports inside --gt-dir / --pred-dir", () => {
  /** Real outputs of envtrace: a batch's run report (pretty and compact) and one evaluation's --json. */
  async function reports(): Promise<{ run: string; compact: string; evaluation: string }> {
    writeTree(tmp.dir, { 'gt/a.json': scanTrace(4), 'pred/a.json': scanTrace(4) });
    const old = await cli([...BATCH_ARGS, '--out', 'old/envtrace-report.json', '--quiet']);
    expect(old.code).toBe(0);
    const run = readFileSync(path.join(tmp.dir, 'old/envtrace-report.json'), 'utf8');
    const single = await cli(['evaluate', '--gt', 'gt/a.json', '--pred', 'pred/a.json', '--json']);
    expect(single.code).toBe(0);
    // A batch of over PRETTY_MAX_PAIRS pairs writes compact JSON: the same keys, no spaces.
    return { run, compact: JSON.stringify(JSON.parse(run)), evaluation: single.out };
  }

  it('skips them, told by content whatever their name, with one warning line each; the run passes', async () => {
    const r = await reports();
    writeTree(tmp.dir, {
      'pred/envtrace-report.json': r.run,
      'pred/runs/monday.txt': r.compact,
      'gt/evaluation.json': r.evaluation,
      'gt/bom.json': `\uFEFF${r.run}`,
    });
    const run = await cli([...BATCH_ARGS, '--out', 'out.json', '--quiet']);
    expect(run.err).toBe(
      [
        'envtrace: warning: skipped gt/bom.json: an envtrace run report ("kind": "envtrace-run-report"), not a trace',
        'envtrace: warning: skipped gt/evaluation.json: the JSON report of an envtrace evaluation (--json / --out output), not a trace',
        'envtrace: warning: skipped pred/envtrace-report.json: an envtrace run report ("kind": "envtrace-run-report"), not a trace',
        'envtrace: warning: skipped pred/runs/monday.txt: an envtrace run report ("kind": "envtrace-run-report"), not a trace',
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(0);
    expect(report('out.json').tests.map((t) => t.file)).toEqual(['a']);
  });

  it('a report with the name of a trace of the other side fails that pair, saying it is a report', async () => {
    const r = await reports();
    writeTree(tmp.dir, {
      'gt/b.json': scanTrace(4),
      'pred/b.json': r.run,
      'pred/a.json': r.evaluation,
    });
    const run = await cli([...BATCH_ARGS, '--out', 'out.json', '--quiet']);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      [
        'envtrace: a: pred/a.json is the JSON report of an envtrace evaluation (--json / --out output), not a predicted trace; move it out of --pred-dir (or put the trace of that name there)',
        'envtrace: b: pred/b.json is an envtrace run report ("kind": "envtrace-run-report"), not a predicted trace; move it out of --pred-dir (or put the trace of that name there)',
        'envtrace: FAILED: 2 file errors · 2 of 2 tests failed · no gates configured',
        '',
      ].join('\n'),
    );
    // Never scored: no record for either pair.
    expect(report('out.json').tests.map((t) => [t.file, t.records.length])).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
  });

  it('a report beside a trace of its name (a.json and a.jsonl) is skipped: no name clash', async () => {
    const r = await reports();
    writeTree(tmp.dir, { 'pred/a.json': r.run, 'pred/a.jsonl': scanTraceJsonl(4) });
    const run = await cli([...BATCH_ARGS, '--quiet']);
    expect(run.err).toBe(
      'envtrace: warning: skipped pred/a.json: an envtrace run report ("kind": "envtrace-run-report"), not a trace\n',
    );
    expect(run.code).toBe(0);
  });
});

describe('reportSpace', () => {
  it('indents like the reporters up to PRETTY_MAX_PAIRS pairs, then writes compact JSON', () => {
    expect(reportSpace(1)).toBe(2);
    expect(reportSpace(PRETTY_MAX_PAIRS)).toBe(2);
    expect(reportSpace(PRETTY_MAX_PAIRS + 1)).toBe(0);
  });

  it('the written report is JSON.stringify(report, null, 2) of itself, drill-downs included', async () => {
    mixedTree();
    await cli([...BATCH_ARGS, '--out', 'r.json']);
    const text = readFileSync(path.join(tmp.dir, 'r.json'), 'utf8');
    const parsed = JSON.parse(text) as RunReport;
    expect(text).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
    expect(parsed.tests.find((t) => t.file === 'b')?.records[0]?.detail?.rows.differing).toBe(1);
    const json = await cli([...BATCH_ARGS, '--json']);
    expect(json.out).toBe(`${JSON.stringify(JSON.parse(json.out), null, 2)}\n`);
    expect(json.out.length).toBeGreaterThan(text.length / 2);
  });
});

describe('defaultJobs', () => {
  it('--jobs wins; without it a small batch runs in-process and a large one on every core', () => {
    expect(defaultJobs(3, 0, 8)).toBe(3);
    expect(defaultJobs(1, Number.POSITIVE_INFINITY, 8)).toBe(1);
    expect(defaultJobs(undefined, WORKERS_MIN_BYTES - 1, 8)).toBe(1);
    expect(defaultJobs(undefined, WORKERS_MIN_BYTES, 8)).toBe(8);
    expect(defaultJobs(undefined, Number.POSITIVE_INFINITY, 2)).toBe(2); // a size that is unknown
  });
});

describe('envtrace evaluate --help', () => {
  it('documents batch mode: the flags, the pairing rule and the exit codes', async () => {
    const r = await cli(['evaluate', '--help']);
    expect(r.code).toBe(0);
    for (const flag of [
      '--gt-dir DIR',
      '--pred-dir DIR',
      '--jobs N',
      '--min-mean-score X',
      '--min-pass-rate X',
      '--quiet',
    ])
      expect(r.out).toContain(flag);
    expect(r.out).toContain('same relative path without its extension');
    expect(r.out).toMatch(/1 a gate failed \(batch: a pair failed or could not be\s+evaluated/);
    expect(Math.max(...r.out.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
  });
});

describe('batch usage and input errors: one line, exit 2, nothing evaluated', () => {
  const cases: Array<[string, string[], Record<string, string>, string]> = [
    [
      '--gt mixed with --gt-dir',
      ['--gt', 'x.json', '--gt-dir', 'gt', '--pred-dir', 'pred'],
      {},
      'envtrace: --gt cannot be combined with --gt-dir/--pred-dir',
    ],
    [
      '--pred-dir missing',
      ['--gt-dir', 'gt'],
      {},
      "envtrace: missing --pred-dir (run 'envtrace help evaluate' for usage)",
    ],
    [
      'a batch option without batch mode',
      ['--gt', 'a.json', '--pred', 'b.json', '--jobs', '2'],
      {},
      'envtrace: --jobs is a batch option: it needs --gt-dir and --pred-dir',
    ],
    [
      '--jobs 0',
      ['--gt-dir', 'gt', '--pred-dir', 'pred', '--jobs', '0'],
      {},
      'envtrace: --jobs must be at least 1, got 0',
    ],
    [
      'a missing directory',
      ['--gt-dir', 'nope', '--pred-dir', 'pred'],
      { 'pred/a.json': '{}' },
      'envtrace: --gt-dir nope: no such file or directory',
    ],
    [
      'two traces with one name',
      ['--gt-dir', 'gt', '--pred-dir', 'pred'],
      { 'gt/a.json': '{}', 'gt/a.jsonl': '', 'pred/a.json': '{}' },
      'envtrace: --gt-dir gt: a.json and a.jsonl have the same name without their extension',
    ],
    [
      'no traces at all',
      ['--gt-dir', 'gt', '--pred-dir', 'pred'],
      { 'gt/x.md': '', 'pred/y.md': '' },
      'envtrace: no trace files in --gt-dir gt or --pred-dir pred',
    ],
    [
      'a bad config',
      ['--gt-dir', 'gt', '--pred-dir', 'pred', '--config', 'c.yaml'],
      { 'gt/a.json': '{}', 'pred/a.json': '{}', 'c.yaml': 'aligner: nope\n' },
      'c.yaml',
    ],
  ];
  it.each(cases)('%s', async (_name, args, files, expected) => {
    writeTree(tmp.dir, files);
    const r = await cli(['evaluate', ...args]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toContain(expected);
  });

  it('warns once of a config entry that names no channel in any pair, not of one some pair has', async () => {
    const ring = JSON.stringify({ events: [{ channel: 'ring', timestamp: 0, value: 400 }] });
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(2),
      'pred/a.json': scanTrace(2),
      'gt/b.json': ring,
      'pred/b.json': ring,
      'c.yaml': 'ignore_channels: [ring, detx]\ncomparators: {by_channel: {motr: {type: exact}}}\n',
    });
    const args = [
      'evaluate',
      '--gt-dir',
      'gt',
      '--pred-dir',
      'pred',
      '--config',
      'c.yaml',
      '--quiet',
    ];
    const r = await cli(args);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'envtrace: warning: c.yaml: ignore_channels[1] ("detx") names no channel of any of the 2 checks\' traces; did you mean "det"?\n' +
        'envtrace: warning: c.yaml: comparators.by_channel.motr names no channel of any of the 2 checks\' traces; did you mean "motor"?\n',
    );
    // Reference mode: no warning (its ring-only pair fails: nothing to time, B4).
    expect((await cli([...args, '--compat', 'reference'])).err).not.toContain('warning');
  });

  it('puts those warnings in the run report: each pair its own, the run each unused entry once', async () => {
    const ring = JSON.stringify({ events: [{ channel: 'ring', timestamp: 0, value: 400 }] });
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(2),
      'pred/a.json': scanTrace(2),
      'gt/b.json': ring,
      'pred/b.json': ring,
      'gt/c.json': scanTrace(3),
      'pred/c.json': scanTrace(3),
      'c.yaml': 'ignore_channels: [ring, detx]\ncomparators: {by_channel: {motr: {type: exact}}}\n',
    });
    const args = [...['evaluate', '--gt-dir', 'gt', '--pred-dir', 'pred', '--config', 'c.yaml']];
    const r = await cli([...args, '--out', 'run.json', '--no-color']);
    expect(r.code).toBe(0);
    const rep = report('run.json');
    // Each pair: the entries that named no channel of its traces (`ring` is pair b's).
    expect(
      rep.tests.map((t) => [t.file, t.records[0]!.config_warnings?.map((w) => w.entry)]),
    ).toEqual([
      [
        'a',
        [
          'ignore_channels[0] ("ring")',
          'ignore_channels[1] ("detx")',
          'comparators.by_channel.motr',
        ],
      ],
      ['b', ['ignore_channels[1] ("detx")', 'comparators.by_channel.motr']],
      [
        'c',
        [
          'ignore_channels[0] ("ring")',
          'ignore_channels[1] ("detx")',
          'comparators.by_channel.motr',
        ],
      ],
    ]);
    expect(rep.tests[1]!.records[0]!.config_warnings![0]).toEqual({
      code: 'unknown-channel-key',
      entry: 'ignore_channels[1] ("detx")',
      hint: 'the channels: "ring"',
      config: 'c.yaml',
    });
    // The run: each entry no pair used, once, in the first pair's words.
    expect(rep.summary.config_warnings).toEqual([
      {
        code: 'unknown-channel-key',
        entry: 'ignore_channels[1] ("detx")',
        hint: 'did you mean "det"?',
        config: 'c.yaml',
        checks: 3,
        message: `c.yaml: ignore_channels[1] ("detx") names no channel of any of the 3 checks' traces; did you mean "det"?`,
      },
      {
        code: 'unknown-channel-key',
        entry: 'comparators.by_channel.motr',
        hint: 'did you mean "motor"?',
        config: 'c.yaml',
        checks: 3,
        message: `c.yaml: comparators.by_channel.motr names no channel of any of the 3 checks' traces; did you mean "motor"?`,
      },
    ]);
    // The summary says each once, before the verdict.
    const lines = r.out.split('\n');
    const at = lines.findIndex((l) => l.startsWith('  Warnings'));
    expect(lines.slice(at, at + 3)).toMatchInlineSnapshot(`
      [
        "  Warnings  c.yaml: ignore_channels[1] ("detx") names no channel of any of the 3 checks' traces; did you mean "det"?",
        "            c.yaml: comparators.by_channel.motr names no channel of any of the 3 checks' traces; did you mean "motor"?",
        "  Verdict   PASSED: all 3 tests passed · no gates configured",
      ]
    `);
    // Shards: each says what its own pairs used; the merged report judges every pair again.
    for (const i of [1, 2])
      expect(
        (await cli([...args, '--quiet', '--shard', `${i}/2`, '--out', `s${i}.json`])).code,
      ).toBe(0);
    const shards = [report('s1.json'), report('s2.json')];
    expect(
      shards.map((x) => [
        x.tests.map((t) => t.file),
        x.summary.config_warnings?.map((w) => w.entry),
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          [
            "a",
            "c",
          ],
          [
            "ignore_channels[0] ("ring")",
            "ignore_channels[1] ("detx")",
            "comparators.by_channel.motr",
          ],
        ],
        [
          [
            "b",
          ],
          [
            "ignore_channels[1] ("detx")",
            "comparators.by_channel.motr",
          ],
        ],
      ]
    `);
    expect((await cli(['merge', 's1.json', 's2.json', '--out', 'm.json', '--quiet'])).code).toBe(0);
    expect(report('m.json').summary.config_warnings).toEqual(rep.summary.config_warnings);
    // Reference mode: none.
    expect(
      (await cli([...args, '--compat', 'reference', '--out', 'ref.json', '--quiet'])).code,
    ).toBe(1);
    expect(report('ref.json').summary.config_warnings).toBeUndefined();
  });

  it('a value problem found while scoring names the pair and the file, not its side', async () => {
    const trace = (current: unknown) =>
      JSON.stringify({ events: [{ channel: 'ring:current', timestamp: 0, value: current }] });
    writeTree(tmp.dir, {
      'gt/a.json': trace(400),
      'pred/a.json': trace('400.0'),
      'c.yaml': 'continuous_channels:\n  ring:current: {}\n',
    });
    const r = await cli([
      'evaluate',
      '--gt-dir',
      'gt',
      '--pred-dir',
      'pred',
      '--config',
      'c.yaml',
      '--quiet',
    ]);
    expect(r.err.split('\n')[0]).toBe(
      `envtrace: a: ${path.join(tmp.dir, 'pred/a.json')}: events[0].value: continuous channel "ring:current" needs numeric values, got "400.0"`,
    );
  });

  it('an unwritable --out is exit 2 after the run', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(2),
      'pred/a.json': scanTrace(2),
      blocker: 'a file',
    });
    const r = await cli([...BATCH_ARGS, '--out', 'blocker/r.json', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('blocker/r.json: cannot write the report');
  });
});

describe('runBatch on (stand-in) worker threads', () => {
  const base = (over: Partial<BatchRun>): BatchRun => ({
    gtDir: 'gt',
    predDir: 'pred',
    json: false,
    gates: {},
    quiet: true,
    colors: palette(false),
    createdAt: new Date(0),
    ...over,
  });
  const strip = (r: RunReport): unknown =>
    JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'duration_ms' ? null : v)));

  it('3 workers finishing out of order write the same report as --jobs 1', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 9; i++) {
      files[`gt/p${i}.json`] = scanTrace(5);
      files[`pred/p${i}.json`] = scanTrace(5 - (i % 3));
    }
    files['pred/p4.json'] = 'not json';
    writeTree(tmp.dir, files);
    const factory: WorkerFactory = (s) => new ChannelWorker(s, (job) => (9 - job.index) * 4);
    const io = captureIO(tmp.dir);
    expect(await runBatch(base({ jobs: 3, createWorker: factory, out: 'par.json' }), io)).toBe(1);
    expect(await runBatch(base({ jobs: 1, out: 'ser.json' }), captureIO(tmp.dir))).toBe(1);
    expect(strip(report('par.json'))).toEqual(strip(report('ser.json')));
    // Byte for byte (the workers' drill-downs are spliced in as text, indented in place).
    const text = (f: string) =>
      readFileSync(path.join(tmp.dir, f), 'utf8').replace(/"duration_ms": [^,\n]+/g, '');
    expect(text('par.json')).toBe(text('ser.json'));
    expect(text('par.json').match(/"detail": \{\n {12}"/g)).toHaveLength(8);
    // The failure sentence crosses the thread boundary with the record.
    expect(report('par.json').tests[1]!.records[0]!.failure).toMatch(
      /^Expected the received trace to behave like the golden trace, but score /,
    );
    expect(io.err()).toMatch(/^envtrace: p4: .*p4\.json/m);
  });

  it('a worker that crashes is an internal error: the report is still written, exit 70', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(3),
      'gt/b.json': scanTrace(3),
      'pred/a.json': scanTrace(3),
      'pred/b.json': scanTrace(3),
    });
    let n = 0;
    const factory: WorkerFactory = (s) => {
      const w = new ChannelWorker(s, () => 0);
      if (n++ === 0) {
        w.postMessage = () => setTimeout(() => w.emit('exit', 9), 0);
      }
      return w;
    };
    const io = captureIO(tmp.dir);
    expect(await runBatch(base({ jobs: 2, createWorker: factory, out: 'r.json' }), io)).toBe(70);
    expect(existsSync(path.join(tmp.dir, 'r.json'))).toBe(true);
    expect(io.err()).toContain('internal error: the worker thread exited (code 9)');
    expect(report('r.json').summary.tests).toMatchObject({ passed: 1, failed: 1 });
  });
});
