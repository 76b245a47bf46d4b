import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/index.js';
import { OSLO_ERROR, SCRIPTED_STEPS, TOOL_RESULTS, runAiSdkAgent } from './ai-sdk.test-helpers.js';
import { detectFormat } from './registry.js';
import { parseTrace } from './read.js';

describe('otlp importer: Vercel AI SDK ai.toolCall spans (ai@6, real run)', () => {
  it('is detected as otlp and gives the scripted calls with parsed arguments, results and the error', async () => {
    const { otlpJson } = await runAiSdkAgent();
    expect(detectFormat(otlpJson).name).toBe('otlp');
    const events = parseTrace(otlpJson).events;
    const calls = SCRIPTED_STEPS.flat();
    expect(events.map((e) => [e.channel, e.value])).toEqual(calls.map((c) => [c.name, c.args]));
    for (const [i, c] of calls.entries()) {
      const meta = events[i]!.meta!;
      expect(meta['toolCallId']).toBe(c.id);
      expect(meta['name']).toBe('ai.toolCall');
      if (c.id in TOOL_RESULTS) {
        expect(meta['result']).toEqual(TOOL_RESULTS[c.id]);
        expect(meta['status']).not.toBe('ERROR');
      } else {
        expect(meta).not.toHaveProperty('result');
        expect(meta).toMatchObject({
          status: 'ERROR',
          statusMessage: OSLO_ERROR,
          errorType: 'Error',
        });
      }
    }
  });

  it('groups the calls of one model step (ai.response.toolCalls), not by start time', async () => {
    const { otlpJson } = await runAiSdkAgent();
    const events = parseTrace(otlpJson).events;
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(typeof groups[0]).toBe('string');
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).not.toBe(groups[0]);
    // As the reference of strict mode, the calls of one step may come in either order; the
    // step of the Oslo call must come after. One millisecond between the two calls of step 1
    // does not split it: the grouping comes from the step span, not from the start times.
    const shifted = events.map((e, i) => (i === 1 ? { ...e, timestamp: e.timestamp + 0.001 } : e));
    const swapped = [
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_weather', arguments: { city: 'Oslo' } },
    ];
    expect(matchTrajectory(shifted, swapped).pass).toBe(true);
    expect(matchTrajectory(shifted, [swapped[2]!, swapped[0]!, swapped[1]!]).pass).toBe(false);
    const ungrouped = shifted.map((e) => ({
      ...e,
      meta: { ...e.meta, parallel_group: undefined },
    }));
    expect(matchTrajectory(ungrouped, swapped).pass).toBe(false);
  });
});

describe('otlp importer: Vercel AI SDK streamText spans (ai@6, real run)', () => {
  it('reads the calls (children of ai.streamText.doStream there) grouped by their step', async () => {
    const { otlpJson } = await runAiSdkAgent([], { stream: true });
    expect(detectFormat(otlpJson).name).toBe('otlp');
    const events = parseTrace(otlpJson).events;
    expect(events.map((e) => [e.channel, e.value])).toEqual(
      SCRIPTED_STEPS.flat().map((c) => [c.name, c.args]),
    );
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(groups[0]).toBe(events[0]!.meta!['parentSpanId']);
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).not.toBe(groups[0]);
    expect(events[2]!.meta).toMatchObject({ status: 'ERROR', statusMessage: OSLO_ERROR });
  });
});

describe('openai importer: Vercel AI SDK response.messages (ai@6, real run)', () => {
  it('reads tool-call parts with their results and the error, one group per assistant message', async () => {
    const { messages } = await runAiSdkAgent();
    const text = JSON.stringify(messages);
    expect(detectFormat(text).name).toBe('openai');
    const events = parseTrace(text).events;
    const calls = SCRIPTED_STEPS.flat();
    expect(events.map((e) => [e.channel, e.value])).toEqual(calls.map((c) => [c.name, c.args]));
    expect(events.map((e) => e.meta)).toEqual([
      {
        message: 0,
        parallel_group: 0,
        toolCallId: 'call-1',
        result: TOOL_RESULTS['call-1'],
        outputType: 'json',
      },
      {
        message: 0,
        parallel_group: 0,
        toolCallId: 'call-2',
        result: TOOL_RESULTS['call-2'],
        outputType: 'text',
      },
      {
        message: 2,
        parallel_group: 2,
        toolCallId: 'call-3',
        error: OSLO_ERROR,
        outputType: 'error-text',
      },
    ]);
    expect(events.map((e) => e.timestamp)).toEqual([0, 0, 2]);
  });
});
