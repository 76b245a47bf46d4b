/**
 * Text files read line by line, without holding the whole file: the bytes are read in chunks
 * (one reusable buffer when synchronous, a read stream when asynchronous), decoded strictly as
 * UTF-8 and split into lines. Used for JSON Lines traces by `loadTrace`, `loadTraceSync`,
 * `importFile` and `importFileSync`, so that a 10⁶-line file never exists as one string.
 */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AsyncInput, SyncInput } from './read.js';
import { TraceError } from '../errors.js';
import path from 'node:path';
import { Utf8DecodeError, Utf8StreamDecoder } from './utf8.js';

/** Bytes read at a time. */
export const CHUNK_SIZE = 64 * 1024;

/**
 * Splits text fed in pieces into lines exactly like `text.split(/\r?\n/)` on the whole text:
 * lines end at "\n", a "\r" right before it is dropped, and the text after the last "\n"
 * (possibly empty) is the last line.
 */
export class LineSplitter {
  private rest = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string): void {
    const text = this.rest + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.onLine(
        text.charCodeAt(end - 1) === 13 && end > start
          ? text.slice(start, end - 1)
          : text.slice(start, end),
      );
      start = end + 1;
    }
    this.rest = start === 0 ? text : text.slice(start);
  }

  /** The text after the last line break is the last line. */
  end(): void {
    this.onLine(this.rest);
    this.rest = '';
  }
}

/**
 * `cannot read trace: …` for a file that cannot be opened or read (`no such file`, `is a
 * directory`, `permission denied`, else the system's message), naming `file`. One wording for
 * every reader (`loadTrace`, `importFile` and their synchronous forms).
 */
export function traceReadError(file: string, e: unknown): TraceError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? // `-` is no name for standard input here: the device is.
        path.basename(file) === '-'
        ? 'no such file (to read standard input, give /dev/stdin)'
        : 'no such file'
      : code === 'EISDIR'
        ? 'is a directory'
        : code === 'EACCES'
          ? 'permission denied'
          : String((e as Partial<Error>).message ?? e);
  return new TraceError(`cannot read trace: ${why}`, { file }, { cause: e });
}

/**
 * Thrown by a line consumer of `readLinesSync` / `readLines` to end the reading at once: no more
 * lines, the rest of the file is neither read nor checked, and the reader returns `false`. For a
 * consumer that finds the file is not what it reads (`loadJsonLines` with `sniffed`), whose
 * caller then reads it whole.
 */
export const STOP_READING: unique symbol = Symbol('stop reading');

/**
 * Bytes → lines, for one file. The first error of the line consumer stops the lines, but the
 * rest of the bytes are still checked as UTF-8 and an encoding error anywhere in the file wins:
 * the errors are those of decoding the whole file first and then splitting its text. A consumer
 * that throws `STOP_READING` ends the reading instead (`stopped`).
 */
class LineFeed {
  private readonly utf8 = new Utf8StreamDecoder();
  private readonly splitter: LineSplitter;
  private failed = false;
  private failure: unknown;
  /** The consumer threw `STOP_READING`: no more lines, and the reader reads no more bytes. */
  stopped = false;

  /** `bom`: drop a byte order mark at the start of the first line (cleared once a line is seen). */
  constructor(
    onLine: (line: string) => void,
    private bom: boolean,
  ) {
    this.splitter = new LineSplitter((line) => {
      if (this.failed || this.stopped) return;
      const text = this.bom && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
      this.bom = false;
      try {
        onLine(text);
      } catch (e) {
        if (e === STOP_READING) this.stopped = true;
        else {
          this.failed = true;
          this.failure = e;
        }
      }
    });
  }

  /** The next bytes of the file (the feed copies what it keeps: the buffer may be reused). */
  push(bytes: Uint8Array): void {
    if (this.failed) this.utf8.skip(bytes);
    else this.splitter.push(this.utf8.push(bytes));
  }

  /** The end of the file (or of the reading, when stopped: then `false`): the last line, then the consumer's error if it failed. */
  end(): boolean {
    if (this.stopped) return false;
    this.utf8.end();
    if (!this.failed) this.splitter.end();
    if (this.failed) throw this.failure;
    return !this.stopped; // the last line may stop it too
  }
}

/** Options of `readLinesSync` / `readLines`. */
export interface ReadLinesOptions {
  /** Bytes read at a time (tests use tiny sizes so that every boundary is hit). @default 65536 */
  readonly chunkSize?: number | undefined;
  /** Drop a byte order mark at the start of the file (as the importers do). @default false */
  readonly stripBom?: boolean | undefined;
}

function encodingError(file: string, e: unknown): unknown {
  return e instanceof Utf8DecodeError ? new TraceError(e.message, { file }, { cause: e }) : e;
}

/**
 * Call `onLine` with every line of `file` (split as `LineSplitter` does, so the last line may be
 * empty), reading it in chunks into one reusable buffer. Throws `TraceError`s naming the file:
 * `cannot read trace: …` when it cannot be read, `not valid UTF-8: … at byte offset N` (before
 * any error of `onLine`, as if the whole file were decoded first); else `onLine`'s first error.
 * Returns `true`, or `false` when `onLine` threw `STOP_READING` (the bytes read so far were valid
 * UTF-8 up to the end of their chunk).
 */
export function readLinesSync(
  file: string,
  onLine: (line: string) => void,
  options: ReadLinesOptions = {},
): boolean {
  const feed = new LineFeed(onLine, options.stripBom === true);
  let input: SyncInput;
  try {
    input = SyncInput.open(file);
  } catch (e) {
    throw traceReadError(file, e);
  }
  try {
    const buffer = Buffer.allocUnsafe(options.chunkSize ?? CHUNK_SIZE);
    for (;;) {
      let n: number;
      try {
        n = input.read(buffer, 0, buffer.length);
      } catch (e) {
        throw traceReadError(file, e);
      }
      if (n === 0) break;
      feed.push(buffer.subarray(0, n));
      if (feed.stopped) break;
    }
    return feed.end();
  } catch (e) {
    throw encodingError(file, e);
  } finally {
    input.close();
  }
}

/** Asynchronous `readLinesSync` (the same reusable buffer). */
export async function readLines(
  file: string,
  onLine: (line: string) => void,
  options: ReadLinesOptions = {},
): Promise<boolean> {
  const feed = new LineFeed(onLine, options.stripBom === true);
  let input: AsyncInput;
  try {
    input = await AsyncInput.open(file);
  } catch (e) {
    throw traceReadError(file, e);
  }
  try {
    const buffer = Buffer.allocUnsafe(options.chunkSize ?? CHUNK_SIZE);
    for (;;) {
      let n: number;
      try {
        n = await input.read(buffer, 0, buffer.length);
      } catch (e) {
        throw traceReadError(file, e);
      }
      if (n === 0) break;
      feed.push(buffer.subarray(0, n));
      if (feed.stopped) break;
    }
    return feed.end();
  } catch (e) {
    throw encodingError(file, e);
  } finally {
    await input.close();
  }
}

/** The first bytes of a file: `complete` when they are the whole file. */
export interface FileStart {
  readonly bytes: Uint8Array;
  readonly complete: boolean;
}

/**
 * Chunk sizes of the file readers' `…Chunked` forms (`loadTraceChunked`, `importFileChunked`;
 * not public: tests use tiny ones so that small files take the streaming decision and every byte
 * boundary is hit).
 */
export interface ReadChunks {
  /** Bytes looked at to tell a JSON Lines file to stream (a file no larger is read whole). @default 65536 */
  readonly head?: number | undefined;
  /** Bytes read at a time when streaming. @default 65536 */
  readonly chunk?: number | undefined;
}

/**
 * Up to `size` first bytes of `file` (and whether that is all of it), to decide how to read the
 * rest; `undefined` when `file` is not a regular file (a pipe cannot be read twice, so the caller
 * reads it whole, as it does a directory, whose reading reports it). Errors are the file system's
 * own or `InputFileError` for a device or socket (the caller names the file).
 */
export function readStartSync(file: string, size: number = CHUNK_SIZE): FileStart | undefined {
  // Not opened unless regular: closing a FIFO's only reader would break its writer's pipe.
  if (!statSync(file).isFile()) return undefined;
  const input = SyncInput.open(file);
  try {
    if (!input.stat().isFile()) return undefined;
    // One byte more than asked tells whether the file goes on.
    const buffer = Buffer.allocUnsafe(size + 1);
    let filled = 0;
    for (let n = 1; n > 0 && filled < buffer.length; filled += n)
      n = input.read(buffer, filled, buffer.length - filled);
    return filled > size
      ? { bytes: buffer.subarray(0, size), complete: false }
      : { bytes: buffer.subarray(0, filled), complete: true };
  } finally {
    input.close();
  }
}

/** Asynchronous `readStartSync`. */
export async function readStart(
  file: string,
  size: number = CHUNK_SIZE,
): Promise<FileStart | undefined> {
  if (!(await stat(file)).isFile()) return undefined;
  const input = await AsyncInput.open(file);
  try {
    if (!(await input.stat()).isFile()) return undefined;
    const buffer = Buffer.allocUnsafe(size + 1);
    let filled = 0;
    for (let n = 1; n > 0 && filled < buffer.length; filled += n)
      n = await input.read(buffer, filled, buffer.length - filled);
    return filled > size
      ? { bytes: buffer.subarray(0, size), complete: false }
      : { bytes: buffer.subarray(0, filled), complete: true };
  } finally {
    await input.close();
  }
}
