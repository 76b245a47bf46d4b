/**
 * What the `openai` importer's message-list readers do not read is warned, never dropped without a
 * word: results that answer no call (Anthropic, Vercel AI SDK), and lists that mix formats (each
 * list is read in one format; the calls of another in it are named). The lists are what the SDKs
 * themselves wrote (the `openai` client and the Anthropic tool runner against stub servers, the AI
 * SDK with a scripted model), with what a script adds to them.
 */
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, response } from '../../test/support/openai-replies.cjs';
import { withJsonStub } from '../../test/support/stub-server.js';
import type { TraceEvent } from '../trace/types.js';
import { runAiSdkAgent } from './ai-sdk.test-helpers.js';
import { runAnthropicAgent } from './anthropic.test-helpers.js';
import { openaiImporter } from './openai.js';
import { formatWarning } from './warnings.js';

function read(list: unknown[]): { events: TraceEvent[]; warnings: string[] } {
  const warnings: string[] = [];
  const events = openaiImporter.parse(JSON.stringify(list), {
    file: 'm.json',
    warn: (w) => warnings.push(formatWarning(w)),
  });
  return { events, warnings };
}

/** One Chat Completions exchange (the `openai` client): the question, the reply, its answer. */
async function chatMessages(): Promise<unknown[]> {
  return withJsonStub(
    (_r, i) =>
      chatCompletion({ calls: [{ id: 'call_c', name: 'chat_tool', args: { a: 1 } }] }, i + 1),
    async (stub) => {
      const client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${stub.origin}/v1`, maxRetries: 0 });
      const completion = await client.chat.completions.create({
        model: 'gpt-stub',
        messages: [{ role: 'user', content: 'Go.' }],
      });
      return [
        { role: 'user', content: 'Go.' },
        completion.choices[0]!.message,
        { role: 'tool', tool_call_id: 'call_c', content: 'ok' },
      ];
    },
  );
}

/** The items one Responses API call returned (the `openai` client), and the loop's output item. */
async function responsesItems(): Promise<unknown[]> {
  return withJsonStub(
    (_r, i) =>
      response({ calls: [{ id: 'call_r', name: 'responses_tool', args: { b: 2 } }] }, i + 1),
    async (stub) => {
      const client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${stub.origin}/v1`, maxRetries: 0 });
      const r = await client.responses.create({ model: 'gpt-stub', input: 'Go.' });
      return [...r.output, { type: 'function_call_output', call_id: 'call_r', output: 'ok' }];
    },
  );
}

let anthropic: unknown[];
let aiSdk: unknown[];
let chat: unknown[];
let items: unknown[];
beforeAll(async () => {
  anthropic = JSON.parse((await runAnthropicAgent()).messagesJson) as unknown[];
  aiSdk = (await runAiSdkAgent()).messages;
  chat = await chatMessages();
  items = await responsesItems();
});

describe('results that answer no call are warned (unpaired-result)', () => {
  it('an Anthropic tool_result for a tool_use id the conversation does not have', () => {
    const late = {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'late' }],
    };
    const { events, warnings } = read([...anthropic, late]);
    expect(events).toHaveLength(3);
    expect(warnings).toEqual([
      `m.json: [${anthropic.length}].content[0]: a result block for tool_use_id "toolu_9" answers no tool use block of the list: not read (unpaired-result)`,
    ]);
    expect(read(anthropic).warnings).toEqual([]);
  });

  it('a Vercel AI SDK tool-result for a toolCallId the messages do not have', () => {
    const late = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-9',
          toolName: 'get_weather',
          output: { type: 'text', value: 'late' },
        },
      ],
    };
    const { events, warnings } = read([...aiSdk, late]);
    expect(events).toHaveLength(3);
    expect(warnings).toEqual([
      `m.json: [${aiSdk.length}].content[0]: a tool-result part for toolCallId "call-9" answers no tool-call part of the list: not read (unpaired-result)`,
    ]);
    expect(read(aiSdk).warnings).toEqual([]);
  });
});

describe('a list that mixes formats: read in one, the others named (unmapped-record)', () => {
  it('chat messages, an Anthropic conversation and Responses items in one list', () => {
    const list = [...chat, ...anthropic, ...items];
    const { events, warnings } = read(list);
    // Read as a Responses API item list (its formats are tried before Anthropic's and chat's).
    expect(events.map((e) => e.channel)).toEqual(['responses_tool']);
    const firstItem = chat.length + anthropic.length;
    const at = (k: number) => `[${chat.length + k}]`;
    expect(warnings).toEqual([
      `m.json: [${chat.length + 1}]: not read: Anthropic tool_use or tool_result blocks (in ${at(1)}, ${at(2)}, ${at(3)} and 1 more), as the list is read as an OpenAI Responses API item list (from [${firstItem}]) and a list holds one format; convert each format on its own (unmapped-record)`,
      `m.json: [1]: not read: OpenAI chat tool calls or results (in [1], [2]), as the list is read as an OpenAI Responses API item list (from [${firstItem}]) and a list holds one format; convert each format on its own (unmapped-record)`,
    ]);
  });

  it('AI SDK messages with a chat message among them', () => {
    const { events, warnings } = read([...aiSdk, chat[1]]);
    expect(events).toHaveLength(3);
    expect(warnings).toEqual([
      `m.json: [${aiSdk.length}]: not read: OpenAI chat tool calls or results (in [${aiSdk.length}]), as the list is read as a Vercel AI SDK message list (from [0]) and a list holds one format; convert each format on its own (unmapped-record)`,
    ]);
  });

  it('a list of one format gives no warning', () => {
    for (const list of [chat, items, anthropic, aiSdk]) expect(read(list).warnings).toEqual([]);
  });
});
