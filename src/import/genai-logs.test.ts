import { beforeAll, describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/match.js';
import { thrown } from './fixtures.test-helpers.js';
import { runInstrumentedOpenAI, type InstrumentedRun } from './genai-logs.test-helpers.js';
import { otlpImporter } from './otlp.js';
import { parseTrace } from './read.js';
import { detectFormat } from './registry.js';
import { formatWarning } from './warnings.js';

let run: InstrumentedRun;
let responses: InstrumentedRun;
beforeAll(() => {
  run = runInstrumentedOpenAI('chat');
  responses = runInstrumentedOpenAI('responses');
});

/** The events of `text` and its warnings as lines. */
function read(text: string) {
  const warnings: string[] = [];
  const events = otlpImporter.parse(text, {
    file: 'logs.json',
    warn: (w) => warnings.push(formatWarning(w)),
  });
  return { events, warnings };
}

/** A logs document of hand-written records (bad inputs only). */
function logs(records: object[]): string {
  return JSON.stringify({
    resourceLogs: [{ resource: {}, scopeLogs: [{ scope: { name: 'x' }, logRecords: records }] }],
  });
}

/** A record of event `name` with this body (already in OTLP AnyValue form). */
function rec(name: string, body: object, t = '1700000000000000000') {
  return {
    timeUnixNano: t,
    body,
    attributes: [{ key: 'event.name', value: { stringValue: name } }],
  };
}

const str = (s: string) => ({ stringValue: s });
const kv = (o: Record<string, object>) => ({
  kvlistValue: { values: Object.entries(o).map(([key, value]) => ({ key, value })) },
});

describe('otlp importer: OTLP logs with GenAI events (@opentelemetry/instrumentation-openai)', () => {
  /**
   * The logs of a scripted run read as the script made its calls: detected as otlp, no warning,
   * one event per call with its arguments, id and result, the first two calls (one turn) one
   * group, each with the finish reason `reason`. Returns the events.
   */
  function expectScripted(r: InstrumentedRun, reason: string) {
    const text = JSON.stringify(r.logs);
    expect(detectFormat(text).name).toBe('otlp');
    const { events, warnings } = read(text);
    expect(warnings).toEqual([]);
    expect(events.map((e) => [e.channel, e.value, e.meta!['callId'], e.meta!['result']])).toEqual(
      r.calls.map((c) => [c.name, c.args, c.id, c.result]),
    );
    const groups = events.map((e) => e.meta!['parallel_group']);
    expect(groups[0]).toBe(groups[1]);
    expect(groups[2]).not.toBe(groups[0]);
    expect(events.map((e) => e.meta!['finishReason'])).toEqual([reason, reason, reason]);
    return events;
  }

  it('one event per tool call of a gen_ai.choice, with what the gen_ai.tool.message of its id returned', () => {
    // The tool messages and the assistant's calls are repeated in every later request's history:
    // still one event per call the model made.
    const events = expectScripted(run, 'tool_calls');
    expect(events[0]!.timestamp).toBe(0);
    expect(events[2]!.timestamp).toBeGreaterThanOrEqual(events[1]!.timestamp);
    expect(typeof events[0]!.meta!['traceId']).toBe('string');
  });

  it('the Responses API: the tool_call parts of gen_ai.client.inference.operation.details output messages, the tool_call_response parts of later inputs as results', () => {
    const events = expectScripted(responses, 'tool_call');
    // The instrumentation keeps the output item's id beside the call id.
    expect(events.map((e) => typeof e.meta!['itemId'])).toEqual(['string', 'string', 'string']);
  });

  it("without captured content (the instrumentation's default): the calls with the value null and no result, warned once", () => {
    for (const api of ['chat', 'responses'] as const) {
      const bare = runInstrumentedOpenAI(api, 'no-content');
      const { events, warnings } = read(JSON.stringify(bare.logs));
      expect(
        events.map((e) => [e.channel, e.value, e.meta!['callId'], 'result' in e.meta!]),
      ).toEqual(bare.calls.map((c) => [c.name, null, c.id, false]));
      expect(warnings).toEqual([
        'logs.json: 3 of 3 tool calls without arguments (get_weather, get_time): the instrumentation leaves them out unless OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true; read with the value null (content-omitted)',
      ]);
    }
  });

  it('reads JSON Lines of logs documents (the collector file exporter) the same way', () => {
    // One request per line, as an exporter that flushed after each record would write them.
    const [rl] = run.logs.resourceLogs as Array<{ scopeLogs: Array<{ logRecords: unknown[] }> }>;
    const lines = rl!.scopeLogs[0]!.logRecords.map((r) =>
      JSON.stringify({
        resourceLogs: [{ ...rl, scopeLogs: [{ ...rl!.scopeLogs[0], logRecords: [r] }] }],
      }),
    );
    const text = lines.join('\n') + '\n';
    expect(detectFormat(text).name).toBe('otlp');
    expect(read(text).events).toEqual(read(JSON.stringify(run.logs)).events);
  });

  it('the trajectory matchers take the file: the calls of one choice in any order, a wrong city fails', () => {
    const trace = parseTrace(JSON.stringify(run.logs));
    const reference = [
      { name: 'get_time', arguments: { tz: 'Europe/Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Oslo' }, turn: 2 },
    ];
    expect(matchTrajectory(reference, trace).pass).toBe(true);
    const wrong = reference.map((c, i) => (i === 2 ? { ...c, arguments: { city: 'Bergen' } } : c));
    expect(matchTrajectory(wrong, trace).pass).toBe(false);
  });

  it("the same run's spans carry no calls: the error says so, and where the calls are", () => {
    expect(
      thrown(() => parseTrace(JSON.stringify(run.spans), { file: 'spans.json' })).message,
    ).toMatch(
      /^spans\.json: no events: 3 OTLP spans \("chat gpt-stub"\), none of them a tool call .*; these GenAI model spans hold no calls: an instrumentation that logs the messages \(e\.g\. @opentelemetry\/instrumentation-openai\) writes them as log events, so give its logs export \("resourceLogs"\)$/,
    );
  });

  it('logs without a gen_ai.choice with tool calls: no events, with what the file held', () => {
    const text = logs([
      rec('gen_ai.user.message', kv({ content: str('hi') })),
      rec(
        'gen_ai.choice',
        kv({ index: { intValue: '0' }, message: kv({ content: str('Hello.') }) }),
      ),
      { timeUnixNano: '1700000000000000001', body: str('plain log line') },
    ]);
    expect(thrown(() => parseTrace(text, { file: 'logs.json' })).message).toBe(
      'logs.json: no events: 3 OTLP log records (gen_ai.user.message, gen_ai.choice, without an event name), no tool call in a gen_ai.choice or a gen_ai.client.inference.operation.details event (@opentelemetry/instrumentation-openai writes them with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)',
    );
  });

  it('a tool message of an unknown call, and history calls no choice made, are warned; eventName is read too', () => {
    const call = (id: string, name: string) =>
      kv({
        id: str(id),
        type: str('function'),
        function: kv({ name: str(name), arguments: str('{"q":1}') }),
      });
    const text = logs([
      rec(
        'gen_ai.assistant.message',
        kv({ tool_calls: { arrayValue: { values: [call('old_1', 'search')] } } }),
      ),
      {
        ...rec('ignored', {}),
        eventName: 'gen_ai.choice',
        body: kv({
          index: { intValue: '0' },
          finish_reason: str('tool_calls'),
          message: kv({ tool_calls: { arrayValue: { values: [call('c1', 'lookup')] } } }),
        }),
      },
      rec('gen_ai.tool.message', kv({ id: str('c9'), content: str('?') })),
    ]);
    const { events, warnings } = read(text);
    expect(events.map((e) => [e.channel, e.value, e.meta!['callId']])).toEqual([
      ['lookup', { q: 1 }, 'c1'],
    ]);
    expect(warnings).toEqual([
      'logs.json: resourceLogs[0].scopeLogs[0].logRecords[0]: a gen_ai.assistant.message event with 1 tool call this file does not show the model making (history given to the model): not read (unmapped-record)',
      'logs.json: resourceLogs[0].scopeLogs[0].logRecords[2]: a gen_ai.tool.message for call "c9" answers no tool call of this file: not read (unpaired-result)',
    ]);
  });

  it('operation details: structured arguments, and history repeated by every request warned once per call', () => {
    const part = (o: Record<string, object>) => kv({ ...o });
    const arr = (values: object[]) => ({ arrayValue: { values } });
    const msgs = (m: object[]) => arr(m);
    const details = (attrs: Record<string, object>, t: string) => ({
      timeUnixNano: t,
      eventName: 'gen_ai.client.inference.operation.details',
      attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
    });
    const old = part({
      type: str('tool_call'),
      id: str('h1'),
      name: str('search'),
      arguments: str('{}'),
    });
    const stray = part({ type: str('tool_call_response'), id: str('h9'), response: str('x') });
    const input = msgs([
      kv({ role: str('assistant'), parts: arr([old]) }),
      kv({ role: str('user'), parts: arr([stray]) }),
    ]);
    const text = logs([
      details({ 'gen_ai.input.messages': input }, '1700000000000000000'),
      details(
        {
          'gen_ai.output.messages': msgs([
            kv({
              role: str('assistant'),
              finish_reason: str('tool_call'),
              parts: arr([
                part({
                  type: str('tool_call'),
                  id: str('c1'),
                  name: str('move'),
                  arguments: kv({ x: { intValue: '3' } }),
                }),
              ]),
            }),
          ]),
        },
        '1700000000500000000',
      ),
      details({ 'gen_ai.input.messages': input }, '1700000001000000000'),
    ]);
    const { events, warnings } = read(text);
    expect(events.map((e) => [e.channel, e.timestamp, e.value, e.meta!['callId']])).toEqual([
      ['move', 0, { x: 3 }, 'c1'],
    ]);
    expect(warnings).toEqual([
      'logs.json: resourceLogs[0].scopeLogs[0].logRecords[0]: a tool_call_response part for call "h9" answers no tool call of this file: not read (unpaired-result)',
      'logs.json: resourceLogs[0].scopeLogs[0].logRecords[0]: a gen_ai.client.inference.operation.details event with 1 tool call this file does not show the model making (history given to the model): not read (unmapped-record)',
    ]);
  });
});
