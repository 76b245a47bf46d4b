#!/usr/bin/env node
// Trajectory matching benchmark: `matchTrajectory` and the `toFollowTrajectory` matcher (the match,
// and on failure its message with the closest candidates and the run-report verdict), timed
// against the BUILT package (../dist/index.js, ../dist/expect.js on the `expect` package), each
// (family, size, mode) in a fresh child process: the first call is what one test pays.
//
//   node bench/trajectory.mjs [--sizes=1000,10000] [--families=a,b] [--seed=N]
//
// Families (n reference calls over 8 tools, `{path, line, mode}` arguments distinct per call,
// unless said otherwise; the prediction):
//   identical      the same calls
//   different      n calls with other arguments (nothing matches)
//   reversed       the same calls in reverse order
//   one-changed    one call in the middle with other arguments
//   edits-50       50 % of the calls edited (deleted, replaced, or a new call inserted after)
//   repeat-changed one call repeated n times on both sides, the middle one changed on each side
//                  (after the equal prefix every remaining call matches every other: the
//                  matcher's worst case, n²/4 matching pairs)
//   turns-*        the reference in parallel turns of 2–5 calls (`turn`), the prediction with the
//                  same turns: turns-identical (the same calls), turns-shuffled (each turn's calls
//                  in another order), turns-different (other arguments), turns-edits-50 (as
//                  edits-50, each call keeping its turn), turns-reversed (the calls reversed, as
//                  one call per turn)
// Modes: strict, unordered, subset, superset; for the turns-* families also strict with
// turns: 'exact' (`strict+exact`).
// Per child (times are process CPU time, user + sys): both lists as JSON text; the median of 5
// rounds of JSON.parse of both; then one
// matchTrajectory on freshly parsed lists, then the matcher on lists parsed again; prints the
// times, their ratios to JSON.parse, and the peak RSS of the child (process.resourceUsage()).
// Performance is never asserted by tests (bench/README.md).

import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from './traces.mjs';

const FAMILIES = [
  'identical',
  'different',
  'reversed',
  'one-changed',
  'edits-50',
  'repeat-changed',
  'turns-identical',
  'turns-shuffled',
  'turns-different',
  'turns-edits-50',
  'turns-reversed',
];
const MODES = ['strict', 'unordered', 'subset', 'superset'];
const TURN_MODES = [...MODES, 'strict+exact'];

/** A bench mode as trajectory options. */
function optionsOf(mode) {
  return mode === 'strict+exact' ? { mode: 'strict', turns: 'exact' } : { mode };
}

/** The reference calls in turns of 2–5 (consecutive calls with one `turn` value). */
function inTurns(r, calls) {
  const out = [];
  let turn = 0;
  for (let i = 0; i < calls.length; turn++) {
    const size = 2 + Math.floor(r() * 4);
    for (const c of calls.slice(i, i + size)) out.push({ ...c, turn });
    i += size;
  }
  return out;
}

const TOOLS = ['read_file', 'write_file', 'search', 'run', 'list_dir', 'open_url', 'grep', 'edit'];

function call(r, i) {
  const name = TOOLS[Math.floor(r() * TOOLS.length)];
  return { name, arguments: { path: `/src/module${i}/file.ts`, line: i % 500, mode: 'r' } };
}

export function makePair(family, n, seed) {
  const r = mulberry32(seed);
  if (family.startsWith('turns-')) return turnPair(family, n, r);
  const ref = Array.from({ length: n }, (_, i) => call(r, i));
  let pred;
  switch (family) {
    case 'identical':
      pred = ref.map((c) => structuredClone(c));
      break;
    case 'different':
      pred = ref.map((c, i) => ({ name: c.name, arguments: { ...c.arguments, line: -1 - i } }));
      break;
    case 'reversed':
      pred = ref.map((c) => structuredClone(c)).reverse();
      break;
    case 'one-changed':
      pred = ref.map((c) => structuredClone(c));
      pred[n >> 1] = { name: pred[n >> 1].name, arguments: { changed: true } };
      break;
    case 'edits-50':
      pred = [];
      ref.forEach((c, i) => {
        const u = r();
        if (u < 0.5 / 3) return; // deleted
        if (u < 1 / 3)
          pred.push(call(r, n + i)); // replaced
        else pred.push(structuredClone(c));
        if (u > 1 - 0.5 / 3) pred.push(call(r, 2 * n + i)); // inserted
      });
      break;
    case 'repeat-changed': {
      const poll = () => ({ name: 'get_status', arguments: { job: 1 } });
      const a = Array.from({ length: n }, poll);
      const b = Array.from({ length: n }, poll);
      a[n >> 1] = { name: 'get_status', arguments: { job: 2 } };
      b[n >> 1] = { name: 'get_status', arguments: { job: 3 } };
      return { refText: JSON.stringify(a), predText: JSON.stringify(b) };
    }
    default:
      throw new Error(`unknown family ${family}`);
  }
  return { refText: JSON.stringify(ref), predText: JSON.stringify(pred) };
}

function turnPair(family, n, r) {
  const ref = inTurns(
    r,
    Array.from({ length: n }, (_, i) => call(r, i)),
  );
  let pred;
  switch (family) {
    case 'turns-identical':
      pred = ref.map((c) => structuredClone(c));
      break;
    case 'turns-shuffled': {
      pred = [];
      for (let i = 0; i < ref.length;) {
        let j = i;
        while (j < ref.length && ref[j].turn === ref[i].turn) j++;
        pred.push(
          ...ref
            .slice(i, j)
            .map((c) => structuredClone(c))
            .reverse(),
        );
        i = j;
      }
      break;
    }
    case 'turns-different':
      pred = ref.map((c, i) => ({ ...c, arguments: { ...c.arguments, line: -1 - i } }));
      break;
    case 'turns-edits-50':
      pred = [];
      ref.forEach((c, i) => {
        const u = r();
        if (u < 0.5 / 3) return; // deleted
        if (u < 1 / 3)
          pred.push({ ...call(r, n + i), turn: c.turn }); // replaced
        else pred.push(structuredClone(c));
        if (u > 1 - 0.5 / 3) pred.push({ ...call(r, 2 * n + i), turn: c.turn }); // inserted
      });
      break;
    case 'turns-reversed':
      pred = ref.map(({ name, arguments: a }) => ({ name, arguments: a })).reverse();
      break;
    default:
      throw new Error(`unknown family ${family}`);
  }
  return { refText: JSON.stringify(ref), predText: JSON.stringify(pred) };
}

/** Milliseconds of process CPU time (user + sys): steadier than wall time on a shared machine. */
function now() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

async function child(family, n, mode, seed) {
  const { matchTrajectory } = await import('../dist/index.js');
  const { expect } = await import('expect');
  await import('../dist/expect.js');
  const { refText, predText } = makePair(family, n, seed);
  const parses = [];
  for (let k = 0; k < 5; k++) {
    const t0 = now();
    JSON.parse(refText);
    JSON.parse(predText);
    parses.push(now() - t0);
  }
  const ref = JSON.parse(refText);
  const pred = JSON.parse(predText);
  const t0 = now();
  const m = matchTrajectory(ref, pred, optionsOf(mode));
  const t1 = now();
  // The matcher on lists parsed again (fresh call objects): the match, and on failure the message
  // with the closest candidates and the run-report verdict.
  const calls = JSON.parse(predText);
  const reference = JSON.parse(refText);
  const t2 = now();
  let failed = false;
  try {
    expect(calls).toFollowTrajectory(reference, optionsOf(mode));
  } catch {
    failed = true;
  }
  const t3 = now();
  if (failed === m.pass) throw new Error('the matcher and matchTrajectory disagree');
  process.stdout.write(
    JSON.stringify({
      parse: median(parses),
      match: t1 - t0,
      matcher: t3 - t2,
      pass: m.pass,
      matched: m.matched.length,
      rssMiB: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

async function main() {
  const args = Object.fromEntries(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, '').split('=');
      return [k, v ?? ''];
    }),
  );
  if (args.child !== undefined) {
    const [family, n, mode, seed] = args.child.split(',');
    return child(family, Number(n), mode, Number(seed));
  }
  const sizes = (args.sizes ?? '1000,10000').split(',').map(Number);
  const families = args.families ? args.families.split(',') : FAMILIES;
  const seed = Number(args.seed ?? 20261201);
  const self = fileURLToPath(import.meta.url);
  const rows = [];
  console.log(
    '| family | calls | mode | JSON.parse | matchTrajectory | toFollowTrajectory | peak RSS | pass |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---|');
  for (const family of families)
    for (const n of sizes)
      for (const mode of family.startsWith('turns-') ? TURN_MODES : MODES) {
        const out = spawnSync(process.execPath, [self, `--child=${family},${n},${mode},${seed}`], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        });
        if (out.status !== 0) throw new Error(`child ${family} ${n} ${mode}: ${out.stderr}`);
        const r = JSON.parse(out.stdout);
        const ratio = r.match / r.parse;
        const matcherRatio = r.matcher / r.parse;
        rows.push({ family, n, mode, ...r, ratio, matcherRatio });
        const ms = (x) => `${x.toFixed(1)} ms`;
        console.log(
          `| ${family} | ${n} | ${mode} | ${ms(r.parse)} | ${ms(r.match)} (${ratio.toFixed(1)}×) | ${ms(r.matcher)} (${matcherRatio.toFixed(1)}×) | ${r.rssMiB.toFixed(0)} MiB | ${r.pass} |`,
        );
      }
  for (const key of ['ratio', 'matcherRatio']) {
    const worst = rows.reduce((a, b) => (b[key] > a[key] ? b : a));
    console.error(
      `worst ${key} ${worst[key].toFixed(1)}× (${worst.family}, ${worst.n}, ${worst.mode})`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
