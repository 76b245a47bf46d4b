#!/usr/bin/env node
// envtrace scale benchmark: 100 000 and 1 000 000 events and the short-equal-blocks pattern,
// timed against the BUILT package (../dist/index.js), each case in fresh child processes.
//
//   node bench/scale.mjs [--sizes=100000,1000000] [--short=100000] [--clock=cpu|wall] [--seed=N] [--out[=FILE]]
//
//   --sizes   event counts of the 5 %-edit cells (both variants, ch20 and ch3); default 100000,1000000
//   --short   event counts of the short-equal-blocks cells (every 5th pred event on a channel of
//             its own); default 100000; --short= (empty) skips them
//   --clock   cpu (default: process CPU time, steadier on a shared machine) or wall
//   --seed    base seed of the generator (default 20240611)
//   --out     write the results as JSON to bench/scale-results.json (or FILE)
//
// Per case the parent writes gt.json / pred.json to a temp dir, then runs two children:
//   time: reads both files as text, then `rounds` interleaved rounds of
//         JSON.parse(gt) + JSON.parse(pred)  |  parseTrace(gt) + parseTrace(pred)  |  evaluate(gt, pred,
//         {aligner: 'difflib'}) (default mode)  |  the difflib aligner alone on the channel keys  |
//         the JSON report (`reportChunks`, every chunk encoded as UTF-8, as --out writes it) of a
//         fresh result  |  JSON.stringify(result, null, 2) and JSON.stringify(result) of the same
//         result with its lists built, each encoded as UTF-8; and prints the medians; every
//         ratio divides by a median of the same process.
//   rss:  loadTrace(gt) + loadTrace(pred) + evaluate once, then prints the peak resident set size
//         (process.resourceUsage().maxRSS) — what a CLI run over those files needs.
//   rss-report: the same, then the JSON report streamed to a file in the temp dir (what
//         `envtrace evaluate --aligner difflib --out FILE` needs; a second child, so the peaks are separate).
// Performance is never asserted by tests (see bench/README.md).

import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clockOf, median } from './timing.mjs';
import { makeCell, makeShortBlocksCell } from './traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const distEntry = resolve(here, '../dist/index.js');
const engineEntry = resolve(here, '../dist/engine.js');

function parseArgs(argv) {
  const opts = {
    sizes: [100000, 1000000],
    short: [100000],
    clock: 'cpu',
    seed: 20240611,
    out: null,
    child: null,
    gt: null,
    pred: null,
    rounds: 3,
  };
  const list = (text, name) =>
    text === ''
      ? []
      : text.split(',').map((x) => {
          const n = Number(x);
          if (!Number.isInteger(n) || n < 1)
            usage(`${name} takes positive integers, got ${JSON.stringify(x)}`);
          return n;
        });
  for (const arg of argv) {
    const [key, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, null];
    if (key === '--sizes' && value !== null) opts.sizes = list(value, '--sizes');
    else if (key === '--short' && value !== null) opts.short = list(value, '--short');
    else if (key === '--clock' && (value === 'cpu' || value === 'wall')) opts.clock = value;
    else if (key === '--seed' && value !== null && /^\d+$/.test(value) && Number(value) < 2 ** 32)
      opts.seed = Number(value);
    else if (key === '--out')
      opts.out =
        value === null ? resolve(here, 'scale-results.json') : resolve(process.cwd(), value);
    else if (key === '--child' && (value === 'time' || value === 'rss' || value === 'rss-report'))
      opts.child = value;
    else if (key === '--gt' && value) opts.gt = value;
    else if (key === '--pred' && value) opts.pred = value;
    else if (key === '--rounds' && value !== null && /^\d+$/.test(value) && Number(value) >= 1)
      opts.rounds = Number(value);
    else if (key === '--help' || key === '-h') usage(null);
    else usage(`unknown or malformed argument ${JSON.stringify(arg)}`);
  }
  return opts;
}

function usage(error) {
  const text =
    'usage: node bench/scale.mjs [--sizes=100000,1000000] [--short=100000] [--clock=cpu|wall] [--seed=N] [--out[=FILE]]\n';
  if (error) {
    process.stderr.write(`bench/scale: ${error}\n${text}`);
    process.exit(2);
  }
  process.stdout.write(text);
  process.exit(0);
}

const args = parseArgs(process.argv.slice(2));

const clockNow = clockOf(args.clock);

// ---------------------------------------------------------------------------------------------
// Children

/** Options of every timed evaluation: difflib, named (the default mode's default aligner is behavior). */
const EVALUATE_OPTIONS = { aligner: 'difflib' };

async function childTime() {
  const { parseTrace, evaluate } = await import(distEntry);
  const { internKeys, DifflibAligner, reportChunks } = await import(engineEntry);
  const gtText = readFileSync(args.gt, 'utf8');
  const predText = readFileSync(args.pred, 'utf8');
  const times = {
    jsonParse: [],
    parseTrace: [],
    evaluate: [],
    align: [],
    report: [],
    stringifyIndented: [],
    stringify: [],
  };
  let result = null;
  let reportBytes = 0;
  let stringifyBytes = 0;
  for (let r = 0; r < args.rounds; r++) {
    let t0 = clockNow();
    const docs = [JSON.parse(gtText), JSON.parse(predText)];
    times.jsonParse.push(clockNow() - t0);
    if (docs.length !== 2) throw new Error('unreachable');
    t0 = clockNow();
    // The format given: the envtrace reader alone, without the detection's extra JSON.parse.
    const gt = parseTrace(gtText, { file: 'gt.json', format: 'envtrace' });
    const pred = parseTrace(predText, { file: 'pred.json', format: 'envtrace' });
    times.parseTrace.push(clockNow() - t0);
    t0 = clockNow();
    result = evaluate(gt, pred, EVALUATE_OPTIONS);
    times.evaluate.push(clockNow() - t0);
    // The difflib aligner alone (opcodes and index pairs) on the channel keys, as evaluate calls it.
    const keys = internKeys(
      gt.events.map((e) => e.channel),
      pred.events.map((e) => e.channel),
    );
    t0 = clockNow();
    const pairs = new DifflibAligner().align(keys.gt, keys.pred, {
      channelNames: keys.channelNames,
    });
    times.align.push(clockNow() - t0);
    if (pairs.length !== result.metrics.discrete.details.total_pairs)
      throw new Error('bench/scale: aligner and evaluate disagree on the alignment length');
    // The report of a fresh result (its per-pair lists unbuilt, as in the CLI), then JSON.stringify
    // of the same data with the lists built (reading result.alignment above built only that one).
    const fresh = evaluate(gt, pred, EVALUATE_OPTIONS);
    t0 = clockNow();
    reportBytes = 0;
    for (const chunk of reportChunks(fresh)) reportBytes += Buffer.byteLength(chunk);
    times.report.push(clockNow() - t0);
    (void fresh.alignment, fresh.alignment_rows, fresh.alignment_index);
    for (const m of Object.values(fresh.metrics)) void Object.values(m.details);
    t0 = clockNow();
    try {
      stringifyBytes = Buffer.byteLength(JSON.stringify(fresh, null, 2));
      times.stringifyIndented.push(clockNow() - t0);
    } catch (e) {
      // At 10^6 events the indented text is longer than V8's longest string: JSON.stringify cannot
      // write it at all (the streamed report can). Recorded as missing.
      if (!(e instanceof RangeError)) throw e;
      stringifyBytes = null;
    }
    t0 = clockNow();
    Buffer.byteLength(JSON.stringify(fresh));
    times.stringify.push(clockNow() - t0);
  }
  const out = {
    rounds: args.rounds,
    alignmentPairs: result.metrics.discrete.details.total_pairs,
    full_score: result.full_score,
    reportBytes,
    stringifyIndentedBytes: stringifyBytes,
  };
  for (const [k, xs] of Object.entries(times))
    out[k] = xs.length
      ? { medianMs: median(xs), minMs: Math.min(...xs), maxMs: Math.max(...xs) }
      : null;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function childRss(withReport) {
  const { loadTrace, evaluate } = await import(distEntry);
  const { reportChunks } = await import(engineEntry);
  const before = process.resourceUsage().maxRSS;
  const gt = await loadTrace(args.gt, { format: 'envtrace' });
  const pred = await loadTrace(args.pred, { format: 'envtrace' });
  const result = evaluate(gt, pred, EVALUATE_OPTIONS);
  let reportBytes = 0;
  if (withReport) {
    const file = join(dirname(args.gt), 'report.json');
    const fd = openSync(file, 'w');
    try {
      for (const chunk of reportChunks(result)) reportBytes += writeSync(fd, chunk);
      reportBytes += writeSync(fd, '\n');
    } finally {
      closeSync(fd);
    }
  }
  const usage = process.resourceUsage();
  process.stdout.write(
    `${JSON.stringify({ maxRssKiB: usage.maxRSS, startRssKiB: before, full_score: result.full_score, reportBytes })}\n`,
  );
}

if (args.child) {
  if (!args.gt || !args.pred) usage('--child needs --gt=FILE and --pred=FILE');
  await (args.child === 'time' ? childTime() : childRss(args.child === 'rss-report'));
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Parent

if (!existsSync(distEntry)) {
  process.stderr.write(`bench/scale: ${distEntry} is missing; run \`npm run build\` first\n`);
  process.exit(2);
}

function runChild(kind, gtFile, predFile, rounds) {
  const r = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      `--child=${kind}`,
      `--gt=${gtFile}`,
      `--pred=${predFile}`,
      `--rounds=${rounds}`,
      `--clock=${args.clock}`,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0)
    throw new Error(`bench/scale: ${kind} child failed (status ${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

const plan = [];
for (const n of args.sizes)
  for (const variant of ['ch20', 'ch3']) plan.push({ pattern: 'edits', variant, n });
for (const n of args.short)
  for (const variant of ['ch20', 'ch3']) plan.push({ pattern: 'shortBlocks', variant, n });

const started = performance.now();
const cells = [];
for (const { pattern, variant, n } of plan) {
  const cell =
    pattern === 'edits'
      ? makeCell(variant, n, args.seed)
      : makeShortBlocksCell(variant, n, args.seed);
  const dir = mkdtempSync(join(tmpdir(), 'envtrace-bench-'));
  try {
    const gtFile = join(dir, 'gt.json');
    const predFile = join(dir, 'pred.json');
    writeFileSync(gtFile, cell.gtText);
    writeFileSync(predFile, cell.predText);
    const rounds = n >= 1000000 ? 3 : 5;
    const t0 = performance.now();
    const time = runChild('time', gtFile, predFile, rounds);
    const rss = runChild('rss', gtFile, predFile, 1);
    const rssReport = runChild('rss-report', gtFile, predFile, 1);
    const m = (k) => time[k].medianMs;
    cells.push({
      pattern,
      variant,
      gtEvents: cell.gtEvents,
      predEvents: cell.predEvents,
      jsonBytes: cell.gtText.length + cell.predText.length,
      time,
      rss,
      rssReport,
      ratios: {
        report_over_stringifyIndented: time.stringifyIndented
          ? m('report') / m('stringifyIndented')
          : null,
        report_over_stringify: m('report') / m('stringify'),
        evaluate_over_jsonParse: m('evaluate') / m('jsonParse'),
        align_over_jsonParse: m('align') / m('jsonParse'),
        parseTrace_over_jsonParse: m('parseTrace') / m('jsonParse'),
        parseTraceAndEvaluate_over_jsonParse: (m('parseTrace') + m('evaluate')) / m('jsonParse'),
      },
      cellSeconds: (performance.now() - t0) / 1000,
    });
    process.stderr.write(
      `bench/scale: ${pattern} ${variant} n=${n} done in ${cells.at(-1).cellSeconds.toFixed(1)} s\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmtX = (r) =>
  r === null
    ? "n/a (RangeError: longer than V8's longest string)"
    : r >= 10
      ? `${r.toFixed(1)}×`
      : `${r.toFixed(2)}×`;
const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const lines = [];
lines.push('## envtrace scale benchmark');
lines.push('');
lines.push(
  `Node ${process.version} · seed ${args.seed} · clock ${args.clock} · total ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
lines.push('');
lines.push(
  '| pattern | variant | events gt/pred | MB | difflib align / JSON.parse | evaluate / JSON.parse | parseTrace / JSON.parse | parseTrace + evaluate / JSON.parse | peak RSS (loadTrace + evaluate) | report / JSON.stringify (indented / compact) | report MB | peak RSS (+ report to file) | JSON.parse | parseTrace | evaluate | report | pairs |',
);
lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const c of cells) {
  const r = c.ratios;
  lines.push(
    `| ${c.pattern} | ${c.variant} | ${c.gtEvents} / ${c.predEvents} | ${(c.jsonBytes / 1e6).toFixed(0)} | ${fmtX(r.align_over_jsonParse)} | ${fmtX(r.evaluate_over_jsonParse)} | ` +
      `${fmtX(r.parseTrace_over_jsonParse)} | ${fmtX(r.parseTraceAndEvaluate_over_jsonParse)} | ${(c.rss.maxRssKiB / 1024).toFixed(0)} MiB | ` +
      `${fmtX(r.report_over_stringifyIndented)} / ${fmtX(r.report_over_stringify)} | ${(c.time.reportBytes / 1e6).toFixed(0)} | ${(c.rssReport.maxRssKiB / 1024).toFixed(0)} MiB | ` +
      `${fmtMs(c.time.jsonParse.medianMs)} | ${fmtMs(c.time.parseTrace.medianMs)} | ${fmtMs(c.time.evaluate.medianMs)} | ${fmtMs(c.time.report.medianMs)} | ${c.time.alignmentPairs} |`,
  );
}
lines.push('');
lines.push(
  'Ratios divide medians measured in the same child process; absolute times are for context only. `evaluate` runs with `aligner: difflib`.',
);
lines.push(
  "`report` = `reportChunks` of a fresh result, every chunk UTF-8 encoded; `JSON.stringify` = of the same result with its lists built (indented: `null, 2`, the report's layout), UTF-8 encoded.",
);
process.stdout.write(`${lines.join('\n')}\n`);

if (args.out) {
  mkdirSync(dirname(args.out), { recursive: true });
  const tmp = `${args.out}.${process.pid}.tmp`;
  writeFileSync(
    tmp,
    `${JSON.stringify({ schema: 'envtrace-bench-scale/1', createdAt: new Date().toISOString(), node: process.version, options: { seed: args.seed, clock: args.clock, sizes: args.sizes, short: args.short }, cells }, null, 2)}\n`,
  );
  renameSync(tmp, args.out);
  process.stderr.write(`bench/scale: wrote ${args.out}\n`);
}
