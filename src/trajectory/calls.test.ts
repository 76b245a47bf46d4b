import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import { Trace } from '../trace/trace.js';
import { fixture } from '../import/fixtures.test-helpers.js';
import { loadTraceSync } from '../import/read.js';
import { toolCalls } from './calls.js';

describe('toolCalls', () => {
  it('events: time-sorted, channel = tool, value = arguments; equal timestamps form one turn', () => {
    const calls = toolCalls([
      { channel: 'b', timestamp: 2, value: { n: 2 } },
      { channel: 'a', timestamp: 1, value: { n: 1 } },
      { channel: 'c', timestamp: 2, value: null },
    ]);
    expect(calls).toEqual([
      { name: 'a', arguments: { n: 1 }, index: 0, group: 0 },
      { name: 'b', arguments: { n: 2 }, index: 1, group: 1 },
      { name: 'c', arguments: null, index: 2, group: 1 },
    ]);
  });

  it('meta.parallel_group and meta.turn win over timestamps', () => {
    const t = new Trace([
      { channel: 'a', timestamp: 1, value: {}, meta: { turn: 1 } },
      { channel: 'b', timestamp: 2, value: {}, meta: { turn: 1 } },
      { channel: 'c', timestamp: 2, value: {}, meta: { parallel_group: 'x' } },
      { channel: 'd', timestamp: 2, value: {}, meta: { turn: 2 } },
    ]);
    expect(toolCalls(t).map((c) => c.group)).toEqual([0, 0, 1, 2]);
  });

  it('{name, arguments} lists: JSON-string arguments are parsed, missing arguments are {}, turn groups', () => {
    const calls = toolCalls([
      { name: 'search', arguments: '{"q":"a"}', turn: 1 },
      { name: 'open', turn: 1 },
      { name: 'say', arguments: 'hi' },
    ]);
    expect(calls.map((c) => [c.name, c.arguments, c.group])).toEqual([
      ['search', { q: 'a' }, 0],
      ['open', {}, 0],
      ['say', 'hi', 1],
    ]);
  });

  it('keeps what a call returned: meta.result of an event, result of a call-list entry', () => {
    const calls = toolCalls([
      { channel: 'a', timestamp: 0, value: {}, meta: { result: 'ok' } },
      { channel: 'b', timestamp: 1, value: {}, meta: { result: null } },
      { channel: 'c', timestamp: 2, value: {}, meta: { output: 'not the key' } },
      { channel: 'd', timestamp: 3, value: {} },
    ]);
    expect(calls).toEqual([
      { name: 'a', arguments: {}, index: 0, group: 0, result: 'ok' },
      { name: 'b', arguments: {}, index: 1, group: 1, result: null },
      { name: 'c', arguments: {}, index: 2, group: 2 },
      { name: 'd', arguments: {}, index: 3, group: 3 },
    ]);
    // No result: no key at all (a call without one equals a call list entry without one).
    expect(calls.filter((c) => 'result' in c).map((c) => c.name)).toEqual(['a', 'b']);
    const listed = toolCalls([
      { name: 'search', arguments: '{"q":"a"}', result: { hits: 2 } },
      { name: 'open' },
    ]);
    expect(listed).toEqual([
      { name: 'search', arguments: { q: 'a' }, index: 0, group: 0, result: { hits: 2 } },
      { name: 'open', arguments: {}, index: 1, group: 1 },
    ]);
  });

  it('keeps the results the importers read (OpenAI messages, OTLP GenAI spans)', () => {
    expect(toolCalls(fixture('agentevals_messages.json')).map((c) => [c.name, c.result])).toEqual([
      ['get_weather', '58F, foggy, wind 15mph'],
      ['get_forecast', 'Cooling to 54F by evening'],
    ]);
    const spans = fixture('otel_genai_agent.otlp.json');
    const calls = toolCalls(loadTraceSync(spans));
    const events = loadTraceSync(spans).events;
    expect(calls.map((c, i) => (i === 1 ? undefined : c.result))).toEqual(
      events.map((e, i) => (i === 1 ? undefined : e.meta!['result'])),
    );
    // The timed-out call returned nothing: the span's status says it failed, and how.
    expect(events[1]!.meta).not.toHaveProperty('result');
    expect(calls[1]).toMatchObject({
      name: 'get_weather',
      resultStatus: 'error',
      result: `${String(events[1]!.meta!['errorType'])}: ${String(events[1]!.meta!['statusMessage'])}`,
    });
    expect(calls[2]!.result).toEqual({ confirmation: 'K7Q2ZP' });
  });

  it("keeps a prediction's broken JSON arguments as the text, saying why (as the importers do)", () => {
    const why = (text: string): string => {
      try {
        JSON.parse(text);
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error('parsed');
    };
    expect(
      toolCalls([
        { name: 'a', arguments: '{"x":1' },
        { function: { name: 'b', arguments: '{bad' } },
        { name: 'c', arguments: '{"x":1}' },
      ]),
    ).toEqual([
      { name: 'a', arguments: '{"x":1', index: 0, group: 0, argumentsError: why('{"x":1') },
      { name: 'b', arguments: '{bad', index: 1, group: 1, argumentsError: why('{bad') },
      { name: 'c', arguments: { x: 1 }, index: 2, group: 2 },
    ]);
    // An importer's argumentsError (an event's meta) is read the same way.
    expect(
      toolCalls([{ channel: 'a', timestamp: 0, value: '{"x"', meta: { argumentsError: 'cut' } }]),
    ).toEqual([{ name: 'a', arguments: '{"x"', index: 0, group: 0, argumentsError: 'cut' }]);
  });

  it('marks a failed call: resultStatus, span status ERROR, meta.error, an AI SDK tool-error', () => {
    const calls = toolCalls([
      { channel: 'a', timestamp: 0, value: {}, meta: { result: 'bad tz', resultStatus: 'error' } },
      {
        channel: 'b',
        timestamp: 1,
        value: {},
        meta: { status: 'ERROR', statusMessage: 'unknown tz X', errorType: 'ValueError' },
      },
      { channel: 'c', timestamp: 2, value: {}, meta: { status: 'ERROR', statusMessage: 'gone' } },
      { channel: 'd', timestamp: 3, value: {}, meta: { status: 'ERROR' } },
      { channel: 'e', timestamp: 4, value: {}, meta: { error: 'boom', outputType: 'error-text' } },
      { channel: 'f', timestamp: 5, value: {}, meta: { result: 'An error occurred', error: 'x' } },
      { channel: 'g', timestamp: 6, value: {}, meta: { status: 'OK', result: 1 } },
    ]);
    expect(calls.map((c) => [c.name, c.resultStatus, c.result])).toEqual([
      ['a', 'error', 'bad tz'],
      ['b', 'error', 'ValueError: unknown tz X'],
      ['c', 'error', 'gone'],
      ['d', 'error', undefined],
      ['e', 'error', 'boom'],
      ['f', 'error', 'An error occurred'],
      ['g', undefined, 1],
    ]);
    expect(calls[3]).not.toHaveProperty('result');
    expect(calls[6]).not.toHaveProperty('resultStatus');
    const listed = toolCalls([
      {
        type: 'tool-error',
        toolCallId: '1',
        toolName: 'w',
        input: { city: 'Oslo' },
        error: 'boom',
      },
      { type: 'tool-error', toolCallId: '2', toolName: 'w', input: {}, error: new TypeError('no') },
      { type: 'tool-result', toolCallId: '3', toolName: 'w', input: {}, output: 'sunny' },
    ]);
    expect(listed.map((c) => [c.arguments, c.resultStatus, c.result])).toEqual([
      [{ city: 'Oslo' }, 'error', 'boom'],
      [{}, 'error', 'TypeError: no'],
      [{}, undefined, 'sunny'],
    ]);
  });

  it('reads trace files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-calls-'));
    try {
      const file = path.join(dir, 't.jsonl');
      fs.writeFileSync(
        file,
        '{"channel":"search","timestamp":0,"value":{"q":"a"}}\n{"channel":"open","timestamp":1,"value":{"id":1}}\n',
      );
      expect(toolCalls(file).map((c) => c.name)).toEqual(['search', 'open']);
      expect(() => toolCalls(path.join(dir, 'missing.json'))).toThrow(
        /missing\.json: cannot read trace: no such file/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('misuse: typed errors with the path of the bad entry', () => {
    expect(() => toolCalls([{ name: 'a' }, { nme: 'b' }] as never, 'reference')).toThrow(
      TraceError,
    );
    // A list with tool calls in it is read as one: the entry that is not a call is named.
    expect(() => toolCalls([{ name: 'a' }, { channel: 'b' }] as never, 'reference')).toThrow(
      'reference[1]: expected a tool call {name, arguments}',
    );
    expect(() => toolCalls([{ nme: 'a' }] as never, 'reference')).toThrow(
      'reference[0]: expected an event {channel, timestamp, value} or a tool call {name, arguments}',
    );
    // A broken reference is the test author's mistake; a broken prediction is scored (below).
    expect(() => toolCalls([{ name: 'a', arguments: '{bad' }], 'reference')).toThrow(
      'reference[0].arguments: arguments look like a JSON object but do not parse',
    );
    expect(() => toolCalls([{ function: { name: 'a', arguments: '{bad' } }], 'reference')).toThrow(
      'reference[0].function.arguments: arguments look like a JSON object but do not parse',
    );
    expect(() => toolCalls(42 as never, 'calls')).toThrow(TypeError);
  });
});
