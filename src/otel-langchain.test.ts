import { describe, expect, it } from 'vitest';
import { matchers } from '../matchers/index.js';
import {
  OSLO_ERROR,
  SCRIPTED_STEPS,
  TOOL_RESULTS,
  runLangChainAgent,
} from './import/langchain.test-helpers.js';
import { parseTrace } from './import/read.js';
import { createSpanCapture } from './otel.js';

expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
/** The matcher as `envtrace-js/vitest` types it (its declarations are for the package). */
interface TraceExpect {
  toFollowTrajectory(reference: unknown, options?: unknown): void;
}
const ex = (v: unknown) => expect(v) as unknown as TraceExpect & { not: TraceExpect };

describe('envtrace-js/otel: live capture of LangChain.js with OpenInference (real run)', () => {
  it('captures the scripted calls with their arguments; the matcher checks them', async () => {
    const capture = createSpanCapture();
    await runLangChainAgent('openinference', [capture]);
    const events = capture.events;
    expect(events.map((e) => [e.channel, e.value])).toEqual(
      SCRIPTED_STEPS.flat().map((c) => [c.name, c.args]),
    );
    // What the tools returned, under the key every agent importer uses.
    expect(events.map((e) => e.meta!['result'])).toEqual([
      TOOL_RESULTS['call-1'],
      TOOL_RESULTS['call-2'],
      undefined,
    ]);
    expect(events[2]!.meta!['status']).toBe('ERROR');
    expect(String(events[2]!.meta!['statusMessage'])).toContain(OSLO_ERROR);
    ex(events).toFollowTrajectory([
      { name: 'get_weather', arguments: { city: 'Paris' }, turn: 1 },
      { name: 'get_time', arguments: { tz: 'Europe/Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Oslo' }, turn: 2 },
    ]);
    // The two calls of one AIMessage are one turn: either order follows the run.
    ex([
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_weather', arguments: { city: 'Oslo' } },
    ]).toFollowTrajectory(events);
    // The arguments count: the text OpenInference records ("Paris") would not follow this.
    ex(events).not.toFollowTrajectory([
      { name: 'get_weather', arguments: 'Paris' },
      { name: 'get_time', arguments: 'Europe/Paris' },
      { name: 'get_weather', arguments: 'Oslo' },
    ]);
    ex(events).not.toFollowTrajectory([
      { name: 'get_weather', arguments: { city: 'Oslo' } },
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
    ]);
  });

  it('gives what importing the same spans OTLP/JSON export gives (one mapping)', async () => {
    const capture = createSpanCapture();
    const { otlpJson } = await runLangChainAgent('openinference', [capture]);
    expect(capture.events).toEqual(parseTrace(otlpJson).events);
  });
});
