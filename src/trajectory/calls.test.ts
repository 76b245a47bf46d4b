import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import { Trace } from '../trace/trace.js';
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
    expect(() => toolCalls([{ name: 'a' }, { channel: 'b' }] as never, 'reference')).toThrow(
      'reference[0]: expected an event {channel, timestamp, value} or a tool call {name, arguments}',
    );
    expect(() => toolCalls([{ name: 'a', arguments: '{bad' }], 'calls')).toThrow(
      'calls[0].arguments: arguments look like a JSON object but do not parse',
    );
    expect(() => toolCalls(42 as never, 'calls')).toThrow(TypeError);
  });
});
