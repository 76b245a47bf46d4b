/**
 * A conversation in which the model called no tool: no events, an error that counts what was
 * read (as the Claude Code importer's does), for each message-list format. Each conversation is
 * the one the pinned SDK keeps, against a stub server on 127.0.0.1 (the AI SDK: its mock model).
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { GoogleGenAI } from '@google/genai';
import { generateText, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { chatCompletion } from '../../test/support/openai-replies.cjs';
import { anthropicReply } from '../../test/support/anthropic-replies.js';
import { withJsonStub } from '../../test/support/stub-server.js';
import { thrown } from './fixtures.test-helpers.js';
import { parseTrace } from './read.js';

const QUESTION = 'Weather in Paris?';
const ANSWER = 'Sunny.';

async function openaiChat(): Promise<ChatCompletionMessageParam[]> {
  return withJsonStub(
    () => chatCompletion({ text: ANSWER }, 1),
    async (stub) => {
      const client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${stub.origin}/v1`, maxRetries: 0 });
      const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: QUESTION }];
      const reply = await client.chat.completions.create({ model: 'gpt-stub', messages });
      return [...messages, reply.choices[0]!.message as ChatCompletionMessageParam];
    },
  );
}

async function anthropicChat(): Promise<MessageParam[]> {
  return withJsonStub(
    () => anthropicReply([{ type: 'text', text: ANSWER }]),
    async (stub) => {
      const client = new Anthropic({ apiKey: 'sk-stub', baseURL: stub.origin, maxRetries: 0 });
      const messages: MessageParam[] = [{ role: 'user', content: QUESTION }];
      const reply = await client.messages.create({
        model: 'claude-stub',
        max_tokens: 100,
        messages,
      });
      return [...messages, { role: reply.role, content: reply.content }];
    },
  );
}

async function geminiChat(): Promise<unknown[]> {
  return withJsonStub(
    () => ({
      candidates: [
        { content: { role: 'model', parts: [{ text: ANSWER }] }, finishReason: 'STOP', index: 0 },
      ],
      modelVersion: 'gemini-stub',
    }),
    async (stub) => {
      const ai = new GoogleGenAI({
        apiKey: 'stub-key',
        httpOptions: { baseUrl: stub.origin, retryOptions: { attempts: 1 } },
      });
      const chat = ai.chats.create({ model: 'gemini-stub' });
      await chat.sendMessage({ message: QUESTION });
      return chat.getHistory();
    },
  );
}

async function aiSdkChat(): Promise<ModelMessage[]> {
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'text', text: ANSWER }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    },
  });
  const messages: ModelMessage[] = [{ role: 'user', content: QUESTION }];
  const result = await generateText({ model, messages });
  return [...messages, ...result.response.messages];
}

function noEvents(messages: unknown, format: 'auto' | 'openai' = 'auto'): string {
  return thrown(() => parseTrace(JSON.stringify(messages), { file: 'c.json', format })).message;
}

describe('openai importer: a conversation with no tool call', () => {
  it('is an error counting the messages read, in every message-list format', async () => {
    expect(noEvents(await openaiChat())).toBe(
      'c.json: no events: 2 messages (1 user, 1 assistant), none with a tool call',
    );
    expect(noEvents(await anthropicChat())).toBe(
      'c.json: no events: 2 messages (1 user, 1 assistant), none with a tool call',
    );
    expect(noEvents(await geminiChat())).toBe(
      'c.json: no events: 2 messages (1 user, 1 model), none with a tool call',
    );
    expect(noEvents(await aiSdkChat())).toBe(
      'c.json: no events: 2 messages (1 user, 1 assistant), none with a tool call',
    );
  });

  it('counts the messages without a role, and the warnings given', () => {
    expect(noEvents([{ content: 'hi' }], 'openai')).toBe(
      'c.json: no events: 1 message (1 without a role), none with a tool call',
    );
    expect(
      noEvents({
        messages: [
          { role: 'user', content: QUESTION },
          { role: 'tool', tool_call_id: 'gone', content: 'late' },
        ],
      }),
    ).toBe(
      'c.json: no events: 2 messages (1 user, 1 tool), none with a tool call (1 skipped with a warning)',
    );
  });
});
