import { describe, expect, it } from 'vitest';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { openinferenceImporter } from './openinference.js';
import { loadTraceSync } from './read.js';

const tool = (attrs: string, start = '10') =>
  `{"spanId": "s${start}", "name": "n${start}", "startTimeUnixNano": "${start}", "attributes": [{"key": "openinference.span.kind", "value": {"stringValue": "TOOL"}}${attrs}]}`;
const doc = (...spans: string[]) =>
  `{"resourceSpans": [{"scopeSpans": [{"spans": [${spans.join(',')}]}]}]}`;

describe('openinference importer', () => {
  it('reads the shared sample: TOOL spans only, input parsed as JSON, the output as meta.result', () => {
    const t = loadTraceSync(fixture('openinference_spans.otlp.json'));
    expect(t.events).toEqual([
      {
        channel: 'lookup_order',
        timestamp: 0,
        value: { order_id: '8812' },
        meta: {
          traceId: '9e107d9d372bb6826bd81d3542a419d6',
          spanId: '5555eeee6666ffff',
          parentSpanId: '1111aaaa2222bbbb',
          name: 'lookup_order',
          startTimeUnixNano: '1767312000950000000',
          duration: 0.45,
          status: 'OK',
          toolId: 'call_62136355',
          result: { status: 'shipped', eta: '2026-01-05' },
          // The LLM span's output message lists this call (tool_call.id): its model step.
          parallel_group: '3333cccc4444dddd',
        },
      },
    ]);
  });

  it('parses input.value by its MIME type, or when it looks like JSON; orders by start', () => {
    const events = openinferenceImporter.parse(
      doc(
        tool(
          ', {"key": "tool.name", "value": {"stringValue": "late"}}, {"key": "input.value", "value": {"stringValue": "{\\"a\\": 1}"}}, {"key": "input.mime_type", "value": {"stringValue": "text/plain"}}',
          '30',
        ),
        tool(
          ', {"key": "tool.name", "value": {"stringValue": "early"}}, {"key": "input.value", "value": {"stringValue": "[1, 2]"}}',
          '10',
        ),
        tool(
          ', {"key": "input.value", "value": {"stringValue": "{oops"}}, {"key": "input.mime_type", "value": {"stringValue": "application/json"}}',
          '20',
        ),
      ),
      {},
    );
    expect(tuples(events)).toEqual([
      ['early', 0, [1, 2]],
      ['n20', 1e-8, '{oops'],
      ['late', 2e-8, '{"a": 1}'],
    ]);
    expect(events[1]!.meta!['inputError']).toMatch(/^not valid JSON/);
  });

  it('fails on malformed spans, naming the JSON path', () => {
    expect(
      thrown(() => openinferenceImporter.parse(doc(tool('', 'x')), { file: 'oi.json' })).message,
    ).toMatchInlineSnapshot(
      `"oi.json: resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano: expected integer nanoseconds (a string of digits)"`,
    );
    expect(
      thrown(() =>
        openinferenceImporter.parse(doc(tool(', {"key": "tool.name"}')), { file: 'oi.json' }),
      ).message,
    ).toMatchInlineSnapshot(
      `"oi.json: resourceSpans[0].scopeSpans[0].spans[0].attributes[1].value: expected an OTLP AnyValue, got nothing"`,
    );
  });
});
