/**
 * The verdict sentence of a failed trace check, one source for every place that states it: the
 * matchers' failure messages (`matchers/message.ts`) and the run-report records of matcher calls
 * and of batch pairs (`failure`), so the HTML overview shows what the terminal showed.
 *
 * Trace-derived strings (metric names, failure reasons) are escaped for the terminal, as the
 * matcher message prints them; the sentence is plain text (no colour).
 */
import {
  boundedAlignmentNote,
  type AlignmentRow,
  type AlignmentRowSide,
  type EvaluationResult,
} from '../evaluate/types.js';
import { selectPolicy } from '../evaluate/options.js';
import { listLength, listSlice } from '../metrics/lazy.js';
import { notMeasuredReason, unmeasuredChannels } from '../metrics/measured.js';
import type { ChannelTolerance } from '../compare/tolerance-use.js';
import { clipForMessage } from '../io/terminal.js';
import type { ReportStyle } from '../policy/index.js';
import { isPyNumber, PyFloat } from '../py/value.js';
import { escapeForTerminal, firstDifference, truncateAround } from './escape.js';
import { digitsApart, pyFixed, renderValue, scoreFixed } from './format.js';
import { beyondTolerance, shortNumber, toleranceWords } from './tolerance.js';

/** What a check requires of an evaluation to pass. */
export interface PassRule {
  /** @default true */
  readonly requireAccuracy: boolean;
  readonly minScore: number | undefined;
}

/** What the golden is called in the verdict sentence unless the caller says otherwise. */
export const DEFAULT_GOLDEN_NOUN = 'the golden trace';

/** `1 row`, `2 rows` (`many` for an irregular plural). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/**
 * `1 of 2 channels not measured`: what every report (the text report, the matcher's metric table,
 * the run reports) says after a combined continuous score some of whose channels were not
 * measured (default mode; their stand-ins are in the mean). The one place these words are made.
 */
export function channelsNotMeasuredText(count: number, total: number): string {
  return `${count} of ${plural(total, 'channel')} not measured`;
}

/**
 * `31 intervals zero in the golden left out`: what the text report and the verdict say after a
 * timing MAPE that left out intervals zero in the golden (default mode, B11).
 */
export function intervalsLeftOut(count: number): string {
  return `${plural(count, 'interval')} zero in the golden left out`;
}

/** A score, ratio or time as the verdicts show it: three decimals, as the Python reference. */
export function fixed3(x: number): string {
  return pyFixed(x, 3);
}

/**
 * Differences the alignment shows: value/channel mismatches, missing and extra events, and (with
 * `findCauses`):
 * - `moved`: how many missing events the prediction has elsewhere (a missing and an extra event
 *   with the same channel and the same value, as the report prints it, are one event out of
 *   order; `missing` and `extra` still count them);
 * - `newChannels`: the channels of the extra events that are not moved, when every one of them is
 *   on a channel the golden has no event on (a heartbeat, a debug log), at most `NEW_CHANNELS_SHOWN`
 *   of them; else empty;
 * - `repeats`: how many extra events repeat the predicted event of the row before or after them
 *   (same channel and value: a program that did a step twice);
 * - `valuesOff`: the mismatches of pairs on one channel (the event is there, its value is not the
 *   golden's), see `ValuesOff`; `toleranceOf` gives a channel's tolerance (from the result's
 *   tolerance summary), asked at most once per such pair;
 * - `inOrder`: whether both sides' timestamps never go back along the rows.
 * Causes are looked for only while each side has at most `CAUSE_CAP` such events and the golden at
 * most `CAUSE_CAP` channels, and values off only while there are at most `CAUSE_CAP` of them (else
 * none is named), so a count stays cheap: O(1) per row beyond the cap, and one value rendered.
 */
export function rowCounts(
  rows: Iterable<AlignmentRow>,
  findCauses = false,
  toleranceOf?: (channel: string) => ToleranceRule | undefined,
): RowCounts {
  let mismatches = 0;
  let missing = 0;
  let extra = 0;
  const off = findCauses ? new ValuesOffTally(toleranceOf) : undefined;
  let inOrder = true;
  let gtAt = -Infinity;
  let predAt = -Infinity;
  const gone = findCauses ? new Map<string, Tally>() : undefined;
  const added = findCauses ? new Map<string, Tally>() : undefined;
  const gtChannels = findCauses ? new Set<string>() : undefined;
  let repeats = 0;
  const quoted: AlignmentRow[] | undefined = findCauses ? [] : undefined;
  let before: AlignmentRowSide | null = null; // the predicted event of the row before
  let pending: AlignmentRowSide | null = null; // an extra event that may repeat the next one
  // Moved events' times (from each side's first event), by event key, in row order.
  const goneAt = findCauses ? new Map<string, number[]>() : undefined;
  const addedAt = findCauses ? new Map<string, number[]>() : undefined;
  let gtStart: number | undefined;
  let predStart: number | undefined;
  for (const r of rows) {
    const previous = before;
    before = r.pred;
    if (pending && r.pred && sameEvent(pending, r.pred)) repeats++;
    pending = null;
    if (r.gt) gtStart ??= r.gt.timestamp;
    if (r.pred) predStart ??= r.pred.timestamp;
    if (r.ignored) continue;
    if (r.gt && gtChannels && gtChannels.size <= CAUSE_CAP) gtChannels.add(r.gt.channel);
    if (off) {
      // `!(a >= b)` so that a NaN timestamp is no proof of order either.
      if (r.gt && !(r.gt.timestamp >= gtAt)) inOrder = false;
      else if (r.gt) gtAt = r.gt.timestamp;
      if (r.pred && !(r.pred.timestamp >= predAt)) inOrder = false;
      else if (r.pred) predAt = r.pred.timestamp;
    }
    if (r.gt && !r.pred) {
      if (++missing <= CAUSE_CAP) {
        tally(gone, r.gt);
        timeAt(goneAt, r.gt, r.gt.timestamp - gtStart!);
      }
    } else if (!r.gt && r.pred) {
      if (++extra <= CAUSE_CAP && added) {
        tally(added, r.pred);
        timeAt(addedAt, r.pred, r.pred.timestamp - predStart!);
        if (previous && sameEvent(previous, r.pred)) repeats++;
        else pending = r.pred;
      }
    } else if (r.gt && r.pred && r.match === false) {
      if (++mismatches <= MISMATCHES_QUOTED) quoted?.push(r);
      if (off && r.gt.channel === r.pred.channel) off.add(r.gt, r.pred);
    }
  }
  let moved = 0;
  let movedBy: MovedBy | undefined;
  let newChannels: string[] = [];
  if (
    gone &&
    added &&
    gtChannels &&
    missing <= CAUSE_CAP &&
    extra <= CAUSE_CAP &&
    gtChannels.size <= CAUSE_CAP
  ) {
    const unmoved = new Map<string, number>(); // channel → extra events not moved
    const shift = new ShiftTally();
    for (const [key, { channel, n }] of added) {
      const m = Math.min(n, gone.get(key)?.n ?? 0);
      moved += m;
      if (n > m) unmoved.set(channel, (unmoved.get(channel) ?? 0) + n - m);
      // The k-th missing and the k-th extra event of one key: one event, so far late (or early).
      const g = goneAt!.get(key)!;
      const p = addedAt!.get(key)!;
      for (let k = 0; k < m; k++) shift.add(channel, p[k]! - g[k]!);
    }
    movedBy = shift.result(moved);
    let counted = 0;
    for (const [channel, n] of unmoved) {
      if (gtChannels.has(channel)) {
        newChannels = [];
        counted = -1;
        break;
      }
      newChannels.push(channel);
      counted += n;
    }
    // Every extra event not moved was tallied (a value too long to key leaves it uncounted).
    if (counted !== extra - moved || newChannels.length > NEW_CHANNELS_SHOWN) newChannels = [];
  }
  if (extra > CAUSE_CAP) repeats = 0;
  const valuesOff = off?.result();
  return {
    mismatches,
    missing,
    extra,
    moved,
    ...(movedBy === undefined ? {} : { movedBy }),
    newChannels,
    repeats,
    ...(valuesOff === undefined ? {} : { valuesOff, inOrder }),
    ...(quoted !== undefined && quoted.length > 0 && mismatches <= MISMATCHES_QUOTED
      ? { mismatchRows: quoted }
      : {}),
  };
}

/**
 * Most mismatches a verdict quotes by row (with causes): a few wrong values name themselves, so
 * the reader needs no table row that the report's row limit may have cut.
 */
export const MISMATCHES_QUOTED = 3;

/** What `rowCounts` counts (`valuesOff` and `inOrder` only with causes, and values off). */
export interface RowCounts {
  readonly mismatches: number;
  readonly missing: number;
  readonly extra: number;
  readonly moved: number;
  /** With causes, two or more moved events all late (or all early): how far, on which channels. */
  readonly movedBy?: MovedBy;
  readonly newChannels: readonly string[];
  readonly repeats: number;
  readonly valuesOff?: ValuesOff;
  readonly inOrder?: boolean;
  /** With causes, at most `MISMATCHES_QUOTED` mismatches: their rows, in order (else absent). */
  readonly mismatchRows?: readonly AlignmentRow[];
}

/**
 * How far moved events are from their golden place in time: each moved event's predicted time
 * minus its golden time (both from their trace's first event), when every one is late (> 0) or
 * every one early (< 0). A topic that publishes a little late crosses the next topic's messages
 * and reads as out of order; this says it is a delay.
 */
export interface MovedBy {
  /** Their channels in first-seen order, at most `NEW_CHANNELS_SHOWN` kept. */
  readonly channels: readonly string[];
  readonly channelCount: number;
  /** The smallest and largest shift (same sign; seconds when the traces' times are). */
  readonly min: number;
  readonly max: number;
}

/** The running tally behind `MovedBy`. */
class ShiftTally {
  private readonly channels = new Set<string>();
  private n = 0;
  private min = Infinity;
  private max = -Infinity;
  private untimed = false; // a NaN shift (a NaN timestamp) is no proof of a delay

  add(channel: string, d: number): void {
    this.channels.add(channel);
    this.n++;
    if (Number.isNaN(d)) this.untimed = true;
    this.min = Math.min(this.min, d);
    this.max = Math.max(this.max, d);
  }

  /** The shift when all `moved` events were timed, at least two, and all on one side of zero. */
  result(moved: number): MovedBy | undefined {
    if (moved < 2 || this.n !== moved || this.untimed) return undefined;
    if (!(this.min > 0 || this.max < 0)) return undefined;
    return {
      channels: [...this.channels].slice(0, NEW_CHANNELS_SHOWN),
      channelCount: this.channels.size,
      min: this.min,
      max: this.max,
    };
  }
}

/** Record an event's time under its key (`eventKey`); nothing without a map or a key. */
function timeAt(map: Map<string, number[]> | undefined, side: AlignmentRowSide, t: number): void {
  if (!map) return;
  const key = eventKey(side);
  if (key === undefined) return;
  const list = map.get(key);
  if (list) list.push(t);
  else map.set(key, [t]);
}

/**
 * ` (all on /status, each 15 ms late)`: the shift of moved events in words (`MovedBy`), empty
 * without one. Times under a second in ms, the traces' times taken as seconds (as the reports
 * print them). Channels escaped.
 */
function movedByText(m: MovedBy | undefined): string {
  if (m === undefined) return '';
  const on = m.channels.map(escapeForTerminal);
  const where =
    m.channelCount > NEW_CHANNELS_SHOWN
      ? `on ${m.channelCount} channels`
      : `${on.length === 1 ? 'all on' : 'on'} ${listText(on)}`;
  const late = m.min > 0;
  const lo = Math.min(Math.abs(m.min), Math.abs(m.max));
  const hi = Math.max(Math.abs(m.min), Math.abs(m.max));
  const ms = hi < 1;
  const a = shortNumber(ms ? lo * 1000 : lo);
  const b = shortNumber(ms ? hi * 1000 : hi);
  const by = a === b ? `each ${a}` : `${a}–${b}`;
  return ` (${where}, ${by} ${ms ? 'ms' : 's'} ${late ? 'late' : 'early'})`;
}

/** The tolerance of a channel's comparator, as the result's tolerance summary states it. */
export type ToleranceRule = Pick<ChannelTolerance, 'rel_tol' | 'abs_tol'>;

/**
 * The mismatches of aligned pairs on one channel: the predicted event is there, on the golden's
 * channel and in its place, and only its value differs.
 */
export interface ValuesOff {
  readonly count: number;
  /** Their channels in first-seen order, at most `NEW_CHANNELS_SHOWN` kept. */
  readonly channels: readonly string[];
  /** How many channels they are on. */
  readonly channelCount: number;
  /** Pairs of two finite numbers among them. */
  readonly numbers: number;
  /** The smallest and the largest |golden − predicted| of those numbers (0 when none). */
  readonly minDelta: number;
  readonly maxDelta: number;
  /**
   * The tolerance in words when every number's channel has one and all say the same (`abs 2`),
   * else `undefined` (an exact comparator, several tolerances, a result without its summary).
   */
  readonly tolerance: string | undefined;
  /** Numbers just beyond their tolerance (`NEAR_MISS`: within twice the bound of a match). */
  readonly nearMisses: number;
  /** How far beyond its tolerance the closest of them is (0 when there is none). */
  readonly closest: number;
  /**
   * The first pair that is not two numbers, as the verdict quotes it (rendered, clipped,
   * escaped for the terminal); `undefined` when every pair is numbers.
   */
  readonly example: { readonly gt: string; readonly pred: string } | undefined;
  /**
   * Pairs whose predicted value is the golden's number written as text (`"7000"` for 7000, within
   * the channel's tolerance), and the other way round: a habit (`str(value)`, a CSV read without
   * types), not a wrong value, and the verdict says so.
   */
  readonly numberAsText: number;
  readonly textAsNumber: number;
}

/**
 * A number just beyond its tolerance: its difference is at most `NEAR_MISS` times the bound that
 * would have let it match (2: at most as far beyond the bound as the bound is wide).
 */
const NEAR_MISS = 2;

/** Longest rendered value quoted as a verdict's example (then clipped by `clipForMessage`). */
const EXAMPLE_RENDER_LIMIT = 64;

/** A finite double of a number value (`bigint` and a Python float included), else `undefined`. */
function finiteNumber(v: unknown): number | undefined {
  if (!isPyNumber(v)) return undefined;
  const x = v instanceof PyFloat ? v.value : Number(v);
  return Number.isFinite(x) ? x : undefined;
}

/** A value quoted in a verdict: a string clipped inside its quotes, else its rendering clipped. */
function quoteValue(v: unknown): string {
  const shown =
    typeof v === 'string'
      ? JSON.stringify(clipForMessage(v))
      : clipForMessage(renderValue(v, EXAMPLE_RENDER_LIMIT));
  return escapeForTerminal(shown);
}

/**
 * A mismatched row as a verdict quotes it: `row 58 det:counts: 9999 instead of 1270` (predicted
 * instead of golden), or with both channels when they differ (`row 5: det:counts 1040 instead of
 * mono:energy 8984`). Channels escaped, values clipped and escaped (`quoteValue`).
 */
export function mismatchRowText(r: AlignmentRow): string {
  if (!r.gt || !r.pred) return `row ${r.index}`;
  // Both cut around where they first differ, so two long values never quote alike.
  const gv = renderValue(r.gt.value, QUOTE_RENDER_LIMIT);
  const pv = renderValue(r.pred.value, QUOTE_RENDER_LIMIT);
  const at = firstDifference(gv, pv);
  const g = escapeForTerminal(truncateAround(gv, QUOTE_WIDTH, at));
  const p = escapeForTerminal(truncateAround(pv, QUOTE_WIDTH, at));
  if (r.gt.channel === r.pred.channel)
    return `row ${r.index} ${escapeForTerminal(r.gt.channel)}: ${p} instead of ${g}`;
  return `row ${r.index}: ${escapeForTerminal(r.pred.channel)} ${p} instead of ${escapeForTerminal(r.gt.channel)} ${g}`;
}

/** Longest rendering of a quoted row's value looked at, and the width it is cut to. */
const QUOTE_RENDER_LIMIT = 4096;
const QUOTE_WIDTH = 40;

/** `row 58`, `rows 2 and 4`, `rows 2, 4 and 6`. */
function rowsText(rows: readonly AlignmentRow[]): string {
  return rows.length === 1
    ? `row ${rows[0]!.index}`
    : `rows ${listText(rows.map((r) => String(r.index)))}`;
}

/** The running tally behind `ValuesOff`: O(1) per pair, nothing past `CAUSE_CAP` pairs. */
class ValuesOffTally {
  private count = 0;
  private readonly channels = new Set<string>();
  private numbers = 0;
  private minDelta = Infinity;
  private maxDelta = 0;
  private tolerance: string | undefined | null = null; // null: no number yet
  private nearMisses = 0;
  private closest = Infinity;
  private example: ValuesOff['example'];
  private numberAsText = 0;
  private textAsNumber = 0;
  constructor(private readonly toleranceOf?: (channel: string) => ToleranceRule | undefined) {}

  add(gt: AlignmentRowSide, pred: AlignmentRowSide): void {
    if (++this.count > CAUSE_CAP) return;
    this.channels.add(gt.channel);
    const g = finiteNumber(gt.value);
    const p = finiteNumber(pred.value);
    if (g === undefined || p === undefined) {
      this.example ??= { gt: quoteValue(gt.value), pred: quoteValue(pred.value) };
      const rule = this.toleranceOf?.(gt.channel);
      if (g !== undefined && sameNumber(g, numberInText(pred.value), rule)) this.numberAsText++;
      else if (p !== undefined && sameNumber(p, numberInText(gt.value), rule)) this.textAsNumber++;
      return;
    }
    this.numbers++;
    const delta = Math.abs(g - p);
    this.minDelta = Math.min(this.minDelta, delta);
    this.maxDelta = Math.max(this.maxDelta, delta);
    const rule = this.toleranceOf?.(gt.channel);
    const words = rule === undefined ? undefined : toleranceWords(rule);
    this.tolerance = this.tolerance === null || this.tolerance === words ? words : undefined;
    const beyond = rule === undefined ? undefined : beyondTolerance(g, p, rule);
    if (beyond !== undefined && beyond.excess > 0 && delta <= NEAR_MISS * beyond.bound) {
      this.nearMisses++;
      this.closest = Math.min(this.closest, beyond.excess);
    }
  }

  /** The tally, or `undefined` when there was nothing off or more than `CAUSE_CAP`. */
  result(): ValuesOff | undefined {
    if (this.count === 0 || this.count > CAUSE_CAP) return undefined;
    return {
      count: this.count,
      channels: [...this.channels].slice(0, NEW_CHANNELS_SHOWN),
      channelCount: this.channels.size,
      numbers: this.numbers,
      minDelta: this.numbers ? this.minDelta : 0,
      maxDelta: this.maxDelta,
      tolerance: this.tolerance ?? undefined,
      nearMisses: this.nearMisses,
      closest: this.nearMisses ? this.closest : 0,
      example: this.example,
      numberAsText: this.numberAsText,
      textAsNumber: this.textAsNumber,
    };
  }
}

/** The number a string spells (`" 7000 "`, `"7.0e3"`), else `undefined`. */
function numberInText(v: unknown): number | undefined {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const x = Number(v);
  return Number.isFinite(x) ? x : undefined;
}

/** Whether `x` is `y` as the channel's tolerance sees it (exactly, without one). */
function sameNumber(x: number, y: number | undefined, rule: ToleranceRule | undefined): boolean {
  if (y === undefined) return false;
  if (x === y) return true;
  const beyond = rule === undefined ? undefined : beyondTolerance(x, y, rule);
  return beyond !== undefined && beyond.excess <= 0;
}

/**
 * `, each the golden's number as text` when the values that are not two numbers are numbers
 * written as text on one side (all `others` of them, else how many).
 */
function typeNote(v: ValuesOff, others: number): string {
  const [k, what] =
    v.numberAsText > 0
      ? [v.numberAsText, "the golden's number as text"]
      : [v.textAsNumber, "the golden's text as a number"];
  if (k === 0 || v.numberAsText + v.textAsNumber !== k) return ''; // none, or both kinds: no rule
  if (k === others) return others === 1 ? `, ${what}` : `, each ${what}`;
  return `, ${k} of them ${what}`;
}

/**
 * Values off in words, the one place the phrase is made: `30 values off (all on mono:energy, Δ
 * 2.1, tolerance abs 2: each just beyond it, the closest by 0.1)`, `3 values differ (all on
 * gripper:cmd, e.g. "close" instead of "open")`, or both kinds in one phrase. Channels escaped.
 */
export function valuesOffText(v: ValuesOff): string {
  const on = v.channels.map(escapeForTerminal);
  const where =
    v.channelCount > NEW_CHANNELS_SHOWN
      ? `on ${v.channelCount} channels`
      : `${v.count > 1 && on.length === 1 ? 'all on' : 'on'} ${listText(on)}`;
  const others = v.count - v.numbers;
  const example =
    typeNote(v, others) +
    (v.example === undefined ? '' : `, e.g. ${v.example.pred} instead of ${v.example.gt}`);
  if (v.numbers === 0)
    return `${plural(v.count, 'value differs', 'values differ')} (${where}${example})`;
  const lo = shortNumber(v.minDelta);
  const hi = shortNumber(v.maxDelta);
  let numbers = `Δ ${lo === hi ? lo : `${lo}–${hi}`}`;
  if (v.tolerance !== undefined) numbers += `, tolerance ${v.tolerance}`;
  if (v.nearMisses > 0) {
    const it = v.tolerance === undefined ? 'its tolerance' : 'it';
    const by = shortNumber(v.closest);
    numbers +=
      v.numbers === 1
        ? `: just beyond ${it}, by ${by}`
        : `: ${v.nearMisses === v.numbers ? 'each' : String(v.nearMisses)} just beyond ${it}, the closest by ${by}`;
  }
  if (others === 0) return `${plural(v.count, 'value')} off (${where}, ${numbers})`;
  return `${plural(v.count, 'value')} off (${where}; ${plural(v.numbers, 'number')}, ${numbers}; ${plural(others, 'other value')}${example})`;
}

/** `a`, `a and b`, `a, b and c`. */
function listText(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/**
 * An event's identity for the causes `rowCounts` names: its channel and its value as the report
 * prints it; `undefined` for a value longer than `MOVE_VALUE_LIMIT` (cut to fit, so unknown).
 */
function eventKey(side: AlignmentRowSide): string | undefined {
  const value = renderValue(side.value, MOVE_VALUE_LIMIT);
  return value.length > MOVE_VALUE_LIMIT ? undefined : JSON.stringify([side.channel, value]);
}

/** Same channel and the same value as the report prints it (a value cut to fit is never the same). */
function sameEvent(a: AlignmentRowSide, b: AlignmentRowSide): boolean {
  if (a.channel !== b.channel) return false;
  const key = eventKey(a);
  return key !== undefined && key === eventKey(b);
}

/**
 * Most missing (and extra) events, golden channels and values off among which `rowCounts` looks
 * for causes.
 */
export const CAUSE_CAP = 10_000;

/** Most channels the golden lacks that a verdict names for its extra events. */
const NEW_CHANNELS_SHOWN = 3;

/** Longest rendered value an event out of order is recognised by (a longer one is cut, so unknown). */
const MOVE_VALUE_LIMIT = 4096;

/** Events of one channel and value (keyed by both). */
interface Tally {
  readonly channel: string;
  n: number;
}

function tally(keys: Map<string, Tally> | undefined, side: AlignmentRowSide): void {
  if (!keys) return;
  const key = eventKey(side);
  if (key === undefined) return;
  const t = keys.get(key);
  if (t) t.n++;
  else keys.set(key, { channel: side.channel, n: 1 });
}

/**
 * The result's alignment rows, a block at a time: reading `alignment_rows` would build and keep
 * every row of a still-lazy list (a 1M-event report's text would hold them all), for a count.
 */
function* rowsOf(result: EvaluationResult): Generator<AlignmentRow> {
  const n = listLength(result, 'alignment_rows');
  for (let k = 0; k < n; k += ROW_BLOCK)
    yield* listSlice<AlignmentRow>(result, 'alignment_rows', k, k + ROW_BLOCK);
}

/** Rows built at a time by `rowsOf`. */
const ROW_BLOCK = 4096;

/** Time-unit factors a failed timing is checked against: predicted/golden, its words. */
const UNIT_FACTORS: ReadonlyArray<readonly [factor: number, times: string, which: string]> = [
  [1000, '1000×', 'ms for s'],
  [1e6, '10⁶×', 'µs for s'],
  [1e9, '10⁹×', 'ns for s'],
  [60, '60×', 's for min'],
  [3600, '3600×', 's for h'],
  [1 / 1000, '1/1000 of', 's for ms'],
  [1 / 1e6, '10⁻⁶ of', 's for µs'],
  [1 / 1e9, '10⁻⁹ of', 's for ns'],
  [1 / 60, '1/60 of', 'min for s'],
  [1 / 3600, '1/3600 of', 'h for s'],
];

/** How close (relative) slope and duration ratio must both be to a factor to name it. */
const UNIT_FACTOR_TOL = 0.05;

/**
 * `predicted times are 1000× the golden's: a time unit mix-up (ms for s?)` when the fitted slope
 * and the duration ratio are both within 5 % of one time-unit factor; else `undefined`.
 */
export function unitMixUp(slope: unknown, durationRatio: unknown): string | undefined {
  if (typeof slope !== 'number' || typeof durationRatio !== 'number') return undefined;
  for (const [factor, times, which] of UNIT_FACTORS) {
    if (
      Math.abs(slope / factor - 1) <= UNIT_FACTOR_TOL &&
      Math.abs(durationRatio / factor - 1) <= UNIT_FACTOR_TOL
    )
      return `predicted times are ${times} the golden's: a time unit mix-up (${which}?)`;
  }
  return undefined;
}

/**
 * What the extra events that are not moved have in common, in parentheses (empty when nothing):
 * all on channels the golden lacks, or (with no move) each a repeat of the event beside it.
 */
function extraCause({ extra, moved, newChannels, repeats }: RowCounts): string {
  if (newChannels.length > 0) {
    const on = listText(newChannels.map(escapeForTerminal));
    return newChannels.length === 1
      ? ` (all on ${on}, a channel not in the golden)`
      : ` (all on ${on}, channels not in the golden)`;
  }
  if (moved > 0 || repeats !== extra) return '';
  return extra === 1 ? ' (the same event twice in a row)' : ' (each the same event twice in a row)';
}

/**
 * The values off a verdict names: two or more (a pattern the rows alone do not sum up), or one
 * just beyond its tolerance; a single value far off is `1 mismatch` quoted with its row and values
 * (`mismatchRowText`).
 */
function namedValuesOff({ valuesOff }: RowCounts): ValuesOff | undefined {
  return valuesOff && (valuesOff.count >= 2 || valuesOff.nearMisses > 0) ? valuesOff : undefined;
}

/**
 * A channel's tolerance from the result's tolerance summary, built on the first question (the
 * summary is a pass over the alignment; a result read back from JSON has none).
 */
function toleranceLookup(result: EvaluationResult): (channel: string) => ToleranceRule | undefined {
  let byChannel: Map<string, ToleranceRule> | undefined;
  return (channel) => {
    byChannel ??= new Map((result.tolerance?.channels ?? []).map((c) => [c.channel, c]));
    return byChannel.get(channel);
  };
}

/**
 * The measures a continuous channel failed on, against their thresholds (`mae 3 > 1`, `final
 * value off by 3 > 1`), from its details (default mode: B10 records the thresholds); empty when
 * the details do not say (reference mode, a user's per-channel metric, a channel that passed).
 */
export function continuousFailures(details: unknown): string[] {
  if (typeof details !== 'object' || details === null) return [];
  const d = details as Record<string, unknown>;
  const out: string[] = [];
  const over = (value: unknown, thresh: unknown, words: string): void => {
    if (typeof value === 'number' && typeof thresh === 'number' && !(value <= thresh))
      out.push(`${words} ${shortNumber(value)} > ${shortNumber(thresh)}`);
  };
  over(d['mae'], d['mae_thresh'], 'mae');
  over(d['final_diff'], d['final_thresh'], 'final value off by');
  return out;
}

/** `ring:current: mae 3 > 1, final value off by 3 > 1` for each failed channel that says why. */
function continuousChannelFailures(d: Readonly<Record<string, unknown>>): string[] {
  const per = d['per_channel'];
  if (typeof per !== 'object' || per === null) return [];
  const out: string[] = [];
  for (const [ch, info] of Object.entries(per as Record<string, unknown>)) {
    const i = info as { binary_pass?: unknown; details?: unknown } | null;
    if (i === null || i.binary_pass !== false) continue;
    const why = continuousFailures(i.details);
    if (why.length) out.push(`${escapeForTerminal(ch)} ${why.join(', ')}`);
  }
  return out;
}

/** What of the report style the verdict reads. */
type VerdictStyle = Pick<ReportStyle, 'showUnmeasured' | 'namesCauses'>;

function describeFailedPart(result: EvaluationResult, name: string, style: VerdictStyle): string {
  const { showUnmeasured } = style;
  const safe = escapeForTerminal(name);
  const metric = result.metrics[name];
  if (name === 'discrete' && metric) {
    const counts = rowCounts(rowsOf(result), style.namesCauses, toleranceLookup(result));
    const { mismatches, missing, extra, moved } = counts;
    const bits: string[] = [];
    const off = namedValuesOff(counts);
    if (off) {
      if (missing === 0 && extra === 0 && mismatches === off.count && counts.inOrder)
        bits.push('every event present and in order');
      // A few: their rows (the values off by number, a channel mismatch quoted whole).
      const rows = counts.mismatchRows ?? [];
      const same = rows.filter((r) => r.gt?.channel === r.pred?.channel);
      bits.push(valuesOffText(off) + (same.length ? ` at ${rowsText(same)}` : ''));
      if (mismatches > off.count) {
        const others = rows.filter((r) => r.gt?.channel !== r.pred?.channel);
        bits.push(
          plural(mismatches - off.count, 'channel mismatch', 'channel mismatches') +
            (others.length ? ` (${others.map(mismatchRowText).join(', ')})` : ''),
        );
      }
    } else if (mismatches) {
      const rows = counts.mismatchRows;
      bits.push(
        plural(mismatches, 'mismatch', 'mismatches') +
          (rows === undefined ? '' : ` (${rows.map(mismatchRowText).join(', ')})`),
      );
    }
    if (moved) bits.push(`${plural(moved, 'event')} out of order${movedByText(counts.movedBy)}`);
    if (missing > moved) bits.push(plural(missing - moved, 'missing event'));
    if (extra > moved) bits.push(`${plural(extra - moved, 'extra event')}${extraCause(counts)}`);
    return bits.length
      ? `discrete not exact: ${bits.join(', ')}`
      : `discrete not exact (score ${fixed3(metric.score)})`;
  }
  if (!metric) return `${safe} failed: no such metric`;
  const d = metric.details;
  const why = notMeasuredReason(metric);
  if (why !== undefined) {
    return showUnmeasured
      ? `${safe} not measured (${escapeForTerminal(why)})`
      : `${safe} failed: ${escapeForTerminal(why)}`;
  }
  if (typeof d['r2'] === 'number' && typeof d['slope'] === 'number') {
    const bits = [`r² ${fixed3(d['r2'])}`, `slope ${fixed3(d['slope'])}`];
    if (typeof d['duration_ratio'] === 'number')
      bits.push(`duration ratio ${fixed3(d['duration_ratio'])}`);
    if (typeof d['mape'] === 'number') {
      const leftOut = d['intervals_left_out'];
      bits.push(
        `interval error ${fixed3(d['mape'])}${typeof leftOut === 'number' ? ` (${intervalsLeftOut(leftOut)})` : ''}`,
      );
    }
    const unit = style.namesCauses ? unitMixUp(d['slope'], d['duration_ratio']) : undefined;
    return `${safe} failed (${bits.join(', ')})${unit === undefined ? '' : `: ${unit}`}`;
  }
  // Some channels were measured (else the metric has a reason, above): name the others.
  const channels = showUnmeasured
    ? unmeasuredChannels(d).unmeasured.map(
        ([ch, why]) => `${escapeForTerminal(ch)} not measured (${escapeForTerminal(why)})`,
      )
    : [];
  // A continuous channel that was measured and failed: which measure, against which threshold.
  if (name === 'continuous' && style.namesCauses) channels.push(...continuousChannelFailures(d));
  return `${safe} failed (score ${fixed3(metric.score)})${channels.length ? `: ${channels.join(', ')}` : ''}`;
}

/** Why an evaluation fails its rule: one short phrase per failed part. */
export function failedParts(result: EvaluationResult, rule: PassRule): string[] {
  const parts: string[] = [];
  if (rule.minScore !== undefined && !(result.full_score >= rule.minScore)) {
    // Enough decimals to read as below the bound (`0.99999 < minScore 1.00000`, not 1.000 < 1.000).
    const d = digitsApart(result.full_score, rule.minScore);
    parts.push(`score ${pyFixed(result.full_score, d)} < minScore ${pyFixed(rule.minScore, d)}`);
  }
  if (rule.requireAccuracy && !result.accuracy) {
    // The result's `mode` is data (a record may carry a JSON report's result): its policy, once.
    const style = selectPolicy(result).report;
    for (const [name, ok] of Object.entries(result.decision.passes)) {
      if (!ok) parts.push(describeFailedPart(result, name, style));
    }
    if (parts.length === 0) parts.push('accuracy false');
  }
  return parts;
}

/** Whether the evaluation passes the rule (before `.not`). */
export function passes(result: EvaluationResult, rule: PassRule): boolean {
  return failedParts(result, rule).length === 0;
}

/** `score 0.911, accuracy false: discrete not exact: 1 mismatch` (or `…, accuracy true` when it passes). */
export function verdictText(result: EvaluationResult, rule: PassRule): string {
  const bounded = boundedAlignmentNote(result);
  const summary = `score ${scoreFixed(result.full_score)}, accuracy ${String(result.accuracy)}${bounded === undefined ? '' : ` ${bounded}`}`;
  const parts = failedParts(result, rule);
  return parts.length ? `${summary}: ${parts.join('; ')}` : summary;
}

/**
 * The verdict sentence of a failed check: the first line of the matcher's failure message after
 * the hint, also kept in the check's run-report record (`failure`) for the HTML overview.
 */
export function verdictSentence(
  result: EvaluationResult,
  rule: PassRule,
  isNot: boolean,
  noun: string = DEFAULT_GOLDEN_NOUN,
): string {
  return isNot
    ? `Expected the received trace not to behave like ${noun}, but it does (${verdictText(result, rule)}).`
    : `Expected the received trace to behave like ${noun}, but ${verdictText(result, rule)}.`;
}
