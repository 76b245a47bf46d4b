/**
 * Comparing two run reports (baseline vs current) test by test: score deltas, new and fixed
 * failures, added and removed tests. A regression is a score drop beyond the tolerance (default
 * 0.005: run-to-run timing jitter moves scores by 10^-4) or a new failure (pass → fail always
 * counts); `envtrace compare` exits 1 when there is any.
 *
 * Over the run as a whole, a paired test over the tests scored in both: a two-sided exact sign
 * test on the tests that moved beyond the tolerance (changes within it are ties), and the mean
 * paired Δ with a seeded bootstrap 95% interval. The run regressed (significantly) when more
 * tests got worse than better with p < 0.05.
 */
import { escapeForTerminal } from '../escape.js';
import { NO_COLORS, type RunColors } from './console.js';
import { testFigures } from './model.js';
import type { RunReport, RunTest, TestStatus } from './schema.js';
import { bootstrapMeanInterval, signTestPValue } from './stats.js';

/** Default allowed score drop per test before it counts as a regression. */
export const DEFAULT_COMPARE_TOLERANCE = 0.005;
/** Significance level of the paired test. */
export const COMPARE_ALPHA = 0.05;

/** The paired test over the tests scored in both runs. */
export interface PairedComparison {
  /** Tests scored in both runs. */
  readonly n: number;
  /** Tests whose score dropped by more than the tolerance. */
  readonly worse: number;
  /** Tests whose score rose by more than the tolerance. */
  readonly better: number;
  /** Tests whose score moved by at most the tolerance (ties of the sign test). */
  readonly ties: number;
  /** Two-sided exact sign test over worse vs better. */
  readonly p_value: number;
  /** Mean of current − baseline over the n tests; null when n = 0. */
  readonly mean_delta: number | null;
  /** Seeded percentile-bootstrap 95% interval of the mean Δ; null when n < 2. */
  readonly ci95: readonly [number, number] | null;
  /** `regressed` / `improved` when the sign test is significant at 0.05, else `no_change`. */
  readonly verdict: 'regressed' | 'improved' | 'no_change';
}

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
  /**
   * True when a score dropped beyond the tolerance or a test newly failed (gate `'significant'`:
   * a test newly failed or the run as a whole regressed).
   */
  readonly regressed: boolean;
  /** The run as a whole: the paired test over the matched tests. */
  readonly paired: PairedComparison;
}

/** The paired test over the deltas of the tests scored in both runs (see the module comment). */
export function pairedComparison(deltas: readonly number[], tolerance: number): PairedComparison {
  let worse = 0;
  let better = 0;
  for (const d of deltas) {
    if (d < -tolerance) worse++;
    else if (d > tolerance) better++;
  }
  const n = deltas.length;
  const p = signTestPValue(worse, better);
  const ci = bootstrapMeanInterval(deltas);
  return {
    n,
    worse,
    better,
    ties: n - worse - better,
    p_value: p,
    mean_delta: n ? deltas.reduce((a, b) => a + b, 0) / n : null,
    ci95: ci ? [ci[0], ci[1]] : null,
    verdict:
      p < COMPARE_ALPHA && worse > better
        ? 'regressed'
        : p < COMPARE_ALPHA && better > worse
          ? 'improved'
          : 'no_change',
  };
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
  options: {
    readonly tolerance?: number;
    /**
     * What `regressed` means: `'per-test'` — a score drop beyond the tolerance or a new failure;
     * `'significant'` — a new failure, or the paired test says the run regressed.
     * @default 'per-test'
     */
    readonly gate?: 'per-test' | 'significant';
  } = {},
): CompareResult {
  const tolerance = options.tolerance ?? DEFAULT_COMPARE_TOLERANCE;
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
  const paired = pairedComparison(
    rows
      .filter((r) => r.delta !== null && r.kind !== 'added' && r.kind !== 'removed')
      .map((r) => r.delta!),
    tolerance,
  );
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
    regressed:
      options.gate === 'significant'
        ? count('new_failure') > 0 || paired.verdict === 'regressed'
        : count('regression') + count('new_failure') > 0,
    paired,
  };
}

function f4(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : x.toFixed(4);
}
/** A score delta with its sign, 4 decimals (a change too small for them keeps its digits). */
export function signedDelta(x: number | null): string {
  if (x === null) return '—';
  // A change too small for 4 decimals keeps its digits (never "+0.0000" for a real change).
  const text = x !== 0 && Math.abs(x) < 5e-5 ? x.toExponential(1) : x.toFixed(4);
  return `${x >= 0 ? '+' : ''}${text}`;
}

function pValue(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** `run as a whole: no significant change (sign test: 2 worse, 1 better, 49 within ±0.005; p 1.000) · mean Δ −0.0003 [95% CI …]` */
export function pairedText(r: CompareResult): string {
  const p = r.paired;
  if (p.n === 0) return 'run as a whole: no test scored in both runs';
  const words =
    p.verdict === 'regressed'
      ? 'REGRESSED (significant)'
      : p.verdict === 'improved'
        ? 'improved (significant)'
        : 'no significant change';
  const ci = p.ci95 ? ` [95% CI ${signedDelta(p.ci95[0])}, ${signedDelta(p.ci95[1])}]` : '';
  return (
    `run as a whole: ${words} (paired sign test over ${p.n} tests: ${p.worse} worse, ${p.better} better, ` +
    `${p.ties} within ±${r.tolerance}; p ${pValue(p.p_value)}) · mean Δ ${signedDelta(p.mean_delta)}${ci}`
  );
}

/** The order changed tests are listed in (unchanged tests are not listed by `envtrace compare`). */
export const COMPARE_ORDER: readonly CompareKind[] = [
  'new_failure',
  'regression',
  'fixed',
  'improvement',
  'added',
  'removed',
];
/** What each kind of change is called. */
export const COMPARE_LABEL: Readonly<Record<CompareKind, string>> = {
  new_failure: 'new failure',
  regression: 'regression',
  fixed: 'fixed',
  improvement: 'improved',
  unchanged: 'unchanged',
  added: 'added',
  removed: 'removed',
};

/** `1 regression(s) beyond tolerance 0.005, 1 new failure(s), 1 fixed, 0 improved, 0 added, 0 removed` */
export function countsText(r: CompareResult): string {
  return `${r.regressions} regression(s) beyond tolerance ${r.tolerance}, ${r.newFailures} new failure(s), ${r.fixed} fixed, ${r.improvements} improved, ${r.added} added, ${r.removed} removed`;
}

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
  for (const kind of COMPARE_ORDER) {
    for (const row of r.rows.filter((x) => x.kind === kind)) {
      const scores = `${f4(row.baseline?.score)} → ${f4(row.current?.score)} (${signedDelta(row.delta)})`;
      const status = `${row.baseline?.status ?? '—'} → ${row.current?.status ?? '—'}`;
      out.push(
        `${paint(kind)(COMPARE_LABEL[kind].padEnd(11))}  ${scores}  ${status}  ${escapeForTerminal(`${row.file} › ${row.name}`)}`,
      );
    }
  }
  if (out.length === 0) out.push(c.dim('no per-test change'));
  out.push('');
  out.push(
    `mean score ${f4(r.meanScore.baseline)} → ${f4(r.meanScore.current)} · pass rate ${pct(r.passRate.baseline)} → ${pct(r.passRate.current)}`,
  );
  out.push(countsText(r));
  const paired = pairedText(r);
  out.push(r.paired.verdict === 'regressed' ? c.red(paired) : paired);
  out.push(r.regressed ? c.red(c.bold('REGRESSED')) : c.green(c.bold('OK: no regression')));
  return `${out.join('\n')}\n`;
}

function pct(x: number | null): string {
  return x === null ? '—' : `${(x * 100).toFixed(1)}%`;
}
