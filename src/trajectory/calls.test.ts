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
    expect(calls.map((c) => c.result)).toEqual(
      loadTraceSync(spans).events.map((e) => e.meta!['result']),
    );
    // The timed-out call returned nothing: its call has no result.
    expect(calls[1]).toMatchObject({ name: 'get_weather' });
    expect(calls[1]).not.toHaveProperty('result');
    expect(calls[2]!.result).toEqual({ confirmation: 'K7Q2ZP' });
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
    expect(() => toolCalls([{ name: 'a', arguments: '{bad' }], 'calls')).toThrow(
      'calls[0].arguments: arguments look like a JSON object but do not parse',
    );
    expect(() => toolCalls(42 as never, 'calls')).toThrow(TypeError);
  });
});
