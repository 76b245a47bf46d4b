/**
 * Test helper (not part of the package): runs the Anthropic SDK's own tool loop
 * (`client.beta.messages.toolRunner`, `@anthropic-ai/sdk` pinned devDependency) against a stub
 * Messages API on 127.0.0.1, so the importer tests read the conversation the SDK really keeps.
 * No network: the stub answers each request with the next scripted reply.
 */
import Anthropic from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { anthropicReply } from '../../test/support/anthropic-replies.js';
import { withJsonStub } from '../../test/support/stub-server.js';

/** The model's scripted replies: two calls in one turn, then one, then the answer. */
export const ANTHROPIC_REPLIES = [
  [
    { type: 'text', text: 'Checking both.' },
    { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: { tz: 'Europe/Paris' } },
  ],
  [{ type: 'tool_use', id: 'toolu_3', name: 'get_weather', input: { city: 'Oslo' } }],
  [{ type: 'text', text: 'Sunny in Paris; no data for Oslo.' }],
] as const;

export const OSLO_ERROR = 'no weather data for Oslo';

/** What one run left: the conversation and the last request body the SDK sent. */
export interface AnthropicRun {
  /** `runner.params.messages` after `runUntilDone()`, as JSON text. */
  readonly messagesJson: string;
  /** The body of the SDK's last request (`{model, max_tokens, messages, tools}`), as sent. */
  readonly lastRequest: string;
}

/** Run the tool loop with two tools; `get_weather` throws for Oslo. */
export async function runAnthropicAgent(): Promise<AnthropicRun> {
  return withJsonStub(
    (_request, i) => anthropicReply(ANTHROPIC_REPLIES[i] ?? [], i + 1),
    async (stub) => {
      const client = new Anthropic({
        apiKey: 'sk-stub',
        baseURL: stub.origin,
        maxRetries: 0,
      });
      const runner = client.beta.messages.toolRunner({
        model: 'claude-stub',
        max_tokens: 100,
        messages: [
          { role: 'user', content: 'Weather and time in Paris, and the weather in Oslo?' },
        ],
        // The whole history in every request, as a client without server-side threads sends it.
        thread: false,
        tools: [
          betaTool({
            name: 'get_weather',
            description: 'The weather in a city',
            inputSchema: {
              type: 'object',
              properties: { city: { type: 'string' } },
              required: ['city'],
            },
            run: ({ city }) => {
              if (city === 'Oslo') throw new Error(OSLO_ERROR);
              return JSON.stringify({ tempC: 21, city });
            },
          }),
          betaTool({
            name: 'get_time',
            description: 'The time in a time zone',
            inputSchema: {
              type: 'object',
              properties: { tz: { type: 'string' } },
              required: ['tz'],
            },
            run: ({ tz }) => `12:00 ${tz}`,
          }),
        ],
      });
      await runner.runUntilDone();
      return {
        messagesJson: JSON.stringify(runner.params.messages),
        lastRequest: stub.requests.at(-1)!.body,
      };
    },
  );
}
