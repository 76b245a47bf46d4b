#!/usr/bin/env node
// Runs the BUILT CLI (dist/cli.js; `npm run demo` builds first) over the example traces:
// each prediction against its golden with the example's envtrace.config.yaml, prints the
// report and a one-line verdict. The wrong predictions FAILING is the expected outcome: the
// demo exits 0 when every prediction is judged as expected, 1 otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error(
    'demo: dist/cli.js is missing; run `npm run build` first (or `npm run demo`, which builds).',
  );
  process.exit(1);
}

const runs = [
  {
    example: 'beamline',
    pred: 'pred-correct.json',
    expect: 'pass',
    why: 'same scan, a few ms of timing jitter',
  },
  {
    example: 'beamline',
    pred: 'pred-wrong-exposure.json',
    expect: 'fail',
    why: 'AcquireTime 10 s instead of 1 s',
  },
  {
    example: 'robot',
    pred: 'pred-correct.json',
    expect: 'pass',
    why: 'same moves, different log wording, jitter',
  },
  {
    example: 'robot',
    pred: 'pred-missing-release.json',
    expect: 'fail',
    why: 'never opens the gripper at the place location',
  },
];

// ENVTRACE_DEMO_QUIET=1 (examples/demo.mjs): only the verdict lines, the reports of unexpected outcomes.
const quiet = process.env.ENVTRACE_DEMO_QUIET === '1';
const verdicts = [];
let unexpected = 0;
for (const r of runs) {
  const dir = path.join('examples', 'traces', r.example);
  const args = [
    cli,
    'evaluate',
    '--gt',
    path.join(dir, 'golden.json'),
    '--pred',
    path.join(dir, r.pred),
    '--config',
    path.join(dir, 'envtrace.config.yaml'),
    '--require-pass',
  ];
  const title = `${r.example}/${r.pred} (${r.why})`;
  const res = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const outcomeNow = res.status === 0 ? 'pass' : res.status === 1 ? 'fail' : 'error';
  if (!quiet || outcomeNow !== r.expect) {
    console.log(`\n$ envtrace ${args.slice(1).join(' ')}`);
    process.stdout.write(res.stdout);
    if (res.stderr) process.stdout.write(res.stderr);
  }
  const outcome =
    res.status === 0 ? 'pass' : res.status === 1 ? 'fail' : `error (exit ${res.status})`;
  const score = /Full score: (\S+)/.exec(res.stdout)?.[1] ?? '?';
  const asExpected = outcome === r.expect;
  if (!asExpected) unexpected++;
  verdicts.push(
    `${asExpected ? 'ok ' : 'BAD'} ${title}: ${outcome.toUpperCase()} (full score ${score}); expected ${r.expect.toUpperCase()}${asExpected ? '' : '  <-- unexpected'}`,
  );
}

if (!quiet) console.log('\nVerdicts (the wrong predictions are supposed to FAIL):');
for (const v of verdicts) console.log(`  ${v}`);
if (!quiet)
  console.log(
    unexpected === 0
      ? '\nAll predictions were judged as expected.'
      : `\n${unexpected} prediction(s) were NOT judged as expected.`,
  );
process.exit(unexpected === 0 ? 0 : 1);
