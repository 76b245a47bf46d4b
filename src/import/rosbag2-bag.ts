/**
 * ROS 2 bags as `ros2 bag record` writes them: a run directory (`metadata.yaml` plus its storage
 * files, split bags in the order the metadata lists them), or one storage file: MCAP (read as a
 * stream with `@mcap/core`, zstd / lz4 / bz2 chunks decompressed by `@mcap/support`) or SQLite
 * `.db3` (read with `sql.js`). One event per message: topic → channel, the decoded message (or
 * the selected field) → value, `log_time` (MCAP) / `timestamp` (SQLite) → time, exact.
 *
 * Memory, worst case: the events themselves, plus for MCAP one read buffer (64 KiB) and the
 * largest record (a chunk: its compressed and its decompressed bytes); for SQLite the whole
 * `.db3` file, which `sql.js` holds in memory (it has no file access in Node). Files of a split
 * bag are read one after another, so only one is open at a time.
 *
 * The decompressors and SQLite are WebAssembly, loaded asynchronously: these bags are read by
 * the asynchronous API only (`loadTrace`, `importFile`, the CLI). `read.ts` loads this module
 * (and its libraries) only when an input is a bag (`rosbag2-input.ts` tells).
 */
import { constants } from 'node:fs';
import { open, readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { McapStreamReader, type McapTypes } from '@mcap/core';
import type initSqlJs from 'sql.js';
import { parseDocument } from 'yaml';
import { TraceError } from '../errors.js';
import { JsonSyntaxError, parsePyJson } from '../py/json.js';
import { isPlainObject } from '../py/value.js';
import type { ScoringPolicy } from '../policy/index.js';
import { isJsonLinesName } from '../trace/parse.js';
import { readPolicy } from '../trace/trace.js';
import type { TraceEvent } from '../trace/types.js';
import { CHUNK_SIZE } from '../io/lines.js';
import {
  parseFieldSelectors,
  selectPath,
  selectorFor,
  type FieldSelector,
} from './rosbag2-fields.js';
import { MAGIC_BYTES, storageKindOf, type BagInput, type StorageKind } from './rosbag2-input.js';
import { cdrDecoder, commonCdrDecoder, type MessageDecoder } from './rosbag2-messages.js';
import { NanoEvents } from './time.js';
import { importValue } from './values.js';
import { noEventsError, type ImportWarning } from './warnings.js';

/**
 * Something worth knowing that did not stop the import (a metadata count that does not match the
 * files, a metadata version not tested). `code` is stable; `location` names the file (and topic).
 */
export type BagWarning = ImportWarning;

/** What reading a bag gives. */
export interface BagImport {
  /** Ordered by time, relative to the earliest message (as every importer's events). */
  readonly events: TraceEvent[];
  readonly warnings: BagWarning[];
  /** The storage files read, in order. */
  readonly files: readonly string[];
  /**
   * A run directory whose storage files are all missing, with its decoded messages beside
   * `metadata.yaml` (`standInOf`): nothing was read (`events` and `files` are empty); the caller
   * reads this file instead.
   */
  readonly standIn?: DecodedStandIn;
}

/** Options of `readBag`. */
export interface BagOptions {
  readonly mode?: 'default' | 'reference' | undefined;
  /** A resolved policy (wins over `mode`). */
  readonly policy?: ScoringPolicy | undefined;
  /** Message-field selectors (`pose.position.x`, `/odom:pose.pose.position`): see `parseFieldSelectors`. */
  readonly field?: string | readonly string[] | undefined;
}

/** A `metadata.yaml` is a few kilobytes; anything this large is not one. */
const MAX_METADATA_BYTES = 4 * 1024 * 1024;
/** `sql.js` holds a database in a WebAssembly memory, which cannot exceed 2 GiB here. */
const MAX_SQLITE_BYTES = 2 ** 31 - 1;
/** The rosbag2 metadata versions this importer was tested with (Humble 5 … Jazzy 9). */
const TESTED_VERSIONS = { min: 5, max: 9 };

/**
 * Open `file` for reading only if it is a regular file. `O_NONBLOCK` makes opening a FIFO return
 * at once instead of waiting for a writer; `fstat` on the open file then refuses it (and a
 * device or directory), with no window between the check and the reading.
 */
async function openRegular(file: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : String((e as Error).message);
    throw new TraceError(`cannot read trace: ${why}`, { file }, { cause: e });
  }
  const st = await handle.stat();
  if (!st.isFile()) {
    await handle.close();
    throw new TraceError(
      `cannot read trace: not a regular file (${st.isDirectory() ? 'a directory' : st.isFIFO() ? 'a FIFO' : 'a device or socket'})`,
      { file },
    );
  }
  return { handle, size: st.size };
}

/** A caught error's message (libraries throw `Error`s; anything else as text). */
function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** State shared by the files of one bag. */
class Collector {
  /** The messages' events, as columns (a `RawEvent` each would double the memory of 10^6 messages). */
  readonly events = new NanoEvents();
  readonly warnings: BagWarning[] = [];
  readonly selectors: readonly FieldSelector[];
  readonly reference: boolean;
  /** Every topic a storage file declares (MCAP Channel records, the SQLite topics table), messages or not. */
  readonly topics = new Set<string>();

  constructor(options: BagOptions) {
    this.selectors = parseFieldSelectors(options.field);
    this.reference = readPolicy(options).readValues === 'python';
  }

  /**
   * One message: decoded, the selected field (if any) picked from the decoded message and only
   * that part made plain. A decoding error names the topic and where the message is.
   */
  add(
    file: string,
    topic: string,
    ns: bigint,
    decoder: MessageDecoder,
    data: Uint8Array,
    meta: Record<string, unknown>,
    where: string,
  ): void {
    let decoded: unknown;
    try {
      decoded = decoder.read(data);
    } catch (e) {
      throw decodeError(file, topic, e, where);
    }
    const sel = selectorFor(topic, this.selectors);
    const part = sel ? selectPath(decoded, sel, topic, { file, path: where }) : decoded;
    const value = decoder.plain(part, sel?.steps ?? []);
    this.events.add(topic, ns, value, meta);
  }
}

let handlersPromise: Promise<McapTypes.DecompressHandlers> | undefined;
/** zstd / lz4 / bz2 (WebAssembly, with protobufjs): loaded on the first MCAP file only. */
function decompressHandlers(): Promise<McapTypes.DecompressHandlers> {
  return (handlersPromise ??= import('@mcap/support').then((m) => m.loadDecompressHandlers()));
}

/** A decoder for JSON-encoded messages (MCAP `json` channels): exact numbers, values as the mode wants. */
function jsonDecoder(reference: boolean): MessageDecoder {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  return {
    read: (data) =>
      importValue(parsePyJson(utf8.decode(data), { preserveNumberKinds: true }), {
        mode: reference ? 'reference' : 'default',
      }),
    plain: (part) => part,
  };
}

function decodeError(file: string, topic: string, e: unknown, where: string): TraceError {
  const why =
    e instanceof JsonSyntaxError
      ? `${e.reason} at ${e.line}:${e.column}`
      : e instanceof TypeError && /Invalid typed array length|Offset is outside/.test(e.message)
        ? 'the message is shorter than its type says'
        : errorText(e);
  return bagError(file, where, `${topic}: cannot decode the message (${why})`);
}

/** The decoder of one MCAP channel, or a `TraceError` naming what cannot be decoded. */
function mcapDecoder(
  file: string,
  channel: McapTypes.Channel,
  schema: McapTypes.Schema | undefined,
  reference: boolean,
): MessageDecoder {
  const enc = channel.messageEncoding;
  if (enc === 'json') return jsonDecoder(reference);
  if (enc === 'cdr') {
    if (schema !== undefined && schema.encoding === 'ros2msg') {
      try {
        return cdrDecoder(new TextDecoder().decode(schema.data), reference);
      } catch (e) {
        throw new TraceError(
          `${channel.topic}: cannot decode type ${schema.name}: its ros2msg definition does not parse (${errorText(e)})`,
          { file },
        );
      }
    }
    const common = schema && commonCdrDecoder(schema.name, reference);
    if (common) return common;
    throw new TraceError(
      schema === undefined
        ? `${channel.topic}: cannot decode its cdr messages: the channel has no schema`
        : `${channel.topic}: cannot decode type ${schema.name}: its schema is ${schema.encoding === '' ? 'empty' : `in ${schema.encoding}`} (envtrace reads ros2msg definitions) and it is not a common ROS 2 type`,
      { file },
    );
  }
  throw new TraceError(
    `${channel.topic}: cannot decode message encoding ${JSON.stringify(enc)}${schema ? ` (type ${schema.name})` : ''}; envtrace reads cdr (ROS 2) and json`,
    { file },
  );
}

/** Read one MCAP file as a stream of records into `out`; returns the number of messages. */
async function readMcap(file: string, out: Collector): Promise<number> {
  const { handle } = await openRegular(file);
  const reader = new McapStreamReader({ decompressHandlers: await decompressHandlers() });
  const schemas = new Map<number, McapTypes.Schema>();
  const channels = new Map<number, McapTypes.Channel>();
  const decoders = new Map<number, MessageDecoder>();
  let count = 0;
  const invalid = (e: unknown): TraceError =>
    e instanceof TraceError
      ? e
      : new TraceError(`not a valid MCAP file (${errorText(e)})`, { file });
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_SIZE);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      try {
        reader.append(buffer.subarray(0, bytesRead));
        for (let r = reader.nextRecord(); r !== undefined; r = reader.nextRecord()) {
          if (r.type === 'Schema') schemas.set(r.id, r);
          else if (r.type === 'Channel') {
            channels.set(r.id, r);
            out.topics.add(r.topic);
          } else if (r.type === 'Message') {
            count++;
            const where = `message ${count}`;
            const channel = channels.get(r.channelId);
            if (channel === undefined)
              throw bagError(
                file,
                where,
                `a message on channel ${r.channelId}, which has no Channel record`,
              );
            let decode = decoders.get(r.channelId);
            if (decode === undefined) {
              decode = mcapDecoder(file, channel, schemas.get(channel.schemaId), out.reference);
              decoders.set(r.channelId, decode);
            }
            const logTime = String(r.logTime);
            // Most recorders write the same time twice: one string then serves both keys.
            const publishTime = r.publishTime === r.logTime ? logTime : String(r.publishTime);
            const type = schemas.get(channel.schemaId)?.name ?? '';
            // Whole literals: a key added to an object afterwards goes to a separate property
            // store, which costs about 40 bytes a message.
            const meta =
              type === ''
                ? { log_time: logTime, publish_time: publishTime, sequence: r.sequence }
                : { log_time: logTime, publish_time: publishTime, sequence: r.sequence, type };
            out.add(file, channel.topic, r.logTime, decode, r.data, meta, where);
          }
        }
      } catch (e) {
        throw invalid(e);
      }
      if (reader.done()) break;
    }
    if (!reader.done())
      throw new TraceError(
        `truncated MCAP file: it ends ${reader.bytesRemaining() > 0 ? 'inside a record' : 'before its footer'} (after ${count} messages); mcap recover repairs such a file`,
        { file },
      );
    return count;
  } finally {
    await handle.close();
  }
}

type SqlStatic = Awaited<ReturnType<typeof initSqlJs>>;
let sqlPromise: Promise<SqlStatic> | undefined;
/** sql.js: loaded on the first SQLite file only. */
function sqlJs(): Promise<SqlStatic> {
  return (sqlPromise ??= import('sql.js').then((m) => m.default()));
}

/** Read one rosbag2 SQLite file into `out`; returns the number of messages. */
async function readSqlite(file: string, out: Collector): Promise<number> {
  const { handle, size } = await openRegular(file);
  let bytes: Uint8Array;
  try {
    if (size > MAX_SQLITE_BYTES)
      throw new TraceError(
        `the SQLite bag is ${size} bytes, more than sql.js can hold (2 GiB); record with -s mcap or convert it with ros2 bag convert`,
        { file },
      );
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  const SQL = await sqlJs();
  const db = new SQL.Database(bytes);
  try {
    const query = (sql: string): unknown[][] => {
      try {
        return db.exec(sql)[0]?.values ?? [];
      } catch (e) {
        // sql.js opens any bytes; the first query tells a damaged or foreign file.
        const why = errorText(e);
        throw new TraceError(
          /malformed/.test(why)
            ? `a damaged SQLite database (${why}): cut short or overwritten, as when the recorder is killed; sqlite3 FILE .recover may save its messages`
            : /not a database/.test(why)
              ? `not a SQLite database (${why})`
              : `not a rosbag2 SQLite bag (${why})`,
          { file },
        );
      }
    };
    const tables = new Set(
      query("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r[0])),
    );
    for (const t of ['topics', 'messages'])
      if (!tables.has(t))
        throw new TraceError(
          `not a rosbag2 SQLite bag: no ${t} table (found: ${[...tables].join(', ') || 'none'})`,
          { file },
        );
    const definitions = new Map<string, string>();
    if (tables.has('message_definitions'))
      for (const [type, encoding, text] of query(
        'SELECT topic_type, encoding, encoded_message_definition FROM message_definitions',
      ))
        if (encoding === 'ros2msg' && typeof text === 'string' && text !== '')
          definitions.set(String(type), text);
    const topics = new Map<number, { name: string; type: string; format: string }>();
    for (const [id, name, type, format] of query(
      'SELECT id, name, type, serialization_format FROM topics',
    )) {
      topics.set(Number(id), { name: String(name), type: String(type), format: String(format) });
      out.topics.add(String(name));
    }
    const decoders = new Map<number, MessageDecoder>();
    const decoderOf = (id: number, topic: { name: string; type: string; format: string }) => {
      let d = decoders.get(id);
      if (d !== undefined) return d;
      if (topic.format !== 'cdr')
        throw new TraceError(
          `${topic.name}: cannot decode serialization format ${JSON.stringify(topic.format)} (type ${topic.type}); envtrace reads cdr`,
          { file },
        );
      const text = definitions.get(topic.type);
      try {
        d = text !== undefined ? cdrDecoder(text, out.reference) : undefined;
      } catch (e) {
        throw new TraceError(
          `${topic.name}: cannot decode type ${topic.type}: its ros2msg definition does not parse (${errorText(e)})`,
          { file },
        );
      }
      d ??= commonCdrDecoder(topic.type, out.reference);
      if (d === undefined)
        throw new TraceError(
          `${topic.name}: cannot decode type ${topic.type}: the bag holds no definition of it (message_definitions, rosbag2 Iron and later) and it is not a common ROS 2 type; record with -s mcap, which stores the definitions`,
          { file },
        );
      decoders.set(id, d);
      return d;
    };
    // The timestamp as text: an INTEGER read as a JS number would lose nanoseconds beyond 2^53.
    const stmt = db.prepare(
      'SELECT id, topic_id, CAST(timestamp AS TEXT), data FROM messages ORDER BY timestamp, id',
    );
    let count = 0;
    try {
      while (stmt.step()) {
        count++;
        const [rowId, topicId, ts, data] = stmt.get();
        const where = `messages[id=${String(rowId)}]`;
        const topic = topics.get(Number(topicId));
        if (topic === undefined)
          throw bagError(file, where, `topic_id ${String(topicId)} is not in the topics table`);
        if (typeof ts !== 'string' || !/^\d+$/.test(ts))
          throw bagError(file, where, `timestamp: expected integer nanoseconds, got ${String(ts)}`);
        if (!(data instanceof Uint8Array)) throw bagError(file, where, 'data: expected a BLOB');
        const decode = decoderOf(Number(topicId), topic);
        out.add(
          file,
          topic.name,
          BigInt(ts),
          decode,
          data,
          { log_time: ts, type: topic.type },
          where,
        );
      }
    } finally {
      stmt.free();
    }
    return count;
  } finally {
    db.close();
  }
}

async function readStorage(file: string, kind: StorageKind, out: Collector): Promise<number> {
  return kind === 'mcap' ? readMcap(file, out) : readSqlite(file, out);
}

/** The storage kind of `file`, from its first bytes; a `TraceError` when it is neither. */
async function storageKindOfFile(file: string): Promise<StorageKind> {
  const { handle } = await openRegular(file);
  try {
    const head = Buffer.alloc(MAGIC_BYTES);
    const { bytesRead } = await handle.read(head, 0, MAGIC_BYTES, 0);
    const kind = storageKindOf(head.subarray(0, bytesRead));
    if (kind === undefined)
      throw new TraceError(
        bytesRead === 0
          ? 'the storage file is empty'
          : 'not an MCAP or SQLite file (neither magic number at its start)',
        { file },
      );
    return kind;
  } finally {
    await handle.close();
  }
}

/** What `metadata.yaml` says this importer uses. */
interface RunMetadata {
  readonly version: number;
  readonly files: readonly string[];
  readonly messageCount: number | undefined;
}

/**
 * An error at `where` in a bag: a message (`message 3`, `messages[id=7]`) or a metadata.yaml key
 * path, already written as a person reads it. It goes before the reason as text, not as a
 * JSON path (`file: message 3: …`).
 */
function bagError(file: string, where: string | undefined, message: string): TraceError {
  return new TraceError(message, { file, place: where });
}

/** Parse and check a run directory's `metadata.yaml`. */
async function readMetadata(dir: string): Promise<RunMetadata> {
  const file = path.join(dir, 'metadata.yaml');
  const { handle, size } = await openRegular(file);
  let text: string;
  try {
    if (size > MAX_METADATA_BYTES)
      throw new TraceError(`${size} bytes is too large for a rosbag2 metadata.yaml`, { file });
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const at = e.linePos?.[0];
    throw new TraceError(
      `${at ? `${at.line}:${at.col}: ` : ''}not valid YAML (${e.message.split('\n')[0]})`,
      { file },
    );
  }
  const root: unknown = doc.toJS({ maxAliasCount: 100 });
  const info = isPlainObject(root) ? root['rosbag2_bagfile_information'] : undefined;
  if (!isPlainObject(info))
    throw bagError(
      file,
      '',
      'expected a rosbag2 metadata.yaml: rosbag2_bagfile_information is missing',
    );
  const at = (k: string): string => `rosbag2_bagfile_information.${k}`;
  const version = info['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw bagError(file, at('version'), 'expected a positive integer');
  const compression = info['compression_mode'];
  if (
    compression !== undefined &&
    compression !== null &&
    compression !== '' &&
    compression !== 'NONE'
  )
    throw bagError(
      file,
      at('compression_mode'),
      `${JSON.stringify(compression)}-compressed bags are not read (MCAP chunk compression is); decompress it with ros2 bag convert`,
    );
  let files: unknown = info['relative_file_paths'];
  let where = at('relative_file_paths');
  if (files === undefined && Array.isArray(info['files'])) {
    files = (info['files'] as unknown[]).map((f) => (isPlainObject(f) ? f['path'] : f));
    where = at('files');
  }
  if (!Array.isArray(files) || files.length === 0)
    throw bagError(file, where, 'expected a non-empty list of the storage files');
  files.forEach((f, i) => {
    if (typeof f !== 'string' || f === '')
      throw bagError(file, `${where}[${i}]`, 'expected a file name');
  });
  const count = info['message_count'];
  return {
    version,
    files: files as string[],
    messageCount: typeof count === 'number' && Number.isInteger(count) ? count : undefined,
  };
}

/**
 * A listed storage file's path inside `dir`. Older rosbag2 (Foxy) wrote the paths relative to the
 * directory's parent (`run/run_0.db3`); such a prefix is dropped. A path leaving the directory is
 * refused, so that a bag cannot make the importer read other files.
 */
function storagePath(dir: string, listed: string, where: string): string {
  const meta = path.join(dir, 'metadata.yaml');
  const parts = listed.split(/[\\/]/);
  const rel = parts.length > 1 && parts[0] === path.basename(dir) ? parts.slice(1) : parts;
  if (path.isAbsolute(listed) || rel.some((p) => p === '..' || p === ''))
    throw bagError(meta, where, `${JSON.stringify(listed)} is not a file inside the run directory`);
  return path.join(dir, ...rel);
}

/**
 * `message-count` when `metadata.yaml` (`metaFile`) counts other messages than were read
 * (`held`, by what `holder` names: "the storage files hold", "run.jsonl holds"); none otherwise.
 */
export function messageCountWarning(
  metaFile: string,
  counted: number | undefined,
  held: number,
  holder: string,
): ImportWarning[] {
  return counted === undefined || counted === held
    ? []
    : [
        {
          code: 'message-count',
          message: `metadata.yaml counts ${counted} messages, ${holder} ${held}`,
          file: metaFile,
        },
      ];
}

/** A run directory's decoded messages, read in place of its missing storage files (`standInOf`). */
export interface DecodedStandIn {
  /** The one `*.jsonl` file of the directory. */
  readonly file: string;
  /** `storage-missing`: which files were missing and what is read instead. */
  readonly warning: ImportWarning;
  /** `metadata.yaml`'s `message_count`, to check against what the file holds. */
  readonly messageCount: number | undefined;
}

/**
 * A run directory whose `metadata.yaml` lists storage files of which none is there, but which holds
 * exactly one `*.jsonl` regular file: the decoded messages kept beside the metadata without the bag
 * (`mcap cat --json` output, as in a shared sample run). That file is read instead, with a
 * warning, so the directory reads as a person who handed it over expects. `undefined` when any
 * listed file is there (the bag is read, and a missing part stays an error: half a bag is never
 * read as a whole one) or when no single `*.jsonl` file stands in (the missing file is the error).
 * `readBag` asks it once it has read and checked `metadata.yaml`.
 */
async function standInOf(dir: string, meta: RunMetadata): Promise<DecodedStandIn | undefined> {
  const storage = meta.files.map((listed, i) =>
    storagePath(dir, listed, `rosbag2_bagfile_information.relative_file_paths[${i}]`),
  );
  for (const file of storage) {
    // Anything but "no such file" (a permission, a FIFO) is for the bag reader to report.
    const missing = await stat(file).then(
      () => false,
      (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT',
    );
    if (!missing) return undefined;
  }
  const jsonl = (await readdir(dir)).filter(isJsonLinesName);
  if (jsonl.length !== 1) return undefined;
  const file = path.join(dir, jsonl[0]!);
  if (!(await stat(file)).isFile()) return undefined;
  const names = meta.files.join(', ');
  return {
    file,
    warning: {
      code: 'storage-missing',
      message: `metadata.yaml lists ${names}, not in the directory: read the decoded messages of ${jsonl[0]!} instead`,
      file: path.join(dir, 'metadata.yaml'),
    },
    messageCount: meta.messageCount,
  };
}

/** At most this many topics are named in the error for a bag without messages. */
const TOPICS_NAMED = 5;

/**
 * The error for a bag that holds no message (a recording stopped before anything was published,
 * or a topic list that matched nothing): zero events from a non-empty file is never a trace. It
 * says what the bag does hold: its topics, and for a run directory what metadata.yaml counts.
 */
function emptyBagError(
  file: string,
  input: BagInput,
  out: Collector,
  counted?: number,
  storageFiles = 1,
): TraceError {
  const what =
    input.kind === 'directory'
      ? `a rosbag2 run directory whose ${storageFiles === 1 ? 'storage file holds' : `${storageFiles} storage files hold`} no messages`
      : input.kind === 'mcap'
        ? 'an MCAP file with no messages'
        : 'a rosbag2 SQLite bag with no messages';
  const names = [...out.topics];
  const shown = names
    .slice(0, TOPICS_NAMED)
    .map((t) => JSON.stringify(t))
    .join(', ');
  const topics =
    names.length === 0
      ? 'and no topics'
      : `(${names.length} topic${names.length === 1 ? '' : 's'}: ${shown}${names.length > TOPICS_NAMED ? ', …' : ''})`;
  const metadata =
    counted !== undefined && counted > 0
      ? `; metadata.yaml counts ${counted} message${counted === 1 ? '' : 's'}, so the storage files are not the ones recorded`
      : '';
  return noEventsError(`${what} ${topics}${metadata}`, file);
}

/**
 * Read the bag at `file` (as `bagInputOf` found it): every message of every storage file, one
 * event each, ordered by time and made relative to the earliest. Throws `TraceError`s naming the
 * file and where in it.
 */
export async function readBag(
  file: string,
  input: BagInput,
  options: BagOptions = {},
): Promise<BagImport> {
  const out = new Collector(options);
  const files: string[] = [];
  if (input.kind === 'directory') {
    const meta = await readMetadata(file);
    const standIn = await standInOf(file, meta);
    if (standIn !== undefined) return { events: [], warnings: [], files: [], standIn };
    const metaFile = path.join(file, 'metadata.yaml');
    if (meta.version < TESTED_VERSIONS.min || meta.version > TESTED_VERSIONS.max)
      out.warnings.push({
        code: 'metadata-version',
        message: `rosbag2 metadata version ${meta.version}; envtrace was tested with versions ${TESTED_VERSIONS.min} to ${TESTED_VERSIONS.max}`,
        file: metaFile,
      });
    let total = 0;
    for (const [i, listed] of meta.files.entries()) {
      const storage = storagePath(
        file,
        listed,
        `rosbag2_bagfile_information.relative_file_paths[${i}]`,
      );
      files.push(storage);
      total += await readStorage(storage, await storageKindOfFile(storage), out);
    }
    if (total === 0) throw emptyBagError(file, input, out, meta.messageCount, files.length);
    out.warnings.push(
      ...messageCountWarning(metaFile, meta.messageCount, total, 'the storage files hold'),
    );
  } else {
    files.push(file);
    if ((await readStorage(file, input.kind, out)) === 0) throw emptyBagError(file, input, out);
  }
  return { events: out.events.relative(), warnings: out.warnings, files };
}
