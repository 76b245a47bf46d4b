import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McapStreamReader } from '@mcap/core';
import { loadDecompressHandlers } from '@mcap/support';
import { captureIO } from '../cli/harness.test-helpers.js';
import { main } from '../cli/main.js';
import { decodeUtf8 } from '../io/utf8.js';
import { PyFloat } from '../py/value.js';
import { fixture } from './fixtures.test-helpers.js';
import { importFile, loadTrace, loadTraceSync, parseTrace } from './read.js';
import {
  db3Bytes,
  mcapBytes,
  metadataYaml,
  put,
  type Distro,
  type Recorded,
} from './rosbag2.test-helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'envtrace-rosbag2-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function dir(name: string): string {
  const d = path.join(tmp, name);
  mkdirSync(d, { recursive: true });
  return d;
}

/** 2026-01-08T00:00:00Z in nanoseconds: beyond 2^53, so only exact arithmetic keeps the nanoseconds. */
const T0 = 1767830400000000000n;
const stamp = (ns: bigint) => ({
  sec: Number(ns / 1_000_000_000n),
  nanosec: Number(ns % 1_000_000_000n),
});

/** What the "robot" publishes: three real ROS 2 types, interleaved, 1 ns apart in places. */
const MESSAGES: readonly Recorded[] = [
  { topic: '/speed', type: 'std_msgs/msg/Float64', logTime: T0, message: { data: 0.25 } },
  {
    topic: '/pose',
    type: 'geometry_msgs/msg/PoseStamped',
    logTime: T0 + 1n,
    publishTime: T0 - 130_000n,
    message: {
      header: { stamp: stamp(T0), frame_id: 'map' },
      pose: { position: { x: 1.5, y: -2, z: 0 }, orientation: { x: 0, y: 0, z: 0.6, w: 0.8 } },
    },
  },
  {
    topic: '/joint_states',
    type: 'sensor_msgs/msg/JointState',
    logTime: T0 + 400_000_000n,
    message: {
      header: { stamp: stamp(T0 + 399_900_000n), frame_id: '' },
      name: ['shoulder', 'elbow'],
      position: [0.1, -0.52],
      velocity: [],
      effort: [],
    },
  },
  {
    topic: '/speed',
    type: 'std_msgs/msg/Float64',
    logTime: T0 + 1_000_000_000n,
    message: { data: 3 },
  },
  {
    topic: '/pose',
    type: 'geometry_msgs/msg/PoseStamped',
    logTime: T0 + 1_500_000_001n,
    message: {
      header: { stamp: stamp(T0 + 1_500_000_000n), frame_id: 'map' },
      pose: { position: { x: 2, y: -1.25, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
    },
  },
];

/** The events the test expects for `MESSAGES` (from what it recorded, not from the importer). */
const EXPECTED_VALUES = MESSAGES.map((m) => m.message);
const EXPECTED_TIMES = [0, 1e-9, 0.4, 1, 1.500000001];

describe('rosbag2: MCAP files as ros2 bag record -s mcap writes them', () => {
  it.each(['zstd', 'lz4', 'chunked', 'unchunked'] as const)(
    'reads an MCAP file (%s) with exact times, decoded messages and meta',
    async (layout) => {
      const file = path.join(tmp, `run-${layout}.mcap`);
      put(file, await mcapBytes(MESSAGES, layout, 256));
      const imported = await importFile(file);
      expect(imported.format).toBe('rosbag2');
      const t = imported.trace;
      expect(t.events.map((e) => e.channel)).toEqual(MESSAGES.map((m) => m.topic));
      expect(t.events.map((e) => e.timestamp)).toEqual(EXPECTED_TIMES);
      expect(t.events.map((e) => e.value)).toEqual(EXPECTED_VALUES);
      expect(t.events[1]!.meta).toEqual({
        log_time: String(T0 + 1n),
        publish_time: String(T0 - 130_000n),
        sequence: 1,
        type: 'geometry_msgs/msg/PoseStamped',
      });
      // Typed arrays (float64[]) come out as plain arrays.
      expect(Array.isArray((t.events[2]!.value as { position: unknown }).position)).toBe(true);
    },
  );

  it.each(['zstd', 'lz4'] as const)(
    'the %s layout writes compressed chunks (so its import above decompressed them)',
    async (compression) => {
      // @mcap/support's decompressors, which the importer uses; the reader checks each chunk's CRC.
      const reader = new McapStreamReader({
        includeChunks: true,
        decompressHandlers: await loadDecompressHandlers(),
      });
      reader.append(await mcapBytes(MESSAGES, compression, 256));
      const chunks: { compression: string; compressed: number; raw: bigint }[] = [];
      for (let r = reader.nextRecord(); r !== undefined; r = reader.nextRecord()) {
        if (r.type === 'Chunk')
          chunks.push({
            compression: r.compression,
            compressed: r.records.byteLength,
            raw: r.uncompressedSize,
          });
      }
      expect(chunks.length).toBeGreaterThan(1);
      for (const c of chunks) {
        expect(c.compression).toBe(compression);
        expect(BigInt(c.compressed)).not.toBe(c.raw);
      }
      expect(reader.done()).toBe(true);
    },
  );

  it('reads json-encoded channels, and uint64 beyond 2^53 stays exact', async () => {
    const file = path.join(tmp, 'json.mcap');
    put(
      file,
      await mcapBytes([
        { topic: '/status', type: 'Status', logTime: T0, json: true, message: { ok: true, n: 2 } },
        {
          topic: '/counts',
          type: 'std_msgs/msg/UInt64MultiArray',
          logTime: T0 + 5n,
          message: { layout: { dim: [], data_offset: 0 }, data: [1n, 18446744073709551615n] },
        },
      ]),
    );
    const t = await loadTrace(file);
    expect(t.events.map((e) => [e.channel, e.timestamp, e.value])).toEqual([
      ['/status', 0, { ok: true, n: 2 }],
      ['/counts', 5e-9, { layout: { dim: [], data_offset: 0 }, data: [1, 18446744073709551615n] }],
    ]);
  });

  it('keeps float fields floats in reference mode (integral ones as PyFloat)', async () => {
    const file = path.join(tmp, 'ref.mcap');
    put(file, await mcapBytes(MESSAGES));
    const t = await loadTrace(file, { mode: 'reference' });
    expect(t.events[3]!.value).toEqual({ data: new PyFloat(3) });
    // A selected field keeps its kind: the selection is converted with its type.
    const picked = await loadTrace(file, {
      mode: 'reference',
      field: ['/speed:data', '/joint_states:header.stamp', '/pose:pose.orientation'],
    });
    expect(picked.events.map((e) => e.value)).toEqual([
      0.25,
      { x: new PyFloat(0), y: new PyFloat(0), z: 0.6, w: 0.8 },
      stamp(T0 + 399_900_000n),
      new PyFloat(3),
      { x: new PyFloat(0), y: new PyFloat(0), z: new PyFloat(0), w: new PyFloat(1) },
    ]);
    expect((t.events[2]!.value as { header: unknown }).header).toEqual({
      stamp: stamp(T0 + 399_900_000n),
      frame_id: '',
    });
  });

  it('takes a message field as the value (--field / the field option)', async () => {
    const file = path.join(tmp, 'field.mcap');
    put(file, await mcapBytes(MESSAGES));
    const only = await loadTrace(file, { field: '/pose:pose.position.x' });
    expect(only.events.map((e) => e.value)).toEqual([
      { data: 0.25 },
      1.5,
      EXPECTED_VALUES[2],
      { data: 3 },
      2,
    ]);
    const several = await loadTrace(file, {
      field: ['/pose:pose.position.y', '/joint_states:position[1]', 'data'],
    });
    expect(several.events.map((e) => e.value)).toEqual([0.25, -2, -0.52, 3, -1.25]);
    await expect(loadTrace(file, { field: 'pose.position.x' })).rejects.toThrow(
      `${file}: message 1: field selector "pose.position.x": /speed has no pose (the message has data there); select per topic with topic:path`,
    );
    expect(() =>
      parseTrace('{"events": [{"channel": "a", "timestamp": 0, "value": 1}]}', { field: 'x' }),
    ).toThrow('the field option selects a ROS 2 message field; the input is envtrace');
    await expect(loadTrace(file, { field: 'pose..x' })).rejects.toThrow(
      'field selector "pose..x": expected [topic:]path such as pose.position.x or position[0]',
    );
  });
});

/** A run directory as `ros2 bag record` leaves it, split into two storage files. */
async function runDirectory(
  name: string,
  distro: Distro,
  storage: 'mcap' | 'sqlite3',
  messages: readonly Recorded[] = MESSAGES,
): Promise<string> {
  const d = dir(name);
  const ext = storage === 'mcap' ? 'mcap' : 'db3';
  const parts = [
    { path: `${name}_0.${ext}`, messages: messages.slice(0, 3) },
    { path: `${name}_1.${ext}`, messages: messages.slice(3) },
  ];
  for (const p of parts)
    put(
      path.join(d, p.path),
      storage === 'mcap' ? await mcapBytes(p.messages) : await db3Bytes(p.messages, distro),
    );
  put(path.join(d, 'metadata.yaml'), metadataYaml(distro, storage, parts));
  return d;
}

describe('rosbag2: run directories (metadata.yaml + split storage files)', () => {
  it.each([
    ['humble', 'sqlite3'],
    ['iron', 'sqlite3'],
    ['jazzy', 'sqlite3'],
    ['iron', 'mcap'],
    ['jazzy', 'mcap'],
  ] as const)('reads a %s run directory with %s storage split in two', async (distro, storage) => {
    const d = await runDirectory(`${distro}-${storage}`, distro, storage);
    const imported = await importFile(d);
    expect(imported.warnings).toEqual([]);
    const t = imported.trace;
    expect(t.events.map((e) => [e.channel, e.timestamp])).toEqual(
      MESSAGES.map((m, i) => [m.topic, EXPECTED_TIMES[i]]),
    );
    expect(t.events.map((e) => e.value)).toEqual(EXPECTED_VALUES);
    expect(t.events[4]!.meta!['log_time']).toBe(String(T0 + 1_500_000_001n));
    expect(t.events[4]!.meta!['type']).toBe('geometry_msgs/msg/PoseStamped');
  });

  it('reads a single .db3 file, and humble bags (no stored definitions) by the common types', async () => {
    const file = path.join(tmp, 'single.db3');
    put(file, await db3Bytes(MESSAGES, 'humble'));
    const t = await loadTrace(file);
    expect(t.events.map((e) => e.value)).toEqual(EXPECTED_VALUES);
    expect(t.events.map((e) => e.timestamp)).toEqual(EXPECTED_TIMES);
  });

  it('names a type it cannot decode', async () => {
    // A custom type, in a Humble bag (no message_definitions table): nothing defines it.
    const custom: Recorded = {
      topic: '/gripper',
      type: 'my_robot/msg/Grip',
      encodeAs: 'std_msgs/msg/String',
      logTime: T0,
      message: { data: 'open' },
    };
    const file = path.join(tmp, 'custom.db3');
    put(file, await db3Bytes([custom], 'humble'));
    await expect(loadTrace(file)).rejects.toThrow(
      `${file}: /gripper: cannot decode type my_robot/msg/Grip: the bag holds no definition of it (message_definitions, rosbag2 Iron and later) and it is not a common ROS 2 type; record with -s mcap, which stores the definitions`,
    );
    // The same bag from Iron on stores the definition: then it decodes.
    put(file, await db3Bytes([custom], 'iron'));
    expect((await loadTrace(file)).events[0]!.value).toEqual({ data: 'open' });
  });

  it('warns when metadata.yaml does not count what the files hold, or is of an untested version', async () => {
    const d = await runDirectory('miscounted', 'jazzy', 'mcap');
    const parts = [
      { path: 'miscounted_0.mcap', messages: MESSAGES.slice(0, 3) },
      { path: 'miscounted_1.mcap', messages: MESSAGES.slice(3) },
    ];
    put(
      path.join(d, 'metadata.yaml'),
      metadataYaml('jazzy', 'mcap', parts, 9).replace('version: 9', 'version: 10'),
    );
    const imported = await importFile(d);
    expect(imported.trace.length).toBe(5);
    expect(imported.warnings).toEqual([
      {
        code: 'metadata-version',
        message: 'rosbag2 metadata version 10; envtrace was tested with versions 5 to 9',
        file: path.join(d, 'metadata.yaml'),
      },
      {
        code: 'message-count',
        message: 'metadata.yaml counts 9 messages, the storage files hold 5',
        file: path.join(d, 'metadata.yaml'),
      },
    ]);
  });

  it('reads the files in the order metadata.yaml lists them', async () => {
    const d = await runDirectory('ordered', 'jazzy', 'mcap');
    const yaml = metadataYaml('jazzy', 'mcap', [
      { path: 'ordered_1.mcap', messages: MESSAGES.slice(3) },
      { path: 'ordered_0.mcap', messages: MESSAGES.slice(0, 3) },
    ]);
    put(path.join(d, 'metadata.yaml'), yaml);
    const imported = await importFile(d);
    // Events are ordered by time whatever the file order; the order shows in `files` read.
    expect(imported.trace.events.map((e) => e.timestamp)).toEqual(EXPECTED_TIMES);
  });
});

describe('rosbag2: bad bags', () => {
  it('a truncated MCAP file', async () => {
    const file = path.join(tmp, 'truncated.mcap');
    const bytes = await mcapBytes(MESSAGES, 'zstd', 256);
    put(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(loadTrace(file)).rejects.toThrow(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: truncated MCAP file: it ends`),
    );
  });

  it('an MCAP file cut after its data section (no summary, no footer) says how much was read', async () => {
    // A recorder killed while writing the summary: every message is there, the index is not.
    const file = path.join(tmp, 'no-summary.mcap');
    const bytes = Buffer.from(await mcapBytes(MESSAGES, 'zstd', 256));
    // The footer record (opcode, length, summary_start, summary_offset_start, crc: 29 bytes) before the closing magic (8).
    const summaryStart = Number(bytes.readBigUInt64LE(bytes.length - 37 + 9));
    expect(summaryStart).toBeGreaterThan(0);
    put(file, bytes.subarray(0, summaryStart));
    await expect(loadTrace(file)).rejects.toThrow(
      `${file}: truncated MCAP file: it ends before its footer (after ${MESSAGES.length} messages); mcap recover repairs such a file`,
    );
  });

  it('a bag without messages is an error naming its topics, never an empty trace', async () => {
    // What `ros2 bag record` leaves when nothing was published: the topics, no messages.
    const topics = [
      { topic: '/conveyor/speed', type: 'std_msgs/msg/Float64' },
      { topic: '/arm/pose', type: 'geometry_msgs/msg/PoseStamped' },
    ];
    const mcap = path.join(tmp, 'silent.mcap');
    put(mcap, await mcapBytes([], 'zstd', 1024, topics));
    const db3 = path.join(tmp, 'silent.db3');
    put(db3, await db3Bytes([], 'jazzy', true, topics));
    const bare = path.join(tmp, 'bare.mcap');
    put(bare, await mcapBytes([]));
    const run = dir('silent-run');
    put(path.join(run, 'silent-run_0.mcap'), await mcapBytes([], 'zstd', 1024, topics));
    // metadata.yaml counts the messages the recorder wrote, which the file no longer holds.
    put(
      path.join(run, 'metadata.yaml'),
      metadataYaml('jazzy', 'mcap', [{ path: 'silent-run_0.mcap', messages: [] }], 30),
    );
    const errors = await Promise.all(
      [mcap, db3, bare, run].map((f) =>
        loadTrace(f).then(
          () => 'read',
          (e: Error) => `${e.name}: ${e.message.replace(tmp, '<tmp>')}`,
        ),
      ),
    );
    expect(errors).toMatchInlineSnapshot(`
      [
        "TraceError: <tmp>/silent.mcap: no events: an MCAP file with no messages (2 topics: "/conveyor/speed", "/arm/pose")",
        "TraceError: <tmp>/silent.db3: no events: a rosbag2 SQLite bag with no messages (2 topics: "/conveyor/speed", "/arm/pose")",
        "TraceError: <tmp>/bare.mcap: no events: an MCAP file with no messages and no topics",
        "TraceError: <tmp>/silent-run: no events: a rosbag2 run directory whose storage file holds no messages (2 topics: "/conveyor/speed", "/arm/pose"); metadata.yaml counts 30 messages, so the storage files are not the ones recorded",
      ]
    `);
  });

  it('a bag read as text (from a pipe: cat run.mcap | envtrace convert /dev/stdin) says it is a bag', async () => {
    const messages = await Promise.all([mcapBytes(MESSAGES), db3Bytes(MESSAGES, 'jazzy')]);
    const errors = messages.map((b) => {
      try {
        decodeUtf8(b);
        return 'decoded';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(errors).toMatchInlineSnapshot(`
      [
        "not valid UTF-8: byte 0x89 at byte offset 0: the file is an MCAP file (a ROS 2 bag), which is read from its file, not from a pipe or as text; save it to a file and give its path (or its run directory)",
        "not valid UTF-8: byte 0x99 at byte offset 98: the file is a SQLite database (a ROS 2 .db3 bag?), which is read from its file, not from a pipe or as text; save it to a file and give its path (or its run directory)",
      ]
    `);
  });

  it('a .db3 cut in half (the recorder killed) is a damaged database, not "not SQLite"', async () => {
    const file = path.join(tmp, 'cut.db3');
    const bytes = await db3Bytes(MESSAGES, 'jazzy');
    put(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(loadTrace(file)).rejects.toThrow(
      `${file}: a damaged SQLite database (database disk image is malformed): cut short or overwritten, as when the recorder is killed; sqlite3 FILE .recover may save its messages`,
    );
  });

  it('an MCAP channel in an encoding it cannot decode names the topic and encoding', async () => {
    const file = path.join(tmp, 'proto.mcap');
    put(
      file,
      await mcapBytes([
        {
          topic: '/imu',
          type: 'std_msgs/msg/Float64',
          channelEncoding: 'protobuf',
          logTime: T0,
          message: { data: 1 },
        },
      ]),
    );
    await expect(loadTrace(file)).rejects.toThrow(
      `${file}: /imu: cannot decode message encoding "protobuf" (type std_msgs/msg/Float64); envtrace reads cdr (ROS 2) and json`,
    );
  });

  it('a bad metadata.yaml, a storage file that is not a bag, a path leaving the directory', async () => {
    const d = dir('bad-yaml');
    put(path.join(d, 'metadata.yaml'), 'rosbag2_bagfile_information:\n  version: [5\n');
    await expect(loadTrace(d)).rejects.toThrow(/metadata\.yaml: 3:1: not valid YAML/);
    put(path.join(d, 'metadata.yaml'), 'other: 1\n');
    await expect(loadTrace(d)).rejects.toThrow(
      'metadata.yaml: expected a rosbag2 metadata.yaml: rosbag2_bagfile_information is missing',
    );
    const listed = metadataYaml('humble', 'sqlite3', [{ path: 'bad_0.db3', messages: MESSAGES }]);
    put(path.join(d, 'metadata.yaml'), listed);
    put(path.join(d, 'bad_0.db3'), 'this is not a database\n');
    await expect(loadTrace(d)).rejects.toThrow(
      `${path.join(d, 'bad_0.db3')}: not an MCAP or SQLite file (neither magic number at its start)`,
    );
    put(
      path.join(d, 'bad_0.db3'),
      Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(200, 7)]),
    );
    await expect(loadTrace(d)).rejects.toThrow(
      `${path.join(d, 'bad_0.db3')}: not a SQLite database`,
    );
    put(
      path.join(d, 'metadata.yaml'),
      listed.replace('compression_mode: ""', 'compression_mode: FILE'),
    );
    await expect(loadTrace(d)).rejects.toThrow(
      'metadata.yaml: rosbag2_bagfile_information.compression_mode: "FILE"-compressed bags are not read (MCAP chunk compression is); decompress it with ros2 bag convert',
    );
    put(path.join(d, 'metadata.yaml'), listed.replace('- bad_0.db3', '- ../single.db3'));
    await expect(loadTrace(d)).rejects.toThrow(
      'rosbag2_bagfile_information.relative_file_paths[0]: "../single.db3" is not a file inside the run directory',
    );
  });

  it('a FIFO inside a run directory is refused at once, not waited on', async () => {
    const d = dir('fifo');
    put(
      path.join(d, 'metadata.yaml'),
      metadataYaml('jazzy', 'mcap', [{ path: 'pipe.mcap', messages: MESSAGES }]),
    );
    execFileSync('mkfifo', [path.join(d, 'pipe.mcap')]);
    await expect(loadTrace(d)).rejects.toThrow(
      `${path.join(d, 'pipe.mcap')}: cannot read trace: not a regular file (a FIFO)`,
    );
  });

  it('the synchronous readers refuse a bag with a clear message', async () => {
    const file = path.join(tmp, 'sync.mcap');
    put(file, await mcapBytes(MESSAGES));
    expect(() => loadTraceSync(file)).toThrow(
      `${file}: a ROS 2 bag (MCAP or SQLite) is read by the asynchronous loadTrace / importFile`,
    );
  });

  it('a bag given another format is refused', async () => {
    const file = path.join(tmp, 'as-csv.mcap');
    put(file, await mcapBytes(MESSAGES));
    await expect(importFile(file, { format: 'csv' })).rejects.toThrow(
      `${file}: is a ROS 2 bag (mcap); read it as rosbag2 (or auto), not csv`,
    );
  });
});

describe('rosbag2: the CLI', () => {
  async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const io = captureIO(tmp);
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  }

  it('converts a run directory, with --field, and prints the warnings on stderr', async () => {
    const d = await runDirectory('cli', 'jazzy', 'mcap');
    const whole = await run(['convert', d]);
    expect(whole.code).toBe(0);
    expect(whole.err).toBe('');
    const events = (JSON.parse(whole.out) as { events: Array<{ value: unknown }> }).events;
    expect(events.map((e) => e.value)).toEqual(EXPECTED_VALUES);
    const picked = await run([
      'convert',
      d,
      '--field',
      '/pose:pose.position.x',
      '--field',
      '/speed:data',
      '--field',
      '/joint_states:name[0]',
    ]);
    expect(picked.code).toBe(0);
    expect(
      (JSON.parse(picked.out) as { events: Array<{ value: unknown }> }).events.map((e) => e.value),
    ).toEqual([0.25, 1.5, 'shoulder', 3, 2]);
    const parts = [
      { path: 'cli_0.mcap', messages: MESSAGES.slice(0, 3) },
      { path: 'cli_1.mcap', messages: MESSAGES.slice(3) },
    ];
    put(path.join(d, 'metadata.yaml'), metadataYaml('jazzy', 'mcap', parts, 6));
    const warned = await run(['convert', d]);
    expect(warned.code).toBe(0);
    expect(warned.err).toBe(
      `envtrace: warning: ${path.join(d, 'metadata.yaml')}: metadata.yaml counts 6 messages, the storage files hold 5 (message-count)\n`,
    );
  });

  it('exits 2 with one line for a bad bag, and for --field on another format', async () => {
    const file = path.join(tmp, 'cli-truncated.mcap');
    const bytes = await mcapBytes(MESSAGES);
    put(file, bytes.subarray(0, bytes.length - 20));
    const bad = await run(['convert', file]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^envtrace: .*cli-truncated\.mcap: truncated MCAP file: it ends .*\n$/);
    const csv = path.join(tmp, 'plain.csv');
    put(csv, 'channel,timestamp,value\na,0,1\n');
    const field = await run(['convert', csv, '--field', 'x']);
    expect(field.code).toBe(2);
    expect(field.err).toBe(
      'envtrace: field: the field option selects a ROS 2 message field; the input is csv\n',
    );
  });
});

describe('rosbag2: a run directory whose storage files are missing', () => {
  // The layout of the shared sample run (a user's): metadata.yaml listing run_0.mcap, which was not
  // kept, and the decoded messages (mcap cat --json) beside it.
  const sample = fixture('rosbag2_sample');
  const decoded = readFileSync(path.join(sample, 'messages.decoded.jsonl'), 'utf8');
  const metadata = readFileSync(path.join(sample, 'metadata.yaml'), 'utf8');

  it('reads the decoded messages beside metadata.yaml instead, and says so', async () => {
    const imported = await importFile(sample);
    // The same events as the decoded file read on its own.
    const alone = await importFile(path.join(sample, 'messages.decoded.jsonl'));
    expect(imported.trace.events).toEqual(alone.trace.events);
    expect(imported.trace.length).toBe(7);
    expect(imported.format).toBe('rosbag2');
    expect(imported.warnings).toEqual([
      {
        code: 'storage-missing',
        message:
          'metadata.yaml lists run_0.mcap, not in the directory: read the decoded messages of messages.decoded.jsonl instead',
        file: path.join(sample, 'metadata.yaml'),
      },
    ]);
  });

  it('warns when metadata.yaml counts other messages than the decoded file holds', async () => {
    const d = dir('standin-miscounted');
    put(path.join(d, 'metadata.yaml'), metadata);
    // Two messages lost on the way: metadata.yaml still counts 7.
    put(path.join(d, 'messages.jsonl'), decoded.split('\n').slice(2).join('\n'));
    const imported = await importFile(d);
    expect(imported.trace.length).toBe(5);
    expect(imported.warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'storage-missing',
        'metadata.yaml lists run_0.mcap, not in the directory: read the decoded messages of messages.jsonl instead',
      ],
      ['message-count', 'metadata.yaml counts 7 messages, messages.jsonl holds 5'],
    ]);
  });

  it('still refuses half a bag, or a missing bag with no single decoded file', async () => {
    // One of two listed storage files is there: the missing one is an error, never half a read.
    const d = dir('standin-half');
    const parts = [
      { path: 'half_0.mcap', messages: MESSAGES.slice(0, 3) },
      { path: 'half_1.mcap', messages: MESSAGES.slice(3) },
    ];
    put(path.join(d, 'metadata.yaml'), metadataYaml('jazzy', 'mcap', parts));
    put(path.join(d, 'half_0.mcap'), await mcapBytes(MESSAGES.slice(0, 3)));
    put(path.join(d, 'messages.jsonl'), decoded);
    await expect(importFile(d)).rejects.toThrow(
      `${path.join(d, 'half_1.mcap')}: cannot read trace: no such file`,
    );
    // No storage file and two *.jsonl files: which one stands in is not guessed.
    const two = dir('standin-two');
    put(path.join(two, 'metadata.yaml'), metadata);
    copyFileSync(path.join(sample, 'messages.decoded.jsonl'), path.join(two, 'a.jsonl'));
    copyFileSync(path.join(sample, 'messages.decoded.jsonl'), path.join(two, 'b.jsonl'));
    await expect(importFile(two)).rejects.toThrow(
      `${path.join(two, 'run_0.mcap')}: cannot read trace: no such file`,
    );
    // A format other than rosbag2 is refused before anything is read.
    await expect(importFile(sample, { format: 'envtrace' })).rejects.toThrow(
      `${sample}: is a ROS 2 bag (a run directory); read it as rosbag2 (or auto), not envtrace`,
    );
  });

  it('converts it from the CLI with the warning on stderr', async () => {
    const io = captureIO(tmp); // the CLI runs in tmp: name the sample by its absolute path
    const code = await main(['convert', path.resolve(sample)], io);
    expect(code).toBe(0);
    expect((JSON.parse(io.out()) as { events: unknown[] }).events).toHaveLength(7);
    expect(io.err()).toBe(
      `envtrace: warning: ${path.resolve(sample, 'metadata.yaml')}: metadata.yaml lists run_0.mcap, not in the directory: read the decoded messages of messages.decoded.jsonl instead (storage-missing)\n`,
    );
  });
});
