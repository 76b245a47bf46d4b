/**
 * Failure text of the trace matchers, built only from the host's `this.utils` (hint, colours),
 * so `--no-color` and host styling apply. Every trace-derived string (channels, values,
 * metric names) is escaped for the terminal before it is shown.
 *
 * Shape: hint line · one verdict sentence · metric table · the alignment rows around the
 * first divergence and the other differing rows (capped, "… N more"), sized to the terminal
 * (`LayoutOptions.width`), long values cut around where the two sides differ, and the host's
 * structured diff (`this.utils.diff`) under the first differing object/array rows · timing
 * summary in the config's `time_unit`.
 */
import { selectPolicy } from '../src/evaluate/options.js';
import { DEFAULT_TIME_UNIT, type TimeUnit } from '../src/evaluate/timeUnit.js';
import { notMeasuredReason, unmeasuredChannels } from '../src/metrics/measured.js';
import type { AlignmentRow, AlignmentRowSide, EvaluationResult } from '../src/evaluate/types.js';
import { isPlainObject, orderedEntries, PyFloat } from '../src/py/value.js';
import {
  escapeForTerminal,
  firstDifference,
  pad,
  textLength,
  truncate,
  truncateAround,
  truncateMiddle,
} from '../src/report/escape.js';
import { renderValue } from '../src/report/format.js';
import { channelCountsLine, channelRuleLine, deltaText } from '../src/report/tolerance.js';
import {
  channelsNotMeasuredText,
  DEFAULT_GOLDEN_NOUN,
  fixed3 as num,
  plural,
  verdictSentence,
  type PassRule,
} from '../src/report/verdict.js';
import { FALLBACK_WIDTH } from '../src/report/width.js';
import type { ToleranceUse } from '../src/compare/tolerance-use.js';
import type { MatcherUtils } from './context.js';

// The verdict sentence lives in src/ so batch records (src/cli/batch) state it too.
export {
  DEFAULT_GOLDEN_NOUN,
  failedParts,
  passes,
  rowCounts,
  verdictSentence,
  verdictText,
  type PassRule,
} from '../src/report/verdict.js';

/**
 * The metric table: name, score, pass mark; then the full score line. A metric that was not
 * measured (default mode, `ReportStyle.showUnmeasured`) shows `—` for its stand-in score and why
 * after its mark; a continuous score some of whose channels were not measured names them.
 */
export function metricTable(
  utils: MatcherUtils,
  result: EvaluationResult,
  rule: PassRule,
): string[] {
  const names = Object.keys(result.metrics).map(escapeForTerminal);
  const width = Math.max(10, ...names.map(textLength));
  const { showUnmeasured } = selectPolicy(result).report;
  const lines = [utils.DIM_COLOR(`${pad('Metric', width, '<')}  ${pad('score', 6, '>')}  pass`)];
  for (const [name, m] of Object.entries(result.metrics)) {
    const mark = m.binary_pass ? '✓' : utils.RECEIVED_COLOR('✗');
    const why = showUnmeasured ? notMeasuredReason(m) : undefined;
    const score = why === undefined ? num(m.score) : '—';
    const note =
      why !== undefined
        ? utils.DIM_COLOR(`  not measured: ${escapeForTerminal(why)}`)
        : showUnmeasured
          ? channelsNote(utils, m.details)
          : '';
    lines.push(
      `${pad(escapeForTerminal(name), width, '<')}  ${pad(score, 6, '>')}  ${mark}${note}`,
    );
  }
  const min =
    rule.minScore === undefined ? '' : utils.DIM_COLOR(`  (minScore ${num(rule.minScore)})`);
  lines.push(`${pad('full score', width, '<')}  ${pad(num(result.full_score), 6, '>')}${min}`);
  return lines;
}

/**
 * `  1 of 3 channels not measured: stage:rh (one empty)` after a combined continuous score some
 * of whose channels were not measured (default mode; their stand-ins are in the mean); else empty.
 */
function channelsNote(utils: MatcherUtils, details: unknown): string {
  const { unmeasured, total } = unmeasuredChannels(details);
  if (unmeasured.length === 0) return '';
  const which = unmeasured
    .map(([ch, why]) => `${escapeForTerminal(ch)} (${escapeForTerminal(why)})`)
    .join(', ');
  return utils.DIM_COLOR(`  ${channelsNotMeasuredText(unmeasured.length, total)}: ${which}`);
}

/** Rows of context shown before and after the first divergence. */
const CONTEXT = 1;
/** Most alignment rows shown before "… N more". */
export const MAX_ROWS = 12;
/**
 * Differing rows (the first ones shown) that get the host's structured diff of their two values
 * under them, when a value is an object or an array or was cut to fit its column.
 */
export const MAX_VALUE_DIFFS = 3;
/** Width of the Δt column (`+12.345`); longer offsets overflow it. */
const DT_WIDTH = 7;
/** A side column never gets narrower than this, whatever the width. */
const MIN_SIDE = 20;
/** Indent of a value diff under its row (under the golden column). */
const DIFF_INDENT = '       ';
/** Longest value rendering compared for the first difference (the cell shows a window of it). */
const RENDER_LIMIT = 10_000;

/** How a failure message is laid out. */
export interface LayoutOptions {
  /** Line width the alignment columns are sized to (see `reportWidth`). @default 80 */
  readonly width?: number;
  /** Unit label of times and time offsets. @default "s" */
  readonly timeUnit?: TimeUnit;
  /** Alignment rows shown before "… N more". @default MAX_ROWS */
  readonly maxRows?: number;
  /** Differing rows that get a structured value diff. @default MAX_VALUE_DIFFS */
  readonly maxValueDiffs?: number;
}

/** The width of one side column (golden or received) for a line `width` wide. */
export function sideWidth(width: number, idxWidth: number): number {
  // "  ≠  " + index + 2 + side + 2 + side + 2 + Δt
  return Math.max(MIN_SIDE, Math.floor((width - 5 - idxWidth - 6 - DT_WIDTH) / 2));
}

/** A value as shown in a cell: the default mode's JSON-ish rendering, escaped for the terminal. */
function valueText(value: unknown): string {
  return escapeForTerminal(renderValue(value, RENDER_LIMIT));
}

/**
 * `channel = value` cut to `width`: the value keeps the window around `at` (the first code point
 * where the two sides' values differ), the channel is cut in the middle only when it would leave
 * the value too little room.
 */
export function sideText(s: AlignmentRowSide | null, width: number, at?: number): string {
  if (!s) return '—';
  const value = valueText(s.value);
  let channel = escapeForTerminal(s.channel);
  const valueWant = Math.min(textLength(value), Math.max(8, Math.floor(width / 2)));
  if (textLength(channel) + 3 + valueWant > width)
    channel = truncateMiddle(channel, Math.max(6, width - 3 - valueWant));
  return truncate(
    `${channel} = ${truncateAround(value, Math.max(1, width - 3 - textLength(channel)), at)}`,
    width,
  );
}

/** Where the two sides' rendered values first differ (undefined for a gap or equal renderings). */
function valueDifference(r: AlignmentRow): number | undefined {
  if (!r.gt || !r.pred) return undefined;
  return firstDifference(valueText(r.gt.value), valueText(r.pred.value));
}

/** Whether a side's whole `channel = value` text fits a column `width` wide (nothing cut). */
function fits(s: AlignmentRowSide, width: number): boolean {
  const value = renderValue(s.value, RENDER_LIMIT);
  return (
    value.length <= RENDER_LIMIT &&
    textLength(escapeForTerminal(s.channel)) + 3 + textLength(escapeForTerminal(value)) <= width
  );
}

function isStructured(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !(v instanceof PyFloat);
}

/**
 * Whether a value is structured enough for a diff under its row: an object or an array, but not
 * an array of at most one plain element (`[5]`, a recorded call's argument list), whose row
 * already shows all of it.
 */
function wantsDiff(v: unknown): boolean {
  if (!isStructured(v)) return false;
  return !(Array.isArray(v) && v.length <= 1 && !isStructured(v[0]));
}

/**
 * A copy of a trace value safe to hand to the host's diff: every string (and object key) escaped
 * for the terminal, Python float wrappers as numbers, cycles cut. Other values are kept, so the
 * diff prints them as the host prints values.
 */
export function escapeValueForDiff(
  value: unknown,
  seen: Map<object, unknown> = new Map(),
): unknown {
  if (typeof value === 'string') return escapeForTerminal(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof PyFloat) return value.value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(escapeValueForDiff(item, seen));
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    seen.set(value, out);
    for (const [k, item] of value as Map<unknown, unknown>)
      out.set(escapeValueForDiff(k, seen), escapeValueForDiff(item, seen));
    return out;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    seen.set(value, out);
    for (const [k, item] of orderedEntries(value))
      out[escapeForTerminal(k)] = escapeValueForDiff(item, seen);
    return out;
  }
  return value;
}

/**
 * The host's structured diff of a differing row's two values (`this.utils.diff`, as `toEqual`
 * prints it), indented under the row; empty when the host has no diff or sees no difference.
 */
export function valueDiff(utils: MatcherUtils, r: AlignmentRow): string[] {
  if (!r.gt || !r.pred || typeof utils.diff !== 'function') return [];
  const text = utils.diff(escapeValueForDiff(r.gt.value), escapeValueForDiff(r.pred.value), {
    omitAnnotationLines: true,
    expand: false,
    contextLines: 2,
  });
  if (typeof text !== 'string' || text === '' || text.includes('no visual difference')) return [];
  return text.split('\n').map((line) => `${DIFF_INDENT}${line}`.trimEnd());
}

function signed(x: number): string {
  const s = num(x);
  return s.startsWith('-') ? s : `+${s}`;
}

function firstTime(rows: readonly AlignmentRow[], side: 'gt' | 'pred'): number | undefined {
  let t: number | undefined;
  for (const r of rows) {
    const s = r[side];
    if (s && (t === undefined || s.timestamp < t)) t = s.timestamp;
  }
  return t;
}

function diverges(r: AlignmentRow): boolean {
  return !r.ignored && r.match !== true;
}

function mark(r: AlignmentRow): string {
  return !diverges(r) ? ' ' : r.gt && !r.pred ? '-' : !r.gt && r.pred ? '+' : '≠';
}

/** Indexes (into `rows`) of the rows that differ. */
function differing(rows: readonly AlignmentRow[]): number[] {
  const out: number[] = [];
  rows.forEach((r, i) => {
    if (diverges(r)) out.push(i);
  });
  return out;
}

/**
 * The alignment rows around the first divergence plus the other differing rows, capped at
 * `maxRows` shown rows, with the columns sized to `width`. A cut value keeps the part where the
 * two sides differ; the first `maxValueDiffs` differing rows whose values are objects, arrays or
 * were cut get the host's structured diff under them. Δt is each pair's time offset with both
 * traces measured from their first aligned event (timing, shown apart from value differences).
 */
export function alignmentSection(
  utils: MatcherUtils,
  result: EvaluationResult,
  layout: LayoutOptions | number = {},
): string[] {
  const opts: LayoutOptions = typeof layout === 'number' ? { maxRows: layout } : layout;
  const maxRows = opts.maxRows ?? MAX_ROWS;
  const maxValueDiffs = opts.maxValueDiffs ?? MAX_VALUE_DIFFS;
  const unit = opts.timeUnit ?? DEFAULT_TIME_UNIT;
  const rows = result.alignment_rows;
  const diff = differing(rows);
  const approx = approxByRow(result);
  // Rows matched only within tolerance are shown too (after the differing ones), marked ≈.
  const approxAt: number[] = [];
  if (approx.size > 0) rows.forEach((r, i) => approx.has(r.index) && approxAt.push(i));
  const first = diff[0] ?? approxAt[0];
  if (first === undefined) return [];
  const show = new Set<number>();
  for (let i = Math.max(0, first - CONTEXT); i <= Math.min(rows.length - 1, first + CONTEXT); i++)
    show.add(i);
  let shownDiff = diff.filter((i) => show.has(i)).length;
  for (const i of diff) {
    if (show.size >= maxRows) break;
    if (!show.has(i)) {
      show.add(i);
      shownDiff++;
    }
  }
  for (const i of approxAt) {
    if (show.size >= maxRows) break;
    show.add(i);
  }
  const hidden = diff.length - shownDiff;
  const hiddenApprox = approxAt.filter((i) => !show.has(i)).length;
  const gt0 = firstTime(rows, 'gt');
  const pr0 = firstTime(rows, 'pred');
  const idxWidth = Math.max(1, String(rows.length).length);
  const side = sideWidth(opts.width ?? FALLBACK_WIDTH, idxWidth);
  const within = approxAt.length ? `; ${approxAt.length} matched only within tolerance (≈)` : '';
  const lines: string[] = [
    (diff.length
      ? `Alignment: ${plural(diff.length, 'row')} of ${rows.length} differ, the first at row ${first + 1}${within} `
      : `Alignment: 0 rows of ${rows.length} differ${within} `) +
      utils.DIM_COLOR('(≠ differs, - missing from received, + extra in received)'),
    utils.DIM_COLOR(
      `     ${pad('#', idxWidth, '>')}  ${pad('golden', side, '<')}  ${pad('received', side, '<')}  Δt (${unit})`,
    ),
  ];
  let prev = -1;
  let diffsShown = 0;
  let diffsWanted = 0;
  for (const i of [...show].sort((a, b) => a - b)) {
    const r = rows[i];
    if (!r) continue;
    if (prev >= 0 && i > prev + 1) lines.push(utils.DIM_COLOR(`     ${pad('⋮', idxWidth, '>')}`));
    prev = i;
    let dt = '';
    if (r.gt && r.pred && gt0 !== undefined && pr0 !== undefined) {
      dt = signed(r.pred.timestamp - pr0 - (r.gt.timestamp - gt0));
    }
    const at = diverges(r) ? valueDifference(r) : undefined;
    const gtText = sideText(r.gt, side, at);
    const prText = sideText(r.pred, side, at);
    const g = pad(gtText, side, '<');
    const p = dt === '' ? prText : pad(prText, side, '<');
    const index = pad(String(r.index), idxWidth, '>');
    const a = approx.get(r.index);
    if (a !== undefined && r.match === true) {
      lines.push(`  ≈  ${index}  ${g}  ${p}  ${dt}  ${utils.DIM_COLOR(deltaText(a))}`.trimEnd());
      continue;
    }
    if (!diverges(r)) {
      lines.push(utils.DIM_COLOR(`  ${mark(r)}  ${index}  ${g}  ${p}  ${dt}`.trimEnd()));
      continue;
    }
    lines.push(
      `  ${mark(r)}  ${index}  ${utils.EXPECTED_COLOR(g)}  ${utils.RECEIVED_COLOR(p)}  ${dt}`.trimEnd(),
    );
    if (
      r.gt &&
      r.pred &&
      (wantsDiff(r.gt.value) || wantsDiff(r.pred.value) || !fits(r.gt, side) || !fits(r.pred, side))
    ) {
      diffsWanted++;
      if (diffsShown < maxValueDiffs) {
        const d = valueDiff(utils, r);
        if (d.length) {
          lines.push(...d);
          diffsShown++;
        }
      }
    }
  }
  if (hidden > 0) lines.push(`  … ${hidden} more differing ${hidden === 1 ? 'row' : 'rows'}`);
  if (hiddenApprox > 0) lines.push(`  … ${hiddenApprox} more within tolerance`);
  if (diffsWanted > diffsShown && diffsShown > 0) {
    lines.push(
      utils.DIM_COLOR(
        `  (value diffs shown for the first ${plural(diffsShown, 'row')}; … and ${diffsWanted - diffsShown} more)`,
      ),
    );
  }
  return lines;
}

/**
 * The first differing rows in one line each (`≠ 7 motor:x = 2 → motor:x = 3`), escaped and without
 * colour: for places that print plain text, such as `expect.traceMatching` inside another matcher's
 * diff. At most `max` rows, then "… and N more".
 */
export function differingRowsBrief(
  result: EvaluationResult,
  max = 3,
  width = FALLBACK_WIDTH,
): string[] {
  const rows = result.alignment_rows;
  const diff = differing(rows);
  const side = Math.max(MIN_SIDE, Math.floor((width - 12) / 2));
  const out: string[] = [];
  for (const i of diff.slice(0, max)) {
    const r = rows[i];
    if (!r) continue;
    const at = valueDifference(r);
    out.push(
      `${mark(r)} row ${r.index}: ${sideText(r.gt, side, at)} → ${sideText(r.pred, side, at)}`,
    );
  }
  if (diff.length > max)
    out.push(
      `… and ${diff.length - max} more differing ${diff.length - max === 1 ? 'row' : 'rows'}`,
    );
  return out;
}

/** The rows that matched only within tolerance, by row index (judged in `compare/`). */
function approxByRow(result: EvaluationResult): Map<number, ToleranceUse> {
  const out = new Map<number, ToleranceUse>();
  for (const u of result.tolerance?.rows ?? []) out.set(u.index, u);
  return out;
}

/**
 * Per channel with differing numbers: the comparator in force (naming the default when the
 * channel has no comparator of its own) and what its tolerance absorbed.
 */
export function toleranceSection(utils: MatcherUtils, result: EvaluationResult): string[] {
  const t = result.tolerance;
  if (t === undefined || t.channels.length === 0) return [];
  const head = utils.DIM_COLOR('Tolerance:');
  const each = t.channels.map((ch) => `${channelRuleLine(ch)}: ${channelCountsLine(ch)}`);
  if (t.within === 0 && each.length === 1) return [`${head} ${each[0]!}`];
  const lines = [
    t.within > 0
      ? `${head} ${plural(t.within, 'value')} matched only within tolerance (≈)`
      : `${head} no value matched only within tolerance`,
  ];
  for (const line of each) lines.push(`  ${line}`);
  return lines;
}

/** Timing of the matched pairs, apart from value differences, in `unit`. */
export function timingSection(
  utils: MatcherUtils,
  result: EvaluationResult,
  unit: TimeUnit = DEFAULT_TIME_UNIT,
): string[] {
  const rows = result.alignment_rows;
  const gt0 = firstTime(rows, 'gt');
  const pr0 = firstTime(rows, 'pred');
  if (gt0 === undefined || pr0 === undefined) return [];
  let n = 0;
  let sum = 0;
  let worst = 0;
  for (const r of rows) {
    if (r.match !== true || !r.gt || !r.pred) continue;
    const dt = r.pred.timestamp - pr0 - (r.gt.timestamp - gt0);
    n++;
    sum += dt;
    if (Math.abs(dt) > Math.abs(worst)) worst = dt;
  }
  if (n === 0) return [];
  const bits = [
    `Δt up to ${signed(worst)} ${unit} (mean ${signed(sum / n)} ${unit}) over ${plural(n, 'matched event')}`,
  ];
  const timing = result.metrics[result.decision.timing_metric_name] ?? result.metrics['timing'];
  const d = timing?.details;
  if (d && typeof d['slope'] === 'number' && typeof d['r2'] === 'number') {
    bits.push(`slope ${num(d['slope'])}, r² ${num(d['r2'])}`);
    if (typeof d['duration_ratio'] === 'number')
      bits.push(`duration ratio ${num(d['duration_ratio'])}`);
  }
  return [`${utils.DIM_COLOR('Timing:')} ${bits.join('; ')}`];
}

/**
 * Best-of: which golden won and every candidate's score. Candidates are numbered from 1 in the
 * order given (`#2` is the second golden, the second `--gt`); `best_index` is the JSON report's
 * 0-based key, shown so the two can be matched.
 */
export function bestOfLine(result: EvaluationResult): string[] {
  const scores = result.candidate_full_scores;
  if (scores === undefined) return [];
  const best = result.best_index ?? -1;
  const list = scores.map((s, i) => `#${i + 1} ${num(s)}`).join(', ');
  return [
    best >= 0
      ? `Best of ${scores.length} goldens: golden #${best + 1} of ${scores.length} (best_index ${best}); full scores ${list}`
      : `Best of ${scores.length} goldens: none scored above -1 (best_index -1, an empty golden was used); full scores ${list}`,
  ];
}

export interface MessageInput {
  readonly matcherName: string;
  readonly isNot: boolean;
  /** Hint arguments: what the expected side is called. */
  readonly expectedLabel: string;
  readonly secondArgument?: string;
  readonly result: EvaluationResult;
  readonly rule: PassRule;
  /** Extra lines after the verdict (e.g. the golden file, how to update it). */
  readonly notes?: readonly string[];
  /** What the golden is called in the sentence. @default "the golden trace" */
  readonly goldenNoun?: string;
  /** Width, time unit and caps of the alignment and timing sections. */
  readonly layout?: LayoutOptions;
}

/** The whole failure message for a positive or negated check. */
export function failureMessage(utils: MatcherUtils, input: MessageInput): string {
  const { result, rule, isNot } = input;
  const noun = input.goldenNoun ?? DEFAULT_GOLDEN_NOUN;
  const hintOptions =
    input.secondArgument === undefined
      ? { isNot }
      : { isNot, secondArgument: input.secondArgument };
  const hint = utils.matcherHint(input.matcherName, 'received', input.expectedLabel, hintOptions);
  const out: string[] = [hint, '', verdictSentence(result, rule, isNot, noun)];
  if (input.notes?.length) out.push(...input.notes);
  // Config entries the evaluation used none of (default mode): the user may think they applied.
  for (const w of result.warnings ?? []) out.push(`Warning: ${escapeForTerminal(w)}`);
  out.push(...bestOfLine(result));
  out.push('', ...metricTable(utils, result, rule));
  if (!isNot) {
    const align = alignmentSection(utils, result, input.layout);
    if (align.length) out.push('', ...align);
  }
  const tolerance = toleranceSection(utils, result);
  if (tolerance.length) out.push('', ...tolerance);
  const timing = timingSection(utils, result, input.layout?.timeUnit);
  if (timing.length) out.push('', ...timing);
  return out.join('\n');
}
