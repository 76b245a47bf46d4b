/**
 * `envtrace` command-line entry, with injected I/O (`bin.ts` passes the real process streams).
 * Errors become exit codes here: a user error (any `EnvTraceError`: bad trace, bad config,
 * reference raise, malformed JSON, usage, unwritable `--out`) prints one line and exits 2; a
 * failed write to stdout/stderr prints one line (on stderr, if it still works) and exits 74,
 * except a closed pipe (`envtrace … | head`), which ends quietly; anything else is a bug: one
 * line asking for a report, exit 70 (stack trace with `ENVTRACE_DEBUG=1`).
 */
import { EnvTraceError } from '../errors.js';
import { escapeForTerminal } from '../report/escape.js';
import { commands as registry } from './commands/index.js';
import { commandUsage, usageText } from './commands/help.js';
import { describeFsError } from './run.js';
import {
  EXIT_INTERNAL,
  EXIT_IO,
  EXIT_OK,
  EXIT_USAGE,
  OutputStreamError,
  UsageError,
  type CliContext,
  type CliIO,
  type Command,
} from './types.js';

export type { CliIO, Command } from './types.js';

/** Run `envtrace` with `argv` (arguments after the executable and script). Resolves to the exit code; never throws. */
export async function main(
  argv: readonly string[],
  rawIO: CliIO,
  commands: readonly Command[] = registry,
): Promise<number> {
  const io = guardStreams(rawIO);
  const ctx: CliContext = { io, commands };
  try {
    const [first, ...rest] = argv;
    if (first === '--help' || first === '-h') {
      io.stdout.write(`${usageText(commands)}\n`);
      return EXIT_OK;
    }
    if (first === undefined) {
      // No command is a usage error: the usage goes to stderr and the exit code says so.
      io.stderr.write(`${usageText(commands)}\n`);
      return EXIT_USAGE;
    }
    if (first === '--version' || first === '-V') {
      if (rest.length > 0) throw new UsageError(`'--version' takes no arguments`);
      return await runCommand('version', [], ctx);
    }
    if (first.startsWith('-')) {
      throw new UsageError(
        `unknown option '${escapeForTerminal(first)}' before the command (run 'envtrace help')`,
      );
    }
    return await runCommand(first, rest, ctx);
  } catch (e) {
    try {
      return reportError(e, io, rawIO);
    } catch (failed) {
      // stderr failed while reporting: nothing more can be said
      return failed instanceof OutputStreamError ? EXIT_IO : EXIT_INTERNAL;
    }
  }
}

/**
 * `io` whose `write`s throw `OutputStreamError` instead of the stream's own error, so a
 * failed write to stdout/stderr (thrown synchronously by the stream) is told apart from an
 * unreadable input file.
 */
function guardStreams(io: CliIO): CliIO {
  const guard = (stream: 'stdout' | 'stderr', target: CliIO['stdout']): CliIO['stdout'] => ({
    write(chunk: string): unknown {
      try {
        return target.write(chunk);
      } catch (e) {
        throw new OutputStreamError(stream, e);
      }
    },
  });
  return { ...io, stdout: guard('stdout', io.stdout), stderr: guard('stderr', io.stderr) };
}

/**
 * The exit code for a failed write to stdout or stderr (`error` event of a process stream, or
 * a write that threw), after one line on `stderr` saying so where that can still be written.
 * A closed pipe (`EPIPE`: the reader, e.g. `head`, has all it wanted) is not an error: no
 * message, and the exit code is `exitCode` (the code the run had already decided, else 0).
 */
export function outputFailure(
  stream: 'stdout' | 'stderr',
  error: unknown,
  stderr: CliIO['stderr'],
  exitCode: number = EXIT_OK,
): number {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') return exitCode;
  if (stream === 'stdout') {
    try {
      stderr.write(`envtrace: ${oneLine(new OutputStreamError(stream, error).message)}\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left
    }
  }
  return EXIT_IO;
}

async function runCommand(name: string, args: readonly string[], ctx: CliContext): Promise<number> {
  const cmd = ctx.commands.find((c) => c.name === name);
  if (!cmd)
    throw new UsageError(
      `unknown command '${escapeForTerminal(name)}' (run 'envtrace help' for the list)`,
    );
  // `envtrace <command> --help` (or -h) is answered here for every command, as `envtrace help
  // <command>` is: one place, so no command can forget it. Only tokens before a `--` count; no
  // option takes a value starting with '-' (node's parseArgs rejects it), so a bare `-h` is never
  // an option's value.
  const end = args.indexOf('--');
  const head = end < 0 ? args : args.slice(0, end);
  if (head.includes('--help') || head.includes('-h')) {
    ctx.io.stdout.write(`${commandUsage(cmd)}\n`);
    return EXIT_OK;
  }
  return await cmd.run(args, ctx);
}

/** One line of text from a message that may span lines (zod-style lists) and hold untrusted text. */
function oneLine(message: string): string {
  const parts = message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  // A heading that ends in ':' ("2 problems in the options:") is followed by a space, not '; '.
  let out = '';
  for (const p of parts) out = out === '' ? p : `${out}${out.endsWith(':') ? ' ' : '; '}${p}`;
  return escapeForTerminal(out);
}

function isFsError(e: unknown): e is NodeJS.ErrnoException & { path?: string } {
  return (
    e instanceof Error &&
    typeof (e as NodeJS.ErrnoException).code === 'string' &&
    typeof (e as NodeJS.ErrnoException).syscall === 'string'
  );
}

function reportError(e: unknown, io: CliIO, rawIO: CliIO): number {
  if (e instanceof OutputStreamError)
    return outputFailure(e.stream, e.cause, rawIO.stderr, EXIT_OK);
  const debug = io.env.ENVTRACE_DEBUG === '1';
  const stack = (): void => {
    if (debug && e instanceof Error && e.stack) io.stderr.write(`${e.stack}\n`);
  };
  if (e instanceof EnvTraceError) {
    io.stderr.write(`envtrace: ${oneLine(e.message)}\n`);
    stack();
    return EXIT_USAGE;
  }
  if (isFsError(e)) {
    // A file the user named could not be read or written.
    const where = e.path !== undefined ? `${e.path}: ` : '';
    io.stderr.write(`envtrace: ${oneLine(`${where}${describeFsError(e)}`)}\n`);
    stack();
    return EXIT_USAGE;
  }
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  io.stderr.write(
    `envtrace: internal error: ${oneLine(message)} (this is a bug, please report it${debug ? '' : '; set ENVTRACE_DEBUG=1 for the stack trace'})\n`,
  );
  stack();
  return EXIT_INTERNAL;
}
