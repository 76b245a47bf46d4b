/**
 * Streamed SDK output for the stream tests (not part of the package): a stub API on 127.0.0.1
 * streams scripted turns as the real APIs do (server-sent events), the pinned SDK (`openai`,
 * `@anthropic-ai/sdk`) is called with `stream: true`, and what it yields is kept as users save
 * it: a JSON array, JSON Lines, and the raw body the server sent.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream, stepCountIs, streamText, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import OpenAI from 'openai';
import { SCRIPTED_STEPS, scriptedTools, usage } from './ai-sdk.test-helpers.js';
import { response, type ScriptedTurn } from '../../test/support/openai-replies.cjs';
import {
  anthropicStreamEvents,
  type AnthropicBlock,
} from '../../test/support/anthropic-replies.js';
import { ServerSentEvents, withJsonStub } from '../../test/support/stub-server.js';
import type { TraceEvent } from '../trace/types.js';
import { openaiImporter } from './openai.js';
import { detectFormat } from './registry.js';
import { formatWarning } from './warnings.js';

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

/** The text the script's last step answers with. */
export const AI_SDK_ANSWER = 'Sunny in Paris; no data for Oslo.';

/**
 * The scripted steps as a provider streams them: each call's input in fragments
 * (`tool-input-start`, `-delta`, `-end`), then its `tool-call`, then the step's `finish`; the last
 * step answers in text.
 */
function aiSdkModelSteps(): LanguageModelV3StreamPart[][] {
  const finish = (unified: 'tool-calls' | 'stop'): LanguageModelV3StreamPart => ({
    type: 'finish',
    finishReason: { unified, raw: undefined },
    usage,
  });
  return [
    ...SCRIPTED_STEPS.map((step) => [
      ...step.flatMap((c): LanguageModelV3StreamPart[] => [
        { type: 'tool-input-start', id: c.id, toolName: c.name },
        ...fragments(JSON.stringify(c.args)).map((delta): LanguageModelV3StreamPart => ({
          type: 'tool-input-delta',
          id: c.id,
          delta,
        })),
        { type: 'tool-input-end', id: c.id },
        { type: 'tool-call', toolCallId: c.id, toolName: c.name, input: JSON.stringify(c.args) },
      ]),
      finish('tool-calls'),
    ]),
    [
      { type: 'text-start', id: 't' },
      ...fragments(AI_SDK_ANSWER).map((delta): LanguageModelV3StreamPart => ({
        type: 'text-delta',
        id: 't',
        delta,
      })),
      { type: 'text-end', id: 't' },
      finish('stop'),
    ],
  ];
}

/** A model stream of `parts` whose connection fails after them (the loop over `fullStream` throws). */
function failingStream(parts: readonly LanguageModelV3StreamPart[]): ReadableStream {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < parts.length) c.enqueue(parts[i++]);
      else c.error(new Error('socket hang up'));
    },
  });
}

/** What one scripted `streamText` run gave. */
export interface AiSdkStream extends SavedStream {
  /** `toUIMessageStreamResponse()`'s body (the UI message stream, server-sent events). */
  readonly ui: string;
  /** `(await result.response).messages`, the same run's messages (not when cut). */
  readonly messages: readonly ModelMessage[];
}

/**
 * `streamText` with a scripted model (`MockLanguageModelV3`, which `ai/test` ships) and the
 * script's tools, which run (`execute`), so `fullStream` has their `tool-result` and
 * `tool-error` parts; the parts are saved as users save them (the `sse` field is unused: a
 * `fullStream` is not sent on a wire). `cutAfter`: the model's connection fails after that many
 * of its parts in the first step; the parts yielded until the loop threw are kept. `textOnly`:
 * the model answers at once, calling no tool.
 */
export async function streamAiSdk({
  cutAfter,
  textOnly = false,
}: { cutAfter?: number; textOnly?: boolean } = {}): Promise<AiSdkStream> {
  const steps = textOnly ? aiSdkModelSteps().slice(-1) : aiSdkModelSteps();
  const run = () => {
    let step = 0;
    const model = new MockLanguageModelV3({
      doStream: () => {
        const parts = steps[step++] ?? [];
        return Promise.resolve({
          stream:
            cutAfter === undefined
              ? simulateReadableStream({ chunks: parts })
              : failingStream(parts.slice(0, cutAfter)),
        });
      },
    });
    return streamText({
      model,
      prompt: 'Weather and time in Paris, and the weather in Oslo?',
      stopWhen: stepCountIs(5),
      tools: scriptedTools(),
      onError: () => {},
    });
  };
  const result = run();
  const records: unknown[] = [];
  try {
    for await (const part of result.fullStream) records.push(part);
  } catch (e) {
    if (cutAfter === undefined) throw e;
  }
  const s = saved(records, []);
  if (cutAfter !== undefined) return { ...s, ui: '', messages: [] };
  const messages = (await result.response).messages;
  const ui = await run().toUIMessageStreamResponse().text();
  return { ...s, ui, messages };
}

/** A saved stream's text, detected as `openai` (else an error) and read: its events and warnings. */
export function readStream(text: string): { events: TraceEvent[]; warnings: string[] } {
  const warnings: string[] = [];
  const importer = detectFormat(text, 's');
  if (importer !== openaiImporter) throw new Error(`read as ${importer.name}`);
  const events = importer.parse(text, { file: 's', warn: (w) => warnings.push(formatWarning(w)) });
  return { events, warnings };
}

/** The three ways of saving a stream, each detected as `openai` and read alike. */
export function saves(s: {
  readonly json: string;
  readonly jsonl: string;
  readonly sse: string;
}): Array<[string, string]> {
  return [
    ['JSON array', s.json],
    ['JSON Lines', s.jsonl],
    ['server-sent events', s.sse],
  ];
}
