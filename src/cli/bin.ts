#!/usr/bin/env node
/**
 * The `envtrace` executable (built to dist/cli.js with a shebang). It starts itself again as a
 * child process that runs the command, so that running out of JavaScript heap (which V8 reports
 * with a GC trace and an abort, uncatchable in the process) is told in one line: see
 * `supervise.ts`.
 */
import { spawn } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { EXIT_INTERNAL, EXIT_MEMORY } from './types.js';
import {
  inputSizes,
  oldSpaceFlag,
  outOfMemoryLine,
  StderrFilter,
  SUPERVISED_ENV,
  supervisedStderr,
  supervisedValue,
} from './supervise.js';

// A failed write to a process stream arrives as an `error` event (after `main` may already have
// returned): one line on stderr and exit 74, or a quiet exit for a closed pipe (`| head`).
// Never a stack trace, and never exit 1 (that is "a gate failed"). The engine is loaded only
// where it runs (the child): the parent starts fast.
for (const name of ['stdout', 'stderr'] as const) {
  process[name].on('error', (e: unknown) => {
    const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
    void import('./main.js').then(({ outputFailure }) => {
      process.exit(outputFailure(name, e, process.stderr, code));
    });
  });
}

const supervised = process.env[SUPERVISED_ENV];
const args = process.argv.slice(2);

if (supervised !== undefined) {
  // The child: run the command. Its stderr is a pipe to the parent, which says whether its own
  // is a terminal.
  const stderr = supervisedStderr(supervised);
  const env = { ...process.env };
  delete env[SUPERVISED_ENV];
  const { main } = await import('./main.js');
  process.exitCode = await main(args, {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env,
    isTTY: process.stdout.isTTY === true,
    columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
    stderrIsTTY: stderr.isTTY,
    stderrColumns: stderr.columns,
  });
} else {
  supervise();
}

/** The parent: run this script again as a child, pass its stderr through, tell an out-of-memory death in one line. */
function supervise(): void {
  const script = process.argv[1] ?? '';
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
    stdio: ['inherit', 'inherit', 'pipe'],
    env: { ...process.env, [SUPERVISED_ENV]: supervisedValue(process.stderr) },
  });
  const filter = new StderrFilter();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    const text = filter.push(chunk);
    if (text !== '') process.stderr.write(text);
  });
  // The terminal sends SIGINT to both; a signal sent to this process only is passed on.
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  child.on('error', (e) => {
    // Node itself could not be started again (e.g. no processes left).
    process.stderr.write(`envtrace: could not start: ${e.message}\n`);
    process.exitCode = EXIT_INTERNAL;
  });
  child.on('close', (code, signal) => {
    const rest = filter.end();
    if (rest !== '') process.stderr.write(rest);
    if (filter.outOfMemory) {
      // The child had this process's flags and environment, so the same limit.
      const flags = [...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/), ...process.execArgv];
      const limit = {
        flagMb: oldSpaceFlag(flags),
        heapSizeLimit: getHeapStatistics().heap_size_limit,
      };
      process.stderr.write(`${outOfMemoryLine(limit, inputSizes(args, process.cwd()))}\n`);
      process.exitCode = EXIT_MEMORY;
      return;
    }
    if (signal !== null) {
      // End the way the child ended (a shell then sees the same signal).
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(s, forward);
      process.kill(process.pid, signal);
      return;
    }
    process.exitCode = code ?? EXIT_INTERNAL;
  });
}
