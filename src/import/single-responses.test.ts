/**
 * One model response saved as the SDK returned it (`client.messages.create()`,
 * `client.chat.completions.create()`, `client.responses.create()`), read by the `openai` importer
 * as the calls of that one turn. Each object comes from the pinned SDK against a stub server on
 * 127.0.0.1, answering with the scripted turn.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chatCompletion, response } from '../../test/support/openai-replies.cjs';
import { anthropicReply } from '../../test/support/anthropic-replies.js';
import { withJsonStub } from '../../test/support/stub-server.js';
import type { TraceEvent } from '../trace/types.js';
import { thrown } from './fixtures.test-helpers.js';
import { openaiImporter } from './openai.js';
import { parseTrace } from './read.js';
import { detectFormat } from './registry.js';
import { formatWarning } from './warnings.js';

/** The scripted turn: two calls in one response. */
const CALLS = [
  { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
  { id: 'call_2', name: 'get_time', args: { tz: 'Europe/Paris' } },
];

function stubClient(origin: string): OpenAI {
  return new OpenAI({ apiKey: 'sk-stub', baseURL: `${origin}/v1`, maxRetries: 0 });
}

/** What `client.messages.create()` returned, as JSON text. */
async function anthropicMessage(
  content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>,
): Promise<string> {
  return withJsonStub(
    () => anthropicReply(content),
    async (stub) => {
      const client = new Anthropic({ apiKey: 'sk-stub', baseURL: stub.origin, maxRetries: 0 });
      const message = await client.messages.create({
        model: 'claude-stub',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
      });
      return JSON.stringify(message);
    },
  );
}

/** What `client.chat.completions.create()` returned, as JSON text. */
async function completion(reply: unknown): Promise<string> {
  return withJsonStub(
    () => reply,
    async (stub) =>
      JSON.stringify(
        await stubClient(stub.origin).chat.completions.create({
          model: 'gpt-stub',
          messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
        }),
      ),
  );
}

/** What `client.responses.create()` returned, as JSON text. */
async function responsesResponse(reply: unknown): Promise<string> {
  return withJsonStub(
    () => reply,
    async (stub) =>
      JSON.stringify(
        await stubClient(stub.origin).responses.create({
          model: 'gpt-stub',
          input: 'Weather and time in Paris?',
        }),
      ),
  );
}

function read(text: string): { events: TraceEvent[]; warnings: string[] } {
  const warnings: string[] = [];
  const events = openaiImporter.parse(text, {
    file: 'r.json',
    warn: (w) => warnings.push(formatWarning(w)),
  });
  return { events, warnings };
}

const scripted = CALLS.map((c) => [c.name, 0, c.args]);

describe('openai importer: a single SDK response', () => {
  it('an Anthropic Message: its tool_use blocks, one parallel group', async () => {
    const text = await anthropicMessage([
      { type: 'text', text: 'Checking both.' },
      ...CALLS.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.args })),
    ]);
    expect(detectFormat(text).name).toBe('openai');
    const { events, warnings } = read(text);
    expect(events.map((e) => [e.channel, e.timestamp, e.value])).toEqual(scripted);
    expect(events.map((e) => e.meta!['callId'])).toEqual(['call_1', 'call_2']);
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([0, 0]);
    expect(warnings).toEqual([]);
  });

  it('a chat.completion: the tool calls of its message', async () => {
    const text = await completion(chatCompletion({ calls: CALLS }, 1));
    expect(detectFormat(text).name).toBe('openai');
    const { events, warnings } = read(text);
    expect(events.map((e) => [e.channel, e.timestamp, e.value])).toEqual(scripted);
    expect(events.map((e) => e.meta!['callId'])).toEqual(['call_1', 'call_2']);
    expect(warnings).toEqual([]);
  });

  it('a Responses API response: its function_call output items, one parallel group', async () => {
    const text = await responsesResponse(response({ calls: CALLS }, 1));
    expect(detectFormat(text).name).toBe('openai');
    const { events, warnings } = read(text);
    // An item's time is its position in `output`, as in an item list; the group marks the turn.
    expect(events.map((e) => [e.channel, e.timestamp, e.value])).toEqual(
      scripted.map(([name, , args], i) => [name, i, args]),
    );
    expect(events.map((e) => e.meta!['callId'])).toEqual(['call_1', 'call_2']);
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([0, 0]);
    expect(warnings).toEqual([]);
  });

  it('a chat.completion with n > 1: the first choice is read, the calls of the others warned', async () => {
    const one = chatCompletion({ calls: CALLS.slice(0, 1) }, 1) as { choices: unknown[] };
    const other = chatCompletion({ calls: CALLS.slice(1) }, 1) as { choices: unknown[] };
    const text = await completion({
      ...one,
      choices: [one.choices[0], { ...(other.choices[0] as object), index: 1 }],
    });
    const { events, warnings } = read(text);
    expect(events.map((e) => e.channel)).toEqual(['get_weather']);
    expect(warnings).toEqual([
      'r.json: choices[1]: not read: the tool calls of choices [1], as the first choice is read (the others are alternative replies, n > 1); convert each on its own (unmapped-record)',
    ]);
  });

  it('errors name the path inside the response', async () => {
    const text = await completion({
      ...(chatCompletion({ calls: CALLS }, 1) as object),
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', function: {} }] },
        },
      ],
    });
    expect(thrown(() => read(text)).message).toBe(
      'r.json: choices[0].message.tool_calls[0].function.name: required (a non-empty string)',
    );
    const anthropic = await anthropicMessage([{ type: 'tool_use', id: 't', input: {} }]);
    expect(thrown(() => read(anthropic)).message).toBe(
      'r.json: content[0].name: required (a non-empty string)',
    );
  });

  it('a response with no tool call: an error saying so', async () => {
    const texts = [
      await anthropicMessage([{ type: 'text', text: 'Sunny.' }]),
      await completion(chatCompletion({ text: 'Sunny.' }, 1)),
      await responsesResponse(response({ text: 'Sunny.' }, 1)),
    ];
    expect(texts.map((t) => thrown(() => parseTrace(t, { file: 'r.json' })).message)).toEqual([
      'r.json: no events: an Anthropic Message with no tool call: nothing to score',
      'r.json: no events: a chat.completion with no tool call: nothing to score',
      'r.json: no events: a Responses API response with no tool call: nothing to score',
    ]);
  });

  it('an envtrace trace is never read as a response, whatever else it holds', () => {
    const trace = JSON.stringify({
      object: 'response',
      output: [],
      type: 'message',
      role: 'assistant',
      content: [],
      events: [{ channel: 'a', timestamp: 0, value: 1 }],
    });
    expect(detectFormat(trace).name).toBe('envtrace');
    expect(openaiImporter.detect(trace, JSON.parse(trace))).toBe(0);
  });
});
