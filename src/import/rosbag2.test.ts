import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { loadTraceSync } from './read.js';
import { rosbag2Importer } from './rosbag2.js';

describe('rosbag2 importer', () => {
  it('reads the shared run directory (its one decoded JSON Lines file)', () => {
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
      `"test/fixtures/import/edge/malformed.rosbag2.jsonl:2: log_time: expected integer nanoseconds (digits, as a string or an integer)"`,
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

  it('reads an empty text as an empty trace', () => {
    expect(rosbag2Importer.parse('', {})).toEqual([]);
  });
});
