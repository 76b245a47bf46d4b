import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, TraceError } from '../errors.js';
import { loadEnvtraceFile, parseEnvtrace } from '../trace/parse.js';
import { Trace } from '../trace/trace.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { importFile, importFileSync, loadTrace, loadTraceSync, parseTrace } from './read.js';
import { detectFormat, detectionScores, importers } from './registry.js';

const samples: ReadonlyArray<[string, string]> = [
  ['agentevals_messages.json', 'openai'],
  ['atif_trajectory.json', 'atif'],
  ['bluesky_documents.jsonl', 'bluesky'],
  ['epics_camonitor.txt', 'camonitor'],
  ['openinference_spans.otlp.json', 'openinference'],
  ['otel_genai_agent.otlp.json', 'otlp'],
  ['rosbag2_run/messages.decoded.jsonl', 'rosbag2'],
  ['edge/envtrace.json', 'envtrace'],
  ['edge/out_of_order.csv', 'csv'],
  ['edge/bom_crlf.csv', 'csv'],
  ['edge/huge_ns.otlp.json', 'otlp'],
  ['edge/event_page.bluesky.jsonl', 'bluesky'],
  ['edge/timed.openai.json', 'openai'],
  ['edge/out_of_order.camonitor.txt', 'camonitor'],
  ['edge/huge_ns.rosbag2.jsonl', 'rosbag2'],
];

const tmp = mkdtempSync(path.join(os.tmpdir(), 'envtrace-import-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('format detection', () => {
  it.each(samples)('detects %s as %s, by content only', async (name, format) => {
    // Copied under a neutral name: the file name plays no part.
    const copy = path.join(tmp, `input-${format}`);
    writeFileSync(copy, readFileSync(fixture(name)));
    expect((await importFile(copy)).format).toBe(format);
    // Every other format scores lower.
    const [best, second] = detectionScores(
      readFileSync(fixture(name), 'utf8').replace(/^\uFEFF/, ''),
    );
    expect(best!.importer.name).toBe(format);
    expect(second!.confidence).toBeLessThan(best!.confidence);
  });

  it('explains a refusal when the input looks like a format it is not', () => {
    expect(
      thrown(() => parseTrace('Zeit;Kanal;Wert\n0;a;1\n', { file: 'x.csv' })).message,
    ).toMatchInlineSnapshot(
      `"x.csv: the format of the input cannot be told (looks like CSV (;-separated, header "Zeit", "Kanal", "Wert"), but no column is named as the channel (channel|pv|name|signal|topic) or the timestamp (timestamp|time|t) or the value (value|val|v): name them with --columns channel=NAME,timestamp=NAME,value=NAME); give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
    expect(
      thrown(() => parseTrace('[["evnt", {"uid": "x"}]]', { file: 'x.json' })).message,
    ).toMatchInlineSnapshot(
      `"x.json: the format of the input cannot be told (looks like Bluesky documents, but "evnt" is not an event-model document name (start, descriptor, event, event_page, stop, resource, datum, datum_page, stream_resource, stream_datum)); give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
  });

  it('refuses text that fits no format; OTLP of no convention is otlp, not a tie', () => {
    expect(thrown(() => detectFormat('hello world\n', 'x.txt')).message).toMatchInlineSnapshot(
      `"x.txt: the format of the input cannot be told; give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
    expect(thrown(() => detectFormat('', 'x.txt')).message).toMatchInlineSnapshot(
      `"x.txt: the input is empty, so its format cannot be told; give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
    // It tied with openinference, and naming either format gave no events all the same: otlp
    // reads it and says that no span is a tool call.
    expect(detectFormat('{"resourceSpans": []}', 'x.json').name).toBe('otlp');
    expect(
      thrown(() =>
        parseTrace(
          '{"resourceSpans": [{"scopeSpans": [{"spans": [{"name": "chat", "startTimeUnixNano": "1"}]}]}]}',
          { file: 'x.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"x.json: no events: 1 OTLP span ("chat"), none of them a tool call as otlp reads it (gen_ai.operation.name "execute_tool", ai.toolCall.name, traceloop.span.kind "tool")"`,
    );
  });

  it('reports JSON that fits no format as the envtrace reader would (syntax error, or not a trace)', () => {
    expect(
      thrown(() => parseTrace('{"events": [', { file: 'g.json' })).message,
    ).toMatchInlineSnapshot(`"g.json:1:13: Unexpected end of input (expected a value)"`);
    expect(
      thrown(() => parseTrace('{"something": 1}', { file: 'g.json' })).message,
    ).toMatchInlineSnapshot(
      `"g.json: expected a trace: an object with "events" or an array of events, got an object with the key "something""`,
    );
  });

  it("tells Python's NaN and Infinity literals by their document's shape: reference mode reads them", () => {
    const text = '{"events": [{"channel": "a", "timestamp": 0, "value": NaN}]}';
    expect(parseTrace(text, { mode: 'reference' }).events[0]!.value).toBe(Number.NaN);
    expect(thrown(() => parseTrace(text, { file: 'g.json' })).message).toBe(
      "g.json:1:55: Unexpected character 'N' (expected a value): NaN is not JSON: Python's json.dump writes it unless given allow_nan=False",
    );
    // A JSON Lines file large enough to be read as a stream, told from its first 64 KiB.
    const file = path.join(tmp, 'nan.jsonl');
    const line = (i: number) => `{"channel": "a", "timestamp": ${i}, "value": Infinity}\n`;
    writeFileSync(file, Array.from({ length: 2000 }, (_, i) => line(i)).join(''));
    const t = loadTraceSync(file, { mode: 'reference' });
    expect([t.length, t.events[1999]!.value]).toEqual([2000, Number.POSITIVE_INFINITY]);
  });

  it('lists every format once', () => {
    expect(importers.map((i) => i.name)).toEqual([
      'envtrace',
      'csv',
      'otlp',
      'openinference',
      'atif',
      'openai',
      'openai-agents',
      'claude-code',
      'bluesky',
      'camonitor',
      'rosbag2',
      'records',
    ]);
  });
});

describe('loadTrace and parseTrace', () => {
  it('takes a format by name, and rejects an unknown one', () => {
    expect(loadTraceSync(fixture('epics_camonitor.txt'), { format: 'camonitor' }).length).toBe(9);
    expect(() => loadTraceSync(fixture('epics_camonitor.txt'), { format: 'csv' })).toThrow(
      TraceError,
    );
    const e = thrown(() =>
      loadTraceSync(fixture('epics_camonitor.txt'), { format: 'xml' as never }),
    );
    expect(e.name).toBe('ConfigError');
    expect(e.message).toMatchInlineSnapshot(
      `"format: unknown trace format "xml" (expected auto, envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)"`,
    );
    expect(() => loadTraceSync(fixture('epics_camonitor.txt'), { format: 'xml' as never })).toThrow(
      ConfigError,
    );
  });

  it('parses text in any format, and an object as an envtrace document', () => {
    const t = parseTrace('channel,timestamp,value\nm,2,1\nm,1,0\n');
    expect(tuples(t.events)).toEqual([
      ['m', 0, 0],
      ['m', 1, 1],
    ]);
    expect(
      thrown(() => parseTrace('channel,timestamp,value\nm,x,1\n', { file: 'inline.csv' })).message,
    ).toBe(
      'inline.csv:2: timestamp: expected a number of seconds or a date-time (ISO 8601, or as a spreadsheet writes one: 12/01/26 10:30 AM, 01.12.2026 10:30:00,5), got "x"',
    );
    const doc = { events: [{ channel: 'a', timestamp: 1, value: 1.0 }] };
    for (const mode of ['default', 'reference'] as const) {
      expect(parseTrace(doc, { mode }).events).toEqual(parseEnvtrace(doc, { mode }).events);
      expect(parseTrace(doc, { mode, format: 'envtrace' }).events).toEqual(
        parseEnvtrace(doc, { mode }).events,
      );
    }
    const trace = new Trace([{ channel: 'a', timestamp: 0, value: 1 }]);
    expect(parseTrace(trace)).toBe(trace);
    expect(
      thrown(() => parseTrace([{ channel: 'a' }], { file: 'g.json' })).message,
    ).toMatchInlineSnapshot(`"g.json: [0].timestamp: required"`);
  });

  it('refuses a text format for an object, and an unknown format name', () => {
    expect(() => parseTrace({ events: [] }, { format: 'csv' })).toThrow(ConfigError);
    const e = thrown(() => parseTrace({ events: [] }, { format: 'csv' }));
    expect(e.message).toMatchInlineSnapshot(
      `"format: format "csv" is read from text: pass the text, or give an object in envtrace's format ({events: [...]} or an array of events)"`,
    );
    expect(() => parseTrace({ events: [] }, { format: 'xml' as never })).toThrow(
      /unknown trace format "xml"/,
    );
  });

  it('is async and sync alike, and reads envtrace files as the envtrace reader does', async () => {
    expect((await loadTrace(fixture('edge/envtrace.json'))).events).toEqual(
      (await loadEnvtraceFile(fixture('edge/envtrace.json'))).events,
    );
    expect((await loadTrace(fixture('rosbag2_run'))).events).toEqual(
      loadTraceSync(fixture('rosbag2_run')).events,
    );
    await expect(loadTrace(path.join(tmp, 'missing.csv'))).rejects.toThrow(
      /missing\.csv: cannot read trace: no such file$/,
    );
  });

  it('columns: any header names the CSV columns, and every file is read as CSV, streamed or not', async () => {
    // Written by csv-stringify (pinned devDependency), tab-separated, headers no synonym matches.
    const file = path.join(tmp, 'zeit.tsv');
    writeFileSync(
      file,
      stringify(
        [
          ['Wert', 'Zeit', 'Kanal'],
          ['7', '1767571200.5', 'motor:x'],
          ['open', '1767571200', 'shutter'],
        ],
        { delimiter: '\t' },
      ),
    );
    const columns = { timestamp: 'Zeit', channel: 'Kanal', value: 'Wert' };
    for (const t of [await loadTrace(file, { columns }), loadTraceSync(file, { columns })]) {
      expect(tuples(t.events)).toEqual([
        ['shutter', 0, 'open'],
        ['motor:x', 0.5, 7],
      ]);
    }
    // JSON Lines over 64 KiB (streamed as envtrace without columns) are CSV with them too.
    const line = JSON.stringify({ channel: 'a', timestamp: 0, value: 1 });
    const big = path.join(tmp, 'big.jsonl');
    writeFileSync(big, `${line}\n`.repeat(Math.ceil(70_000 / line.length)));
    expect((await loadTrace(big)).events.length).toBeGreaterThan(1000);
    await expect(loadTrace(big, { columns })).rejects.toThrow(/big\.jsonl:1: .*column/);
    expect(() => loadTraceSync(big, { columns })).toThrow(/big\.jsonl:1: .*column/);
  });

  it('reads a directory without metadata.yaml only when it holds exactly one *.jsonl file', () => {
    const empty = mkdtempSync(path.join(tmp, 'dir-'));
    expect(thrown(() => loadTraceSync(empty)).message).toBe(
      `${empty}: cannot read trace: is a directory, with neither a metadata.yaml (a ROS 2 run directory) nor one *.jsonl file`,
    );
    writeFileSync(path.join(empty, 'a.jsonl'), '');
    writeFileSync(path.join(empty, 'b.jsonl'), '');
    expect(thrown(() => loadTraceSync(empty)).message).toMatch(
      /holding several \*\.jsonl files \(a\.jsonl, b\.jsonl\); give one of them$/,
    );
  });

  it.each(samples.filter(([name]) => name !== 'edge/out_of_order.csv'))(
    'reads %s the same with CRLF line ends and a BOM',
    (name) => {
      const text = readFileSync(fixture(name), 'utf8')
        .replace(/^\uFEFF/, '')
        .replace(/\r\n/g, '\n');
      expect(parseTrace(`\uFEFF${text.replace(/\n/g, '\r\n')}`).events).toEqual(
        parseTrace(text).events,
      );
    },
  );

  it('reads a blank input in a named format as an empty trace, with an empty-input warning, in every format', () => {
    // Once, the document formats (envtrace, otlp, …) gave the JSON parser's "Unexpected end of
    // input" for an empty file and the line formats an empty trace without a word.
    const file = path.join(tmp, 'blank-input');
    for (const [text, what] of [
      ['', 'the input is empty'],
      [' \n\r\n\t\n', 'the input holds only white space'],
      ['\uFEFF', 'the input is empty'],
    ] as const) {
      writeFileSync(file, text);
      for (const i of importers) {
        if (i.name === 'rosbag2') continue; // a bag is a file of its own kind: below
        const read = importFileSync(file, { format: i.name as never });
        expect(read.trace.events, i.name).toEqual([]);
        expect(read.warnings, i.name).toEqual([
          {
            code: 'empty-input',
            file,
            message: `${what}: read as a trace of no events, as the format ${i.name} was named (${
              i.name === 'envtrace'
                ? 'write {"events": []} to say so'
                : 'check that its producer ran'
            })`,
          },
        ]);
        // parseTrace (text, no warnings returned) gives the same empty trace.
        expect(parseTrace(text, { format: i.name as never }).events, i.name).toEqual([]);
      }
    }
    writeFileSync(file, '\n');
    expect(importFileSync(file, { format: 'rosbag2' }).warnings.map((w) => w.code)).toEqual([
      'empty-input',
    ]);
    // Unnamed, the format of a blank input cannot be told: an error naming the file.
    expect(thrown(() => importFileSync(file)).message).toBe(
      `${file}: the input is empty, so its format cannot be told; give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)`,
    );
    // `{"events": []}` is the explicit empty trace: no warning.
    writeFileSync(file, '{"events": []}');
    expect(importFileSync(file, { format: 'envtrace' }).warnings).toEqual([]);
  });

  it('reads a streamed (over 64 KiB) blank file in a named format as the whole text is read', async () => {
    for (const [name, format] of [
      ['blank.jsonl', 'envtrace'],
      ['blank.csv', 'csv'],
      ['blank.txt', 'camonitor'],
    ] as const) {
      const file = path.join(tmp, name);
      writeFileSync(file, '\n'.repeat(70_000));
      for (const read of [await importFile(file, { format }), importFileSync(file, { format })]) {
        expect(read.trace.events, name).toEqual([]);
        expect(
          read.warnings.map((w) => [w.code, w.file]),
          name,
        ).toEqual([['empty-input', file]]);
      }
    }
  });

  it('ignores a byte order mark in every format', () => {
    const text = readFileSync(fixture('edge/envtrace.json'), 'utf8');
    expect(parseTrace(`\uFEFF${text}`).events).toEqual(parseTrace(text).events);
    const cam = readFileSync(fixture('epics_camonitor.txt'), 'utf8');
    expect(parseTrace(`\uFEFF${cam}`).events).toEqual(parseTrace(cam).events);
  });
});

describe('the trace depth limit holds for every format', () => {
  it('tool-call arguments nested 300 levels deep are a TraceError naming the file, not a crash', () => {
    const args = `${'['.repeat(300)}1${']'.repeat(300)}`;
    const doc = {
      messages: [
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'deep', arguments: args } }],
        },
      ],
    };
    const file = path.join(tmp, 'deep.openai.json');
    writeFileSync(file, JSON.stringify(doc));
    expect(() => importFileSync(file)).toThrow(TraceError);
    const e = thrown(() => importFileSync(file));
    expect(e.message).toContain(file);
    expect(e.message).toMatch(/nested more than 256 levels/);
  });
});
