import { describe, expect, it } from 'vitest';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { importFileSync, parseTrace } from './read.js';
import { recordsImporter } from './records.js';
import { formatWarning } from './warnings.js';

/**
 * `edge/python_logger.jsonl` was written by Python 3's `json.dumps`, one call per reading (the
 * script is in the commit that added it): a float time, `NaN` and `Infinity` for readings, and
 * a restart notice of the logger's own.
 */
describe('records importer (a logger’s own JSON records)', () => {
  it('reads what a Python logger writes: keys by their names (said), NaN and Infinity, notices skipped', () => {
    const r = importFileSync(fixture('edge/python_logger.jsonl'));
    expect(r.format).toBe('records');
    expect(tuples(r.trace.events)).toEqual([
      ['mono:energy', 0, 8000],
      ['det:I0', 0.5, NaN],
      ['mono:energy', 1.25, 8010.5],
      ['det:I0', 1.75, Infinity],
    ]);
    expect(r.trace.events[0]!.meta).toEqual({ unit: 'eV' });
    expect(r.warnings.map(formatWarning)).toEqual([
      'test/fixtures/import/edge/python_logger.jsonl:1: read "pv" as the channel key, "t" as the timestamp key, "val" as the value key (names known for them); say so with --columns channel=pv,timestamp=t,value=val (the columns option) (guessed-keys)',
      'test/fixtures/import/edge/python_logger.jsonl:3: a record without the keys "pv", "t", "val" (its keys: "event", "version"): not an event, skipped (unmapped-record)',
    ]);
    // Named by `columns`: no guess to state.
    const named = importFileSync(fixture('edge/python_logger.jsonl'), {
      columns: { timestamp: 't', channel: 'pv', value: 'val' },
    });
    expect(named.warnings.map((w) => w.code)).toEqual(['unmapped-record']);
  });

  it('maps other keys with the columns option, and says which to name when it is missing', () => {
    const text =
      '{"time": 1.5, "name": "mono:energy", "data": 8000}\n{"time": 2.5, "name": "mono:energy", "data": 8010}\n';
    expect(tuples(parseTrace(text, { columns: { value: 'data' } }).events)).toEqual([
      ['mono:energy', 0, 8000],
      ['mono:energy', 1, 8010],
    ]);
    expect(thrown(() => parseTrace(text, { file: 'own.jsonl' })).message).toMatchInlineSnapshot(
      `"own.jsonl: the format of the input cannot be told (looks like JSON records with the keys "time", "name", "data", but no value key (value|val|v): name it with --columns value=data (the columns option)); give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
    // The closest left-over key of each missing role, by its synonyms.
    const other = '{"ts": 1, "sig": "a", "vale": 2}\n{"ts": 2, "sig": "a", "vale": 3}\n';
    expect(
      thrown(() => parseTrace(other, { file: 'x.jsonl', columns: { channel: 'sig' } })).message,
    ).toMatchInlineSnapshot(
      `"x.jsonl:1: the record (keys "ts", "sig", "vale") has no timestamp key (timestamp|time|t) or value key (value|val|v): name them with --columns timestamp=ts,value=vale (the columns option)"`,
    );
    expect(
      thrown(() =>
        parseTrace(other, { file: 'x.jsonl', columns: { channel: 'sig', value: 'reading' } }),
      ).message,
    ).toMatch(
      /^x\.jsonl:1: the record \(keys .*\) has no timestamp key .* or value key "reading" \(as given\)/,
    );
  });

  it('fails on a key renamed mid-file, a channel that is no name, and mixed time kinds, naming the line', () => {
    const read = (lines: readonly string[]) =>
      thrown(() => parseTrace(`${lines.join('\n')}\n`, { file: 'x.jsonl', format: 'records' }))
        .message;
    const a = '{"t": 1, "pv": "a", "val": 1}';
    expect(read([a, '{"t": 2, "pv": "a", "value": 2}'])).toBe(
      'x.jsonl:2: required: the value key "val" (as in the first record); this record\'s keys: "t", "pv", "value"',
    );
    expect(read([a, '{"t": 2, "pv": 7, "val": 2}'])).toBe(
      'x.jsonl:2: pv: expected a non-empty channel name, got 7',
    );
    expect(read([a, '{"t": "2026-01-05T00:00:01Z", "pv": "a", "val": 2}'])).toBe(
      'x.jsonl:2: t: expected a number of seconds as on line 1, got "2026-01-05T00:00:01Z"',
    );
    expect(read([a, '{"t": NaN, "pv": "a", "val": 2}'])).toBe(
      'x.jsonl:2: t: expected a finite number of seconds, got NaN',
    );
    expect(read(['[1, 2]', a])).toMatch(/^x\.jsonl:1: expected a record \(an object/);
  });

  it('reads a JSON array of records and ISO times; leaves envtrace events to envtrace', () => {
    const t = parseTrace(
      '[{"time": "2026-01-05T00:00:01.5Z", "signal": "s", "v": "open"}, {"time": "2026-01-05T00:00:00Z", "signal": "s", "v": "shut"}]',
      { format: 'records' },
    );
    expect(tuples(t.events)).toEqual([
      ['s', 0, 'shut'],
      ['s', 1.5, 'open'],
    ]);
    expect(recordsImporter.detect('', { channel: 'a', timestamp: 0, value: 1, unit: 'x' })).toBe(0);
    expect(recordsImporter.detect('', { t: 0, pv: 'a', val: 1 })).toBe(0.5);
  });
});
