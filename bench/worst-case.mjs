#!/usr/bin/env node
// Worst-case benchmark of the default aligner (issue 23 §1): whole `evaluate` with default options
// on the pair families that made the exact aligner slow, each cell in a FRESH process (the first
// evaluation, what one CLI call or one test pays), timed against JSON.parse of the two files' text
// in that process. Times the BUILT package (dist/index.js: `npm run build` first).
//
//   node bench/worst-case.mjs [--sizes=100000] [--families=a,b,…] [--clock=cpu|wall] [--seed=N]
//                             [--dist=path/to/dist/index.js]   (another build, e.g. a baseline)
//
// Families (n = gt events; traces from bench/traces.mjs, 20 channels unless said):
//   noshared   pred = gt with every channel renamed: no channel in common
//   unrelated  pred = another, independently drawn golden (same 20 channels)
//   reversed   pred = gt's events in reverse order (timestamps kept increasing)
//   valueoff   one numeric channel; every pred value off by a calibration offset (+1000)
//   edits20    bench pair with 20 % edits (delete / insert / value change / swap)
//   edits50    bench pair with 50 % edits
//   sparse     pred = gt with 95 % of the events renamed to channels gt never uses
//   rotation   two recordings of one robot run: 3 topics in a fixed rotation, stamped structured
//              values (no value buckets), 1.5 % dropped, 2 % changed (bench/rosbag2.mjs --pair)
//   bench20    bench pair (5 % edits, ch20)     bench3    the same on ch3
// Printed per cell: JSON.parse ms, evaluate ms, their ratio, peak RSS (MiB), the report's
// `aligner` (optimal, cost) and full_score. Performance is never asserted by unit tests.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockOf } from './timing.mjs';
import { family } from './worst-case-traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
let distEntry = resolve(here, '../dist/index.js');
const FAMILIES = [
  'noshared',
  'unrelated',
  'reversed',
  'valueoff',
  'edits20',
  'edits50',
  'sparse',
  'rotation',
  'bench20',
  'bench3',
];

function args() {
  const out = { sizes: [100_000], families: FAMILIES, clock: 'cpu', seed: 20240611, cell: null };
  for (const a of process.argv.slice(2)) {
    const [k, v] = a.replace(/^--/, '').split('=');
    if (k === 'sizes') out.sizes = v.split(',').map(Number);
    else if (k === 'families') out.families = v.split(',');
    else if (k === 'clock') out.clock = v;
    else if (k === 'seed') out.seed = Number(v);
    else if (k === 'cell') out.cell = v;
    else if (k === 'dist')
      distEntry = resolve(v); // another build, e.g. a baseline's dist/index.js
    else {
      process.stderr.write(`worst-case bench: unknown option ${a}\n`);
      process.exit(2);
    }
  }
  for (const f of out.families)
    if (!FAMILIES.includes(f)) {
      process.stderr.write(`worst-case bench: unknown family ${f}\n`);
      process.exit(2);
    }
  return out;
}

async function runCell(spec, opts) {
  const [name, nText] = spec.split(':');
  const { gtText, predText } = family(name, Number(nText), opts.seed);
  const { evaluate } = await import(distEntry);
  const now = clockOf(opts.clock);
  let t0 = now();
  const gt = JSON.parse(gtText);
  const pred = JSON.parse(predText);
  const parseMs = now() - t0;
  t0 = now();
  const r = evaluate(gt, pred);
  const evalMs = now() - t0;
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    JSON.stringify({
      name,
      n: Number(nText),
      parseMs,
      evalMs,
      rssMiB,
      aligner: r.aligner ?? {},
      full_score: r.full_score,
    }) + '\n',
  );
}

async function main() {
  const opts = args();
  if (opts.cell !== null) return runCell(opts.cell, opts);
  if (!existsSync(distEntry)) {
    process.stderr.write('worst-case bench: dist/index.js missing; run `npm run build` first\n');
    process.exit(2);
  }
  console.log(`clock: ${opts.clock}; each cell in a fresh process (first evaluation)`);
  console.log(
    'family     n          parse ms   evaluate ms  ratio   RSS MiB  optimal  cost      score',
  );
  for (const n of opts.sizes)
    for (const f of opts.families) {
      const r = spawnSync(
        process.execPath,
        [
          '--max-old-space-size=4096',
          fileURLToPath(import.meta.url),
          `--cell=${f}:${n}`,
          `--clock=${opts.clock}`,
          `--seed=${opts.seed}`,
          `--dist=${distEntry}`,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      if (r.status !== 0) {
        console.log(
          `${f.padEnd(10)} ${String(n).padEnd(10)} failed: ${r.stderr.trim().split('\n').at(-1)}`,
        );
        continue;
      }
      const c = JSON.parse(r.stdout.trim().split('\n').at(-1));
      console.log(
        [
          f.padEnd(10),
          String(n).padEnd(10),
          c.parseMs.toFixed(0).padStart(8),
          c.evalMs.toFixed(0).padStart(13),
          (c.evalMs / c.parseMs).toFixed(2).padStart(6) + '×',
          c.rssMiB.toFixed(0).padStart(8),
          String(c.aligner.optimal).padStart(8),
          String(c.aligner.cost).padEnd(9),
          c.full_score.toFixed(4),
        ].join(' '),
      );
    }
}

await main();
