import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import { PyFloat } from '../py/value.js';
import { MAX_DEPTH } from '../py/depth.js';
import {
  assertTraceDepth,
  loadJsonLines,
  loadJsonLinesSync,
  loadEnvtraceFile,
  loadEnvtraceFileSync,
  parseEnvtrace,
  sniffJsonLines,
  traceText,
} from './parse.js';
import { Trace } from './trace.js';

function errorOf(fn: () => unknown): TraceError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TraceError);
    return e as TraceError;
  }
  throw new Error('expected a TraceError');
}

describe('parseEnvtrace', () => {
  it('reads {events}, a bare array, and fills value/meta like the reference', () => {
    const a = parseEnvtrace(
      '{"schema_version": "1", "events": [{"channel": "m", "timestamp": 1, "value": 2.5}]}',
    );
    const b = parseEnvtrace('[{"channel": "m", "timestamp": 1}]');
    expect(a.events).toEqual([{ channel: 'm', timestamp: 1, value: 2.5 }]);
    expect(b.events).toEqual([{ channel: 'm', timestamp: 1, value: null }]);
    expect(b.toJSON()).toEqual({
      schema_version: '1',
      events: [{ channel: 'm', timestamp: 1, value: null, meta: {} }],
    });
  });

  it('reads JSON Lines by extension or by shape, naming the line on error', () => {
    const text =
      '{"channel": "a", "timestamp": 0, "value": 1}\n\n{"channel": "b", "timestamp": 1, "value": 2}\n';
    expect(parseEnvtrace(text).events.map((e) => e.channel)).toEqual(['a', 'b']);
    expect(parseEnvtrace(text, { file: 'run.jsonl' }).length).toBe(2);
    const bad = '{"channel": "a", "timestamp": 0}\n{"channel": "b", "timestamp": "soon"}\n';
    expect(errorOf(() => parseEnvtrace(bad, { file: 'run.jsonl' })).message).toBe(
      'run.jsonl:2: timestamp: expected a finite number',
    );
  });

  it('reads JSON Lines with CRLF endings, blank lines and no final newline; line numbers count every line', () => {
    const text =
      '{"channel": "a", "timestamp": 0}\r\n\r\n  \n{"channel": "b", "timestamp": 1, "meta": {"k": 1}}\r\n{"channel": "c", "timestamp": 2}';
    const t = parseEnvtrace(text, { file: 'r.jsonl' });
    expect(t.events.map((e) => e.channel)).toEqual(['a', 'b', 'c']);
    expect(t.events[1]!.meta).toEqual({ k: 1 });
    expect(
      errorOf(() => parseEnvtrace(`${text}\r\n{"channel": "d"}\r\n`, { file: 'r.jsonl' })).message,
    ).toBe('r.jsonl:6: timestamp: required');
    expect(
      errorOf(() =>
        parseEnvtrace('{"channel": "a", "timestamp": 0}\n{"channel": ', { format: 'jsonl' }),
      ).message,
    ).toMatch(/^line 2, column 13: Unexpected end of input/);
  });

  it('names the file and the path of a malformed document', () => {
    expect(errorOf(() => parseEnvtrace('{"events": [}', { file: 'pred.json' })).message).toMatch(
      /^pred\.json:1:13: /,
    );
    expect(
      errorOf(() =>
        parseEnvtrace('{"events": [{"channel": "a", "timestamp": 1, "valeu": 3}]}', {
          file: 'p.json',
        }),
      ).message,
    ).toBe(
      'p.json: events[0]: unknown key "valeu"; did you mean "value"? (an event has channel, timestamp, value, meta)',
    );
    expect(
      errorOf(() => parseEnvtrace('{"events": [{"channel": 7, "timestamp": 1}]}')).message,
    ).toBe('events[0].channel: expected a string');
    expect(errorOf(() => parseEnvtrace('{"events": [{"channel": "a"}]}')).message).toBe(
      'events[0].timestamp: required',
    );
    expect(errorOf(() => parseEnvtrace('{"traces": []}')).pyType).toBe('ValueError');
    expect(errorOf(() => parseEnvtrace('{"events": [], "name": "x"}')).message).toBe(
      'unknown key "name" (a trace has schema_version, events, meta)',
    );
    expect(errorOf(() => parseEnvtrace('42')).message).toBe(
      'expected a trace: an object with "events" or an array of events, got 42',
    );
  });

  it('validates the document and its events the same way with or without the zod fallback', () => {
    // Well-formed documents take a fast path; each near miss below must still reach the schema.
    expect(errorOf(() => parseEnvtrace('{"schema_version": 2, "events": []}')).message).toBe(
      'schema_version: expected "1"',
    );
    expect(errorOf(() => parseEnvtrace('{"meta": [], "events": []}')).message).toBe(
      'meta: expected an object',
    );
    expect(errorOf(() => parseEnvtrace('{"events": {}}')).message).toBe(
      'events: expected an array of events',
    );
    expect(errorOf(() => parseEnvtrace('[{"channel": "", "timestamp": 1}]')).message).toBe(
      '[0].channel: expected a non-empty string',
    );
    expect(errorOf(() => parseEnvtrace([{ channel: 'a', timestamp: Number.NaN }])).pathText).toBe(
      '[0].timestamp',
    );
    expect(errorOf(() => parseEnvtrace('[{"channel": "a", "timestamp": 1}, 3]')).message).toBe(
      '[1]: expected an event object, got 3',
    );
    expect(parseEnvtrace('{"schema_version": 1, "meta": {"run": 2}, "events": []}').length).toBe(0);
    // Events keep the key order channel, timestamp, value whatever the input order.
    expect(
      Object.keys(parseEnvtrace('[{"value": 1, "timestamp": 0, "channel": "a"}]').events[0]!),
    ).toEqual(['channel', 'timestamp', 'value']);
    expect(Object.keys(parseEnvtrace('[{"channel": "a", "timestamp": 0}]').events[0]!)).toEqual([
      'channel',
      'timestamp',
      'value',
    ]);
    // A caller's own objects are never handed back as events (copied, so later edits don't leak in).
    const mine = { channel: 'a', timestamp: 0, value: 1 };
    expect(parseEnvtrace([mine]).events[0]).not.toBe(mine);
    // Events with and without meta (zod path and fast path) come out alike.
    const t = parseEnvtrace(
      '[{"channel": "a", "timestamp": 1, "value": [1]}, {"channel": "a", "timestamp": 2, "value": [1], "meta": {"k": 1}}]',
    );
    expect(t.events[0]).toEqual({ channel: 'a', timestamp: 1, value: [1] });
    expect(t.events[1]).toEqual({ channel: 'a', timestamp: 2, value: [1], meta: { k: 1 } });
  });

  it('rejects non-finite timestamps in both modes', () => {
    expect(
      errorOf(() => parseEnvtrace([{ channel: 'a', timestamp: Number.POSITIVE_INFINITY }]))
        .pathText,
    ).toBe('[0].timestamp');
    expect(
      errorOf(() => parseEnvtrace('[{"channel": "a", "timestamp": "nan"}]', { mode: 'reference' }))
        .message,
    ).toBe('[0].timestamp: expected a finite timestamp, got NaN');
  });

  it("reads Python's NaN, Infinity and -Infinity in reference mode; default mode names them", () => {
    // As Python's json.dump writes a trace with non-finite floats (allow_nan=True, the default).
    const text =
      '{"events": [{"channel": "a", "timestamp": 0, "value": NaN}, {"channel": "b", "timestamp": 1, "value": [Infinity, -Infinity]}]}';
    expect(parseEnvtrace(text, { mode: 'reference' }).events.map((e) => e.value)).toEqual([
      Number.NaN,
      [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
    ]);
    expect(errorOf(() => parseEnvtrace(text, { file: 't.json' })).message).toBe(
      "t.json:1:55: Unexpected character 'N' (expected a value): NaN is not JSON: Python's json.dump writes it unless given allow_nan=False",
    );
    // A timestamp must still be finite, as in the reference's own checks.
    expect(
      errorOf(() => parseEnvtrace('[{"channel": "a", "timestamp": NaN}]', { mode: 'reference' }))
        .message,
    ).toBe('[0].timestamp: expected a finite timestamp, got NaN');
    // JSON Lines, line by line, alike.
    expect(
      parseEnvtrace('{"channel": "a", "timestamp": 0, "value": -Infinity}\n', {
        file: 'r.jsonl',
        mode: 'reference',
      }).events[0]!.value,
    ).toBe(Number.NEGATIVE_INFINITY);
  });

  it('reference mode coerces like Trace.from_dict and keeps int/float kinds', () => {
    const t = parseEnvtrace(
      '[{"channel": 7, "timestamp": "2.5", "value": 1.0}, {"channel": "b", "timestamp": 3, "value": 1}]',
      { mode: 'reference' },
    );
    expect(t.events[0]).toEqual({ channel: '7', timestamp: 2.5, value: new PyFloat(1), meta: {} });
    expect(t.events[1]!.value).toBe(1);
    expect(errorOf(() => parseEnvtrace('{"foo": []}', { mode: 'reference' })).message).toBe(
      'Unrecognized trace JSON format',
    );
    expect(
      errorOf(() => parseEnvtrace('[{"channel": "a", "timestamp": "soon"}]', { mode: 'reference' }))
        .message,
    ).toBe("[0].timestamp: could not convert string to float: 'soon'");
  });
});

describe('loadEnvtraceFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-trace-'));
  it('reads files, sync and async, and names a missing one', async () => {
    const file = path.join(dir, 'gt.json');
    writeFileSync(file, '[{"channel": "a", "timestamp": 0, "value": 1}]');
    expect((await loadEnvtraceFile(file)).length).toBe(1);
    expect(loadEnvtraceFileSync(file).length).toBe(1);
    const missing = path.join(dir, 'nope.json');
    await expect(loadEnvtraceFile(missing)).rejects.toThrow(
      `${missing}: cannot read trace: no such file`,
    );
    expect(() => loadEnvtraceFileSync(missing)).toThrow(TraceError);
  });

  it('streams JSON Lines files: same events and errors as parsing the text, missing files named', async () => {
    const text =
      '{"channel": "a", "timestamp": 0}\r\n\r\n{"channel": "b", "timestamp": 1, "meta": {"k": 1}}\n{"channel": "c", "timestamp": 2}\r\n';
    const file = path.join(dir, 'run.jsonl');
    writeFileSync(file, text);
    expect((await loadEnvtraceFile(file)).toJSON()).toEqual(parseEnvtrace(text, { file }).toJSON());
    const bad = path.join(dir, 'bad.ndjson');
    writeFileSync(bad, `${text}{"channel": "d", "timestamp": "x"}\n`);
    await expect(loadEnvtraceFile(bad)).rejects.toThrow(
      `${bad}:5: timestamp: expected a finite number`,
    );
    const other = path.join(dir, 'events.txt');
    writeFileSync(other, text);
    expect((await loadEnvtraceFile(other, { format: 'jsonl' })).length).toBe(3);
    const missing = path.join(dir, 'nope.jsonl');
    await expect(loadEnvtraceFile(missing)).rejects.toThrow(
      `${missing}: cannot read trace: no such file`,
    );
    await expect(loadEnvtraceFile(dir, { format: 'jsonl' })).rejects.toThrow(
      `${dir}: cannot read trace: is a directory`,
    );
  });
});

describe('nesting limit of event values (MAX_DEPTH, README "Limits")', () => {
  /** JSON text of an array nested `n` levels deep. */
  const nestedText = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
  const nested = (n: number): unknown => JSON.parse(nestedText(n)) as unknown;
  const doc = (value: string) =>
    `{"events": [{"channel": "a", "timestamp": 0, "value": 1}, {"channel": "b", "timestamp": 1, "value": ${value}}]}`;

  it.each(['default', 'reference'] as const)(
    '%s mode: a value at the limit is read, one level more is a TraceError naming the file and path',
    (mode) => {
      expect(
        parseEnvtrace(doc(nestedText(MAX_DEPTH)), { mode, file: 'x.json' }).events[1]!.channel,
      ).toBe('b');
      expect(() => parseEnvtrace(doc(nestedText(MAX_DEPTH + 1)), { mode, file: 'x.json' })).toThrow(
        TraceError,
      );
      expect(() => parseEnvtrace(doc(nestedText(MAX_DEPTH + 1)), { mode, file: 'x.json' })).toThrow(
        /^x\.json: events\[1\]\.value\[0\]\[0\]\[0\]\[0\]\[0\]\[0\]…\[0\]\[0\]: nested more than 256 levels/,
      );
    },
  );

  it.each([10_000, 100_000])(
    'a %i-level value is refused cleanly, in both modes and as JSON Lines',
    (n) => {
      for (const mode of ['default', 'reference'] as const) {
        expect(() => parseEnvtrace(doc(nestedText(n)), { mode, file: 'deep.json' })).toThrow(
          TraceError,
        );
      }
      const lines = `{"channel": "a", "timestamp": 0, "value": 1}\n{"channel": "b", "timestamp": 1, "value": ${nestedText(n)}}\n`;
      expect(() => parseEnvtrace(lines, { file: 'deep.jsonl' })).toThrow(
        /^deep\.jsonl:2: value\[0\]/,
      );
    },
  );

  it('checks objects given through the API, meta included, and circular values', () => {
    const events = [{ channel: 'a', timestamp: 0, value: nested(MAX_DEPTH + 1) }];
    expect(() => parseEnvtrace(events, { file: 'gt' })).toThrow(/^gt: \[0\]\.value\[0\]/);
    expect(() =>
      parseEnvtrace({
        events: [{ channel: 'a', timestamp: 0, value: 1, meta: { m: nested(MAX_DEPTH) } }],
      }),
    ).toThrow(/^events\[0\]\.meta\.m\[0\]/);
    const loop: unknown[] = [];
    loop.push(loop);
    expect(() => parseEnvtrace([{ channel: 'a', timestamp: 0, value: loop }])).toThrow(
      /contains itself/,
    );
  });

  it('assertTraceDepth checks a Trace built directly (what evaluate() does with one)', () => {
    expect(() =>
      assertTraceDepth(
        new Trace([{ channel: 'a', timestamp: 0, value: nested(MAX_DEPTH + 1) }]),
        'gt',
      ),
    ).toThrow(/^gt: events\[0\]\.value\[0\]/);
    const ok = new Trace([{ channel: 'a', timestamp: 0, value: nested(MAX_DEPTH) }]);
    expect(assertTraceDepth(ok)).toBe(ok);
  });
});

describe('invalid UTF-8 in a trace file (issue 11, item 9)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-utf8-'));
  const write = (name: string, ...parts: Array<string | number[]>): string => {
    const file = path.join(dir, name);
    writeFileSync(
      file,
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))),
    );
    return file;
  };

  it('is a TraceError naming the file and byte offset, so "\\xff" and "\\xfe" never both read as U+FFFD', async () => {
    const ff = write(
      'ff.json',
      '{"events": [{"channel": "a", "timestamp": 0, "value": "',
      [0xff],
      '"}]}',
    );
    const message = `${ff}: not valid UTF-8: byte 0xff at byte offset 55`;
    await expect(loadEnvtraceFile(ff)).rejects.toThrow(message);
    expect(() => loadEnvtraceFileSync(ff)).toThrow(message);
  });

  it('is found in a streamed JSON Lines file too, with the offset in the whole file', async () => {
    const jsonl = write(
      'p.jsonl',
      '{"channel": "a", "timestamp": 0, "value": 1}\n{"channel": "a", "timestamp": 1, "value": "',
      [0xfe],
      '"}\n',
    );
    await expect(loadEnvtraceFile(jsonl)).rejects.toThrow(
      `${jsonl}: not valid UTF-8: byte 0xfe at byte offset 88`,
    );
    const cut = write('cut.jsonl', '{"channel": "a", "timestamp": 0, "value": "', [0xe6, 0xb8]);
    await expect(loadEnvtraceFile(cut)).rejects.toThrow(
      `${cut}: not valid UTF-8: byte 0xe6 at byte offset 43`,
    );
  });

  it('is reported before a bad line that comes earlier, by loadEnvtraceFile and loadEnvtraceFileSync alike (the whole file is decoded first)', async () => {
    const both = write(
      'both.jsonl',
      '{"channel": "a", "timestamp": "x"}\n{"channel": "a", "timestamp": 1, "value": "',
      [0xfe],
      '"}\n',
    );
    const message = `${both}: not valid UTF-8: byte 0xfe at byte offset 78`;
    await expect(loadEnvtraceFile(both)).rejects.toThrow(message);
    expect(() => loadEnvtraceFileSync(both)).toThrow(message);
  });

  it('still reads valid multi-byte text', async () => {
    const ok = write('ok.json', '{"events": [{"channel": "温度", "timestamp": 0, "value": "🙂"}]}');
    expect((await loadEnvtraceFile(ok)).events[0]).toMatchObject({ channel: '温度', value: '🙂' });
  });
});

describe('JSON Lines files read as a stream (issue 8)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-jsonl-stream-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string | Buffer): string => {
    const f = path.join(dir, name);
    writeFileSync(f, content);
    return f;
  };
  /** The events of `run`, or its error message. */
  const result = (run: () => Trace | undefined): unknown => {
    try {
      return run()!.events;
    } catch (e) {
      return (e as Error).message;
    }
  };
  const texts: Record<string, string | Buffer> = {
    'crlf-bom-blank.jsonl':
      '\uFEFF{"channel": "a", "timestamp": 0}\r\n\r\n{"channel": "温度", "timestamp": 1, "value": "🙂"}\r\n  {"channel": "c", "timestamp": 2}',
    'bad-line-3.jsonl':
      '{"channel": "a", "timestamp": 0}\n\n{"channel": "a", "timestamp": 1,}\n{"channel": "é", "timestamp": "x"}\n',
    'big.jsonl':
      '{"channel": "a", "timestamp": 0, "value": 18446744073709551617}\n{"channel": "a", "timestamp": 1, "value": 1.0}\n',
    'cut.jsonl': Buffer.concat([
      Buffer.from('{"channel": "a", "timestamp": 0}\n{"channel": "温'),
      Buffer.from([0xe5, 0xba]),
    ]),
  };

  it.each(Object.keys(texts))(
    '%s: loadJsonLines / loadJsonLinesSync in any chunk size give what parseEnvtrace gives on the whole text',
    async (name) => {
      const f = file(name, texts[name]!);
      for (const mode of ['default', 'reference'] as const) {
        const whole = result(() => parseEnvtrace(traceText(readFileSync(f), f), { file: f, mode }));
        for (const chunkSize of [1, 2, 3, 5, 64, undefined]) {
          expect(
            result(() => loadJsonLinesSync(f, { mode }, { chunkSize })),
            `${mode} ${chunkSize}`,
          ).toEqual(whole);
          const trace = await loadJsonLines(f, { mode }, { chunkSize }).catch((e: Error) => e);
          expect(trace instanceof Error ? trace.message : trace!.events).toEqual(whole);
        }
        expect(result(() => loadEnvtraceFileSync(f, { mode }))).toEqual(whole);
      }
    },
  );

  it('loadEnvtraceFileSync reads .jsonl / .ndjson / format "jsonl" files line by line and names the file it cannot read', () => {
    const f = file(
      'events.txt',
      '{"channel": "a", "timestamp": 0}\n{"channel": "b", "timestamp": 1}\n',
    );
    expect(loadEnvtraceFileSync(f, { format: 'jsonl' }).length).toBe(2);
    const missing = path.join(dir, 'nope.ndjson');
    expect(() => loadEnvtraceFileSync(missing)).toThrow(
      `${missing}: cannot read trace: no such file`,
    );
    expect(() => loadEnvtraceFileSync(dir, { format: 'jsonl' })).toThrow(
      `${dir}: cannot read trace: is a directory`,
    );
  });

  it('a sniffed file (no .jsonl name) that is not JSON Lines after all gives undefined, to be read as one document', async () => {
    const pretty = file('pretty', '{"channel": "a", "timestamp": 0}\n[1]\n');
    expect(loadJsonLinesSync(pretty, {}, { sniffed: true })).toBeUndefined();
    expect(await loadJsonLines(pretty, {}, { sniffed: true })).toBeUndefined();
    const one = file('one', '{"channel": "a", "timestamp": 0}\n\n');
    expect(loadJsonLinesSync(one, {}, { sniffed: true })).toBeUndefined();
    // A bad line counts only once the whole file is seen to be JSON Lines.
    const bad = file(
      'bad',
      '{"channel": "a", "timestamp": "x"}\n{"channel": "b", "timestamp": 1}\n',
    );
    expect(() => loadJsonLinesSync(bad, {}, { sniffed: true, chunkSize: 3 })).toThrow(
      `${bad}:1: timestamp: expected a finite number`,
    );
    expect(
      loadJsonLinesSync(
        file('bad2', '{"channel": "a", "timestamp": "x"}\n[1]\n'),
        {},
        { sniffed: true },
      ),
    ).toBeUndefined();
  });

  it('sniffJsonLines takes the first non-blank complete line of a head that is one JSON object or array, BOM dropped', () => {
    const head = (text: string | Buffer) =>
      sniffJsonLines(typeof text === 'string' ? Buffer.from(text) : text);
    expect(head('\uFEFF\r\n  \n{"channel": "a", "timestamp": 0}\r\n{"chan')).toEqual({
      text: '\r\n  \n{"channel": "a", "timestamp": 0}\r\n',
      first: { channel: 'a', timestamp: 0 },
    });
    expect(head('[1, 2]\n[')).toEqual({ text: '[1, 2]\n', first: [1, 2] });
    expect(head(' {}\n')).toEqual({ text: ' {}\n', first: {} });
    // No complete line (a one-line document longer than the head), only blanks, or another first line.
    for (const text of [
      '{"events": []}',
      '\n  \r\n{"events"',
      '{\n  "events": []\n',
      '"a"\n{}\n',
      '1\n',
      '{"a": 1} x\n',
      '{"a": NaN}\n',
      '\u00A0{}\n',
    ]) {
      expect(head(text), JSON.stringify(text)).toBeUndefined();
    }
    // Not UTF-8 before the last line break: left to the whole reading, which names the byte.
    expect(
      head(Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xff]), Buffer.from('"}\n{}\n')])),
    ).toBeUndefined();
    // After it, the cut-off bytes are not looked at.
    expect(head(Buffer.concat([Buffer.from('{}\n{"a": "'), Buffer.from([0xe2, 0x82])]))).toEqual({
      text: '{}\n',
      first: {},
    });
  });
});

describe('JSON Lines locations (issue 11, item 14)', () => {
  const lines =
    '{"channel": "a", "timestamp": 0}\n{"channel": "a", "timestamp": 1}\n{"channel": "a", "timestamp": 1,}\n';

  it('a syntax error names file:line:column of the file, not the column inside a one-line document', () => {
    expect(errorOf(() => parseEnvtrace(lines, { file: 'p.jsonl' })).message).toBe(
      "p.jsonl:3:33: Unexpected character '}' (expected a string key)",
    );
    // Detected by content in a .json file: the same location.
    expect(errorOf(() => parseEnvtrace(lines, { file: 'p.json' })).message).toBe(
      "p.json:3:33: Unexpected character '}' (expected a string key)",
    );
    expect(
      errorOf(() => parseEnvtrace(lines, { file: 'p.jsonl', mode: 'reference' })).message,
    ).toBe("p.jsonl:3:33: Unexpected character '}' (expected a string key)");
  });

  it('a line nested past the JSON limit names the line and the column in it', () => {
    const deep = `{"channel": "a", "timestamp": 0}\n{"channel": "a", "timestamp": 1, "value": ${'['.repeat(1100)}${']'.repeat(1100)}}\n`;
    expect(errorOf(() => parseEnvtrace(deep, { file: 'p.jsonl' })).message).toMatch(
      /^p\.jsonl:2: value\[0\]\[0\]/,
    );
    // Reference mode parses with the exact parser, which stops at MAX_JSON_DEPTH.
    const message = errorOf(() =>
      parseEnvtrace(deep, { file: 'p.jsonl', mode: 'reference' }),
    ).message;
    expect(message).toMatch(/^p\.jsonl:2: value\[0\]/);
    expect(message).toMatch(/ at column 1042$/);
    expect(message).not.toContain('line 1');
  });
});

describe('timestamps that span more than the largest double (issue 11, item 14)', () => {
  const events = [
    { channel: 'a', timestamp: 0, value: 1 },
    { channel: 'a', timestamp: -1e308, value: 1 },
    { channel: 'a', timestamp: 1e308, value: 1 },
  ];

  it('are a TraceError naming the file and the two events in default mode', () => {
    expect(
      errorOf(() => parseEnvtrace(JSON.stringify({ events }), { file: 'p.json' })).message,
    ).toBe(
      'p.json: timestamps span more than the largest number (-1e+308 at events[1] to 1e+308 at events[2]): times relative to the first event would overflow',
    );
    expect(
      errorOf(() =>
        parseEnvtrace(events.map((e) => JSON.stringify(e)).join('\n\n'), { file: 'p.jsonl' }),
      ).message,
    ).toContain('(-1e+308 at event 2 to 1e+308 at event 3)');
    expect(errorOf(() => parseEnvtrace(events)).message).toMatch(
      /^timestamps span more than the largest number/,
    );
  });

  it('a wide but finite span is fine; reference mode keeps the reference (its LinAlgError comes later)', () => {
    expect(
      parseEnvtrace([
        { channel: 'a', timestamp: -1e307, value: 1 },
        { channel: 'a', timestamp: 1e307, value: 1 },
      ]).events,
    ).toHaveLength(2);
    expect(parseEnvtrace(JSON.stringify({ events }), { mode: 'reference' }).events).toHaveLength(3);
  });
});

describe('integers beyond 2^53 in default mode (issue 11, item 9)', () => {
  it('keeps them exact as bigint (JSON and JSON Lines), leaves other numbers plain', () => {
    const text =
      '{"events": [{"channel": "a", "timestamp": 0, "value": 18446744073709551617}, {"channel": "b", "timestamp": 1, "value": [9007199254740993, 1.5, 12345678901234567890.5]}]}';
    const t = parseEnvtrace(text);
    expect(t.events[0]!.value).toBe(18446744073709551617n);
    expect(t.events[1]!.value).toEqual([9007199254740993n, 1.5, 12345678901234567890.5]);
    const jsonl = parseEnvtrace(
      '{"channel": "a", "timestamp": 0, "value": 18446744073709551617}\n{"channel": "a", "timestamp": 1, "value": 2}\n',
      { format: 'jsonl' },
    );
    expect(jsonl.events.map((e) => e.value)).toEqual([18446744073709551617n, 2]);
  });

  it('a nanosecond timestamp is read as the nearest double (a timestamp is a float), with or without meta', () => {
    const t = parseEnvtrace(
      '[{"channel": "a", "timestamp": 1700000000123456789, "value": 1}, {"channel": "a", "timestamp": 1700000000123456790, "meta": {"k": 1}}]',
    );
    expect(t.events.map((e) => e.timestamp)).toEqual(
      [1700000000123456789, 1700000000123456790].map(Number),
    );
    expect(typeof t.events[1]!.timestamp).toBe('number');
  });

  it('documents of scalar values skip the text scan, and still get big integers exact wherever they are', () => {
    // A scalar value just past 2^53 (JSON.parse would give 2^53), alone in the document.
    expect(
      parseEnvtrace('[{"channel": "a", "timestamp": 0, "value": 9007199254740993}]').events[0]!
        .value,
    ).toBe(9007199254740993n);
    expect(
      parseEnvtrace('[{"channel": "a", "timestamp": 0, "value": -9007199254740993}]').events[0]!
        .value,
    ).toBe(-9007199254740993n);
    // 2^53 − 1 and fractions stay plain numbers.
    expect(
      parseEnvtrace(
        '[{"channel": "a", "timestamp": 0, "value": 9007199254740991}, {"channel": "a", "timestamp": 1, "value": 1e300}]',
      ).events.map((e) => e.value),
    ).toEqual([9007199254740991, 1e300]);
    // In meta, or nested in a value of a later event.
    const meta = parseEnvtrace(
      '[{"channel": "a", "timestamp": 0, "value": 1}, {"channel": "a", "timestamp": 1, "value": 2, "meta": {"id": 18446744073709551617}}]',
    );
    expect(meta.events[1]!.meta).toEqual({ id: 18446744073709551617n });
    const nested = parseEnvtrace(
      '[{"channel": "a", "timestamp": 0, "value": 1}, {"channel": "a", "timestamp": 1, "value": {"n": [18446744073709551617]}}]',
    );
    expect(nested.events[1]!.value).toEqual({ n: [18446744073709551617n] });
  });

  it('a bad event quoting a big integer says it as written', () => {
    let message = '';
    try {
      parseEnvtrace(
        '[{"channel": "a", "timestamp": 0, "value": 1}, {"channel": 18446744073709551617, "timestamp": 1, "value": 2}]',
      );
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/\[1\]\.channel/);
    expect(message).not.toContain('18446744073709552000');
  });

  it('a 16-digit run in a string or a decimal costs the exact parse but changes nothing', () => {
    const t = parseEnvtrace(
      '[{"channel": "1234567890123456789", "timestamp": 0.12345678901234567, "value": "9999999999999999999"}]',
    );
    expect(t.events[0]).toEqual({
      channel: '1234567890123456789',
      timestamp: 0.12345678901234567,
      value: '9999999999999999999',
    });
  });
});

describe('reference mode: values given in code must be JSON values (issue 11, item 9)', () => {
  const ev = (value: unknown, meta?: unknown) => [
    { channel: 'a', timestamp: 0, value: 1 },
    { channel: 'a', timestamp: 1, value, ...(meta === undefined ? {} : { meta }) },
  ];

  it('refuses a Map, Set, Date, typed array, class instance or function up front, with the path', () => {
    const cases: Array<[unknown, string]> = [
      [new Map([[1, 2]]), 'events[1].value: a Map is not a JSON value'],
      [{ s: new Set([1]) }, 'events[1].value.s: a Set is not a JSON value'],
      [[1, [new Date(0)]], 'events[1].value[1][0]: a Date is not a JSON value'],
      [new Uint8Array(2), 'events[1].value: a Uint8Array is not a JSON value'],
      [() => 1, 'events[1].value: a function is not a JSON value'],
      [new (class Point {})(), 'events[1].value: a Point is not a JSON value'],
    ];
    for (const [value, message] of cases) {
      expect(
        errorOf(() => parseEnvtrace({ events: ev(value) }, { mode: 'reference', file: 'gt' }))
          .message,
      ).toBe(`gt: ${message} (reference mode reads values as Python's json does)`);
    }
    expect(
      errorOf(() => parseEnvtrace(ev(1, { at: new Date(0) }), { mode: 'reference' })).message,
    ).toMatch(/^\[1\]\.meta\.at: a Date is not a JSON value/);
  });

  it('accepts JSON values, Python ints and PyFloat; default mode keeps typed values like Date', () => {
    expect(
      parseEnvtrace(ev({ a: [1, 2n, new PyFloat(1), 'x', null, true] }), { mode: 'reference' })
        .events,
    ).toHaveLength(2);
    expect(parseEnvtrace(ev(new Date(0))).events[1]!.value).toEqual(new Date(0));
  });
});
