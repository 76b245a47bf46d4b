/**
 * `@openai/agents` `result.history` from the real SDK (`@openai/agents-core` 0.11.2, pinned: later
 * versions depend on `openai` 7, which needs Node 22), run with a scripted model (no network).
 */
import { Agent, Runner, Usage, type AgentOutputItem, type Model } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/index.js';
import { travelTools } from './openai-agents-trace.test-helpers.js';
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
