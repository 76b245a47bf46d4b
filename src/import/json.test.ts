import { describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import { forEachLine, jsonLineRecords, parseJsonLine, parseJsonLines } from './json.js';

describe('parseJsonLine', () => {
  it('reads one line as a record named by its number, skips a blank one, names a malformed one', () => {
    const record = parseJsonLine('{"a": 1.0}', 7, 'run.jsonl');
    expect(record?.line).toBe(7);
    expect(record?.where.file).toBe('run.jsonl:7');
    expect(parseJsonLine(' \t', 3, 'run.jsonl')).toBeUndefined();
    expect(() => parseJsonLine('{"a": }', 7, 'run.jsonl')).toThrow(TraceError);
    expect(() => parseJsonLine('{"a": }', 7, 'run.jsonl')).toThrow(/^run\.jsonl:7:7: /);
    expect(() => parseJsonLine('{"a": }', 7, undefined)).toThrow(/^line 7, column 7: /);
  });
});

describe('forEachLine', () => {
  it('gives the lines of split(/\\r?\\n/)', () => {
    for (const text of ['', 'a', 'a\r\nb\n\nc\r', '\n\n']) {
      const lines: string[] = [];
      forEachLine(text, (l) => lines.push(l));
      expect(lines).toEqual(text.split(/\r?\n/));
    }
  });
});

describe('jsonLineRecords', () => {
  const feed = (lines: string[], onRecord: (value: unknown) => void) => {
    const records = jsonLineRecords('f.jsonl', ({ value }) => onRecord(value));
    for (const l of lines) records.line(l);
    records.end();
  };

  it('hands the records over in order, numbering lines as they come (blank ones included)', () => {
    const seen: unknown[] = [];
    feed(['[1]', '', '[2]'], (v) => seen.push(v));
    expect(seen).toEqual([[1], [2]]);
    expect(parseJsonLines('[1]\r\n\r\n[2]', 'f.jsonl').map((r) => r.where.file)).toEqual([
      'f.jsonl:1',
      'f.jsonl:3',
    ]);
  });

  it('keeps the errors of "parse every line, then handle the records": a malformed line anywhere wins', () => {
    const reject = (v: unknown) => {
      if (Array.isArray(v) && v[0] === 'bad') throw new TraceError('bad record');
    };
    expect(() => feed(['["ok"]', '["bad"]', '["ok"]', '["bad"]'], reject)).toThrow('bad record');
    expect(() => feed(['["ok"]', '["bad"]', '["ok"]', '{'], reject)).toThrow(/^f\.jsonl:4:2: /);
    // After the first bad record, no later record is handled.
    const seen: unknown[] = [];
    expect(() =>
      feed(['[1]', '["bad"]', '[3]'], (v) => {
        seen.push(v);
        reject(v);
      }),
    ).toThrow('bad record');
    expect(seen).toEqual([[1], ['bad']]);
  });
});
