// Batch mode's worker threads: wall time of `envtrace evaluate --gt-dir --pred-dir` with
// `--jobs 1` (in-process) against `--jobs 2`, on a generated corpus (bench/traces.mjs pairs:
// 20 channels, ~5 % edits, 2 ms jitter), run through the BUILT CLI (dist/cli.js: `npx tsup`).
//
//   node bench/batch.mjs                      # 1,000 pairs of 1,000 events, 3 rounds, jobs 1 and 2
//   node bench/batch.mjs --pairs=200 --events=1000 --rounds=5 --jobs=1,2,auto
//   node bench/batch.mjs --keep               # keep the corpus directory (its path is printed)
//   node bench/batch.mjs --corpus=DIR         # reuse a kept corpus (DIR/gt, DIR/pred)
//   node bench/batch.mjs --baseline=OLD/dist/cli.js   # also time another build, alternating
//
// Rounds alternate the order of the job counts (1,2 then 2,1 …) so a load that drifts during the
// run falls on both sides. Each run writes its report (`--out`, as CI would), with `--quiet`.
// CPU time (user + sys) comes from /usr/bin/time when it exists; the load average is printed per
// run, because the machine these figures come from is shared. Results: stdout (Markdown table);
// progress: stderr.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCell } from './traces.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cliJs = path.join(root, 'dist', 'cli.js');
if (!existsSync(cliJs)) {
  console.error(
    'bench/batch.mjs: dist/cli.js is missing: run `npx tsup` (or `npm run build`) first',
  );
  process.exit(2);
}

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const PAIRS = Number(args.pairs ?? 1000);
const EVENTS = Number(args.events ?? 1000);
const ROUNDS = Number(args.rounds ?? 3);
const JOBS = String(args.jobs ?? '1,2').split(',');
const SEED = Number(args.seed ?? 20261201);

const reuse = args.corpus !== undefined;
const dir = reuse
  ? path.resolve(args.corpus)
  : mkdtempSync(path.join(tmpdir(), 'envtrace-bench-batch-'));
process.on('exit', () => {
  if (args.keep !== 'true' && !reuse) rmSync(dir, { recursive: true, force: true });
});
const builds = [['this build', cliJs]];
if (args.baseline !== undefined) builds.push(['baseline', path.resolve(args.baseline)]);

// The corpus: PAIRS pairs, each its own seeded cell, in ten sub-directories.
const t0 = performance.now();
let bytes = 0;
for (let i = 0; i < (reuse ? 0 : PAIRS); i++) {
  const cell = makeCell('ch20', EVENTS, SEED + i);
  const rel = path.join(`group-${i % 10}`, `pair-${String(i).padStart(5, '0')}.json`);
  for (const [side, text] of [
    ['gt', cell.gtText],
    ['pred', cell.predText],
  ]) {
    const file = path.join(dir, side, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
}
if (reuse) {
  const sizes = (d) =>
    readdirSync(d, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .reduce((n, e) => n + statSync(path.join(e.parentPath ?? e.path, e.name)).size, 0);
  bytes = sizes(path.join(dir, 'gt')) + sizes(path.join(dir, 'pred'));
}
console.error(
  `corpus: ${reuse ? 'reused,' : ''} ${PAIRS} pairs of ${EVENTS} events, ${(bytes / 1e6).toFixed(1)} MB in ${dir} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

const hasTime = existsSync('/usr/bin/time');

const TICK_S = 0.01; // USER_HZ: /proc/<pid>/task/<tid>/stat counts CPU time in 1/100 s

/** utime + stime (seconds) of each thread of process `pid`, from /proc (Linux); empty elsewhere. */
function threadTimes(pid) {
  const out = new Map();
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * TICK_S);
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** The first child process of `pid` (Linux /proc), or undefined. */
function childOf(pid) {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return kids[0] || undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` runs the command: `envtrace` re-executes itself with ENVTRACE_SUPERVISED set. */
function isSupervised(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1')
      .split('\0')
      .some((v) => v.startsWith('ENVTRACE_SUPERVISED='));
  } catch {
    return false;
  }
}

/**
 * The process that runs the command, below `pid` (/usr/bin/time, then the `envtrace` parent, which
 * only supervises: src/cli/bin.ts): the descendant with ENVTRACE_SUPERVISED in its environment;
 * undefined until it has started.
 */
function commandProcess(pid) {
  for (let p = childOf(pid), depth = 0; p !== undefined && depth < 4; p = childOf(p), depth++)
    if (isSupervised(p)) return p;
  return undefined;
}

/**
 * One run of the CLI: wall seconds, CPU seconds (or null; of every process: /usr/bin/time counts
 * the supervising parent and the child), exit code, load average before, and per thread of the
 * child that runs the command (sampled every 50 ms from /proc, so a thread's last < 50 ms may be
 * missed) the CPU of its main thread and of its busiest other thread (a worker with --jobs 2).
 */
async function runOnce(cli, jobs) {
  const cliArgs = [
    cli,
    'evaluate',
    '--gt-dir',
    path.join(dir, 'gt'),
    '--pred-dir',
    path.join(dir, 'pred'),
    '--out',
    path.join(dir, 'run.json'),
    '--quiet',
    ...(jobs === 'auto' ? [] : ['--jobs', jobs]),
  ];
  const timeFile = path.join(dir, 'time.txt');
  const load = loadavg()[0];
  const start = performance.now();
  const child = hasTime
    ? spawn('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, process.execPath, ...cliArgs], {
        stdio: ['ignore', 'ignore', 'pipe'],
      })
    : spawn(process.execPath, cliArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const seen = new Map();
  let nodePid;
  const poll = setInterval(() => {
    nodePid ??= commandProcess(child.pid);
    if (nodePid === undefined) return;
    for (const [tid, t] of threadTimes(nodePid)) seen.set(tid, t);
  }, 50);
  const status = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(poll);
  const wall = (performance.now() - start) / 1000;
  let cpu = null;
  if (hasTime) {
    const last = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1) ?? '';
    const [user, sys] = last.split(' ').map(Number);
    if (Number.isFinite(user) && Number.isFinite(sys)) cpu = user + sys;
  }
  // Exit 1 is a failed pair (the edited predictions may fail their decision): still a full run.
  if (status !== 0 && status !== 1) {
    console.error(stderr);
    throw new Error(`envtrace exited ${status} with --jobs ${jobs}`);
  }
  const main = nodePid === undefined ? null : (seen.get(nodePid) ?? null);
  const others = [...seen].filter(([tid]) => tid !== nodePid).map(([, t]) => t);
  const busiest = others.length > 0 ? Math.max(...others) : null;
  return { wall, cpu, load, main, busiest };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => (x === null ? '—' : x.toFixed(2));

const medianOrNull = (xs) => {
  const known = xs.filter((x) => x !== null);
  return known.length > 0 ? fmt(median(known)) : '—';
};

const configs = builds.flatMap(([label, cli]) => JOBS.map((jobs) => ({ label, cli, jobs })));
const samples = configs.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  const order = configs.map((_, i) => i);
  if (round % 2 === 1) order.reverse();
  for (const i of order) {
    const { label, cli, jobs } = configs[i];
    const s = await runOnce(cli, jobs);
    samples[i].push(s);
    console.error(
      `round ${round + 1} ${label} --jobs ${jobs}: ${s.wall.toFixed(2)} s wall${s.cpu === null ? '' : `, ${s.cpu.toFixed(2)} s CPU`}, main thread ${fmt(s.main)} s, busiest other thread ${fmt(s.busiest)} s (load ${s.load.toFixed(1)})`,
    );
  }
}

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
} catch {
  // not a git checkout
}
console.log(
  `${PAIRS} pairs × ${EVENTS} events (${(bytes / 1e6).toFixed(0)} MB), ${ROUNDS} alternating rounds, Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} ×${availableParallelism()}, commit ${commit}\n`,
);
console.log(
  '| build | --jobs | wall median (s) | wall min–max (s) | CPU median (s) | main thread CPU (s) | busiest other thread CPU (s) | load avg at start |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const [i, { label, jobs }] of configs.entries()) {
  const xs = samples[i];
  const walls = xs.map((x) => x.wall);
  const cpusT = xs.map((x) => x.cpu).filter((x) => x !== null);
  console.log(
    `| ${label} | ${jobs} | ${fmt(median(walls))} | ${fmt(Math.min(...walls))}–${fmt(Math.max(...walls))} | ${cpusT.length ? fmt(median(cpusT)) : '—'} | ${medianOrNull(xs.map((x) => x.main))} | ${medianOrNull(xs.map((x) => x.busiest))} | ${xs.map((x) => x.load.toFixed(1)).join(', ')} |`,
  );
}
