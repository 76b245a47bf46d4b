/**
 * The public way in: `loadTrace` / `loadTraceSync` (a file or run directory) and `parseTrace`
 * (text or an object), in any supported format (see `registry.ts` and `docs/importers.md`),
 * chosen by name or detected by content. `importFile` also tells which format and file were read.
 */
import { readdirSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, TraceError } from '../errors.js';
import { readWhole, readWholeSync } from '../io/read.js';
import { utf16ByteOrder } from '../io/utf8.js';
import type { ScoringPolicy } from '../policy/index.js';
import { readPolicy, Trace, traceOwning } from '../trace/trace.js';
import type { TraceEvent } from '../trace/types.js';
import {
  detectFormat,
  detectionExplanations,
  detectionScores,
  importerByName,
  importers,
  type ImportFormat,
} from './registry.js';
import type { CsvColumns, CsvTimeUnit, DateOrder, Importer, LineImport } from './types.js';
import { noEventsError, type ImportWarning } from './warnings.js';

/**
 * The warning for a blank input read in a named format: an empty trace, said out loud. A file
 * that a producer left empty (it crashed, or was killed before writing) must not pass for a run
 * that did nothing without a word; without a named format the same input is an error
 * (`detectFormat`), and `{"events": []}` is how a trace of no events says so explicitly.
 */
function emptyInputWarning(
  importer: Importer,
  file: string | undefined,
  text: string,
): ImportWarning {
  const what = text === '' ? 'the input is empty' : 'the input holds only white space';
  const message = `${what}: read as a trace of no events, as the format ${importer.name} was named (${
    importer.name === 'envtrace' ? 'write {"events": []} to say so' : 'check that its producer ran'
  })`;
  return file === undefined
    ? { code: 'empty-input', message }
    : { code: 'empty-input', message, file };
}
import { envtraceImporter } from './envtrace.js';
import { bagInputOf, bagInputOfSync, syncBagError, type BagInput } from './rosbag2-input.js';
import {
  assertTraceDepth,
  isJsonLinesName,
  loadJsonLines,
  loadJsonLinesSync,
  parseEnvtrace,
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

/** Options of `parseTrace`. */
export interface ParseTraceOptions {
  /** The input format, or `"auto"` to detect it from the content. @default "auto" */
  readonly format?: 'auto' | ImportFormat | undefined;
  /** File name for error messages (`file:line`, `file: events[3].timestamp`). */
  readonly file?: string | undefined;
  /**
   * `"reference"` reads like the Python reference: envtrace `channel` through `str()`, `timestamp`
   * through `float()`, and the int/float distinction of values kept from the text (`1.0` stays a
   * float — see `PyFloat`); `"default"` is strict (a non-empty string channel, a finite number
   * timestamp, no unknown keys). @default "default"
   */
  readonly mode?: 'default' | 'reference' | undefined;
  /**
   * `rosbag2` only: the message field to take as the value instead of the whole message
   * (`pose.position.x`, `position[0]`), or `topic:path` for one topic (`/odom:twist.twist`);
   * several selectors as an array (the first for a message's topic wins, else the first
   * without a topic). A message lacking the field is an error naming it.
   */
  readonly field?: string | readonly string[] | undefined;
  /**
   * CSV: the header names of the time, channel and value columns; `records`: the keys of a
   * logger's JSON records that hold them. With `format` auto it implies `records` for JSON text
   * and `csv` for any other.
   */
  readonly columns?: CsvColumns | undefined;
  /**
   * CSV: the unit of time cells that are plain numbers, `"seconds"` or `"days"` (spreadsheet serial
   * dates; see `CsvTimeUnit`). Unset: seconds, except that a column that looks like serial dates is
   * an error asking for this option. Other formats ignore it.
   */
  readonly timeUnit?: CsvTimeUnit | undefined;
  /**
   * CSV: the order of day and month in date-times written with a slash or dash and the year last
   * (`12/01/26 10:30 AM`): `"mdy"` or `"dmy"` (see `DateOrder`). Unset, the column's dates decide;
   * a column they leave undecided is an error asking for this option. Other formats ignore it.
   */
  readonly dateOrder?: DateOrder | undefined;
  /** A resolved policy (the CLI passes its run's); wins over `mode`. */
  readonly policy?: ScoringPolicy | undefined;
}

/** Options of `loadTrace`, `loadTraceSync` and `importFile`: a path names itself in errors. */
export type LoadTraceOptions = Omit<ParseTraceOptions, 'file'>;

function chooseImporter(
  text: string,
  format: ParseTraceOptions['format'],
  file: string | undefined,
  columns?: CsvColumns,
): Importer {
  if (format !== undefined && format !== 'auto') return importerByName(format);
  // `columns` names the fields of a table or of records: JSON text (which no CSV header starts
  // with) is records, anything else CSV.
  if (columns !== undefined) return importerByName(/^\s*[[{]/.test(text) ? 'records' : 'csv');
  try {
    return detectFormat(text, file);
  } catch (e) {
    // Text that looks like JSON but fits no format, nor looks like one: report what is wrong
    // with it as a trace (a syntax error with line and column, or the envtrace schema error),
    // as `loadTrace` would.
    if (/^\s*[[{]/.test(text) && detectionExplanations(text).length === 0)
      envtraceImporter.parse(text, { file });
    throw e;
  }
}

/**
 * Parse a trace: text in `options.format` (default: detected from the content), or an object
 * (`{events: [...]}` or an array of events, envtrace's own format; a `Trace` is returned as it is
 * once its depth is checked). Events of every format but `envtrace` are ordered by time (stable)
 * with timestamps in seconds relative to the earliest event. A leading byte order mark is ignored.
 * Throws `TraceError` (file and line or JSON path) for malformed input, `ConfigError` for an
 * unknown format name or a text format given for an object.
 */
export function parseTrace(input: unknown, options: ParseTraceOptions = {}): Trace {
  if (typeof input === 'string') return importText(input, options).trace;
  const format = options.format ?? 'auto';
  if (format !== 'auto' && format !== 'envtrace') {
    importerByName(format); // an unknown name is reported as such
    throw new ConfigError(
      `format ${JSON.stringify(format)} is read from text: pass the text, or give an object in envtrace's format ({events: [...]} or an array of events)`,
      { path: ['format'] },
    );
  }
  return parseEnvtrace(input, { mode: options.mode ?? 'default', file: options.file });
}

/** A trace with the format it was read in and the file it came from (if any). */
export interface ImportedTrace {
  readonly trace: Trace;
  /** The format used (given or detected). */
  readonly format: ImportFormat;
  /** The file read (for a run directory: the data file inside it), or `options.file` for text. */
  readonly file: string | undefined;
  /** What the importer skipped or doubted (`warnings.ts`), in input order; empty for most inputs. */
  readonly warnings: readonly ImportWarning[];
}

/**
 * The events an importer gave, checked: the trace depth limit (with the file named; the JSON
 * parser's own limit is looser), and at least one event unless the input is in the
 * `envtrace` format (whose `{"events": []}` is explicit). An importer that can say what it found
 * throws its own `noEventsError`; this is the fallback.
 */
function imported(
  events: readonly TraceEvent[],
  importer: Importer,
  file: string | undefined,
  warnings: readonly ImportWarning[],
): ImportedTrace {
  if (events.length === 0 && importer.name !== 'envtrace') {
    const skipped = warnings.length > 0 ? `, ${warnings.length} skipped with a warning` : '';
    throw noEventsError(
      `nothing in the input maps onto an event (read as ${importer.name}${skipped})`,
      file,
    );
  }
  const trace = assertTraceDepth(new Trace(events), file);
  return { trace, format: importer.name as ImportFormat, file, warnings };
}

/** `field` selects a rosbag2 message field: with any other format it is a configuration error. */
function checkField(format: string, options: LoadTraceOptions): void {
  if (options.field !== undefined && format !== 'rosbag2')
    throw new ConfigError(
      `the field option selects a ROS 2 message field; the input is ${format}`,
      { path: ['field'] },
    );
}

/**
 * A ROS 2 bag (run directory, MCAP or SQLite file) read with `readBag`; a run directory whose
 * storage files are all missing, from the decoded messages beside its metadata when it holds them
 * (`readBag` then names that file: `BagImport.standIn`).
 */
async function importBag(
  file: string,
  input: BagInput,
  options: LoadTraceOptions,
  chunks: ReadChunks,
): Promise<ImportedTrace> {
  const format = options.format ?? 'auto';
  if (format !== 'auto' && format !== 'rosbag2')
    throw new TraceError(
      `is a ROS 2 bag (${input.kind === 'directory' ? 'a run directory' : input.kind}); read it as rosbag2 (or auto), not ${format}`,
      { file },
    );
  // The MCAP, SQLite and message libraries load only now: most imports never need them.
  const { messageCountWarning, readBag } = await import('./rosbag2-bag.js');
  const bag = await readBag(file, input, {
    mode: options.mode,
    policy: options.policy,
    field: options.field,
  });
  const standIn = bag.standIn;
  if (standIn !== undefined) {
    const read = await importFileChunked(standIn.file, { ...options, format: 'rosbag2' }, chunks);
    const holder = `${path.basename(standIn.file)} holds`;
    const miscounted = messageCountWarning(
      standIn.warning.file!,
      standIn.messageCount,
      read.trace.length,
      holder,
    );
    return { ...read, warnings: [standIn.warning, ...miscounted, ...read.warnings] };
  }
  // readBag built the array for this trace alone: handed over, not copied.
  const trace = assertTraceDepth(traceOwning(bag.events), file);
  return { trace, format: 'rosbag2', file, warnings: bag.warnings };
}

function importText(text: string, options: ParseTraceOptions): ImportedTrace {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const importer = chooseImporter(body, options.format, options.file, options.columns);
  checkField(importer.name, options);
  const policy = readPolicy(options);
  // A blank input in a named format (auto detection refuses it in `chooseImporter`) is an empty
  // trace with a warning, in every format alike: no JSON parser's "Unexpected end of input".
  if (body.trim() === '')
    return {
      trace: new Trace([]),
      format: importer.name as ImportFormat,
      file: options.file,
      warnings: [emptyInputWarning(importer, options.file, body)],
    };
  if (importer === envtraceImporter) {
    // What the importer's `parse` gives, without copying the events twice: `parseEnvtrace`'s
    // trace has passed the depth check already.
    const trace = parseEnvtrace(body, { file: options.file, policy });
    return { trace, format: 'envtrace', file: options.file, warnings: [] };
  }
  const warnings: ImportWarning[] = [];
  const events = importer.parse(body, {
    file: options.file,
    policy,
    field: options.field,
    warn: (w) => warnings.push(w),
    columns: options.columns,
    timeUnit: options.timeUnit,
    dateOrder: options.dateOrder,
  });
  return imported(events, importer, options.file, warnings);
}

/**
 * A streamed envtrace JSON Lines file as read. Streamed files hold at least 64 KiB, and a detected
 * one at least two event lines, so no event means blank lines only: the `empty-input` warning, as
 * for the whole text.
 */
function streamedEnvtrace(trace: Trace, file: string): ImportedTrace {
  const warnings = trace.length === 0 ? [emptyInputWarning(envtraceImporter, file, ' ')] : [];
  return { trace, format: 'envtrace', file, warnings };
}

/** The one `*.jsonl` file of a directory that is not a ROS 2 run directory (no `metadata.yaml`). */
function dataFileOfDirectory(dir: string, names: readonly string[]): string {
  const jsonl = names.filter(isJsonLinesName).sort();
  if (jsonl.length !== 1) {
    throw new TraceError(
      jsonl.length === 0
        ? 'cannot read trace: is a directory, with neither a metadata.yaml (a ROS 2 run directory) nor one *.jsonl file'
        : `cannot read trace: is a directory without a metadata.yaml, holding several *.jsonl files (${jsonl.join(', ')}); give one of them`,
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
 * Read the trace file (or run directory) at `file` in any supported format (`options.format`,
 * default: detected from the content). A ROS 2 bag (a run directory with `metadata.yaml`, an MCAP
 * or SQLite file) is read as `rosbag2`; any other directory holding exactly one `*.jsonl` file
 * reads that file. A JSON Lines file larger than 64 KiB is read as a stream, its text never held
 * whole, with the same events and errors as reading it whole. Events and errors are those of
 * `parseTrace` on the file's text, with the file named.
 */
export async function loadTrace(file: string, options: LoadTraceOptions = {}): Promise<Trace> {
  return (await importFile(file, options)).trace;
}

/** Synchronous `loadTrace` (for matchers, which run synchronously); refuses a ROS 2 bag (`syncBagError`). */
export function loadTraceSync(file: string, options: LoadTraceOptions = {}): Trace {
  return importFileSync(file, options).trace;
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
  format: ParseTraceOptions['format'],
): StreamPlan | undefined {
  // UTF-16 (by its byte order mark) is decoded whole: the streams read UTF-8.
  if (utf16ByteOrder(head) !== undefined) return undefined;
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

/**
 * The format a file is streamed as: with `columns`, CSV, which is read whole (no `lines`), so
 * `chooseImporter` sees the text and tells records from CSV.
 */
function streamFormat(options: LoadTraceOptions): ParseTraceOptions['format'] {
  return options.columns !== undefined && (options.format ?? 'auto') === 'auto'
    ? 'csv'
    : options.format;
}

/** A file being imported: its whole bytes, or how to stream it. */
type Opened =
  | { readonly bytes: Uint8Array; readonly stream?: undefined }
  | { readonly bytes?: undefined; readonly stream: StreamPlan };

/** The first bytes of a regular file → `Opened`; `undefined`: neither whole nor to be streamed (read it again, whole). */
function openedFrom(
  start: FileStart,
  file: string,
  format: ParseTraceOptions['format'],
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

/**
 * The import of a streamed line format: feed it the file's lines, then `end()` gives the trace,
 * checked as `importText` checks a parsed text (a file of blank lines only is an empty trace with
 * the `empty-input` warning, as its whole text would be), with the reader's warnings.
 */
function lineImport(
  importer: Importer & { readonly lines: NonNullable<Importer['lines']> },
  file: string,
  policy: ScoringPolicy,
  options: LoadTraceOptions,
): { readonly line: (line: string) => void; end(): ImportedTrace } {
  checkField(importer.name, options);
  const warnings: ImportWarning[] = [];
  const reader: LineImport = importer.lines({
    file,
    policy,
    field: options.field,
    warn: (w) => warnings.push(w),
  });
  let blank = true;
  return {
    line: (line) => {
      if (blank && line.trim() !== '') blank = false;
      reader.line(line);
    },
    end: () => {
      // Blank throughout: the importer is not asked (a header-less CSV would be its own error).
      if (blank)
        return {
          trace: new Trace([]),
          format: importer.name as ImportFormat,
          file,
          warnings: [emptyInputWarning(importer, file, ' ')],
        };
      return imported(reader.end(), importer, file, warnings);
    },
  };
}

/**
 * `loadTrace` that also tells which format was used and which file was read (for a run
 * directory, the data file inside it). A JSON Lines file larger than 64 KiB (envtrace, rosbag2,
 * bluesky) is read as a stream, its text never held whole, with the same events and errors as
 * reading it whole.
 */
export function importFile(file: string, options: LoadTraceOptions = {}): Promise<ImportedTrace> {
  return importFileChunked(file, options, {});
}

/** Synchronous `importFile` (a streamed file is read in chunks into one reusable buffer). */
export function importFileSync(file: string, options: LoadTraceOptions = {}): ImportedTrace {
  return importFileSyncChunked(file, options, {});
}

/** `importFile` with chosen chunk sizes (not public: for tests). */
export async function importFileChunked(
  file: string,
  options: LoadTraceOptions,
  chunks: ReadChunks,
): Promise<ImportedTrace> {
  const bag = await namedAsync(file, () => bagInputOf(file));
  if (bag) return importBag(file, bag, options, chunks);
  const data = await namedAsync(file, async () =>
    (await stat(file)).isDirectory() ? dataFileOfDirectory(file, await readdir(file)) : file,
  );
  // A pipe or a device cannot be read twice: it is read whole (no start).
  const start = await namedAsync(data, () => readStart(data, chunks.head));
  const read = start && openedFrom(start, data, streamFormat(options));
  const policy = readPolicy(options);
  if (read?.stream?.kind === 'envtrace') {
    checkField('envtrace', options);
    const trace = await loadJsonLines(
      data,
      { policy },
      { ...read.stream.how, chunkSize: chunks.chunk },
    );
    if (trace) return streamedEnvtrace(trace, data);
  } else if (read?.stream?.kind === 'lines') {
    const lines = lineImport(read.stream.importer, data, policy, options);
    await readLines(data, lines.line, { chunkSize: chunks.chunk, stripBom: true });
    return lines.end();
  }
  const bytes = read?.bytes ?? (await namedAsync(data, () => readWhole(data)));
  return importText(traceText(bytes, data), { ...options, policy, file: data });
}

/** `importFileSync` with chosen chunk sizes (not public: for tests). */
export function importFileSyncChunked(
  file: string,
  options: LoadTraceOptions,
  chunks: ReadChunks,
): ImportedTrace {
  if (named(file, () => bagInputOfSync(file))) throw syncBagError(file);
  const data = named(file, () =>
    statSync(file).isDirectory() ? dataFileOfDirectory(file, readdirSync(file)) : file,
  );
  const start = named(data, () => readStartSync(data, chunks.head));
  const read = start && openedFrom(start, data, streamFormat(options));
  const policy = readPolicy(options);
  if (read?.stream?.kind === 'envtrace') {
    checkField('envtrace', options);
    const trace = loadJsonLinesSync(
      data,
      { policy },
      { ...read.stream.how, chunkSize: chunks.chunk },
    );
    if (trace) return streamedEnvtrace(trace, data);
  } else if (read?.stream?.kind === 'lines') {
    const lines = lineImport(read.stream.importer, data, policy, options);
    readLinesSync(data, lines.line, { chunkSize: chunks.chunk, stripBom: true });
    return lines.end();
  }
  const bytes = read?.bytes ?? named(data, () => readWholeSync(data));
  return importText(traceText(bytes, data), { ...options, policy, file: data });
}
