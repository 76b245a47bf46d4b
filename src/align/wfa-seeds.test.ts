import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WFA_MODELS,
  editedPair,
  expectValid,
  seededCase,
} from './alignment.test-helpers.js';
import { FirstAtLeast, SeedBound, seedLength, valueSeedLength } from './wfa-seeds.js';
import { toleranceComparator } from '../compare/comparators.js';
import { rng } from '../../test/support/rng.js';
import { LONG_SWEEP, sweep } from '../../test/support/sweep.js';
import { DEFAULT_POLICY } from '../policy/index.js';
import type { WfaStats } from './tuning.js';
import { behaviorAlignWith, wfaAlignWith } from './tuning.test-helpers.js';

const stats = (): WfaStats => ({ cells: 0, bandedLoads: 0, fullLoads: 0, pruned: 0 });

describe('seedLength', () => {
  it('takes enough keys that a seed rarely occurs by chance, by the keys’ entropy', () => {
    const r = rng(5);
    const uniform = (k: number, m: number): Int32Array =>
      Int32Array.from({ length: m }, () => Math.floor(r() * k));
    expect(seedLength(uniform(20, 100_000))).toBe(5); // 20^5 = 3.2M ≥ 16 · 100k
    expect(seedLength(uniform(3, 100_000))).toBe(14);
    expect(seedLength(uniform(40, 200))).toBe(3);
    // One channel that dominates carries little information per key: longer seeds.
    const skewed = Int32Array.from({ length: 10_000 }, () =>
      r() < 0.9 ? 0 : 1 + Math.floor(r() * 19),
    );
    expect(seedLength(skewed)).toBeGreaterThan(seedLength(uniform(20, 10_000)));
  });

  it('with value buckets: short seeds when values tell events apart, none when 3 keys would not do', () => {
    const r = rng(6);
    const keys = Int32Array.from({ length: 100_000 }, () => Math.floor(r() * 20));
    const distinct = Float64Array.from(keys, (_, j) => 5 * j); // every value its own bucket
    expect(valueSeedLength(keys, distinct)).toBe(2);
    expect(valueSeedLength(keys, new Float64Array(keys.length))).toBe(0); // buckets add nothing
    expect(valueSeedLength(new Int32Array(0), new Float64Array(0))).toBe(0);
  });

  it('is 0 (no heuristic) when every key is the same or there is none', () => {
    expect(seedLength(new Int32Array(0))).toBe(0);
    expect(seedLength(new Int32Array(1000))).toBe(0);
  });
});

describe('seed heuristic: drops wavefront cells, never an optimal alignment', () => {
  const pairs = sweep(200, 1500);
  it(`gives the alignment of the unpruned run and of the DP on ${pairs} seeded pairs (short seeds, narrow bound bands)`, () => {
    const r = rng(20261201);
    let prunedCases = 0;
    for (let t = 0; t < pairs; t++) {
      const c = seededCase(r, t);
      const { a, b, va, vb, o, vm, ctx } = c;
      // A narrow bound band makes the bound pass (which records the seeds) run on short pairs.
      const st = stats();
      const wfa = {
        boundBand: 1 + (t % 3),
        seedLength: 1 + (t % 4),
        maxCells: t % 2 ? 0 : undefined,
        blockScores: t % 4 === 1 ? 2 : undefined,
        stats: st,
      };
      // Every other case with value buckets that keep their promise (matching values ≤ 2 apart).
      const jitter = (): number => Math.floor(r() * 3);
      const buckets =
        t % 2
          ? () => ({
              gt: Float64Array.from(va, (v) => 5 * v + jitter()),
              pred: Float64Array.from(vb, (v) => 5 * v + jitter()),
            })
          : undefined;
      const got = behaviorAlignWith(a, b, o, vm, { engine: 'wfa', wfa }, buckets);
      expectValid(got, a.length, b.length);
      expect(got, ctx).toEqual(
        behaviorAlignWith(a, b, o, vm, {
          engine: 'wfa',
          wfa: { ...wfa, seedLength: 0, stats: undefined },
        }),
      );
      expect(got, ctx).toEqual(behaviorAlignWith(a, b, o, vm, { engine: 'dp' }));
      if ((st.pruned ?? 0) > 0) prunedCases++;
    }
    // The comparison means something only if the heuristic did drop cells in many cases.
    // (with these seeds: 48 of the default sweep's 200).
    expect(prunedCases).toBeGreaterThan(LONG_SWEEP ? 150 : 20);
  });

  it('on a bench-like pair (5 % edits): the same alignment with fewer wavefront cells', () => {
    for (const [label, costs, values] of DEFAULT_WFA_MODELS) {
      const { a, b, vm } = editedPair(20_000, 7);
      const match = values ? vm : undefined;
      const off = stats();
      const want = wfaAlignWith(a, b, costs, match, Infinity, {
        seedLength: 0,
        certifyStrips: [],
        stats: off,
      });
      const on = stats();
      expect(
        wfaAlignWith(a, b, costs, match, Infinity, { certifyStrips: [], stats: on }),
        label,
      ).toEqual(want);
      expect(on.pruned, label).toBeGreaterThan(0);
      expect(on.cells, label).toBeLessThan(0.7 * off.cells);
    }
  });
});

describe('seed heuristic with a real comparator’s value buckets', () => {
  it('evaluate-like input (tolerance comparator, buckets from Comparator.bucket): the alignment of the DP', () => {
    // Numbers near each other (within and just outside the 0.1 % tolerance), strings, and toggles:
    // the value seeds see matches in neighbouring buckets and must still never drop an optimum.
    const cmp = toleranceComparator(DEFAULT_POLICY, 1e-3);
    const r = rng(31);
    for (let round = 0; round < sweep(2, 6); round++) {
      const n = 1500;
      const gtV: unknown[] = [];
      const a = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const key = Math.floor(r() * 6);
        a[i] = key;
        gtV.push(
          key === 5
            ? i % 2
              ? 'on'
              : 'off'
            : key === 4
              ? i % 2
              : Math.round((r() * 20 - 10) * 1000) / 1000,
        );
      }
      const bKeys: number[] = [];
      const predV: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const u = r();
        if (u < 0.03) continue; // dropped
        const v = gtV[i];
        // Nudged within the tolerance (a match), or just outside it, or kept.
        const nudged = typeof v === 'number' && u < 0.1 ? v * (1 + (u < 0.07 ? 5e-4 : 3e-3)) : v;
        bKeys.push(a[i]!);
        predV.push(nudged);
        if (u > 0.97) {
          bKeys.push(Math.floor(r() * 6));
          predV.push(Math.round(r() * 100) / 10); // an extra event
        }
      }
      const b = Int32Array.from(bKeys);
      const vm = (i: number, j: number): boolean => cmp.compare(gtV[i], predV[j], 'ch');
      const buckets = () => ({
        gt: Float64Array.from(gtV, (v) => cmp.bucket!(v) ?? 0),
        pred: Float64Array.from(predV, (v) => cmp.bucket!(v) ?? 0),
      });
      const o = { mismatch: 3, value_mismatch: 1, gap_open: 2, gap_extend: 1 };
      const st = stats();
      // Without the certified band pass, which would make the pruned full pass unnecessary here.
      const got = behaviorAlignWith(
        a,
        b,
        o,
        vm,
        { engine: 'wfa', wfa: { boundBand: 4, certifyStrips: [], stats: st } },
        buckets,
      );
      expect(got, `round ${round}`).toEqual(behaviorAlignWith(a, b, o, vm, { engine: 'dp' }));
      expect(st.pruned, `round ${round}`).toBeGreaterThan(0);
    }
  });
});

describe('SeedBound.countedWithin (seeds an excursion on one side of the band cannot pair)', () => {
  it('counts the seeds whose occurrences on that side all lie farther than the reach, as a scan of every window does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: -8, max: 8 }),
        fc.nat(6),
        (a, b, len, lo, width) => {
          const A = Int32Array.from(a);
          const B = Int32Array.from(b);
          const band = { lo, hi: lo + width };
          const seeds = new SeedBound(A, B, len, band, {
            mismatch: 3,
            valueMismatch: 1,
            gapExtend: 1,
          });
          const count = Math.floor(a.length / len);
          for (const side of [0, 1] as const) {
            for (const reach of [0, 1, 2, 5, Infinity]) {
              const want = [0];
              for (let t = 0; t < count; t++) {
                const p = t * len;
                const diagonals: number[] = [];
                for (let j = 0; j + len <= b.length; j++)
                  if (a.slice(p, p + len).every((x, i) => x === b[j + i])) diagonals.push(j - p);
                // Too many occurrences to track (more than 8): never counted.
                const far =
                  side === 0
                    ? diagonals.filter((d) => d < band.lo).map((d) => band.lo - d)
                    : diagonals.filter((d) => d > band.hi).map((d) => d - band.hi);
                const counted = diagonals.length <= 8 && far.every((d) => d > reach);
                want.push(want[t]! + (counted ? 1 : 0));
              }
              expect([...seeds.countedWithin(side, reach)], `side ${side}, reach ${reach}`).toEqual(
                want,
              );
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('FirstAtLeast (the max-tree behind the count of lost seeds)', () => {
  it('finds the first index at or after t whose value is ≥ T, as a scan does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 70 }),
        fc.nat(80),
        fc.integer({ min: -60, max: 60 }),
        (values, t, T) => {
          const want = values.findIndex((v, i) => i >= t && v >= T);
          expect(new FirstAtLeast(Int32Array.from(values)).from(t, T)).toBe(
            want < 0 ? values.length : want,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
