/**
 * `openai-agents` importer on the trace export the real SDK sends (`@openai/agents-core` and
 * `@openai/agents-openai` 0.11.2, pinned: later versions need Node 22): the SDK's own models
 * against a scripted stub on 127.0.0.1, its `OpenAITracingExporter` POSTing to the same stub.
 */
import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/index.js';
import { detectFormat } from './registry.js';
import { parseTrace } from './read.js';
import { STEPS, tracedAgentRun } from './openai-agents-trace.test-helpers.js';
import type { ImportWarning } from './warnings.js';
import { thrown } from './fixtures.test-helpers.js';
import { openaiAgentsImporter } from './openai-agents-trace.js';

/** The calls that run as tools (the last step hands off to another agent: no function span). */
const TOOL_STEPS = STEPS.slice(0, 2);

describe.each(['responses', 'chat'] as const)(
  'openai-agents importer: the SDK trace export (%s model)',
  (api) => {
    it('reads every function span as the call the script made, grouped by model step', async () => {
      const run = await tracedAgentRun(api);
      expect(run.finalOutput).toBe('Done.');
      expect(run.bodies).toHaveLength(1);
      const text = run.bodies[0]!;
      expect(detectFormat(text).name).toBe('openai-agents');
      const warnings: ImportWarning[] = [];
      const events = openaiAgentsImporter.parse(text, { warn: (w) => warnings.push(w) });
      expect(parseTrace(text).events).toEqual(events);
      const calls = TOOL_STEPS.flat();
      expect(events.map((e) => [e.channel, e.value])).toEqual(calls.map((c) => [c.name, c.args]));
      expect(events[0]!.meta!['result']).toEqual({ tempC: 21, city: 'Paris' });
      expect(events[1]!.meta!['result']).toBe('12:00 Europe/Paris');
      // A thrown tool: the SDK gives the model a text output and marks the span with an error.
      expect(events[2]!.meta!['result']).toMatch(/no weather data for Oslo/);
      expect(events[2]!.meta!['error']).toBe('Error running tool (non-fatal)');
      expect(events[2]!.meta!['errorData']).toEqual({
        tool_name: 'get_weather',
        error: 'Error: no weather data for Oslo',
      });
      expect(events[0]!.meta!['error']).toBeUndefined();
      // Times from started_at (milliseconds), relative to the first call; durations from ended_at.
      expect(events[0]!.timestamp).toBe(0);
      for (const e of events) {
        expect(e.timestamp).toBeGreaterThanOrEqual(0);
        expect(e.meta!['duration']).toBeGreaterThanOrEqual(0);
        expect(e.meta!['spanId']).toMatch(/^span_/);
      }
      expect(events[2]!.timestamp).toBeGreaterThanOrEqual(events[1]!.timestamp);
      // One group per model response: the span of that response (response / generation).
      const doc = JSON.parse(text) as { data: Array<Record<string, unknown>> };
      const modelSpans = doc.data
        .filter((d) => {
          const t = (d['span_data'] as { type?: string } | undefined)?.type;
          return t === 'response' || t === 'generation';
        })
        .map((d) => d['id']);
      const groups = events.map((e) => e.meta!['parallel_group']);
      expect(groups).toEqual([modelSpans[0], modelSpans[0], modelSpans[1]]);
      // The hand-off span is the one span not read; it is reported.
      expect(warnings).toEqual([
        expect.objectContaining({
          code: 'unrecognised-span',
          message: 'a "handoff" span is not a tool call (only function spans are read)',
        }),
      ]);
      // Parallel calls: their order within the step does not matter in strict mode.
      const swapped = [calls[1]!, calls[0]!, calls[2]!].map((c) => ({
        name: c.name,
        arguments: c.args,
      }));
      expect(matchTrajectory(events, swapped).pass).toBe(true);
      expect(matchTrajectory(events, [...swapped].reverse()).pass).toBe(false);
    });
  },
);

describe('openai-agents importer: inputs the SDK does not write', () => {
  const span = (over: Record<string, unknown>) => ({
    object: 'trace.span',
    id: 'span_1',
    trace_id: 'trace_1',
    parent_id: null,
    started_at: '2026-12-01T10:00:00.000Z',
    ended_at: '2026-12-01T10:00:00.250Z',
    span_data: { type: 'function', name: 'search', input: '{"q":"a"}', output: 'ok' },
    error: null,
    ...over,
  });

  it('keeps arguments that are not JSON as text, with the reason', () => {
    const text = JSON.stringify({
      data: [span({ span_data: { type: 'function', name: 'search', input: '{oops' } })],
    });
    const [e] = parseTrace(text).events;
    expect(e!.value).toBe('{oops');
    expect(e!.meta!['argumentsError']).toMatch(/^not valid JSON/);
    expect(e!.meta!['duration']).toBe(0.25);
  });

  it('gives no group without model spans (a custom Model)', () => {
    const text = JSON.stringify({ data: [span({}), span({ id: 'span_2' })] });
    expect(parseTrace(text).events.map((e) => e.meta!['parallel_group'])).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('groups a function span under a model span by its parent', () => {
    const text = JSON.stringify({
      data: [
        span({ id: 'span_m', span_data: { type: 'response', response_id: 'resp_1' } }),
        span({ id: 'span_2', parent_id: 'span_m' }),
      ],
    });
    expect(parseTrace(text).events[0]!.meta!['parallel_group']).toBe('span_m');
  });

  it('says what it found when no span is a function span', () => {
    const text = JSON.stringify({
      data: [
        { object: 'trace', id: 'trace_1', workflow_name: 'w' },
        span({ span_data: { type: 'agent', name: 'a' } }),
        span({ id: 'span_2', span_data: { type: 'handoff', from_agent: 'a', to_agent: 'b' } }),
      ],
    });
    expect(thrown(() => parseTrace(text, { file: 'x.json' })).message).toBe(
      'x.json: no events: 3 @openai/agents trace items (trace, agent span, handoff span), no function span',
    );
  });

  it('names the field of a malformed span', () => {
    const text = JSON.stringify({ data: [span({ started_at: 'yesterday' })] });
    expect(thrown(() => parseTrace(text, { file: 'x.json' })).message).toBe(
      'x.json: data[0].started_at: expected an ISO 8601 date-time (2026-01-20T09:15:00.000Z), got "yesterday"',
    );
  });

  it('explains a look-alike that has no trace or span objects', () => {
    const text = JSON.stringify({ data: [{ span_data: { type: 'function' } }] });
    expect(thrown(() => detectFormat(text)).message).toMatch(
      /looks like an @openai\/agents trace export \(\{"data": \[\.\.\.\]\}\), but no item has "object": "trace\.span" or "trace" \(found null\)/,
    );
  });
});
