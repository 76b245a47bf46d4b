/**
 * Human-readable run summaries: a console block (after the runner's own output) and a
 * Markdown block for `GITHUB_STEP_SUMMARY`. Pure: colours are injected (picocolors'
 * `createColors(enabled)` fits {@link RunColors}); every untrusted string (test and file
 * names, error messages) is escaped before it is shown.
 */
import { escapeForTerminal, pad, truncate, truncateMiddle } from '../escape.js';
import { isScored, testFigures, type TestFigures } from './model.js';
import type { GateResult, PassAtKEntry, RunReport, RunSummary, RunTest } from './schema.js';
import { trajectorySummaryText } from './trajectory.js';
import { plural } from '../verdict.js';

type Fmt = (s: string) => string;

/** The colour functions used; `createColors(enabled)` from picocolors satisfies it. */
export interface RunColors {
  readonly bold: Fmt;
  readonly dim: Fmt;
  readonly red: Fmt;
  readonly green: Fmt;
  readonly yellow: Fmt;
  readonly cyan: Fmt;
}

/** Colour functions that add nothing (for tests, files, non-TTY output). */
export const NO_COLORS: RunColors = { bold: id, dim: id, red: id, green: id, yellow: id, cyan: id };
function id(s: string): string {
  return s;
}

export interface ConsoleSummaryOptions {
  readonly colors?: RunColors;
  /** Rows in the per-test table (worst first). @default 20 */
  readonly maxRows?: number;
  /** Width of the test-name column, in characters. @default 60 */
  readonly nameWidth?: number;
}

/** The four built-in metrics shown as columns, with their headers. */
const METRIC_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['discrete', 'Disc'],
  ['timing', 'Timing'],
  ['continuous', 'Cont'],
  ['structure', 'Struct'],
];

interface Row {
  readonly test: RunTest;
  readonly fig: TestFigures;
}

/**
 * Tests shown in the table: those with envtrace records, and failed tests without any
 * (an envtrace check may have crashed before its matcher ran). Worst first: unscored failures,
 * then by ascending score, then unscored passes; failed before passed on equal scores; then
 * file and name.
 */
export function worstFirst(tests: readonly RunTest[]): Row[] {
  const rows = tests
    .filter((t) => t.records.length > 0 || t.status === 'failed')
    .map((test) => ({ test, fig: testFigures(test) }));
  // Unscored failures first; tests of `.not` checks only last (a low score is what they assert),
  // failed ones before passed ones; unscored passes last.
  const rank = (r: Row): number =>
    r.fig.negatedOnly
      ? r.test.status === 'failed'
        ? 1.5
        : 2
      : r.fig.score !== null
        ? r.fig.score
        : r.test.status === 'failed'
          ? -1
          : 2;
  return rows.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(b.test.status === 'failed') - Number(a.test.status === 'failed') ||
      (a.test.file < b.test.file ? -1 : a.test.file > b.test.file ? 1 : 0) ||
      (a.test.name < b.test.name ? -1 : a.test.name > b.test.name ? 1 : 0),
  );
}

function f4(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : x.toFixed(4);
}
function f2(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : x.toFixed(2);
}
/** Cell text of a metric that no record of the test measured (explained by `unmeasuredLegend`). */
const NOT_MEASURED_CELL = 'n/m';

/** Mark after a per-test mean that holds stand-ins (explained by `partlyMeasuredLegend`). */
const PARTLY_MEASURED_MARK = '*';

/**
 * A per-test metric cell: its mean score (`0.50*` when it holds stand-ins for what was not
 * measured), or `n/m` when no record of the test measured it.
 */
function metricCell(fig: TestFigures, name: string): string {
  if (fig.unmeasured[name] !== undefined) return NOT_MEASURED_CELL;
  const mark = fig.partlyMeasured[name] !== undefined ? PARTLY_MEASURED_MARK : '';
  return `${f2(fig.metrics[name])}${mark}`;
}

/**
 * What `n/m` means in the rows shown, with each metric's reason(s):
 * `n/m = not measured (timing: no matching PV/value pairs for timing evaluation)`; none when no
 * row has one. Raw text: the caller escapes it (a user metric's reason is untrusted).
 */
function unmeasuredLegend(rows: readonly Row[]): string | undefined {
  const why = new Map<string, Set<string>>();
  for (const { fig } of rows) {
    for (const [name] of METRIC_COLUMNS) {
      const reason = fig.unmeasured[name];
      if (reason === undefined) continue;
      if (!why.has(name)) why.set(name, new Set());
      why.get(name)!.add(reason);
    }
  }
  if (why.size === 0) return undefined;
  const parts = [...why].map(([name, reasons]) => `${name}: ${[...reasons].join('; ')}`);
  return `${NOT_MEASURED_CELL} = not measured (${parts.join(' · ')})`;
}

/**
 * What `*` means in the rows shown: `* = partly measured, stand-ins in the mean (continuous: 1 of 2
 * channels not measured: stage:rh (one empty))`; none when no row has one. Raw text: the caller
 * escapes it (channel names and reasons are untrusted).
 */
function partlyMeasuredLegend(rows: readonly Row[]): string | undefined {
  const notes = new Map<string, string[]>();
  for (const { fig } of rows) {
    for (const [name] of METRIC_COLUMNS) {
      for (const note of fig.partlyMeasured[name] ?? []) {
        const list = notes.get(name) ?? [];
        if (!list.includes(note)) list.push(note);
        notes.set(name, list);
      }
    }
  }
  if (notes.size === 0) return undefined;
  const parts = [...notes].map(([name, list]) => `${name}: ${list.join('; ')}`);
  return `${PARTLY_MEASURED_MARK} = partly measured, stand-ins in the mean (${parts.join(' · ')})`;
}

function pct(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : `${(x * 100).toFixed(1)}%`;
}

/** `file › name`, escaped for a terminal. */
export function testLabel(t: Pick<RunTest, 'file' | 'name'>): string {
  return escapeForTerminal(`${t.file} › ${t.name}`);
}

function accuracyCell(fig: TestFigures): string {
  if (fig.samples === 0) return '—';
  const n = Math.round((fig.accuracy ?? 0) * fig.samples);
  return `${n}/${fig.samples}`;
}

function statusMark(t: RunTest, c: RunColors): string {
  if (t.status === 'passed') return c.green('✓');
  if (t.status === 'failed') return c.red('✗');
  return c.dim('○');
}

function scoreColor(x: number | null, c: RunColors): Fmt {
  if (x === null) return c.red;
  if (x >= 0.9) return c.green;
  if (x >= 0.6) return c.yellow;
  return c.red;
}

/** One pass@k entry in words: the values and over how many tasks (those with ≥ k samples). */
export function passAtKText(e: PassAtKEntry): string {
  if (e.pass_at_k === null || e.pass_hat_k === null)
    return `pass@${e.k} — (no task has ≥ ${e.k} samples)`;
  const total = e.tasks + e.skipped_tasks;
  const over =
    e.skipped_tasks === 0
      ? `over ${plural(e.tasks, 'task')}`
      : `over ${e.tasks} of ${plural(total, 'task')} (those with ≥ ${e.k} samples)`;
  return `pass@${e.k} ${pct(e.pass_at_k)} · pass^${e.k} ${pct(e.pass_hat_k)} ${over}`;
}

/**
 * The pass@k lines, one per k; the k values no task has enough samples for (the largest ones)
 * share one line: `pass@5 · pass@10 — (no task has ≥ 5 samples)`.
 */
function passAtKLines(entries: readonly PassAtKEntry[]): string[] {
  const undefinedKs = entries.filter((e) => e.pass_at_k === null || e.pass_hat_k === null);
  const lines = entries.filter((e) => !undefinedKs.includes(e)).map(passAtKText);
  if (undefinedKs.length > 0)
    lines.push(
      `${undefinedKs.map((e) => `pass@${e.k}`).join(' · ')} — (no task has ≥ ${undefinedKs[0]!.k} samples)`,
    );
  return lines;
}

/**
 * The statistics shared by the console and Markdown output: a label and its lines (colours
 * applied; several lines for pass@k, one per k).
 */
function statsLines(s: RunSummary, c: RunColors): Array<[string, string[]]> {
  const lines: Array<[string, string[]]> = [];
  lines.push([
    'Tests',
    [
      `${c.green(`${s.tests.passed} passed`)} · ${s.tests.failed ? c.red(`${s.tests.failed} failed`) : '0 failed'} · ${s.tests.skipped} skipped (${s.tests.total}) · ${s.tests.with_records} with envtrace records`,
    ],
  ]);
  if (s.files.failed)
    lines.push(['Files', [`${s.files.total} · ${c.red(`${s.files.failed} failed`)}`]]);
  const negated = s.records.negated
    ? ` (${plural(s.records.negated, 'negated call')} not counted)`
    : '';
  const repeated = s.tasks.repeated
    ? `${plural(s.tasks.repeated, 'task')} with ≥ 2 samples`
    : 'no task with ≥ 2 samples';
  lines.push([
    'Samples',
    [
      s.records.samples === 0
        ? `none${negated}`
        : `${s.records.samples}${negated} in ${plural(s.tasks.total, 'task')} · ${repeated}`,
    ],
  ]);
  const missing = s.records.missing_goldens ?? 0;
  const writes = s.records.golden_writes ?? 0;
  if (missing || writes) {
    const bits: string[] = [];
    if (missing) bits.push(c.red(`${missing} missing (failed, no score)`));
    if (writes) bits.push(`${writes} written or updated (passed, not in the score)`);
    lines.push(['Goldens', [bits.join(' · ')]]);
  }
  const sc = s.score;
  lines.push([
    'Score',
    [
      sc.n === 0
        ? `— (no scored sample${sc.nan_count ? `; ${sc.nan_count} NaN` : ''})`
        : `mean ${scoreColor(sc.mean, c)(f4(sc.mean))}${sc.ci95 ? ` · bootstrap 95% CI [${f4(sc.ci95[0])}, ${f4(sc.ci95[1])}]` : ''}` +
          `${sc.std !== null ? ` · sd ${f4(sc.std)}` : ''} · min ${f4(sc.min)} · max ${f4(sc.max)} · n ${sc.n}${sc.nan_count ? ` · ${sc.nan_count} NaN` : ''}`,
    ],
  ]);
  const pr = s.pass_rate;
  lines.push([
    'Pass rate',
    [
      pr.n === 0
        ? '—'
        : `${pct(pr.rate)} (${pr.passed}/${pr.n})${pr.ci95 ? ` · Wilson 95% CI [${pct(pr.ci95[0])}, ${pct(pr.ci95[1])}]` : ''}`,
    ],
  ]);
  if (s.records.samples > 0 && s.pass_at_k.length)
    lines.push(['pass@k', passAtKLines(s.pass_at_k)]);
  if (s.trajectory) {
    const t = s.trajectory;
    lines.push(['Tool use', [trajectorySummaryText(t, t.passed === t.checks ? c.green : c.red)]]);
  }
  return lines;
}

function metricTable(s: RunSummary, c: RunColors): string[] {
  const names = Object.keys(s.metrics);
  if (!names.length) return [];
  const w = Math.max(6, ...names.map((n) => Math.min(24, escapeForTerminal(n).length)));
  const head = `${pad('metric', w, '<')}  ${pad('mean', 6, '>')}  ${pad('min', 6, '>')}  ${pad('max', 6, '>')}  ${pad('std', 6, '>')}  ${pad('n', 5, '>')}  ${pad('NaN', 4, '>')}  tests scored/missing/failed`;
  const out = [c.dim(head)];
  for (const name of names) {
    const m = s.metrics[name];
    if (!m) continue;
    out.push(
      `${pad(truncate(escapeForTerminal(name), w), w, '<')}  ${pad(f4(m.mean), 6, '>')}  ${pad(f4(m.min), 6, '>')}  ${pad(f4(m.max), 6, '>')}  ${pad(f4(m.std), 6, '>')}  ${pad(String(m.count), 5, '>')}  ${pad(String(m.nan_count), 4, '>')}  ${m.coverage.scored}/${m.coverage.missing}/${m.coverage.failed}`,
    );
  }
  return out;
}

/**
 * Under the metric table, per metric with checks that did not measure it or measured it only in
 * part (default mode): `continuous: stand-ins in the mean: 2 of 5 checks with channels not
 * measured; 1 not measured, left out`, `timing: not measured in 3 of 19 checks, left out of the
 * statistics`. A check that did not measure a metric is in none of its statistics (missing, never
 * zero); a partly measured one is, with its stand-ins. Raw text: the caller escapes it (a user
 * metric's name is untrusted).
 */
function standInLines(report: RunReport): string[] {
  const scored = report.tests.flatMap((t) => t.records.filter((r) => isScored(r)));
  const out: string[] = [];
  for (const name of Object.keys(report.summary.metrics)) {
    const present = scored.flatMap((r) => (r.metrics[name] ? [r.metrics[name]] : []));
    const whole = present.filter((m) => m.not_measured !== undefined).length;
    const partly = present.filter((m) => m.channels_not_measured !== undefined).length;
    if (whole + partly === 0) continue;
    const checks = plural(present.length, 'check');
    out.push(
      partly
        ? `${name}: stand-ins in the mean: ${partly} of ${checks} with channels not measured${whole ? `; ${whole} not measured, left out` : ''}`
        : `${name}: not measured in ${whole} of ${checks}, left out of the statistics`,
    );
  }
  return out;
}

function gateLines(results: readonly GateResult[], c: RunColors): string[] {
  return results.map((g) =>
    g.passed ? `${c.green('✓')} ${g.message}` : `${c.red('✗')} ${c.red(g.message)}`,
  );
}

function testsPart(s: RunSummary): string {
  const t = s.tests;
  const skipped = t.skipped ? ` (${t.skipped} skipped)` : '';
  const ran = t.passed + t.failed;
  if (t.failed) return `${t.failed} of ${plural(ran, 'test')} failed${skipped}`;
  if (ran === 0) return `no test ran${skipped}`;
  return `${ran === 1 ? 'the only test' : `all ${ran} tests`} passed${skipped}`;
}

function gatesPart(s: RunSummary): string {
  const total = s.gates.results.length;
  if (total === 0) return 'no gates configured';
  const missed = s.gates.results.filter((g) => !g.passed).length;
  if (missed) return `${missed} of ${plural(total, 'gate')} missed`;
  return total === 1 ? 'the only gate met' : `all ${total} gates met`;
}

/**
 * The run verdict in words, covering tests and gates together so that neither can be
 * misread for the other: `PASSED: all 5 tests passed · all 3 gates met`,
 * `FAILED: 3 of 8 tests failed · all 3 gates met`, `FAILED: all 5 tests passed · 1 of 3 gates
 * missed`, `FAILED: 1 file error · …` (a test file that failed outside its tests).
 */
export function verdictText(s: RunSummary): string {
  const parts: string[] = [];
  if (s.verdict.file_errors) parts.push(plural(s.verdict.file_errors, 'file error'));
  parts.push(testsPart(s), gatesPart(s));
  return `${s.verdict.passed ? 'PASSED' : 'FAILED'}: ${parts.join(' · ')}`;
}

/** The console summary block (ends with a newline). */
export function formatConsoleSummary(
  report: RunReport,
  options: ConsoleSummaryOptions = {},
): string {
  const c = options.colors ?? NO_COLORS;
  const maxRows = options.maxRows ?? 20;
  const nameWidth = options.nameWidth ?? 60;
  const s = report.summary;
  const out: string[] = [];
  const runner = `${report.meta.runner.name}${report.meta.runner.version ? ` ${report.meta.runner.version}` : ''}`;
  const shard = report.meta.shard
    ? ` · shard ${report.meta.shard.index}/${report.meta.shard.count}`
    : '';
  out.push('');
  out.push(`${c.bold(c.cyan(' envtrace '))} ${c.dim(`run summary · ${runner}${shard}`)}`);
  out.push('');

  const rows = worstFirst(report.tests);
  if (rows.length) {
    const header = [
      pad('Score', 6, '>'),
      pad('Acc', 5, '>'),
      ...METRIC_COLUMNS.map(([, h]) => pad(h, 6, '>')),
      pad('Att', 3, '>'),
      '  Test',
    ].join('  ');
    out.push(`  ${c.dim(header)}`);
    for (const { test, fig } of rows.slice(0, maxRows)) {
      const cells = [
        scoreColor(fig.score, c)(pad(f4(fig.score), 6, '>')),
        pad(accuracyCell(fig), 5, '>'),
        ...METRIC_COLUMNS.map(([name]) => pad(metricCell(fig, name), 6, '>')),
        pad(String(test.attempts), 3, '>'),
        // Cut in the middle: tests of one file and describe block differ at the end of the name.
        `${statusMark(test, c)} ${truncateMiddle(testLabel(test), nameWidth)}`,
      ];
      out.push(`  ${cells.join('  ')}`);
    }
    if (rows.length > maxRows) out.push(`  ${c.dim(`… ${rows.length - maxRows} more`)}`);
    for (const legend of [unmeasuredLegend, partlyMeasuredLegend].map((f) =>
      f(rows.slice(0, maxRows)),
    ))
      if (legend !== undefined) out.push(`  ${c.dim(escapeForTerminal(legend))}`);
  } else {
    out.push(`  ${c.dim('no envtrace checks ran')}`);
  }
  const fileErrors = report.files.filter((f) => f.errors.length > 0);
  if (fileErrors.length) {
    out.push('');
    for (const f of fileErrors) {
      out.push(
        `  ${c.red('✗')} ${truncate(escapeForTerminal(f.file), nameWidth)}: ${c.red(truncate(escapeForTerminal(f.errors[0] ?? ''), 120))}`,
      );
    }
  }
  out.push('');
  for (const [label, lines] of statsLines(s, c)) {
    lines.forEach((text, i) =>
      out.push(`  ${i === 0 ? c.bold(pad(label, 10, '<')) : ' '.repeat(10)}${text}`),
    );
  }
  const mt = metricTable(s, c);
  if (mt.length) {
    out.push(`  ${c.bold(pad('Metrics', 10, '<'))}${mt[0] ?? ''}`);
    for (const l of mt.slice(1)) out.push(`  ${' '.repeat(10)}${l}`);
    for (const l of standInLines(report))
      out.push(`  ${' '.repeat(10)}${c.dim(escapeForTerminal(l))}`);
  }
  (s.config_warnings ?? []).forEach((w, i) =>
    out.push(
      `  ${i === 0 ? c.bold(pad('Warnings', 10, '<')) : ' '.repeat(10)}${c.yellow(escapeForTerminal(w.message))}`,
    ),
  );
  if (s.gates.results.length) {
    const gl = gateLines(s.gates.results, c);
    out.push(`  ${c.bold(pad('Gates', 10, '<'))}${gl[0] ?? ''}`);
    for (const l of gl.slice(1)) out.push(`  ${' '.repeat(10)}${l}`);
  }
  const verdict = verdictText(s);
  const colored = s.verdict.passed ? c.green(c.bold(verdict)) : c.red(c.bold(verdict));
  out.push(`  ${c.bold(pad('Verdict', 10, '<'))}${colored}`);
  out.push('');
  return `${out.join('\n')}\n`;
}

/** Escape text for a Markdown table cell (and strip terminal controls). */
export function escapeMarkdown(s: string): string {
  return escapeForTerminal(s).replace(/[\\`*_{}[\]<>()#+!|~&]/g, (ch) => `\\${ch}`);
}

/** The Markdown summary for `GITHUB_STEP_SUMMARY`: run verdict, gates, table (worst first), statistics. */
export function formatMarkdownSummary(
  report: RunReport,
  options: { readonly maxRows?: number } = {},
): string {
  const maxRows = options.maxRows ?? 50;
  const s = report.summary;
  const out: string[] = [];
  const shard = report.meta.shard
    ? ` (shard ${report.meta.shard.index}/${report.meta.shard.count})`
    : '';
  out.push(`### envtrace run summary${shard}`);
  out.push('');
  out.push(`**Verdict:** ${s.verdict.passed ? '✅' : '❌'} ${verdictText(s)}`);
  out.push('');
  if (s.gates.results.length) {
    out.push('**Gates:**');
    out.push('');
    for (const g of s.gates.results)
      out.push(`- ${g.passed ? '✅' : '❌'} ${escapeMarkdown(g.message)}`);
    out.push('');
  }
  const warnings = s.config_warnings ?? [];
  if (warnings.length) {
    out.push('**Warnings:**');
    out.push('');
    for (const w of warnings) out.push(`- ⚠️ ${escapeMarkdown(w.message)}`);
    out.push('');
  }
  const rows = worstFirst(report.tests);
  if (rows.length) {
    out.push(
      '| Test | Status | Score | Accuracy | Discrete | Timing | Continuous | Structure | Attempts |',
    );
    out.push('|---|---|--:|--:|--:|--:|--:|--:|--:|');
    for (const { test, fig } of rows.slice(0, maxRows)) {
      out.push(
        `| ${escapeMarkdown(`${test.file} › ${test.name}`)} | ${test.status} | ${f4(fig.score)} | ${accuracyCell(fig)} | ${METRIC_COLUMNS.map(([n]) => escapeMarkdown(metricCell(fig, n))).join(' | ')} | ${test.attempts} |`,
      );
    }
    if (rows.length > maxRows) out.push(`\n_… ${rows.length - maxRows} more_`);
    for (const legend of [unmeasuredLegend, partlyMeasuredLegend].map((f) =>
      f(rows.slice(0, maxRows)),
    ))
      if (legend !== undefined) out.push('', `_${escapeMarkdown(legend)}_`);
    out.push('');
  }
  for (const [label, lines] of statsLines(s, NO_COLORS)) {
    if (lines.length === 1) out.push(`- **${label}:** ${lines[0] ?? ''}`);
    else {
      out.push(`- **${label}:**`);
      for (const text of lines) out.push(`  - ${text}`);
    }
  }
  out.push('');
  return `${out.join('\n')}\n`;
}
