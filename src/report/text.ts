/**
 * The human-readable report: the reference's `format_text_report` layout (rule lines, header,
 * full score and accuracy, metric summaries with details, aggregation contributions, decision
 * breakdown, alignment table with ✓ ✗ · marks), fitted to a width (default 80 columns).
 * Pure: no fs, no process; colours are decided by the caller.
 */
import { listLength, listSlice } from '../metrics/lazy.js';
import {
  boundedAlignmentNote,
  type AlignmentRow,
  type AlignmentRowSide,
  type EvaluationResult,
} from '../evaluate/types.js';
import { notMeasuredReason, unmeasuredChannels } from '../metrics/measured.js';
import type { MetricResult } from '../metrics/types.js';
import type { ScoringPolicy } from '../policy/index.js';
import { selectPolicy } from '../evaluate/options.js';
import { pyStr } from '../py/str.js';
import { orderedEntries } from '../py/value.js';
import { palette, type Colors } from './colors.js';
import { DEFAULT_TIME_UNIT, type TimeUnit } from '../evaluate/timeUnit.js';
import {
  escapeForTerminal,
  firstDifference,
  pad,
  textLength,
  truncate,
  truncateAround,
  truncateMiddle,
} from './escape.js';
import { pyBool, pyFixed, renderValue, scoreFixed } from './format.js';
import {
  channelsNotMeasuredText,
  continuousFailures,
  failedParts,
  intervalsLeftOut,
  plural,
} from './verdict.js';
import { channelCountsLine, channelRuleLine, deltaText, withinToleranceText } from './tolerance.js';
import type { ToleranceUse } from '../compare/tolerance-use.js';
import { ABSENT, DIFFERENCES_COUNTED, valueDifference } from './value-diff.js';

export type { Colors } from './colors.js';

export interface TextReportOptions {
  /** `true`/`false` to switch ANSI colours on/off, or a palette to use. @default false */
  colors?: boolean | Colors;
  /** Alignment rows shown before `... (N more rows)`. @default 50 */
  maxRows?: number;
  /**
   * Total line width (the CLI passes the terminal's, see `reportWidth`, in default mode). The
   * alignment table's text columns shrink to fit: values first (cut at the end with `…`; in
   * default mode a mismatched row's two values are cut around their first difference, so the
   * part that differs stays visible), then channel names (cut in the middle, `det:A…eTime`).
   * @default 80
   */
  width?: number;
  /**
   * Unit of the time columns, named in the alignment heading (default mode only: reference mode
   * keeps the reference's lines). @default "s"
   */
  timeUnit?: TimeUnit;
  /** First line of the report. @default "EnvTrace Report" */
  title?: string;
}

const DEFAULT_MAX_ROWS = 50;
const DEFAULT_WIDTH = 80;
const MIN_WIDTH = 40;
/** A text column never grows beyond this, even on a wide terminal. */
const MAX_TEXT_COLUMN = 48;
/** The reference's summary order; other metrics follow in result order. */
const SUMMARY_ORDER = ['discrete', 'timing', 'continuous', 'structure'] as const;
const NONE_CELL = '—';

/** Safe, single-line text for anything user-controlled (channel, metric and gate names). */
/**
 * Colours plus how booleans print (Python's `True`/`False`/`None` in reference mode,
 * `true`/`false`/`null` otherwise) and whether a metric not measured says so (`ReportStyle`).
 */
interface Style extends Colors {
  bool(v: unknown): string;
  readonly showUnmeasured: boolean;
  /** Whether a failed continuous channel names the measure that failed (`ReportStyle.namesCauses`). */
  readonly namesCauses: boolean;
  /** A score as this report prints it (`scoreFixed` in default mode, `{:.3f}` in reference mode). */
  score(x: number): string;
}

function boolText(policy: ScoringPolicy): (v: unknown) => string {
  return policy.valueSemantics === 'python-str'
    ? pyBool
    : (v) => (v === undefined ? 'null' : String(v as boolean));
}

function safe(s: string): string {
  return escapeForTerminal(s);
}

/** A number the way the reference prints `{x:.3f}`, or `str(x)` for anything else. */
function num3(v: unknown): string {
  if (typeof v === 'number') return pyFixed(v, 3);
  if (typeof v === 'bigint') return pyFixed(Number(v), 3);
  if (typeof v === 'boolean' || v === null || v === undefined) return pyBool(v);
  if (typeof v === 'string') return safe(v);
  return safe(renderValue(v));
}

/** `str()` of a count such as `value_matches`. */
function count(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return num3(v);
}

function entriesOf(v: unknown): [string, unknown][] {
  if (v instanceof Map) return [...(v as Map<unknown, unknown>)].map(([k, x]) => [String(k), x]);
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) return orderedEntries(v);
  return [];
}

function field(obj: unknown, key: string): unknown {
  if (obj instanceof Map) return (obj as Map<unknown, unknown>).get(key);
  if (typeof obj === 'object' && obj !== null) return (obj as Record<string, unknown>)[key];
  return undefined;
}

function has(obj: unknown, key: string): boolean {
  if (obj instanceof Map) return obj.has(key);
  return typeof obj === 'object' && obj !== null && Object.prototype.hasOwnProperty.call(obj, key);
}

/** Value text for a table cell: Python `str()` where values compare by it (T1: reference mode), JSON-ish otherwise. */
function valueText(value: unknown, policy: ScoringPolicy): string {
  if (policy.valueSemantics === 'python-str') {
    try {
      return pyStr(value);
    } catch {
      // Not a JSON-shaped value (only possible through the API): fall through.
    }
  }
  return renderValue(value);
}

/**
 * `score=0.000` where the reference prints it, or (default mode) `not measured (why)` for a
 * metric or continuous channel that was not measured: its score is a stand-in, and a bare 0.000
 * would read as a measurement. `pass` stays: the decision reads it either way.
 */
function scoreText(score: string, details: unknown, c: Style): string {
  const why = c.showUnmeasured ? notMeasuredReason({ details }) : undefined;
  return why === undefined ? `score=${score}` : `not measured (${safe(why)})`;
}

/**
 * ` (1 of 3 channels not measured)` after a combined continuous score some of whose channels were
 * not measured (default mode; their stand-ins are in the mean); else empty.
 */
function unmeasuredNote(name: string, details: unknown, c: Style): string {
  if (name !== 'continuous' || !c.showUnmeasured || notMeasuredReason({ details }) !== undefined)
    return '';
  const { unmeasured, total } = unmeasuredChannels(details);
  return unmeasured.length === 0 ? '' : ` (${channelsNotMeasuredText(unmeasured.length, total)})`;
}

function metricLines(name: string, m: MetricResult, c: Style): string[] {
  const passText = m.binary_pass ? c.green(c.bool(true)) : c.red(c.bool(m.binary_pass));
  const lines = [
    `- ${safe(name)}: ${scoreText(c.score(m.score), m.details, c)}, pass=${passText}${unmeasuredNote(name, m.details, c)}`,
  ];
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a user metric may omit it
  const d = m.details ?? {};
  if (name === 'discrete') {
    const vm = field(d, 'value_matches');
    const tp = field(d, 'total_pairs');
    const mmr = field(d, 'mismatch_rate');
    if (vm !== undefined && vm !== null && tp !== undefined && tp !== null) {
      lines.push(
        mmr !== undefined && mmr !== null
          ? `  · value_matches=${count(vm)}/${count(tp)}, mismatch_rate=${num3(mmr)}`
          : `  · value_matches=${count(vm)}/${count(tp)}`,
      );
    }
  } else if (name === 'timing') {
    for (const k of ['r2', 'slope', 'duration_ratio', 'mape']) {
      if (has(d, k)) lines.push(`  · ${k}=${num3(field(d, k))}`);
    }
    const leftOut = field(d, 'intervals_left_out');
    if (typeof leftOut === 'number' && has(d, 'mape'))
      lines[lines.length - 1] += ` (${intervalsLeftOut(leftOut)})`;
  } else if (name === 'continuous') {
    if (has(d, 'per_channel')) {
      for (const [ch, info] of entriesOf(field(d, 'per_channel'))) {
        const score = num3(has(info, 'score') ? field(info, 'score') : 0);
        // Default mode: a failed channel says which measure failed (`mae 3 > 1`).
        const why = c.namesCauses ? continuousFailures(field(info, 'details')) : [];
        lines.push(
          `  · ${safe(ch)}: ${scoreText(score, field(info, 'details'), c)}, pass=${c.bool(field(info, 'binary_pass'))}${why.length ? ` (${why.join(', ')})` : ''}`,
        );
      }
    } else {
      for (const k of ['mae', 'final_diff', 'mae_score', 'final_score']) {
        if (has(d, k)) lines.push(`  · ${k}=${num3(field(d, k))}`);
      }
    }
  } else if (name === 'structure') {
    if (has(d, 'gap_rate')) lines.push(`  · gap_rate=${num3(field(d, 'gap_rate'))}`);
  }
  return lines;
}

function metricsSection(result: EvaluationResult, c: Style): string[] {
  const lines: string[] = [];
  const shown = new Set<string>();
  for (const name of SUMMARY_ORDER) {
    const m = result.metrics[name];
    if (!m) continue;
    shown.add(name);
    lines.push(...metricLines(name, m, c));
  }
  // User metrics (the reference does not list them; envtrace shows score and pass).
  for (const [name, m] of Object.entries(result.metrics)) {
    if (shown.has(name)) continue;
    lines.push(...metricLines(name, m, c));
  }
  const agg = result.aggregation;
  const contributions = 'contributions' in agg ? agg.contributions : undefined;
  if (contributions === undefined || !has(contributions, '_sum')) {
    lines.push('- aggregation: custom formula (per-metric contributions not shown)');
  } else {
    lines.push('- aggregation contributions:');
    for (const [k, v] of entriesOf(contributions)) {
      if (k === '_sum') continue;
      lines.push(`  · ${safe(k)}: ${num3(v)}`);
    }
    lines.push(`  · total: ${num3(field(contributions, '_sum'))}`);
  }
  return lines;
}

function decisionSection(result: EvaluationResult, c: Style): string[] {
  const dec = result.decision;
  const lines = [
    `  require_discrete_exact: ${c.bool(dec.require_discrete_exact)}`,
    `  timing_metric_name:     ${safe(dec.timing_metric_name)}`,
    `  required_metrics:       ${dec.required_metrics.map(safe).join(', ') || '(none)'}`,
  ];
  for (const [k, v] of entriesOf(dec.passes)) {
    lines.push(`  pass[${safe(k)}]: ${v === true ? c.green(c.bool(true)) : c.red(c.bool(v))}`);
  }
  return lines;
}

interface Cells {
  readonly idx: string;
  readonly gtCh: string;
  readonly gtT: string;
  readonly gtV: string;
  readonly prCh: string;
  readonly prT: string;
  readonly prV: string;
  readonly match: boolean | null;
  /** Default mode: the row matched only within tolerance. */
  readonly approx: ToleranceUse | undefined;
}

type TextColumn = 'gtCh' | 'gtV' | 'prCh' | 'prV';

const HEADERS = {
  idx: 'IDX',
  gtCh: 'GT.channel',
  gtT: 'GT.t',
  gtV: 'GT.value',
  prCh: 'PR.channel',
  prT: 'PR.t',
  prV: 'PR.value',
  match: 'MATCH',
} as const;

function sideCells(side: AlignmentRowSide | null, policy: ScoringPolicy): [string, string, string] {
  if (!side) return [NONE_CELL, NONE_CELL, NONE_CELL];
  return [
    safe(String(side.channel)),
    pyFixed(side.timestamp, 3),
    safe(valueText(side.value, policy)),
  ];
}

/** Column widths: natural (content) widths, then the widest text column shrinks until the line fits. */
function columnWidths(
  cells: readonly Cells[],
  width: number,
): Record<keyof typeof HEADERS, number> {
  const natural = (key: Exclude<keyof Cells, 'approx' | 'match'>, cap: number): number => {
    let w = textLength(HEADERS[key as keyof typeof HEADERS]);
    for (const c of cells) w = Math.max(w, textLength(String(c[key])));
    return Math.min(w, cap);
  };
  const w = {
    idx: natural('idx', Infinity),
    gtCh: natural('gtCh', MAX_TEXT_COLUMN),
    gtT: natural('gtT', Infinity),
    gtV: natural('gtV', MAX_TEXT_COLUMN),
    prCh: natural('prCh', MAX_TEXT_COLUMN),
    prT: natural('prT', Infinity),
    prV: natural('prV', MAX_TEXT_COLUMN),
    match: HEADERS.match.length,
  };
  const separators = 7 * 3;
  const total = (): number =>
    w.idx + w.gtCh + w.gtT + w.gtV + w.prCh + w.prT + w.prV + w.match + separators;
  // Values give way first (down to their header width), then channel names; widest first,
  // predicted before golden on ties.
  for (const phase of [
    ['prV', 'gtV'],
    ['prCh', 'gtCh'],
  ] as const) {
    while (total() > width) {
      let pick: TextColumn | undefined;
      for (const col of phase) {
        if (w[col] <= HEADERS[col].length) continue;
        if (pick === undefined || w[col] > w[pick]) pick = col;
      }
      if (pick === undefined) break; // at header width: next phase, or accept the overflow
      w[pick]--;
    }
  }
  return w;
}

/** Differing rows (mismatches and gaps) the table shows past its row limit at most (default mode). */
export const DIFFERING_ROWS_PAST_LIMIT = 10;

/** Rows read at a time when looking for differing rows past the limit. */
const ROW_BLOCK = 4096;

/** Whether a row differs (a mismatch or a gap of a discrete event). */
function differs(r: AlignmentRow): boolean {
  return !r.ignored && r.match !== true;
}

/**
 * The rows past the limit that differ, at most `DIFFERING_ROWS_PAST_LIMIT`, and how many differ
 * in all past the limit. One pass over the rest, a block at a time (a lazy list stays unbuilt).
 */
function differingPastLimit(
  result: EvaluationResult,
  from: number,
  total: number,
): { rows: AlignmentRow[]; count: number } {
  const rows: AlignmentRow[] = [];
  let count = 0;
  for (let k = from; k < total; k += ROW_BLOCK) {
    for (const r of listSlice<AlignmentRow>(result, 'alignment_rows', k, k + ROW_BLOCK)) {
      if (!differs(r)) continue;
      if (++count <= DIFFERING_ROWS_PAST_LIMIT) rows.push(r);
    }
  }
  return { rows, count };
}

function alignmentTable(
  result: EvaluationResult,
  policy: ScoringPolicy,
  maxRows: number,
  width: number,
  c: Colors,
): string[] {
  // Only the rows shown are built: at 10⁶ events the full list would be millions of objects.
  const total = listLength(result, 'alignment_rows');
  const shownRows = listSlice<AlignmentRow>(result, 'alignment_rows', 0, Math.max(0, maxRows));
  // Default mode: the differing rows past the limit follow, so no wrong value is cut away.
  const past =
    policy.report.differingRowsPastLimit && shownRows.length < total
      ? differingPastLimit(result, shownRows.length, total)
      : { rows: [], count: 0 };
  const approx = approxRows(result, policy);
  const toCells = (r: AlignmentRow): Cells => {
    const [gtCh, gtT, gtV] = sideCells(r.gt, policy);
    const [prCh, prT, prV] = sideCells(r.pred, policy);
    const a = r.match === true ? approx.get(r.index) : undefined;
    return { idx: String(r.index), gtCh, gtT, gtV, prCh, prT, prV, match: r.match, approx: a };
  };
  const cells = shownRows.map(toCells);
  const pastCells = past.rows.map(toCells);
  const w = columnWidths([...cells, ...pastCells], width);
  const header =
    `${pad(HEADERS.idx, w.idx, '>')} | ` +
    `${pad(HEADERS.gtCh, w.gtCh, '<')} | ${pad(HEADERS.gtT, w.gtT, '>')} | ${pad(HEADERS.gtV, w.gtV, '<')} | ` +
    `${pad(HEADERS.prCh, w.prCh, '<')} | ${pad(HEADERS.prT, w.prT, '>')} | ${pad(HEADERS.prV, w.prV, '<')} | ` +
    `${pad(HEADERS.match, w.match, '^')}`;
  const lines = [c.bold(header), '-'.repeat(textLength(header))];
  // Default mode: a mismatched row's values are cut around where they differ (same window on both sides).
  const centred = policy.report.centreMismatches;
  const rowLine = (cell: Cells): string => {
    const mark =
      cell.approx !== undefined
        ? c.yellow('≈')
        : cell.match === true
          ? c.green('✓')
          : cell.match === false
            ? c.red('✗')
            : c.dim('·');
    const markPad = w.match - 1;
    const left = Math.floor(markPad / 2);
    const at =
      centred && cell.match === false && cell.gtV !== NONE_CELL && cell.prV !== NONE_CELL
        ? firstDifference(cell.gtV, cell.prV)
        : undefined;
    return (
      `${pad(cell.idx, w.idx, '>')} | ` +
      `${pad(truncateMiddle(cell.gtCh, w.gtCh), w.gtCh, '<')} | ${pad(cell.gtT, w.gtT, '>')} | ${pad(truncateAround(cell.gtV, w.gtV, at), w.gtV, '<')} | ` +
      `${pad(truncateMiddle(cell.prCh, w.prCh), w.prCh, '<')} | ${pad(cell.prT, w.prT, '>')} | ${pad(truncateAround(cell.prV, w.prV, at), w.prV, '<')} | ` +
      `${' '.repeat(left)}${mark}${' '.repeat(markPad - left)}`
    );
  };
  for (const cell of cells) lines.push(rowLine(cell));
  let next = shownRows.length + 1; // the 1-based index of the first row not yet accounted for
  past.rows.forEach((r, k) => {
    if (r.index > next) lines.push(`... (${plural(r.index - next, 'row')})`);
    lines.push(rowLine(pastCells[k]!));
    next = r.index + 1;
  });
  const rest = total - (next - 1);
  if (rest > 0) {
    const unshown = past.count - past.rows.length;
    lines.push(
      past.rows.length === 0 && unshown === 0
        ? `... (${rest} more rows)`
        : `... (${rest} more ${rest === 1 ? 'row' : 'rows'}${unshown > 0 ? `, ${unshown} of them differing` : ''})`,
    );
  }
  if (centred) lines.push(...differenceLines([...shownRows, ...past.rows], width));
  return lines;
}

/** Mismatched rows with structured values listed under "Values that differ:" at most. */
const DIFFERENCE_ROWS = 10;

/** Longest rendering of a differing field's value looked at (then cut around the difference). */
const DIFFERENCE_RENDER_LIMIT = 4096;

/**
 * Default mode (with the cut around the difference, `centreMismatches`): the table's cells are
 * too narrow for structured values (a ROS message reads `{"data"…` on both sides), so under the
 * table each mismatched row whose values are both arrays or plain objects gets a line naming the
 * first field that differs and both its values: `✗ row 23 /status .data: "ok" | "low battery"`
 * (golden | predicted; `(+2 more fields)` when others differ too). Channel, path and values
 * escaped; each value cut around its first difference to half the room the line has left.
 */
function differenceLines(rows: readonly AlignmentRow[], width: number): string[] {
  const lines: string[] = [];
  let listed = 0;
  let more = 0;
  for (const r of rows) {
    if (r.match !== false || !r.gt || !r.pred || r.gt.channel !== r.pred.channel) continue;
    const d = valueDifference(r.gt.value, r.pred.value);
    if (d === undefined) continue;
    if (++listed > DIFFERENCE_ROWS) {
      more++;
      continue;
    }
    const leaf = (v: unknown): string =>
      v === ABSENT ? '(none)' : safe(renderValue(v, DIFFERENCE_RENDER_LIMIT));
    const g = leaf(d.gt);
    const p = leaf(d.pred);
    const n = d.count - 1;
    const others =
      n > 0
        ? ` (+${n} more ${n === 1 ? 'field' : 'fields'}${d.count >= DIFFERENCES_COUNTED ? ' at least' : ''})`
        : '';
    const head = `  ✗ row ${r.index} ${safe(r.gt.channel)} ${safe(d.path)}: `;
    // The room left, shared: a short value keeps what it needs, the other takes the rest.
    const room = Math.max(16, width - textLength(head) - textLength(others) - 3);
    const half = Math.floor(room / 2);
    const [gl, pl] = [textLength(g), textLength(p)];
    const gw = pl <= half ? room - pl : gl <= half ? gl : half;
    const pw = room - Math.min(gw, gl);
    const at = firstDifference(g, p);
    lines.push(
      truncate(
        `${head}${truncateAround(g, gw, at)} | ${truncateAround(p, pw, at)}${others}`,
        width,
      ),
    );
  }
  if (more > 0) lines.push(`  … ${more} more`);
  return lines.length ? ['Values that differ (golden | predicted):', ...lines] : [];
}

/** Default mode: the rows that matched only within tolerance, by row index (none in reference mode). */
function approxRows(result: EvaluationResult, policy: ScoringPolicy): Map<number, ToleranceUse> {
  const out = new Map<number, ToleranceUse>();
  if (!policy.report.markTolerance || result.tolerance === undefined) return out;
  for (const u of result.tolerance.rows) out.set(u.index, u);
  return out;
}

/**
 * Default mode: how many values matched only within tolerance, per channel the largest Δ and the
 * comparator (and default) in force, then the first such rows as `≈ 8990 | 8995 (Δ 5, tol 8.99)`.
 */
function toleranceSection(
  result: EvaluationResult,
  policy: ScoringPolicy,
  maxRows: number,
  width: number,
): string[] {
  const t = result.tolerance;
  if (!policy.report.markTolerance || t === undefined || t.channels.length === 0) return [];
  const lines = [
    `Tolerance: ${t.within} ${t.within === 1 ? 'value' : 'values'} matched only within tolerance (≈)`,
  ];
  for (const ch of t.channels)
    lines.push(truncate(`  · ${channelRuleLine(ch)}`, width), `    ${channelCountsLine(ch)}`);
  const shown = listSlice<AlignmentRow>(result, 'alignment_rows', 0, Math.max(0, maxRows));
  const approx = approxRows(result, policy);
  const swapped = swappedWithinTolerance(result, policy, maxRows);
  let n = 0;
  for (const r of shown) {
    const u = r.match === true ? approx.get(r.index) : undefined;
    if (u === undefined || r.gt === null || r.pred === null) continue;
    if (++n > TOLERANCE_ROWS) break;
    const g = safe(valueText(r.gt.value, policy));
    const p = safe(valueText(r.pred.value, policy));
    const other = swapped.get(r.index);
    const swap = other === undefined ? '' : `, swapped with row ${other}`;
    lines.push(
      truncate(
        `  ≈ row ${r.index} ${safe(r.gt.channel)}: ${g} | ${p} ${deltaText(u)}${swap}`,
        width,
      ),
    );
  }
  if (t.within > Math.min(n, TOLERANCE_ROWS))
    lines.push(`  … ${t.within - Math.min(n, TOLERANCE_ROWS)} more within tolerance`);
  return lines;
}

/** Rows listed under "Tolerance:" at most. */
const TOLERANCE_ROWS = 10;

/** How many within-tolerance rows on from one a swapped partner is looked for. */
const SWAP_WINDOW = 4;

/**
 * Default mode: within-tolerance rows that are two neighbouring events logged in swapped order
 * (set points 8000 and 8000.5 under a relative 1e-3, the prediction moving to 8000.5 first), by
 * row index, each to its partner's. The alignment is right to pair them (they match, at cost 0,
 * where reading a swap costs a missing and an extra event each), but the rows alone read as two
 * values a little off; a person reads a swap. Two rows are a swap when they are on one channel,
 * at most `SWAP_WINDOW` within-tolerance rows apart, and each row's golden value is the other's
 * predicted value, exactly (as rendered, uncut), and the two golden values differ. Only among the
 * table's shown rows (`maxRows`): O(shown rows).
 */
function swappedWithinTolerance(
  result: EvaluationResult,
  policy: ScoringPolicy,
  maxRows: number,
): Map<number, number> {
  const out = new Map<number, number>();
  if (!policy.report.markTolerance || result.tolerance === undefined || result.tolerance.within < 2)
    return out;
  const approx = approxRows(result, policy);
  const key = (v: unknown): string | undefined => {
    const t = renderValue(v, SWAP_RENDER_LIMIT);
    return t.length > SWAP_RENDER_LIMIT ? undefined : t;
  };
  const rows: { index: number; channel: string; gt?: string; pred?: string }[] = [];
  for (const r of listSlice<AlignmentRow>(result, 'alignment_rows', 0, Math.max(0, maxRows))) {
    if (r.match !== true || !r.gt || !r.pred || !approx.has(r.index)) continue;
    const gt = key(r.gt.value);
    const pred = key(r.pred.value);
    rows.push({
      index: r.index,
      channel: r.gt.channel,
      ...(gt === undefined ? {} : { gt }),
      ...(pred === undefined ? {} : { pred }),
    });
  }
  for (let i = 0; i < rows.length; i++) {
    const a = rows[i]!;
    if (out.has(a.index) || a.gt === undefined || a.pred === undefined) continue;
    for (let j = i + 1; j < rows.length && j <= i + SWAP_WINDOW; j++) {
      const b = rows[j]!;
      if (out.has(b.index) || b.channel !== a.channel) continue;
      if (a.gt === b.pred && b.gt === a.pred && a.gt !== b.gt) {
        out.set(a.index, b.index);
        out.set(b.index, a.index);
        break;
      }
    }
  }
  return out;
}

/** Longest rendered value a swap is recognised by (a longer one is cut, so unknown). */
const SWAP_RENDER_LIMIT = 4096;

/** `; rows 3 and 4 swapped` (`; 2 swaps: rows 3 and 4, 9 and 10`), empty when none. */
function swapsText(swapped: ReadonlyMap<number, number>): string {
  const pairs = [...swapped].filter(([a, b]) => a < b).map(([a, b]) => `${a} and ${b}`);
  if (pairs.length === 0) return '';
  if (pairs.length === 1) return `; rows ${pairs[0]!} swapped`;
  const shown = pairs.slice(0, 3).join(', ');
  return `; ${pairs.length} swaps: rows ${shown}${pairs.length > 3 ? ', …' : ''}`;
}

function finiteOr(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) ? v : fallback;
}

/** Candidates numbered from 1 in the order given (the n-th `--gt`), with the JSON report's 0-based `best_index`. */
function bestOfLine(result: EvaluationResult): string | undefined {
  if (result.best_index === undefined) return undefined;
  const scores = result.candidate_full_scores ?? [];
  const list = scores.map((s) => pyFixed(s, 3)).join(', ');
  const which =
    result.best_index < 0
      ? `no golden scored above -1 (best_index -1: fallback to an empty golden)`
      : `golden #${result.best_index + 1} of ${scores.length} (best_index ${result.best_index})`;
  return `Best of:    ${which}${list ? `; full scores: ${list}` : ''}`;
}

/**
 * The text report of an evaluation. Trace values, channel and metric names are escaped
 * (control characters, ANSI escapes, newlines, bidi controls) and long values are cut with `…`.
 * Lines end with `\n` except the last.
 */
export function formatTextReport(result: EvaluationResult, opts: TextReportOptions = {}): string {
  // The result's `mode` is data (a result may come from a JSON report): its policy, once.
  const policy = selectPolicy(result);
  const colors: Colors =
    typeof opts.colors === 'object' ? opts.colors : palette(opts.colors === true);
  // Object.create keeps a caller's palette working whether its colour functions are own or inherited.
  const c: Style = Object.assign(Object.create(colors) as Colors, {
    bool: boolText(policy),
    showUnmeasured: policy.report.showUnmeasured,
    namesCauses: policy.report.namesCauses,
    score: policy.report.scoresKeepBounds ? scoreFixed : (x: number) => pyFixed(x, 3),
  });
  const width = Math.max(MIN_WIDTH, Math.floor(finiteOr(opts.width, DEFAULT_WIDTH)));
  const maxRows = Math.max(0, Math.floor(finiteOr(opts.maxRows, DEFAULT_MAX_ROWS)));
  const rule = '='.repeat(width);
  const accuracyText = result.accuracy ? c.green(c.bool(true)) : c.red(c.bool(false));
  const lines: string[] = [
    rule,
    c.bold(safe(opts.title ?? 'EnvTrace Report')),
    rule,
    `Full score: ${c.bold(c.score(result.full_score))}`,
    `Accuracy:   ${accuracyText}`,
  ];
  // Why it fails, in the words the matchers use (escaped there), one failed part per line; the
  // gates of a CLI run (--min-score) are the CLI's to state, so only the decision is explained here.
  if (policy.report.statesWhy && !result.accuracy) {
    const why = failedParts(result, { requireAccuracy: true, minScore: undefined });
    why.forEach((part, i) => lines.push(`${i === 0 ? 'Why:' : ''}`.padEnd(12) + part));
  }
  // A pass that some values reached only within tolerance says so where the verdict is.
  if (policy.report.markTolerance && result.accuracy && result.tolerance !== undefined) {
    const within = withinToleranceText(result.tolerance);
    const swaps = swapsText(swappedWithinTolerance(result, policy, maxRows));
    if (within !== undefined) lines.push(`Passed within tolerance: ${within}${swaps}`);
  }
  lines.push(`Mode:       ${result.mode}`);
  const bounded = boundedAlignmentNote(result);
  if (bounded !== undefined) lines.push(`Aligner:    ${safe(result.aligner.name)} ${bounded}`);
  const best = bestOfLine(result);
  if (best !== undefined) lines.push(best);
  lines.push('', 'Metrics:', ...metricsSection(result, c));
  lines.push('', 'Decision breakdown:', ...decisionSection(result, c));
  lines.push(
    '',
    policy.report.timeUnitInHeading
      ? `Alignment (first rows, discrete events only; times in ${opts.timeUnit ?? DEFAULT_TIME_UNIT}):`
      : 'Alignment (first rows, discrete events only):',
  );
  lines.push(...alignmentTable(result, policy, maxRows, width, c));
  const tolerance = toleranceSection(result, policy, maxRows, width);
  if (tolerance.length) lines.push('', ...tolerance);
  lines.push(rule);
  return lines.join('\n');
}
