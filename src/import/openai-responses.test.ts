/**
 * The OpenAI Responses API's own input list, as a tool loop with the `openai` client builds it
 * (pinned devDependency, against a stub server on 127.0.0.1): the question, `response.output`
 * (the model's `function_call` items, as the SDK returns them), one `function_call_output` per
 * call, then the answer. Read by the `openai` importer's history reader.
 */
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { response } from '../../test/support/openai-replies.cjs';
import { startJsonStub, type StubServer } from '../../test/support/stub-server.js';
import { matchTrajectory } from '../trajectory/match.js';
import { parseTrace } from './read.js';

/** The model's calls in its first response (two in parallel), and what each tool returns. */
const CALLS = [
  { call_id: 'call_1', name: 'get_weather', args: { city: 'Paris' }, output: '{"tempC":21}' },
  { call_id: 'call_2', name: 'get_time', args: { tz: 'Europe/Paris' }, output: '12:00' },
] as const;

let stub: StubServer;
let client: OpenAI;
let answered = 0;

beforeAll(async () => {
  stub = await startJsonStub(() => {
    // The first response makes both calls (in parallel), the second answers.
    const n = ++answered;
    return response(
      n === 1
        ? { calls: CALLS.map((c) => ({ id: c.call_id, name: c.name, args: c.args })) }
        : { text: 'Sunny, 21 °C, noon.' },
      n,
    );
  });
  client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${stub.origin}/v1`, maxRetries: 0 });
});

afterAll(() => stub.close());

/** The tool loop of OpenAI's function-calling guide, keeping its input list. */
async function toolLoop(): Promise<ResponseInputItem[]> {
  const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather and time in Paris?' }];
  for (;;) {
    const response = await client.responses.create({ model: 'gpt-stub', input });
    input.push(...(response.output as ResponseInputItem[]));
    const calls = response.output.filter((o) => o.type === 'function_call');
    if (calls.length === 0) return input;
    for (const call of calls) {
      const output = CALLS.find((c) => c.call_id === call.call_id)!.output;
      input.push({ type: 'function_call_output', call_id: call.call_id, output });
    }
  }
}

describe('openai importer: a Responses API input list (function_call / function_call_output)', () => {
  it('one event per call, with its call_id and what the tool returned', async () => {
    const input = await toolLoop();
    const trace = parseTrace(JSON.stringify(input));
    const events = trace.events;
    expect(events.map((e) => [e.channel, e.value, e.meta!['callId'], e.meta!['result']])).toEqual([
      ['get_weather', { city: 'Paris' }, 'call_1', { tempC: 21 }],
      ['get_time', { tz: 'Europe/Paris' }, 'call_2', '12:00'],
    ]);
    // The two calls of one response are one turn.
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([1, 1]);
    const reference = CALLS.map((c) => ({ name: c.name, arguments: c.args, turn: 1 }));
    expect(
      matchTrajectory(
        reference,
        events.map((e) => ({ ...e })),
      ).pass,
    ).toBe(true);
  });
});
