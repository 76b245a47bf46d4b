import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { loadTraceSync, parseTrace } from './read.js';
import { rosbag2Importer, topLevelNumberText } from './rosbag2.js';

describe('rosbag2 importer', () => {
  it('reads a directory holding one decoded JSON Lines file (and no metadata.yaml)', () => {
    const t = loadTraceSync(fixture('rosbag2_run'));
    expect(t.length).toBe(7);
    expect(t.events[0]).toEqual({
      channel: '/cmd_vel',
      timestamp: 0,
      value: { linear: { x: 0.2, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } },
      meta: {
        log_time: '1767830400000000000',
        type: 'geometry_msgs/msg/Twist',
        sequence: 0,
        publish_time: '1767830399999870000',
      },
    });
    expect(
      tuples(t.events)
        .slice(1, 6)
        .map(([c, ts]) => [c, ts]),
    ).toEqual([
      ['/joint_states', 0.4],
      ['/cmd_vel', 1],
      ['/gripper/command', 1.5],
      ['/joint_states', 1.8],
      ['/gripper/command', 2.1],
    ]);
    expect(tuples(t.events)[6]).toEqual([
      '/cmd_vel',
      2.4,
      { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } },
    ]);
  });

  it('keeps nanoseconds exact beyond 2^53 (JSON integers and strings), out of order', () => {
    const t = loadTraceSync(fixture('edge/huge_ns.rosbag2.jsonl'));
    expect(tuples(t.events)).toEqual([
      ['/b', 0, 2],
      ['/a', 1e-9, 1],
      ['/c', 16678913673.709551615, { x: 1 }],
    ]);
    expect(t.events[2]!.meta).toEqual({
      log_time: '18446744073709551615',
      publish_time: '18446744073709551614',
    });
    expect(
      loadTraceSync(fixture('edge/huge_ns.rosbag2.jsonl'), { mode: 'reference' }).events[2]!.value,
    ).toEqual({ x: new PyFloat(1) });
  });

  it('fails on a malformed message, naming file, line and field', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/malformed.rosbag2.jsonl'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed.rosbag2.jsonl:2: log_time: expected integer nanoseconds (digits, as a string or an integer) or decimal seconds (1490149580.103843113)"`,
    );
    expect(
      thrown(() => rosbag2Importer.parse('{"topic": "/a", "log_time": "1"}\n', { file: 'r.jsonl' }))
        .message,
    ).toMatchInlineSnapshot(`"r.jsonl:1: data: required (the decoded message)"`);
    expect(
      thrown(() =>
        rosbag2Importer.parse(
          '{"topic": "/a", "log_time": "1", "data": 1}\n{"topic": "/a", "log_time": "2", "data": }\n',
          { file: 'r.jsonl' },
        ),
      ).message,
    ).toMatchInlineSnapshot(`"r.jsonl:2:42: Unexpected character '}' (expected a value)"`);
    expect(
      thrown(() => rosbag2Importer.parse('{"log_time": "1", "data": 1}\n', {})).message,
    ).toMatchInlineSnapshot(`"line 1: topic: required (a non-empty string)"`);
  });

  it('reads mcap cat --json lines: decimal seconds exact to the nanosecond, no type', () => {
    // What the MCAP CLI prints (go/cli/mcap/cmd/cat.go: topic, sequence, log_time, publish_time, data).
    const text = [
      '{"topic":"/diagnostics","sequence":0,"log_time":1490149580.103843113,"publish_time":1490149580.103843113,"data":{"level":0}}',
      '{"topic":"/tf","sequence":1,"log_time":1490149580.103843114,"publish_time":1490149580.000000001,"data":{"x":1.5}}',
      '{"topic":"/diagnostics","sequence":2,"log_time":1490149587.884601617,"publish_time":1490149587.884601617,"data":{"level":2}}',
      '',
    ].join('\n');
    const t = parseTrace(text);
    expect(tuples(t.events)).toEqual([
      ['/diagnostics', 0, { level: 0 }],
      ['/tf', 1e-9, { x: 1.5 }],
      ['/diagnostics', 7.780758504, { level: 2 }],
    ]);
    expect(t.events[1]!.meta).toEqual({
      log_time: '1490149580103843114',
      publish_time: '1490149580000000001',
      sequence: 1,
    });
    // The field selector works on decoded lines too.
    expect(parseTrace(text, { field: '/tf:x' }).events[1]!.value).toBe(1.5);
    expect(
      thrown(() => parseTrace(text, { field: 'x', file: 'cat.jsonl' })).message,
    ).toMatchInlineSnapshot(
      `"cat.jsonl:1: data: field selector "x": /diagnostics has no x (the message has level there); select per topic with topic:path"`,
    );
  });

  it('finds a top-level number as written, skipping strings and nesting', () => {
    const line = '{"topic":"a\\"log_time\\":1.5","data":{"log_time":2.5},"log_time" : 3.000000001}';
    expect(topLevelNumberText(line, 'log_time')).toBe('3.000000001');
    expect(topLevelNumberText(line, 'data')).toBeUndefined();
    expect(topLevelNumberText('{"a":[1,{"b":2}],"b":-4e3}', 'b')).toBe('-4e3');
  });

  it('refuses decimal-second times it cannot read exactly (exponents, negatives)', () => {
    for (const t of ['1.5e9', '-1.5', '1e18'])
      expect(
        thrown(() => rosbag2Importer.parse(`{"topic":"/a","log_time":${t},"data":1}\n`, {}))
          .message,
      ).toBe(
        'line 1: log_time: expected integer nanoseconds (digits, as a string or an integer) or decimal seconds (1490149580.103843113)',
      );
  });

  it('reads an empty text as an empty trace', () => {
    expect(rosbag2Importer.parse('', {})).toEqual([]);
  });
});
