/**
 * Differential tests: the fast `matchingBlocks` (difflib-fast.ts) against the straightforward
 * port of CPython's recursion (test/oracles/difflib-port.ts) on seeded random pairs of the
 * families that stress it: alphabets 1–40, lengths 0–2,000, edit rates 0–100 %, periodic keys,
 * runs, rotations, many short equal blocks, one side empty. Each pair is checked with the default settings and with
 * forced small settings (tiny q, step and direct-table threshold) so that the seeding, the
 * priority queue and the sweep all run on small inputs too.
 *
 * `DIFFLIB_FUZZ_RUNS=N` sets the number of pairs (default 600, 2000 in CI's long pass:
 * test/support/sweep.ts); `DIFFLIB_FUZZ_SEED=S` replays one run. A failure names the seed, family
 * and settings of the pair.
 */
import { describe, expect, it } from 'vitest';
import { difflibOpcodes, matchingBlocks } from './difflib.js';
import type { FastDifflibOptions, FastDifflibStats } from './tuning.js';
import { portMatchingBlocks } from '../../test/oracles/difflib-port.js';
import { rng } from '../../test/support/rng.js';
import { sweep } from '../../test/support/sweep.js';
import { fastMatchingBlocksWith } from './tuning.test-helpers.js';

const RUNS = Number(process.env.DIFFLIB_FUZZ_RUNS ?? sweep(600, 2000));
const BASE_SEED = Number(process.env.DIFFLIB_FUZZ_SEED ?? 0x5eed1e);

type Rand = () => number;
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** Lengths skewed towards small, up to 2,000. */
function length(r: Rand): number {
  const u = r();
  if (u < 0.45) return int(r, 0, 40);
  if (u < 0.85) return int(r, 41, 400);
  return int(r, 401, 2000);
}

function randomKeys(r: Rand, n: number, alphabet: number): number[] {
  return Array.from({ length: n }, () => int(r, 0, alphabet - 1));
}

/** Copy `a` with edits at `rate` per element: delete, insert, substitute or swap neighbours. */
function edited(r: Rand, a: readonly number[], rate: number, alphabet: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    if (r() >= rate) {
      out.push(x);
      continue;
    }
    const kind = int(r, 0, 3);
    if (kind === 1) out.push(x, int(r, 0, alphabet - 1));
    else if (kind === 2) out.push(int(r, 0, alphabet - 1));
    else if (kind === 3 && i + 1 < a.length) {
      out.push(a[i + 1] as number, x);
      i++;
    }
  }
  return out;
}

interface Pair {
  family: string;
  a: number[];
  b: number[];
}

const FAMILIES: ((r: Rand) => Pair)[] = [
  (r) => {
    const alphabet = int(r, 1, 40);
    const a = randomKeys(r, length(r), alphabet);
    const rate = [0, 0.01, 0.05, 0.2, 0.5, 1][int(r, 0, 5)] as number;
    return { family: `edited(k=${alphabet}, rate=${rate})`, a, b: edited(r, a, rate, alphabet) };
  },
  (r) => {
    const alphabet = int(r, 1, 40);
    return {
      family: `independent(k=${alphabet})`,
      a: randomKeys(r, length(r), alphabet),
      b: randomKeys(r, length(r), alphabet),
    };
  },
  (r) => {
    const alphabet = int(r, 1, 6);
    const period = randomKeys(r, int(r, 1, 12), alphabet);
    const n = length(r);
    const a = Array.from({ length: n }, (_, i) => period[i % period.length] as number);
    const rate = [0, 0.02, 0.1][int(r, 0, 2)] as number;
    return {
      family: `periodic(p=${period.length}, rate=${rate})`,
      a,
      b: edited(r, a.slice(int(r, 0, 5)), rate, alphabet),
    };
  },
  (r) => {
    const alphabet = int(r, 1, 8);
    const runs = (n: number): number[] => {
      const out: number[] = [];
      while (out.length < n) {
        const x = int(r, 0, alphabet - 1);
        for (let k = int(r, 1, 30); k > 0 && out.length < n; k--) out.push(x);
      }
      return out;
    };
    const a = runs(length(r));
    return {
      family: `runs(k=${alphabet})`,
      a,
      b: r() < 0.5 ? runs(length(r)) : edited(r, a, 0.05, alphabet),
    };
  },
  (r) => {
    const alphabet = int(r, 1, 40);
    const a = randomKeys(r, length(r), alphabet);
    const cut = int(r, 0, a.length);
    return { family: `rotation(k=${alphabet})`, a, b: [...a.slice(cut), ...a.slice(0, cut)] };
  },
  (r) => {
    // Many short equal blocks: every `every`-th event of b is on a channel of its own.
    const alphabet = int(r, 2, 20);
    const every = int(r, 2, 8);
    const a = randomKeys(r, length(r), alphabet);
    const b =
      r() < 0.5
        ? a.map((x, i) => (i % every === every - 1 ? alphabet : x))
        : a.flatMap((x, i) => (i % every === every - 1 ? [alphabet, x] : [x]));
    return { family: `shortBlocks(k=${alphabet}, every=${every})`, a, b };
  },
  (r) => {
    const a = randomKeys(r, length(r), int(r, 1, 10));
    return r() < 0.5 ? { family: 'emptyB', a, b: [] } : { family: 'emptyA', a: [], b: a };
  },
];

/**
 * Forced settings that push small inputs through every stage: tiny q and step (so the priority
 * queue handles many short matches) and a tiny direct-table threshold (so the sweep runs on
 * small gaps), or a zero seeding budget (so the sweep runs alone, unbounded). Tiny seeds make
 * large low-entropy pairs slow to check, so those keep the default seeding.
 */
function forcedOptions(r: Rand, cells: number): FastDifflibOptions {
  const smallGapCells = [0, 1, 16, 64][int(r, 0, 3)] as number;
  // A zero hit budget makes seeding give up on most pairs: the sweep then runs unbounded.
  if (r() < 0.25) return { smallGapCells, hitBudgetPerElement: 0 };
  return cells <= 250_000
    ? { q: int(r, 1, 4), step: int(r, 1, 4), smallGapCells }
    : { smallGapCells };
}

function blocksText(blocks: readonly { a: number; b: number; size: number }[]): string {
  return blocks.map((x) => `${x.a},${x.b},${x.size}`).join(' ');
}

describe('fast difflib vs the straightforward port (seeded differential)', () => {
  it(`${RUNS} seeded pairs give identical matching blocks (base seed ${BASE_SEED})`, () => {
    const paths = { direct: 0, seeded: 0, sweep: 0 };
    let sweptBlocks = 0;
    let seededBlocks = 0;
    for (let run = 0; run < RUNS; run++) {
      const seed = (BASE_SEED + Math.imul(run, 0x9e3779b9)) >>> 0;
      const r = rng(seed);
      const family = FAMILIES[run % FAMILIES.length] as (r: Rand) => Pair;
      const pair = family(r);
      const a = Int32Array.from(pair.a);
      const b = Int32Array.from(pair.b);
      const expected = blocksText(portMatchingBlocks(a, b));
      for (const options of [{}, forcedOptions(r, a.length * b.length)]) {
        const stats: FastDifflibStats = {
          path: 'direct',
          q: 0,
          minSeedLength: 0,
          mems: 0,
          hits: 0,
          seededBlocks: 0,
          sweptBlocks: 0,
        };
        const actual = blocksText(fastMatchingBlocksWith(a, b, options, stats));
        if (actual !== expected) {
          // The message carries everything needed to replay the pair.
          expect.fail(
            `seed ${seed} (run ${run}, DIFFLIB_FUZZ_SEED=${BASE_SEED}), family ${pair.family}, options ${JSON.stringify(options)}, ` +
              `|a|=${a.length} |b|=${b.length}\nexpected ${expected}\nactual   ${actual}`,
          );
        }
        paths[stats.path]++;
        sweptBlocks += stats.sweptBlocks;
        seededBlocks += stats.seededBlocks;
      }
    }
    // The run is only meaningful if every path of the fast implementation actually ran.
    expect(paths.seeded).toBeGreaterThan(RUNS / 2);
    expect(paths.sweep).toBeGreaterThan(0);
    expect(paths.direct).toBeGreaterThan(0);
    expect(seededBlocks).toBeGreaterThan(0);
    expect(sweptBlocks).toBeGreaterThan(0);
  });

  it('matchingBlocks / difflibOpcodes use the fast path on a 5 %-edit pair and agree with the port', () => {
    const r = rng(7);
    const a = randomKeys(r, 5000, 3);
    const bArr = edited(r, a, 0.05, 3);
    const stats: FastDifflibStats = {
      path: 'direct',
      q: 0,
      minSeedLength: 0,
      mems: 0,
      hits: 0,
      seededBlocks: 0,
      sweptBlocks: 0,
    };
    const A = Int32Array.from(a);
    const B = Int32Array.from(bArr);
    fastMatchingBlocksWith(A, B, {}, stats);
    expect(stats.path).toBe('seeded');
    expect(blocksText(matchingBlocks(A, B))).toBe(blocksText(portMatchingBlocks(A, B)));
    expect(difflibOpcodes(A, B).at(-1)?.i2).toBe(A.length);
  });
});
