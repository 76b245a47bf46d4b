import { describe, it, expect } from 'vitest';
import {
  escapeMarkdown,
  formatConsoleSummary,
  formatMarkdownSummary,
  passAtKText,
  verdictText,
  worstFirst,
  type RunColors,
} from './console.js';
import { buildRunReport } from './model.js';
import { scenario, rec } from './fixtures.test-helpers.js';
import {
  evaluateHalfMeasured,
  halfMeasuredRunReport,
  oneCheckRunReport,
  renamedRunReport,
} from '../unmeasured.test-helpers.js';

const TAGS: RunColors = {
  bold: (s) => `<b>${s}</b>`,
  dim: (s) => `<dim>${s}</dim>`,
  red: (s) => `<red>${s}</red>`,
  green: (s) => `<green>${s}</green>`,
  yellow: (s) => `<yellow>${s}</yellow>`,
  cyan: (s) => `<cyan>${s}</cyan>`,
};

describe('console summary', () => {
  const report = buildRunReport(scenario());

  it('worst tests first: unscored failures, then ascending score', () => {
    expect(worstFirst(report.tests).map((r) => r.test.name)).toEqual([
      'D throws',
      'F sample 2',
      'B two',
      'F sample 3',
      'A one',
      'F sample 1',
      'E differs',
    ]);
  });

  it('plain text (snapshot)', () => {
    expect(formatConsoleSummary(report)).toMatchSnapshot();
  });

  it('colours come from the injected functions only', () => {
    const out = formatConsoleSummary(report, { colors: TAGS, maxRows: 2 });
    expect(out).toContain(
      '<red><b>FAILED: 1 file error · 3 of 8 tests failed (1 skipped) · 1 of 3 gates missed</b></red>',
    );
    expect(out).toContain('<red>✗</red> <red>minMeanScore missed');
    expect(out).toContain('… 5 more');
    expect(out).not.toMatch(/\u001b\[/);
  });

  it('escapes control characters in test names and errors', () => {
    const base = scenario();
    const evil = 'x\u001b[2J\nfake ✓';
    const r = buildRunReport({
      ...base,
      files: [{ file: '/proj/e.test.ts', status: 'failed', errors: ['bad\u001b[31m\r\nline'] }],
      tests: [
        {
          file: '/proj/e.test.ts',
          name: evil,
          status: 'failed',
          durationMs: 1,
          attempts: 1,
          records: [rec('e.test.ts', evil, { pass: false })],
        },
      ],
    });
    const out = formatConsoleSummary(r);
    expect(out).not.toContain('\u001b');
    expect(out).toContain('x\\x1b[2J\\nfake ✓');
    expect(out).toContain('bad\\x1b[31m\\r\\nline');
    expect(formatMarkdownSummary(r)).not.toContain('\u001b');
  });
});

describe('console summary: long test names', () => {
  it('are cut in the middle, so tests of one describe block stay apart', () => {
    const base = scenario();
    const long = (end: string) =>
      `a describe block with a long name that fills the column › ${end}`;
    const r = buildRunReport({
      ...base,
      files: [],
      tests: ['reads the first value', 'reads the last value'].map((end) => ({
        file: '/proj/l.test.ts',
        name: long(end),
        status: 'passed' as const,
        durationMs: 1,
        attempts: 1,
        records: [rec('l.test.ts', long(end))],
      })),
    });
    const rows = formatConsoleSummary(r, { nameWidth: 40 })
      .split('\n')
      .filter((l) => l.includes('✓ l.test.ts'));
    expect(rows.map((l) => l.slice(l.indexOf('✓ ') + 2))).toEqual([
      'l.test.ts › a descri…ads the first value',
      'l.test.ts › a descri…eads the last value',
    ]);
  });
});

describe('verdict: tests and gates in words', () => {
  const base = scenario();
  const passing = base.tests.filter((t) => t.status !== 'failed');
  const text = (over: Partial<typeof base>) =>
    verdictText(buildRunReport({ ...base, ...over }).summary);

  it.each([
    [
      'tests failed, a gate missed',
      {},
      'FAILED: 1 file error · 3 of 8 tests failed (1 skipped) · 1 of 3 gates missed',
    ],
    [
      'tests failed, no gate',
      { config: {} },
      'FAILED: 1 file error · 3 of 8 tests failed (1 skipped) · no gates configured',
    ],
    [
      'tests failed, gates met',
      { files: [], config: { gates: { minMeanScore: 0.1 } } },
      'FAILED: 3 of 8 tests failed (1 skipped) · the only gate met',
    ],
    [
      'tests passed, a gate missed',
      { files: [], tests: passing, config: { gates: { minMeanScore: 0.95, minPassRate: 0.5 } } },
      'FAILED: all 5 tests passed (1 skipped) · 1 of 2 gates missed',
    ],
    [
      'tests passed, gates met',
      { files: [], tests: passing, config: { gates: { minMeanScore: 0.1, minPassRate: 0.5 } } },
      'PASSED: all 5 tests passed (1 skipped) · all 2 gates met',
    ],
    [
      'tests passed, no gate',
      { files: [], tests: passing, config: {} },
      'PASSED: all 5 tests passed (1 skipped) · no gates configured',
    ],
    [
      'nothing ran',
      { files: [], tests: [], config: {} },
      'PASSED: no test ran · no gates configured',
    ],
  ])('%s', (_, over, expected) => {
    expect(text(over)).toBe(expected);
  });

  it('the Markdown verdict never says PASSED for a run with failed tests', () => {
    const md = formatMarkdownSummary(
      buildRunReport({ ...base, files: [], config: { gates: { minMeanScore: 0.1 } } }),
    );
    expect(md).toContain(
      '**Verdict:** ❌ FAILED: 3 of 8 tests failed (1 skipped) · the only gate met',
    );
    expect(md).not.toContain('PASSED');
  });
});

describe('a run without samples', () => {
  it('says so instead of counting empty tasks or printing pass@k', () => {
    const base = scenario();
    const out = formatConsoleSummary(
      buildRunReport({
        ...base,
        files: [],
        tests: base.tests.filter((t) => t.records.length === 0),
        config: {},
      }),
    );
    expect(out).toContain('  Samples   none\n');
    expect(out).not.toContain('pass@');
    expect(out).toContain(
      'Verdict   FAILED: 1 of 2 tests failed (1 skipped) · no gates configured',
    );
  });
});

describe('pass@k in words', () => {
  it.each([
    [
      { k: 1, tasks: 5, skipped_tasks: 0, pass_at_k: 0.6, pass_hat_k: 0.6 },
      'pass@1 60.0% · pass^1 60.0% over 5 tasks',
    ],
    [
      { k: 2, tasks: 1, skipped_tasks: 4, pass_at_k: 1, pass_hat_k: 0.5 },
      'pass@2 100.0% · pass^2 50.0% over 1 of 5 tasks (those with ≥ 2 samples)',
    ],
    [
      { k: 5, tasks: 0, skipped_tasks: 5, pass_at_k: null, pass_hat_k: null },
      'pass@5 — (no task has ≥ 5 samples)',
    ],
  ])('%j', (entry, expected) => {
    expect(passAtKText(entry)).toBe(expected);
  });
});

describe('markdown summary', () => {
  it('table, statistics and verdict (snapshot)', () => {
    expect(formatMarkdownSummary(buildRunReport(scenario()))).toMatchSnapshot();
  });

  it('escapes table-breaking characters', () => {
    expect(escapeMarkdown('a|b <script> *x*')).toBe('a\\|b \\<script\\> \\*x\\*');
  });
});

describe('run summaries of metrics that were not measured', () => {
  const LEGEND =
    'n/m = not measured (timing: no matching PV/value pairs for timing evaluation · continuous: stage:temp: one empty)';

  it('default mode: the console row shows n/m for timing, explained under the table', () => {
    const lines = formatConsoleSummary(renamedRunReport('default')).split('\n');
    const row = lines.find((l) => l.includes('renamed PVs'));
    expect(row).toMatch(/^ {2}0\.0000 {4}0\/1 {4}0\.00 {5}n\/m {5}n\/m {4}0\.00 {4}1 {2}✗ /);
    expect(lines[lines.indexOf(row!) + 1]).toBe(`  ${LEGEND}`);
  });

  it('default mode: the Markdown row too', () => {
    const md = formatMarkdownSummary(renamedRunReport('default'));
    expect(md).toContain('| 0.0000 | 0/1 | 0.00 | n/m | n/m | 0.00 | 1 |');
    expect(md).toContain(`_${escapeMarkdown(LEGEND)}_`);
  });

  it('reference mode: the stand-in score, no legend', () => {
    const text = formatConsoleSummary(renamedRunReport('reference'));
    expect(text).not.toContain('n/m');
    expect(text).toMatch(/ {2}0\.0000 {4}0\/1 {4}0\.00 {4}0\.00 {4}0\.00 {4}1\.00 /);
  });
});

describe('run summaries of a metric measured only in part', () => {
  const LEGEND =
    '* = partly measured, stand-ins in the mean (continuous: 1 of 2 channels not measured: stage:rh (one empty))';

  it('default mode: the console cell is marked, explained under the table (snapshot)', () => {
    const text = formatConsoleSummary(halfMeasuredRunReport('default'));
    const lines = text.split('\n');
    const row = lines.find((l) => l.includes('half measured'));
    expect(row).toMatch(/^ {2}0\.9000 {4}0\/1 {4}1\.00 {5}n\/m {3}0\.50\* {4}1\.00 {4}1 {2}✗ /);
    expect(lines.slice(lines.indexOf(row!) + 1, lines.indexOf(row!) + 3)).toEqual([
      '  n/m = not measured (timing: no discrete events to time)',
      `  ${LEGEND}`,
    ]);
    expect(text).toMatchSnapshot();
  });

  it('default mode: the Markdown cell and legend too (snapshot)', () => {
    const md = formatMarkdownSummary(halfMeasuredRunReport('default'));
    expect(md).toContain('| 0.9000 | 0/1 | 1.00 | n/m | 0.50\\* | 1.00 | 1 |');
    expect(md).toContain(`_${escapeMarkdown(LEGEND)}_`);
    expect(md).toMatchSnapshot();
  });

  it('reference mode: the mean, no mark, no legend', () => {
    const text = formatConsoleSummary(halfMeasuredRunReport('reference'));
    expect(text).not.toContain('*');
    expect(text).toMatch(/ {2}0\.7000 {4}0\/1 {4}1\.00 {4}0\.00 {4}0\.50 {4}1\.00 /);
  });

  it('a hostile channel name stays text in the console and the Markdown', () => {
    const evil = 'rh\u001b[2J|<img src=x onerror=alert(1)>*';
    const result = evaluateHalfMeasured('default', evil);
    const report = oneCheckRunReport(result, 'src/evil.test.ts', 'evil channel');
    const text = formatConsoleSummary(report);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('rh\\x1b[2J|<img src=x onerror=alert(1)>* (one empty)');
    const md = formatMarkdownSummary(report);
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).toContain(String.raw`rh\\x1b\[2J\|\<img src=x onerror=alert\(1\)\>\* \(one empty\)`);
  });
});
