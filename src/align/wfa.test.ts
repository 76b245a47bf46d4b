import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { nwAffineCosts, resolveBehaviorOptions } from './affine/costs.js';
import { resolveNwOptions } from './nw.js';
import {
  costOf,
  DEFAULT_WFA_MODELS,
  editedPair,
  expectValid,
  randomCosts,
  randomPair,
  seededCase,
} from './alignment.test-helpers.js';
import { wfaCost } from '../../test/oracles/wfa-cost.js';
import { edgeHolds, MAX_UNIT_COST, wfaCostsFrom } from './wfa.js';
import { rng } from '../../test/support/rng.js';
import { LONG_SWEEP, sweep } from '../../test/support/sweep.js';
import { makeCell } from '../../bench/traces.mjs';
import { toleranceComparator } from '../compare/comparators.js';
import type { WfaStats } from './tuning.js';
import {
  behaviorAlignWith,
  gotohAlignWith,
  nwAlignValueAwareWith,
  nwAlignWith,
  wfaAlignWith,
} from './tuning.test-helpers.js';

describe('wfaCostsFrom', () => {
  it('divides out the common factor and keeps integer costs it can take', () => {
    expect(wfaCostsFrom({ mismatch: 6, valueMismatch: 2, gapOpen: 4, gapExtend: 2 })).toEqual({
      mismatch: 3,
      valueMismatch: 1,
      gapOpen: 2,
      gapExtend: 1,
    });
    expect(wfaCostsFrom({ mismatch: 3, valueMismatch: 0, gapOpen: 2, gapExtend: 1 })).toEqual({
      mismatch: 3,
      valueMismatch: 0,
      gapOpen: 2,
      gapExtend: 1,
    });
  });

  it('refuses what the wavefronts cannot do exactly (the callers then run their DP)', () => {
    expect(
      wfaCostsFrom({ mismatch: 3, valueMismatch: 1, gapOpen: 1, gapExtend: 2 }),
    ).toBeUndefined(); // open < extend
    expect(
      wfaCostsFrom({ mismatch: 0, valueMismatch: 0, gapOpen: 2, gapExtend: 1 }),
    ).toBeUndefined(); // free pairs
    expect(
      wfaCostsFrom({ mismatch: 3, valueMismatch: 1, gapOpen: 2, gapExtend: 0 }),
    ).toBeUndefined(); // free gaps
    expect(
      wfaCostsFrom({ mismatch: 3, valueMismatch: 1, gapOpen: 2.5, gapExtend: 1 }),
    ).toBeUndefined(); // not integral
    expect(
      wfaCostsFrom({ mismatch: 1, valueMismatch: 2, gapOpen: 2, gapExtend: 1 }),
    ).toBeUndefined(); // value > channel
  });

  it('leaves costs that reduce to large integers to the DP (one wavefront step per score unit)', () => {
    expect(
      wfaCostsFrom({ mismatch: MAX_UNIT_COST, valueMismatch: 0, gapOpen: 1, gapExtend: 1 }),
    ).toEqual({ mismatch: MAX_UNIT_COST, valueMismatch: 0, gapOpen: 1, gapExtend: 1 });
    expect(
      wfaCostsFrom({ mismatch: 5 * 2 ** 15, valueMismatch: 0, gapOpen: 1, gapExtend: 1 }),
    ).toBeUndefined(); // 5 beside 2^-15, scaled
    expect(
      wfaCostsFrom({ mismatch: 2, valueMismatch: 0, gapOpen: 4_500_000, gapExtend: 1 }),
    ).toBeUndefined();
    expect(
      wfaCostsFrom({ mismatch: 2 * 4096, valueMismatch: 0, gapOpen: 3 * 4096, gapExtend: 4096 }),
    ).toEqual({ mismatch: 2, valueMismatch: 0, gapOpen: 3, gapExtend: 1 });
  });
});

describe('checkpoint blocks recomputed in a band around the traceback', () => {
  const costs = { mismatch: 3, valueMismatch: 1, gapOpen: 2, gapExtend: 1 };

  it('gives the alignment of the all-in-memory run, recomputing far fewer cells than the forward pass', () => {
    for (const seed of [1, 2, 3]) {
      const { a, b, vm } = editedPair(4000, seed);
      const full = { cells: 0, bandedLoads: 0, fullLoads: 0 };
      // Without the seed heuristic, which trims the forward pass but not the recomputed blocks.
      const want = wfaAlignWith(a, b, costs, vm, Infinity, { seedLength: 0, stats: full });
      expect(full.bandedLoads + full.fullLoads).toBe(0); // everything fit in memory
      const ck = { cells: 0, bandedLoads: 0, fullLoads: 0 };
      const got = wfaAlignWith(a, b, costs, vm, Infinity, {
        seedLength: 0,
        maxCells: 0,
        blockScores: 24,
        stats: ck,
      });
      expect(got).toEqual(want);
      expect(ck.bandedLoads).toBeGreaterThan(10);
      expect(ck.fullLoads).toBe(0);
      // The forward pass computes what the all-in-memory run computes; the traceback adds bands
      // (a full recomputation would double it).
      expect(ck.cells - full.cells).toBeGreaterThan(0);
      expect(ck.cells - full.cells).toBeLessThan(0.5 * full.cells);
    }
  });

  it('a bound pass in a narrow band tightens a loose upper bound: fewer cells, the same alignment', () => {
    const { a, b, vm } = editedPair(3000, 4);
    const optimum = wfaCost(a, b, costs, vm);
    const loose = Math.round(1.3 * optimum); // a quick greedy bound can be this far off
    const plain = { cells: 0, bandedLoads: 0, fullLoads: 0 };
    const want = wfaAlignWith(a, b, costs, vm, loose, { boundBand: 0, stats: plain });
    const banded = { cells: 0, bandedLoads: 0, fullLoads: 0 };
    expect(wfaAlignWith(a, b, costs, vm, loose, { boundBand: 16, stats: banded })).toEqual(want);
    expect(banded.cells).toBeLessThan(0.85 * plain.cells);
    // A band too narrow to hold any alignment within the bound leaves the bound as it was.
    const narrow = { cells: 0, bandedLoads: 0, fullLoads: 0 };
    expect(wfaAlignWith(a, b, costs, vm, optimum, { boundBand: 1, stats: narrow })).toEqual(want);
  });

  it('falls back to a full reload when a band is too narrow, with the same result', () => {
    const { a, b, vm } = editedPair(1500, 9);
    const want = wfaAlignWith(a, b, costs, vm, Infinity);
    for (const bandHalfWidth of [0, 1, 3]) {
      const st = { cells: 0, bandedLoads: 0, fullLoads: 0 };
      expect(
        wfaAlignWith(a, b, costs, vm, Infinity, {
          maxCells: 0,
          blockScores: 16,
          bandHalfWidth,
          stats: st,
        }),
      ).toEqual(want);
      expect(st.fullLoads).toBeGreaterThan(0);
    }
  });
});

describe('checkpoint blocks recomputed in bands narrower than a block (test-only bandHalfWidth)', () => {
  const pairs = sweep(60, 300);
  it(`recompute the whole block when the band is not exact on the asked diagonal: the DP alignment on ${pairs} seeded pairs`, () => {
    // Before this was handled, 190 of 2,400 such runs (600 pairs) threw "lost the optimal path" or differed.
    const r = rng(20261202);
    for (let t = 0; t < pairs; t++) {
      const { a, b, o, vm, ctx } = seededCase(r, t);
      const want = behaviorAlignWith(a, b, o, vm, { engine: 'dp' });
      for (const bandHalfWidth of [0, 1, 2, 3]) {
        const wfa = { maxCells: 0, bandHalfWidth, blockScores: 1 + (t % 5) };
        expect(
          behaviorAlignWith(a, b, o, vm, { engine: 'wfa', wfa }),
          `${ctx}, bandHalfWidth ${bandHalfWidth}`,
        ).toEqual(want);
      }
    }
  });
});

describe('wavefront aligner against the dynamic programming (differential, seeded)', () => {
  const behaviorPairs = sweep(150, 1500);
  it(`behavior: the same alignment as the banded DP and the optimal Gotoh cost on ${behaviorPairs} pairs`, () => {
    const r = rng(20261130);
    const seen = new Set<string>();
    for (let t = 0; t < behaviorPairs; t++) {
      const c = seededCase(r, t);
      const { a, b, o, vm, ctx } = c;
      seen.add(c.label.split(' ')[0]!.replace(/\(.*/, ''));
      // Half the cases keep every wavefront, half recompute from checkpoints (tiny blocks).
      const wfa = { maxCells: t % 2 ? 0 : undefined, blockScores: t % 4 === 1 ? 1 : undefined };
      const got = behaviorAlignWith(a, b, o, vm, { engine: 'wfa', wfa });
      const dp = behaviorAlignWith(a, b, o, vm, { engine: 'dp' });
      expect(got, ctx).toEqual(dp);
      const gotoh = nwAlignValueAwareWith(a, b, o, vm);
      expect(costOf(a, b, got, o, vm), ctx).toBe(costOf(a, b, gotoh, o, vm));
    }
    expect([...seen].sort()).toEqual(['all', 'edited', 'one', 'periodic', 'random']);
  });

  const nwPairs = sweep(200, 600);
  it(`nw (uniform costs): the same alignment as the DP engine and the optimal Gotoh cost on ${nwPairs} pairs`, () => {
    const r = rng(77);
    for (let t = 0; t < nwPairs; t++) {
      const { a, b, label } = randomPair(r);
      const c = randomCosts(r);
      const o = resolveNwOptions({
        mismatch: c.mismatch,
        gap_open: c.gap_open,
        gap_extend: c.gap_extend,
      });
      expect(nwAffineCosts(o)?.costs).toEqual({ ...c, value_mismatch: 0 });
      const names = Array.from({ length: 80 }, (_, k) => `ch${k}`);
      const ctx = `case ${t} (${label}, ${a.length}×${b.length})`;
      const got = nwAlignWith(a, b, o, names);
      const dp = nwAlignWith(a, b, o, names, { behavior: { engine: 'dp' } });
      expect(got, ctx).toEqual(dp);
      const gotoh = gotohAlignWith(a, b, o, names);
      const asBehavior = { ...c, value_mismatch: 0 };
      expect(costOf(a, b, got, asBehavior, undefined), ctx).toBe(
        costOf(a, b, gotoh, asBehavior, undefined),
      );
    }
  });

  it('wfaCost equals the cost of the alignment wfaAlign returns, with and without an upper bound', () => {
    const r = rng(3);
    for (let t = 0; t < 200; t++) {
      const { a, b, va, vb } = randomPair(r);
      const o = randomCosts(r);
      const w = wfaCostsFrom({
        mismatch: o.mismatch,
        valueMismatch: o.value_mismatch,
        gapOpen: o.gap_open,
        gapExtend: o.gap_extend,
      })!;
      const vm = (i: number, j: number): boolean => va[i] === vb[j];
      const units = {
        mismatch: w.mismatch,
        value_mismatch: w.valueMismatch,
        gap_open: w.gapOpen,
        gap_extend: w.gapExtend,
      };
      const pairs = wfaAlignWith(a, b, w, vm, Infinity);
      expectValid(pairs, a.length, b.length);
      const cost = costOf(a, b, pairs, units, vm);
      expect(wfaCost(a, b, w, vm)).toBe(cost);
      expect(wfaCost(a, b, w, vm, cost)).toBe(cost); // a tight bound prunes but never cuts the optimum
      expect(wfaAlignWith(a, b, w, vm, cost)).toEqual(pairs);
    }
  });

  it('asks the comparator about each pair at most once in the forward pass', () => {
    const r = rng(11);
    const n = 400;
    const a = Int32Array.from({ length: n }, () => Math.floor(r() * 3));
    const b = Int32Array.from([...a].filter(() => r() > 0.05));
    const asked = new Map<number, number>();
    const vm = (i: number, j: number): boolean => {
      const key = i * 1000 + j;
      asked.set(key, (asked.get(key) ?? 0) + 1);
      return (i * 7 + j) % 5 !== 0;
    };
    wfaCost(a, b, { mismatch: 3, valueMismatch: 1, gapOpen: 2, gapExtend: 1 }, vm);
    expect(asked.size).toBeGreaterThan(0);
    expect(Math.max(...asked.values())).toBe(1);
  });
});

describe('wavefront aligner: properties', () => {
  const seq = (k: number, max: number) =>
    fc.array(fc.integer({ min: 0, max: k - 1 }), { maxLength: max }).map((x) => Int32Array.from(x));
  const costs = fc
    .record({
      mismatch: fc.integer({ min: 1, max: 5 }),
      gap_extend: fc.integer({ min: 1, max: 3 }),
      extra: fc.integer({ min: 0, max: 4 }),
      vmFrac: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ mismatch, gap_extend, extra, vmFrac }) => ({
      mismatch,
      value_mismatch: Math.floor(vmFrac * mismatch),
      gap_extend,
      gap_open: gap_extend + extra,
    }));

  it('returns a valid alignment with the DP alignment (cost and tie-break) for any keys, values and costs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((k) => fc.tuple(seq(k, 40), seq(k, 40))),
        costs,
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        ([a, b], o, seed) => {
          const vm = (i: number, j: number): boolean => ((i * 31 + j * 17 + seed) & 3) !== 0;
          const got = behaviorAlignWith(a, b, o, vm, { engine: 'wfa' });
          expectValid(got, a.length, b.length);
          expect(got).toEqual(behaviorAlignWith(a, b, o, vm, { engine: 'dp' }));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('aligning a trace with itself costs 0 and pairs every event (any costs)', () => {
    fc.assert(
      fc.property(seq(6, 200), costs, (a, o) => {
        const got = behaviorAlignWith(a, a, o, undefined, { engine: 'wfa' });
        expect(got).toEqual(Array.from(a, (_, i) => ({ gt: i, pred: i, tag: 'equal' })));
      }),
      { numRuns: 100 },
    );
  });
});

/** A bench pair (bench/traces.mjs) as `evaluate` hands it to the aligner: channel keys, the tolerance comparator and its buckets. */
function benchPair(variant: 'ch20' | 'ch3', n: number, seed: number, rate: number) {
  const cmp = toleranceComparator();
  const cell = makeCell(variant, n, seed, rate);
  const gt = (JSON.parse(cell.gtText) as { events: { channel: string; value: number }[] }).events;
  const pred = (JSON.parse(cell.predText) as { events: { channel: string; value: number }[] })
    .events;
  const ids = new Map<string, number>();
  const key = (ch: string): number => {
    if (!ids.has(ch)) ids.set(ch, ids.size);
    return ids.get(ch)!;
  };
  return {
    a: Int32Array.from(gt, (e) => key(e.channel)),
    b: Int32Array.from(pred, (e) => key(e.channel)),
    vm: (i: number, j: number): boolean => cmp.compare(gt[i]!.value, pred[j]!.value, ''),
    buckets: (): { gt: Float64Array; pred: Float64Array } => ({
      gt: Float64Array.from(gt, (e) => cmp.bucket!(e.value)!),
      pred: Float64Array.from(pred, (e) => cmp.bucket!(e.value)!),
    }),
  };
}

describe('edgeHolds (the certificate on one edge of the band)', () => {
  /** Its definition, pair by pair: every exit e < return x whose Δ reaches the far bound needs the seeds of the smallest reach that covers Δ to outweigh it. */
  function bruteForce(
    cost: Int32Array,
    from: number,
    to: number,
    cap: number,
    slack: number,
    ext: number,
    strip: number,
    per: number,
    len: number,
    reaches: number[],
    counts: Int32Array[],
  ): boolean {
    const g = (r: number): number => Math.min(cost[r]!, cap);
    for (let r = from + 1; r <= to; r++) if (g(r) < g(r - 1)) return false;
    const far = 2 * (strip + 1) * ext;
    for (let x = from + 1; x <= to; x++) {
      for (let e = from; e < x; e++) {
        const delta = g(x) - g(e) + slack;
        if (delta < far) continue;
        let i = reaches.findIndex((d) => d === Infinity || 2 * (d + 1) * ext > delta);
        if (i < 0) i = reaches.length - 1; // the last reach counts as unbounded
        const c = counts[i]!;
        const at = (t: number): number => c[Math.min(t, c.length - 1)]!;
        if (per * (at(Math.floor(x / len)) - at(Math.ceil(e / len))) + ext <= delta) return false;
      }
    }
    return true;
  }

  it('agrees with the pair-by-pair definition (random monotone costs, reaches and seed counts)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const rand = rng(seed);
        const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
        const rows = int(0, 60);
        const from = int(0, 5);
        const to = from + rows;
        const cost = new Int32Array(to + 1);
        let g = int(0, 3);
        for (let r = from; r <= to; r++) cost[r] = g += rand() < 0.4 ? 0 : int(1, 6);
        if (rand() < 0.1 && rows > 2) cost[from + int(1, rows)] = 0; // not monotone: refused
        const cap = rand() < 0.5 ? g + 1 : int(1, g + 1);
        const [slack, ext, strip, per, len] = [
          int(0, 2),
          int(1, 2),
          int(0, 3),
          int(1, 3),
          int(1, 4),
        ];
        const reaches: number[] = [];
        for (let d = strip + int(0, 3), k = int(0, 3); k > 0; k--, d += int(1, 6)) reaches.push(d);
        if (rand() < 0.7 || reaches.length === 0) reaches.push(Infinity);
        const seeds = Math.floor((to + 1) / len);
        // Counts for larger reaches never exceed those of smaller ones (fewer seeds lie farther out).
        let inc = Array.from({ length: seeds }, () => rand() < 0.6);
        const counts = reaches.map(() => {
          const c = new Int32Array(seeds + 1);
          for (let t = 0; t < seeds; t++) c[t + 1] = c[t]! + (inc[t] ? 1 : 0);
          inc = inc.map((b) => b && rand() < 0.8);
          return c;
        });
        const want = bruteForce(cost, from, to, cap, slack, ext, strip, per, len, reaches, counts);
        expect(
          edgeHolds(cost, { from, to }, cap, { slack, ext, strip }, per, len, reaches, counts),
        ).toBe(want);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('certified band pass (its alignment is the answer when no alignment leaving the band can be optimal)', () => {
  const stats = (): WfaStats => ({
    cells: 0,
    bandedLoads: 0,
    fullLoads: 0,
    pruned: 0,
    certified: 0,
  });

  const seeded = sweep(200, 2000);
  const edited = sweep(30, 300);
  it(`gives the alignment of the DP on ${seeded} seeded pairs and ${edited} edited ones with narrow bands and strips, certified or not`, () => {
    const r = rng(20261202);
    let certified = 0;
    let refused = 0;
    for (let t = 0; t < seeded; t++) {
      const { a, b, va, vb, o, vm, ctx } = seededCase(r, t);
      const st = stats();
      // Narrow bands and strips make the check decide something on short pairs; checkpoint mode
      // (maxCells 0) and small blocks run the traceback inside the band.
      const wfa = {
        boundBand: 1 + (t % 3),
        certifyStrips: [1 + (t % 5)],
        seedLength: 1 + (t % 4),
        maxCells: t % 2 ? 0 : undefined,
        blockScores: t % 4 === 1 ? 2 : undefined,
        stats: st,
      };
      const jitter = (): number => Math.floor(r() * 3);
      const buckets =
        t % 3
          ? () => ({
              gt: Float64Array.from(va, (v) => 5 * v + jitter()),
              pred: Float64Array.from(vb, (v) => 5 * v + jitter()),
            })
          : undefined;
      const got = behaviorAlignWith(a, b, o, vm, { engine: 'wfa', wfa }, buckets);
      expectValid(got, a.length, b.length);
      expect(got, ctx).toEqual(behaviorAlignWith(a, b, o, vm, { engine: 'dp' }));
      if (st.certified) certified++;
      else if (st.cells > 0) refused++;
    }
    // Pairs that differ by a few edits, where the check usually passes even with narrow strips.
    for (let t = 0; t < edited; t++) {
      const { a, b, vm } = editedPair(2000 + 10 * t, 1000 + t);
      const o = randomCosts(r);
      const st = stats();
      const wfa = {
        boundBand: 8 + (t % 8),
        certifyStrips: [4 + (t % 12)],
        seedLength: 1 + (t % 3),
        maxCells: t % 2 ? 0 : undefined,
        blockScores: t % 4 === 1 ? 3 : undefined,
        stats: st,
      };
      const got = behaviorAlignWith(a, b, o, vm, { engine: 'wfa', wfa });
      expect(got, `edited pair ${t}, costs ${JSON.stringify(o)}`).toEqual(
        behaviorAlignWith(a, b, o, vm, { engine: 'dp' }),
      );
      if (st.certified) certified++;
      else if (st.cells > 0) refused++;
    }
    // Both outcomes of the check must have been exercised many times for this to mean anything
    // (narrow strips refuse most of these pairs; with these seeds 46 certified in the long sweep,
    // 11 in the default one, and over 200 refused in both).
    expect(certified).toBeGreaterThan(LONG_SWEEP ? 30 : 5);
    expect(refused).toBeGreaterThan(100);
  });

  it('bench-like pairs (5 % edits): the same alignment as the full pass; behavior certified, far fewer cells', () => {
    for (const [label, costs, values] of DEFAULT_WFA_MODELS) {
      const { a, b, vm } = editedPair(20_000, 11);
      const match = values ? vm : undefined;
      // The check is tried when the seeds outweigh the upper bound: a quick bound is about this loose.
      const bound = Math.round(1.2 * wfaCost(a, b, costs, match));
      const off = stats();
      const want = wfaAlignWith(a, b, costs, match, bound, { certifyStrips: [], stats: off });
      expect(off.certified, label).toBe(0);
      const on = stats();
      expect(wfaAlignWith(a, b, costs, match, bound, { stats: on }), label).toEqual(want);
      // nw's seeds (keys only, cost ≥ 1 each) do not outweigh its bound here: the check is not tried.
      if (label === 'nw') continue;
      expect(on.certified, label).toBe(1);
      expect(on.cells, label).toBeLessThan(0.6 * off.cells);
      // A strip too narrow for the proof: the full pass runs, pruned by the seeds the certifying
      // pass recorded only then (from the wavefronts it kept).
      const narrow = stats();
      expect(
        wfaAlignWith(a, b, costs, match, bound, { certifyStrips: [1], stats: narrow }),
        label,
      ).toEqual(want);
      expect(narrow.certified, label).toBe(0);
      // As much as the plain first pass records (5,345 both): without the catch-up, 2.
      expect(narrow.pruned, label).toBeGreaterThan(0.9 * (off.pruned ?? 0));
      // A strip too narrow, then a wide one: the second pass proves it (both passes' cells counted).
      const retry = stats();
      expect(
        wfaAlignWith(a, b, costs, match, bound, { certifyStrips: [1, 64], stats: retry }),
        label,
      ).toEqual(want);
      expect(retry.certified, label).toBe(1);
      expect(retry.cells, label).toBeGreaterThan(on.cells);
      // No second pass once the first has begun recording the seeds (checkpoint mode from its
      // first step): the full pass runs, pruned by them.
      const recorded = stats();
      expect(
        wfaAlignWith(a, b, costs, match, bound, {
          certifyStrips: [1, 64],
          maxCells: 0,
          stats: recorded,
        }),
        label,
      ).toEqual(want);
      expect(recorded.certified, label).toBe(0);
      expect(recorded.pruned, label).toBeGreaterThan(0.9 * (off.pruned ?? 0));
      // In checkpoint mode too (the traceback recomputes blocks inside the band).
      const ck = stats();
      expect(
        wfaAlignWith(a, b, costs, match, bound, { maxCells: 1 << 16, stats: ck }),
        label,
      ).toEqual(want);
      expect(ck.certified, label).toBe(1);
      expect(ck.bandedLoads + ck.fullLoads, label).toBeGreaterThan(0);
    }
  });

  it('counts the seeds whose only occurrences lie far off: proves a 3-channel bench pair (7 % edits) the count of seeds with none refused', () => {
    const costs = { mismatch: 3, valueMismatch: 1, gapOpen: 2, gapExtend: 1 };
    const { a, b, vm, buckets } = benchPair('ch3', 20_000, 2, 0.07);
    const bound = Math.round(1.2 * wfaCost(a, b, costs, vm));
    const want = wfaAlignWith(a, b, costs, vm, bound, { certifyStrips: [] }, buckets);
    // Short seeds on 3 channels often occur again somewhere, mostly far off the band: an excursion
    // that stays near the band cannot pair them, one that goes far pays for the way.
    const without = stats();
    expect(
      wfaAlignWith(
        a,
        b,
        costs,
        vm,
        bound,
        { certifyStrips: [32], seedReaches: false, stats: without },
        buckets,
      ),
    ).toEqual(want);
    expect(without.certified).toBe(0);
    const counted = stats();
    expect(
      wfaAlignWith(a, b, costs, vm, bound, { certifyStrips: [32], stats: counted }, buckets),
    ).toEqual(want);
    expect(counted.certified).toBe(1);
    expect(counted.cells).toBeLessThan(without.cells);
  });

  it('tries wider strips after a failed proof: a 3-channel bench pair with 10 % edits, proved with 128 where 64 was not', () => {
    const { a, b, vm, buckets } = benchPair('ch3', 20_000, 2, 0.1);
    const o = resolveBehaviorOptions({});
    const only64 = stats();
    const want = behaviorAlignWith(
      a,
      b,
      o,
      vm,
      { engine: 'wfa', wfa: { certifyStrips: [64], stats: only64 } },
      buckets,
    );
    expect(only64.certified).toBe(0); // then the full pass ran
    const ladder = stats();
    expect(
      behaviorAlignWith(a, b, o, vm, { engine: 'wfa', wfa: { stats: ladder } }, buckets),
    ).toEqual(want);
    expect(ladder.certified).toBe(1);
    expect(ladder.cells).toBeLessThan(0.5 * only64.cells);
  });

  it('nw on 3 channels (keys only): the greedy guide confirms its skips, so its bound is tight enough for the proof', () => {
    // One matching pair after a skip matches by chance once in three on 3 keys: a greedy that
    // trusted it drifted to 16 times the optimum, the seeds could not outweigh that bound, and
    // the full pass ran (5.9M cells at 100k events).
    const { a, b } = benchPair('ch3', 20_000, 3, 0.05);
    const nw = resolveNwOptions({});
    expect(nwAffineCosts(nw)).toBeDefined();
    const costs = {
      value_mismatch: 0,
      mismatch: nw.mismatch,
      gap_open: nw.gap_open,
      gap_extend: nw.gap_extend,
    };
    const st = stats();
    const got = behaviorAlignWith(a, b, costs, undefined, { engine: 'wfa', wfa: { stats: st } });
    expect(st.certified).toBe(1);
    const full = stats();
    expect(
      behaviorAlignWith(a, b, costs, undefined, {
        engine: 'wfa',
        wfa: { certifyStrips: [], stats: full },
      }),
    ).toEqual(got);
    expect(full.certified).toBe(0);
  });

  it('refuses when the optimal alignment runs outside the band (a block moved far), and the full pass finds it', () => {
    const r = rng(5);
    const n = 3000;
    const a = Int32Array.from({ length: n }, () => Math.floor(r() * 20));
    // 300 extra events early and 300 missing late: the optimal path runs 300 diagonals off.
    const extra = Array.from({ length: 300 }, () => Math.floor(r() * 20));
    const b = Int32Array.from([
      ...a.subarray(0, 500),
      ...extra,
      ...a.subarray(500, 2500),
      ...a.subarray(2800),
    ]);
    const costs = { mismatch: 3, valueMismatch: 1, gapOpen: 2, gapExtend: 1 };
    const st = stats();
    const got = wfaAlignWith(a, b, costs, undefined, Infinity, { boundBand: 16, stats: st });
    expect(st.certified).toBe(0);
    const o = { mismatch: 3, value_mismatch: 1, gap_open: 2, gap_extend: 1 };
    expect(got).toEqual(behaviorAlignWith(a, b, o, undefined, { engine: 'dp' }));
    expect(costOf(a, b, got, o)).toBe(2 + 299 + 2 + 299);
  });
});
