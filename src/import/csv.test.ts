import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { csvImporter, splitCsv } from './csv.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { readTraceSync } from './read.js';

describe('csv importer', () => {
  it('reads rows in time order with the other columns as meta, quoted fields included', () => {
    const t = readTraceSync(fixture('edge/out_of_order.csv'));
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
    const t = readTraceSync(fixture('edge/out_of_order.csv'), { mode: 'reference' });
    expect(t.events[1]!.value).toEqual(new PyFloat(1));
    expect(t.events[2]!.value).toBe(42);
  });

  it('handles a BOM and CRLF line ends, subtracting times exactly', () => {
    expect(tuples(readTraceSync(fixture('edge/bom_crlf.csv')).events)).toEqual([
      ['motor:x', 0, 1],
      ['motor:y', 0.2, 'abc'],
    ]);
  });

  it('refuses a header-only file (no events), and reads an empty text as no events', () => {
    expect(thrown(() => readTraceSync(fixture('edge/header_only.csv'))).message).toContain(
      'no events',
    );
    expect(csvImporter.parse('', {})).toEqual([]);
  });

  it('fails the whole import on a malformed row, naming file and line', () => {
    expect(
      thrown(() => readTraceSync(fixture('edge/malformed_fields.csv'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed_fields.csv:3: expected 3 fields (as the header), got 2"`,
    );
    expect(
      thrown(() => readTraceSync(fixture('edge/malformed_timestamp.csv'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed_timestamp.csv:2: timestamp: expected a number of seconds, got "soon""`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp\na,1\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv:1: the header has no "value" column (expected channel,timestamp,value[,more columns])"`,
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
      `"x.csv:2: unexpected "e" after a closing quote (a quote inside a quoted field is written "")"`,
    );
    expect(
      thrown(() => csvImporter.parse('channel,timestamp,value\na,1,op"en\n', {})).message,
    ).toMatchInlineSnapshot(
      `"line 2: unexpected " inside an unquoted field (quote the whole field, writing a quote as "")"`,
    );
  });

  it('splits RFC 4180 records with their start lines', () => {
    expect(splitCsv('a,"b\r\nc",""\r\n\r\nd\re')).toEqual([
      { line: 1, fields: ['a', 'b\r\nc', ''] },
      { line: 4, fields: ['d'] },
      { line: 5, fields: ['e'] },
    ]);
  });

  it('is detected by its header only', () => {
    expect(csvImporter.detect('channel,timestamp,value,extra\n', undefined)).toBe(1);
    expect(csvImporter.detect('"timestamp","channel","value"\r\n', undefined)).toBe(1);
    expect(csvImporter.detect('time,name,value\n', undefined)).toBe(0);
    const text = readFileSync(fixture('edge/bom_crlf.csv'), 'utf8').slice(1);
    expect(csvImporter.detect(text, undefined)).toBe(1);
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
          // A record that is one empty unquoted field is a blank line, which a reader skips.
          const kept = rows.filter((r) => always || !(r.length === 1 && r[0] === ''));
          const text = kept.map((r) => r.map((f) => quote(f, always)).join(',')).join(eol) + eol;
          expect(splitCsv(text).map((r) => r.fields)).toEqual(kept);
        },
      ),
    );
  });
});
