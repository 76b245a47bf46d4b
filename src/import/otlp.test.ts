import { describe, expect, it } from 'vitest';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { otlpImporter } from './otlp.js';
import { loadTraceSync } from './read.js';
import { detectFormat } from './registry.js';

const span = (attrs: string, extra = '') =>
  `{"resourceSpans": [{"scopeSpans": [{"spans": [{"spanId": "s", "name": "execute_tool t", "startTimeUnixNano": "5"${extra}, "attributes": [${attrs}]}]}]}]}`;
const op = '{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}}';

describe('otlp importer (OpenTelemetry GenAI)', () => {
  it('reads the shared sample: execute_tool spans only, arguments parsed from JSON text or kvlist', () => {
    const t = loadTraceSync(fixture('otel_genai_agent.otlp.json'));
    expect(tuples(t.events)).toEqual([
      ['search_flights', 0, { origin: 'SFO', destination: 'JFK', date: '2026-03-14' }],
      ['get_weather', 0.01, { city: 'New York' }],
      ['book_flight', 2.15, { flight_id: 'UA512', passengers: 1 }],
    ]);
    expect(t.events[1]!.meta).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: 'c0ffee00deadbeef',
      parentSpanId: '00f067aa0ba902b7',
      name: 'execute_tool get_weather',
      startTimeUnixNano: '1767225601260000000',
      duration: 0.48,
      status: 'ERROR',
      statusMessage: 'weather API timed out after 450 ms',
      toolCallId: 'call_Qm81Lx0b',
      toolType: 'function',
      errorType: 'TimeoutError',
      // The chat span before lists both calls of that step in gen_ai.output.messages.
      parallel_group: 'a1b2c3d4e5f60718',
    });
    expect(t.events[0]!.meta!['parallel_group']).toBe('a1b2c3d4e5f60718');
    expect(t.events[2]!.meta!['parallel_group']).not.toBe('a1b2c3d4e5f60718');
    expect(t.events[2]!.meta).toMatchObject({
      toolCallId: 'call_3kPz90aa',
      result: { confirmation: 'K7Q2ZP' },
      duration: 1.3,
      status: 'OK',
    });
  });

  it('keeps 2^64 nanoseconds exact, orders by start, falls back to the span name, keeps unparsable arguments', () => {
    const t = loadTraceSync(fixture('edge/huge_ns.otlp.json'));
    expect(tuples(t.events)).toEqual([
      ['a', 0, { n: 9007199254740993n, l: [true, 1.5] }],
      ['b', 1e-9, '{not json'],
    ]);
    expect(t.events[1]!.meta).toMatchObject({
      startTimeUnixNano: '18446744073709551615',
      duration: 0,
      argumentsError:
        "not valid JSON (Unexpected character 'n' (expected a string key or '}') at 1:2)",
    });
    // Reference mode keeps the integer exact.
    expect(
      loadTraceSync(fixture('edge/huge_ns.otlp.json'), { mode: 'reference' }).events[0]!.value,
    ).toEqual({ n: 9007199254740993n, l: [true, 1.5] });
  });

  it('reads OTLP JSON Lines (one export request per line)', () => {
    const one = span(`${op}, {"key": "gen_ai.tool.name", "value": {"stringValue": "t"}}`);
    const events = otlpImporter.parse(`${one}\n${one.replace('"5"', '"7"')}\n`, {});
    expect(tuples(events)).toEqual([
      ['t', 0, null],
      ['t', 2e-9, null],
    ]);
  });

  it('fails on malformed spans, naming the JSON path', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/malformed_time.otlp.json'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed_time.otlp.json: resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano: expected integer nanoseconds (a string of digits)"`,
    );
    expect(
      thrown(() =>
        otlpImporter.parse(span(op).replace('"execute_tool t"', '"run"'), { file: 'o.json' }),
      ).message,
    ).toMatchInlineSnapshot(
      `"o.json: resourceSpans[0].scopeSpans[0].spans[0].attributes: an execute_tool span needs a gen_ai.tool.name attribute (or a span name "execute_tool <tool>")"`,
    );
    expect(
      thrown(() =>
        otlpImporter.parse(span(`${op}, {"key": "gen_ai.tool.name", "value": {"intValue": "3"}}`), {
          file: 'o.json',
        }),
      ).message,
    ).toMatchInlineSnapshot(
      `"o.json: resourceSpans[0].scopeSpans[0].spans[0].attributes[1].value: expected a string value for "gen_ai.tool.name""`,
    );
    expect(
      thrown(() =>
        otlpImporter.parse(
          span(
            `${op}, {"key": "gen_ai.tool.call.arguments", "value": {"kvlistValue": {"values": [{"key": "k", "value": {"mapValue": 1}}]}}}`,
          ),
          { file: 'o.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"o.json: resourceSpans[0].scopeSpans[0].spans[0].attributes[1].value.kvlistValue.values[0].value.mapValue: unknown AnyValue kind "mapValue""`,
    );
    expect(
      thrown(() => otlpImporter.parse(span(op, ', "status": {"code": 7}'), { file: 'o.json' }))
        .message,
    ).toMatchInlineSnapshot(
      `"o.json: resourceSpans[0].scopeSpans[0].spans[0].status.code: expected 0, 1 or 2, got 7"`,
    );
    expect(
      thrown(() => otlpImporter.parse('{"resourceSpans": {}}', { file: 'o.json' })).message,
    ).toMatchInlineSnapshot(
      `"o.json: resourceSpans: expected an array of resource spans, got an object"`,
    );
    expect(
      thrown(() => otlpImporter.parse('{"resourceSpans": [', { file: 'o.json' })).message,
    ).toMatchInlineSnapshot(`"o.json:1:20: Unexpected end of input (expected a value)"`);
  });

  it('reads a document without spans as an empty trace', () => {
    expect(otlpImporter.parse('{"resourceSpans": []}', {})).toEqual([]);
  });
});

describe('otlp importer (OpenLLMetry/Traceloop tool spans)', () => {
  const kv = (k: string, v: string) =>
    `{"key": "${k}", "value": {"stringValue": ${JSON.stringify(v)}}}`;

  it('detects and reads a tool span of kind tool without GenAI attributes', () => {
    const text = span(
      [
        kv('traceloop.span.kind', 'tool'),
        kv('traceloop.entity.name', 'lookup'),
        kv('traceloop.entity.input', '{"args": [], "kwargs": {"order": "8812"}}'),
        kv('traceloop.entity.output', '{"status": "shipped"}'),
      ].join(', '),
    );
    expect(detectFormat(text).name).toBe('otlp');
    const [e] = otlpImporter.parse(text, {});
    expect([e!.channel, e!.value, e!.meta!['result']]).toEqual([
      'lookup',
      { order: '8812' },
      { status: 'shipped' },
    ]);
  });

  it('keeps an input that is not JSON, saying why; leaves other Traceloop spans alone', () => {
    const bad = span(
      [
        kv('traceloop.span.kind', 'tool'),
        kv('traceloop.entity.name', 't'),
        kv('traceloop.entity.input', '{oops'),
      ].join(', '),
    );
    const [e] = otlpImporter.parse(bad, {});
    expect(e!.value).toBe('{oops');
    expect(e!.meta!['argumentsError']).toMatch(/^not valid JSON/);
    const workflow = span(
      [kv('traceloop.span.kind', 'workflow'), kv('traceloop.entity.name', 'agent')].join(', '),
    );
    expect(() => otlpImporter.parse(workflow, {})).toThrow(
      'no events: 1 OTLP span ("execute_tool t"), none of them a tool call as otlp reads it',
    );
  });
});
