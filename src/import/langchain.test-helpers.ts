/**
 * Test helper (not part of the package): runs a real LangChain.js tool-calling loop
 * (`@langchain/core`, pinned devDependency) against a scripted chat model, traced by a real
 * instrumentation (OpenInference's or OpenLLMetry/Traceloop's), so the importer and live-capture
 * tests check what those packages really write. No network: the model answers from
 * `SCRIPTED_STEPS`, the same script as the AI SDK tests.
 */
import { LangChainInstrumentation as OpenInferenceInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { RunnableLambda, type RunnableConfig } from '@langchain/core/runnables';
import { tool, type StructuredToolInterface } from '@langchain/core/tools';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { LangChainInstrumentation as TraceloopInstrumentation } from '@traceloop/instrumentation-langchain';
import { z } from 'zod';
import { OSLO_ERROR, SCRIPTED_STEPS } from './ai-sdk.test-helpers.js';

export { OSLO_ERROR, SCRIPTED_STEPS, TOOL_RESULTS } from './ai-sdk.test-helpers.js';

/** The final answer of the script, after its tool-calling steps. */
const ANSWER = 'Sunny in Paris; no data for Oslo.';

/**
 * A chat model that answers with the next scripted message: an `AIMessage` with the tool calls
 * of one step of `SCRIPTED_STEPS` (all of a step in one message), then the answer.
 */
class ScriptedChatModel extends BaseChatModel {
  private step = 0;
  _llmType(): string {
    return 'scripted';
  }
  _generate(): Promise<ChatResult> {
    const calls = SCRIPTED_STEPS[this.step++];
    const message =
      calls === undefined
        ? new AIMessage(ANSWER)
        : new AIMessage({
            content: '',
            tool_calls: calls.map((c) => ({
              id: c.id,
              name: c.name,
              args: { ...c.args },
              type: 'tool_call' as const,
            })),
          });
    return Promise.resolve({ generations: [{ text: '', message }] });
  }
}

const tools = {
  get_weather: tool(
    ({ city }) => {
      if (city === 'Oslo') throw new Error(OSLO_ERROR);
      return Promise.resolve({ tempC: 21, city });
    },
    {
      name: 'get_weather',
      description: 'The weather in a city',
      schema: z.object({ city: z.string() }),
    },
  ),
  get_time: tool(({ tz }) => Promise.resolve(`12:00 ${tz}`), {
    name: 'get_time',
    description: 'The time in a time zone',
    schema: z.object({ tz: z.string() }),
  }),
};

/**
 * The agent loop as a LangChain app writes it: call the model, run the tool calls of its
 * message concurrently (`Promise.all`), feed the `ToolMessage`s back, until the model answers.
 * A tool that throws becomes an error `ToolMessage`, as LangGraph's `ToolNode` does.
 */
async function agentLoop(
  question: string,
  config: RunnableConfig | undefined,
  messages: BaseMessage[],
): Promise<string> {
  const model = new ScriptedChatModel({});
  messages.push(new HumanMessage(question));
  for (;;) {
    const ai = await model.invoke(messages, config);
    messages.push(ai);
    const calls = ai.tool_calls ?? [];
    if (calls.length === 0) return ai.text;
    const results = await Promise.all(
      calls.map(async (call) => {
        // One tool type for both: the scripted calls name only these two.
        const t = tools[call.name as keyof typeof tools] as StructuredToolInterface;
        try {
          return (await t.invoke({ ...call, type: 'tool_call' }, config)) as ToolMessage;
        } catch (e) {
          return new ToolMessage({
            content: `Error: ${(e as Error).message}`,
            tool_call_id: call.id ?? '',
            name: call.name,
            status: 'error',
          });
        }
      }),
    );
    messages.push(...results);
  }
}

const agent = RunnableLambda.from((question: string, config) =>
  agentLoop(question, config, []),
).withConfig({ runName: 'weather_agent' });

/**
 * The same agent loop untraced: the messages it leaves (the question, the AI messages with their
 * tool calls, the `ToolMessage`s, the answer), as a LangGraph state's `messages` holds them.
 */
export async function runLangChainMessages(): Promise<BaseMessage[]> {
  const messages: BaseMessage[] = [];
  await agentLoop('Weather and time in Paris, and the weather in Oslo?', undefined, messages);
  return messages;
}

/** The instrumentations a run can be traced by. */
export type LangChainTracing = 'openinference' | 'traceloop';

// Each instrumentation patches LangChain's callback manager once per module instance; a run
// points it at its own tracer provider. A test file uses one of them (both patched at once would
// both trace every run).
let openinference: OpenInferenceInstrumentation | undefined;
let traceloop: TraceloopInstrumentation | undefined;
let contextManagerSet = false;

function instrument(tracing: LangChainTracing, provider: BasicTracerProvider): void {
  if (!contextManagerSet) {
    // The context manager a Node app registers (NodeSDK does).
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    contextManagerSet = true;
  }
  if (tracing === 'openinference') {
    if (openinference === undefined) {
      openinference = new OpenInferenceInstrumentation();
      openinference.manuallyInstrument(CallbackManagerModule);
    }
    openinference.setTracerProvider(provider);
  } else {
    if (traceloop === undefined) {
      traceloop = new TraceloopInstrumentation();
      traceloop.manuallyInstrument({ callbackManagerModule: CallbackManagerModule });
    }
    traceloop.setTracerProvider(provider);
  }
}

/** The result of one scripted run. */
export interface LangChainRun {
  /** The finished spans as OTLP/JSON text, written by OpenTelemetry's own serializer. */
  readonly otlpJson: string;
  /** The agent's answer. */
  readonly answer: string;
}

/**
 * Run the LangChain agent loop traced by `tracing`. `processors` are registered besides the
 * in-memory exporter (a live capture under test).
 */
export async function runLangChainAgent(
  tracing: LangChainTracing,
  processors: SpanProcessor[] = [],
): Promise<LangChainRun> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter), ...processors],
  });
  instrument(tracing, provider);
  const answer = await agent.invoke('Weather and time in Paris, and the weather in Oslo?');
  await provider.forceFlush();
  const bytes = JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans());
  if (bytes === undefined) throw new Error('the OTLP serializer returned nothing');
  await provider.shutdown();
  return { otlpJson: new TextDecoder().decode(bytes), answer };
}

/**
 * `otlpJson` with the `ToolMessage` of the call `callId`, serialised in the attribute `key` of its
 * tool span (bare, or wrapped as `{"output": …}` as OpenInference writes it), marked
 * `status: "error"`: what a tool that reports its own failure (returns an error `ToolMessage`)
 * gives. Throws when no span holds that message.
 */
export function withErrorToolMessage(otlpJson: string, key: string, callId: string): string {
  interface Attr {
    key: string;
    value: { stringValue?: string };
  }
  const doc = JSON.parse(otlpJson) as {
    resourceSpans: { scopeSpans: { spans: { attributes: Attr[] }[] }[] }[];
  };
  let marked = 0;
  for (const rs of doc.resourceSpans)
    for (const ss of rs.scopeSpans)
      for (const span of ss.spans)
        for (const a of span.attributes) {
          const text = a.value.stringValue;
          if (a.key !== key || text === undefined || !text.startsWith('{')) continue;
          const out = JSON.parse(text) as Record<string, unknown>;
          const message = ('output' in out ? out['output'] : out) as {
            kwargs?: Record<string, unknown>;
          };
          if (message.kwargs?.['tool_call_id'] !== callId) continue;
          message.kwargs['status'] = 'error';
          a.value.stringValue = JSON.stringify(out);
          marked += 1;
        }
  if (marked !== 1) throw new Error(`expected one ToolMessage of ${callId}, found ${marked}`);
  return JSON.stringify(doc);
}
