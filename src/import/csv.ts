/**
 * CSV as people write it: one event per row, with a header naming the time, channel and value
 * columns (more columns go to `meta`). Parsed with `csv-parse` (RFC 4180 quoting); the
 * delimiter (`,` `;` tab) is sniffed from the header line; header names are matched without
 * regard to case, with synonyms, or named by the `columns` option.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { TraceError } from '../errors.js';
import { clipForMessage } from '../io/terminal.js';
import {
  dropTimeOutliers,
  exactSeconds,
  ExactTime,
  MAX_DECIMAL_EXPONENT,
  relativeEvents,
  timeFromDecimal,
  timeFromIso,
  type RawEvent,
} from './time.js';
import {
  parseSheetDateTime,
  parseTimeOfDay,
  resolveSheetTimes,
  type SheetCell,
  type SheetDateTime,
} from './sheet-time.js';
import { ROLES, SYNONYMS, type Role } from './roles.js';
import type { CsvColumns, ImportContext, Importer } from './types.js';
import { readGroupedColumn } from './grouping.js';
import { numberFromText } from './values.js';
import { noEventsError, warn } from './warnings.js';

/** The delimiters sniffed, in the order that breaks a tie. */
const DELIMITERS = [',', ';', '\t'] as const;
/** A sniffed delimiter, or the one character a `sep=` line declares. */
type Delimiter = string;

/**
 * Excel's first line `sep=;` (after a BOM), which declares the delimiter (one character, not a
 * quote, space or line break) and is no row.
 */
const SEP_LINE = /^(\uFEFF?)sep=([^\r\n" ])(?=\r\n|\n|\r|$)/i;

/**
 * The delimiter a first line `sep=X` declares, and the text with that line emptied (its line
 * break kept, so every later line keeps its number; an empty line is skipped as a blank one).
 */
function declaredDelimiter(text: string): { delimiter: Delimiter; text: string } | undefined {
  const m = SEP_LINE.exec(text);
  return m === null ? undefined : { delimiter: m[2]!, text: m[1]! + text.slice(m[0].length) };
}

function lineLabel(file: string | undefined, line: number): string {
  return file ? `${file}:${line}` : `line ${line}`;
}

/**
 * The first line that is neither blank nor empty cells only (`;;;`, as a spreadsheet writes an
 * empty row above the table): the header.
 */
function headerLine(text: string): string {
  const body = declaredDelimiter(text)?.text ?? text;
  for (const line of body.split(/\r\n|\n|\r/, 50)) if (/[^\s,;\t"]/.test(line)) return line;
  return '';
}

/**
 * The delimiter: the one a first line `sep=X` declares, else the one of `,` `;` tab occurring
 * most often outside quotes in the header line (ties in that order); `,` when there is none (a
 * one-column header).
 */
export function sniffDelimiter(text: string): Delimiter {
  const declared = declaredDelimiter(text);
  if (declared !== undefined) return declared.delimiter;
  const header = headerLine(text);
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** A record with the line it starts on. */
interface CsvRecord {
  readonly line: number;
  readonly fields: string[];
}

function lineBreaks(s: string): number {
  return s.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/** `csv-parse`'s error as a `TraceError` at its line and column (1-based field number). */
function csvError(e: CsvError, file: string | undefined): TraceError {
  const line = typeof e.lines === 'number' ? e.lines : 1;
  const column = typeof e.column === 'number' ? e.column + 1 : undefined;
  const at = { file: lineLabel(file, line) };
  const atColumn = { ...at, place: column !== undefined ? `column ${column}` : undefined };
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new TraceError('unterminated quoted field', at, { cause: e });
    // With `trim`, text after a closing quote and white space (`"op" en`) is this code.
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE': {
      const got = /got "(.*?)" at line/.exec(e.message)?.[1];
      return new TraceError(
        `unexpected ${got !== undefined ? JSON.stringify(got) : 'text'} after a closing quote (a quote inside a quoted field is written "")`,
        atColumn,
        { cause: e },
      );
    }
    case 'INVALID_OPENING_QUOTE':
      return new TraceError(
        'unexpected " inside an unquoted field (quote the whole field, writing a quote as "")',
        atColumn,
        { cause: e },
      );
    default:
      return new TraceError(e.message, atColumn, { cause: e });
  }
}

/**
 * The records of CSV `text` (RFC 4180 via `csv-parse`: `"` quoting with `""` for a quote,
 * quoted fields may hold delimiters and line breaks; `\n`, `\r\n` or `\r` end a record, the
 * first one found is used throughout) with their start lines. Blank lines are skipped.
 */
export function splitCsv(text: string, delimiter: Delimiter = ',', file?: string): CsvRecord[] {
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // White space around a field, outside its quotes, is not data (`a, b ,c` is a, b and c):
      // a hand-written header and `", ".join(...)` rows have it. A quoted field keeps its own.
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (e) {
    if (e instanceof CsvError) throw csvError(e, file);
    throw e;
  }
  // `info.lines` is the line a record ends on (a quoted field may span lines), except that
  // csv-parse 7.0.3 counts a `\r\n` inside a quoted field as two lines, for this record and
  // every later one: that count is taken off.
  let extra = 0;
  return rows.map(({ record, info }) => {
    extra += record.reduce((n, f) => n + (f.match(/\r\n/g)?.length ?? 0), 0);
    return {
      line: info.lines - extra - record.reduce((n, f) => n + lineBreaks(f), 0),
      fields: record,
    };
  });
}

/** The column index of each role: `columns` first, then the synonyms. */
function roleColumns(
  names: readonly string[],
  columns: CsvColumns | undefined,
  where: string,
): Record<Role, number> {
  const lower = names.map((n) => n.toLowerCase());
  const out = {} as Record<Role, number>;
  const missing: Role[] = [];
  for (const role of ROLES) {
    const given = columns?.[role];
    if (given !== undefined) {
      const k = lower.indexOf(given.trim().toLowerCase());
      if (k < 0)
        throw new TraceError(
          `the header has no column ${JSON.stringify(given)} (given as the ${role} column; the header: ${names.map((n) => JSON.stringify(n)).join(', ')})`,
          { file: where },
        );
      out[role] = k;
      continue;
    }
    const hits = lower
      .map((n, k) => ((SYNONYMS[role] as readonly string[]).includes(n) ? k : -1))
      .filter((k) => k >= 0);
    if (hits.length > 1)
      throw new TraceError(
        `columns ${hits.map((k) => JSON.stringify(names[k])).join(' and ')} could each be the ${role}; name one with the columns option (--columns ${role}=NAME)`,
        { file: where },
      );
    if (hits.length === 0) missing.push(role);
    else out[role] = hits[0]!;
  }
  if (missing.length > 0)
    throw new TraceError(
      `the header has no ${missing.map((m) => JSON.stringify(m)).join(', ')} column (expected a header naming ${ROLES.map((r) => SYNONYMS[r].join('|')).join(', ')}, in any case; or name them with --columns ${missing.map((m) => `${m}=NAME`).join(',')})`,
      { file: where },
    );
  const taken = new Map<number, Role>();
  for (const role of ROLES) {
    const other = taken.get(out[role]);
    if (other !== undefined)
      throw new TraceError(
        `column ${JSON.stringify(names[out[role]])} cannot be both the ${other} and the ${role}`,
        { file: where },
      );
    taken.set(out[role], role);
  }
  return out;
}

/** A number with a decimal comma (`21,5`, `-0,25`), as a spreadsheet in many locales writes one. */
const DECIMAL_COMMA = /^\s*[+-]?\d+,\d+\s*$/;

/** `1,5` → `1.5` in a `;`- or tab-separated file (a spreadsheet's decimal comma). */
function decimalPoint(cell: string, delimiter: Delimiter): string {
  return delimiter !== ',' && DECIMAL_COMMA.test(cell) ? cell.replace(',', '.') : cell;
}

type TimeKind = 'seconds' | 'ISO 8601' | 'spreadsheet' | 'time of day';

/** How a message names each kind of time cell. */
const TIME_KINDS: Record<TimeKind, string> = {
  seconds: 'a number of seconds',
  'ISO 8601': 'an ISO 8601 date-time',
  spreadsheet: 'a date-time as a spreadsheet writes it',
  'time of day': 'a time of day',
};

/** Header names (any case) of a date column that completes a time column of times of day. */
const DATE_NAMES = ['date', 'datum', 'day', 'fecha'];

/** Hours by which a time of day may lie before an earlier row's before the run must have crossed midnight. */
const MIDNIGHT_HOURS = 12;

type CellTime =
  | { readonly kind: 'seconds' | 'ISO 8601' | 'time of day'; time: ExactTime }
  | {
      readonly kind: 'spreadsheet';
      readonly sheet: SheetDateTime;
    };

/**
 * A time cell: decimal seconds (epoch or relative, exactly as written), an ISO 8601 date-time, or
 * a date-time in a spreadsheet's locale format (`sheet-time.ts`; its time needs the whole column).
 */
function cellTime(text: string): CellTime | undefined {
  const t = text.trim();
  const seconds = timeFromDecimal(t);
  // `timeFromDecimal` takes exponents up to ±400; the number itself must be finite too.
  if (seconds !== undefined && Number.isFinite(Number(t)))
    return { time: seconds, kind: 'seconds' };
  const iso = timeFromIso(t);
  if (iso !== undefined) return { time: iso, kind: 'ISO 8601' };
  const sheet = parseSheetDateTime(t);
  return sheet === undefined ? undefined : { kind: 'spreadsheet', sheet };
}

/** A spreadsheet's serial day of 1970-01-01 (the 1900 date system: day 0 is 1899-12-30). */
const SERIAL_UNIX_EPOCH = 25569n;
/** Serial days of 1990-01-01 and 2100-01-01: the dates a trace's serial-date column plausibly holds. */
export const SERIAL_DAY_RANGE = [32874, 73051] as const;
/**
 * The widest span of serial days (a week) read as a run's: as seconds, the same numbers would be a
 * run of under 7 s that started 9 to 20 hours into a clock, which nothing writes.
 */
const SERIAL_SPAN_DAYS = 7;

/**
 * Serial days → seconds since 1970, rounded to the millisecond: the finest a spreadsheet's time
 * formats show, and a serial date exported with 15 significant digits (what Excel and LibreOffice
 * write for a number) resolves only 1e-10 days, 8.6 µs, so the digits beyond are noise
 * (`46357.4381944444` is 10:30:59.999996; read as 10:31:00).
 */
function secondsFromSerialDays(days: ExactTime): ExactTime {
  let { units, exp } = days;
  if (exp > 0) {
    units *= 10n ** BigInt(exp);
    exp = 0;
  }
  const seconds = (units - SERIAL_UNIX_EPOCH * 10n ** BigInt(-exp)) * 86400n;
  if (exp >= -3) return new ExactTime(seconds, exp);
  const d = 10n ** BigInt(-3 - exp);
  let q = seconds / d;
  const r = seconds % d;
  if (2n * (r < 0n ? -r : r) >= d) q += seconds < 0n ? -1n : 1n;
  return new ExactTime(q, -3);
}

/** A serial day as the date and time it stands for (`2026-12-01 10:30:00 for 46357.4375`; its zone is the sheet's). */
export function serialDayText(days: number): string {
  const ms = Math.round((days - Number(SERIAL_UNIX_EPOCH)) * 86_400_000);
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/(\.000)?Z$/, '');
}

/**
 * Whether number time cells read as seconds look like spreadsheet serial dates instead: at least
 * two different values, all in `SERIAL_DAY_RANGE`, some with a fraction (a time of day), spanning
 * under `SERIAL_SPAN_DAYS`. Read as seconds such a column gives intervals 86,400 times too small.
 */
export function looksLikeSerialDays(values: readonly number[]): boolean {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let fraction = false;
  for (const v of values) {
    if (!(v >= SERIAL_DAY_RANGE[0] && v <= SERIAL_DAY_RANGE[1])) return false;
    if (v < min) min = v;
    if (v > max) max = v;
    if (!Number.isInteger(v)) fraction = true;
  }
  return fraction && max > min && max - min < SERIAL_SPAN_DAYS;
}

const ZERO = new ExactTime(0n, 0);

/**
 * A spreadsheet's default date-time formats show hours and minutes only (`12/01/26 10:30 AM`):
 * the export has lost the seconds. Said once, with how many events share their minute.
 */
function warnMinutes(
  ctx: ImportContext,
  events: readonly RawEvent[],
  line: number,
  column: string,
) {
  // Without seconds a cell has no fraction either: its time is whole seconds (`exp` 0).
  const perMinute = new Map<bigint, number>();
  for (const e of events) perMinute.set(e.time.units, (perMinute.get(e.time.units) ?? 0) + 1);
  let shared = 0;
  for (const n of perMinute.values()) if (n > 1) shared += n;
  warn(
    ctx,
    'coarse-times',
    `the times have whole minutes only (the spreadsheet's date-time format showed no seconds), so intervals are rounded to the minute${shared > 0 ? ` and ${shared} of ${events.length} events share their minute with another (their order is the file's)` : ''}; give the column a format with seconds (YYYY-MM-DD HH:MM:SS.000) before exporting`,
    { line, path: column },
  );
}

/**
 * A row index as the first column: no name in the header, and in every row an integer one more
 * than the row before's (pandas' `DataFrame.to_csv()` writes its RangeIndex so, `0,1,2,…`; R's
 * `write.csv()` its row names, `"1","2",…`). Any other unnamed column is no index.
 */
function rowIndex(
  names: readonly string[],
  rows: readonly CsvRecord[],
): { first: string; last: string } | undefined {
  if (names.length < 2 || names[0] !== '' || rows.length === 0) return undefined;
  let previous: bigint | undefined;
  for (const r of rows) {
    const cell = r.fields[0] ?? '';
    if (!/^[+-]?\d{1,15}$/.test(cell)) return undefined;
    const n = BigInt(cell);
    if (previous !== undefined && n !== previous + 1n) return undefined;
    previous = n;
  }
  return { first: rows[0]!.fields[0]!, last: rows[rows.length - 1]!.fields[0]! };
}

function parseCsv(text: string, ctx: ImportContext): RawEvent[] {
  const delimiter = sniffDelimiter(text);
  // Rows of empty cells only (`;;`, which a spreadsheet writes for an empty row it holds
  // formatting for) hold nothing, like blank lines: skipped, before the header too.
  const body = declaredDelimiter(text)?.text ?? text;
  const records = splitCsv(body, delimiter, ctx.file).filter((r) =>
    r.fields.some((f) => f.trim() !== ''),
  );
  const header = records[0];
  if (header === undefined) return [];
  const names = header.fields.map((h) => h.trim());
  const where = lineLabel(ctx.file, header.line);
  // A column with no name and no cells (a spreadsheet's empty column: `channel;time;value;`)
  // holds nothing either.
  const rows = records.slice(1);
  const unnamed = new Set<number>();
  const index = rowIndex(names, rows);
  if (index !== undefined) {
    unnamed.add(0);
    warn(
      ctx,
      'index-column',
      `column 1 has no name in the header and holds ${index.first === index.last ? `the row number ${index.first}` : `the row numbers ${index.first} to ${index.last}`} (a row index, as pandas' DataFrame.to_csv() and R's write.csv() write by default): skipped; write the file with index=False (pandas) or row.names=FALSE (R) to leave it out`,
      { line: header.line },
    );
  }
  names.forEach((name, k) => {
    if (name !== '' || unnamed.has(k)) return;
    const filled = rows.find((r) => (r.fields[k] ?? '').trim() !== '');
    if (filled !== undefined)
      throw new TraceError(
        `column ${k + 1} has no name in the header, but line ${filled.line} has ${JSON.stringify(clipForMessage(filled.fields[k]!))} in it; name the column`,
        { file: where },
      );
    unnamed.add(k);
  });
  if (unnamed.size === names.length)
    throw new TraceError('empty column name in the header', { file: where });
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') continue;
    if (seen.has(name.toLowerCase()))
      throw new TraceError(`column ${JSON.stringify(name)} appears twice in the header`, {
        file: where,
      });
    seen.add(name.toLowerCase());
  }
  const col = roleColumns(names, ctx.columns, where);
  const [ci, ti, vi] = [col.channel, col.timestamp, col.value];
  // A date column beside a time column of times of day (a logger's Date;Time;…): read together.
  const dateIndex = names.findIndex(
    (n, k) => k !== ci && k !== ti && k !== vi && DATE_NAMES.includes(n.trim().toLowerCase()),
  );
  let dated = false;
  // The latest time of day so far, in file order, and its line (a run over midnight goes back).
  let latest: { seconds: number; line: number; text: string } | undefined;
  let clocksWithSeconds = false;
  const events: RawEvent[] = [];
  const lineOf: number[] = [];
  let kind: { kind: TimeKind; line: number } | undefined;
  // The number time cells as doubles, to tell seconds from serial dates when no unit is given.
  const numbers: number[] = [];
  // Spreadsheet date-times, read once the column decides the order of day and month.
  const sheetCells: SheetCell[] = [];
  // Lines whose value cell is a number with a decimal comma, read as text in a ,-separated file.
  const commaValues: number[] = [];
  // The header again (a logger that restarted and appended to its file): no data, said below.
  const headerAgain = (rec: CsvRecord) =>
    rec.fields.length === names.length &&
    rec.fields.every((f, k) => f.trim().toLowerCase() === names[k]!.toLowerCase());
  // Thousands separators are told by the whole value column (`grouping.ts`), before any cell is read.
  const grouping = readGroupedColumn(
    rows.filter((r) => !headerAgain(r)).map((r) => ({ text: r.fields[vi] ?? '', line: r.line })),
    delimiter !== ',',
    ctx,
  );
  if (grouping !== undefined)
    warn(ctx, 'thousands-separator', grouping.message, { line: grouping.line, path: names[vi]! });
  for (const rec of rows) {
    const at = lineLabel(ctx.file, rec.line);
    if (headerAgain(rec)) {
      warn(
        ctx,
        'skipped-line',
        `the header again (a logger restarted and appended to the file?): not an event, skipped`,
        { line: rec.line },
      );
      continue;
    }
    if (rec.fields.length !== names.length) {
      throw new TraceError(
        `expected ${names.length} fields (as the header), got ${rec.fields.length}`,
        { file: at },
      );
    }
    const channel = rec.fields[ci]!;
    if (channel.trim() === '')
      throw new TraceError('expected a non-empty channel name', { file: at, path: [names[ci]!] });
    const cell = rec.fields[ti]!;
    const tsText = decimalPoint(cell, delimiter).trim();
    let time = cellTime(tsText);
    const clock = time === undefined ? parseTimeOfDay(tsText) : undefined;
    if (clock !== undefined) {
      if (dateIndex >= 0) {
        const dateCell = rec.fields[dateIndex]!.trim();
        time = cellTime(`${dateCell} ${tsText}`);
        if (time === undefined)
          throw new TraceError(
            `the date ${JSON.stringify(clipForMessage(dateCell))} (column ${JSON.stringify(names[dateIndex])}) and the time ${JSON.stringify(clipForMessage(tsText))} make no date-time (a date as 2026-12-01, 01.12.2026 or 12/01/26 is expected)`,
            { file: at, path: [names[ti]!] },
          );
        dated = true;
      } else {
        time = { kind: 'time of day', time: exactSeconds(clock.clock, clock.fraction) };
        clocksWithSeconds ||= clock.hasSeconds;
        if (latest !== undefined && clock.clock < latest.seconds - MIDNIGHT_HOURS * 3600)
          throw new TraceError(
            `the times of day go back from ${JSON.stringify(latest.text)} (line ${latest.line}) to ${JSON.stringify(clipForMessage(tsText))}, more than ${MIDNIGHT_HOURS} hours: a run over midnight needs its dates; add a date column (named date) or give date-times`,
            { file: at, path: [names[ti]!] },
          );
        if (latest === undefined || clock.clock > latest.seconds)
          latest = { seconds: clock.clock, line: rec.line, text: tsText };
      }
    }
    if (time === undefined) {
      const shown = JSON.stringify(clipForMessage(cell));
      // A well-formed number can still be out of range: say which limit it passes.
      const why = DECIMAL_COMMA.test(tsText)
        ? `the number ${shown} has a decimal comma, which a ,-separated file does not read (a comma could group thousands); export with ; as the separator, or with a decimal point`
        : !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(tsText)
          ? `expected a number of seconds or a date-time (ISO 8601, or as a spreadsheet writes one: 12/01/26 10:30 AM, 01.12.2026 10:30:00,5), got ${shown}`
          : timeFromDecimal(tsText) === undefined
            ? `the number of seconds ${shown} has a decimal exponent beyond ±${MAX_DECIMAL_EXPONENT} (digits after the point count), the limit`
            : `the number of seconds ${shown} (${tsText.length} characters) is beyond the largest a timestamp can be (${Number.MAX_VALUE})`;
      throw new TraceError(why, { file: at, path: [names[ti]!] });
    }
    if (kind === undefined) kind = { kind: time.kind, line: rec.line };
    else if (kind.kind !== time.kind)
      throw new TraceError(
        `expected ${TIME_KINDS[kind.kind]} as on line ${kind.line}, got ${JSON.stringify(cell)}`,
        { file: at, path: [names[ti]!] },
      );
    if (time.kind === 'spreadsheet') sheetCells.push({ time: time.sheet, at, line: rec.line });
    else if (time.kind === 'seconds') {
      if (ctx.timeUnit === 'days') time.time = secondsFromSerialDays(time.time);
      else if (ctx.timeUnit === undefined) numbers.push(Number(tsText));
    }
    const valueCell = rec.fields[vi]!;
    const value =
      grouping?.read(valueCell) ??
      numberFromText(decimalPoint(valueCell, delimiter), ctx) ??
      valueCell;
    // One warning per column: the thousands-separator one, when given, names the doubt already.
    if (delimiter === ',' && grouping === undefined && DECIMAL_COMMA.test(valueCell))
      commaValues.push(rec.line);
    const meta: Record<string, unknown> = {};
    names.forEach((name, k) => {
      if (k !== ci && k !== ti && k !== vi && !unnamed.has(k) && !(dated && k === dateIndex))
        meta[name] = rec.fields[k]!;
    });
    // A spreadsheet cell's time is set below, once the whole column is read.
    events.push({ channel, time: time.kind === 'spreadsheet' ? ZERO : time.time, value, meta });
    lineOf.push(rec.line);
  }
  if (commaValues.length > 0) {
    const line = commaValues[0]!;
    const cell = rows.find((r) => r.line === line)!.fields[vi]!.trim();
    warn(
      ctx,
      'decimal-comma',
      `${commaValues.length} of ${events.length} values look like numbers with a decimal comma (${JSON.stringify(clipForMessage(cell))}) and are read as text: in a ,-separated file a comma is no decimal point (it could group thousands); export with ; as the separator, where "1,5" is read as 1.5, or with decimal points`,
      { line, path: names[vi]! },
    );
  }
  if (sheetCells.length > 0) {
    const times = resolveSheetTimes(sheetCells, ctx.dateOrder, names[ti]!);
    events.forEach((e, k) => (events[k] = { ...e, time: times[k]! }));
    if (events.length > 1 && sheetCells.every((c) => !c.time.hasSeconds))
      warnMinutes(ctx, events, lineOf[0]!, names[ti]!);
  } else if (kind?.kind === 'time of day' && events.length > 1 && !clocksWithSeconds) {
    warnMinutes(ctx, events, lineOf[0]!, names[ti]!);
  }
  if (numbers.length > 0 && looksLikeSerialDays(numbers)) {
    const first = numbers[0]!;
    throw new TraceError(
      `the times look like spreadsheet serial dates (days since 1899-12-30: ${first} is ${serialDayText(first)}), not seconds, which would make every interval 86,400 times too short; give the time unit (--time-unit days reads them as dates, --time-unit seconds as seconds; the timeUnit option)`,
      { file: lineLabel(ctx.file, lineOf[0]!), path: [names[ti]!] },
    );
  }
  if (events.length === 0)
    throw noEventsError(
      `a CSV header (${names
        .filter((n) => n !== '')
        .map((n) => JSON.stringify(n))
        .join(', ')}) and no rows`,
      ctx.file,
    );
  return dropTimeOutliers(events, ctx, (k) => ({ line: lineOf[k] }));
}

/** `csv` importer: see `docs/importers.md`. */
export const csvImporter: Importer = {
  name: 'csv',
  description:
    'CSV (, ; or tab) with a header naming time, channel and value (synonyms, any case; more columns go to meta): one event per row',
  detect(text, first) {
    if (first !== undefined) return 0;
    const header = headerLine(text);
    let names: string[];
    try {
      const rows: string[][] = parse(header, {
        delimiter: sniffDelimiter(text),
        to_line: 1,
        trim: true,
      });
      names = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
    } catch {
      return 0;
    }
    return ROLES.every((r) => names.some((n) => (SYNONYMS[r] as readonly string[]).includes(n)))
      ? 1
      : 0;
  },
  explain(text, first) {
    if (first !== undefined) return undefined;
    const header = headerLine(text);
    const delimiter = sniffDelimiter(text);
    let names: string[];
    try {
      const rows: string[][] = parse(header, { delimiter, to_line: 1, trim: true });
      names = (rows[0] ?? []).map((h) => h.trim());
    } catch {
      return undefined;
    }
    // A header: two or more short, non-empty names (not a line of prose with a comma).
    if (names.length < 2 || names.some((n) => n === '' || n.length > 40 || /\s{2,}/.test(n)))
      return undefined;
    const missing = ROLES.filter(
      (r) => !names.some((n) => (SYNONYMS[r] as readonly string[]).includes(n.toLowerCase())),
    );
    const shown = names
      .slice(0, 8)
      .map((n) => JSON.stringify(n.length > 30 ? `${n.slice(0, 30)}…` : n));
    return `CSV (${delimiter === '\t' ? 'tab' : delimiter}-separated, header ${shown.join(', ')}${names.length > 8 ? ', …' : ''}), but no column is named as the ${missing.map((r) => `${r} (${SYNONYMS[r].join('|')})`).join(' or the ')}: name them with --columns ${missing.map((m) => `${m}=NAME`).join(',')}`;
  },
  parse(text, ctx) {
    return relativeEvents(parseCsv(text, ctx), ctx.file);
  },
};
