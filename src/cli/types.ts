/** Shared CLI types: the injected I/O, the command registry entry, exit codes, usage errors. */
import { EnvTraceError } from '../errors.js';

/** What `main` gets instead of touching `process` (so tests can run it in-process). */
export interface CliIO {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colours on by default). */
  readonly isTTY: boolean;
  /** The terminal's width in columns, when stdout is a terminal (sizes the default-mode text report). */
  readonly columns?: number | undefined;
  /** Whether stderr is a terminal (batch progress is a bar redrawn in place there). @default false */
  readonly stderrIsTTY?: boolean;
  /** Width of the stderr terminal, when it is one. */
  readonly stderrColumns?: number | undefined;
}

/** What a command's `run` gets. */
export interface CliContext {
  readonly io: CliIO;
  /** The whole registry (for `help`). */
  readonly commands: readonly Command[];
}

/** One `envtrace <name>` sub-command. `run` returns the exit code; it throws for errors (see `main`). */
export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Full help text (`envtrace help <name>`, `envtrace <name> --help`). */
  readonly usage?: string;
  run(args: readonly string[], ctx: CliContext): Promise<number> | number;
}

export const EXIT_OK = 0;
/** A gate (`--min-score`, `--require-pass`) was not met. */
export const EXIT_GATE = 1;
/** Bad usage or bad input (trace, config, file system). */
export const EXIT_USAGE = 2;
/** An unexpected internal error (a bug): EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;
/** Writing to stdout or stderr failed (`ENOSPC` as on `/dev/full`, `EIO`, …): EX_IOERR. */
export const EXIT_IO = 74;
/** Out of JavaScript heap: one line from the supervising parent (`supervise.ts`), never V8's GC trace. */
export const EXIT_MEMORY = 71;

/** Bad command-line usage: unknown flag or command, missing or malformed option value. Exit 2. */
export class UsageError extends EnvTraceError {
  constructor(message: string) {
    super('ERR_USAGE', message);
    this.name = 'UsageError';
  }
}

/**
 * Writing to the standard output or error stream failed (not `--out`, which is a `CliIOError`).
 * Exit 74 (`EXIT_IO`), after one line on stderr when stderr still works.
 */
export class OutputStreamError extends EnvTraceError {
  /** The stream that failed. */
  readonly stream: 'stdout' | 'stderr';
  constructor(stream: 'stdout' | 'stderr', cause: unknown) {
    super('ERR_OUTPUT', `cannot write to ${stream}: ${describeWriteError(cause)}`, { cause });
    this.name = 'OutputStreamError';
    this.stream = stream;
  }
}

/** A short reason for a failed write (`no space left on device`, …). */
export function describeWriteError(e: unknown): string {
  const err = e as NodeJS.ErrnoException | undefined;
  switch (err?.code) {
    case 'ENOSPC':
      return 'no space left on device';
    case 'EPIPE':
      return 'the reader closed the pipe';
    case 'EIO':
      return 'input/output error';
    case 'EBADF':
      return 'the stream is closed';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return err instanceof Error ? err.message : String(e);
  }
}

/** A file the CLI itself reads or writes (not a trace or config) cannot be used. Exit 2. */
export class CliIOError extends EnvTraceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('ERR_IO', message, options);
    this.name = 'CliIOError';
  }
}
