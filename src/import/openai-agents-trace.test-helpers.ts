/**
 * Test helper (not part of the package): an `@openai/agents` run traced by the SDK itself. The
 * agent uses the SDK's own OpenAI models (`@openai/agents-openai` 0.11.2, the Responses API or Chat
 * Completions) against a scripted stub server on 127.0.0.1, and the SDK's `OpenAITracingExporter`
 * (behind a `BatchTraceProcessor`) POSTs its trace export to the same stub, which keeps the body:
 * exactly what the SDK sends to OpenAI's traces ingest endpoint. No network.
 */
import {
  Agent,
  BatchTraceProcessor,
  addTraceProcessor,
  Runner,
  setTraceProcessors,
  setTracingDisabled,
  tool,
  type TracingProcessor,
} from '@openai/agents-core';
import { OpenAIProvider, OpenAITracingExporter } from '@openai/agents-openai';
import { z } from 'zod';
import {
  chatCompletion,
  response,
  type ScriptedCall,
  type ScriptedTurn,
} from '../../test/support/openai-replies.cjs';
import { startJsonStub } from '../../test/support/stub-server.js';

/** When the stub's first response was created (seconds), 2025-12-01T22:00:00Z; one second per response. */
const CREATED = 1764626400;

/**
 * The model's steps: the calls of one model response (run by the SDK in parallel), then the
 * hand-off to the `support` agent, whose answer ends the run.
 */
export const STEPS: readonly (readonly ScriptedCall[])[] = [
  [
    { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } },
    { id: 'call-2', name: 'get_time', args: { tz: 'Europe/Paris' } },
  ],
  [{ id: 'call-3', name: 'get_weather', args: { city: 'Oslo' } }],
  [{ id: 'call-4', name: 'transfer_to_support', args: {} }],
];

/**
 * The agent's tools, as a real app defines them with the SDK's `tool()`: `get_weather` throws for
 * Oslo (the SDK reports that to the model as text), `get_time` answers a string.
 */
export function travelTools() {
  return [
    tool({
      name: 'get_weather',
      description: 'weather of a city',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        if (city === 'Oslo') throw new Error('no weather data for Oslo');
        return Promise.resolve({ tempC: 21, city });
      },
    }),
    tool({
      name: 'get_time',
      description: 'time in a zone',
      parameters: z.object({ tz: z.string() }),
      execute: ({ tz }) => Promise.resolve(`12:00 ${tz}`),
    }),
  ];
}

/** What the scripted model answers, one turn per request: the steps, then a final text. */
const ANSWERS: readonly ScriptedTurn[] = [...STEPS.map((calls) => ({ calls })), { text: 'Done.' }];

/** The export the SDK POSTed, as received (one body per POST), and the run's final output. */
export interface TracedRun {
  readonly bodies: readonly string[];
  readonly finalOutput: unknown;
}

/**
 * Run the travel agent once with tracing on: `api` picks the SDK's Responses model (`response`
 * spans) or its Chat Completions model (`generation` spans). `also`: a processor registered with
 * `addTraceProcessor` beside the exporting one (a live capture), so both see the same run.
 */
export async function tracedAgentRun(
  api: 'responses' | 'chat',
  also?: TracingProcessor,
): Promise<TracedRun> {
  let answered = 0;
  const stub = await startJsonStub(({ url }) => {
    if (url === '/v1/traces/ingest') return {};
    if (url === '/v1/responses')
      return response(ANSWERS[answered]!, answered, CREATED + answered++);
    if (url === '/v1/chat/completions')
      return chatCompletion(ANSWERS[answered]!, answered, CREATED + answered++);
    return undefined;
  });
  const base = `${stub.origin}/v1`;
  const exporter = new OpenAITracingExporter({
    apiKey: 'sk-stub',
    endpoint: `${base}/traces/ingest`,
    maxRetries: 1,
  });
  const processor = new BatchTraceProcessor(exporter, { scheduleDelay: 60_000 });
  setTraceProcessors([processor]);
  if (also !== undefined) addTraceProcessor(also);
  // The SDK turns tracing off when NODE_ENV is `test` (as under Vitest): on for this run only.
  setTracingDisabled(false);
  try {
    const support = new Agent({ name: 'support', instructions: 'Help.' });
    const agent = new Agent({
      name: 'travel',
      instructions: 'Plan the trip.',
      handoffs: [support],
      tools: travelTools(),
    });
    const runner = new Runner({
      modelProvider: new OpenAIProvider({
        apiKey: 'sk-stub',
        baseURL: base,
        useResponses: api === 'responses',
      }),
      model: 'gpt-stub',
      tracingDisabled: false,
      workflowName: 'travel planning',
    });
    const result = await runner.run(agent, 'Weather and time in Paris, weather in Oslo?');
    await processor.forceFlush();
    const bodies = stub.requests.filter((r) => r.url === '/v1/traces/ingest').map((r) => r.body);
    return { bodies, finalOutput: result.finalOutput };
  } finally {
    setTracingDisabled(true);
    setTraceProcessors([]);
    await stub.close();
  }
}
