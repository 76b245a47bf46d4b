#!/usr/bin/env node
// Runs this example's tests with the repository's Jest against the built package
// (`npm run build` first), with the envtrace reporter from jest.config.js (envtrace-report.json
// and envtrace-report.html here). One test drives a deliberately wrong "generated" program and is
// EXPECTED to fail: this script exits 0 when exactly that test fails and every other passes.
// ENVTRACE_DEMO_QUIET=1 (set by examples/demo.mjs) prints the runner's output only when the
// outcome is not the expected one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
if (!existsSync(path.join(repo, 'dist', 'jest.cjs'))) {
  console.error('dist/ is missing: run `npm run build` in the repository root first.');
  process.exit(2);
}
const EXPECTED_FAILURE = 'pick and place generated program that never releases the part';
const quiet = process.env.ENVTRACE_DEMO_QUIET === '1';
const reportFile = path.join(here, 'envtrace-report.json');
rmSync(reportFile, { force: true });

const r = spawnSync(
  process.execPath,
  [path.join(repo, 'node_modules/jest/bin/jest.js'), '--config', path.join(here, 'jest.config.js')],
  {
    cwd: here,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    encoding: 'utf8',
  },
);
const tests = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')).tests : [];
const failed = tests.filter((t) => t.status === 'failed').map((t) => t.name);
const ok =
  r.status === 1 &&
  failed.length === 1 &&
  failed[0] === EXPECTED_FAILURE &&
  tests.length >= 4 &&
  tests.every((t) => t.status === 'passed' || t.name === EXPECTED_FAILURE);
if (quiet && !ok) process.stdout.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
console.log(
  ok
    ? `\nexample OK: only the wrong program failed ("${EXPECTED_FAILURE}")`
    : `\nexample NOT as expected: failed = ${JSON.stringify(failed)}, exit ${r.status}`,
);
process.exit(ok ? 0 : 1);
