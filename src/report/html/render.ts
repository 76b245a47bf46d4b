/**
 * The self-contained HTML run report: one file with inline CSS, JS and SVG, no network request of
 * any kind, readable from disk, light and dark.
 *
 * Security model: everything in a run report may come from generated code (test names, channels,
 * values). The report data is embedded as an inert JSON block with `<`, `>`, `&`, U+2028 and U+2029
 * escaped, so it can never close its `<script>` element; the page script builds the DOM with
 * `textContent` and plain attributes only. A Content-Security-Policy allows exactly the inline
 * script and stylesheet (by hash) and nothing else: no remote loads, no other scripts, no forms,
 * no frames, no `<base>`.
 */
import { createHash } from 'node:crypto';
import {
  COMPARE_LABEL,
  COMPARE_ORDER,
  countsText,
  pairedText,
  signedDelta,
  type CompareResult,
} from '../run/compare.js';
import type { RunReport } from '../run/schema.js';
import { REPORT_JS } from './client.js';
import { REPORT_CSS } from './style.js';

/** JSON for an HTML `<script type="application/json">` block: nothing in it can end the element. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for HTML element content or a double-quoted attribute. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The Content-Security-Policy of the report page. */
export function reportCsp(): string {
  return [
    "default-src 'none'",
    `script-src 'sha256-${sha256(REPORT_JS)}'`,
    `style-src 'sha256-${sha256(REPORT_CSS)}'`,
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ');
}

/** A baseline to show the run against: the result of `compareRunReports(baseline, report)`. */
export interface HtmlBaseline {
  /** What the baseline is called on the page (e.g. its file name). */
  readonly label: string;
  readonly comparison: CompareResult;
}

/** Options of `renderHtmlReport`. */
export interface HtmlReportOptions {
  /** Page title. @default "envtrace run report" */
  readonly title?: string;
  /** Show a baseline view: per-test deltas, new and fixed failures (the `envtrace compare` result). */
  readonly baseline?: HtmlBaseline;
}

/**
 * The baseline view's data: the comparison as `envtrace compare --json` gives it, its rows in the
 * order `envtrace compare` lists them (unchanged tests last), and the texts `envtrace compare`
 * prints, so the page shows the same words and numbers and computes nothing itself.
 */
export function baselineData(b: HtmlBaseline): unknown {
  const c = b.comparison;
  const rank = (k: CompareResult['rows'][number]['kind']): number => {
    const i = COMPARE_ORDER.indexOf(k);
    return i < 0 ? COMPARE_ORDER.length : i;
  };
  const rows = c.rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => rank(x.row.kind) - rank(y.row.kind) || x.i - y.i)
    .map(({ row }) => ({
      ...row,
      label: COMPARE_LABEL[row.kind],
      delta_text: signedDelta(row.delta),
    }));
  return {
    label: b.label,
    comparison: { ...c, rows },
    counts_text: countsText(c),
    paired_text: pairedText(c),
  };
}

/** Render a run report (as written by the reporters, `merge`, or the CLI) as one HTML page. */
export function renderHtmlReport(report: RunReport, options: HtmlReportOptions = {}): string {
  const title = options.title ?? 'envtrace run report';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(reportCsp())}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    '<main id="app"><noscript>This report needs JavaScript to draw its tables and plots; the data is in envtrace-report.json.</noscript></main>',
    `<script type="application/json" id="envtrace-data">${jsonForHtml(report)}</script>`,
    ...(options.baseline === undefined
      ? []
      : [
          `<script type="application/json" id="envtrace-baseline">${jsonForHtml(baselineData(options.baseline))}</script>`,
        ]),
    `<script>${REPORT_JS}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
