#!/usr/bin/env node
// ROS 2 bag reading benchmark (issue 24 §1): an MCAP file (zstd chunks of 1 MiB, as
// `ros2 bag record -s mcap` writes by default) and a SQLite .db3 bag of N geometry_msgs/PoseStamped
// messages, read through the BUILT package's importFile, each in a fresh child process: wall
// time and peak RSS (process.resourceUsage().maxRSS), whole messages and with
// `field: 'pose.position.x'`. Then a bag of large messages (sensor_msgs/msg/CompressedImage of
// 100 000 random bytes each, --image-mib in all) read with `field: 'header.stamp.sec'`: the events
// hold one number each, so the peak shows what the reading itself keeps (MCAP is streamed, a
// .db3 is held whole by sql.js).
//
//   node bench/rosbag2.mjs [--messages=200000] [--image-mib=128] [--out[=FILE]]
//
// Performance is never asserted by tests (see bench/README.md); figures go to bench/RESULTS.md.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McapWriter } from '@mcap/core';
import { parse } from '@foxglove/rosmsg';
import { MessageWriter } from '@foxglove/rosmsg2-serialization';
import * as zstd from '@foxglove/wasm-zstd';
import initSqlJs from 'sql.js';

const here = dirname(fileURLToPath(import.meta.url));
const distIndex = pathToFileURL(resolve(here, '../dist/index.js')).href;

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const N = Number(args.messages ?? 200000);
const IMAGE_BYTES = 100_000;
const IMAGES = Math.round((Number(args['image-mib'] ?? 128) * 2 ** 20) / IMAGE_BYTES);

const SEP = '='.repeat(80) + '\n';
const T0 = 1767830400000000000n;
// geometry_msgs/msg/PoseStamped as rosbag2 stores its definition (see src/import/rosbag2.test-helpers.ts).
const POSE_STAMPED =
  'std_msgs/Header header\nPose pose\n' +
  `${SEP}MSG: geometry_msgs/Pose\nPoint position\nQuaternion orientation\n` +
  `${SEP}MSG: geometry_msgs/Point\nfloat64 x\nfloat64 y\nfloat64 z\n` +
  `${SEP}MSG: geometry_msgs/Quaternion\nfloat64 x 0\nfloat64 y 0\nfloat64 z 0\nfloat64 w 1\n` +
  `${SEP}MSG: std_msgs/Header\nbuiltin_interfaces/Time stamp\nstring frame_id\n` +
  `${SEP}MSG: builtin_interfaces/Time\nint32 sec\nuint32 nanosec\n`;
const IMAGE =
  'std_msgs/Header header\nstring format\nuint8[] data\n' +
  `${SEP}MSG: std_msgs/Header\nbuiltin_interfaces/Time stamp\nstring frame_id\n` +
  `${SEP}MSG: builtin_interfaces/Time\nint32 sec\nuint32 nanosec\n`;
const writer = new MessageWriter(parse(POSE_STAMPED, { ros2: true }));
const imageWriter = new MessageWriter(parse(IMAGE, { ros2: true }));
/** Deterministic incompressible bytes (the high byte of a 32-bit LCG). */
function noise(n, seed) {
  const out = new Uint8Array(n);
  let x = seed | 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) | 0;
    out[i] = x >>> 24;
  }
  return out;
}
const image = (i) => {
  const ns = T0 + BigInt(i) * 33_000_000n;
  return {
    ns,
    data: imageWriter.writeMessage({
      header: {
        stamp: { sec: Number(ns / 1_000_000_000n), nanosec: Number(ns % 1_000_000_000n) },
        frame_id: 'camera',
      },
      format: 'jpeg',
      data: noise(IMAGE_BYTES, i + 1),
    }),
  };
};
const message = (i) => {
  const ns = T0 + BigInt(i) * 10_000_000n;
  return {
    ns,
    data: writer.writeMessage({
      header: {
        stamp: { sec: Number(ns / 1_000_000_000n), nanosec: Number(ns % 1_000_000_000n) },
        frame_id: 'map',
      },
      pose: {
        position: { x: Math.sin(i / 100), y: Math.cos(i / 100), z: 0 },
        orientation: { x: 0, y: 0, z: 0, w: 1 },
      },
    }),
  };
};

const POSES = {
  type: 'geometry_msgs/msg/PoseStamped',
  topic: '/pose',
  text: POSE_STAMPED,
  count: N,
  make: (i) => message(i),
};
const IMAGES_SET = {
  type: 'sensor_msgs/msg/CompressedImage',
  topic: '/camera',
  text: IMAGE,
  count: IMAGES,
  make: (i) => image(i),
};

async function writeMcap(file, set) {
  await zstd.isLoaded;
  const parts = [];
  let size = 0n;
  const w = new McapWriter({
    writable: {
      write: (b) => {
        parts.push(b.slice());
        size += BigInt(b.byteLength);
        return Promise.resolve();
      },
      position: () => size,
    },
    chunkSize: 1024 * 1024,
    compressChunk: (data) => ({ compression: 'zstd', compressedData: zstd.compress(data, 3) }),
  });
  await w.start({ profile: 'ros2', library: 'envtrace bench' });
  const schemaId = await w.registerSchema({
    name: set.type,
    encoding: 'ros2msg',
    data: new TextEncoder().encode(set.text),
  });
  const channelId = await w.registerChannel({
    topic: set.topic,
    schemaId,
    messageEncoding: 'cdr',
    metadata: new Map(),
  });
  for (let i = 0; i < set.count; i++) {
    const m = set.make(i);
    await w.addMessage({ channelId, sequence: i, logTime: m.ns, publishTime: m.ns, data: m.data });
  }
  await w.end();
  writeFileSync(file, Buffer.concat(parts));
}

async function writeDb3(file, set) {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    'CREATE TABLE topics(id INTEGER PRIMARY KEY,name TEXT NOT NULL,type TEXT NOT NULL,serialization_format TEXT NOT NULL,offered_qos_profiles TEXT NOT NULL);' +
      'CREATE TABLE messages(id INTEGER PRIMARY KEY,topic_id INTEGER NOT NULL,timestamp INTEGER NOT NULL,data BLOB NOT NULL);',
  );
  db.run('INSERT INTO topics VALUES (1, ?, ?, ?, ?)', [set.topic, set.type, 'cdr', '']);
  db.run('BEGIN');
  const stmt = db.prepare('INSERT INTO messages VALUES (NULL, 1, ?, ?)');
  for (let i = 0; i < set.count; i++) {
    const m = set.make(i);
    // Bound as text: SQLite's INTEGER affinity stores it as the exact 64-bit integer.
    stmt.run([String(m.ns), m.data]);
  }
  stmt.free();
  db.run('COMMIT');
  writeFileSync(file, Buffer.from(db.export()));
  db.close();
}

const CHILD = `
const { importFile } = await import(process.argv[1]);
const t0 = performance.now();
const r = await importFile(process.argv[2], process.argv[3] ? { field: process.argv[3] } : {});
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ events: r.trace.length, ms, maxRssKiB: process.resourceUsage().maxRSS }));
`;

function measure(file, field) {
  const r = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', CHILD, distIndex, file, field ?? ''],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

// `--write=SET,FILE,KIND`: write one bag and exit. The bags are written in a child process so that
// this parent stays small: a child forked from a parent holding hundreds of MiB reports that in its
// own maxRSS (Linux keeps the high-water mark across exec), which would hide the reader's peak.
if (typeof args.write === 'string') {
  const [setName, file, kind] = args.write.split(',');
  const set = setName === 'images' ? IMAGES_SET : POSES;
  await (kind === 'mcap' ? writeMcap(file, set) : writeDb3(file, set));
  process.exit(0);
}

function writeBag(setName, file, kind) {
  const r = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      `--write=${setName},${file},${kind}`,
      ...process.argv.slice(2),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (r.status !== 0) throw new Error(r.stderr);
}

const baseline = JSON.parse(
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `await import(process.argv[1]); process.stdout.write(JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS }));`,
      distIndex,
    ],
    { encoding: 'utf8' },
  ).stdout,
);

const dir = mkdtempSync(join(tmpdir(), 'envtrace-bench-rosbag2-'));
try {
  const mcap = join(dir, 'bag.mcap');
  const db3 = join(dir, 'bag.db3');
  const rows = [];
  for (const [setName, set, fields] of [
    ['poses', POSES, [undefined, 'pose.position.x']],
    ['images', IMAGES_SET, ['header.stamp.sec']],
  ]) {
    writeBag(setName, mcap, 'mcap');
    writeBag(setName, db3, 'db3');
    for (const [name, file] of [
      ['mcap (zstd chunks)', mcap],
      ['db3 (sql.js)', db3],
    ]) {
      const bytes = statSync(file).size;
      for (const field of fields) {
        const m = measure(file, field);
        rows.push({ type: set.type, file: name, bytes, field: field ?? '(whole message)', ...m });
      }
    }
  }
  const result = {
    node: process.version,
    messages: N,
    images: IMAGES,
    baselineRssKiB: baseline.maxRssKiB,
    rows,
  };
  process.stdout.write(
    `${N} PoseStamped, ${IMAGES} CompressedImage messages; baseline RSS (package loaded) ${(baseline.maxRssKiB / 1024).toFixed(0)} MiB\n`,
  );
  for (const r of rows)
    process.stdout.write(
      `${r.type.split('/').pop().padEnd(16)} ${r.events.toString().padStart(7)} ${r.file.padEnd(20)} ${(r.bytes / 2 ** 20).toFixed(1).padStart(6)} MiB  ${r.field.padEnd(17)} ${r.ms.toFixed(0).padStart(6)} ms  peak RSS ${(r.maxRssKiB / 1024).toFixed(0).padStart(5)} MiB\n`,
    );
  if (args.out) {
    const out = args.out === true ? join(here, 'rosbag2-results.json') : resolve(String(args.out));
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
