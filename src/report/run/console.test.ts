import { describe, it, expect } from 'vitest';
import { escapeMarkdown, formatConsoleSummary, formatMarkdownSummary, worstFirst, type RunColors } from './console.js';
import { buildRunReport } from './model.js';
import { scenario, rec } from './fixtures.test-helpers.js';

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
      'D throws', 'F sample 2', 'B two', 'F sample 3', 'A one', 'F sample 1', 'E differs',
    ]);
  });

  it('plain text (snapshot)', () => {
    expect(formatConsoleSummary(report)).toMatchSnapshot();
  });

  it('colours come from the injected functions only', () => {
    const out = formatConsoleSummary(report, { colors: TAGS, maxRows: 2 });
    expect(out).toContain('<red><b>FAILED (1 of 3 gates missed)</b></red>');
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
      tests: [{ file: '/proj/e.test.ts', name: evil, status: 'failed', durationMs: 1, attempts: 1, records: [rec('e.test.ts', evil, { pass: false })] }],
    });
    const out = formatConsoleSummary(r);
    expect(out).not.toContain('\u001b');
    expect(out).toContain('x\\x1b[2J\\nfake ✓');
    expect(out).toContain('bad\\x1b[31m\\r\\nline');
    expect(formatMarkdownSummary(r)).not.toContain('\u001b');
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
