import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import {
  csvImporter,
  looksLikeSerialDays,
  SERIAL_DAY_RANGE,
  serialDayText,
  splitCsv,
} from './csv.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { formatWarning } from './warnings.js';
import { importFileSync, loadTraceSync, parseTrace } from './read.js';
import { stringify } from 'csv-stringify/sync';

describe('csv importer', () => {
  it('reads rows in time order with the other columns as meta, quoted fields included', () => {
    const t = loadTraceSync(fixture('edge/out_of_order.csv'));
    expect(tuples(t.events)).toEqual([
      ['shutter', 0, 'open'],
      ['motor:x', 0.25, 1],
      ['det:count', 0.75, 42],
      ['motor:x', 1.75, 2.5],
    ]);
    expect(t.events.map((e) => e.meta)).toEqual([
      { unit: '', note: 'said "go"' },
      { unit: 'mm', note: 'start, slow' },
      { unit: 'cts', note: 'multi\nline note' },
      { unit: 'mm', note: '' },
    ]);
  });

  it('keeps the int/float kind of numeric cells in reference mode', () => {
    const t = loadTraceSync(fixture('edge/out_of_order.csv'), { mode: 'reference' });
    expect(t.events[1]!.value).toEqual(new PyFloat(1));
    expect(t.events[2]!.value).toBe(42);
  });

  it('handles a BOM and CRLF line ends, subtracting times exactly', () => {
    expect(tuples(loadTraceSync(fixture('edge/bom_crlf.csv')).events)).toEqual([
      ['motor:x', 0, 1],
      ['motor:y', 0.2, 'abc'],
    ]);
  });

  it('refuses a header-only file (no events), and reads an empty text as no events', () => {
    expect(thrown(() => loadTraceSync(fixture('edge/header_only.csv'))).message).toContain(
      'no events',
    );
    expect(csvImporter.parse('', {})).toEqual([]);
  });

  it('fails the whole import on a malformed row, naming file and line', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/malformed_fields.csv'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed_fields.csv:3: expected 3 fields (as the header), got 2"`,
    );
    expect(
      thrown(() => loadTraceSync(fixture('edge/malformed_timestamp.csv'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed_timestamp.csv:2: timestamp: expected a number of seconds or a date-time (ISO 8601, or as a spreadsheet writes one: 12/01/26 10:30 AM, 01.12.2026 10:30:00,5), got "soon""`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp\na,1\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv:1: the header has no "value" column (expected a header naming channel|pv|name|signal|topic, timestamp|time|t, value|val|v, in any case; or name them with --columns value=NAME)"`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value,value\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(`"x.csv:1: column "value" appears twice in the header"`);
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value\n,1,2\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(`"x.csv:2: channel: expected a non-empty channel name"`);
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value\na,1,"open\n', { file: 'x.csv' }))
        .message,
    ).toMatchInlineSnapshot(`"x.csv:2: unterminated quoted field"`);
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value\na,1,"op"en\n', { file: 'x.csv' }))
        .message,
    ).toMatchInlineSnapshot(
      `"x.csv:2: column 3: unexpected "e" after a closing quote (a quote inside a quoted field is written "")"`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value\na,1,"op" en\n', { file: 'x.csv' }))
        .message,
    ).toMatchInlineSnapshot(
      `"x.csv:2: column 3: unexpected text after a closing quote (a quote inside a quoted field is written "")"`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value\na,1,op"en\n', {})).message,
    ).toMatchInlineSnapshot(
      `"line 2: column 3: unexpected " inside an unquoted field (quote the whole field, writing a quote as "")"`,
    );
  });

  it('reads white space around an unquoted field as no data; a quoted field keeps its spaces', () => {
    // As a hand-written file or Python's `", ".join(...)` writes rows: a space after each comma,
    // and here one before a comma too.
    const text =
      'timestamp, channel, value, note\n0.5, mono:energy , 8980.0, " two  spaces "\n1.0, shutter:cmd, open ,\t"a, b"\n';
    const r = parseTrace(text, { file: 'x.csv' });
    expect(tuples(r.events)).toEqual([
      ['mono:energy', 0, 8980],
      ['shutter:cmd', 0.5, 'open'],
    ]);
    expect(r.events.map((e) => e.meta)).toEqual([{ note: ' two  spaces ' }, { note: 'a, b' }]);
    expect(csvImporter.detect('timestamp, channel, value\n', undefined)).toBe(1);
    // A tab-separated file alike; an inner space is data.
    const tabbed = parseTrace('t\tpv\tv\n0 \t motor x \t 1\n', { file: 'x.tsv' });
    expect(tuples(tabbed.events)).toEqual([['motor x', 0, 1]]);
  });

  it("reads Excel's first line sep=X as the delimiter, for detection too, keeping line numbers", () => {
    // Excel reads a first line `sep=;` as the delimiter (scripts write it so that a file opens
    // in Excel in any locale); here with the decimal commas of a ;-separated file.
    const text =
      'sep=;\r\ntimestamp;channel;value\r\n0,0;shutter:cmd;open\r\n0,5;mono:energy;8980,5\r\n';
    expect(csvImporter.detect(text, undefined)).toBe(1);
    for (const t of [text, `\uFEFF${text}`]) {
      // Format not named: detected as CSV.
      const r = parseTrace(t, { file: 'x.csv' });
      expect(tuples(r.events)).toEqual([
        ['shutter:cmd', 0, 'open'],
        ['mono:energy', 0.5, 8980.5],
      ]);
    }
    // Declared, not sniffed: with sep=| a comma is no delimiter, so it is a decimal comma as in a
    // ;-separated file.
    const piped = parseTrace('SEP=|\nt|pv|v\n1|a,b|2,5\n');
    expect(tuples(piped.events)).toEqual([['a,b', 0, 2.5]]);
    expect(
      thrown(() => parseTrace('sep=;\ntimestamp;channel;value\nsoon;a;1\n', { file: 'x.csv' }))
        .message,
    ).toMatchInlineSnapshot(
      `"x.csv:3: timestamp: expected a number of seconds or a date-time (ISO 8601, or as a spreadsheet writes one: 12/01/26 10:30 AM, 01.12.2026 10:30:00,5), got "soon""`,
    );
    expect(
      thrown(() => parseTrace('sep=;\nZeit;Kanal;Wert\n1;a;2\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv: the format of the input cannot be told (looks like CSV (;-separated, header "Zeit", "Kanal", "Wert"), but no column is named as the channel (channel|pv|name|signal|topic) or the timestamp (timestamp|time|t) or the value (value|val|v): name them with --columns channel=NAME,timestamp=NAME,value=NAME); give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
  });

  it('splits RFC 4180 records with their start lines', () => {
    expect(splitCsv('a,"b\r\nc",""\r\n\r\nd\r\ne')).toEqual([
      { line: 1, fields: ['a', 'b\r\nc', ''] },
      { line: 4, fields: ['d'] },
      { line: 5, fields: ['e'] },
    ]);
    expect(splitCsv('a;"b;\nc"\nd;e\n', ';')).toEqual([
      { line: 1, fields: ['a', 'b;\nc'] },
      { line: 3, fields: ['d', 'e'] },
    ]);
  });

  it('is detected by its header only: any case, synonyms, , ; or tab', () => {
    expect(csvImporter.detect('channel,timestamp,value,extra\n', undefined)).toBe(1);
    expect(csvImporter.detect('"timestamp","channel","value"\r\n', undefined)).toBe(1);
    expect(csvImporter.detect('time,name,value\n', undefined)).toBe(1);
    expect(csvImporter.detect('Timestamp;Channel;Value\n', undefined)).toBe(1);
    expect(csvImporter.detect('t\tsignal\tv\n', undefined)).toBe(1);
    expect(csvImporter.detect('time,pv,reading\n', undefined)).toBe(0);
    expect(csvImporter.detect('time value\n', undefined)).toBe(0);
    const text = readFileSync(fixture('edge/bom_crlf.csv'), 'utf8').slice(1);
    expect(csvImporter.detect(text, undefined)).toBe(1);
  });

  // Fixtures written by the csv project's own writer (csv-stringify, pinned devDependency), with
  // the delimiters and quoting people use; the spreadsheet-like text below is as LibreOffice /
  // Excel save "CSV UTF-8" in a German locale (BOM, CRLF, `;`, decimal commas).
  it('reads what csv-stringify writes: every delimiter, quoted fields, ISO and epoch times', () => {
    const rows = [
      ['2026-01-05T00:00:00.5Z', 'motor:x', '1.5', 'start; "slow"'],
      ['2026-01-05T00:00:00Z', 'shutter', 'open', 'multi\nline'],
      ['2026-01-05T00:00:02.25Z', 'motor:x', '2', ''],
    ];
    for (const [delimiter, header] of [
      [',', ['time', 'pv', 'val', 'note']],
      [';', ['Timestamp', 'Channel', 'Value', 'Note']],
      ['\t', ['T', 'SIGNAL', 'V', 'note']],
    ] as const) {
      for (const quoted of [false, true]) {
        const text = stringify([[...header], ...rows], {
          delimiter,
          quoted,
          record_delimiter: 'windows',
        });
        const r = parseTrace(text, { file: 'x.csv' });
        expect(tuples(r.events)).toEqual([
          ['shutter', 0, 'open'],
          ['motor:x', 0.5, 1.5],
          ['motor:x', 2.25, 2],
        ]);
        expect(r.events.map((e) => Object.values(e.meta!)[0])).toEqual([
          'multi\nline',
          'start; "slow"',
          '',
        ]);
      }
    }
    // Epoch seconds, exactly: 1767571200.1 - 1767571200 is 0.1.
    const epoch = stringify([
      ['timestamp', 'topic', 'value'],
      ['1767571200.1', '/odom', '3'],
      ['1767571200', '/odom', '4'],
    ]);
    expect(tuples(parseTrace(epoch).events)).toEqual([
      ['/odom', 0, 4],
      ['/odom', 0.1, 3],
    ]);
  });

  it('reads a spreadsheet export: BOM, CRLF, ; and decimal commas', () => {
    const text =
      '\ufeffZeit;Kanal;Messwert\r\n2026-03-02 14:05:11,5;T1;21,5\r\n2026-03-02 14:05:12;T1;-0,25\r\n';
    const t = parseTrace(text, {
      columns: { timestamp: 'zeit', channel: 'Kanal', value: 'Messwert' },
    });
    expect(tuples(t.events)).toEqual([
      ['T1', 0, 21.5],
      ['T1', 0.5, -0.25],
    ]);
    // A comma is a delimiter in a ,-separated file, so there "1,5" is never a number.
    expect(() => csvImporter.parse('time,pv,val\n1,a,1,5\n', {})).toThrow(
      'expected 3 fields (as the header), got 4',
    );
  });

  it('skips what a spreadsheet writes for empty rows and columns: rows of ;; and unnamed empty columns', () => {
    // LibreOffice / Excel write a row of empty cells for an empty row that holds formatting, and
    // an empty cell (a trailing `;`) on every line for such a column, its header cell included.
    const text =
      ';;;\r\nchannel;timestamp;value;\r\nT1;0;21,5;\r\n;;;\r\nT1;1,5;-0,25;\r\n;;;\r\n;;;\r\n';
    expect(csvImporter.detect(text)).toBe(1);
    const t = parseTrace(text, { file: 'x.csv' });
    expect(tuples(t.events)).toEqual([
      ['T1', 0, 21.5],
      ['T1', 1.5, -0.25],
    ]);
    expect(t.events.map((e) => e.meta)).toEqual([{}, {}]);
    // An unnamed column between named ones, with no cells either.
    expect(tuples(parseTrace('channel,,timestamp,value\na,,0,1\n').events)).toEqual([['a', 0, 1]]);
    expect(
      thrown(() =>
        csvImporter.parse('channel,timestamp,value,\na,0,1,\nb,1,2,oops\n', { file: 'x.csv' }),
      ).message,
    ).toMatchInlineSnapshot(
      `"x.csv:1: column 4 has no name in the header, but line 3 has "oops" in it; name the column"`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value,\n,,,\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv: no events: a CSV header ("channel", "timestamp", "value") and no rows"`,
    );
  });

  it('skips a row index as the first column, with one warning; other unnamed columns are errors', () => {
    // pandas is not installed here, so this is written by hand as `df.to_csv("scan.csv")` writes
    // a DataFrame with its default RangeIndex: pandas documents `index : bool, default True:
    // Write row names (index)` and `index_label : ... If None is given, and header and index are
    // True, then the index names are used`; a RangeIndex has no name, so the header's first cell
    // is empty and each row starts with its number, 0, 1, 2, …
    const pandas =
      ',timestamp,channel,value\n0,0.0,shutter:cmd,open\n1,0.5,mono:energy,8980.0\n2,0.7,det:counts,1000\n';
    // R's `write.csv(df, "scan.csv")`: its row names, quoted, counted from 1, under a "" header.
    const r =
      '"","timestamp","channel","value"\r\n"1",0,"shutter:cmd","open"\r\n"2",0.5,"mono:energy",8980\r\n"3",0.7,"det:counts",1000\r\n';
    for (const [text, first, last] of [
      [pandas, 0, 2],
      [r, 1, 3],
    ] as const) {
      const out: string[] = [];
      const events = csvImporter.parse(text, {
        file: 'scan.csv',
        warn: (w) => out.push(formatWarning(w)),
      });
      expect(events.map((e) => [e.channel, e.timestamp, e.value, e.meta])).toEqual([
        ['shutter:cmd', 0, 'open', {}],
        ['mono:energy', 0.5, 8980, {}],
        ['det:counts', 0.7, 1000, {}],
      ]);
      expect(out).toEqual([
        `scan.csv:1: column 1 has no name in the header and holds the row numbers ${first} to ${last} (a row index, as pandas' DataFrame.to_csv() and R's write.csv() write by default): skipped; write the file with index=False (pandas) or row.names=FALSE (R) to leave it out (index-column)`,
      ]);
    }
    const one: string[] = [];
    csvImporter.parse(',t,pv,v\n7,0,a,1\n', { warn: (w) => one.push(w.message) });
    expect(one[0]).toMatch(/^column 1 has no name in the header and holds the row number 7 \(/);
    // Not a run of row numbers (a filtered DataFrame's index), or not the first column: the error.
    for (const [text, message] of [
      [
        ',t,pv,v\n0,0,a,1\n2,1,a,2\n',
        'x.csv:1: column 1 has no name in the header, but line 2 has "0" in it; name the column',
      ],
      [
        ',t,pv,v\n0,0,a,1\nx,1,a,2\n',
        'x.csv:1: column 1 has no name in the header, but line 2 has "0" in it; name the column',
      ],
      [
        't,,pv,v\n0,0,a,1\n1,1,a,2\n',
        'x.csv:1: column 2 has no name in the header, but line 2 has "0" in it; name the column',
      ],
    ] as const)
      expect(thrown(() => csvImporter.parse(text, { file: 'x.csv' })).message).toBe(message);
  });

  it('names what is ambiguous or missing in the header, and mixed time kinds', () => {
    expect(
      thrown(() => csvImporter.parse('time,timestamp,pv,val\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv:1: columns "time" and "timestamp" could each be the timestamp; name one with the columns option (--columns timestamp=NAME)"`,
    );
    expect(
      thrown(() => csvImporter.parse('Zeit;Kanal;Wert\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv:1: the header has no "channel", "timestamp", "value" column (expected a header naming channel|pv|name|signal|topic, timestamp|time|t, value|val|v, in any case; or name them with --columns channel=NAME,timestamp=NAME,value=NAME)"`,
    );
    expect(
      thrown(() =>
        csvImporter.parse('Zeit;Kanal;Wert\n', { file: 'x.csv', columns: { value: 'Reading' } }),
      ).message,
    ).toMatchInlineSnapshot(
      `"x.csv:1: the header has no column "Reading" (given as the value column; the header: "Zeit", "Kanal", "Wert")"`,
    );
    expect(
      thrown(() =>
        csvImporter.parse('time,pv,val\n2026-01-05T00:00:00Z,a,1\n3.5,a,2\n', { file: 'x.csv' }),
      ).message,
    ).toMatchInlineSnapshot(
      `"x.csv:3: time: expected an ISO 8601 date-time as on line 2, got "3.5""`,
    );
    expect(
      thrown(() => csvImporter.parse('time,pv,val\n1,a,"x"y\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv:2: column 3: unexpected "y" after a closing quote (a quote inside a quoted field is written "")"`,
    );
  });

  it('splits what an RFC 4180 writer writes, whatever the fields hold (property)', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', '\r\n', 'é'),
    });
    const quote = (f: string, always: boolean) =>
      always || /[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f;
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        (rows, always, eol) => {
          // A record that is one unquoted field of spaces or nothing is a blank line, which a
          // reader skips.
          const kept = rows.filter((r) => always || !(r.length === 1 && r[0]!.trim() === ''));
          const text = kept.map((r) => r.map((f) => quote(f, always)).join(',')).join(eol) + eol;
          // White space around an unquoted field is not data (the writer quotes a field only for
          // a quote, comma or line break, so `" a"` goes out as ` a` and is read as `a`); a quoted
          // field keeps its spaces.
          const read = kept.map((r) => r.map((f) => (always || /[",\r\n]/.test(f) ? f : f.trim())));
          expect(splitCsv(text).map((r) => r.fields)).toEqual(read);
        },
      ),
    );
  });
});

describe('spreadsheet serial dates in the time column', () => {
  // No spreadsheet package is a dependency, so the CSV is written here as a spreadsheet exports a
  // date cell formatted as a number: days since 1899-12-30 (the 1900 date system), the time of day
  // as the fraction, 15 significant digits; the serial values are computed from Dates, never typed.
  const DAY_MS = 86_400_000;
  const serial = (d: Date) => Number((d.getTime() / DAY_MS + 25569).toPrecision(15));
  const start = new Date(Date.UTC(2026, 11, 1, 10, 30, 0));
  const offsets = [0, 60, 90.5, 3600]; // seconds after the start
  const times = offsets.map((s) => new Date(start.getTime() + s * 1000));
  const sheet = (delimiter: ',' | ';', cells: ReadonlyArray<number | string> = times.map(serial)) =>
    stringify(
      [
        ['time', 'channel', 'value'],
        ...cells.map((t, i) => [
          delimiter === ';' ? String(t).replace('.', ',') : String(t),
          'motor',
          String(i),
        ]),
      ],
      { delimiter, record_delimiter: 'windows' },
    );

  it('refuses them without a time unit: one line naming the file, the line, the column and the option', () => {
    expect(serial(start)).toBe(46357.4375); // 2026-12-01 10:30 is day 46357, 10:30 is 0.4375 of a day
    expect(
      thrown(() => parseTrace(sheet(','), { file: 'sheet.csv' })).message,
    ).toMatchInlineSnapshot(
      `"sheet.csv:2: time: the times look like spreadsheet serial dates (days since 1899-12-30: 46357.4375 is 2026-12-01 10:30:00), not seconds, which would make every interval 86,400 times too short; give the time unit (--time-unit days reads them as dates, --time-unit seconds as seconds; the timeUnit option)"`,
    );
    expect(
      thrown(() => parseTrace(sheet(';'), { format: 'csv', file: 'sheet.csv' })).message,
    ).toContain('look like spreadsheet serial dates');
  });

  it("reads them as dates with timeUnit 'days': the intervals of the Dates, to the millisecond", () => {
    for (const delimiter of [',', ';'] as const) {
      const t = parseTrace(sheet(delimiter), { timeUnit: 'days' });
      expect(
        t.events.map((e) => e.timestamp),
        delimiter,
      ).toEqual(offsets);
    }
    // ISO 8601 cells are dates already: the unit does not touch them.
    const iso = sheet(
      ',',
      times.map((d) => d.toISOString()),
    );
    expect(parseTrace(iso, { timeUnit: 'days' }).events.map((e) => e.timestamp)).toEqual(offsets);
  });

  it("keeps them as seconds with timeUnit 'seconds'", () => {
    const t = parseTrace(sheet(','), { timeUnit: 'seconds' });
    const cells = times.map(serial);
    expect(t.events[3]!.timestamp).toBeCloseTo(cells[3]! - cells[0]!, 9);
  });

  it('does not doubt columns that are not serial dates', () => {
    const read = (cells: ReadonlyArray<number | string>) =>
      parseTrace(sheet(',', cells)).events.map((e) => e.timestamp);
    // seconds from the start, epoch seconds, seconds of the day over more than a week's worth (7 s)
    expect(read([0, 0.5, 60])).toEqual([0, 0.5, 60]);
    expect(read([1796121000, 1796121000.5])).toEqual([0, 0.5]);
    expect(read([40000.5, 40010, 40100])).toEqual([0, 9.5, 99.5]);
    // whole numbers only (no time of day), one time only (no interval for the unit to change)
    expect(read([46357, 46358])).toEqual([0, 1]);
    expect(read([46357.4375])).toEqual([0]);
  });

  it('looksLikeSerialDays: the range is 1990-01-01 to 2100-01-01', () => {
    const day = (y: number) => Date.UTC(y, 0, 1) / DAY_MS + 25569;
    expect([day(1990), day(2100)]).toEqual([...SERIAL_DAY_RANGE]);
    expect(looksLikeSerialDays([day(1990), day(1990) + 0.5])).toBe(true);
    expect(looksLikeSerialDays([day(1990) - 0.5, day(1990)])).toBe(false);
    expect(looksLikeSerialDays([day(2100) - 0.5, day(2100) + 0.5])).toBe(false);
    expect(serialDayText(46357.4375)).toBe('2026-12-01 10:30:00');
  });
});

describe('date-times as a spreadsheet formats them (LibreOffice exports: test/e2e/spreadsheet-csv.test.ts)', () => {
  const column = (cells: readonly string[], options: Parameters<typeof parseTrace>[1] = {}) =>
    parseTrace(`time;channel;value\n${cells.map((c) => `${c};a;1`).join('\n')}\n`, {
      file: 'x.csv',
      ...options,
    }).events.map((e) => e.timestamp);
  const HOUR = 3600;
  const DAY = 24 * HOUR;

  it('reads each order, separator, two-digit years, fractions and AM/PM', () => {
    expect(column(['01.12.26 10:30', '02.12.26 10:30'])).toEqual([0, DAY]);
    expect(column(['2026/12/1 10:30', '2026/12/13 10:30'])).toEqual([0, 12 * DAY]);
    // ISO's dashes without seconds, or with single digits, are a spreadsheet's too.
    expect(column(['2026-12-01 10:30', '2026-12-1 10:31', '2026-12-01T10:32'])).toEqual([
      0, 60, 120,
    ]);
    // A decimal comma or point before the fraction; a comma between date and time (as JS's de
    // toLocaleString writes); a date alone is midnight.
    expect(column(['1.12.2026 10:30:00,25', '1.12.2026, 10:30:01.5', '2.12.2026'])).toEqual([
      0,
      1.25,
      DAY - (10 * HOUR + 30 * 60) - 0.25,
    ]);
    // 12 AM is midnight, 12 PM noon; a.m. / p. m. / vorm. / nachm. as es and de write them.
    expect(
      column([
        '12/13/26 12:00 AM',
        '12/13/26 1:00 a.m.',
        '12/13/26 12:00 PM',
        '12/13/26 1:00 p. m.',
      ]),
    ).toEqual([0, HOUR, 12 * HOUR, 13 * HOUR]);
    expect(column(['13/12/2026 11:59:59 vorm.', '13/12/2026 12:00:00 nachm.'])).toEqual([0, 1]);
    // Two-digit years as the spreadsheets read them: 29 is 2029, 30 is 1930.
    expect(column(['31.12.29 00:00', '01.01.30 00:00'])).toEqual([
      0,
      (Date.UTC(2029, 11, 31) - Date.UTC(1930, 0, 1)) / 1000,
    ]);
  });

  it('reads the LibreOffice exports saved as fixtures (en_US default format, de_DE with hundredths)', () => {
    // Written by test/support/libreoffice.ts from these Dates (10:30:00.000, 10:30:01.250,
    // 10:30:01.500 on 1 December 2026, 14:30:00.750 on the 13th) and saved as LibreOffice wrote them.
    const dec13 = 12 * DAY + 4 * HOUR;
    const us = importFileSync(fixture('edge/libreoffice_en_US.csv'));
    expect(tuples(us.trace.events)).toEqual([
      ['T1', 0, 21.5],
      ['T1', 0, -0.25],
      ['valve', 0, 'open'],
      ['T1', dec13, 3],
    ]);
    expect(us.warnings.map((w) => w.code)).toEqual(['coarse-times']);
    const de = importFileSync(fixture('edge/libreoffice_de_DE.csv'));
    expect(tuples(de.trace.events)).toEqual([
      ['T1', 0, 21.5],
      ['T1', 1.25, -0.25],
      ['valve', 1.5, 'open'],
      ['T1', dec13 + 0.75, 3],
    ]);
    expect(de.warnings).toEqual([]);
  });

  it('decides a slashed column by a day over 12, or by every row being one date', () => {
    expect(column(['01/12/26 10:30', '13/12/26 10:30'])).toEqual([0, 12 * DAY]); // day first
    expect(column(['12/01/26 10:30', '12/13/26 10:30'])).toEqual([0, 12 * DAY]); // month first
    // One date throughout: either order gives the same intervals.
    expect(column(['05/06/26 10:30', '05/06/26 11:30'])).toEqual([0, HOUR]);
    expect(column(['05-06-2026 10:30', '05-07-2026 10:30'], { dateOrder: 'dmy' })).toEqual([
      0,
      30 * DAY,
    ]);
    expect(column(['05-06-2026 10:30', '05-07-2026 10:30'], { dateOrder: 'mdy' })).toEqual([
      0,
      DAY,
    ]);
    expect(
      thrown(() => column(['05/06/26 10:30', '05/07/26 10:30'])).message,
    ).toMatchInlineSnapshot(
      `"x.csv:2: time: "05/06/26 10:30" is 6 May 2026 (month first, as en-US writes) or 5 June 2026 (day first, as en-GB, fr and most locales write), and no date in the column decides it; give the date order (--date-order mdy or dmy; the dateOrder option)"`,
    );
  });

  it('refuses what is no date or no time, and a column of mixed kinds', () => {
    expect(thrown(() => column(['2026/02/29 10:00'])).message).toMatchInlineSnapshot(
      `"x.csv:2: time: "2026/02/29 10:00" is not a date read year first: February 2026 has 28 days"`,
    );
    expect(thrown(() => column(['13.13.26 10:00'])).message).toMatchInlineSnapshot(
      `"x.csv:2: time: "13.13.26 10:00" is not a date read day.month.year: there is no month 13"`,
    );
    for (const cell of [
      '12/01/26 13:00 PM',
      '12/01/26 0:30 AM',
      '12/01/26 24:00',
      '12/01/26 10:60',
      '1.12.026 10:00',
      '12/01 10:00',
    ])
      expect(thrown(() => column([cell])).message, cell).toContain(
        'expected a number of seconds or a date-time',
      );
    expect(
      thrown(() => column(['2026-12-01T10:30:00Z', '01.12.2026 10:31'])).message,
    ).toMatchInlineSnapshot(
      `"x.csv:3: time: expected an ISO 8601 date-time as on line 2, got "01.12.2026 10:31""`,
    );
  });

  it('names a decimal comma in the time column of a ,-separated file', () => {
    // LibreOffice in a de or fr locale quotes a date cell without a date format as "46357,4375".
    expect(
      thrown(() => csvImporter.parse('time,channel,value\n"46357,4375",a,1\n', { file: 'x.csv' }))
        .message,
    ).toMatchInlineSnapshot(
      `"x.csv:2: time: the number "46357,4375" has a decimal comma, which a ,-separated file does not read (a comma could group thousands); export with ; as the separator, or with a decimal point"`,
    );
  });

  it('reads a time column of times of day, with the date column beside it when there is one', () => {
    const read = (text: string) => parseTrace(text, { file: 'x.csv' }).events;
    // A logger's layout: Date and Time columns; the date column is consumed, not kept in meta.
    const split = read(
      'Date;Time;Channel;Value;Note\n2026-12-01;23:59:58;T1;1;a\n2026-12-02;00:00:01,5;T1;2;b\n',
    );
    expect(split.map((e) => [e.timestamp, e.meta])).toEqual([
      [0, { Note: 'a' }],
      [3.5, { Note: 'b' }],
    ]);
    expect(
      read('datum,time,pv,val\n01.12.26,11:59 PM,a,1\n02.12.26,12:01 AM,a,2\n').map(
        (e) => e.timestamp,
      ),
    ).toEqual([0, 120]);
    // Alone, times of day are seconds since midnight; rows may be out of order within 12 hours.
    expect(
      read('time,pv,val\n10:30:05,a,1\n10:30:00.25,a,2\n22:00:00,a,3\n').map((e) => e.timestamp),
    ).toEqual([0, 4.75, 41_399.75]);
    expect(
      thrown(() => read('date;time;pv;val\n1. Dez;10:30:00;a;1\n')).message,
    ).toMatchInlineSnapshot(
      `"x.csv:2: time: the date "1. Dez" (column "date") and the time "10:30:00" make no date-time (a date as 2026-12-01, 01.12.2026 or 12/01/26 is expected)"`,
    );
    expect(
      thrown(() => read('time;pv;val\n23:00:00;a;1\n10:00:00;a;2\n')).message,
    ).toMatchInlineSnapshot(
      `"x.csv:3: time: the times of day go back from "23:00:00" (line 2) to "10:00:00", more than 12 hours: a run over midnight needs its dates; add a date column (named date) or give date-times"`,
    );
  });

  it('warns once when the times have whole minutes only, counting the events that share one', () => {
    const warnings: string[] = [];
    parseTraceWarnings(['01.12.26 10:30', '01.12.26 10:30', '01.12.26 10:31'], warnings);
    expect(warnings).toEqual([
      "x.csv:2: time: the times have whole minutes only (the spreadsheet's date-time format showed no seconds), so intervals are rounded to the minute and 2 of 3 events share their minute with another (their order is the file's); give the column a format with seconds (YYYY-MM-DD HH:MM:SS.000) before exporting (coarse-times)",
    ]);
    warnings.length = 0;
    parseTraceWarnings(['01.12.26 10:30:00', '01.12.26 10:30:00'], warnings);
    expect(warnings).toEqual([]);
  });

  function parseTraceWarnings(cells: readonly string[], out: string[]) {
    const text = `time;channel;value\n${cells.map((c) => `${c};a;1`).join('\n')}\n`;
    csvImporter.parse(text, { file: 'x.csv', warn: (w) => out.push(formatWarning(w)) });
  }

  it('reads every date-time of every format back to its Date, to the hundredth (property)', () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    fc.assert(
      fc.property(
        // Two-digit years stand for 1930–2029: the run stays inside (7 gaps of under 30 days).
        fc.integer({ min: Date.UTC(1930, 0, 1), max: Date.UTC(2029, 5, 1) }),
        // Gaps under 30 days: a longer one could make an event a time outlier (dropped).
        fc.array(fc.integer({ min: 0, max: 29 * 86_400_000 }), { minLength: 1, maxLength: 7 }),
        fc.constantFrom('de', 'en-US', 'en-GB', 'ja', 'nl'),
        fc.boolean(),
        (start, gaps, style, twoDigitYear) => {
          const ms = gaps.reduce((out, g) => [...out, out.at(-1)! + g], [start]);
          const cells = ms.map((t) => {
            const d = new Date(Math.floor(t / 10) * 10);
            const y =
              twoDigitYear && style !== 'ja'
                ? pad(d.getUTCFullYear() % 100)
                : String(d.getUTCFullYear());
            const [D, M] = [pad(d.getUTCDate()), pad(d.getUTCMonth() + 1)];
            const h = d.getUTCHours();
            const sec = `${pad(d.getUTCSeconds())}${style === 'de' || style === 'nl' ? ',' : '.'}${pad(d.getUTCMilliseconds() / 10)}`;
            const clock = `${pad(h)}:${pad(d.getUTCMinutes())}:${sec}`;
            if (style === 'de') return `${D}.${M}.${y} ${clock}`;
            if (style === 'en-GB') return `${D}/${M}/${y} ${clock}`;
            if (style === 'nl') return `${D}-${M}-${y} ${clock}`;
            if (style === 'ja') return `${y}/${d.getUTCMonth() + 1}/${d.getUTCDate()} ${clock}`;
            const h12 = h % 12 === 0 ? 12 : h % 12;
            return `${M}/${D}/${y} ${h12}:${pad(d.getUTCMinutes())}:${sec} ${h < 12 ? 'AM' : 'PM'}`;
          });
          const order = style === 'en-US' ? 'mdy' : 'dmy';
          const got = column(cells, { dateOrder: order });
          const times = ms.map((t) => Math.floor(t / 10) * 10).sort((a, b) => a - b);
          expect(got).toEqual(times.map((t) => Math.round(t - times[0]!) / 1000));
        },
      ),
    );
  });
});

describe('thousands separators in the value column (a spreadsheet exports a formatted number as shown)', () => {
  // The cells are what `Intl.NumberFormat` writes with grouping in each locale (the number
  // formats a spreadsheet shows), written out by csv-stringify, as a ,- or ;-separated export.
  const shown = (locale: string, xs: readonly number[], digits = 1) =>
    xs.map((x) => new Intl.NumberFormat(locale, { minimumFractionDigits: digits }).format(x));
  const csvOf = (values: readonly string[], delimiter: ',' | ';') =>
    stringify([['time', 'pv', 'val'], ...values.map((v, k) => [String(k), 'mono:energy', v])], {
      delimiter,
    });
  const read = (text: string) => {
    const warnings: string[] = [];
    const events = csvImporter.parse(text, {
      file: 'x.csv',
      warn: (w) => warnings.push(formatWarning(w)),
    });
    return { values: events.map((e) => e.value), warnings };
  };

  it('reads an en-US column ("1,250.0") as numbers, with one warning naming the column and row', () => {
    const values = shown('en-US', [1250, 1300.5, 12000.25, 950]);
    expect(values).toEqual(['1,250.0', '1,300.5', '12,000.25', '950.0']);
    for (const delimiter of [',', ';'] as const) {
      const r = read(csvOf(values, delimiter));
      expect(r.values).toEqual([1250, 1300.5, 12000.25, 950]);
      expect(r.warnings).toEqual([
        'x.csv:2: val: 3 of 4 values have thousands separators (a comma grouping thousands and a decimal point, as en-US, en-GB, ja write) and are read as numbers so: "1,250.0" is 1250.0; export the column without thousands separators to leave no doubt (thousands-separator)',
      ]);
    }
    // A cell every style reads (`1,250`) is read in the style the column proves.
    expect(read(csvOf(['1,250', '1,300.5'], ',')).values).toEqual([1250, 1300.5]);
  });

  it('reads a de-DE column ("1.234,5") in a ;-separated file, "1.250" beside it as 1250', () => {
    const values = shown('de-DE', [1234.5, 1300, 1250, 21.5], 0);
    expect(values).toEqual(['1.234,5', '1.300', '1.250', '21,5']);
    const r = read(csvOf(values, ';'));
    expect(r.values).toEqual([1234.5, 1300, 1250, 21.5]);
    expect(r.warnings).toEqual([
      'x.csv:2: val: 3 of 4 values have thousands separators (a point grouping thousands and a decimal comma, as de-DE, it, es, nl write) and are read as numbers so: "1.234,5" is 1234.5; export the column without thousands separators to leave no doubt (thousands-separator)',
    ]);
    // fr-FR groups with a narrow no-break space.
    expect(read(csvOf(shown('fr-FR', [1234.5, 2.25]), ';')).values).toEqual([1234.5, 2.25]);
  });

  it('keeps text, with one warning, where the column does not prove one style the file can hold', () => {
    // A decimal comma in a ,-separated file: the file's decimal mark is the point.
    const de = read(csvOf(['1.234,5', '21,5'], ','));
    expect(de.values).toEqual(['1.234,5', '21,5']);
    expect(de.warnings).toEqual([
      'x.csv:2: val: "1.234,5" looks like a number with a point grouping thousands and a decimal comma, as de-DE, it, es, nl write, and is read as text, as are the other such values: a ,-separated file has no decimal comma (a comma there could group thousands); export with ; as the separator, where it is read as a number, or without thousands separators (thousands-separator)',
    ]);
    // A cell the proven style does not write.
    const mixed = read(csvOf(['1,250.5', '21,5'], ';'));
    expect(mixed.values).toEqual(['1,250.5', 21.5]);
    expect(mixed.warnings).toEqual([
      'x.csv:2: val: "1,250.5" is a number with a comma grouping thousands and a decimal point, as en-US, en-GB, ja write, but line 3 has "21,5", which that style does not write: the numbers with thousands separators are read as text; export the column without thousands separators (a number format without grouping) (thousands-separator)',
    ]);
    // Two styles proven: the first grouped cell, and the first its style does not write.
    expect(read(csvOf(['1,250.5', '1.234,5'], ';')).warnings[0]).toMatch(
      /^x\.csv:2: val: "1,250\.5" is a number with a comma grouping .*, but line 3 has "1\.234,5", which that style does not write/,
    );
    // `1,250` alone is 1250 or 1.25: text, with the decimal-comma warning naming both readings.
    const alone = read(csvOf(['1,250', '2,500', 'open'], ','));
    expect(alone.values).toEqual(['1,250', '2,500', 'open']);
    expect(alone.warnings).toEqual([
      'x.csv:2: val: 2 of 3 values look like numbers with a decimal comma ("1,250") and are read as text: in a ,-separated file a comma is no decimal point (it could group thousands); export with ; as the separator, where "1,5" is read as 1.5, or with decimal points (decimal-comma)',
    ]);
    // In a ;-separated file `1.300` alone is 1.3 or 1300 grouped (de-DE), `1,250` 1.25 or 1250.
    const doubt = read(csvOf(['1.300', '1.250', '950'], ';'));
    expect(doubt.values).toEqual(['1.300', '1.250', 950]);
    expect(doubt.warnings).toEqual([
      'x.csv:2: val: "1.300" could be 1.3 (a decimal point) or 1300 (a point grouping thousands, as de-DE, it, es, nl write), and no value in the column tells which: 2 such values are read as text; export the column without thousands separators (thousands-separator)',
    ]);
    // A value with a decimal point proves the point: no doubt, no warning.
    expect(read(csvOf(['1.300', '0.5'], ';'))).toEqual({ values: [1.3, 0.5], warnings: [] });
    // No separators: no warning, every cell as before.
    expect(read(csvOf(['1250.0', '7', 'open'], ',')).warnings).toEqual([]);
  });
});

describe('a header repeated mid-file', () => {
  it('skips it with a warning naming its line (a logger restarted and appended)', () => {
    // csv-stringify writes each run's rows with their header, as a logger appending per run does.
    const run = (rows: string[][]) => stringify([['time', 'pv', 'val'], ...rows]);
    const text = run([['0', 'a', '1']]) + run([['1', 'a', '2']]);
    const warnings: string[] = [];
    const events = csvImporter.parse(text, {
      file: 'x.csv',
      warn: (w) => warnings.push(formatWarning(w)),
    });
    expect(tuples(events)).toEqual([
      ['a', 0, 1],
      ['a', 1, 2],
    ]);
    expect(warnings).toEqual([
      'x.csv:3: the header again (a logger restarted and appended to the file?): not an event, skipped (skipped-line)',
    ]);
  });
});
