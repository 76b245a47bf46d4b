import { describe, expect, it } from 'vitest';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { openaiImporter } from './openai.js';
import { loadTraceSync } from './read.js';

describe('openai importer', () => {
  it('reads the shared agentevals sample ({outputs}): timed by message position', () => {
    const t = loadTraceSync(fixture('agentevals_messages.json'));
    expect(t.events).toEqual([
      {
        channel: 'get_weather',
        timestamp: 0,
        value: { city: 'San Francisco', units: 'F' },
        meta: { message: 1, callId: 'call_1', result: '58F, foggy, wind 15mph' },
      },
      {
        channel: 'get_forecast',
        timestamp: 2,
        value: { city: 'San Francisco', hours: 6 },
        meta: { message: 3, callId: 'call_2', result: 'Cooling to 54F by evening' },
      },
    ]);
  });

  it('uses message time fields when every calling message has one; keeps unparsable arguments as text', () => {
    const t = loadTraceSync(fixture('edge/timed.openai.json'));
    expect(tuples(t.events)).toEqual([
      ['first', 0, '{"n": 1'],
      ['second', 1.25, { n: 2 }],
    ]);
    expect(t.events[0]!.meta).toMatchObject({ callId: 'c1', result: 'ok', message: 2 });
    expect(t.events[0]!.meta!['argumentsError']).toMatch(/^not valid JSON/);
  });

  it('reads {messages}, several calls of one message in order, and the legacy function_call', () => {
    const events = openaiImporter.parse(
      JSON.stringify({
        messages: [
          {
            role: 'assistant',
            tool_calls: [
              { id: 'a', function: { name: 'x', arguments: '{}' } },
              { id: 'b', function: { name: 'y', arguments: { q: 1 } } },
            ],
          },
          { role: 'assistant', function_call: { name: 'z', arguments: '[1]' } },
        ],
      }),
      {},
    );
    expect(tuples(events)).toEqual([
      ['x', 0, {}],
      ['y', 0, { q: 1 }],
      ['z', 1, [1]],
    ]);
  });

  it('reads an empty message list as an empty trace', () => {
    expect(openaiImporter.parse('{"messages": []}', {})).toEqual([]);
  });

  it('fails on malformed messages, naming the JSON path', () => {
    expect(
      thrown(() =>
        openaiImporter.parse(
          '[{"role": "assistant", "timestamp": 5, "tool_calls": [{"function": {"name": "a"}}]}, {"role": "assistant", "tool_calls": [{"function": {"name": "b"}}]}]',
          { file: 'm.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"m.json: [1]: no time field (timestamp, created_at, created), but other assistant messages with tool calls have one"`,
    );
    expect(
      thrown(() =>
        openaiImporter.parse(
          '[{"role": "assistant", "tool_calls": [{"function": {"arguments": "{}"}}]}]',
          { file: 'm.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"m.json: [0].tool_calls[0].function.name: required (a non-empty string)"`,
    );
    expect(
      thrown(() =>
        openaiImporter.parse('[{"role": "assistant", "tool_calls": [{"id": "x"}]}]', {
          file: 'm.json',
        }),
      ).message,
    ).toMatchInlineSnapshot(
      `"m.json: [0].tool_calls[0].function: expected a {"name", "arguments"} object, got nothing"`,
    );
    expect(
      thrown(() => openaiImporter.parse('{"choices": []}', { file: 'm.json' })).message,
    ).toMatchInlineSnapshot(
      `"m.json: expected a message list, or an object with a "messages", "outputs" or "contents" array"`,
    );
    expect(
      thrown(() =>
        openaiImporter.parse(
          '[{"role": "assistant", "created": "noon", "tool_calls": [{"function": {"name": "a"}}]}]',
          { file: 'm.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"m.json: [0].created: expected an ISO 8601 date-time or epoch seconds, got "noon""`,
    );
  });
});
