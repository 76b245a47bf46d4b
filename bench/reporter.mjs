#!/usr/bin/env node
// Cost of the envtrace Vitest reporter: a generated suite of `--tests` tests (default 1 000), each
// one `expect(pred).toMatchTraceBehavior(golden)` on `--events`-event traces (default 100), run
// with Vitest's default reporter alone and with the default reporter plus envtrace's
// (`envtrace-js/reporters/vitest`, report written to the temp project), alternating, `--runs`
// times each (default 3). Prints the medians and their ratio (issue-8 target: ≤ 1.15×).
//
//   node bench/reporter.mjs [--tests=1000] [--events=100] [--files=20] [--runs=3] [--clock=cpu|wall]
//
// Needs the built package (dist/, `npm run build`). The suite lives in a temp directory whose
// node_modules links `envtrace-js` to this checkout and `vitest` to its copy. `--clock=cpu`
// (default on Linux) counts the CPU time of the whole Vitest process tree (the children's
// user + system time from /proc/self/stat, read around each run), which a loaded machine
// disturbs less than wall time; `--clock=wall` times elapsed time.

import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { median } from './timing.mjs';
import { mulberry32 } from './traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

function parseArgs(argv) {
  const opts = {
    tests: 1000,
    events: 100,
    files: 20,
    runs: 3,
    clock: process.platform === 'linux' ? 'cpu' : 'wall',
  };
  for (const arg of argv) {
    const m = /^--(tests|events|files|runs)=(\d+)$/.exec(arg);
    if (m && Number(m[2]) >= 1) opts[m[1]] = Number(m[2]);
    else if (arg === '--clock=cpu' || arg === '--clock=wall')
      opts.clock = arg.slice('--clock='.length);
    else if (arg === '--help' || arg === '-h') usage(null);
    else usage(`unknown or malformed argument ${JSON.stringify(arg)}`);
  }
  if (opts.clock === 'cpu' && !existsSync('/proc/self/stat'))
    usage('--clock=cpu needs /proc/self/stat (Linux); use --clock=wall');
  return opts;
}

function usage(error) {
  const text =
    'usage: node bench/reporter.mjs [--tests=1000] [--events=100] [--files=20] [--runs=3] [--clock=cpu|wall]\n';
  if (error) {
    process.stderr.write(`bench/reporter: ${error}\n${text}`);
    process.exit(2);
  }
  process.stdout.write(text);
  process.exit(0);
}

const args = parseArgs(process.argv.slice(2));
for (const f of ['dist/vitest.js', 'dist/reporters/vitest.js']) {
  if (!existsSync(join(root, f))) {
    process.stderr.write(`bench/reporter: ${f} is missing; run \`npm run build\` first\n`);
    process.exit(2);
  }
}

/** CPU seconds of terminated, waited-for children (cutime + cstime of /proc/self/stat; 100 ticks/s). */
function childCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ", field 3 (state) is fields[0]; cutime and cstime are fields 16 and 17.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One golden and one jittered prediction per test, seeded, as JSON text. */
function traceModule(n) {
  const rand = mulberry32(20240611);
  const lines = [];
  for (let t = 0; t < args.tests; t++) {
    const golden = [];
    let ts = 0;
    for (let i = 0; i < n; i++) {
      ts += 0.05 + rand() * 0.1;
      golden.push({
        channel: `ch${Math.floor(rand() * 10)}`,
        timestamp: Number(ts.toFixed(4)),
        value: Math.round(rand() * 100),
      });
    }
    const pred = golden.map((e) => ({
      ...e,
      timestamp: Number((e.timestamp + (rand() - 0.5) * 0.002).toFixed(5)),
    }));
    lines.push(JSON.stringify([golden, pred]));
  }
  return `export const cases = [\n${lines.join(',\n')}\n];\n`;
}

function makeSuite() {
  const dir = mkdtempSync(join(tmpdir(), 'envtrace-bench-reporter-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'envtrace-js'), 'dir');
  symlinkSync(join(root, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'), 'dir');
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'envtrace-bench-reporter', private: true, type: 'module' }),
  );
  writeFileSync(join(dir, 'cases.js'), traceModule(args.events));
  const perFile = Math.ceil(args.tests / args.files);
  for (let f = 0; f * perFile < args.tests; f++) {
    const from = f * perFile;
    const to = Math.min(args.tests, from + perFile);
    writeFileSync(
      join(dir, `s${String(f).padStart(3, '0')}.test.js`),
      `import { expect, test } from 'vitest';\nimport { cases } from './cases.js';\n` +
        `for (let i = ${from}; i < ${to}; i++) {\n  test(\`trace \${i}\`, () => {\n    const [golden, pred] = cases[i];\n    expect(pred).toMatchTraceBehavior(golden);\n  });\n}\n`,
    );
  }
  const config = (reporters) =>
    `export default { test: { root: ${JSON.stringify(dir)}, setupFiles: ['envtrace-js/vitest'], include: ['*.test.js'], reporters: ${reporters} } };\n`;
  writeFileSync(join(dir, 'default.config.mjs'), config(`['default']`));
  writeFileSync(
    join(dir, 'envtrace.config.mjs'),
    config(
      `['default', ['envtrace-js/reporters/vitest', { gitCommit: false, outputFile: 'envtrace-report.json' }]]`,
    ),
  );
  return dir;
}

function runSuite(dir, config) {
  const t0 = args.clock === 'cpu' ? childCpuSeconds() : performance.now() / 1000;
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', join(dir, config)],
    {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
      maxBuffer: 64 << 20,
    },
  );
  const t1 = args.clock === 'cpu' ? childCpuSeconds() : performance.now() / 1000;
  if (r.status !== 0)
    throw new Error(
      `bench/reporter: vitest with ${config} failed (status ${r.status}):\n${(r.stdout + r.stderr).slice(-3000)}`,
    );
  if (!new RegExp(`Tests\\s+${args.tests} passed`).test(r.stdout))
    throw new Error(
      `bench/reporter: expected ${args.tests} passing tests:\n${r.stdout.slice(-2000)}`,
    );
  return t1 - t0;
}

const dir = makeSuite();
// Remove the generated suite when stopped too (runs after the current Vitest child returns).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
try {
  const times = { default: [], envtrace: [] };
  // One untimed run of each first (Vite's dependency optimisation and the OS file cache).
  runSuite(dir, 'default.config.mjs');
  runSuite(dir, 'envtrace.config.mjs');
  if (!existsSync(join(dir, 'envtrace-report.json')))
    throw new Error('bench/reporter: the envtrace reporter wrote no report');
  for (let r = 0; r < args.runs; r++) {
    // Alternate which goes first, so drift of a shared machine hits both alike.
    const order = r % 2 === 0 ? ['default', 'envtrace'] : ['envtrace', 'default'];
    for (const k of order) times[k].push(runSuite(dir, `${k}.config.mjs`));
    process.stderr.write(
      `bench/reporter: round ${r + 1}/${args.runs}: default ${times.default.at(-1).toFixed(2)} s, envtrace ${times.envtrace.at(-1).toFixed(2)} s\n`,
    );
  }
  const d = median(times.default);
  const e = median(times.envtrace);
  const lines = [
    '## envtrace reporter benchmark',
    '',
    `Node ${process.version} · ${args.tests} tests × ${args.events} events in ${args.files} files · clock ${args.clock} · ${args.runs} runs each (medians)`,
    '',
    '| reporters | median s | min s | max s |',
    '|---|---|---|---|',
    `| default | ${d.toFixed(2)} | ${Math.min(...times.default).toFixed(2)} | ${Math.max(...times.default).toFixed(2)} |`,
    `| default + envtrace | ${e.toFixed(2)} | ${Math.min(...times.envtrace).toFixed(2)} | ${Math.max(...times.envtrace).toFixed(2)} |`,
    '',
    `envtrace / default: **${(e / d).toFixed(3)}×** (target ≤ 1.15×)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
