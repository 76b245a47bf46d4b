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
//   node bench/rosbag2.mjs --pair[=1000000] [--db3] [--out[=FILE]]
//
// `--pair`: the bag-pair family instead: a golden and a predicted recording of N messages each
// (MCAP; with --db3 also as .db3), compared by the CLI and by the API phase by phase, beside the
// same events as envtrace JSON (see the pair section below).
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
import { rotationMessage } from './worst-case-traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const distIndex = pathToFileURL(resolve(here, '../dist/index.js')).href;
const distEngine = pathToFileURL(resolve(here, '../dist/engine.js')).href;

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

const POSE_TOPIC = { topic: '/pose', type: 'geometry_msgs/msg/PoseStamped', text: POSE_STAMPED };
const POSES = { topics: [POSE_TOPIC], count: N, make: (i) => ({ on: 0, ...message(i) }) };
const IMAGES_SET = {
  topics: [{ topic: '/camera', type: 'sensor_msgs/msg/CompressedImage', text: IMAGE }],
  count: IMAGES,
  make: (i) => ({ on: 0, ...image(i) }),
};

// The pair family (`--pair=N`): a golden and a predicted recording of N messages each on three
// topics (half PoseStamped, three tenths Float64, a fifth String; 1 ms apart), the prediction with
// 1.5 % of the messages dropped, 2 % with another value and every log time shifted by up to 0.2 ms.
const FLOAT64 = 'float64 data\n';
const STRING = 'string data\n';
const PAIR_TOPICS = [
  POSE_TOPIC,
  { topic: '/cmd', type: 'std_msgs/msg/Float64', text: FLOAT64 },
  { topic: '/state', type: 'std_msgs/msg/String', text: STRING },
];
const pairWriters = PAIR_TOPICS.map((t) => new MessageWriter(parse(t.text, { ros2: true })));
function pairMessage(i, pred) {
  const msg = rotationMessage(i, pred, Number(T0 / 1_000_000_000n));
  if (msg === undefined) return undefined;
  // The header stamp is the sample's time; the log time (when the recorder got it) lags it.
  const ns = T0 + BigInt(i) * 1_000_000n + BigInt(msg.lateUs) * 1000n;
  return { on: msg.on, ns, data: pairWriters[msg.on].writeMessage(msg.value) };
}
const PAIR_N = Number(args.pair === true ? 1000000 : (args.pair ?? 0));
const PAIR_GT = { topics: PAIR_TOPICS, count: PAIR_N, make: (i) => pairMessage(i, false) };
const PAIR_PRED = { topics: PAIR_TOPICS, count: PAIR_N, make: (i) => pairMessage(i, true) };

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
  const channelIds = [];
  for (const t of set.topics) {
    const schemaId = await w.registerSchema({
      name: t.type,
      encoding: 'ros2msg',
      data: new TextEncoder().encode(t.text),
    });
    channelIds.push(
      await w.registerChannel({
        topic: t.topic,
        schemaId,
        messageEncoding: 'cdr',
        metadata: new Map(),
      }),
    );
  }
  for (let i = 0; i < set.count; i++) {
    const m = set.make(i);
    if (m === undefined) continue;
    await w.addMessage({
      channelId: channelIds[m.on],
      sequence: i,
      logTime: m.ns,
      publishTime: m.ns,
      data: m.data,
    });
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
  for (const [k, t] of set.topics.entries())
    db.run('INSERT INTO topics VALUES (?, ?, ?, ?, ?)', [k + 1, t.topic, t.type, 'cdr', '']);
  db.run('BEGIN');
  const stmt = db.prepare('INSERT INTO messages VALUES (NULL, ?, ?, ?)');
  for (let i = 0; i < set.count; i++) {
    const m = set.make(i);
    if (m === undefined) continue;
    // Bound as text: SQLite's INTEGER affinity stores it as the exact 64-bit integer.
    stmt.run([m.on + 1, String(m.ns), m.data]);
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
    ['--input-type=module', '-e', CHILD, distEngine, file, field ?? ''],
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
  const set = { images: IMAGES_SET, gt: PAIR_GT, pred: PAIR_PRED }[setName] ?? POSES;
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

// `--pair=N`: the pair family. Both bags are written (MCAP, and with `--db3` the .db3 pair too),
// converted to envtrace JSON by the CLI, then each pair is compared with `aligner: difflib` (as
// bench/scale.mjs times the JSON path's 10^6 events; the default aligner's time is the aligner's,
// not the reading's): by the CLI under
// `/usr/bin/time -v` (wall and user time, peak RSS of the process tree's largest process) and by
// the API in a fresh child that times each phase on its CPU clock. The JSON pair of the same events is the yardstick.
const PHASES = `
const [index, engine, gtFile, predFile, json] = process.argv.slice(1);
const { evaluate, Trace } = await import(index);
const { importFile, reportChunks } = await import(engine);
const { readFileSync, openSync, writeSync, closeSync } = await import('node:fs');
// CPU time (user + system) of this process: steadier than wall time on a shared machine.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = {};
let t0 = cpu();
if (json === 'json') {
  const texts = [readFileSync(gtFile, 'utf8'), readFileSync(predFile, 'utf8')];
  t0 = cpu();
  texts.map((t) => JSON.parse(t));
  out.jsonParseMs = cpu() - t0;
  t0 = cpu();
}
const gt = (await importFile(gtFile)).trace;
const pred = (await importFile(predFile)).trace;
out.importMs = cpu() - t0;
t0 = cpu();
const rebuilt = [new Trace(gt.events), new Trace(pred.events)];
out.buildTraceMs = cpu() - t0;
t0 = cpu();
const result = evaluate(gt, pred, { aligner: 'difflib' });
out.evaluateMs = cpu() - t0;
t0 = cpu();
const fd = openSync(gtFile + '.report.json', 'w');
for (const chunk of reportChunks(result)) writeSync(fd, chunk);
closeSync(fd);
out.reportMs = cpu() - t0;
out.events = [gt.length, pred.length];
out.score = result.full_score;
out.maxRssKiB = process.resourceUsage().maxRSS;
process.stdout.write(JSON.stringify(out));
`;

function phases(gtFile, predFile, json) {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      PHASES,
      distIndex,
      distEngine,
      gtFile,
      predFile,
      json ? 'json' : '',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const cli = resolve(here, '../dist/cli.js');
/** One CLI run under `/usr/bin/time -v`: exit code, wall seconds, peak RSS (KiB), stderr's first line. */
function timedCli(argv) {
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, ...argv], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const field = (name) => new RegExp(`${name}: (.*)`).exec(r.stderr)?.[1];
  const wall = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)')
    .split(':')
    .reduce((acc, x) => acc * 60 + Number(x), 0);
  const status = Number(/Exit status: (\d+)/.exec(r.stderr)?.[1]);
  return {
    status,
    wallS: wall,
    userS: Number(field('User time \\(seconds\\)')),
    maxRssKiB: Number(field('Maximum resident set size \\(kbytes\\)')),
    stderr: r.stderr.split('\n\tCommand being timed')[0].trim(),
  };
}

if (PAIR_N > 0) {
  const dir = mkdtempSync(join(tmpdir(), 'envtrace-bench-bag-pair-'));
  const kinds = [['mcap', 'mcap'], ...(args.db3 ? [['db3', 'db3']] : [])];
  const rows = [];
  try {
    for (const [kind, ext] of kinds) {
      const files = ['gt', 'pred'].map((n) => join(dir, `${n}.${ext}`));
      writeBag('gt', files[0], kind);
      writeBag('pred', files[1], kind);
      const json = files.map((f) => `${f}.json`);
      for (const [i, f] of files.entries()) {
        const c = spawnSync(process.execPath, [cli, 'convert', f, '--out', json[i]], {
          encoding: 'utf8',
        });
        if (c.status !== 0) throw new Error(c.stderr);
      }
      const report = join(dir, 'report.json');
      const config = join(dir, 'envtrace.yaml');
      writeFileSync(config, 'aligner: difflib\n');
      for (const [input, pair] of [
        [kind, files],
        ['json', json],
      ]) {
        const run = timedCli([
          'evaluate',
          '--gt',
          pair[0],
          '--pred',
          pair[1],
          '--config',
          config,
          '--out',
          report,
        ]);
        if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr);
        rows.push({
          input,
          bytes: statSync(pair[0]).size + statSync(pair[1]).size,
          cli: run,
          api: phases(pair[0], pair[1], input === 'json'),
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const mib = (k) => `${(k / 1024).toFixed(0)} MiB`;
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  process.stdout.write(`bag pair: ${PAIR_N} messages each (gt / pred), Node ${process.version}\n`);
  for (const r of rows)
    process.stdout.write(
      `${r.input.padEnd(5)} ${(r.bytes / 2 ** 20).toFixed(1).padStart(6)} MiB  CLI ${r.cli.wallS.toFixed(2)} s (user ${r.cli.userS.toFixed(2)} s) peak ${mib(r.cli.maxRssKiB)} (exit ${r.cli.status})  ` +
        `API: ${r.api.jsonParseMs !== undefined ? `JSON.parse ${s(r.api.jsonParseMs)}, ` : ''}import ${s(r.api.importMs)} (new Trace ${s(r.api.buildTraceMs)}), evaluate ${s(r.api.evaluateMs)}, report ${s(r.api.reportMs)}, peak ${mib(r.api.maxRssKiB)}; events ${r.api.events.join(' / ')}, score ${r.api.score}\n`,
    );
  if (args.out) {
    const out =
      args.out === true ? join(here, 'rosbag2-pair-results.json') : resolve(String(args.out));
    writeFileSync(
      out,
      `${JSON.stringify({ node: process.version, messages: PAIR_N, rows }, null, 2)}\n`,
    );
  }
  process.exit(0);
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
        rows.push({
          type: set.topics[0].type,
          file: name,
          bytes,
          field: field ?? '(whole message)',
          ...m,
        });
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
