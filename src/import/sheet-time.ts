/**
 * Date-times as a spreadsheet writes them into a CSV: the cell's display format, which follows the
 * locale (LibreOffice's defaults: `12/01/26 10:30 AM` en-US, `01/12/26 10:30` en-GB and fr,
 * `01.12.26 10:30` de, `2026/12/1 10:30` ja; with seconds and a fraction when the format has them:
 * `01.12.2026 10:30:00,50`). Read as UTC like an ISO time without a zone: only differences matter.
 *
 * A dotted date is day first (no locale writes month.day.year) and a four-digit first field is a
 * year (year/month/day). A slashed or dashed date with the year last is either day or month first;
 * the column decides as a whole (`resolveSheetTimes`): the `dateOrder` option, else a first field
 * over 12 somewhere (day first) or a second one (month first), else — when every row holds the
 * same date, so the order changes no interval — either; otherwise an error asking for the order.
 * Worst case O(n) for n rows: the patterns are anchored and linear, the column is read twice.
 */
import { TraceError } from '../errors.js';
import { clipForMessage } from '../io/terminal.js';
import {
  daysFromCivil,
  daysInMonth,
  exactSeconds,
  MAX_FRACTION_DIGITS,
  type ExactTime,
} from './time.js';
import type { DateOrder } from './types.js';

/**
 * A time of day: `h:mm`, then optionally `:ss`, a fraction after `.` or `,`, and AM/PM (`AM`, `pm`,
 * `a.m.`, `a. m.` as es writes it, `vorm.`/`nachm.` as de does). Groups: hours, minutes, seconds,
 * fraction, AM/PM.
 */
const CLOCK = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:\s*(a\.?\s?m\.?|p\.?\s?m\.?|vorm\.|nachm\.))?`;

/** A time of day alone (`10:30:00`, `10:30:00,5`, `10:30 AM`), as a spreadsheet shows a time cell. */
const TIME_OF_DAY = new RegExp(`^${CLOCK}$`, 'i');

/**
 * Day, month and year fields (1–4 digits) separated by one of `.` `/` `-` used twice, an optional
 * trailing `.`, then optionally a time of day after spaces, a comma and spaces, or `T` (ISO's
 * `2026-12-01T10:30`, without seconds). Anchored, no nested quantifiers: linear.
 */
const SHEET = new RegExp(
  String.raw`^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})\.?(?:(?:,?\s+|T)${CLOCK})?$`,
  'i',
);

/**
 * Seconds since midnight of hours, minutes, seconds and an AM/PM marker as matched; `undefined`
 * for a time that cannot be one (25:00, minute 60, hour 13 PM).
 */
function clockSeconds(
  hours: string,
  minutes: string,
  seconds: string | undefined,
  ampm: string | undefined,
): number | undefined {
  let h = Number(hours);
  const mi = Number(minutes);
  const s = Number(seconds ?? '0');
  if (ampm !== undefined) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (/^[pn]/i.test(ampm) ? 12 : 0);
  }
  if (h > 23 || mi > 59 || s > 60) return undefined;
  return h * 3600 + mi * 60 + s;
}

/** A time of day: seconds since midnight, the fraction's digits, whether seconds were given. */
export interface TimeOfDay {
  readonly clock: number;
  readonly fraction: string;
  readonly hasSeconds: boolean;
}

/** `text` as a time of day alone; `undefined` when it is not one. */
export function parseTimeOfDay(text: string): TimeOfDay | undefined {
  const m = TIME_OF_DAY.exec(text);
  if (!m) return undefined;
  const fraction = m[4] ?? '';
  const clock = clockSeconds(m[1]!, m[2]!, m[3], m[5]);
  if (clock === undefined || fraction.length > MAX_FRACTION_DIGITS) return undefined;
  return { clock, fraction, hasSeconds: m[3] !== undefined };
}

/** A spreadsheet date-time, its fields as written; `resolveSheetTimes` gives the times. */
export interface SheetDateTime {
  readonly text: string;
  /** `ymd` (year first), `dmy` (dotted, day first) or `either` (slash or dash, year last). */
  readonly order: 'ymd' | 'dmy' | 'either';
  /** The first and second fields of a year-last date (day and month in some order), the year. */
  readonly first: number;
  readonly second: number;
  readonly year: number;
  /** Seconds since midnight, without the fraction; `undefined` when the cell has no time. */
  readonly clock: number | undefined;
  /** The fraction-of-a-second digits (`""` when none). */
  readonly fraction: string;
  /** Whether the cell gives seconds (`10:30:00`), not only hours and minutes. */
  readonly hasSeconds: boolean;
}

/** Two-digit years as spreadsheets read them by default (LibreOffice and Excel): 30–99 are 19xx, 00–29 20xx. */
function fullYear(text: string): number {
  const y = Number(text);
  return text.length > 2 ? y : y < 30 ? 2000 + y : 1900 + y;
}

/**
 * The fields of `text` when it is shaped like a spreadsheet date-time (`undefined` otherwise, and
 * for a time that cannot be one: 25:00, minute 60, hour 13 PM). Whether the date exists is
 * checked by `resolveSheetTimes`, which knows the order.
 */
export function parseSheetDateTime(text: string): SheetDateTime | undefined {
  const m = SHEET.exec(text);
  if (!m) return undefined;
  const [a, sep, b, c] = [m[1]!, m[2]!, m[3]!, m[4]!];
  let order: SheetDateTime['order'];
  let first: number;
  let second: number;
  let year: number;
  if (a.length === 4 && c.length <= 2) {
    order = 'ymd';
    [year, first, second] = [Number(a), Number(b), Number(c)];
  } else if (a.length <= 2 && (c.length === 2 || c.length === 4)) {
    order = sep === '.' ? 'dmy' : 'either';
    [first, second, year] = [Number(a), Number(b), fullYear(c)];
  } else {
    return undefined;
  }
  const fraction = m[8] ?? '';
  if (fraction.length > MAX_FRACTION_DIGITS) return undefined;
  let clock: number | undefined;
  if (m[5] !== undefined) {
    clock = clockSeconds(m[5], m[6]!, m[7], m[9]);
    if (clock === undefined) return undefined;
  }
  return { text, order, first, second, year, clock, fraction, hasSeconds: m[7] !== undefined };
}

/** Day and month of `t` read in `order` (ymd and mdy: the first field is the month). */
function fields(t: SheetDateTime, order: 'ymd' | DateOrder): [day: number, month: number] {
  return order === 'dmy' ? [t.first, t.second] : [t.second, t.first];
}

/** Why `t` read in `order` is no date (`undefined` when it is one). */
function noDate(t: SheetDateTime, order: 'ymd' | DateOrder): string | undefined {
  const [day, month] = fields(t, order);
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = daysInMonth(t.year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${t.year} has ${days} days`;
  return undefined;
}

const ORDER_NAMES: Record<DateOrder, string> = {
  mdy: 'month first, as en-US writes',
  dmy: 'day first, as en-GB, fr and most locales write',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dateText(t: SheetDateTime, order: DateOrder): string {
  const [day, month] = fields(t, order);
  return `${day} ${MONTHS[month - 1]} ${t.year}`;
}

/** One time cell of a column: its fields, and where it is for messages. */
export interface SheetCell {
  readonly time: SheetDateTime;
  /** `file:line` (or `line N`) of the row. */
  readonly at: string;
  /** The row's line. */
  readonly line: number;
}

/**
 * The times of a column of spreadsheet date-times, in its order (see the module comment for how
 * the order of day and month is decided). A `TraceError` at the row for a date that does not
 * exist in its order, and for a column whose order is undecided or contradicts itself.
 */
export function resolveSheetTimes(
  cells: readonly SheetCell[],
  given: DateOrder | undefined,
  column: string,
): ExactTime[] {
  const either = cells.filter((c) => c.time.order === 'either');
  let order: DateOrder = given ?? 'dmy';
  if (given === undefined && either.length > 0) {
    const noDmy = either.find((c) => noDate(c.time, 'dmy') !== undefined);
    const noMdy = either.find((c) => noDate(c.time, 'mdy') !== undefined);
    if (noDmy !== undefined && noMdy !== undefined)
      throw new TraceError(
        `the column mixes date orders: ${JSON.stringify(clipForMessage(noMdy.time.text))} is a date only day first, ${JSON.stringify(clipForMessage(noDmy.time.text))} (line ${noDmy.line}) only month first`,
        { file: noMdy.at, path: [column] },
      );
    if (noDmy !== undefined) order = 'mdy';
    else if (noMdy === undefined) {
      const first = either[0]!;
      const other = either.find(
        (c) => c.time.first !== first.time.first || c.time.second !== first.time.second,
      );
      // Every row on the same date: either order gives the same intervals.
      if (other !== undefined)
        throw new TraceError(
          `${JSON.stringify(clipForMessage(first.time.text))} is ${dateText(first.time, 'mdy')} (${ORDER_NAMES.mdy}) or ${dateText(first.time, 'dmy')} (${ORDER_NAMES.dmy}), and no date in the column decides it; give the date order (--date-order mdy or dmy; the dateOrder option)`,
          { file: first.at, path: [column] },
        );
    }
  }
  return cells.map(({ time: t, at }) => {
    const used = t.order === 'either' ? order : t.order;
    const why = noDate(t, used);
    if (why !== undefined) {
      // Only a given order can fail an `either` row: an order the column decided fits all of them.
      const read =
        t.order === 'ymd'
          ? 'year first'
          : t.order === 'dmy'
            ? 'day.month.year'
            : `${order === 'mdy' ? 'month' : 'day'} first (--date-order ${order})`;
      throw new TraceError(
        `${JSON.stringify(clipForMessage(t.text))} is not a date read ${read}: ${why}`,
        { file: at, path: [column] },
      );
    }
    const dm = fields(t, used);
    return exactSeconds(daysFromCivil(t.year, dm[1], dm[0]) * 86400 + (t.clock ?? 0), t.fraction);
  });
}
