/**
 * Tool calls as the agent SDKs hand them over, passed straight to the trajectory APIs. Each
 * fixture is made by the SDK itself (pinned devDependencies): the OpenAI, Anthropic and Google Gen
 * AI clients against a stub server on 127.0.0.1, LangChain merging and parsing streamed tool-call chunks into
 * its `ToolCall`s, the Vercel AI SDK running a scripted model. Each test checks the calls read against
 * the script, and that a changed argument fails (a shape read as `{}` would pass).
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { AIMessageChunk } from '@langchain/core/messages';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicReply } from '../../test/support/anthropic-replies.js';
import { startJsonStub, type StubServer } from '../../test/support/stub-server.js';
import { TraceError } from '../errors.js';
import { toolCalls } from './calls.js';
import { matchTrajectory } from './match.js';

/** What the scripted model asks for, in one turn (two parallel calls). */
const SCRIPT = [
  { id: 'call_1', name: 'search_hotels', args: { city: 'Paris', nights: 2 } },
  { id: 'call_2', name: 'get_weather', args: { city: 'Paris', units: 'C' } },
] as const;

/** The reference a user writes by hand: `{name, arguments}`. */
const REFERENCE = SCRIPT.map((c) => ({ name: c.name, arguments: c.args }));

/** The same calls with another city in the first one: must not follow the reference. */
const WRONG = SCRIPT.map((c, i) => ({
  ...c,
  args: i === 0 ? { ...c.args, city: 'Rome' } : c.args,
}));

/** The wire form of `calls` in OpenAI Chat Completions' `tool_calls`. */
function openAiWire(calls: typeof SCRIPT | typeof WRONG) {
  return calls.map((c) => ({
    id: c.id,
    type: 'function' as const,
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
}

let stub: StubServer;
let baseURL = '';
/** The script the stub server answers with next. */
let answer: typeof SCRIPT | typeof WRONG = SCRIPT;
/** Extra Chat Completions tool calls the stub server adds (a custom tool's call). */
let extraWire: unknown[] = [];

beforeAll(async () => {
  stub = await startJsonStub(({ url }) => {
    if (url === '/v1/chat/completions')
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model: 'gpt-stub',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [...openAiWire(answer), ...extraWire],
            },
          },
        ],
      };
    if (url === '/v1/messages')
      return anthropicReply(
        [
          { type: 'text', text: 'Let me look that up.' },
          ...answer.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.args })),
        ],
        1,
        { input_tokens: 10, output_tokens: 5 },
      );
    if (url.startsWith('/v1beta/models/gemini-stub:generateContent'))
      return {
        candidates: [
          {
            index: 0,
            finishReason: 'STOP',
            content: {
              role: 'model',
              parts: [
                { text: 'Let me look that up.' },
                ...answer.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.args } })),
              ],
            },
          },
        ],
      };
    return undefined;
  });
  baseURL = stub.origin;
});

afterAll(() => stub.close());

async function openAiToolCalls(script: typeof SCRIPT | typeof WRONG) {
  answer = script;
  const client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${baseURL}/v1`, maxRetries: 0 });
  const completion = await client.chat.completions.create({
    model: 'gpt-stub',
    messages: [{ role: 'user', content: 'A hotel in Paris for two nights, and the weather?' }],
  });
  return completion.choices[0]!.message.tool_calls!;
}

async function anthropicContent(script: typeof SCRIPT | typeof WRONG) {
  answer = script;
  const client = new Anthropic({ apiKey: 'sk-stub', baseURL, maxRetries: 0 });
  const message = await client.messages.create({
    model: 'claude-stub',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'A hotel in Paris for two nights, and the weather?' }],
  });
  return message.content;
}

async function geminiResponse(script: typeof SCRIPT | typeof WRONG) {
  answer = script;
  const ai = new GoogleGenAI({
    apiKey: 'stub-key',
    httpOptions: { baseUrl: baseURL, retryOptions: { attempts: 1 } },
  });
  return ai.models.generateContent({
    model: 'gemini-stub',
    contents: 'A hotel in Paris for two nights, and the weather?',
  });
}

/** The calls read, as [name, arguments]. */
function read(input: unknown): Array<[string, unknown]> {
  return toolCalls(input as never).map((c) => [c.name, c.arguments]);
}

const expected = SCRIPT.map((c): [string, unknown] => [c.name, c.args]);

describe('tool calls straight from the SDKs', () => {
  it('OpenAI Chat Completions: message.tool_calls ({function: {name, arguments}})', async () => {
    const calls = await openAiToolCalls(SCRIPT);
    expect(read(calls)).toEqual(expected);
    expect(matchTrajectory(REFERENCE, calls).pass).toBe(true);
    // Both sides in the SDK's shape: a changed argument fails.
    expect(matchTrajectory(calls, await openAiToolCalls(WRONG)).pass).toBe(false);
  });

  it('OpenAI Chat Completions: a custom tool call ({custom: {name, input}}) keeps its text', async () => {
    extraWire = [{ id: 'call_3', type: 'custom', custom: { name: 'run_sql', input: 'SELECT 1' } }];
    try {
      const calls = await openAiToolCalls(SCRIPT);
      expect(read(calls)).toEqual([...expected, ['run_sql', 'SELECT 1']]);
      expect(
        matchTrajectory([...REFERENCE, { name: 'run_sql', arguments: 'SELECT 2' }], calls).pass,
      ).toBe(false);
    } finally {
      extraWire = [];
    }
  });

  it('OpenAI Chat Completions: a custom tool input that looks like JSON stays text; arguments "" are {}', async () => {
    extraWire = [
      { id: 'call_3', type: 'custom', custom: { name: 'patch', input: '{ not JSON' } },
      { id: 'call_4', type: 'function', function: { name: 'now', arguments: '' } },
    ];
    try {
      const calls = await openAiToolCalls(SCRIPT);
      expect(read(calls).slice(2)).toEqual([
        ['patch', '{ not JSON'],
        ['now', {}],
      ]);
    } finally {
      extraWire = [];
    }
  });

  it('Anthropic Messages: tool_use content blocks ({name, input})', async () => {
    const content = await anthropicContent(SCRIPT);
    const blocks = content.filter((b) => b.type === 'tool_use');
    expect(read(blocks)).toEqual(expected);
    expect(matchTrajectory(REFERENCE, blocks).pass).toBe(true);
    const wrong = (await anthropicContent(WRONG)).filter((b) => b.type === 'tool_use');
    expect(matchTrajectory(blocks, wrong).pass).toBe(false);
    // The whole content, text block included: refused with what to pass instead.
    expect(() => toolCalls(content as never, 'calls')).toThrow(
      `calls[0]: expected a tool call {name, arguments} (a "text" entry: pass only the tool calls, e.g. content.filter((b) => b.type === 'tool_use'))`,
    );
  });

  it('Google Gen AI: response.functionCalls ({name, args, id})', async () => {
    const response = await geminiResponse(SCRIPT);
    const calls = response.functionCalls!;
    expect(read(calls)).toEqual(expected);
    expect(matchTrajectory(REFERENCE, calls).pass).toBe(true);
    expect(matchTrajectory(calls, (await geminiResponse(WRONG)).functionCalls!).pass).toBe(false);
    // The parts, text part first, and the model's Content: refused with what to pass instead.
    const content = response.candidates![0]!.content!;
    expect(() => toolCalls(content.parts as never, 'calls')).toThrow(
      'calls[0]: expected an event {channel, timestamp, value} or a tool call {name, arguments} (a Gemini Part: pass only the function calls, e.g. parts.flatMap((p) => (p.functionCall ? [p.functionCall] : [])), or response.functionCalls)',
    );
    expect(() => toolCalls([content] as never, 'calls')).toThrow(
      'calls[0]: expected an event {channel, timestamp, value} or a tool call {name, arguments} (a Gemini Content, role "model": read a Content list with parseTrace(JSON.stringify(contents)), or pass its function calls, e.g. response.functionCalls)',
    );
  });

  it('LangChain: AIMessage.tool_calls ({name, args}), merged and parsed by LangChain from stream chunks', () => {
    // As a streaming chat model delivers them: each call's JSON arguments in two pieces, the
    // chunks concatenated, LangChain parsing the text into `tool_calls`.
    const streamed = (script: typeof SCRIPT | typeof WRONG) =>
      script
        .flatMap((c, index) => {
          const text = JSON.stringify(c.args);
          const half = Math.floor(text.length / 2);
          return [
            { name: c.name, id: c.id, args: text.slice(0, half), index },
            { args: text.slice(half), index },
          ];
        })
        .map(
          (chunk) =>
            new AIMessageChunk({
              content: '',
              tool_call_chunks: [{ ...chunk, type: 'tool_call_chunk' as const }],
            }),
        )
        .reduce((a, b) => a.concat(b));
    const calls = streamed(SCRIPT).tool_calls!;
    expect(calls.map((c) => c.name)).toEqual(SCRIPT.map((c) => c.name));
    expect(read(calls)).toEqual(expected);
    expect(matchTrajectory(REFERENCE, calls).pass).toBe(true);
    expect(matchTrajectory(calls, streamed(WRONG).tool_calls!).pass).toBe(false);
  });

  it('Vercel AI SDK: toolCalls ({toolName, input}) and toolResults (with output)', async () => {
    const run = async (script: typeof SCRIPT | typeof WRONG) => {
      const model = new MockLanguageModelV3({
        doGenerate: [
          {
            content: script.map((c) => ({
              type: 'tool-call' as const,
              toolCallId: c.id,
              toolName: c.name,
              input: JSON.stringify(c.args),
            })),
            finishReason: { unified: 'tool-calls' as const, raw: undefined },
            usage: {
              inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 5, text: 5, reasoning: 0 },
            },
            warnings: [],
          },
        ],
      });
      const result = await generateText({
        model,
        prompt: 'A hotel in Paris for two nights, and the weather?',
        stopWhen: stepCountIs(1),
        tools: {
          search_hotels: tool({
            inputSchema: z.object({ city: z.string(), nights: z.number() }),
            execute: ({ city }) => Promise.resolve({ hotels: [`${city} Central`] }),
          }),
          get_weather: tool({
            inputSchema: z.object({ city: z.string(), units: z.string() }),
            execute: ({ city }) => Promise.resolve(`18°C in ${city}`),
          }),
        },
      });
      return result;
    };
    const result = await run(SCRIPT);
    expect(read(result.toolCalls)).toEqual(expected);
    expect(matchTrajectory(REFERENCE, result.toolCalls).pass).toBe(true);
    const wrong = await run(WRONG);
    expect(matchTrajectory(result.toolCalls, wrong.toolCalls).pass).toBe(false);
    // toolResults carry the input and what the tool returned.
    const withResults = toolCalls(result.toolResults as never);
    expect(withResults.map((c) => [c.name, c.arguments, c.result])).toEqual([
      ['search_hotels', SCRIPT[0].args, { hotels: ['Paris Central'] }],
      ['get_weather', SCRIPT[1].args, '18°C in Paris'],
    ]);
  });
});

describe('call entries that would lose their arguments are refused', () => {
  it('arguments under a key no SDK uses', () => {
    const calls = [{ name: 'search_hotels', parameters: { city: 'Rome' } }];
    expect(() => toolCalls(calls as never, 'calls')).toThrow(TraceError);
    expect(() => toolCalls(calls as never, 'calls')).toThrow(
      'calls[0]: a tool call with no arguments, but with "parameters": name its arguments "arguments" (or "input", "args")',
    );
    // Ids, kinds and provider data are not taken for arguments: `{name}` alone still means `{}`.
    expect(
      read([{ name: 'now', id: 'c1', type: 'tool_call', providerMetadata: { x: {} } }]),
    ).toEqual([['now', {}]]);
  });

  it('two keys that could each be the arguments', () => {
    expect(() =>
      toolCalls([{ name: 'a', arguments: { q: 1 }, input: { q: 2 } }] as never, 'reference'),
    ).toThrow(
      'reference[0]: a tool call with both arguments and input: keep the one that holds its arguments',
    );
  });

  it('a chat message list: says how to read it', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', tool_calls: openAiWire(SCRIPT) },
    ];
    expect(() => toolCalls(messages as never, 'calls')).toThrow(
      'calls[0]: expected an event {channel, timestamp, value} or a tool call {name, arguments} (a chat message, role "user": read a message list with parseTrace(JSON.stringify(messages)), or pass its tool calls)',
    );
  });
});
