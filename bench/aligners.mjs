#!/usr/bin/env node
// Aligner benchmark: whole `evaluate` with the nw and behavior aligners (and difflib on request) on
// the bench pairs of bench/traces.mjs (5 % edits + 2 ms jitter, ch20 and ch3), timed against
// JSON.parse of the two files' text in the same process — the issue-8 target for nw and behavior at
// 100 000 events is ≤ 3× JSON.parse. Times the BUILT package (dist/index.js: `npm run build` first).
//
//   node bench/aligners.mjs [--sizes=10000,100000] [--variants=ch20,ch3] [--aligners=nw,behavior]
//                           [--edit-rates=0.05] [--runs=N] [--clock=cpu|wall] [--seed=N] [--threads]
//
//   --sizes     gt event counts (default 10000,100000)
//   --variants  ch20 (20 channels) and/or ch3 (3 channels, long runs of one channel) (default both)
//   --aligners  any of nw, behavior, difflib, nw-match (nw with match 1, mismatch 3, gap_open 2,
//               gap_extend 1), nw-channels (nw with by_channel costs on two of the variant's
//               channels: the first 3 / 2, the last gap_open 1.5) (default nw,behavior)
//   --edit-rates  shares of gt events edited, e.g. 0.001,0.01,0.05 (default 0.05, the bench pairs);
//               the wavefront aligners' time grows with the square of the alignment cost, so
//               this shows where they are near-linear and where not
//   --runs      timed rounds per cell (default 3); printed: their median, and the first round alone
//               (in the process's first cell that one runs on code V8 has not compiled yet)
//   --clock     cpu (default: process CPU time, steadier on a shared machine) or wall
//   --seed      base seed of the generator (default 20240611)
//   --threads   also split each task's CPU time by thread (Linux: /proc/self/task): the main
//               thread's, as a multiple of JSON.parse's main-thread time, and the other threads'
//               (V8's background compiler and GC helpers), which the CPU clock counts too
//
// Per cell the traces are generated, parsed once (parseTrace) outside the timed region, then each
// round times JSON.parse(gt) + JSON.parse(pred) and evaluate(gt, pred, {aligner}) for each aligner,
// interleaved, so slow drift of a shared machine hits every task alike. Printed per aligner: the
// median time, its ratio to the JSON.parse median of the same round set, the first round's ratio to
// that round's JSON.parse (the cold one in the process's first cell), the full_score, and the
// number of alignment rows that differ (unpaired, wrong channel or value mismatch) — the quality
// side. Performance is never asserted by unit tests (bench/README.md).

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockOf, median, threadCpu } from './timing.mjs';
import { makeCell, VARIANTS } from './traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const distEntry = resolve(here, '../dist/index.js');

function usage(message) {
  const text =
    'usage: node bench/aligners.mjs [--sizes=10000,100000] [--variants=ch20,ch3] [--aligners=nw,behavior] [--edit-rates=0.05] [--runs=N] [--clock=cpu|wall] [--seed=N] [--threads]\n';
  if (message === null) {
    process.stdout.write(text);
    process.exit(0);
  }
  process.stderr.write(`aligners bench: ${message}\n${text}`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = {
    sizes: [10000, 100000],
    variants: ['ch20', 'ch3'],
    aligners: ['nw', 'behavior'],
    editRates: [0.05],
    runs: null,
    clock: 'cpu',
    seed: 20240611,
    threads: false,
  };
  const ints = (text, name) =>
    text.split(',').map((x) => {
      const n = Number(x);
      if (!Number.isInteger(n) || n < 1)
        usage(`${name} takes positive integers, got ${JSON.stringify(x)}`);
      return n;
    });
  const names = (text, name, allowed) =>
    text.split(',').map((x) => {
      if (!allowed.includes(x))
        usage(`${name}: unknown ${JSON.stringify(x)} (one of ${allowed.join(', ')})`);
      return x;
    });
  for (const arg of argv) {
    const eq = arg.indexOf('=');
    const [key, value] = eq < 0 ? [arg, null] : [arg.slice(0, eq), arg.slice(eq + 1)];
    if (key === '--sizes' && value) opts.sizes = ints(value, '--sizes');
    else if (key === '--variants' && value)
      opts.variants = names(value, '--variants', ['ch20', 'ch3']);
    else if (key === '--aligners' && value)
      opts.aligners = names(value, '--aligners', [
        'nw',
        'behavior',
        'difflib',
        'nw-match',
        'nw-channels',
      ]);
    else if (key === '--edit-rates' && value)
      opts.editRates = value.split(',').map((x) => {
        const r = Number(x);
        if (!(x.trim() !== '' && r >= 0 && r <= 1))
          usage(`--edit-rates takes numbers in [0, 1], got ${JSON.stringify(x)}`);
        return r;
      });
    else if (key === '--runs' && value) opts.runs = ints(value, '--runs')[0];
    else if (key === '--clock' && (value === 'cpu' || value === 'wall')) opts.clock = value;
    else if (key === '--seed' && value !== null && /^\d+$/.test(value) && Number(value) < 2 ** 32)
      opts.seed = Number(value);
    else if (key === '--threads' && value === null) opts.threads = true;
    else if (key === '--help' || key === '-h') usage(null);
    else usage(`unknown or malformed argument ${JSON.stringify(arg)}`);
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(distEntry)) usage('dist/index.js is missing: run `npm run build` first');
if (opts.threads && threadCpu() === undefined) usage('--threads needs /proc/self/task (Linux)');
const { evaluate, parseTrace } = await import(distEntry);

/** Milliseconds of the chosen clock: process CPU time (user + system) or wall time. */
const now = clockOf(opts.clock);

/** [ms of the clock, fn's result, per-thread CPU ms ({main, others}) with --threads]. */
function time(fn) {
  const c0 = opts.threads ? threadCpu() : undefined;
  const t0 = now();
  const out = fn();
  const ms = now() - t0;
  const c1 = opts.threads ? threadCpu() : undefined;
  return [
    ms,
    out,
    c0 && c1 ? { main: c1.main - c0.main, others: c1.others - c0.others } : undefined,
  ];
}

/** The `aligner` option of a bench aligner name on a variant's traces. */
function alignerSpec(name, variant) {
  if (name === 'nw-match') return { name: 'nw', match: 1, mismatch: 3, gap_open: 2, gap_extend: 1 };
  if (name === 'nw-channels') {
    const channels = VARIANTS[variant].channels;
    return {
      name: 'nw',
      by_channel: {
        [channels[0].name]: { gap_open: 3, gap_extend: 2 },
        [channels[channels.length - 1].name]: { gap_open: 1.5 },
      },
    };
  }
  return name;
}

/** Rows the alignment reports as differing: unpaired, wrong channel, or a value mismatch. */
function differing(result) {
  return result.alignment_rows.filter((r) => !r.ignored && r.match !== true).length;
}

const rows = [];
for (const variant of opts.variants) {
  for (const n of opts.sizes)
    for (const rate of opts.editRates) {
      const cell = makeCell(variant, n, opts.seed, rate);
      const gt = parseTrace(cell.gtText, { format: 'envtrace' });
      const pred = parseTrace(cell.predText, { format: 'envtrace' });
      const runs = opts.runs ?? 3;
      const samples = { 'JSON.parse': [] };
      const threads = { 'JSON.parse': [] };
      const results = {};
      for (let run = 0; run < runs; run++) {
        const [parseMs, , parseThreads] = time(() => {
          JSON.parse(cell.gtText);
          JSON.parse(cell.predText);
        });
        samples['JSON.parse'].push(parseMs);
        threads['JSON.parse'].push(parseThreads);
        for (const aligner of opts.aligners) {
          const spec = alignerSpec(aligner, variant);
          const [ms, result, split] = time(() => evaluate(gt, pred, { aligner: spec }));
          (samples[aligner] ??= []).push(ms);
          (threads[aligner] ??= []).push(split);
          results[aligner] = result;
        }
        process.stderr.write(`${variant} n=${n} edits=${rate} run ${run + 1}/${runs}\n`);
      }
      const parse = median(samples['JSON.parse']);
      const parseMain = opts.threads ? median(threads['JSON.parse'].map((t) => t.main)) : 0;
      /** With --threads: the median main-thread ms (and its multiple of JSON.parse's) and other threads' ms. */
      const split = (task) => {
        if (!opts.threads) return '';
        const main = median(threads[task].map((t) => t.main));
        const others = median(threads[task].map((t) => t.others));
        const ratio =
          task === 'JSON.parse'
            ? '1×'
            : parseMain > 0
              ? `${(main / parseMain).toFixed(1)}×`
              : 'n/a';
        return ` ${main.toFixed(0)} | ${ratio} | ${others.toFixed(0)} |`;
      };
      for (const aligner of opts.aligners) {
        const ms = median(samples[aligner]);
        const first = samples[aligner][0] / samples['JSON.parse'][0];
        const r = results[aligner];
        rows.push(
          `| ${variant} | ${n} | ${rate} | ${cell.predEvents} | ${aligner} | ${ms.toFixed(0)} | ${(ms / parse).toFixed(1)}× | ${first.toFixed(1)}× | ${r.full_score.toFixed(4)} | ${differing(r)} |${split(aligner)}`,
        );
      }
      rows.push(
        `| ${variant} | ${n} | ${rate} | ${cell.predEvents} | JSON.parse (both files) | ${parse.toFixed(1)} | 1× | 1× | | |${split('JSON.parse')}`,
      );
    }
}
process.stdout.write(
  [
    `clock: ${opts.clock}; node ${process.version}; seed ${opts.seed}; evaluate = whole evaluate() on parsed traces` +
      (opts.threads ? '; thread columns: CPU ms per thread from /proc (10 ms ticks), medians' : ''),
    '',
    '| variant | gt events | edit rate | pred events | what | median ms | / JSON.parse | first round / JSON.parse | full_score | differing rows |' +
      (opts.threads ? ' main thread ms | main / JSON.parse main | other threads ms |' : ''),
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |' +
      (opts.threads ? ' ---: | ---: | ---: |' : ''),
    ...rows,
  ].join('\n') + '\n',
);
