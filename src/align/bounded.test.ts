import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rng } from '../../test/support/rng.js';
import {
  costOf,
  editedPair,
  expectValid,
  randomCosts,
  seededCase,
} from './alignment.test-helpers.js';
import { alignmentCost, BEHAVIOR_DEFAULTS, type ResolvedBehaviorOptions } from './affine/costs.js';
import { BehaviorAligner } from './behavior-aligner.js';
import { budgetedBehaviorAlign } from './affine/dispatch.js';
import { corridorAlign, CORRIDOR_HALF } from './bounded.js';
import { EXACT_ALWAYS_CELLS } from './budget.js';
import { withAlignerTuning } from './tuning.js';
import { behaviorAlignWith } from './tuning.test-helpers.js';

const keys = (n: number, alphabet: number, r: () => number, offset = 0): Int32Array =>
  Int32Array.from({ length: n }, () => offset + Math.floor(r() * alphabet));

/** The exact optimum (banded DP engine, no budget). */
const exact = (
  a: Int32Array,
  b: Int32Array,
  o: ResolvedBehaviorOptions,
  vm?: (i: number, j: number) => boolean,
) => behaviorAlignWith(a, b, o, vm, { engine: 'dp' });

describe('no channel in common (closed form)', () => {
  it('is the exact engines’ alignment, tie rule included, and proven optimal', () => {
    const r = rng(23_01);
    for (let t = 0; t < 300; t++) {
      const o = randomCosts(r);
      const a = keys(Math.floor(r() * 40), 1 + Math.floor(r() * 5), r);
      const b = keys(Math.floor(r() * 40), 1 + Math.floor(r() * 5), r, 10);
      const got = budgetedBehaviorAlign(a, b, o);
      expect(got.pairs, `case ${t} ${JSON.stringify(o)}`).toEqual(exact(a, b, o));
      expect(got.outcome).toEqual({ optimal: true, cost: costOf(a, b, got.pairs, o) });
    }
  });

  it('answers 100,000 events against 100,000 at once (no budget needed)', () => {
    const r = rng(23_02);
    const a = keys(100_000, 20, r);
    const b = keys(100_000, 20, r, 20);
    const got = budgetedBehaviorAlign(a, b, BEHAVIOR_DEFAULTS);
    expect(got.outcome.optimal).toBe(true);
    // Two runs of 100,000 unpaired events (2 + 99,999 each) beat 100,000 wrong-channel pairs (3 each).
    expect(got.outcome.cost).toBe(200_002);
    expect(got.pairs[0]).toEqual({ gt: 0, pred: null, tag: 'delete' });
  });
});

describe('bounded alignment (corridor DP)', () => {
  it('never costs less than the optimum, and reports its own cost (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const c = seededCase(rng(seed), seed);
        const pairs = corridorAlign(c.a, c.b, c.o, c.vm, undefined);
        expectValid(pairs, c.a.length, c.b.length);
        const cost = costOf(c.a, c.b, pairs, c.o, c.vm);
        expect(alignmentCost(c.a, c.b, pairs, c.o, c.vm)).toBe(cost);
        expect(cost).toBeGreaterThanOrEqual(
          costOf(c.a, c.b, exact(c.a, c.b, c.o, c.vm), c.o, c.vm),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is the optimal alignment with the tie rule when its corridor spans the whole matrix', () => {
    const r = rng(23_03);
    for (let t = 0; t < 300; t++) {
      const c = seededCase(r, t);
      if (c.a.length > CORRIDOR_HALF || c.b.length > CORRIDOR_HALF) continue;
      expect(corridorAlign(c.a, c.b, c.o, c.vm, undefined), c.ctx).toEqual(
        exact(c.a, c.b, c.o, c.vm),
      );
    }
  });

  it('follows the anchor chain when value buckets are given: valid, never below the optimum', () => {
    const r = rng(23_04);
    for (let t = 0; t < 20; t++) {
      // Unique values, 30 % edits: most events are anchors.
      const n = 400 + Math.floor(r() * 400);
      const a = keys(n, 20, r);
      const va = Float64Array.from({ length: n }, (_, i) => 10 * i);
      const bk: number[] = [];
      const bv: number[] = [];
      for (let i = 0; i < n; i++) {
        const u = r();
        if (u < 0.1) continue; // dropped
        if (u < 0.2)
          bv.push(10 * i + 5); // value changed
        else bv.push(10 * i);
        bk.push(a[i]!);
        if (u > 0.9) {
          bk.push(Math.floor(r() * 20)); // an extra event
          bv.push(-1 - t);
        }
      }
      const b = Int32Array.from(bk);
      const vb = Float64Array.from(bv);
      const vm = (i: number, j: number): boolean => va[i] === vb[j];
      const pairs = corridorAlign(a, b, BEHAVIOR_DEFAULTS, vm, { gt: va, pred: vb });
      expectValid(pairs, a.length, b.length);
      const cost = costOf(a, b, pairs, BEHAVIOR_DEFAULTS, vm);
      const opt = costOf(a, b, exact(a, b, BEHAVIOR_DEFAULTS, vm), BEHAVIOR_DEFAULTS, vm);
      expect(cost).toBeGreaterThanOrEqual(opt);
      expect(cost).toBeLessThanOrEqual(opt * 1.05);
    }
  });
});

describe('the budget', () => {
  it('small inputs are always proven optimal, with the exact engines’ alignment', () => {
    const r = rng(23_05);
    const al = new BehaviorAligner();
    for (let t = 0; t < 200; t++) {
      const c = seededCase(r, t);
      expect((c.a.length + 1) * (c.b.length + 1)).toBeLessThanOrEqual(EXACT_ALWAYS_CELLS);
      const got = al.alignWithOutcome(c.a, c.b, { channelNames: [], valuesMatch: c.vm });
      expect(got.outcome.optimal, c.ctx).toBe(true);
      expect(got.pairs, c.ctx).toEqual(behaviorAlignWith(c.a, c.b, BEHAVIOR_DEFAULTS, c.vm));
      expect(got.outcome.cost).toBe(costOf(c.a, c.b, got.pairs, BEHAVIOR_DEFAULTS, c.vm));
    }
  });

  it('reports the cost its engine found, for each engine and for scaled and fractional costs', () => {
    const r = rng(23_08);
    for (let t = 0; t < 150; t++) {
      const c = seededCase(r, t);
      // Integers (the engines' optimum is reported), halves and tenths (scaled: summed again).
      const k = [1, 0.5, 0.1][t % 3]!;
      const o = {
        mismatch: c.o.mismatch * k,
        value_mismatch: c.o.value_mismatch * k,
        gap_open: c.o.gap_open * k,
        gap_extend: c.o.gap_extend * k,
      };
      for (const engine of ['auto', 'dp', 'wfa'] as const) {
        const got = withAlignerTuning({ behavior: { engine } }, () =>
          budgetedBehaviorAlign(c.a, c.b, o, c.vm),
        );
        expect(got.outcome.optimal, c.ctx).toBe(true);
        expect(got.outcome.cost, `${c.ctx} ${engine}`).toBe(
          alignmentCost(c.a, c.b, got.pairs, o, c.vm),
        );
        if (k !== 0.1) expect(got.outcome.cost).toBe(costOf(c.a, c.b, got.pairs, o, c.vm));
      }
    }
  });

  it('an unrelated pair too large to prove gives a bounded alignment, never below the optimum', () => {
    const r = rng(23_06);
    const a = keys(3000, 20, r);
    const b = keys(3000, 20, r);
    const got = budgetedBehaviorAlign(a, b, BEHAVIOR_DEFAULTS);
    expect(got.outcome.optimal).toBe(false);
    expectValid(got.pairs, a.length, b.length);
    const opt = costOf(a, b, behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS), BEHAVIOR_DEFAULTS);
    expect(got.outcome.cost).toBeGreaterThanOrEqual(opt);
    expect(got.outcome.cost).toBe(costOf(a, b, got.pairs, BEHAVIOR_DEFAULTS));
  });
});

describe('worst-case families (differential: never below the optimum, tie rule when proven)', () => {
  /** Keys on 20 channels and unique value ids; `edit` makes pred from gt. */
  const families = (r: () => number, n: number) => {
    const a = keys(n, 20, r);
    const va = Int32Array.from({ length: n }, (_, i) => i);
    const edited = (rate: number) => {
      const bk: number[] = [];
      const bv: number[] = [];
      for (let i = 0; i < n; i++) {
        const u = r();
        if (u >= rate) {
          bk.push(a[i]!);
          bv.push(i);
        } else if (u < rate / 3) continue;
        else if (u < (2 * rate) / 3) {
          bk.push(a[i]!);
          bv.push(-1 - i); // changed value
        } else {
          bk.push(a[i]!, Math.floor(r() * 20));
          bv.push(i, -1);
        }
      }
      return { b: Int32Array.from(bk), vb: Int32Array.from(bv) };
    };
    const same = (b: Int32Array, vb: Int32Array) => ({ b, vb });
    return {
      a,
      va,
      cases: {
        noshared: same(keys(n, 20, r, 20), va),
        unrelated: same(
          keys(n, 20, r),
          Int32Array.from({ length: n }, (_, i) => n + i),
        ),
        reversed: same(a.slice().reverse(), va.slice().reverse()),
        valueoff: same(
          new Int32Array(n),
          Int32Array.from({ length: n }, (_, i) => -1 - i),
        ),
        edits20: edited(0.2),
        edits50: edited(0.5),
        sparse: same(
          Int32Array.from(a, (k, i) => (i % 20 === 0 ? k : 20 + k)),
          va,
        ),
      },
    };
  };

  it('at 1,100 events (budgeted) on each family', () => {
    const r = rng(23_07);
    const { a: a0, va, cases } = families(r, 1100);
    for (const [name, { b, vb }] of Object.entries(cases)) {
      const a = name === 'valueoff' ? new Int32Array(a0.length) : a0;
      const vm = (i: number, j: number): boolean => va[i] === vb[j];
      const got = budgetedBehaviorAlign(a, b, BEHAVIOR_DEFAULTS, vm);
      expectValid(got.pairs, a.length, b.length);
      const best = behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm);
      const opt = costOf(a, b, best, BEHAVIOR_DEFAULTS, vm);
      expect(got.outcome.cost, name).toBe(costOf(a, b, got.pairs, BEHAVIOR_DEFAULTS, vm));
      expect(got.outcome.cost, name).toBeGreaterThanOrEqual(opt);
      if (got.outcome.optimal) expect(got.pairs, name).toEqual(best);
    }
  });
});

describe('one tie rule, with and without the budget', () => {
  it('aligns an input the same under the budget as without one wherever the budget proved it', () => {
    // Budgeted sizes ((n + 1)(m + 1) > EXACT_ALWAYS_CELLS), with many ties: 2–3 channels and a few
    // values, so many alignments share the optimal cost and only the tie rule picks one.
    const r = rng(23_09);
    let proven = 0;
    for (let t = 0; t < 8; t++) {
      const n = 1100 + Math.floor(r() * 200);
      const channels = 2 + (t % 2);
      const a = keys(n, channels, r);
      const va = Int32Array.from({ length: n }, () => Math.floor(r() * 3));
      const bk: number[] = [];
      const bv: number[] = [];
      for (let i = 0; i < n; i++) {
        const u = r();
        if (u < 0.02) continue; // dropped
        bk.push(a[i]!);
        bv.push(u < 0.04 ? Math.floor(r() * 3) : va[i]!);
        if (u > 0.98) {
          bk.push(Math.floor(r() * channels)); // an extra event
          bv.push(Math.floor(r() * 3));
        }
      }
      const b = Int32Array.from(bk);
      expect((a.length + 1) * (b.length + 1)).toBeGreaterThan(EXACT_ALWAYS_CELLS);
      const vm = (i: number, j: number): boolean => va[i] === bv[j];
      const got = budgetedBehaviorAlign(a, b, BEHAVIOR_DEFAULTS, vm);
      if (!got.outcome.optimal) continue;
      proven++;
      expect(got.pairs, `case ${t}`).toEqual(behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm));
      expect(got.pairs, `case ${t}, banded DP`).toEqual(exact(a, b, BEHAVIOR_DEFAULTS, vm));
    }
    // Bench-like pairs (20 channels, 5 % edits) are proven within the budget: the same there too.
    for (const seed of [1, 2, 3]) {
      const { a, b, vm } = editedPair(1500, 23_10 + seed);
      const got = budgetedBehaviorAlign(a, b, BEHAVIOR_DEFAULTS, vm);
      expect(got.outcome.optimal).toBe(true);
      proven++;
      expect(got.pairs).toEqual(behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm));
    }
    expect(proven).toBeGreaterThan(5);
  });
});

describe('bounded alignment: the time guide', () => {
  /**
   * A robot's recording: three topics in a fixed rotation (5 poses, 3 commands, 2 states per 10
   * ms), values that change slowly (so they match their neighbours' within tolerance) and cannot
   * be bucketed (stamped messages), the prediction with 1.5 %
   * of the messages dropped and 2 % changed, each message logged up to 0.2 ms late.
   */
  function recording(n: number, seed: number) {
    const r = rng(seed);
    const topic = (i: number) => (i % 10 < 5 ? 0 : i % 10 < 8 ? 1 : 2);
    const gt: number[] = [];
    const pred: number[] = [];
    const predTime: number[] = [];
    const changed = new Set<number>();
    for (let i = 0; i < n; i++) {
      gt.push(i);
      const u = r();
      if (u < 0.015) continue;
      if (u < 0.035) changed.add(pred.length);
      pred.push(i);
      predTime.push(i + r() * 0.2);
    }
    const a = Int32Array.from(gt, topic);
    const b = Int32Array.from(pred, topic);
    // Within tolerance, as slowly changing poses and stamps are: a message matches the same
    // topic's messages up to three rotations away.
    const vm = (i: number, j: number) => Math.abs(gt[i]! - pred[j]!) <= 30 && !changed.has(j);
    const apart = (i: number, j: number) => Math.abs(i - predTime[j]!);
    return { a, b, vm, apart };
  }

  it('keeps the events paired with their own time where the greedy path drifts by periods', () => {
    const { a, b, vm, apart } = recording(3000, 23_31);
    const o = BEHAVIOR_DEFAULTS;
    const optimum = alignmentCost(a, b, exact(a, b, o, vm), o, vm);
    const greedyOnly = alignmentCost(a, b, corridorAlign(a, b, o, vm, undefined), o, vm);
    const timed = corridorAlign(a, b, o, vm, undefined, apart);
    expectValid(timed, a.length, b.length);
    const cost = alignmentCost(a, b, timed, o, vm);
    expect(cost).toBeGreaterThanOrEqual(optimum);
    // Without the times the corridor pairs some messages with a neighbouring rotation's (116
    // against an optimum of 100 here; 20,764 against about 4,900 on a 100,000-message recording).
    expect(greedyOnly).toBeGreaterThan(cost);
    expect(cost).toBeLessThanOrEqual(optimum * 1.05);
  });

  it('is not taken when its alignment costs more than the greedy one', () => {
    const r = rng(23_32);
    const a = keys(2000, 4, r);
    const b = Int32Array.from(a);
    // Times that say every pred event happened at the start: the time guide pairs nothing well.
    const pairs = corridorAlign(a, b, BEHAVIOR_DEFAULTS, undefined, undefined, (i) => i);
    expect(pairs.every((p) => p.gt === p.pred)).toBe(true);
  });
});
