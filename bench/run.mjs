#!/usr/bin/env node
// envtrace benchmarks: seeded synthetic traces shaped like the reference's performance baseline
// (/work/shared/conformance/README.md §6), timed against the BUILT package (../dist/index.js).
//
//   node bench/run.mjs [--large] [--out[=FILE]] [--seed=N] [--clock=wall|cpu] [--quick]
//
//   --large   also run ch20 at 50 000 events (slow: minutes)
//   --out     write the results as JSON to bench/results.json (or FILE), atomically (temp + rename)
//   --seed    base seed of the generator (default 20240611)
//   --clock   wall (default: elapsed time) or cpu (process CPU time; steadier on a loaded machine)
//   --quick   sizes 100 and 1 000 only, small time budget (smoke run)
//
// ENVTRACE_PY_REF=DIR (a checkout holding the Python reference's `envtrace` package): also time
// the reference's `Evaluator().evaluate(req)` on the same generated traces in this run (3 runs per
// cell in one python3 child, same clock; see bench/python-ref.mjs), and print the same-run ratios.
// Without it the ratios use the reference's published medians (README §6, another machine).
//
// Everything is measured in ONE process, interleaved round-robin, so the ratios printed
// (parseTrace / JSON.parse, evaluate / JSON.parse, nw / difflib, reference / default) compare
// numbers taken under the same machine conditions. Absolute times are for context only.
// Performance is never asserted by timed unit tests (see bench/README.md).

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
  unlinkSync,
} from 'node:fs';
import { cpus, platform, arch, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clockOf, median } from './timing.mjs';
import { EDIT_RATE, JITTER_SD_S, MEAN_GAP_S, makeCell } from './traces.mjs';
import { pythonRefDir, timePythonReference } from './python-ref.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = parseArgs(process.argv.slice(2));
let pyRef = null;
try {
  pyRef = pythonRefDir();
} catch (e) {
  process.stderr.write(`bench: ${e.message}\n`);
  process.exit(2);
}
const distEntry = resolve(here, '../dist/index.js');
if (!existsSync(distEntry)) {
  process.stderr.write(
    `bench: ${distEntry} is missing; run \`npm run build\` (or \`npx tsup\`) first\n`,
  );
  process.exit(2);
}
const envtrace = await import(distEntry);
const { evaluate, parseTrace, ENVTRACE_VERSION } = envtrace;

// ---------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv) {
  const opts = { large: false, out: null, seed: 20240611, quick: false, clock: 'wall' };
  for (const arg of argv) {
    if (arg === '--large') opts.large = true;
    else if (arg === '--quick') opts.quick = true;
    else if (arg === '--out') opts.out = resolve(here, 'results.json');
    else if (arg.startsWith('--out='))
      opts.out = resolve(process.cwd(), arg.slice('--out='.length));
    else if (arg === '--clock=wall' || arg === '--clock=cpu')
      opts.clock = arg.slice('--clock='.length);
    else if (arg.startsWith('--seed=')) {
      const n = Number(arg.slice('--seed='.length));
      if (!Number.isInteger(n) || n < 0 || n > 0xffffffff)
        usage(`--seed must be an integer in [0, 2^32), got ${JSON.stringify(arg)}`);
      opts.seed = n;
    } else if (arg === '--help' || arg === '-h') usage(null);
    else usage(`unknown argument ${JSON.stringify(arg)}`);
  }
  return opts;
}

function usage(error) {
  const text =
    'usage: node bench/run.mjs [--large] [--out[=FILE]] [--seed=N] [--clock=wall|cpu] [--quick]\n';
  if (error) {
    process.stderr.write(`bench: ${error}\n${text}`);
    process.exit(2);
  }
  process.stdout.write(text);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Python reference medians, copied from /work/shared/conformance/README.md §6 ("Performance
// baseline of the reference": Evaluator().evaluate(req) only, default options, 3 fresh-process
// runs per cell, 2 vCPU shared VM, Python 3.11.7, numpy 2.4.6). `earlier` is the first
// session's median shown there for run-to-run spread. null = skipped (exceeded 180 s).
// Different machine and session than this run: compare orders of magnitude, not percentages.
const PYTHON_REFERENCE_S = {
  ch20: {
    100: {
      median: 0.0021,
      min: 0.002,
      max: 0.0022,
      earlier: 0.0016,
      predEvents: 100,
      alignmentPairs: 101,
    },
    1000: {
      median: 0.04,
      min: 0.04,
      max: 0.05,
      earlier: 0.033,
      predEvents: 1000,
      alignmentPairs: 1034,
    },
    10000: {
      median: 5.65,
      min: 5.54,
      max: 5.66,
      earlier: 4.67,
      predEvents: 9988,
      alignmentPairs: 10322,
    },
    50000: {
      median: 88.0,
      min: 86.8,
      max: 97.9,
      earlier: 87.3,
      predEvents: 49956,
      alignmentPairs: 51581,
    },
  },
  ch3: {
    100: {
      median: 0.0022,
      min: 0.0022,
      max: 0.0028,
      earlier: 0.0023,
      predEvents: 100,
      alignmentPairs: 101,
    },
    1000: {
      median: 0.16,
      min: 0.16,
      max: 0.163,
      earlier: 0.155,
      predEvents: 1005,
      alignmentPairs: 1027,
    },
    10000: {
      median: 23.7,
      min: 23.4,
      max: 23.7,
      earlier: 24.4,
      predEvents: 9996,
      alignmentPairs: 10262,
    },
    50000: null,
  },
};

// ---------------------------------------------------------------------------------------------
// Timing

let sink = 0; // results feed this so no call can be optimised away

/**
 * The clock of every sample, in ms. `wall`: elapsed time (performance.now). `cpu`: this
 * process's user + system CPU time (process.cpuUsage, µs resolution) — steadier on a loaded
 * machine, since time spent waiting for a core is not counted (GC helper threads are).
 */
const clockNow = clockOf(args.clock);

/** Time `fn` once (ms). */
function timeOnce(fn) {
  const t0 = clockNow();
  const r = fn();
  const dt = clockNow() - t0;
  sink ^= r === undefined ? 0 : 1;
  return dt;
}

/** Inner iterations so that one sample lasts at least `minSampleMs` (fast calls are batched). */
function calibrate(fn, minSampleMs) {
  const first = timeOnce(fn); // also a warm-up call
  if (first >= minSampleMs) return { inner: 1, estimateMs: first, firstMs: first };
  let inner = 1;
  let dt = first;
  while (dt < minSampleMs && inner < 1 << 20) {
    inner *= 2;
    const t0 = clockNow();
    for (let k = 0; k < inner; k++) sink ^= fn() === undefined ? 0 : 1;
    dt = clockNow() - t0;
  }
  return { inner, estimateMs: dt / inner, firstMs: null };
}

/**
 * Measure every task of one cell, interleaved round-robin: each round takes one sample of each
 * task, so slow drift of the machine affects all tasks alike. Samples per task: as many as fit
 * the cell budget (between minSamples and maxSamples), odd so the median is a real sample.
 */
function measureCell(tasks, { budgetMs, minSamples, maxSamples, minSampleMs, keepFirst }) {
  const cal = tasks.map((t) => calibrate(t.fn, minSampleMs));
  const roundMs = cal.reduce((s, c) => s + Math.max(c.estimateMs * c.inner, 0.001), 0);
  let samples = Math.floor(budgetMs / roundMs);
  samples = Math.max(minSamples, Math.min(maxSamples, samples));
  if (samples % 2 === 0) samples = samples > minSamples ? samples - 1 : samples + 1;
  // Large cells: the JIT is already warm from the smaller sizes, so the calibration call of a
  // slow task (one call per sample anyway) counts as its first sample — saves a whole round.
  const times = tasks.map((_, k) => (keepFirst && cal[k].firstMs !== null ? [cal[k].firstMs] : []));
  for (let s = 0; s < samples; s++) {
    for (let k = 0; k < tasks.length; k++) {
      if (times[k].length >= samples) continue;
      const { inner } = cal[k];
      const fn = tasks[k].fn;
      const t0 = clockNow();
      for (let j = 0; j < inner; j++) sink ^= fn() === undefined ? 0 : 1;
      times[k].push((clockNow() - t0) / inner);
    }
  }
  const out = {};
  tasks.forEach((t, k) => {
    const xs = times[k];
    out[t.name] = {
      medianMs: median(xs),
      minMs: Math.min(...xs),
      maxMs: Math.max(...xs),
      samples: xs.length,
      innerIterations: cal[k].inner,
    };
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The run

const SIZES = args.quick ? [100, 1000] : [100, 1000, 10000];
const plan = [];
for (const variant of ['ch20', 'ch3']) {
  for (const n of SIZES) plan.push({ variant, n });
  if (variant === 'ch20' && args.large) plan.push({ variant, n: 50000 });
}

/** Time budget per cell (ms of measuring after calibration) and sample bounds. */
function budgetFor(n) {
  if (args.quick) return { budgetMs: 300, minSamples: 3, maxSamples: 15, minSampleMs: 2 };
  if (n <= 100) return { budgetMs: 2500, minSamples: 15, maxSamples: 101, minSampleMs: 10 };
  if (n <= 1000) return { budgetMs: 5000, minSamples: 9, maxSamples: 51, minSampleMs: 10 };
  if (n <= 10000)
    return { budgetMs: 12000, minSamples: 3, maxSamples: 9, minSampleMs: 5, keepFirst: true };
  return { budgetMs: 0, minSamples: 3, maxSamples: 3, minSampleMs: 0, keepFirst: true };
}

function summarize(result) {
  return {
    full_score: result.full_score,
    accuracy: result.accuracy,
    alignmentPairs: result.alignment.length,
  };
}

/** The timed tasks of one cell (see bench/README.md, "What is measured"). */
function tasksOf(gtText, predText, gt, pred, gtRef, predRef) {
  return [
    { name: 'jsonParse', fn: () => [JSON.parse(gtText), JSON.parse(predText)] },
    {
      name: 'parseTrace',
      fn: () => [
        parseTrace(gtText, { file: 'gt.json', format: 'envtrace' }),
        parseTrace(predText, { file: 'pred.json', format: 'envtrace' }),
      ],
    },
    {
      name: 'parseTraceReference',
      fn: () => [
        parseTrace(gtText, { file: 'gt.json', format: 'envtrace', mode: 'reference' }),
        parseTrace(predText, { file: 'pred.json', format: 'envtrace', mode: 'reference' }),
      ],
    },
    // difflib named explicitly: the default mode's default aligner is `behavior` (fix A1), timed on its own.
    { name: 'evaluateDifflib', fn: () => evaluate(gt, pred, { aligner: 'difflib' }) },
    { name: 'evaluateBehavior', fn: () => evaluate(gt, pred) },
    { name: 'evaluateNw', fn: () => evaluate(gt, pred, { aligner: 'nw' }) },
    { name: 'evaluateReference', fn: () => evaluate(gtRef, predRef, { mode: 'reference' }) },
  ];
}

function parsedCell(gtText, predText) {
  return {
    gt: parseTrace(gtText, { file: 'gt.json', format: 'envtrace' }),
    pred: parseTrace(predText, { file: 'pred.json', format: 'envtrace' }),
    gtRef: parseTrace(gtText, { file: 'gt.json', format: 'envtrace', mode: 'reference' }),
    predRef: parseTrace(predText, { file: 'pred.json', format: 'envtrace', mode: 'reference' }),
  };
}

const started = performance.now();

// Global warm-up: let V8 tier up every code path on mid-sized data (separate seed) before the
// first measured cell, so the small cells measured first are not timed in the interpreter.
{
  const warmMs = args.quick ? 200 : 1500;
  for (const variant of ['ch20', 'ch3']) {
    const w = makeCell(variant, 300, args.seed ^ 0x5a5a5a5a);
    const p = parsedCell(w.gtText, w.predText);
    const tasks = tasksOf(w.gtText, w.predText, p.gt, p.pred, p.gtRef, p.predRef);
    const until = performance.now() + warmMs / 2;
    while (performance.now() < until) for (const t of tasks) sink ^= t.fn() === undefined ? 0 : 1;
  }
}

const cells = [];
for (const { variant, n } of plan) {
  const cell = makeCell(variant, n, args.seed);
  const { gtText, predText } = cell;

  // Parsed once outside the timed region: evaluate() is timed on already-parsed traces, like
  // the reference's baseline (which times Evaluator().evaluate(req) only).
  const { gt, pred, gtRef, predRef } = parsedCell(gtText, predText);

  // One untimed call of each evaluation for sanity (and to report what was computed).
  const outcome = {
    difflib: summarize(evaluate(gt, pred, { aligner: 'difflib' })),
    nw: summarize(evaluate(gt, pred, { aligner: 'nw' })),
    reference: summarize(evaluate(gtRef, predRef, { mode: 'reference' })),
  };

  const tasks = tasksOf(gtText, predText, gt, pred, gtRef, predRef);
  const t0 = performance.now();
  const timings = measureCell(tasks, budgetFor(n));
  const cellSeconds = (performance.now() - t0) / 1000;

  const m = (k) => timings[k].medianMs;
  // Same run: the reference on these very traces (ENVTRACE_PY_REF); else its published medians.
  let py = PYTHON_REFERENCE_S[variant][n] ?? null;
  let pySource = py ? 'published' : null;
  if (pyRef !== null) {
    const dir = mkdtempSync(join(tmpdir(), 'envtrace-bench-py-'));
    try {
      writeFileSync(join(dir, 'gt.json'), gtText);
      writeFileSync(join(dir, 'pred.json'), predText);
      const t = timePythonReference({
        refDir: pyRef,
        gtFile: join(dir, 'gt.json'),
        predFile: join(dir, 'pred.json'),
        runs: args.quick ? 1 : 3,
        clock: args.clock,
      });
      if (t.error !== undefined)
        process.stderr.write(`bench: Python reference ${variant} n=${n}: ${t.error}\n`);
      else {
        py = t;
        pySource = 'same run';
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const ratios = {
    parseTrace_over_jsonParse: m('parseTrace') / m('jsonParse'),
    parseTraceReference_over_jsonParse: m('parseTraceReference') / m('jsonParse'),
    evaluate_over_jsonParse: m('evaluateDifflib') / m('jsonParse'),
    evaluate_over_parseTrace: m('evaluateDifflib') / m('parseTrace'),
    nw_over_difflib: m('evaluateNw') / m('evaluateDifflib'),
    behavior_over_difflib: m('evaluateBehavior') / m('evaluateDifflib'),
    reference_over_default: m('evaluateReference') / m('evaluateDifflib'),
    pythonReference_over_reference: py ? (py.median * 1000) / m('evaluateReference') : null,
    // The issue-8 target (>= 250x at 10 000 events): the reference's default evaluate over ours.
    pythonReference_over_default: py ? (py.median * 1000) / m('evaluateDifflib') : null,
  };
  cells.push({
    variant,
    gtEvents: cell.gtEvents,
    predEvents: cell.predEvents,
    edits: cell.edits,
    jsonBytes: gtText.length + predText.length,
    outcome,
    timings,
    ratios,
    pythonReferenceSeconds: py,
    pythonReferenceSource: pySource,
    cellSeconds,
  });
  process.stderr.write(`bench: ${variant} n=${n} done in ${cellSeconds.toFixed(1)} s\n`);
}
const totalSeconds = (performance.now() - started) / 1000;

// ---------------------------------------------------------------------------------------------
// Output

function fmtMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${(ms * 1000).toFixed(0)} µs`;
}
function fmtS(s) {
  return s === null || s === undefined ? '–' : fmtMs(s * 1000);
}
function fmtX(r) {
  if (r === null || r === undefined || !Number.isFinite(r)) return '–';
  return r >= 100 ? `${r.toFixed(0)}×` : r >= 10 ? `${r.toFixed(1)}×` : `${r.toFixed(2)}×`;
}

const cpu = cpus();
const env = {
  envtrace: ENVTRACE_VERSION,
  node: process.version,
  platform: `${platform()} ${arch()}`,
  cpu: cpu[0]?.model ?? 'unknown',
  cpus: cpu.length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
};

const lines = [];
lines.push(`## envtrace benchmark`);
lines.push('');
lines.push(
  `envtrace ${env.envtrace} · Node ${env.node} · ${env.platform} · ${env.cpus}× ${env.cpu} · seed ${args.seed} · clock ${args.clock} · ` +
    `total ${totalSeconds.toFixed(1)} s${args.large ? ' · --large' : ''}${args.quick ? ' · --quick' : ''}`,
);
lines.push('');
lines.push('### Ratios (same run; medians of interleaved samples)');
lines.push('');
lines.push(
  '| variant | events gt/pred | parseTrace / JSON.parse | parseTrace(ref) / JSON.parse | evaluate (difflib) / JSON.parse | evaluate / parseTrace | nw / difflib | behavior / difflib | reference / difflib | Python ref / envtrace ref ¹ | Python ref / envtrace difflib ¹ |',
);
lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
for (const c of cells) {
  const r = c.ratios;
  lines.push(
    `| ${c.variant} | ${c.gtEvents} / ${c.predEvents} | ${fmtX(r.parseTrace_over_jsonParse)} | ${fmtX(r.parseTraceReference_over_jsonParse)} | ` +
      `${fmtX(r.evaluate_over_jsonParse)} | ${fmtX(r.evaluate_over_parseTrace)} | ${fmtX(r.nw_over_difflib)} | ${fmtX(r.behavior_over_difflib)} | ${fmtX(r.reference_over_default)} | ` +
      `${fmtX(r.pythonReference_over_reference)} | ${fmtX(r.pythonReference_over_default)} |`,
  );
}
lines.push('');
lines.push('### Absolute medians (context only; both traces per call)');
lines.push('');
lines.push(
  '| variant | events gt/pred | pairs (difflib / nw) | samples | JSON.parse | parseTrace | parseTrace(ref) | evaluate difflib | evaluate nw | evaluate behavior (default) | evaluate reference | Python ref median ¹ |',
);
lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const c of cells) {
  const t = c.timings;
  lines.push(
    `| ${c.variant} | ${c.gtEvents} / ${c.predEvents} | ${c.outcome.difflib.alignmentPairs} / ${c.outcome.nw.alignmentPairs} | ${t.evaluateDifflib.samples} | ` +
      `${fmtMs(t.jsonParse.medianMs)} | ${fmtMs(t.parseTrace.medianMs)} | ${fmtMs(t.parseTraceReference.medianMs)} | ` +
      `${fmtMs(t.evaluateDifflib.medianMs)} | ${fmtMs(t.evaluateNw.medianMs)} | ${fmtMs(t.evaluateBehavior.medianMs)} | ${fmtMs(t.evaluateReference.medianMs)} | ` +
      `${fmtS(c.pythonReferenceSeconds?.median)} |`,
  );
}
lines.push('');
lines.push(
  pyRef !== null
    ? `¹ Python reference timed in this run on the same traces (ENVTRACE_PY_REF=${pyRef}; \`Evaluator().evaluate(req)\`, default options, same clock); cells where it failed fall back to the published medians (README §6).`
    : '¹ Python medians from /work/shared/conformance/README.md §6 (`Evaluator().evaluate(req)`, default options, 2 vCPU VM, ' +
        'other session and machine, its own synthetic data with the same recipe): an order-of-magnitude comparison, not a same-run ratio. ' +
        'Set ENVTRACE_PY_REF to a checkout of the reference to time it in the same run.',
);
process.stdout.write(`${lines.join('\n')}\n`);

if (args.out) {
  const doc = {
    schema: 'envtrace-bench/1',
    createdAt: new Date().toISOString(),
    environment: env,
    options: { seed: args.seed, large: args.large, quick: args.quick, clock: args.clock },
    generator: {
      meanGapSeconds: MEAN_GAP_S,
      editRate: EDIT_RATE,
      jitterSdSeconds: JITTER_SD_S,
      prng: 'mulberry32',
    },
    pythonReferenceSource:
      pyRef !== null ? `same run: ${pyRef}` : '/work/shared/conformance/README.md §6',
    totalSeconds,
    cells,
  };
  mkdirSync(dirname(args.out), { recursive: true });
  const tmp = `${args.out}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(doc, null, 2)}\n`);
    renameSync(tmp, args.out);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file may not exist
    }
    throw e;
  }
  process.stderr.write(`bench: wrote ${args.out}\n`);
}
if (sink === 42) process.stderr.write(''); // keep `sink` observable
