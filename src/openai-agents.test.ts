/**
 * `envtrace-js/openai-agents` on a real run: `@openai/agents-core` and `@openai/agents-openai`
 * 0.11.2 (pinned devDependencies), the SDK's own models against a scripted stub on 127.0.0.1, the
 * capture registered with `addTraceProcessor` beside the SDK's exporting processor, so the
 * capture and the SDK's own export describe the same run.
 */
import {
  BatchTraceProcessor,
  setTraceProcessors,
  setTracingDisabled,
  withFunctionSpan,
  withTrace,
  type TracingProcessor,
} from '@openai/agents-core';
import { OpenAITracingExporter } from '@openai/agents-openai';
import { describe, expect, it } from 'vitest';
import { startJsonStub } from '../test/support/stub-server.js';
import { matchers } from '../matchers/index.js';
import { TraceError } from './errors.js';
import { openaiAgentsImporter } from './import/openai-agents-trace.js';
import { STEPS, tracedAgentRun } from './import/openai-agents-trace.test-helpers.js';
import { parseTrace } from './import/read.js';
import type { ImportWarning } from './import/warnings.js';
import { createAgentsCapture } from './openai-agents.js';
import { PyFloat } from './py/value.js';
import { matchTrajectory } from './trajectory/index.js';

expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
/** The matcher as `envtrace-js/vitest` types it (its declarations are for the package). */
interface TraceExpect {
  toFollowTrajectory(reference: unknown, options?: unknown): void;
}
const ex = (v: unknown) => expect(v) as unknown as TraceExpect & { not: TraceExpect };

/** The calls that run as tools (the last step hands off to another agent: no function span). */
const TOOL_STEPS = STEPS.slice(0, 2);
const REFERENCE = TOOL_STEPS.flatMap((calls, i) =>
  calls.map((c) => ({ name: c.name, arguments: c.args, turn: i + 1 })),
);

describe.each(['responses', 'chat'] as const)(
  'envtrace-js/openai-agents: live capture of a real run (%s model)',
  (api) => {
    it('captures the calls the export gives, with no export step', async () => {
      const capture = createAgentsCapture();
      // The SDK's own processor type: the structural capture fits it.
      const processor: TracingProcessor = capture;
      const run = await tracedAgentRun(api, processor);
      expect(run.finalOutput).toBe('Done.');
      const events = capture.events;
      expect(events.map((e) => [e.channel, e.value])).toEqual(
        TOOL_STEPS.flat().map((c) => [c.name, c.args]),
      );
      // The thrown tool: the SDK's error on the span, its text output as the result.
      expect(events[2]!.meta).toMatchObject({
        error: 'Error running tool (non-fatal)',
        errorData: { tool_name: 'get_weather', error: 'Error: no weather data for Oslo' },
      });
      expect(events[2]!.meta!['result']).toMatch(/no weather data for Oslo/);
      // The same events, warnings included, as the import of the SDK's export of this run.
      expect(run.bodies).toHaveLength(1);
      const imported: ImportWarning[] = [];
      const fromExport = openaiAgentsImporter.parse(run.bodies[0]!, {
        warn: (w) => imported.push(w),
      });
      expect(events).toEqual(fromExport);
      expect(capture.warnings.map((w) => [w.code, w.message, w.path])).toEqual(
        imported.map((w) => [w.code, w.message, w.path]),
      );
      expect(capture.warnings).toEqual([
        expect.objectContaining({
          code: 'unrecognised-span',
          message: 'a "handoff" span is not a tool call (only function spans are read)',
          file: '@openai/agents capture',
        }),
      ]);
      // `data` written as a file is an export the importer reads, to the same events.
      expect(parseTrace(JSON.stringify({ data: capture.data })).events).toEqual(events);

      // One model response is one group: the matcher lets its calls come in either order.
      const groups = events.map((e) => e.meta!['parallel_group']);
      expect(groups[0]).toBe(groups[1]);
      expect(groups[2]).not.toBe(groups[0]);
      ex(events).toFollowTrajectory(REFERENCE);
      const swapped = [REFERENCE[1]!, REFERENCE[0]!, REFERENCE[2]!].map(({ turn: _, ...c }) => c);
      expect(matchTrajectory(events, swapped).pass).toBe(true);
      expect(matchTrajectory(events, [...swapped].reverse()).pass).toBe(false);
      ex(events).not.toFollowTrajectory([{ name: 'get_weather', arguments: { city: 'Oslo' } }]);

      capture.clear();
      expect(capture.events).toEqual([]);
      expect(capture.warnings).toEqual([]);
      expect(capture.data).toEqual([]);
    });
  },
);

describe('envtrace-js/openai-agents: what the SDK exporter shortens', () => {
  it("keeps a tool output over the exporter's 100 kB field limit whole", async () => {
    const stub = await startJsonStub(() => ({}));
    const endpoint = `${stub.origin}/v1/traces/ingest`;
    const exporter = new OpenAITracingExporter({ apiKey: 'sk-stub', endpoint, maxRetries: 1 });
    const processor = new BatchTraceProcessor(exporter, { scheduleDelay: 60_000 });
    const capture = createAgentsCapture();
    setTraceProcessors([processor, capture]);
    setTracingDisabled(false);
    const output = 'x'.repeat(150_000);
    try {
      await withTrace('dump', () =>
        withFunctionSpan(
          (span) => {
            span.spanData.output = output;
            return Promise.resolve();
          },
          { data: { name: 'dump', input: '{"what":"all"}' } },
        ),
      );
      await processor.forceFlush();
    } finally {
      setTracingDisabled(true);
      setTraceProcessors([]);
      await stub.close();
    }
    const bodies = stub.requests.map((r) => r.body);
    expect(bodies).toHaveLength(1);
    const exported = openaiAgentsImporter.parse(bodies[0]!, {})[0]!.meta!['result'] as string;
    expect(exported.length).toBeLessThan(100_000);
    expect(capture.events.map((e) => [e.channel, e.value, e.meta!['result']])).toEqual([
      ['dump', { what: 'all' }, output],
    ]);
  });
});

describe('envtrace-js/openai-agents: spans the SDK does not write', () => {
  const item = (json: object | null) => ({ toJSON: () => json });
  /** Span `span_1` of trace `trace_1`, 100 ms long, with this `span_data`. */
  const functionSpan = (spanData: object) =>
    item({
      object: 'trace.span',
      id: 'span_1',
      trace_id: 'trace_1',
      parent_id: null,
      started_at: '2026-01-20T09:15:00.000Z',
      ended_at: '2026-01-20T09:15:00.100Z',
      span_data: spanData,
      error: null,
    });

  it('keeps a malformed span without failing the agent; reading the events names it', async () => {
    const capture = createAgentsCapture();
    await capture.onTraceStart(item({ object: 'trace', id: 'trace_1', workflow_name: 'w' }));
    await capture.onSpanEnd(functionSpan({ type: 'function', input: '{}' }));
    const err = (() => {
      try {
        return capture.events;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(TraceError);
    expect((err as Error).message).toBe(
      '@openai/agents capture: data[1].span_data.name: required (the tool name)',
    );
  });

  it('reads values as parseTrace does in the mode given', async () => {
    const span = functionSpan({ type: 'function', name: 'set', input: '{"v": 1.0}', output: null });
    const reference = createAgentsCapture({ mode: 'reference' });
    const plain = createAgentsCapture();
    await reference.onSpanEnd(span);
    await plain.onSpanEnd(span);
    expect((reference.events[0]!.value as { v: unknown }).v).toEqual(new PyFloat(1));
    expect(plain.events[0]!.value).toEqual({ v: 1 });
  });

  it('skips the no-op items of disabled tracing (toJSON() null)', async () => {
    const capture = createAgentsCapture();
    await capture.onTraceStart(item(null));
    await capture.onSpanEnd(item(null));
    expect(capture.data).toEqual([]);
    expect(capture.events).toEqual([]);
  });
});
