import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { chatCompletion } from '../../test/support/openai-replies.cjs';
import { withJsonStub } from '../../test/support/stub-server.js';
import type { TraceEvent } from '../trace/types.js';
import { toolCalls } from '../trajectory/calls.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { openaiImporter } from './openai.js';
import { loadTraceSync } from './read.js';
import { formatWarning } from './warnings.js';

describe('openai importer', () => {
  it('reads the shared agentevals sample ({outputs}): timed by message position', () => {
    const t = loadTraceSync(fixture('agentevals_messages.json'));
    expect(t.events).toEqual([
      {
        channel: 'get_weather',
        timestamp: 0,
        value: { city: 'San Francisco', units: 'F' },
        meta: { message: 1, parallel_group: 1, callId: 'call_1', result: '58F, foggy, wind 15mph' },
      },
      {
        channel: 'get_forecast',
        timestamp: 2,
        value: { city: 'San Francisco', hours: 6 },
        meta: {
          message: 3,
          parallel_group: 3,
          callId: 'call_2',
          result: 'Cooling to 54F by evening',
        },
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

/**
 * A Chat Completions tool loop with the `openai` client (pinned devDependency) against a stub
 * server: one reply calls a function tool, a custom tool (free-form `input`), a tool without
 * parameters (`arguments: ""`, as streaming gives it) and, in the same message, the legacy
 * `function_call`; the loop answers each (a tool message with text parts, a `role: "function"`
 * message for the legacy call) and adds one stale tool message for a call id it never got.
 */
async function chatLoop(): Promise<ChatCompletionMessageParam[]> {
  let n = 0;
  return withJsonStub(
    () => {
      const reply = chatCompletion({ text: 'Done.' }, ++n) as {
        choices: Array<{ message: Record<string, unknown> }>;
      };
      if (n === 1)
        reply.choices[0]!.message = {
          role: 'assistant',
          content: null,
          function_call: { name: 'legacy_lookup', arguments: '{"q":"Paris"}' },
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
            { id: 'call_2', type: 'custom', custom: { name: 'code_exec', input: '{print(1)}' } },
            { id: 'call_3', type: 'function', function: { name: 'list_files', arguments: '' } },
          ],
        };
      return reply;
    },
    async (stub) => {
      const client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${stub.origin}/v1`, maxRetries: 0 });
      const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather?' }];
      const first = await client.chat.completions.create({ model: 'gpt-stub', messages });
      const asked = first.choices[0]!.message;
      messages.push(asked as ChatCompletionMessageParam);
      const answers: Record<string, ChatCompletionMessageParam['content']> = {
        call_1: [{ type: 'text', text: '{"tempC":21}' }],
        call_2: '1',
        call_3: 'a.txt\nb.txt',
      };
      for (const c of asked.tool_calls ?? [])
        messages.push({ role: 'tool', tool_call_id: c.id, content: answers[c.id] as string });
      messages.push({ role: 'function', name: 'legacy_lookup', content: '{"hits":2}' });
      messages.push({ role: 'tool', tool_call_id: 'call_9', content: 'late' });
      const second = await client.chat.completions.create({ model: 'gpt-stub', messages });
      messages.push(second.choices[0]!.message as ChatCompletionMessageParam);
      return messages;
    },
  );
}

function readWithWarnings(text: string): { events: TraceEvent[]; warnings: string[] } {
  const warnings: string[] = [];
  const events = openaiImporter.parse(text, {
    file: 'm.json',
    warn: (w) => warnings.push(formatWarning(w)),
  });
  return { events, warnings };
}

describe('openai importer: a Chat Completions tool loop (the openai client)', () => {
  it('reads function and custom tool calls, the legacy function_call beside them, and their results', async () => {
    const { events, warnings } = readWithWarnings(JSON.stringify(await chatLoop()));
    expect(events.map((e) => [e.channel, e.value, e.meta!['result']])).toEqual([
      ['legacy_lookup', { q: 'Paris' }, { hits: 2 }],
      ['get_weather', { city: 'Paris' }, { tempC: 21 }], // text parts joined, JSON parsed
      ['code_exec', '{print(1)}', '1'], // a custom tool's input: its text, as written
      ['list_files', {}, 'a.txt\nb.txt'], // no parameters: "" is {}
    ]);
    expect(events.map((e) => e.meta!['callType'])).toEqual([
      undefined,
      undefined,
      'custom',
      undefined,
    ]);
    expect(warnings).toEqual([
      'm.json: [6]: a tool message for tool_call_id "call_9" answers no tool call of the list: not read (unpaired-result)',
    ]);
  });

  it('reads the calls as toolCalls reads message.tool_calls inline', async () => {
    const messages = await chatLoop();
    const asked = messages[1] as { tool_calls: unknown[] };
    const events = readWithWarnings(JSON.stringify(messages)).events.slice(1);
    expect(toolCalls(asked.tool_calls as never).map((c) => [c.name, c.arguments])).toEqual(
      events.map((e) => [e.channel, e.value]),
    );
  });

  it('{messages} and {outputs} together: messages is read, a non-empty outputs is warned', async () => {
    const messages = await chatLoop();
    const alone = readWithWarnings(JSON.stringify(messages));
    const both = readWithWarnings(JSON.stringify({ messages, outputs: messages.slice(1, 2) }));
    expect(both.events).toEqual(alone.events);
    expect(both.warnings).toEqual([
      'm.json: outputs: not read (1 entry): "messages" is read when both are present; convert "outputs" on its own (unmapped-record)',
      ...alone.warnings.map((w) => w.replace('m.json: [', 'm.json: messages[')),
    ]);
    const empty = readWithWarnings(JSON.stringify({ messages, outputs: [], contents: [] }));
    expect(empty.warnings).toHaveLength(alone.warnings.length);
  });

  it('a call without an arguments key has the arguments {}; a result of a stale legacy call is warned', () => {
    const { events, warnings } = readWithWarnings(
      JSON.stringify([
        { role: 'function', name: 'early', content: 'x' },
        { role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'now' } }] },
        { role: 'tool', content: 'no id' },
      ]),
    );
    expect(tuples(events)).toEqual([['now', 0, {}]]);
    expect(warnings).toEqual([
      'm.json: [2]: a tool message without a tool_call_id answers no call: not read (unpaired-result)',
      'm.json: [0]: a function message for "early" answers no unanswered earlier function_call by that name: not read (unpaired-result)',
    ]);
  });

  it('tool_calls that are not a list: an error naming them', () => {
    expect(
      thrown(() =>
        openaiImporter.parse('[{"role": "assistant", "tool_calls": {"id": "c1"}}]', {
          file: 'm.json',
        }),
      ).message,
    ).toBe('m.json: [0].tool_calls: expected an array of tool calls, got an object');
  });
});
