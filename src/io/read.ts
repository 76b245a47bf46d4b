/**
 * Opening and reading input files (traces, configs, run reports) with type and size guards.
 *
 * - A file is opened with `O_NONBLOCK`, so a FIFO with no writer does not block the open forever
 *   (a blocking open of a FIFO waits for a writer, and an asynchronous one holds a libuv thread
 *   that keeps the process alive). On a regular file the flag changes nothing. Reads wait out a
 *   FIFO's writer that has not opened it yet (up to {@link FIFO_WRITER_WAIT_MS}: then an error)
 *   or has not written yet, so a pipe (`--pred <(producer)`, `mkfifo`) reads as with blocking
 *   reads, and a FIFO nobody writes to ends in an error instead of a hang.
 * - Only regular files and FIFOs/pipes are read: a character or block device (`/dev/zero`,
 *   `/dev/urandom`, a disk) or a socket is refused with `InputFileError`, checked on the opened
 *   descriptor (`fstat`), so a path swapped after a check cannot slip through.
 * - A file read whole holds at most {@link MAX_WHOLE_READ} bytes (the largest text a JavaScript
 *   string can be is about that), checked before reading for a regular file and while reading
 *   for a pipe, so a producer that never stops ends in one error instead of exhausting memory.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** Most bytes read whole from one input file (512 MiB). */
export const MAX_WHOLE_READ = 512 * 1024 * 1024;

/** An input that is not a file envtrace reads (a device, a socket) or is too large; `message` says which. */
export class InputFileError extends Error {
  override readonly name = 'InputFileError';
  constructor(
    message: string,
    readonly code: 'ENOTREG' | 'EFBIG',
  ) {
    super(message);
  }
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;
/** Wait between reads of a FIFO whose writer has not written yet. */
const RETRY_MS = 5;

function kindOf(st: Stats): string | undefined {
  if (st.isFile() || st.isFIFO()) return undefined;
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return undefined; // reading it reports EISDIR, as before
  return 'not a regular file';
}

function checkKind(st: Stats): void {
  const kind = kindOf(st);
  if (kind !== undefined)
    throw new InputFileError(
      `is ${kind.startsWith('a ') ? kind : 'a special file'}, not a regular file or a pipe`,
      'ENOTREG',
    );
}

function tooLarge(limit: number): InputFileError {
  return new InputFileError(`is larger than ${limit} bytes (the limit for one file)`, 'EFBIG');
}

/** How long a FIFO's reader waits for a writer to open it before giving up. */
export const FIFO_WRITER_WAIT_MS = 5000;

function noWriter(): InputFileError {
  return new InputFileError(
    `is a FIFO that no writer opened within ${FIFO_WRITER_WAIT_MS / 1000} s`,
    'ENOTREG',
  );
}

/**
 * Reading state of one opened input. On a non-blocking FIFO `read` returns 0 both when no writer
 * has opened it yet and at its end, and fails with `EAGAIN` while a writer is there but has not
 * written: so a 0 before any sign of a writer waits (up to {@link FIFO_WRITER_WAIT_MS}) and
 * retries, and a 0 after one is the end.
 */
class FifoState {
  private writer = false;
  private readonly deadline: number;
  constructor(readonly fifo: boolean) {
    this.deadline = Date.now() + FIFO_WRITER_WAIT_MS;
  }
  /** After a read of `n` bytes (`undefined`: `EAGAIN`): `true` to retry after a short wait. */
  retry(n: number | undefined): boolean {
    if (n === undefined || n > 0) {
      this.writer = true;
      return n === undefined;
    }
    if (!this.fifo || this.writer) return false;
    if (Date.now() > this.deadline) throw noWriter();
    return true;
  }
}

/** An input file opened for synchronous reading (see the module comment). */
export class SyncInput {
  private readonly state: FifoState;
  private constructor(readonly fd: number) {
    this.state = new FifoState(fstatSync(fd).isFIFO());
  }

  /** Open `file`; throws `InputFileError` (a device, a socket) or the system's error. */
  static open(file: string): SyncInput {
    const fd = openSync(file, OPEN_FLAGS);
    try {
      checkKind(fstatSync(fd));
      return new SyncInput(fd);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  stat(): Stats {
    return fstatSync(this.fd);
  }

  /** `readSync` at the current position; 0 at the end. */
  read(buffer: Uint8Array, offset: number, length: number): number {
    for (;;) {
      let n: number | undefined;
      try {
        n = readSync(this.fd, buffer, offset, length, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
      if (!this.state.retry(n)) return n!;
      Atomics.wait(sleeper, 0, 0, RETRY_MS);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** An input file opened for asynchronous reading (see the module comment). */
export class AsyncInput {
  private state: FifoState = new FifoState(false);
  private constructor(private readonly handle: FileHandle) {}

  /** Open `file`; throws `InputFileError` (a device, a socket) or the system's error. */
  static async open(file: string): Promise<AsyncInput> {
    const handle = await open(file, OPEN_FLAGS);
    try {
      const st = await handle.stat();
      checkKind(st);
      const input = new AsyncInput(handle);
      input.state = new FifoState(st.isFIFO());
      return input;
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  stat(): Promise<Stats> {
    return this.handle.stat();
  }

  async read(buffer: Uint8Array, offset: number, length: number): Promise<number> {
    for (;;) {
      let n: number | undefined;
      try {
        n = (await this.handle.read(buffer, offset, length, null)).bytesRead;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
      if (!this.state.retry(n)) return n!;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** Chunks of a whole read, and their joining: one copy at the end. */
class Chunks {
  private readonly parts: Buffer[] = [];
  total = 0;
  constructor(private readonly limit: number) {}
  next(size: number): Buffer {
    return Buffer.allocUnsafe(Math.min(size, this.limit + 1 - this.total));
  }
  add(buffer: Buffer, n: number): void {
    this.parts.push(buffer.subarray(0, n));
    this.total += n;
    if (this.total > this.limit) throw tooLarge(this.limit);
  }
  join(): Buffer {
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.total);
  }
}

const CHUNK = 64 * 1024;

/** Options of {@link readWholeSync}. */
export interface ReadWholeOptions {
  /**
   * Refuse a FIFO or pipe too (an `InputFileError`, before any read): for files that are data
   * in a repository (goldens), where a pipe is never what was meant.
   */
  readonly regularOnly?: boolean;
}

/**
 * The bytes of `file`, read whole with the guards of the module comment; at most `limit` bytes
 * (a larger file is an `InputFileError`). Errors are the file system's or `InputFileError`; the
 * caller names the file.
 */
export function readWholeSync(
  file: string,
  limit: number = MAX_WHOLE_READ,
  options: ReadWholeOptions = {},
): Buffer {
  const input = SyncInput.open(file);
  try {
    const st = input.stat();
    if (options.regularOnly === true && st.isFIFO())
      throw new InputFileError('is a FIFO, not a regular file', 'ENOTREG');
    if (st.isFile() && st.size > limit) throw tooLarge(limit);
    const chunks = new Chunks(limit);
    // A regular file's size is the first read's size (one read, one buffer, in the common case).
    let size = st.isFile() ? Math.max(st.size + 1, 1) : CHUNK;
    for (;;) {
      const buffer = chunks.next(size);
      const n = input.read(buffer, 0, buffer.length);
      if (n === 0) break;
      chunks.add(buffer, n);
      size = CHUNK;
    }
    return chunks.join();
  } finally {
    input.close();
  }
}

/** Asynchronous `readWholeSync`. */
export async function readWhole(file: string, limit: number = MAX_WHOLE_READ): Promise<Buffer> {
  const input = await AsyncInput.open(file);
  try {
    const st = await input.stat();
    if (st.isFile() && st.size > limit) throw tooLarge(limit);
    const chunks = new Chunks(limit);
    let size = st.isFile() ? Math.max(st.size + 1, 1) : CHUNK;
    for (;;) {
      const buffer = chunks.next(size);
      const n = await input.read(buffer, 0, buffer.length);
      if (n === 0) break;
      chunks.add(buffer, n);
      size = CHUNK;
    }
    return chunks.join();
  } finally {
    await input.close();
  }
}
