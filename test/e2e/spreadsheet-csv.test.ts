/**
 * CSV files as LibreOffice Calc exports them, in the locales people use: the date-time, number and
 * separator formats come from LibreOffice itself (test/support/libreoffice.ts), the times in the
 * sheet from JS Dates, and each import is checked against those Dates. Spawns `soffice`, so it is
 * an e2e test; `.ci/run` installs Debian's libreoffice-calc-nogui.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importFileSync, type LoadTraceOptions } from '../../src/import/read.js';
import { thrown } from '../../src/import/fixtures.test-helpers.js';
import { exportCsv, exportWorkbook, fods, SOFFICE, type SheetRow } from '../support/libreoffice.js';

const haveSoffice = fs.existsSync(SOFFICE);
if (!haveSoffice && process.env['CI']) {
  throw new Error(`${SOFFICE} is missing: .ci/run installs Debian's libreoffice-calc-nogui`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-sheets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function read(text: Uint8Array, name: string, options: LoadTraceOptions = {}) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const r = importFileSync(file, options);
  return {
    events: r.trace.events.map((e) => [e.channel, e.timestamp, e.value]),
    warnings: r.warnings.map((w) => `${w.code}: ${w.message}`),
  };
}

const at = (iso: string) => new Date(iso);

/** A run over two weeks of December: a date with a day over 12 (the 13th) decides a slashed order. */
const RUN: SheetRow[] = [
  { time: at('2026-12-01T10:30:00Z'), channel: 'T1', value: 21.5 },
  { time: at('2026-12-01T10:31:00Z'), channel: 'T1', value: -0.25 },
  { time: at('2026-12-01T10:31:00Z'), channel: 'valve', value: 'open' },
  { time: at('2026-12-02T09:00:00Z'), channel: 'T1', value: 22 },
  { time: at('2026-12-13T14:30:00Z'), channel: 'T1', value: 3 },
];
/** The same with seconds and hundredths of a second. */
const FINE: SheetRow[] = [
  { time: at('2026-12-01T10:30:00.000Z'), channel: 'T1', value: 21.5 },
  { time: at('2026-12-01T10:30:01.250Z'), channel: 'T1', value: -0.25 },
  { time: at('2026-12-01T10:30:01.500Z'), channel: 'valve', value: 'open' },
  { time: at('2026-12-02T09:00:05.000Z'), channel: 'T1', value: 22 },
  { time: at('2026-12-13T14:30:00.750Z'), channel: 'T1', value: 3 },
];
/** Over midnight, whole seconds (the default time format shows them). */
const NIGHT: SheetRow[] = [
  { time: at('2026-12-01T23:59:58Z'), channel: 'T1', value: 21.5 },
  { time: at('2026-12-02T00:00:03Z'), channel: 'T1', value: -0.25 },
  { time: at('2026-12-02T00:01:00Z'), channel: 'valve', value: 'open' },
];
/** Seconds after the first row, from the Dates, each rounded as `format` shows it. */
const offsets = (rows: readonly SheetRow[], unit: number) =>
  rows.map((r) => Math.floor((r.time.getTime() - rows[0]!.time.getTime()) / unit) * (unit / 1000));
const expected = (rows: readonly SheetRow[], unit: number) =>
  rows.map((r, k) => [r.channel, offsets(rows, unit)[k], r.value]);

const COARSE =
  "coarse-times: the times have whole minutes only (the spreadsheet's date-time format showed no seconds), so intervals are rounded to the minute and 2 of 5 events share their minute with another (their order is the file's); give the column a format with seconds (YYYY-MM-DD HH:MM:SS.000) before exporting";

describe.skipIf(!haveSoffice)('CSV exported by LibreOffice Calc', () => {
  // One soffice process per locale, every sheet of that locale at once (each start takes seconds).
  const sheets = [
    fods(RUN, 'default'),
    fods(FINE, 'seconds'),
    fods(FINE, { order: 'DMY', separator: '.' }),
    fods(FINE, { order: 'MDY', separator: '/', ampm: true }),
    fods(RUN.slice(0, 4), 'default'),
    fods(NIGHT, 'date and time'),
    fods(NIGHT, 'time of day'),
    fods(FINE.slice(0, 3), 'time of day'),
  ];
  const csv = Object.fromEntries(
    haveSoffice
      ? [
          ['en_US', exportCsv(sheets, 'en_US')],
          ['en_GB', exportCsv(sheets, 'en_GB')],
          ['de_DE', exportCsv(sheets, 'de_DE', ';')],
          ['de_DE,', exportCsv(sheets, 'de_DE', ',')],
          ['fr_FR', exportCsv(sheets, 'fr_FR', ';')],
          ['ja_JP', exportCsv(sheets, 'ja_JP')],
          ['de_DE utf-16', exportCsv(sheets, 'de_DE', '\t', 'utf-16')],
        ]
      : [],
  ) as Record<string, Buffer[]>;

  it('writes what the tests expect of each locale (the formats are LibreOffice’s, not ours)', () => {
    const firstTime = (k: string, sheet: number) =>
      String(csv[k]![sheet]!)
        .split(/\r?\n/)[1]!
        .split(k.startsWith('de') || k === 'fr_FR' ? ';' : ',')[0];
    expect(firstTime('en_US', 0)).toBe('12/01/26 10:30 AM');
    expect(firstTime('en_GB', 0)).toBe('01/12/26 10:30');
    expect(firstTime('de_DE', 0)).toBe('01.12.26 10:30');
    expect(firstTime('ja_JP', 0)).toBe('2026/12/1 10:30');
    expect(firstTime('de_DE', 2)).toBe('01.12.2026 10:30:00,00');
    expect(firstTime('en_US', 3)).toBe('12/01/2026 10:30:00.00 AM');
    expect(firstTime('de_DE', 3)).toBe('12/01/2026 10:30:00,00 vorm.');
    expect(String(csv['en_US']![5]!).split(/\r?\n/)[1]).toBe('12/01/26,11:59:58 PM,"T1",21.5');
    expect(String(csv['de_DE']![5]!).split(/\r?\n/)[1]).toBe('01.12.26;23:59:58;"T1";21,5');
  });

  it.each(['en_US', 'en_GB', 'de_DE', 'fr_FR', 'ja_JP'])(
    '%s: the default date-time format, read to the minute, with a warning that the seconds are gone',
    (locale) => {
      const r = read(csv[locale]![0]!, `${locale}-default.csv`);
      expect(r.events).toEqual(expected(RUN, 60_000));
      expect(r.warnings).toEqual([COARSE]);
    },
  );

  it.each(['en_US', 'en_GB', 'de_DE', 'fr_FR', 'ja_JP'])(
    '%s: the date and time with seconds, read to the second',
    (locale) => {
      const r = read(csv[locale]![1]!, `${locale}-seconds.csv`);
      expect(r.events).toEqual(expected(FINE, 1000));
      expect(r.warnings).toEqual([]);
    },
  );

  it.each(['en_US', 'de_DE', 'fr_FR'])(
    '%s: formats with hundredths of a second (a decimal comma in de and fr), AM/PM, read exactly',
    (locale) => {
      for (const sheet of [2, 3]) {
        const r = read(csv[locale]![sheet]!, `${locale}-${sheet}.csv`);
        expect(r.events, `sheet ${sheet}`).toEqual(expected(FINE, 10));
        expect(r.warnings).toEqual([]);
      }
    },
  );

  it.each([
    ['en_US', 'mdy'],
    ['en_GB', 'dmy'],
    ['de_DE', undefined],
    ['fr_FR', 'dmy'],
  ] as const)(
    '%s: a Date and a Time column in their default formats, read together (over midnight; date order %s)',
    (locale, dateOrder) => {
      // 1 and 2 December: slashed, only the given order tells them from 12 January and February.
      const r = read(csv[locale]![5]!, `${locale}-split.csv`, dateOrder ? { dateOrder } : {});
      expect(r.events).toEqual(expected(NIGHT, 1000));
      expect(r.warnings).toEqual([]);
    },
  );

  it('a time column alone: times of day, refused where the run goes over midnight', () => {
    // 10:30:00, 10:30:01 and 10:30:01 again: the default time format shows whole seconds.
    expect(read(csv['en_US']![7]!, 'day.csv').events).toEqual(expected(FINE.slice(0, 3), 1000));
    expect(thrown(() => read(csv['de_DE']![6]!, 'night.csv')).message).toMatch(
      /night\.csv:3: time: the times of day go back from "23:59:58" \(line 2\) to "00:00:03", more than 12 hours: a run over midnight needs its dates; add a date column \(named date\) or give date-times$/,
    );
  });

  it('a slashed column whose dates do not tell day from month is an error asking for the order', () => {
    // en-US writes 12/01/26 and 12/02/26: 1 and 2 December, or 12 January and 12 February.
    const text = csv['en_US']![4]!;
    expect(thrown(() => read(text, 'undecided.csv')).message).toMatch(
      /undecided\.csv:2: time: "12\/01\/26 10:30 AM" is 1 December 2026 \(month first, as en-US writes\) or 12 January 2026 \(day first, as en-GB, fr and most locales write\), and no date in the column decides it; give the date order \(--date-order mdy or dmy; the dateOrder option\)$/,
    );
    expect(read(text, 'undecided.csv', { dateOrder: 'mdy' }).events).toEqual(
      expected(RUN.slice(0, 4), 60_000),
    );
    // en-GB's 01/12/26 … 02/12/26 read day first; the given order is kept even where it is wrong.
    expect(read(csv['en_GB']![4]!, 'gb.csv', { dateOrder: 'dmy' }).events).toEqual(
      expected(RUN.slice(0, 4), 60_000),
    );
    // A given order that a date contradicts names the row.
    expect(thrown(() => read(csv['en_US']![0]!, 'us.csv', { dateOrder: 'dmy' })).message).toMatch(
      /us\.csv:6: time: "12\/13\/26 02:30 PM" is not a date read day first \(--date-order dmy\): there is no month 13$/,
    );
  });

  it('UTF-16 with its byte order mark, tab-separated (LibreOffice "Unicode", Excel "Unicode Text")', () => {
    const bytes = csv['de_DE utf-16']![2]!;
    expect([...bytes.subarray(0, 4)]).toEqual([0xff, 0xfe, 0x22, 0x00]); // BOM, then `"` in UTF-16LE
    const r = read(bytes, 'de-utf16.csv');
    expect(r.events).toEqual(expected(FINE, 10));
    expect(r.warnings).toEqual([]);
  });

  it('a ,-separated export with decimal commas keeps the values as text and says so', () => {
    const r = read(csv['de_DE,']![1]!, 'de-comma.csv');
    expect(r.events.map((e) => e[2])).toEqual(['21,5', '-0,25', 'open', 22, 3]);
    expect(r.warnings).toEqual([
      'decimal-comma: 2 of 5 values look like numbers with a decimal comma ("21,5") and are read as text: in a ,-separated file a comma is no decimal point (it could group thousands); export with ; as the separator, where "1,5" is read as 1.5, or with decimal points',
    ]);
  });

  it('a workbook given instead of its CSV is named as one, with what to do', () => {
    const [xlsx, ods] = [
      exportWorkbook([sheets[0]!], 'xlsx')[0]!,
      exportWorkbook([sheets[0]!], 'ods')[0]!,
    ];
    expect(thrown(() => read(xlsx, 'run.xlsx')).message).toMatch(
      /run\.xlsx: not valid UTF-8: byte 0x[0-9a-f]{2} at byte offset \d+: the file is an Excel workbook \(\.xlsx\); save the sheet as CSV UTF-8 and give that$/,
    );
    expect(thrown(() => read(ods, 'run.ods')).message).toMatch(
      /run\.ods: not valid UTF-8: .*: the file is an OpenDocument spreadsheet \(\.ods\); save the sheet as CSV \(UTF-8\) and give that$/,
    );
  });
});
