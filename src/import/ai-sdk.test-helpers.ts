/**
 * Test helper (not part of the package): runs the real Vercel AI SDK (`ai`, pinned devDependency)
 * with a scripted model, so the importer and live-capture tests check what the SDK really writes.
 * No network: `MockLanguageModelV3` answers from the script below.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  generateText,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  type ModelMessage,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';

/** The calls the script makes, step by step (step 1 has two calls the model made in parallel). */
export const SCRIPTED_STEPS = [
  [
    { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } },
    { id: 'call-2', name: 'get_time', args: { tz: 'Europe/Paris' } },
  ],
  [{ id: 'call-3', name: 'get_weather', args: { city: 'Oslo' } }],
] as const;

/** What the tools return; `get_weather` throws for Oslo. */
export const TOOL_RESULTS: Record<string, unknown> = {
  'call-1': { tempC: 21, city: 'Paris' },
  'call-2': '12:00 Europe/Paris',
};
export const OSLO_ERROR = 'no weather data for Oslo';

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** The script's tools, with `execute`: `get_weather` throws for Oslo. */
export function scriptedTools() {
  return {
    get_weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: ({ city }) => {
        if (city === 'Oslo') throw new Error(OSLO_ERROR);
        return Promise.resolve({ tempC: 21, city });
      },
    }),
    get_time: tool({
      inputSchema: z.object({ tz: z.string() }),
      execute: ({ tz }) => Promise.resolve(`12:00 ${tz}`),
    }),
  };
}

/** Once per process: the context manager a Node app registers (NodeSDK does), so spans nest. */
let contextManagerSet = false;
function ensureContextManager(): void {
  if (contextManagerSet) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  contextManagerSet = true;
}

/** The result of one scripted run. */
export interface AiSdkRun {
  /** The finished spans as OTLP/JSON text, written by OpenTelemetry's own serializer. */
  readonly otlpJson: string;
  /** `result.response.messages` of the run. */
  readonly messages: ModelMessage[];
}

/** The scripted steps as stream parts, for `streamText`. */
function streamSteps(): LanguageModelV3StreamPart[][] {
  const finish = (unified: 'tool-calls' | 'stop') => ({
    type: 'finish' as const,
    finishReason: { unified, raw: undefined },
    usage,
  });
  return [
    ...SCRIPTED_STEPS.map((step) => [
      ...step.map((c) => ({
        type: 'tool-call' as const,
        toolCallId: c.id,
        toolName: c.name,
        input: JSON.stringify(c.args),
      })),
      finish('tool-calls'),
    ]),
    [
      { type: 'text-start' as const, id: 't' },
      { type: 'text-delta' as const, id: 't', delta: 'Sunny in Paris; no data for Oslo.' },
      { type: 'text-end' as const, id: 't' },
      finish('stop'),
    ],
  ];
}

/**
 * Run `generateText` (or `streamText` with `stream`) with the scripted model and two tools under
 * `experimental_telemetry`. `processors` are registered besides the in-memory exporter (a live
 * capture under test).
 */
export async function runAiSdkAgent(
  processors: SpanProcessor[] = [],
  { stream = false }: { stream?: boolean } = {},
): Promise<AiSdkRun> {
  ensureContextManager();
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter), ...processors],
  });
  const model = new MockLanguageModelV3({
    doGenerate: [
      ...SCRIPTED_STEPS.map((step) => ({
        content: step.map((c) => ({
          type: 'tool-call' as const,
          toolCallId: c.id,
          toolName: c.name,
          input: JSON.stringify(c.args),
        })),
        finishReason: { unified: 'tool-calls' as const, raw: undefined },
        usage,
        warnings: [],
      })),
      {
        content: [{ type: 'text' as const, text: 'Sunny in Paris; no data for Oslo.' }],
        finishReason: { unified: 'stop' as const, raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
  const streamed = streamSteps();
  let step = 0;
  const streamModel = new MockLanguageModelV3({
    doStream: () =>
      Promise.resolve({ stream: simulateReadableStream({ chunks: streamed[step++] ?? [] }) }),
  });
  const settings = {
    prompt: 'Weather and time in Paris, and the weather in Oslo?',
    stopWhen: stepCountIs(5),
    tools: scriptedTools(),
    experimental_telemetry: { isEnabled: true, tracer: provider.getTracer('agent-test') },
  };
  let messages: ModelMessage[];
  if (stream) {
    const result = streamText({ model: streamModel, ...settings });
    await result.consumeStream();
    messages = (await result.response).messages;
  } else {
    messages = (await generateText({ model, ...settings })).response.messages;
  }
  await provider.forceFlush();
  const bytes = JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans());
  if (bytes === undefined) throw new Error('the OTLP serializer returned nothing');
  await provider.shutdown();
  return { otlpJson: new TextDecoder().decode(bytes), messages };
}
