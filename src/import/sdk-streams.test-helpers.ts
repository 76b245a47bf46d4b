/**
 * Streamed SDK output for the stream tests (not part of the package): a stub API on 127.0.0.1
 * streams scripted turns as the real APIs do (server-sent events), the pinned SDK (`openai`,
 * `@anthropic-ai/sdk`) is called with `stream: true`, and what it yields is kept as users save
 * it: a JSON array, JSON Lines, and the raw body the server sent.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { response, type ScriptedTurn } from '../../test/support/openai-replies.cjs';
import {
  anthropicStreamEvents,
  type AnthropicBlock,
} from '../../test/support/anthropic-replies.js';
import { ServerSentEvents, withJsonStub } from '../../test/support/stub-server.js';

/** Split `text` into `n` fragments (the way a model streams arguments, a few tokens at a time). */
function fragments(text: string, n = 3): string[] {
  const size = Math.max(1, Math.ceil(text.length / n));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

/** A turn as Chat Completions streams it: a role chunk, each call's name then argument fragments, the finish. */
export function chatStream(turn: ScriptedTurn, n: number): ServerSentEvents {
  const base = {
    id: `chatcmpl-${n}`,
    object: 'chat.completion.chunk',
    created: 0,
    model: 'gpt-stub',
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    [
      null,
      { ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] },
    ] as const;
  const events: Array<readonly [null, unknown]> = [chunk({ role: 'assistant', content: null })];
  if ('calls' in turn) {
    turn.calls.forEach((c, index) => {
      events.push(
        chunk({
          tool_calls: [
            { index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } },
          ],
        }),
      );
      for (const a of fragments(JSON.stringify(c.args)))
        events.push(chunk({ tool_calls: [{ index, function: { arguments: a } }] }));
    });
    events.push(chunk({}, 'tool_calls'));
  } else {
    for (const t of fragments(turn.text)) events.push(chunk({ content: t }));
    events.push(chunk({}, 'stop'));
  }
  return new ServerSentEvents(events, true);
}

/** A turn as the Responses API streams it, ending with `response.completed` (the whole `response`). */
export function responsesStream(turn: ScriptedTurn, n: number): ServerSentEvents {
  const done = response(turn, n) as { output: Array<Record<string, unknown>> };
  const events: Array<readonly [string, unknown]> = [];
  const ev = (type: string, data: Record<string, unknown>) =>
    events.push([type, { type, sequence_number: events.length, ...data }]);
  const created = { ...done, status: 'in_progress', output: [] };
  ev('response.created', { response: created });
  ev('response.in_progress', { response: created });
  done.output.forEach((item, output_index) => {
    if (item['type'] === 'function_call') {
      ev('response.output_item.added', {
        output_index,
        item: { ...item, arguments: '', status: 'in_progress' },
      });
      for (const delta of fragments(item['arguments'] as string))
        ev('response.function_call_arguments.delta', { item_id: item['id'], output_index, delta });
      ev('response.function_call_arguments.done', {
        item_id: item['id'],
        output_index,
        arguments: item['arguments'],
      });
    } else ev('response.output_item.added', { output_index, item: { ...item, content: [] } });
    ev('response.output_item.done', { output_index, item });
  });
  ev('response.completed', { response: done });
  return new ServerSentEvents(events);
}

/** A content block the scripted Anthropic model streams. */
export type Block = AnthropicBlock;

/** A turn as the Messages API streams it (a `ping` after `message_start`, as the API sends one). */
export function anthropicStream(content: readonly Block[], n: number): ServerSentEvents {
  return new ServerSentEvents(
    anthropicStreamEvents(content, {
      id: `msg_${n}`,
      model: 'claude-stub',
      inputTokens: 1,
      outputTokens: 1,
      ping: true,
      split: fragments,
    }),
  );
}

/** What a stream gave, saved the three ways users save it. */
export interface SavedStream {
  /** What the SDK yielded, every request's in order. */
  readonly records: readonly unknown[];
  /** `JSON.stringify(records)`. */
  readonly json: string;
  /** One record a line. */
  readonly jsonl: string;
  /** The bodies the server sent, one after another. */
  readonly sse: string;
}

function saved(records: unknown[], bodies: string[]): SavedStream {
  return {
    records,
    json: JSON.stringify(records),
    jsonl: `${records.map((r) => JSON.stringify(r)).join('\n')}\n`,
    sse: bodies.join(''),
  };
}

/**
 * Stream each of `streams` (one per request) to the SDK with `request`, which iterates the SDK's
 * stream; the streams may be cut (`cut`: the events of the last request the server sends).
 */
async function collect(
  streams: readonly ServerSentEvents[],
  request: (origin: string, records: unknown[]) => Promise<void>,
): Promise<SavedStream> {
  const bodies: string[] = [];
  const records: unknown[] = [];
  await withJsonStub(
    (_r, i) => {
      const s = streams[i];
      if (s !== undefined) bodies.push(s.text);
      return s;
    },
    async (stub) => {
      for (let i = 0; i < streams.length; i++) await request(stub.origin, records);
    },
  );
  return saved(records, bodies);
}

function openai(origin: string): OpenAI {
  return new OpenAI({ apiKey: 'sk-stub', baseURL: `${origin}/v1`, maxRetries: 0 });
}

/** `client.chat.completions.create({stream: true})`, once per stream. */
export function streamChat(streams: readonly ServerSentEvents[]): Promise<SavedStream> {
  return collect(streams, async (origin, records) => {
    const stream = await openai(origin).chat.completions.create({
      model: 'gpt-stub',
      messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
      stream: true,
    });
    for await (const chunk of stream) records.push(chunk);
  });
}

/** `client.responses.create({stream: true})`, once per stream. */
export function streamResponses(streams: readonly ServerSentEvents[]): Promise<SavedStream> {
  return collect(streams, async (origin, records) => {
    const stream = await openai(origin).responses.create({
      model: 'gpt-stub',
      input: 'Weather and time in Paris?',
      stream: true,
    });
    for await (const event of stream) records.push(event);
  });
}

/** `client.messages.create({stream: true})`, once per stream. */
export function streamAnthropic(streams: readonly ServerSentEvents[]): Promise<SavedStream> {
  return collect(streams, async (origin, records) => {
    const client = new Anthropic({ apiKey: 'sk-stub', baseURL: origin, maxRetries: 0 });
    const stream = await client.messages.create({
      model: 'claude-stub',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
      stream: true,
    });
    for await (const event of stream) records.push(event);
  });
}

/** The first `n` events of a stream (the connection was cut after them), without its terminator. */
export function cutAfter(s: ServerSentEvents, n: number): ServerSentEvents {
  return new ServerSentEvents(s.events.slice(0, n));
}
