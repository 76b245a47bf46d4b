/**
 * Streamed SDK output (`stream: true`) read by the `openai` importer as the calls it carries: the
 * pinned SDKs stream scripted turns from a stub API on 127.0.0.1, and what they yield is saved as
 * users save it (a JSON array, JSON Lines, the raw server-sent events). Each turn must read as the
 * same call without `stream` reads (`single-responses.test.ts`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chatCompletion, response, type ScriptedTurn } from '../../test/support/openai-replies.cjs';
import { anthropicReply } from '../../test/support/anthropic-replies.js';
import { ServerSentEvents, withJsonStub } from '../../test/support/stub-server.js';
import { evaluate } from '../evaluate/evaluate.js';
import { fixturesDir, thrown } from './fixtures.test-helpers.js';
import { streamRecordsOf } from './sdk-streams.js';
import { openaiImporter } from './openai.js';
import { detectionScores } from './registry.js';
import {
  anthropicStream,
  chatStream,
  cutAfter,
  readStream as read,
  responsesStream,
  saves,
  streamAnthropic,
  streamChat,
  streamResponses,
  type Block,
} from './sdk-streams.test-helpers.js';

/** The scripted turns: two calls in one response, then one call, then the answer. */
const TURNS: ScriptedTurn[] = [
  {
    calls: [
      { id: 'call_1', name: 'get_weather', args: { city: 'Paris', days: 2 } },
      { id: 'call_2', name: 'get_time', args: { tz: 'Europe/Paris' } },
    ],
  },
  { calls: [{ id: 'call_3', name: 'get_weather', args: { city: 'Lyon', days: 1 } }] },
  { text: 'Sunny in both.' },
];

function blocks(turn: ScriptedTurn): Block[] {
  return 'calls' in turn
    ? turn.calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.args }))
    : [{ type: 'text', text: turn.text }];
}

function stubClient(origin: string): OpenAI {
  return new OpenAI({ apiKey: 'sk-stub', baseURL: `${origin}/v1`, maxRetries: 0 });
}

/** The same first turn, not streamed: what each SDK's create call returned, as JSON text. */
async function unstreamed(kind: 'chat' | 'responses' | 'anthropic'): Promise<string> {
  const turn = TURNS[0]!;
  if (kind === 'anthropic')
    return withJsonStub(
      () => anthropicReply(blocks(turn)),
      async (stub) => {
        const client = new Anthropic({ apiKey: 'sk-stub', baseURL: stub.origin, maxRetries: 0 });
        const m = await client.messages.create({
          model: 'claude-stub',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
        });
        return JSON.stringify(m);
      },
    );
  return withJsonStub(
    () => (kind === 'chat' ? chatCompletion(turn, 1) : response(turn, 1)),
    async (stub) => {
      const c = stubClient(stub.origin);
      const r =
        kind === 'chat'
          ? await c.chat.completions.create({ model: 'gpt-stub', messages: [] })
          : await c.responses.create({ model: 'gpt-stub', input: 'Weather?' });
      return JSON.stringify(r);
    },
  );
}

const KINDS = [
  {
    kind: 'chat' as const,
    stream: (turns: readonly ScriptedTurn[]) =>
      streamChat(turns.map((t, i) => chatStream(t, i + 1))),
  },
  {
    kind: 'responses' as const,
    stream: (turns: readonly ScriptedTurn[]) =>
      streamResponses(turns.map((t, i) => responsesStream(t, i + 1))),
  },
  {
    kind: 'anthropic' as const,
    stream: (turns: readonly ScriptedTurn[]) =>
      streamAnthropic(turns.map((t, i) => anthropicStream(blocks(t), i + 1))),
  },
];

describe('openai importer: a saved SDK stream', () => {
  for (const { kind, stream } of KINDS)
    it(`${kind}: one streamed turn reads as the same response not streamed, saved any way`, async () => {
      const s = await stream([TURNS[0]!]);
      const golden = read(await unstreamed(kind)).events;
      expect(golden.map((e) => e.channel)).toEqual(['get_weather', 'get_time']);
      for (const [how, text] of saves(s)) {
        const scores = detectionScores(text);
        expect([how, scores[0]!.importer.name, scores[1]!.confidence < 0.9]).toEqual([
          how,
          'openai',
          true,
        ]);
        const { events, warnings } = read(text);
        expect([how, events]).toEqual([how, golden]);
        expect([how, warnings]).toEqual([how, []]);
        expect(evaluate(golden, events).full_score).toBe(1);
      }
    });

  it('several streamed turns: the calls of every turn, in order, one parallel group each', async () => {
    const expected = [
      ['get_weather', { city: 'Paris', days: 2 }, 'call_1'],
      ['get_time', { tz: 'Europe/Paris' }, 'call_1'.replace('1', '2')],
      ['get_weather', { city: 'Lyon', days: 1 }, 'call_3'],
    ];
    for (const { kind, stream } of KINDS) {
      const s = await stream(TURNS);
      for (const [how, text] of saves(s)) {
        const { events, warnings } = read(text);
        expect([kind, how, events.map((e) => [e.channel, e.value, e.meta!['callId']])]).toEqual([
          kind,
          how,
          expected,
        ]);
        // A chat or Anthropic turn is one message (time = the turn), a Responses turn its items.
        expect([kind, how, events.map((e) => [e.timestamp, e.meta!['parallel_group']])]).toEqual([
          kind,
          how,
          kind === 'responses'
            ? [
                [0, 0],
                [1, 0],
                [2, 2],
              ]
            : [
                [0, 0],
                [0, 0],
                [1, 1],
              ],
        ]);
        expect(warnings).toEqual([]);
      }
    }
  });

  it('a stream with no tool call: the no-events error, counting what was read', async () => {
    const texts: string[] = [];
    for (const { stream } of KINDS) texts.push((await stream([TURNS[2]!])).json);
    expect(texts.map((t) => thrown(() => read(t)).message)).toMatchInlineSnapshot(`
      [
        "s: no events: an OpenAI Chat Completions stream of 5 chunks in 1 turn, with no tool call: nothing to score",
        "s: no events: an OpenAI Responses API stream of 5 events (response.created, response.in_progress, response.output_item.added, response.output_item.done, response.completed) in 1 turn, with no tool call: nothing to score",
        "s: no events: an Anthropic Messages stream of 6 events (message_start, content_block_start, content_block_delta, content_block_stop, message_delta, message_stop) in 1 turn, with no tool call: nothing to score",
      ]
    `);
  });

  it('a stream cut in a call’s arguments: the call kept with argumentsError, and a warning', async () => {
    // The server sends the first turn up to the first fragment of the second call's arguments.
    const streams = {
      chat: await streamChat([cutAfter(chatStream(TURNS[0]!, 1), 7)]),
      responses: await streamResponses([cutAfter(responsesStream(TURNS[0]!, 1), 10)]),
      anthropic: await streamAnthropic([cutAfter(anthropicStream(blocks(TURNS[0]!), 1), 9)]),
    };
    const out: Record<string, unknown> = {};
    for (const [kind, s] of Object.entries(streams)) {
      const reads = saves(s).map(([, text]) => read(text));
      // The three ways of saving read alike; only the warnings' locations differ.
      expect(reads[1]!.events).toEqual(reads[0]!.events);
      expect(reads[2]!.events).toEqual(reads[0]!.events);
      out[kind] = {
        events: reads[0]!.events.map((e) => [
          e.channel,
          e.value,
          e.meta!['argumentsError'] ?? null,
        ]),
        warnings: reads.map((r) => r.warnings),
      };
    }
    expect(out).toMatchInlineSnapshot(`
      {
        "anthropic": {
          "events": [
            [
              "get_weather",
              {
                "city": "Paris",
                "days": 2,
              },
              null,
            ],
            [
              "get_time",
              "{"tz":"",
              "not valid JSON (Unterminated string at 1:7)",
            ],
          ],
          "warnings": [
            [
              "s: [7]: turn 1 ("msg_1") of the stream is cut short: block 1 (tool_use) has no content_block_stop; no message_stop event ends it; its calls are read as far as they came (truncated-stream)",
            ],
            [
              "s:8: turn 1 ("msg_1") of the stream is cut short: block 1 (tool_use) has no content_block_stop; no message_stop event ends it; its calls are read as far as they came (truncated-stream)",
            ],
            [
              "s:26: turn 1 ("msg_1") of the stream is cut short: block 1 (tool_use) has no content_block_stop; no message_stop event ends it; its calls are read as far as they came (truncated-stream)",
            ],
          ],
        },
        "chat": {
          "events": [
            [
              "get_weather",
              {
                "city": "Paris",
                "days": 2,
              },
              null,
            ],
            [
              "get_time",
              "{"tz":"",
              "not valid JSON (Unterminated string at 1:7)",
            ],
          ],
          "warnings": [
            [
              "s: [6]: turn 1 ("chatcmpl-1") of the stream is cut short: choice 0 has no finish_reason; its calls are read as far as they came (truncated-stream)",
            ],
            [
              "s:7: turn 1 ("chatcmpl-1") of the stream is cut short: choice 0 has no finish_reason; its calls are read as far as they came (truncated-stream)",
            ],
            [
              "s:13: turn 1 ("chatcmpl-1") of the stream is cut short: choice 0 has no finish_reason; no data: [DONE] follows it; its calls are read as far as they came (truncated-stream)",
            ],
          ],
        },
        "responses": {
          "events": [
            [
              "get_weather",
              {
                "city": "Paris",
                "days": 2,
              },
              null,
            ],
            [
              "get_time",
              "{"tz":"",
              "not valid JSON (Unterminated string at 1:7)",
            ],
          ],
          "warnings": [
            [
              "s: [9]: turn 1 ("resp_1") of the stream is cut short: output 1 (function_call) has no response.output_item.done; no response.completed event ends it; its calls are read as far as they came (truncated-stream)",
            ],
            [
              "s:10: turn 1 ("resp_1") of the stream is cut short: output 1 (function_call) has no response.output_item.done; no response.completed event ends it; its calls are read as far as they came (truncated-stream)",
            ],
            [
              "s:29: turn 1 ("resp_1") of the stream is cut short: output 1 (function_call) has no response.output_item.done; no response.completed event ends it; its calls are read as far as they came (truncated-stream)",
            ],
          ],
        },
      }
    `);
  });

  it('a complete stream saved from the wire without its [DONE]: a warning', async () => {
    const s = await streamChat([chatStream(TURNS[0]!, 1)]);
    const body = s.sse.replace('data: [DONE]\n\n', '');
    const { events, warnings } = read(body);
    expect(events.map((e) => e.channel)).toEqual(['get_weather', 'get_time']);
    expect(warnings).toMatchInlineSnapshot(`
      [
        "s:19: turn 1 ("chatcmpl-1") of the stream is cut short: no data: [DONE] follows it; its calls are read as far as they came (truncated-stream)",
      ]
    `);
  });

  it('a wire capture cut mid-event: the cut event not read, with a warning', async () => {
    const s = await streamAnthropic([anthropicStream(blocks(TURNS[0]!), 1)]);
    // Cut inside the data line of the last arguments fragment.
    const body = s.sse.slice(0, s.sse.lastIndexOf('input_json_delta') + 30);
    const { events, warnings } = read(body);
    expect(events.map((e) => [e.channel, e.value, e.meta!['argumentsError'] ?? null]))
      .toMatchInlineSnapshot(`
      [
        [
          "get_weather",
          {
            "city": "Paris",
            "days": 2,
          },
          null,
        ],
        [
          "get_time",
          "{"tz":"Europe/",
          "not valid JSON (Unterminated string at 1:7)",
        ],
      ]
    `);
    expect(warnings).toMatchInlineSnapshot(`
      [
        "s:29: turn 1 ("msg_1") of the stream is cut short: block 1 (tool_use) has no content_block_stop; no message_stop event ends it; its last event (line 32) is cut off mid-way: not read; its calls are read as far as they came (truncated-stream)",
      ]
    `);
  });

  it('errors name the record of the stream', async () => {
    const s = await streamChat([chatStream({ calls: [{ id: 'c', name: 'x', args: {} }] }, 1)]);
    const records = s.records.map((r) => structuredClone(r)) as Array<{
      choices: Array<{ delta: { tool_calls?: Array<{ function: { name?: string } }> } }>;
    }>;
    delete records[1]!.choices[0]!.delta.tool_calls![0]!.function.name;
    expect(thrown(() => read(JSON.stringify(records))).message).toBe(
      's: [1].choices[0].delta.tool_calls[0].function.name: required (a non-empty string)',
    );
    const jsonl = records.map((r) => JSON.stringify(r)).join('\n');
    expect(thrown(() => read(jsonl)).message).toBe(
      's:2: choices[0].delta.tool_calls[0].function.name: required (a non-empty string)',
    );
    const a = await streamAnthropic([anthropicStream(blocks(TURNS[1]!), 1)]);
    const events = a.records.slice(1);
    expect(thrown(() => read(JSON.stringify(events))).message).toBe(
      "s: [0]: a content_block_start event before any message_start: the stream's start is missing",
    );
  });

  it('a chat stream of n > 1 choices: the first is read, the calls of the others warned', async () => {
    const one = chatStream(TURNS[0]!, 1);
    const other = chatStream(TURNS[1]!, 1);
    // The API interleaves the choices' chunks; each chunk names its choice by `index`.
    const events = one.events.flatMap((e, i) => {
      const o = other.events[Math.min(i, other.events.length - 1)]![1] as {
        choices: Array<Record<string, unknown>>;
      };
      const c = e[1] as { choices: Array<Record<string, unknown>> };
      return [e, [null, { ...c, choices: [{ ...o.choices[0], index: 1 }] }] as const];
    });
    const s = await streamChat([new ServerSentEvents(events, true)]);
    const { events: read1, warnings } = read(s.json);
    expect(read1.map((e) => e.channel)).toEqual(['get_weather', 'get_time']);
    expect(warnings).toEqual([
      's: [1].choices[0]: not read: the tool calls of choices [1], as the first choice is read (the others are alternative replies, n > 1); convert each on its own (unmapped-record)',
    ]);
  });

  it('no file of another format is taken for a stream', () => {
    for (const name of readdirSync(fixturesDir)) {
      const p = path.join(fixturesDir, name);
      if (!statSync(p).isFile()) continue;
      const text = readFileSync(p, 'utf8');
      expect([name, streamRecordsOf(text, name, 'default', () => JSON.parse(text))]).toEqual([
        name,
        undefined,
      ]);
    }
  });

  it('a message list and a single response are still read as before, not as streams', async () => {
    const single = await unstreamed('chat');
    expect(openaiImporter.detect(single, JSON.parse(single))).toBe(0.9);
    expect(read(single).events.map((e) => e.channel)).toEqual(['get_weather', 'get_time']);
    const plain = 'event: update\ndata: {"level": 3}\n\n';
    expect(detectionScores(plain)[0]!.confidence).toBe(0);
  });
});
