#!/usr/bin/env node
/** The `envtrace` executable (built to dist/cli.js with a shebang). */
import { main } from './main.js';

// A closed pipe (`envtrace ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
});
