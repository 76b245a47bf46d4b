#!/usr/bin/env node
/** The `envtrace` executable (built to dist/cli.js with a shebang). */
import { main, outputFailure } from './main.js';

// A failed write to a process stream arrives as an `error` event (after `main` may already have
// returned): one line on stderr and exit 74, or a quiet exit for a closed pipe (`| head`).
// Never a stack trace, and never exit 1 (that is "a gate failed").
for (const name of ['stdout', 'stderr'] as const) {
  process[name].on('error', (e: unknown) => {
    const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
    process.exit(outputFailure(name, e, process.stderr, code));
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
  stderrIsTTY: process.stderr.isTTY === true,
  stderrColumns: process.stderr.isTTY === true ? process.stderr.columns : undefined,
});
