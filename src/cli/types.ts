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
  /**
   * The command's own words for some exit codes, or `null` for a code it never gives; its help
   * ends with the exit codes of `EXIT_CODES` in these words. @default {} (every code, as listed)
   */
  readonly exitCodes?: ExitCodeWords;
  run(args: readonly string[], ctx: CliContext): Promise<number> | number;
}

export const EXIT_OK = 0;
/** A gate (`--min-score`, `--require-pass`) was not met. */
export const EXIT_GATE = 1;
/** Bad usage or bad input (trace, config, file system). */
export const EXIT_USAGE = 2;
/** An unexpected internal error (a bug): EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;
/** Out of JavaScript heap: one line from the supervising parent (`supervise.ts`), never V8's GC trace. */
export const EXIT_MEMORY = 71;
/** Writing to stdout or stderr failed (`ENOSPC` as on `/dev/full`, `EIO`, …): EX_IOERR. */
export const EXIT_IO = 74;

/** One of the exit codes above. */
export type ExitCode =
  | typeof EXIT_OK
  | typeof EXIT_GATE
  | typeof EXIT_USAGE
  | typeof EXIT_INTERNAL
  | typeof EXIT_MEMORY
  | typeof EXIT_IO;

/** One exit code as the help and the docs describe it. */
export interface ExitCodeEntry {
  readonly code: ExitCode;
  /** A few words for the help's "Exit codes:" line. */
  readonly brief: string;
  /** The docs' table cell (Markdown): what happened and what the user sees. */
  readonly meaning: string;
}

/**
 * Every exit code of the CLI, in order: the one list the top-level help, each command's help and
 * the docs table (docs/cli.md, `npm run docs:tables`) are written from, so none of them can miss
 * a code (71 and 74 were once missing from the help).
 */
export const EXIT_CODES: readonly ExitCodeEntry[] = Object.freeze([
  {
    code: EXIT_OK,
    brief: 'done',
    meaning: 'done; every gate (`--min-score`, `--require-pass`) met',
  },
  {
    code: EXIT_GATE,
    brief: 'a gate failed',
    meaning:
      'a gate failed (`--min-score`, `--require-pass`; batch mode: a pair failed or could not be evaluated); one line on stderr says which and by how much (`envtrace: gate failed: full score 0.7861 < --min-score 0.9 (short by 0.1139)`; 4 decimals, more when needed to show the shortfall: `0.99999 < --min-score 1 (short by 0.00001)`)',
  },
  {
    code: EXIT_USAGE,
    brief: 'usage or input error',
    meaning:
      'usage or bad input (trace, config, unreadable file, unwritable `--out`): one line on stderr naming the file and the path inside it, `envtrace: <file>: <path inside it>: <problem>`, no stack trace',
  },
  {
    code: EXIT_INTERNAL,
    brief: 'internal error (a bug)',
    meaning:
      'an internal error (a bug: please report it); one line asking for a report, the stack trace with `ENVTRACE_DEBUG=1`',
  },
  {
    code: EXIT_MEMORY,
    brief: 'out of memory',
    meaning:
      "out of memory: the JavaScript heap limit was reached. One line names the limit, the inputs and their sizes and the remedy (`envtrace: out of memory: the JavaScript heap limit (--max-old-space-size=64) was reached with inputs g.json (50.8 MB), p.json (50.8 MB); raise it (e.g. NODE_OPTIONS=--max-old-space-size=1024) or evaluate shorter traces`), instead of V8's GC trace",
  },
  {
    code: EXIT_IO,
    brief: 'writing to stdout or stderr failed',
    meaning:
      "writing to stdout or stderr failed (`> /dev/full`, a full disk, an I/O error): one line on stderr. A reader that closes the pipe early (`| head`) is not an error: the run's own code, no message",
  },
]);

/**
 * A command's own words for some exit codes (`evaluate`: what 1 means in batch mode), or `null`
 * for a code the command never gives (`convert` has no gate, so no 1).
 */
export type ExitCodeWords = Partial<Record<ExitCode, string | null>>;

/**
 * The help's "Exit codes: 0 done; 1 a gate failed; …" paragraph from `EXIT_CODES`, with a
 * command's own words (`words`), wrapped to `width` columns.
 */
export function exitCodesText(words: ExitCodeWords = {}, width = 94): string {
  const parts = EXIT_CODES.flatMap((e) => {
    const own = words[e.code];
    return own === null ? [] : [`${e.code} ${own ?? e.brief}`];
  });
  const lines: string[] = [];
  let line = 'Exit codes:';
  for (const word of `${parts.join('; ')}.`.split(' ')) {
    if (line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

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
