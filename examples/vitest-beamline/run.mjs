#!/usr/bin/env node
// Runs this example's tests with the repository's Vitest against the built package
// (`npm run build` first). One test drives a deliberately wrong "generated" program and is
// EXPECTED to fail: this script exits 0 when exactly that test fails and every other passes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
if (!existsSync(path.join(repo, 'dist', 'vitest.js'))) {
  console.error('dist/ is missing: run `npm run build` in the repository root first.');
  process.exit(2);
}
const EXPECTED_FAILURE = 'x scan with a temperature ramp generated program with the exposure in ms';

const out = mkdtempSync(path.join(tmpdir(), 'envtrace-example-'));
const json = path.join(out, 'results.json');
const r = spawnSync(
  process.execPath,
  [path.join(repo, 'node_modules/vitest/vitest.mjs'), 'run', '--root', here, '--reporter=default', `--reporter=${path.join(repo, 'dist', 'reporters', 'vitest.js')}`, '--reporter=json', `--outputFile.json=${json}`],
  { cwd: here, stdio: ['ignore', 'inherit', 'inherit'] },
);
const results = JSON.parse(readFileSync(json, 'utf8'));
rmSync(out, { recursive: true, force: true });
const tests = results.testResults.flatMap((f) => f.assertionResults);
const failed = tests.filter((t) => t.status === 'failed').map((t) => t.fullName);
const ok = r.status === 1 && failed.length === 1 && failed[0] === EXPECTED_FAILURE && tests.length >= 4 && tests.every((t) => t.status === 'passed' || t.fullName === EXPECTED_FAILURE);
console.log(ok ? `\nexample OK: only the wrong program failed ("${EXPECTED_FAILURE}")` : `\nexample NOT as expected: failed = ${JSON.stringify(failed)}, exit ${r.status}`);
process.exit(ok ? 0 : 1);
