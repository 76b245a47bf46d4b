/**
 * Batch mode over ROS 2 bags written by the real libraries (`@mcap/core`, `sql.js` in the rosbag2
 * schema: see rosbag2.test-helpers.ts): `.mcap` and `.db3` files and rosbag2 run directories
 * pair by name like `.json` files, and each is read by the rosbag2 reader.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  db3Bytes,
  mcapBytes,
  metadataYaml,
  put,
  type Recorded,
} from '../../import/rosbag2.test-helpers.js';
import { parseRunReport } from '../../report/run/merge.js';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';
import { scanTraceDir } from './pairs.js';
import { BATCH_ARGS } from './fixtures.test-helpers.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const T0 = 1_700_000_000_000_000_000n;

/** A scan as a robot would record it: `/motor` set points, `/det` readings, a `/status` string. */
function scan(readings: readonly number[]): Recorded[] {
  const out: Recorded[] = [];
  readings.forEach((r, i) => {
    const t = T0 + BigInt(i) * 200_000_000n;
    out.push({ topic: '/motor', type: 'std_msgs/msg/Float64', logTime: t, message: { data: i } });
    out.push({
      topic: '/det',
      type: 'std_msgs/msg/Float64',
      logTime: t + 100_000_000n,
      message: { data: r },
    });
  });
  out.push({
    topic: '/status',
    type: 'std_msgs/msg/String',
    logTime: T0 + BigInt(readings.length) * 200_000_000n,
    message: { data: 'done' },
  });
  return out;
}

const file = (rel: string): string => {
  const f = path.join(tmp.dir, rel);
  mkdirSync(path.dirname(f), { recursive: true });
  return f;
};

async function runDir(rel: string, messages: Recorded[]): Promise<void> {
  put(file(`${rel}/${path.basename(rel)}_0.mcap`), await mcapBytes(messages));
  put(
    file(`${rel}/metadata.yaml`),
    metadataYaml('jazzy', 'mcap', [{ path: `${path.basename(rel)}_0.mcap`, messages }]),
  );
}

async function cli(argv: string[]) {
  const io = captureIO(tmp.dir);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('batch mode pairs ROS 2 bags', () => {
  it('pairs .mcap, .db3 and run directories by name, also across formats, and scores them', async () => {
    const good = scan([10, 20, 30]);
    const off = scan([10, 25, 30]);
    put(file('gt/a.mcap'), await mcapBytes(good));
    put(file('pred/a.mcap'), await mcapBytes(good, 'unchunked'));
    put(file('gt/sub/b.db3'), await db3Bytes(good, 'humble'));
    put(file('pred/sub/b.db3'), await db3Bytes(off, 'jazzy'));
    await runDir('gt/runs/c', good);
    await runDir('pred/runs/c', good);
    // One pair across storage formats: an MCAP golden, a SQLite prediction.
    put(file('gt/d.mcap'), await mcapBytes(good));
    put(file('pred/d.db3'), await db3Bytes(good, 'iron'));

    const scanned = await scanTraceDir(path.join(tmp.dir, 'gt'), '--gt-dir gt');
    expect(scanned.traces.map((t) => [t.key, t.rel])).toEqual([
      ['a', 'a.mcap'],
      ['d', 'd.mcap'],
      ['runs/c', 'runs/c'],
      ['sub/b', 'sub/b.db3'],
    ]);
    expect(scanned.ignored).toEqual([]);

    const r = await cli([...BATCH_ARGS, '--out', 'run.json', '--quiet']);
    expect(r.err).toBe('envtrace: FAILED: 1 of 4 tests failed · no gates configured\n');
    expect(r.code).toBe(1);
    const rep = parseRunReport(readFileSync(path.join(tmp.dir, 'run.json'), 'utf8'), 'run.json');
    expect(rep.tests.map((t) => [t.file, t.status])).toEqual([
      ['a', 'passed'],
      ['d', 'passed'],
      ['runs/c', 'passed'],
      ['sub/b', 'failed'],
    ]);
    const b = rep.tests.find((t) => t.file === 'sub/b')!.records[0]!;
    expect(b.detail?.rows.differing).toBe(1);
    const row = b.detail?.rows.items.find((x) => x.match === false);
    expect([row?.gt?.channel, row?.gt?.value, row?.pred?.value]).toEqual([
      '/det',
      '{"data": 20}',
      '{"data": 25}',
    ]);
    const a = rep.tests.find((t) => t.file === 'a')!.records[0]!;
    expect(a.full_score).toBe(1);
  });

  it('a bag without a partner is named with where its partner was looked for', async () => {
    put(file('gt/a.mcap'), await mcapBytes(scan([1])));
    put(file('pred/other.json'), '{"events": [{"channel": "x", "timestamp": 0, "value": 1}]}');
    const r = await cli([...BATCH_ARGS]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'envtrace: a: no predicted trace for golden gt/a.mcap (looked for pred/a{.ndjson,.jsonl,.json,.csv,.txt,.mcap,.db3})\n',
    );
  });

  it('a .mcap file that is not a bag fails its pair with the reader’s message, not the run', async () => {
    put(file('gt/a.mcap'), 'not an mcap file');
    put(file('pred/a.mcap'), await mcapBytes(scan([1])));
    put(file('gt/b.mcap'), await mcapBytes(scan([1])));
    put(file('pred/b.mcap'), await mcapBytes(scan([1])));
    const r = await cli([...BATCH_ARGS]);
    expect(r.code).toBe(1);
    const line = r.err.split('\n').find((l) => l.startsWith('envtrace: a: '));
    expect(line).toMatch(/gt\/a\.mcap/);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.out).toMatch(/FAILED: 1 file error · 1 of 2 tests failed/);
  });
});
