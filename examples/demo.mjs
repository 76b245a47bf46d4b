#!/usr/bin/env node
// `npm run demo`: the example suites through the real Vitest and Jest with the envtrace reporter
// (console summary + envtrace-report.json each), then the CLI scoring the example traces.
// Each example contains one deliberately wrong "generated" program whose test FAILS — that is
// the expected outcome; the demo exits 0 when everything is judged as expected.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const steps = [
  ['Vitest: synchrotron beamline scan (examples/vitest-beamline)', path.join(here, 'vitest-beamline', 'run.mjs')],
  ['Jest: robot pick-and-place (examples/jest-robot)', path.join(here, 'jest-robot', 'run.mjs')],
  ['CLI: envtrace evaluate over examples/traces', path.join(here, 'traces', 'score.mjs')],
];
const results = [];
for (const [title, script] of steps) {
  console.log(`\n${'#'.repeat(80)}\n# ${title}\n${'#'.repeat(80)}`);
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit', cwd: path.resolve(here, '..') });
  results.push([title, r.status === 0]);
}
console.log('\nDemo summary (a wrong generated program failing is the expected outcome):');
for (const [title, ok] of results) console.log(`  ${ok ? 'as expected' : 'UNEXPECTED '}  ${title}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
