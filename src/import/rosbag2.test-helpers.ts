/**
 * ROS 2 bags written by the real producers' libraries, for the rosbag2 tests: MCAP files with
 * `@mcap/core`'s `McapWriter` (chunks compressed with zstd by `@foxglove/wasm-zstd`, the codec
 * `@mcap/support` decompresses with, or as LZ4 frames by `lz4js`), messages CDR-encoded by `@foxglove/rosmsg2-serialization`'s
 * `MessageWriter` from the ROS 2 `.msg` definitions, SQLite bags written with `sql.js` in the
 * rosbag2 schema of Humble / Iron / Jazzy, and `metadata.yaml` as rosbag2 writes it (versions 5–9).
 */
import { writeFileSync } from 'node:fs';
import { McapWriter, type IWritable } from '@mcap/core';
import { parse } from '@foxglove/rosmsg';
import { MessageWriter } from '@foxglove/rosmsg2-serialization';
import * as zstd from '@foxglove/wasm-zstd';
import * as lz4 from 'lz4js';
import initSqlJs from 'sql.js';

const SEP = '================================================================================\n';
const TIME = 'int32 sec\nuint32 nanosec\n';
const HEADER = 'builtin_interfaces/Time stamp\nstring frame_id\n';

/**
 * Complete `ros2msg` definitions as rosbag2 stores them (the type's `.msg`, then each dependency
 * after the delimiter), copied from the ROS 2 interface packages (comments dropped).
 */
export const SCHEMAS: Readonly<Record<string, string>> = {
  'std_msgs/msg/Float64': 'float64 data\n',
  'std_msgs/msg/String': 'string data\n',
  'geometry_msgs/msg/PoseStamped':
    'std_msgs/Header header\nPose pose\n' +
    `${SEP}MSG: geometry_msgs/Pose\nPoint position\nQuaternion orientation\n` +
    `${SEP}MSG: geometry_msgs/Point\nfloat64 x\nfloat64 y\nfloat64 z\n` +
    `${SEP}MSG: geometry_msgs/Quaternion\nfloat64 x 0\nfloat64 y 0\nfloat64 z 0\nfloat64 w 1\n` +
    `${SEP}MSG: std_msgs/Header\n${HEADER}` +
    `${SEP}MSG: builtin_interfaces/Time\n${TIME}`,
  // The `MSG: pkg/msg/Type` form of rosbag2's message_definition_encoding.md.
  'sensor_msgs/msg/JointState':
    'std_msgs/Header header\nstring[] name\nfloat64[] position\nfloat64[] velocity\nfloat64[] effort\n' +
    `${SEP}MSG: std_msgs/msg/Header\n${HEADER}` +
    `${SEP}MSG: builtin_interfaces/msg/Time\n${TIME}`,
  'std_msgs/msg/UInt64MultiArray':
    'MultiArrayLayout layout\nuint64[] data\n' +
    `${SEP}MSG: std_msgs/MultiArrayLayout\nMultiArrayDimension[] dim\nuint32 data_offset\n` +
    `${SEP}MSG: std_msgs/MultiArrayDimension\nstring label\nuint32 size\nuint32 stride\n`,
};

/** CDR bytes of `message` as type `type` (one of `SCHEMAS`). */
export function cdr(type: string, message: unknown): Uint8Array {
  const text = SCHEMAS[type]!.replace(/^MSG: ([^/\s]+)\/msg\//gm, 'MSG: $1/');
  return new MessageWriter(parse(text, { ros2: true })).writeMessage(message);
}

/** A topic the recorder subscribed to, declared in the bag whether or not a message came. */
export interface Declared {
  readonly topic: string;
  readonly type: string;
  readonly json?: boolean;
  readonly channelEncoding?: string;
}

/** One message the test records. */
export interface Recorded {
  readonly topic: string;
  readonly type: string;
  readonly logTime: bigint;
  readonly publishTime?: bigint;
  readonly message: unknown;
  /** Write it as a `json` channel (MCAP only) instead of CDR. */
  readonly json?: boolean;
  /** The MCAP channel's message encoding, when not `cdr` / `json` (for bad-input tests). */
  readonly channelEncoding?: string;
  /** Encode the message as this type (of `SCHEMAS`) while naming it `type` (for bad-input tests). */
  readonly encodeAs?: string;
}

class Memory implements IWritable {
  private readonly parts: Uint8Array[] = [];
  private size = 0n;
  write(buffer: Uint8Array): Promise<void> {
    this.parts.push(buffer.slice());
    this.size += BigInt(buffer.byteLength);
    return Promise.resolve();
  }
  position(): bigint {
    return this.size;
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/**
 * How the MCAP file is laid out: zstd chunks (rosbag2's default), lz4 chunks (rosbag2's other
 * chunk compression), plain chunks, or no chunks.
 */
export type McapLayout = 'zstd' | 'lz4' | 'chunked' | 'unchunked';

/** An MCAP file as rosbag2 (storage `mcap`, profile `ros2`) writes one. */
export async function mcapBytes(
  messages: readonly Recorded[],
  layout: McapLayout = 'zstd',
  chunkSize = 1024,
  declared: readonly Declared[] = [],
): Promise<Buffer> {
  await zstd.isLoaded;
  const out = new Memory();
  const writer = new McapWriter({
    writable: out,
    useChunks: layout !== 'unchunked',
    chunkSize,
    compressChunk:
      layout === 'zstd'
        ? (data) => ({ compression: 'zstd', compressedData: zstd.compress(data, 3) })
        : layout === 'lz4'
          ? // An LZ4 frame (MCAP's lz4), as @mcap/support's decompressor reads it.
            (data) => ({ compression: 'lz4', compressedData: lz4.compress(data) })
          : undefined,
  });
  await writer.start({ profile: 'ros2', library: 'envtrace test (rosbag2 layout)' });
  const channels = new Map<string, number>();
  const schemas = new Map<string, number>();
  let sequence = 0;
  const channelOf = async (m: Declared): Promise<number> => {
    let channelId = channels.get(m.topic);
    if (channelId === undefined) {
      let schemaId = schemas.get(m.type);
      if (schemaId === undefined) {
        schemaId = await writer.registerSchema(
          m.json === true
            ? { name: m.type, encoding: 'jsonschema', data: new TextEncoder().encode('{}') }
            : {
                name: m.type,
                encoding: 'ros2msg',
                data: new TextEncoder().encode(SCHEMAS[m.type]),
              },
        );
        schemas.set(m.type, schemaId);
      }
      channelId = await writer.registerChannel({
        topic: m.topic,
        schemaId,
        messageEncoding: m.channelEncoding ?? (m.json === true ? 'json' : 'cdr'),
        metadata: new Map([['offered_qos_profiles', '']]),
      });
      channels.set(m.topic, channelId);
    }
    return channelId;
  };
  for (const d of declared) await channelOf(d);
  for (const m of messages) {
    const channelId = await channelOf(m);
    await writer.addMessage({
      channelId,
      sequence: sequence++,
      logTime: m.logTime,
      publishTime: m.publishTime ?? m.logTime,
      data:
        m.json === true
          ? new TextEncoder().encode(JSON.stringify(m.message))
          : cdr(m.encodeAs ?? m.type, m.message),
    });
  }
  await writer.end();
  return out.bytes();
}

/** The ROS 2 distribution whose rosbag2 SQLite schema and metadata.yaml to write. */
export type Distro = 'humble' | 'iron' | 'jazzy';

/** metadata.yaml version each distribution writes. */
export const METADATA_VERSION: Readonly<Record<Distro, number>> = { humble: 5, iron: 8, jazzy: 9 };

/** A rosbag2 SQLite file (`.db3`) in `distro`'s schema. `definitions`: fill message_definitions (Iron and later). */
export async function db3Bytes(
  messages: readonly Recorded[],
  distro: Distro,
  definitions = distro !== 'humble',
  declared: readonly Declared[] = [],
): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  const hashed = distro !== 'humble';
  db.run(
    'CREATE TABLE schema(schema_version INTEGER PRIMARY KEY,ros_distro TEXT NOT NULL);' +
      'CREATE TABLE metadata(id INTEGER PRIMARY KEY,metadata_version INTEGER NOT NULL,metadata TEXT NOT NULL);' +
      `CREATE TABLE topics(id INTEGER PRIMARY KEY,name TEXT NOT NULL,type TEXT NOT NULL,serialization_format TEXT NOT NULL,offered_qos_profiles TEXT NOT NULL${hashed ? ',type_description_hash TEXT NOT NULL' : ''});` +
      'CREATE TABLE messages(id INTEGER PRIMARY KEY,topic_id INTEGER NOT NULL,timestamp INTEGER NOT NULL,data BLOB NOT NULL);' +
      'CREATE INDEX timestamp_idx ON messages (timestamp ASC);',
  );
  if (hashed)
    db.run(
      'CREATE TABLE message_definitions(id INTEGER PRIMARY KEY,topic_type TEXT NOT NULL,encoding TEXT NOT NULL,encoded_message_definition TEXT NOT NULL,type_description_hash TEXT NOT NULL);',
    );
  db.run('INSERT INTO schema VALUES (?, ?)', [hashed ? 4 : 3, distro]);
  const topics = new Map<string, number>();
  const defined = new Set<string>();
  const topicOf = (m: Declared & { readonly encodeAs?: string }): number => {
    let id = topics.get(m.topic);
    if (id === undefined) {
      id = topics.size + 1;
      topics.set(m.topic, id);
      db.run(`INSERT INTO topics VALUES (?, ?, ?, 'cdr', ''${hashed ? ", 'RIHS01_00'" : ''})`, [
        id,
        m.topic,
        m.type,
      ]);
      if (hashed && definitions && !defined.has(m.type)) {
        defined.add(m.type);
        db.run("INSERT INTO message_definitions VALUES (NULL, ?, 'ros2msg', ?, 'RIHS01_00')", [
          m.type,
          SCHEMAS[m.encodeAs ?? m.type]!,
        ]);
      }
    }
    return id;
  };
  for (const d of declared) topicOf(d);
  for (const m of messages) {
    const id = topicOf(m);
    // The timestamp as SQL text: a JS number cannot hold nanoseconds since the epoch exactly.
    db.run(`INSERT INTO messages VALUES (NULL, ?, ${m.logTime}, ?)`, [
      id,
      cdr(m.encodeAs ?? m.type, m.message),
    ]);
  }
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

/** A metadata.yaml as rosbag2 of `distro` writes it for `files` (each with its messages). */
export function metadataYaml(
  distro: Distro,
  storage: 'mcap' | 'sqlite3',
  files: ReadonlyArray<{ readonly path: string; readonly messages: readonly Recorded[] }>,
  count = files.reduce((n, f) => n + f.messages.length, 0),
): string {
  const version = METADATA_VERSION[distro];
  const all = files.flatMap((f) => f.messages);
  const times = all.map((m) => m.logTime);
  const start = times.reduce((a, b) => (b < a ? b : a), times[0] ?? 0n);
  const end = times.reduce((a, b) => (b > a ? b : a), times[0] ?? 0n);
  const topics = [...new Map(all.map((m) => [m.topic, m.type])).entries()];
  const qos =
    version >= 9
      ? '\n          - history: keep_last\n            depth: 10\n            reliability: reliable\n            durability: volatile'
      : ' "- history: 3\\n  depth: 0\\n  reliability: 1\\n  durability: 2\\n"';
  const lines = [
    'rosbag2_bagfile_information:',
    `  version: ${version}`,
    `  storage_identifier: ${storage}`,
    '  duration:',
    `    nanoseconds: ${end - start}`,
    '  starting_time:',
    `    nanoseconds_since_epoch: ${start}`,
    `  message_count: ${count}`,
    '  topics_with_message_count:',
    ...topics.flatMap(([name, type]) => [
      '    - topic_metadata:',
      `        name: ${name}`,
      `        type: ${type}`,
      '        serialization_format: cdr',
      `        offered_qos_profiles:${qos}`,
      ...(version >= 8 ? ['        type_description_hash: RIHS01_00'] : []),
      `      message_count: ${all.filter((m) => m.topic === name).length}`,
    ]),
    '  compression_format: ""',
    '  compression_mode: ""',
    '  relative_file_paths:',
    ...files.map((f) => `    - ${f.path}`),
    '  files:',
    ...files.flatMap((f) => [
      `    - path: ${f.path}`,
      '      starting_time:',
      `        nanoseconds_since_epoch: ${f.messages[0]?.logTime ?? 0n}`,
      '      duration:',
      '        nanoseconds: 0',
      `      message_count: ${f.messages.length}`,
    ]),
    ...(version >= 6 ? ['  custom_data: ~'] : []),
    ...(version >= 7 ? [`  ros_distro: ${distro}`] : []),
    '',
  ];
  return lines.join('\n');
}

/** Write `bytes` to `file` (test helper). */
export function put(file: string, bytes: string | Uint8Array): void {
  writeFileSync(file, bytes);
}
