/**
 * `@openai/agents` `result.history` from the real SDK (`@openai/agents-core` 0.11.2, pinned: later
 * versions depend on `openai` 7, which needs Node 22), run with a scripted model (no network).
 */
import { Agent, Runner, Usage, type AgentOutputItem, type Model } from '@openai/agents-core';
import { OpenAIProvider } from '@openai/agents-openai';
import type { ResponseOutputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { response } from '../../test/support/openai-replies.cjs';
import { withJsonStub } from '../../test/support/stub-server.js';
import type { TraceEvent } from '../trace/types.js';
import { matchTrajectory } from '../trajectory/index.js';
import { travelTools } from './openai-agents-trace.test-helpers.js';
import { openaiImporter } from './openai.js';
import { detectFormat } from './registry.js';
import { parseTrace } from './read.js';

const STEPS = [
  [
    { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } },
    { id: 'call-2', name: 'get_time', args: { tz: 'Europe/Paris' } },
  ],
  [{ id: 'call-3', name: 'get_weather', args: { city: 'Oslo' } }],
];

async function runAgent(): Promise<unknown[]> {
  const outputs: AgentOutputItem[][] = [
    ...STEPS.map((step) =>
      step.map((c): AgentOutputItem => ({
        type: 'function_call',
        callId: c.id,
        name: c.name,
        arguments: JSON.stringify(c.args),
        status: 'completed',
      })),
    ),
    [
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Sunny in Paris.' }],
      },
    ],
  ];
  let n = 0;
  const model: Model = {
    getResponse: () => Promise.resolve({ usage: new Usage(), output: outputs[n++]! }),
    getStreamedResponse: () => {
      throw new Error('not scripted');
    },
  };
  const agent = new Agent({
    name: 'travel',
    model,
    tools: travelTools(),
  });
  const runner = new Runner({
    modelProvider: { getModel: () => Promise.resolve(model) },
    tracingDisabled: true,
  });
  const result = await runner.run(agent, 'Weather and time in Paris, weather in Oslo?');
  return result.history;
}

describe('openai importer: @openai/agents result.history (real run)', () => {
  it('reads the function_call items with parsed arguments and results, one group per model response', async () => {
    const text = JSON.stringify(await runAgent());
    expect(detectFormat(text).name).toBe('openai');
    const events = parseTrace(text).events;
    const calls = STEPS.flat();
    expect(events.map((e) => [e.channel, e.value])).toEqual(calls.map((c) => [c.name, c.args]));
    expect(events.map((e) => e.meta!['callId'])).toEqual(calls.map((c) => c.id));
    expect(events[0]!.meta!['result']).toEqual({ tempC: 21, city: 'Paris' });
    expect(events[1]!.meta!['result']).toBe('12:00 Europe/Paris');
    // The SDK reports a thrown tool as text for the model; it is kept as the result.
    expect(events[2]!.meta!['result']).toMatch(/no weather data for Oslo/);
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).not.toBe(groups[0]);
    const swapped = [calls[1]!, calls[0]!, calls[2]!].map((c) => ({
      name: c.name,
      arguments: c.args,
    }));
    expect(matchTrajectory(events, swapped).pass).toBe(true);
  });
});

/**
 * A run with the SDK's own Responses model (`@openai/agents-openai`) against a stub server: the
 * first response has the API's hosted tools (web search, MCP, image generation) besides a function
 * call. The SDK keeps those as `hosted_tool_call` items, the API's item in `providerData`.
 */
async function hostedToolsHistory(): Promise<unknown[]> {
  let n = 0;
  return withJsonStub(
    ({ url }) => {
      if (url !== '/v1/responses') return undefined;
      if (++n > 1) return response({ text: 'Done.' }, n);
      return { ...(response({ text: '' }, n) as object), output: HOSTED_OUTPUT };
    },
    async (stub) => {
      const agent = new Agent({ name: 'travel', tools: travelTools() });
      const runner = new Runner({
        modelProvider: new OpenAIProvider({
          apiKey: 'sk-stub',
          baseURL: `${stub.origin}/v1`,
          useResponses: true,
        }),
        model: 'gpt-stub',
        tracingDisabled: true,
      });
      return (await runner.run(agent, 'Weather in Paris?')).history;
    },
  );
}

/** The first response's output (typed by the pinned `openai`'s `ResponseOutputItem`). */
const HOSTED_OUTPUT: ResponseOutputItem[] = [
  {
    type: 'web_search_call',
    id: 'ws_1',
    status: 'completed',
    action: { type: 'search', query: 'Paris weather' },
  },
  {
    type: 'mcp_call',
    id: 'mcp_1',
    server_label: 'gh',
    name: 'list_issues',
    arguments: '{"repo":"envtrace"}',
    output: '[]',
    status: 'completed',
  },
  { type: 'image_generation_call', id: 'ig_1', status: 'completed', result: 'iVBORw0KGgo=' },
  {
    type: 'function_call',
    id: 'fc_1',
    call_id: 'call_1',
    name: 'get_weather',
    arguments: '{"city":"Paris"}',
    status: 'completed',
  },
];

describe('openai importer: @openai/agents history with hosted tools (the SDK Responses model)', () => {
  it('reads hosted_tool_call items as the API items they wrap, as the API input list reads them', async () => {
    const history = await hostedToolsHistory();
    expect(history.filter((h) => (h as { type: string }).type === 'hosted_tool_call')).toHaveLength(
      3,
    );
    const events = parseTrace(JSON.stringify(history)).events;
    const warnings: unknown[] = [];
    openaiImporter.parse(JSON.stringify(history), { warn: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    const fromApi = parseTrace(
      JSON.stringify([{ role: 'user', content: 'Weather in Paris?' }, ...HOSTED_OUTPUT]),
    ).events;
    const tell = (e: TraceEvent) => [e.channel, e.value, e.meta!['result'] ?? null];
    expect(events.map(tell)).toEqual([
      ['web_search', { type: 'search', query: 'Paris weather' }, null],
      ['list_issues', { repo: 'envtrace' }, []],
      ['image_generation', {}, 'iVBORw0KGgo='],
      ['get_weather', { city: 'Paris' }, { tempC: 21, city: 'Paris' }],
    ]);
    // The API's own list gives the same calls (the function's result is the loop's, not here).
    expect(events.map(tell).slice(0, 3)).toEqual(fromApi.map(tell).slice(0, 3));
    expect(fromApi.map((e) => [e.channel, e.value])).toEqual(
      events.map((e) => [e.channel, e.value]),
    );
  });
});
