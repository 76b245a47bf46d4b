#!/usr/bin/env node
// The banded DP's checkpoint levels (issue 23 §2): time of one 20 000-event pair aligned by the
// banded DP (`behaviorAlign` with `engine: 'dp'`, the `behavior` costs, values compared by
// equality) keeping every row, then on the checkpoint plans `checkpointPlan` picks as the memory cap
// shrinks (1, 2, 3 levels, and the fewest rows of all when nothing fits), checking that every plan
// gives the same alignment. It reads the SOURCE (bundled with esbuild into a temp file), since the
// tuning knobs are not part of the built package.
//
//   node bench/band-levels.mjs [--n=20000] [--variant=ch20] [--rounds=3] [--clock=cpu|wall]

import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clockOf, median } from './timing.mjs';
import { makeCell } from './traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const a = process.argv.find((s) => s.startsWith(`--${name}=`));
  return a === undefined ? fallback : a.slice(name.length + 3);
};
const n = Number(arg('n', '20000'));
const variant = arg('variant', 'ch20');
const rounds = Number(arg('rounds', '3'));
const now = clockOf(arg('clock', 'cpu'));

const dir = mkdtempSync(join(tmpdir(), 'band-levels-'));
const out = join(dir, 'entry.mjs');
const src = resolve(here, '../src/align');
buildSync({
  stdin: {
    contents: [
      `export { behaviorAlign } from './affine/dispatch.ts';`,
      `export { BEHAVIOR_DEFAULTS } from './affine/costs.ts';`,
      `export { checkpointPlan, checkpointRows } from './behavior.ts';`,
      `export { withAlignerTuning } from './tuning.ts';`,
    ].join('\n'),
    resolveDir: src,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  logLevel: 'warning',
});
const { behaviorAlign, BEHAVIOR_DEFAULTS, checkpointPlan, checkpointRows, withAlignerTuning } =
  await import(pathToFileURL(out).href);
rmSync(dir, { recursive: true });

const cell = makeCell(variant, n, 20240611);
const gt = JSON.parse(cell.gtText).events;
const pred = JSON.parse(cell.predText).events;
const ids = new Map();
const keyOf = (e) => ids.get(e.channel) ?? (ids.set(e.channel, ids.size), ids.size - 1);
const a = Int32Array.from(gt, keyOf);
const b = Int32Array.from(pred, keyOf);
const vm = (i, j) => gt[i].value === pred[j].value;

// The plans checkpointPlan picks for the gt rows at shrinking caps (in rows of the band's width):
// every row, then 1, 2 and 3 levels (for 20 000 rows: 285, 85 and 52 rows held), then none fits.
const rowsOf = a.length;
const caps = [rowsOf + 1, rowsOf, 284, 84, 1];
const plans = caps.map((cap) => checkpointPlan(rowsOf, 1, cap));
const run = (blockRows) =>
  withAlignerTuning({ behavior: { engine: 'dp', blockRows } }, () =>
    behaviorAlign(a, b, BEHAVIOR_DEFAULTS, vm),
  );

console.error(`${variant} ${gt.length} × ${pred.length} events, ${rounds} rounds, median CPU ms`);
let reference;
const lines = [];
for (let round = 0; round < rounds; round++) {
  for (const [k, plan] of plans.entries()) {
    const t0 = now();
    const r = run(plan);
    const ms = now() - t0;
    const key = JSON.stringify(r.pairs.map((p) => [p.gt, p.pred]));
    if (reference === undefined) reference = key;
    else if (key !== reference) throw new Error(`plan ${JSON.stringify(plan)}: another alignment`);
    (lines[k] ??= { plan, times: [] }).times.push(ms);
  }
}
const base = median(lines[0].times);
console.log(
  '| plan (rows per block, outermost first) | levels | rows held | CPU ms | × all rows |',
);
console.log('|---|---:|---:|---:|---:|');
for (const { plan, times } of lines) {
  const t = median(times);
  console.log(
    `| ${plan.length === 0 ? 'every row' : plan.join(', ')} | ${plan.length} | ${checkpointRows(rowsOf, plan)} | ${t.toFixed(0)} | ${(t / base).toFixed(2)} |`,
  );
}
console.log('(every plan gave the same alignment)');
