/**
 * `readTrace` / `readTraceSync` / `parseTraceText`: a trace from a file or text in any supported
 * format (see `registry.ts` and `docs/importers.md`), chosen by name or detected by content.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TraceError } from '../errors.js';
import { Trace } from '../trace/trace.js';
import { detectFormat, importerByName, type ImportFormat } from './registry.js';
import type { Importer } from './types.js';
import { envtraceImporter } from './envtrace.js';
import { assertTraceDepth, traceText } from '../trace/parse.js';

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

function chooseImporter(text: string, format: ReadTraceOptions['format'], file: string | undefined): Importer {
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
  const trace = assertTraceDepth(new Trace(importer.parse(body, { file: options.file, mode: options.mode ?? 'default' })), options.file);
  return { trace, format: importer.name as ImportFormat, file: options.file };
}

function readError(file: string, e: unknown): TraceError {
  // The same wording as `loadTrace`, so swapping it for `readTrace` changes no message.
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message ?? e);
  return new TraceError(`cannot read trace: ${why}`, { file }, { cause: e });
}

/** The one decoded `*.jsonl` file of a run directory (a rosbag2 run exported next to its `metadata.yaml`). */
function dataFileOfDirectory(dir: string, names: readonly string[]): string {
  const jsonl = names.filter((n) => /\.(jsonl|ndjson)$/i.test(n)).sort();
  if (jsonl.length !== 1) {
    throw new TraceError(
      `cannot read trace: is a directory; a run directory must hold exactly one decoded *.jsonl file, found ${jsonl.length === 0 ? 'none' : jsonl.join(', ')}`,
      { file: dir },
    );
  }
  return path.join(dir, jsonl[0]!);
}

/**
 * Read a trace from a file path or from text (see `isTraceText`) in any supported format. A
 * directory holding exactly one `*.jsonl` file (a decoded rosbag2 run) reads that file. On an
 * envtrace JSON / JSON Lines file this behaves as `loadTrace` (same events, errors and `mode`).
 */
export async function readTrace(pathOrText: string, options: ReadTraceOptions = {}): Promise<Trace> {
  return isTraceText(pathOrText) ? parseTraceText(pathOrText, options) : (await importFile(pathOrText, options)).trace;
}

/** Synchronous `readTrace` (for matchers, which run synchronously). */
export function readTraceSync(pathOrText: string, options: ReadTraceOptions = {}): Trace {
  return isTraceText(pathOrText) ? parseTraceText(pathOrText, options) : importFileSync(pathOrText, options).trace;
}

/**
 * Read the file (or run directory) at `file`, always as a path, and tell which format was used
 * and which file was read. `options.file` is ignored: the path names itself in errors.
 */
export async function importFile(file: string, options: ReadTraceOptions = {}): Promise<ImportedTrace> {
  let data = file;
  let bytes: Uint8Array;
  try {
    if ((await stat(file)).isDirectory()) data = dataFileOfDirectory(file, await readdir(file));
    bytes = await readFile(data);
  } catch (e) {
    if (e instanceof TraceError) throw e;
    throw readError(data, e);
  }
  const text = traceText(bytes, data);
  return importText(text, { ...options, file: data });
}

/** Synchronous `importFile`. */
export function importFileSync(file: string, options: ReadTraceOptions = {}): ImportedTrace {
  let data = file;
  let bytes: Uint8Array;
  try {
    if (statSync(file).isDirectory()) data = dataFileOfDirectory(file, readdirSync(file));
    bytes = readFileSync(data);
  } catch (e) {
    if (e instanceof TraceError) throw e;
    throw readError(data, e);
  }
  const text = traceText(bytes, data);
  return importText(text, { ...options, file: data });
}
