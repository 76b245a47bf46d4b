import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../../trajectory/index.js';
import { matchVerdict } from '../../transport/trajectory.js';
import { buildRunReport } from '../run/model.js';
import { scenario } from '../run/fixtures.test-helpers.js';
import { REPORT_JS } from './client.js';
import { compareRunReports } from '../run/compare.js';
import { baselineData, escapeHtml, jsonForHtml, renderHtmlReport, reportCsp } from './render.js';
import { REPORT_CSS } from './style.js';

describe('jsonForHtml', () => {
  it('cannot end its script element, and parses back to the same value', () => {
    const value = {
      name: '</script><script>alert(1)</script>',
      amp: 'a & b',
      ls: 'x\u2028y\u2029z',
      cmt: '<!-- -->',
    };
    const text = jsonForHtml(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderHtmlReport', () => {
  const report = buildRunReport(scenario());
  const html = renderHtmlReport(report, { title: 'Run <1>' });

  it('is one self-contained page: inline style and script, the data block, a CSP allowing only them', () => {
    const sha = (s: string) => createHash('sha256').update(s).digest('base64');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<style>${REPORT_CSS}</style>`);
    expect(html).toContain(`<script>${REPORT_JS}</script>`);
    expect(reportCsp()).toContain(`script-src 'sha256-${sha(REPORT_JS)}'`);
    expect(reportCsp()).toContain(`style-src 'sha256-${sha(REPORT_CSS)}'`);
    expect(reportCsp()).toMatch(/^default-src 'none'/);
    expect(html).toContain('<title>Run &lt;1&gt;</title>');
    // Nothing is loaded from anywhere: no src/href attributes, no URLs in the page script.
    expect(html).not.toMatch(/\s(src|href)=/);
    expect(REPORT_JS.replaceAll("'http://www.w3.org/2000/svg'", '')).not.toMatch(/https?:\/\//); // the SVG namespace is a name, not a request
    const data = /<script type="application\/json" id="envtrace-data">(.*)<\/script>/.exec(html);
    expect(JSON.parse(data![1]!)).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('builds the DOM without HTML parsing of data', () => {
    for (const sink of [
      'innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
      'document.write',
      'eval(',
      'new Function',
      "setAttribute('on",
    ]) {
      expect(REPORT_JS).not.toContain(sink);
    }
  });

  it('the page script has no template placeholders or backticks (it is shipped as written)', () => {
    expect(REPORT_JS).not.toContain('${');
    expect(REPORT_JS).not.toContain('`');
  });

  it('the page script parses (it is shipped as written, never transpiled)', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- parsed only, never called
    expect(() => new Function(REPORT_JS)).not.toThrow();
  });

  it('trajectory verdicts reach the page as inert data (a hostile metric name or call result cannot end the script)', () => {
    const input = scenario();
    const first = input.tests[0]!;
    const hostile = '</script><img src=x onerror=alert(1)>';
    const tests = [
      {
        ...first,
        records: [
          {
            ...first.records[0]!,
            v: 2 as const,
            trajectory: [
              {
                check: 'metric' as const,
                metric: hostile,
                pass: false,
                distance: { scheme: 'in_order' as const, distance: 1, max: 4, score: 0.75 },
              },
              // What a call returned comes from the code under test.
              matchVerdict(
                matchTrajectory(
                  [{ name: 'book' }],
                  [{ name: 'book' }, { name: 'book', result: hostile }],
                  { mode: 'subset' },
                ),
                { mode: 'subset' },
              ),
            ],
          },
        ],
      },
      ...input.tests.slice(1),
    ];
    const page = renderHtmlReport(buildRunReport({ ...input, tests }));
    expect(page).not.toContain(hostile);
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    const data = /<script type="application\/json" id="envtrace-data">(.*)<\/script>/.exec(page);
    const parsed = JSON.parse(data![1]!) as {
      summary: { trajectory?: unknown };
      tests: Array<{ records: Array<{ trajectory?: Array<{ metric?: string }> }> }>;
    };
    expect(parsed.tests[0]!.records[0]!.trajectory![0]!.metric).toBe(hostile);
    expect(parsed.tests[0]!.records[0]!.trajectory![1]).toMatchObject({
      issues: [{ side: 'call', index: 1, result: JSON.stringify(hostile) }],
    });
    expect(parsed.summary.trajectory).toEqual({
      checks: 2,
      passed: 0,
      rate: 0,
      distance: { checks: 1, distance: 1, max: 4, ratio: 0.25, score: 0.75 },
    });
    expect(REPORT_JS).toContain("'trajectory-verdict'");
  });
});

describe('the baseline view', () => {
  const hostile = '</script><img src=x onerror=alert(1)>';
  const input = scenario();
  const current = buildRunReport(input);
  // The baseline: "B two" passed there (a new failure now), "F sample 2" passed (another), and a
  // test only the baseline had, named with markup.
  const baseline = buildRunReport({
    ...input,
    tests: [
      ...input.tests.map((t) =>
        t.name === 'B two' || t.name === 'F sample 2'
          ? {
              ...t,
              status: 'passed' as const,
              records: t.records.map((r) => ({ ...r, pass: true })),
            }
          : t,
      ),
      { ...input.tests[0]!, name: hostile },
    ],
  });
  const comparison = compareRunReports(baseline, current);

  it('carries the compare result with its rows in envtrace compare order and its texts', () => {
    const data = baselineData({ label: 'base.json', comparison }) as {
      comparison: {
        rows: Array<{ kind: string; name: string; label: string; delta_text: string }>;
      };
      counts_text: string;
      paired_text: string;
    };
    expect(data.comparison.rows.map((r) => [r.kind, r.name])).toEqual([
      ['new_failure', 'B two'],
      ['new_failure', 'F sample 2'],
      ['removed', hostile],
      ['unchanged', 'A one'],
      ['unchanged', 'D throws'],
      ['unchanged', 'E differs'],
      ['unchanged', 'F sample 1'],
      ['unchanged', 'F sample 3'],
    ]);
    expect(data.comparison.rows[0]).toMatchObject({ label: 'new failure', delta_text: '+0.0000' });
    expect(data.counts_text).toBe(
      '0 regression(s) beyond tolerance 0.005, 2 new failure(s), 0 fixed, 0 improved, 0 added, 1 removed',
    );
    expect(data.paired_text).toMatch(/^run as a whole: no significant change \(paired sign test/);
  });

  it('is a second inert data block, only when asked for', () => {
    const page = renderHtmlReport(current, { baseline: { label: hostile, comparison } });
    expect(page).not.toContain(hostile);
    expect(page.match(/<\/script>/g)).toHaveLength(3);
    const block = /<script type="application\/json" id="envtrace-baseline">(.*)<\/script>/.exec(
      page,
    );
    expect(JSON.parse(block![1]!)).toEqual(
      JSON.parse(JSON.stringify(baselineData({ label: hostile, comparison }))),
    );
    expect(renderHtmlReport(current)).not.toContain('envtrace-baseline"');
  });
});
