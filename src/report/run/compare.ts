/**
 * Comparing two run reports (baseline vs current) test by test: score deltas, new and fixed
 * failures, added and removed tests. A regression is a score drop beyond the tolerance or a
 * new failure; `envtrace compare` exits 1 when there is any.
 */
import { escapeForTerminal } from '../escape.js';
import { NO_COLORS, type RunColors } from './console.js';
import { testFigures } from './model.js';
import type { RunReport, RunTest, TestStatus } from './schema.js';

export type CompareKind =
  'regression' | 'new_failure' | 'fixed' | 'improvement' | 'unchanged' | 'added' | 'removed';

export interface CompareSide {
  readonly status: TestStatus;
  /** Mean full score over the test's samples; null when unscored. */
  readonly score: number | null;
}

export interface CompareRow {
  readonly file: string;
  readonly name: string;
  readonly baseline: CompareSide | null;
  readonly current: CompareSide | null;
  /** current − baseline score; null unless both are scored. */
  readonly delta: number | null;
  readonly kind: CompareKind;
}

export interface CompareResult {
  readonly tolerance: number;
  readonly rows: readonly CompareRow[];
  readonly regressions: number;
  readonly newFailures: number;
  readonly fixed: number;
  readonly improvements: number;
  readonly added: number;
  readonly removed: number;
  readonly meanScore: { readonly baseline: number | null; readonly current: number | null };
  readonly passRate: { readonly baseline: number | null; readonly current: number | null };
  /** True when a score dropped beyond the tolerance or a test newly failed. */
  readonly regressed: boolean;
}

/** Key of a test: file, name, and the occurrence index among equal names. */
function keyed(tests: readonly RunTest[]): Map<string, RunTest> {
  const seen = new Map<string, number>();
  const out = new Map<string, RunTest>();
  for (const t of tests) {
    const base = JSON.stringify([t.file, t.name]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(JSON.stringify([t.file, t.name, n]), t);
  }
  return out;
}

function side(t: RunTest | undefined): CompareSide | null {
  if (!t) return null;
  const fig = testFigures(t);
  // A test of `.not` checks only is not a sample: its score is shown, never compared.
  return { status: t.status, score: fig.negatedOnly ? null : fig.score };
}

/** Compare per test. Only tests with envtrace records, or failed tests, are compared. */
export function compareRunReports(
  baseline: RunReport,
  current: RunReport,
  options: { readonly tolerance?: number } = {},
): CompareResult {
  const tolerance = options.tolerance ?? 0;
  if (!(tolerance >= 0) || !Number.isFinite(tolerance))
    throw new RangeError(`tolerance must be a finite number ≥ 0, got ${tolerance}`);
  const relevant = (t: RunTest | undefined): boolean =>
    t !== undefined && (t.records.length > 0 || t.status === 'failed');
  const b = keyed(baseline.tests);
  const c = keyed(current.tests);
  const keys = [...new Set([...b.keys(), ...c.keys()])].sort();
  const rows: CompareRow[] = [];
  for (const key of keys) {
    const bt = b.get(key);
    const ct = c.get(key);
    if (!relevant(bt) && !relevant(ct)) continue;
    const bs = side(bt);
    const cs = side(ct);
    const ref = (ct ?? bt) as RunTest;
    const delta = bs?.score != null && cs?.score != null ? cs.score - bs.score : null;
    let kind: CompareKind;
    if (!bs || bs.status === 'skipped') kind = cs?.status === 'failed' ? 'new_failure' : 'added';
    else if (!cs || cs.status === 'skipped') kind = 'removed';
    else if (bs.status !== 'failed' && cs.status === 'failed') kind = 'new_failure';
    else if (bs.status === 'failed' && cs.status !== 'failed') kind = 'fixed';
    else if (delta !== null && delta < -tolerance) kind = 'regression';
    else if (delta !== null && delta > tolerance) kind = 'improvement';
    else kind = 'unchanged';
    rows.push({ file: ref.file, name: ref.name, baseline: bs, current: cs, delta, kind });
  }
  const count = (k: CompareKind): number => rows.filter((r) => r.kind === k).length;
  return {
    tolerance,
    rows,
    regressions: count('regression'),
    newFailures: count('new_failure'),
    fixed: count('fixed'),
    improvements: count('improvement'),
    added: count('added'),
    removed: count('removed'),
    meanScore: { baseline: baseline.summary.score.mean, current: current.summary.score.mean },
    passRate: {
      baseline: baseline.summary.pass_rate.rate,
      current: current.summary.pass_rate.rate,
    },
    regressed: count('regression') + count('new_failure') > 0,
  };
}

function f4(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : x.toFixed(4);
}
function signed(x: number | null): string {
  if (x === null) return '—';
  return `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;
}

const ORDER: readonly CompareKind[] = [
  'new_failure',
  'regression',
  'fixed',
  'improvement',
  'added',
  'removed',
];
const LABEL: Readonly<Record<CompareKind, string>> = {
  new_failure: 'new failure',
  regression: 'regression',
  fixed: 'fixed',
  improvement: 'improved',
  unchanged: 'unchanged',
  added: 'added',
  removed: 'removed',
};

/** Text output of `envtrace compare` (changed tests only; ends with a newline). */
export function formatComparison(r: CompareResult, colors: RunColors = NO_COLORS): string {
  const c = colors;
  const out: string[] = [];
  const paint = (k: CompareKind): ((s: string) => string) =>
    k === 'new_failure' || k === 'regression'
      ? c.red
      : k === 'fixed' || k === 'improvement'
        ? c.green
        : c.dim;
  for (const kind of ORDER) {
    for (const row of r.rows.filter((x) => x.kind === kind)) {
      const scores = `${f4(row.baseline?.score)} → ${f4(row.current?.score)} (${signed(row.delta)})`;
      const status = `${row.baseline?.status ?? '—'} → ${row.current?.status ?? '—'}`;
      out.push(
        `${paint(kind)(LABEL[kind].padEnd(11))}  ${scores}  ${status}  ${escapeForTerminal(`${row.file} › ${row.name}`)}`,
      );
    }
  }
  if (out.length === 0) out.push(c.dim('no per-test change'));
  out.push('');
  out.push(
    `mean score ${f4(r.meanScore.baseline)} → ${f4(r.meanScore.current)} · pass rate ${pct(r.passRate.baseline)} → ${pct(r.passRate.current)}`,
  );
  out.push(
    `${r.regressions} regression(s) beyond tolerance ${r.tolerance}, ${r.newFailures} new failure(s), ${r.fixed} fixed, ${r.improvements} improved, ${r.added} added, ${r.removed} removed`,
  );
  out.push(r.regressed ? c.red(c.bold('REGRESSED')) : c.green(c.bold('OK: no regression')));
  return `${out.join('\n')}\n`;
}

function pct(x: number | null): string {
  return x === null ? '—' : `${(x * 100).toFixed(1)}%`;
}
