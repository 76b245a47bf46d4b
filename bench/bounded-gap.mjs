#!/usr/bin/env node
// How far above the optimum the default aligner's bounded alignments come (issue 23 §1): for each
// worst-case family of bench/worst-case-traces.mjs, `evaluate` with the default aligner (budgeted)
// and with the same `behavior` costs run exactly, without a budget (a user `Aligner` wrapping the
// internal `behaviorAlign`), and the two alignment costs compared. Sizes where the exact run still
// finishes (it grows with the square of the optimal cost). Bundles src/ with esbuild (the exact
// engine is not exported), so it needs the dev dependencies, not a build.
//
//   node bench/bounded-gap.mjs [--sizes=10000] [--families=a,b,…]

import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clockOf } from './timing.mjs';
import { family } from './worst-case-traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
let sizes = [10_000];
let families = ['unrelated', 'reversed', 'valueoff', 'edits20', 'edits50', 'sparse'];
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=');
  if (k === 'sizes') sizes = v.split(',').map(Number);
  else if (k === 'families') families = v.split(',');
  else {
    process.stderr.write(`bounded-gap bench: unknown option ${a}\n`);
    process.exit(2);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'envtrace-gap-'));
const entry = join(dir, 'entry.ts');
writeFileSync(
  entry,
  `export { evaluate } from ${JSON.stringify(join(root, 'src/index.ts'))};
export { behaviorAlign } from ${JSON.stringify(join(root, 'src/align/affine/dispatch.ts'))};
export { alignmentCost, BEHAVIOR_DEFAULTS } from ${JSON.stringify(join(root, 'src/align/affine/costs.ts'))};
`,
);
const out = join(dir, 'bundle.mjs');
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  logLevel: 'error',
  // The importers' WebAssembly codecs (rosbag2 / MCAP), which this bench never calls.
  loader: { '.wasm': 'file' },
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
const { evaluate, behaviorAlign, BEHAVIOR_DEFAULTS, alignmentCost } = await import(
  pathToFileURL(out).href
);
rmSync(dir, { recursive: true, force: true });

let exactCost = NaN;
const exact = {
  name: 'behavior-exact',
  align(gt, pred, ctx) {
    const pairs = behaviorAlign(gt, pred, BEHAVIOR_DEFAULTS, ctx.valuesMatch, ctx.valueBuckets);
    exactCost = alignmentCost(gt, pred, pairs, BEHAVIOR_DEFAULTS, ctx.valuesMatch);
    return pairs;
  },
};
const now = clockOf('cpu');
console.log(
  'family     n        bounded cost  optimum   above   bounded ms  exact ms  score bounded / exact',
);
for (const n of sizes)
  for (const f of families) {
    const { gtText, predText } = family(f, n, 20240611);
    const gt = JSON.parse(gtText);
    const pred = JSON.parse(predText);
    let t0 = now();
    const b = evaluate(gt, pred);
    const bMs = now() - t0;
    t0 = now();
    const e = evaluate(gt, pred, { aligner: exact });
    const eMs = now() - t0;
    const above = ((b.aligner.cost / exactCost - 1) * 100).toFixed(2) + ' %';
    console.log(
      [
        f.padEnd(10),
        String(n).padEnd(8),
        `${b.aligner.cost}${b.aligner.optimal ? '*' : ''}`.padStart(12),
        String(exactCost).padStart(8),
        above.padStart(8),
        bMs.toFixed(0).padStart(11),
        eMs.toFixed(0).padStart(9),
        `  ${b.full_score.toFixed(4)} / ${e.full_score.toFixed(4)}`,
      ].join(' '),
    );
  }
console.log('(* = proven optimal)');
