#!/usr/bin/env node
// Aligner benchmark: difflib, nw and behavior on seeded traces with a few injected edits, timed
// against JSON.parse of the golden trace's text (the target for nw and behavior at 100 000 events
// is ≤ 3× JSON.parse). Loads the TypeScript sources directly through Vite's module runner (a
// devDependency), so it needs no build.
//
//   node bench/aligners.mjs [--sizes=1000,10000] [--edits=20] [--aligners=difflib,nw,behavior]
//                           [--kinds=irregular,periodic] [--seed=N] [--runs=3]
//   node bench/aligners.mjs --sizes=100000 --aligners=nw,behavior     # the 100 000-event target
//
// (difflib on the periodic trace is far slower than the others — its longest-block search keeps
// finding long repeats — so the 100 000-event run leaves it out.)
//
// Each cell prints the median of --runs runs (wall time, ms), the aligner's time over JSON.parse's,
// and the number of rows that differ (gaps, wrong channel, value mismatch) — the quality side.
// Performance is never asserted by unit tests: on a shared machine the absolute numbers are noise,
// the ratios (measured in one process, interleaved) are what to compare.

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runnerImport } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const load = async (rel) => (await runnerImport(resolve(here, '..', rel))).module;

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(a);
    if (!m) {
      process.stderr.write(`aligners bench: unknown argument ${a}\n`);
      process.exit(2);
    }
    return [m[1], m[2] ?? 'true'];
  }),
);
const list = (s, d) => (s ?? d).split(',').filter(Boolean);
const sizes = list(args.sizes, '1000,10000').map(Number);
const edits = Number(args.edits ?? 20);
const runs = Math.max(1, Number(args.runs ?? 3));
const seed = Number(args.seed ?? 20240611);
const alignerNames = list(args.aligners, 'difflib,nw,behavior');
const kinds = list(args.kinds, 'irregular,periodic');

const { DifflibAligner } = await load('src/align/difflib.ts');
const { NeedlemanWunschAligner } = await load('src/align/nw.ts');
const { BehaviorAligner } = await load('src/align/behavior.ts');
const ALIGNERS = { difflib: () => new DifflibAligner(), nw: () => new NeedlemanWunschAligner(), behavior: () => new BehaviorAligner() };
for (const n of alignerNames) {
  if (!(n in ALIGNERS)) {
    process.stderr.write(`aligners bench: unknown aligner ${n} (difflib, nw, behavior)\n`);
    process.exit(2);
  }
}

/** mulberry32: the same generator as the tests. */
function rng(s) {
  let t = s >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Golden trace: `irregular` = 20 channels at random, `periodic` = a 4-event cycle with repeating values. */
function golden(kind, n, r) {
  const out = [];
  for (let k = 0; k < n; k++) {
    if (kind === 'periodic') out.push({ channel: k % 2 ? 'gripper' : 'arm:pose', timestamp: k, value: ['pick', 'close', 'place', 'open'][k % 4] });
    else out.push({ channel: `ch${Math.floor(r() * 20)}`, timestamp: k, value: Math.floor(r() * 100) });
  }
  return out;
}

/** `count` edits at random places: a third each drop, insert, change. */
function edit(gt, count, r) {
  const pred = gt.slice();
  for (let e = 0; e < count; e++) {
    const k = Math.floor(r() * pred.length);
    const op = r();
    if (op < 1 / 3) pred.splice(k, 1);
    else if (op < 2 / 3) pred.splice(k, 0, { channel: 'arm:pose', timestamp: (pred[k]?.timestamp ?? k) - 0.5, value: 'home' });
    else pred[k] = { ...pred[k], value: 'changed' };
  }
  return pred;
}

function intern(gt, pred) {
  const ids = new Map();
  const names = [];
  const keys = (evs) =>
    Int32Array.from(evs, (e) => {
      let id = ids.get(e.channel);
      if (id === undefined) {
        id = names.length;
        ids.set(e.channel, id);
        names.push(e.channel);
      }
      return id;
    });
  return { a: keys(gt), b: keys(pred), names };
}

const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

function time(fn) {
  const t0 = performance.now();
  const out = fn();
  return [performance.now() - t0, out];
}

const rows = [];
for (const kind of kinds) {
  for (const n of sizes) {
    const r = rng(seed + n + (kind === 'periodic' ? 1 : 0));
    const gt = golden(kind, n, r);
    const pred = edit(gt, edits, r);
    const text = JSON.stringify({ events: gt });
    const { a, b, names } = intern(gt, pred);
    // Strict equality stands in for the comparator (values here are numbers and strings).
    const context = { channelNames: names, valuesMatch: (i, j) => gt[i].value === pred[j].value };
    const samples = { 'JSON.parse': [] };
    const differing = {};
    for (let run = 0; run < runs; run++) {
      samples['JSON.parse'].push(time(() => JSON.parse(text))[0]);
      for (const name of alignerNames) {
        const [ms, pairs] = time(() => ALIGNERS[name]().align(a, b, context));
        (samples[name] ??= []).push(ms);
        differing[name] = pairs.filter((p) => p.gt === null || p.pred === null || a[p.gt] !== b[p.pred] || !context.valuesMatch(p.gt, p.pred)).length;
      }
      process.stderr.write(`${kind} n=${n} run ${run + 1}/${runs}\n`);
    }
    const parse = median(samples['JSON.parse']);
    for (const name of alignerNames) {
      const ms = median(samples[name]);
      rows.push(`| ${kind} | ${n} | ${edits} | ${name} | ${ms.toFixed(1)} | ${(ms / parse).toFixed(2)}× | ${differing[name]} |`);
    }
    rows.push(`| ${kind} | ${n} | ${edits} | JSON.parse | ${parse.toFixed(1)} | 1× | |`);
  }
}
process.stdout.write(
  ['| trace | events | edits | what | median ms | / JSON.parse | differing rows |', '| --- | ---: | ---: | --- | ---: | ---: | ---: |', ...rows].join('\n') + '\n',
);
