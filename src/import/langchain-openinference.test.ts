import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/index.js';
import {
  OSLO_ERROR,
  SCRIPTED_STEPS,
  TOOL_RESULTS,
  runLangChainAgent,
  withErrorToolMessage,
} from './langchain.test-helpers.js';
import { detectFormat } from './registry.js';
import { parseTrace } from './read.js';

describe('openinference importer: LangChain.js (@langchain/core 1.4.0, real run)', () => {
  it('gives the scripted calls: arguments as the tools received them, results unwrapped', async () => {
    const { otlpJson, answer } = await runLangChainAgent('openinference');
    expect(answer).toBe('Sunny in Paris; no data for Oslo.');
    expect(detectFormat(otlpJson).name).toBe('openinference');
    const events = parseTrace(otlpJson).events;
    const calls = SCRIPTED_STEPS.flat();
    // OpenInference records {city: "Paris"} as the text "Paris": the arguments come from the
    // model call the LLM span lists, joined by id (or by name and input for the failed call).
    expect(events.map((e) => [e.channel, e.value])).toEqual(calls.map((c) => [c.name, c.args]));
    for (const [i, c] of calls.entries()) {
      const meta = events[i]!.meta!;
      expect(meta['toolId']).toBe(c.id);
      expect(meta).not.toHaveProperty('inputError');
      if (c.id in TOOL_RESULTS) {
        expect(meta['result']).toEqual(TOOL_RESULTS[c.id]);
        expect(meta['status']).toBe('OK');
        expect(meta).not.toHaveProperty('resultStatus');
      } else {
        expect(meta).not.toHaveProperty('result');
        expect(meta['status']).toBe('ERROR');
        expect(String(meta['statusMessage'])).toMatch(new RegExp(`^${OSLO_ERROR}`));
      }
    }
  });

  it('a ToolMessage with status "error" gives resultStatus "error", next to its result', async () => {
    const { otlpJson } = await runLangChainAgent('openinference');
    const events = parseTrace(withErrorToolMessage(otlpJson, 'output.value', 'call-1')).events;
    expect(events[0]!.meta).toMatchObject({
      toolId: 'call-1',
      result: TOOL_RESULTS['call-1'],
      resultStatus: 'error',
    });
    expect(events[1]!.meta).not.toHaveProperty('resultStatus');
  });

  it('groups the calls of one AIMessage by its LLM span, not by start time', async () => {
    const { otlpJson } = await runLangChainAgent('openinference');
    const events = parseTrace(otlpJson).events;
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(typeof groups[0]).toBe('string');
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).not.toBe(groups[0]);
    expect(typeof groups[2]).toBe('string');
    // All three tool spans share one parent (the agent chain): the group is the model step.
    expect(new Set(events.map((e) => e.meta!['parentSpanId'])).size).toBe(1);
    const shifted = events.map((e, i) => (i === 1 ? { ...e, timestamp: e.timestamp + 0.001 } : e));
    const swapped = [
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_weather', arguments: { city: 'Oslo' } },
    ];
    expect(matchTrajectory(shifted, swapped).pass).toBe(true);
    expect(matchTrajectory(shifted, [swapped[2]!, swapped[0]!, swapped[1]!]).pass).toBe(false);
  });

  it('without the LLM spans, keeps what the tool spans say (the collapsed text)', async () => {
    const { otlpJson } = await runLangChainAgent('openinference');
    const doc = JSON.parse(otlpJson) as {
      resourceSpans: {
        scopeSpans: { spans: { attributes: { key: string; value: unknown }[] }[] }[];
      }[];
    };
    for (const rs of doc.resourceSpans)
      for (const ss of rs.scopeSpans)
        ss.spans = ss.spans.filter(
          (s) =>
            !s.attributes.some(
              (a) =>
                a.key === 'openinference.span.kind' &&
                JSON.stringify(a.value) === '{"stringValue":"LLM"}',
            ),
        );
    const events = parseTrace(JSON.stringify(doc)).events;
    expect(events.map((e) => e.value)).toEqual(['Paris', 'Europe/Paris', 'Oslo']);
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([undefined, undefined, undefined]);
    // The ids of the successful calls are still read from their ToolMessages.
    expect(events.map((e) => e.meta!['toolId'])).toEqual(['call-1', 'call-2', undefined]);
  });
});
