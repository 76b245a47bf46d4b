import { context, trace, type Tracer } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/index.js';
import { createSpanCapture } from '../otel.js';
import { parseTrace } from './read.js';
import { importerByName } from './registry.js';
import { formatWarning } from './warnings.js';

/** The calls of each model step, as an agent following the GenAI conventions records them. */
const STEPS = [
  [
    { id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' } },
    { id: 'call-2', name: 'get_time', arguments: { tz: 'Europe/Paris' } },
  ],
  [{ id: 'call-3', name: 'get_weather', arguments: { city: 'Oslo', days: 2, scale: 1.5 } }],
];

/** A call the model asks for that no tool span runs (`runGenAiAgent`'s `unran`). */
const UNRAN = { id: 'call-4', name: 'book_hotel', arguments: { city: 'Oslo' } };

/**
 * An agent run recorded with the OpenTelemetry SDK itself, spans as the GenAI semantic
 * conventions describe them (no JS agent framework we test writes the `tool_call` parts yet):
 * an `invoke_agent` span; per step a `chat` span whose `gen_ai.output.messages` lists the tool
 * calls, then one `execute_tool` span per call, all children of the agent span. `withIds: false`
 * leaves `gen_ai.tool.call.id` out of the tool spans, `withArguments: false` their
 * `gen_ai.tool.call.arguments`; `unran` adds a last step whose call no tool span runs (the run
 * stopped there, or the tool is not instrumented).
 */
async function runGenAiAgent(
  processors: SpanProcessor[] = [],
  { withIds = true, withArguments = true, unran = false } = {},
) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter), ...processors],
  });
  const tracer: Tracer = provider.getTracer('genai-agent');
  const agent = tracer.startSpan('invoke_agent weather', {
    attributes: { 'gen_ai.operation.name': 'invoke_agent' },
  });
  const inAgent = trace.setSpan(context.active(), agent);
  const steps = unran ? [...STEPS, [UNRAN]] : STEPS;
  for (const [k, step] of steps.entries()) {
    const chat = tracer.startSpan(
      'chat scripted',
      { attributes: { 'gen_ai.operation.name': 'chat' } },
      inAgent,
    );
    chat.setAttribute(
      'gen_ai.output.messages',
      JSON.stringify([
        {
          role: 'assistant',
          parts: step.map((c) => ({ type: 'tool_call', ...c })),
          finish_reason: 'tool_call',
        },
      ]),
    );
    chat.end();
    if (k === STEPS.length) break;
    // The calls of a step run concurrently: their spans start a few ms apart, in any order.
    const spans = step.map((c) => {
      const s = tracer.startSpan(
        `execute_tool ${c.name}`,
        {
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': c.name,
            ...(withArguments ? { 'gen_ai.tool.call.arguments': JSON.stringify(c.arguments) } : {}),
            ...(withIds ? { 'gen_ai.tool.call.id': c.id } : {}),
          },
        },
        inAgent,
      );
      return s;
    });
    await new Promise((r) => setTimeout(r, 2));
    for (const s of spans.reverse()) s.end();
  }
  agent.end();
  await provider.forceFlush();
  const bytes = JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans());
  if (bytes === undefined) throw new Error('the OTLP serializer returned nothing');
  await provider.shutdown();
  return new TextDecoder().decode(bytes);
}

describe('otlp importer: parallel GenAI execute_tool calls (spans written by the OTel SDK)', () => {
  it('groups the calls a chat span lists in gen_ai.output.messages, by call id', async () => {
    const events = parseTrace(await runGenAiAgent()).events;
    const pairs = events.map((e) => [e.channel, e.value]);
    const script = STEPS.map((step) => step.map((c) => [c.name, c.arguments]));
    // The two calls of step 1 start within the same millisecond: either comes first.
    expect(pairs.slice(0, 2)).toHaveLength(2);
    expect(pairs.slice(0, 2)).toEqual(expect.arrayContaining(script[0]!));
    expect(pairs.slice(2)).toEqual(script[1]);
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(typeof groups[0]).toBe('string');
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).not.toBe(groups[0]);
    expect(typeof groups[2]).toBe('string');
    // One parent for all three (the agent span): the group is the model step, not the parent.
    expect(new Set(events.map((e) => e.meta!['parentSpanId'])).size).toBe(1);
    const swapped = [
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_weather', arguments: { city: 'Oslo', days: 2, scale: 1.5 } },
    ];
    expect(matchTrajectory(events, swapped).pass).toBe(true);
    expect(matchTrajectory(events, [swapped[2]!, swapped[0]!, swapped[1]!]).pass).toBe(false);
  });

  it('without call ids, joins each call by tool name and arguments to its step', async () => {
    const withIds = parseTrace(await runGenAiAgent()).events;
    const events = parseTrace(await runGenAiAgent([], { withIds: false })).events;
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).not.toBe(groups[0]);
    expect(groups.every((g) => typeof g === 'string')).toBe(true);
    const byName = (es: typeof events) =>
      es.map((e) => JSON.stringify([e.channel, e.value])).sort();
    expect(byName(events)).toEqual(byName(withIds));
    // Reference mode keeps Python number kinds (1.5 a float object): the join still holds.
    const ref = parseTrace(await runGenAiAgent([], { withIds: false }), { mode: 'reference' });
    expect(ref.events.map((e) => typeof e.meta!['parallel_group'])).toEqual([
      'string',
      'string',
      'string',
    ]);
  });

  it('the live capture groups them the same way', async () => {
    const capture = createSpanCapture();
    const otlpJson = await runGenAiAgent([capture]);
    expect(capture.events).toEqual(parseTrace(otlpJson).events);
    expect(typeof capture.events[0]!.meta!['parallel_group']).toBe('string');
    expect(capture.events[1]!.meta!['parallel_group']).toBe(
      capture.events[0]!.meta!['parallel_group'],
    );
  });

  it('a tool span without its arguments takes them from the call its step lists', async () => {
    const full = parseTrace(await runGenAiAgent()).events;
    const events = parseTrace(await runGenAiAgent([], { withArguments: false })).events;
    // The two calls of step 1 start within the same millisecond: compared in any order.
    const calls = (es: typeof events) => es.map((e) => JSON.stringify([e.channel, e.value])).sort();
    expect(calls(events)).toEqual(calls(full));
    expect(events.map((e) => e.meta!['argumentsFrom'])).toEqual(['model', 'model', 'model']);
    expect(full.map((e) => e.meta!['argumentsFrom'])).toEqual([undefined, undefined, undefined]);
  });

  it('a call a step lists that no tool span ran is warned, not read', async () => {
    const text = await runGenAiAgent([], { unran: true });
    const warnings: string[] = [];
    const imported = importerByName('otlp').parse(text, {
      warn: (w) => warnings.push(formatWarning(w)),
    });
    expect(imported.map((e) => e.channel).sort()).toEqual(
      STEPS.flat()
        .map((c) => c.name)
        .sort(),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[\d+\]: the model span "chat scripted" lists a call of "book_hotel" \(id "call-4"\) that no tool span of the input ran: not read as a call \(unmapped-record\)$/,
    );
    const none: string[] = [];
    importerByName('otlp').parse(await runGenAiAgent(), {
      warn: (w) => none.push(formatWarning(w)),
    });
    expect(none).toEqual([]);
  });
});
