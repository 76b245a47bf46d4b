import { describe, expect, it } from 'vitest';
import { matchers } from '../matchers/index.js';
import { OSLO_ERROR, SCRIPTED_STEPS, runAiSdkAgent } from './import/ai-sdk.test-helpers.js';
import { parseTrace } from './import/read.js';
import { createSpanCapture } from './otel.js';

expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
/** The two matchers as `envtrace-js/vitest` types them (its declarations are for the package). */
interface TraceExpect {
  toFollowTrajectory(reference: unknown, options?: unknown): void;
  toMatchTraceBehavior(golden: unknown, options?: unknown): void;
}
const ex = (v: unknown) => expect(v) as unknown as TraceExpect & { not: TraceExpect };

describe('envtrace-js/otel: live capture of the Vercel AI SDK (ai@6, real run)', () => {
  it('captures the scripted calls; the matchers check them with no export step', async () => {
    const capture = createSpanCapture();
    await runAiSdkAgent([capture]);
    const events = capture.events;
    expect(events.map((e) => [e.channel, e.value])).toEqual(
      SCRIPTED_STEPS.flat().map((c) => [c.name, c.args]),
    );
    expect(events[2]!.meta).toMatchObject({ status: 'ERROR', statusMessage: OSLO_ERROR });
    // The two calls of step 1 form one turn of the reference: either order follows it.
    ex([
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_weather', arguments: { city: 'Oslo' } },
    ]).toFollowTrajectory(events);
    ex(events).toFollowTrajectory([
      { name: 'get_weather', arguments: { city: 'Paris' }, turn: 1 },
      { name: 'get_time', arguments: { tz: 'Europe/Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Oslo' }, turn: 2 },
    ]);
    ex(events).not.toFollowTrajectory([{ name: 'get_weather', arguments: { city: 'Oslo' } }]);
    // A golden recorded from an earlier run (its OTLP/JSON export) against this live run; the
    // runs' wall-clock timings differ, so the calls and their arguments alone decide.
    const golden = parseTrace((await runAiSdkAgent()).otlpJson);
    const callsOnly = {
      aggregation: { weights: { discrete: 1, timing: 0 } },
      requireAccuracy: false,
      minScore: 1,
    };
    ex({ events }).toMatchTraceBehavior(golden, callsOnly);
    ex({ events: events.slice(0, 2) }).not.toMatchTraceBehavior(golden, callsOnly);
  });

  it('gives what importing the same spans OTLP/JSON export gives (one mapping)', async () => {
    const capture = createSpanCapture();
    const { otlpJson } = await runAiSdkAgent([capture]);
    expect(capture.events).toEqual(parseTrace(otlpJson).events);
  });

  it('streamText: the calls end before their step span, and are still grouped by it', async () => {
    const capture = createSpanCapture();
    const { otlpJson } = await runAiSdkAgent([capture], { stream: true });
    const events = capture.events;
    expect(events).toEqual(parseTrace(otlpJson).events);
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([
      events[0]!.meta!['parentSpanId'],
      events[0]!.meta!['parentSpanId'],
      events[2]!.meta!['parentSpanId'],
    ]);
  });

  it('clear() forgets the captured spans; conventions limit what is read', async () => {
    const capture = createSpanCapture({ conventions: ['genai'] });
    await runAiSdkAgent([capture]);
    expect(capture.events).toEqual([]);
    const all = createSpanCapture();
    await runAiSdkAgent([all]);
    expect(all.events).toHaveLength(3);
    all.clear();
    expect(all.events).toEqual([]);
  });

  it('a malformed tool span fails the read of events, naming the span, not the agent', () => {
    const capture = createSpanCapture();
    capture.onEnd({
      name: 'ai.toolCall',
      spanContext: () => ({ traceId: 't', spanId: 's1' }),
      startTime: [1, 0],
      endTime: [1, 5],
      status: { code: 0 },
      attributes: { 'ai.toolCall.name': 7 },
      events: [],
    });
    expect(() => capture.events).toThrow(
      'span "ai.toolCall" s1: "ai.toolCall.name": expected a string value for "ai.toolCall.name"',
    );
  });
});
