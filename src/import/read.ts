/**
 * `readTrace` / `readTraceSync` / `parseTraceText`: a trace from a file or text in any supported
 * format (see `registry.ts` and `docs/importers.md`), chosen by name or detected by content.
 */
import { readdirSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TraceError } from '../errors.js';
import { readWhole, readWholeSync } from '../io/read.js';
import { Trace } from '../trace/trace.js';
import {
  detectFormat,
  detectionScores,
  importerByName,
  importers,
  type ImportFormat,
} from './registry.js';
import type { Importer, LineImport } from './types.js';
import { envtraceImporter } from './envtrace.js';
import {
  assertTraceDepth,
  isJsonLinesName,
  loadJsonLines,
  loadJsonLinesSync,
  sniffJsonLines,
  traceText,
  type JsonLinesFileOptions,
} from '../trace/parse.js';
import {
  readLines,
  readLinesSync,
  readStart,
  readStartSync,
  traceReadError,
  type FileStart,
  type ReadChunks,
} from '../io/lines.js';

/** Options of `readTrace`, `readTraceSync` and `parseTraceText`. */
export interface ReadTraceOptions {
  /** The input format, or `"auto"` to detect it from the content. @default "auto" */
  readonly format?: 'auto' | ImportFormat | undefined;
  /** File name for error messages when the input is text (a path input names itself). */
  readonly file?: string | undefined;
  /** Value semantics, as `parseTrace`'s `mode` (reference keeps Python number kinds). @default "default" */
  readonly mode?: 'default' | 'reference' | undefined;
}

/**
 * Whether a `readTrace` argument is trace text rather than a path: it holds a line break, or
 * starts (after spaces) with `{` or `[`. Anything else is a path.
 */
export function isTraceText(pathOrText: string): boolean {
  return /[\r\n]/.test(pathOrText) || /^\s*[[{]/.test(pathOrText);
}

function chooseImporter(
  text: string,
  format: ReadTraceOptions['format'],
  file: string | undefined,
): Importer {
  if (format !== undefined && format !== 'auto') return importerByName(format);
  try {
    return detectFormat(text, file);
  } catch (e) {
    // Text that looks like JSON but fits no format: report what is wrong with it as a trace
    // (a syntax error with line and column, or the envtrace schema error), as `loadTrace` would.
    if (/^\s*[[{]/.test(text)) envtraceImporter.parse(text, { file });
    throw e;
  }
}

/**
 * Parse trace text in `options.format` (default: detected from the content). Events of every
 * format but `envtrace` are ordered by time (stable) with timestamps in seconds relative to the
 * earliest event. A leading byte order mark is ignored. Throws `TraceError` (file and line or JSON
 * path) for malformed input, a `ConfigError` for an unknown format name.
 */
export function parseTraceText(text: string, options: ReadTraceOptions = {}): Trace {
  return importText(text, options).trace;
}

/** A trace with the format it was read in and the file it came from (if any). */
export interface ImportedTrace {
  readonly trace: Trace;
  /** The format used (given or detected). */
  readonly format: ImportFormat;
  /** The file read (for a run directory: the data file inside it), or `options.file` for text. */
  readonly file: string | undefined;
}

function importText(text: string, options: ReadTraceOptions): ImportedTrace {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const importer = chooseImporter(body, options.format, options.file);
  // Every format gets the trace depth limit with the file named (the JSON parser's own limit is looser).
  const trace = assertTraceDepth(
    new Trace(importer.parse(body, { file: options.file, mode: options.mode ?? 'default' })),
    options.file,
  );
  return { trace, format: importer.name as ImportFormat, file: options.file };
}

/** The one decoded `*.jsonl` file of a run directory (a rosbag2 run exported next to its `metadata.yaml`). */
function dataFileOfDirectory(dir: string, names: readonly string[]): string {
  const jsonl = names.filter(isJsonLinesName).sort();
  if (jsonl.length !== 1) {
    throw new TraceError(
      `cannot read trace: is a directory; a run directory must hold exactly one decoded *.jsonl file, found ${jsonl.length === 0 ? 'none' : jsonl.join(', ')}`,
      { file: dir },
    );
  }
  const file = path.join(dir, jsonl[0]!);
  // A FIFO or device named *.jsonl would never end (or wait for a writer): a run directory holds
  // files. `statSync` follows a link, as reading does.
  if (!statSync(file).isFile())
    throw new TraceError(
      `cannot read trace: ${jsonl[0]!} in the run directory is not a regular file`,
      { file: dir },
    );
  return file;
}

/**
 * Read a trace from a file path or from text (see `isTraceText`) in any supported format. A
 * directory holding exactly one `*.jsonl` file (a decoded rosbag2 run) reads that file. On an
 * envtrace JSON / JSON Lines file this behaves as `loadTrace` (same events, errors and `mode`).
 */
export async function readTrace(
  pathOrText: string,
  options: ReadTraceOptions = {},
): Promise<Trace> {
  return isTraceText(pathOrText)
    ? parseTraceText(pathOrText, options)
    : (await importFile(pathOrText, options)).trace;
}

/** Synchronous `readTrace` (for matchers, which run synchronously). */
export function readTraceSync(pathOrText: string, options: ReadTraceOptions = {}): Trace {
  return isTraceText(pathOrText)
    ? parseTraceText(pathOrText, options)
    : importFileSync(pathOrText, options).trace;
}

/**
 * How a large file is read as a stream: envtrace JSON Lines (`loadJsonLines`, which checks what
 * `parseTrace` would check on the whole text), or a line format's `Importer.lines`.
 */
type StreamPlan =
  | { readonly kind: 'envtrace'; readonly how: JsonLinesFileOptions }
  | { readonly kind: 'lines'; readonly importer: Importer & Required<Pick<Importer, 'lines'>> };

function linesPlan(importer: Importer): StreamPlan | undefined {
  return importer.lines
    ? { kind: 'lines', importer: importer as Importer & Required<Pick<Importer, 'lines'>> }
    : undefined;
}

/**
 * Whether a file whose first bytes are `head` (not the whole file) is read as a stream, and how;
 * `undefined`: read it whole. Decided so that the stream gives exactly what the whole text would:
 * the format is given, or detected with confidence 1 from the first line (which a confidence of
 * 1 depends on alone: see `Importer.detect`) of a head that `sniffJsonLines` takes for JSON
 * Lines; for envtrace without a `.jsonl` / `.ndjson` name, `loadJsonLines` checks the rest
 * (`sniffed`), as `loadTrace` does. Anything unsure is read whole.
 */
function streamPlan(
  head: Uint8Array,
  file: string,
  format: ReadTraceOptions['format'],
): StreamPlan | undefined {
  const named = isJsonLinesName(file);
  if (format === 'envtrace' && named) return { kind: 'envtrace', how: { stripBom: true } };
  if (format !== undefined && format !== 'auto' && format !== 'envtrace') {
    // An unknown name is reported by the whole reading (after the file's own errors).
    const importer = importers.find((i) => i.name === format);
    return importer && linesPlan(importer);
  }
  const sniffed = sniffJsonLines(head);
  if (sniffed === undefined) return undefined;
  let importer: Importer = envtraceImporter;
  if (format !== 'envtrace') {
    const [best, second] = detectionScores(sniffed.text, sniffed.first);
    if (best!.confidence < 1 || second!.confidence >= 1) return undefined;
    importer = best!.importer;
  }
  return importer === envtraceImporter
    ? { kind: 'envtrace', how: { stripBom: true, sniffed: !named } }
    : linesPlan(importer);
}

/** A file being imported: its whole bytes, or how to stream it. */
type Opened =
  | { readonly bytes: Uint8Array; readonly stream?: undefined }
  | { readonly bytes?: undefined; readonly stream: StreamPlan };

/** The first bytes of a regular file → `Opened`; `undefined`: neither whole nor to be streamed (read it again, whole). */
function openedFrom(
  start: FileStart,
  file: string,
  format: ReadTraceOptions['format'],
): Opened | undefined {
  if (start.complete) return { bytes: start.bytes };
  const stream = streamPlan(start.bytes, file, format);
  return stream && { stream };
}

function named<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof TraceError) throw e;
    throw traceReadError(file, e);
  }
}

async function namedAsync<T>(file: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof TraceError) throw e;
    throw traceReadError(file, e);
  }
}

/** What a streamed line format gives, checked as `importText` checks a parsed text. */
function lineImported(reader: LineImport, importer: Importer, file: string): ImportedTrace {
  const trace = assertTraceDepth(new Trace(reader.end()), file);
  return { trace, format: importer.name as ImportFormat, file };
}

/**
 * Read the file (or run directory) at `file`, always as a path, and tell which format was used
 * and which file was read. `options.file` is ignored: the path names itself in errors. A JSON
 * Lines file larger than 64 KiB (envtrace, rosbag2, bluesky) is read as a stream, its text never
 * held whole, with the same events and errors as reading it whole.
 */
export function importFile(file: string, options: ReadTraceOptions = {}): Promise<ImportedTrace> {
  return importFileChunked(file, options, {});
}

/** Synchronous `importFile` (a streamed file is read in chunks into one reusable buffer). */
export function importFileSync(file: string, options: ReadTraceOptions = {}): ImportedTrace {
  return importFileSyncChunked(file, options, {});
}

/** `importFile` with chosen chunk sizes (not public: for tests). */
export async function importFileChunked(
  file: string,
  options: ReadTraceOptions,
  chunks: ReadChunks,
): Promise<ImportedTrace> {
  const data = await namedAsync(file, async () =>
    (await stat(file)).isDirectory() ? dataFileOfDirectory(file, await readdir(file)) : file,
  );
  // A pipe or a device cannot be read twice: it is read whole (no start).
  const start = await namedAsync(data, () => readStart(data, chunks.head));
  const read = start && openedFrom(start, data, options.format);
  const mode = options.mode ?? 'default';
  if (read?.stream?.kind === 'envtrace') {
    const trace = await loadJsonLines(
      data,
      { mode },
      { ...read.stream.how, chunkSize: chunks.chunk },
    );
    if (trace) return { trace, format: 'envtrace', file: data };
  } else if (read?.stream?.kind === 'lines') {
    const reader = read.stream.importer.lines({ file: data, mode });
    await readLines(data, (line) => reader.line(line), { chunkSize: chunks.chunk, stripBom: true });
    return lineImported(reader, read.stream.importer, data);
  }
  const bytes = read?.bytes ?? (await namedAsync(data, () => readWhole(data)));
  return importText(traceText(bytes, data), { ...options, file: data });
}

/** `importFileSync` with chosen chunk sizes (not public: for tests). */
export function importFileSyncChunked(
  file: string,
  options: ReadTraceOptions,
  chunks: ReadChunks,
): ImportedTrace {
  const data = named(file, () =>
    statSync(file).isDirectory() ? dataFileOfDirectory(file, readdirSync(file)) : file,
  );
  const start = named(data, () => readStartSync(data, chunks.head));
  const read = start && openedFrom(start, data, options.format);
  const mode = options.mode ?? 'default';
  if (read?.stream?.kind === 'envtrace') {
    const trace = loadJsonLinesSync(
      data,
      { mode },
      { ...read.stream.how, chunkSize: chunks.chunk },
    );
    if (trace) return { trace, format: 'envtrace', file: data };
  } else if (read?.stream?.kind === 'lines') {
    const reader = read.stream.importer.lines({ file: data, mode });
    readLinesSync(data, (line) => reader.line(line), { chunkSize: chunks.chunk, stripBom: true });
    return lineImported(reader, read.stream.importer, data);
  }
  const bytes = read?.bytes ?? named(data, () => readWholeSync(data));
  return importText(traceText(bytes, data), { ...options, file: data });
}
