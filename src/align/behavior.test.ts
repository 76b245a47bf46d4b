import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ConfigError } from '../errors.js';
import { validateOptions } from '../evaluate/options.js';
import { alignmentCost, BEHAVIOR_DEFAULTS, resolveBehaviorOptions } from './affine/costs.js';
import { BehaviorAligner } from './behavior-aligner.js';
import { checkpointPlan, checkpointRows, greedyCost } from './behavior.js';
import { createAligner } from './index.js';
import type { AffineCosts, ResolvedBehaviorOptions } from './affine/costs.js';
import { costOf, expectValid } from './alignment.test-helpers.js';
import { rng } from '../../test/support/rng.js';
import { opsOf, tieRuleBruteForce } from '../../test/oracles/tie-rule.js';
import { behaviorAlignWith, nwAlignValueAwareWith } from './tuning.test-helpers.js';
import type { EngineStats } from './tuning.js';

/** Brute force of the documented tie-break (`tieRuleBruteForce`) under the behaviour costs. */
function bruteForce(
  a: Int32Array,
  b: Int32Array,
  o: ResolvedBehaviorOptions,
  vm: (i: number, j: number) => boolean,
): { cost: number; ops: string } {
  return tieRuleBruteForce(a.length, b.length, {
    pair: (i, j) => (a[i] !== b[j] ? o.mismatch : vm(i, j) ? 0 : o.value_mismatch),
    del: (_, extending) => (extending ? o.gap_extend : o.gap_open),
    ins: (_, extending) => (extending ? o.gap_extend : o.gap_open),
  });
}

function randomCase(r: () => number, maxLen: number, alphabet: number) {
  const n = Math.floor(r() * (maxLen + 1));
  const m = Math.floor(r() * (maxLen + 1));
  const a = Int32Array.from({ length: n }, () => Math.floor(r() * alphabet));
  const b = Int32Array.from({ length: m }, () => Math.floor(r() * alphabet));
  const table = Array.from({ length: n }, () => Array.from({ length: m }, () => r() < 0.6));
  const vm = (i: number, j: number): boolean => table[i]![j]!;
  return { a, b, vm };
}

function micro(o: ResolvedBehaviorOptions): ResolvedBehaviorOptions {
  const k = (c: number) => Math.round(c * 1e6);
  return {
    value_mismatch: k(o.value_mismatch),
    mismatch: k(o.mismatch),
    gap_open: k(o.gap_open),
    gap_extend: k(o.gap_extend),
  };
}

const COST_SETS: ResolvedBehaviorOptions[] = [
  BEHAVIOR_DEFAULTS,
  { value_mismatch: 1, mismatch: 2, gap_open: 1, gap_extend: 1 },
  { value_mismatch: 0, mismatch: 5, gap_open: 3, gap_extend: 1 },
  { value_mismatch: 2, mismatch: 2, gap_open: 1, gap_extend: 2 },
  { value_mismatch: 0.1, mismatch: 0.3, gap_open: 0.2, gap_extend: 0.1 },
];

describe('behaviorAlign: optimal cost and the documented tie-break', () => {
  it.each(['dp', 'wfa'] as const)(
    '%s: equals brute force (cost and lexicographically first operations) on 3000 seeded pairs',
    (engine) => {
      const r = rng(8);
      for (let t = 0; t < 3000; t++) {
        const o = COST_SETS[t % COST_SETS.length]!;
        const { a, b, vm } = randomCase(r, 5, 3);
        // (costs the wavefront aligner cannot take — gap_open < gap_extend — run the DP either way)
        const got = behaviorAlignWith(a, b, o, vm, {
          initialSlack: t % 3,
          engine,
          wfa: { maxCells: t % 2 ? 0 : undefined },
        });
        expectValid(got, a.length, b.length);
        // Brute force in integers (×10^6) so decimal costs such as 0.1 + 0.2 = 0.3 tie exactly.
        const want = bruteForce(a, b, micro(o), vm);
        const ctx = `case ${t}: a=${[...a]} b=${[...b]} costs=${JSON.stringify(o)}`;
        expect(costOf(a, b, got, micro(o), vm), ctx).toBe(want.cost);
        expect(opsOf(got), ctx).toBe(want.ops);
      }
    },
  );

  it('does not depend on the first band tried (narrow band widened = full matrix)', () => {
    const r = rng(21);
    for (let t = 0; t < 200; t++) {
      const { a, b, vm } = randomCase(r, 40, 4);
      const narrow = behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm, {
        initialSlack: 0,
        engine: 'dp',
      });
      const wide = behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm, {
        initialSlack: 1000,
        engine: 'dp',
      });
      expect(narrow).toEqual(wide);
    }
  });

  it('pruning never changes the result (same pairs as computing every cell of the band)', () => {
    const r = rng(29);
    for (let t = 0; t < 400; t++) {
      const o = COST_SETS[t % COST_SETS.length]!;
      // Similar sequences (a few edits of a random one), where pruning cuts most of the band.
      const a = Int32Array.from({ length: 20 + Math.floor(r() * 60) }, () => Math.floor(r() * 3));
      const b = Int32Array.from(
        [...a].flatMap((x) => (r() < 0.05 ? [] : r() < 0.05 ? [x, Math.floor(r() * 3)] : [x])),
      );
      const table = Array.from({ length: a.length }, () =>
        Array.from({ length: b.length }, () => r() < 0.9),
      );
      const vm = (i: number, j: number): boolean => table[i]![j]!;
      const tuning = { initialSlack: t % 5, blockRows: t % 3 === 0 ? 4 : 0, engine: 'dp' as const };
      const pruned = behaviorAlignWith(a, b, o, vm, tuning);
      expect(pruned, `case ${t}`).toEqual(
        behaviorAlignWith(a, b, o, vm, { ...tuning, pruning: false }),
      );
      expect(pruned, `case ${t}`).toEqual(
        behaviorAlignWith(a, b, o, vm, {
          pruning: false,
          blockRows: 0,
          initialSlack: 1000,
          engine: 'dp',
        }),
      );
    }
  });

  it('checkpoint rows (recomputed block by block) give exactly the all-rows result', () => {
    const r = rng(13);
    for (let t = 0; t < 300; t++) {
      const o = COST_SETS[t % COST_SETS.length]!;
      const { a, b, vm } = randomCase(r, 30, 3);
      const all = behaviorAlignWith(a, b, o, vm, { blockRows: 0, engine: 'dp' });
      for (const blockRows of [1, 2, 3, 7, 31]) {
        expect(
          behaviorAlignWith(a, b, o, vm, { blockRows, initialSlack: t % 4, engine: 'dp' }),
          `case ${t} block ${blockRows}`,
        ).toEqual(all);
      }
    }
  });

  it('switches to checkpoint rows by itself when the band exceeds the budget', () => {
    const r = rng(17);
    const a = Int32Array.from({ length: 400 }, () => Math.floor(r() * 4));
    const b = Int32Array.from([...a].filter(() => r() > 0.02)); // 2 % dropped: a band of width ~20
    const vm = (i: number, j: number) => i !== 200 && j !== 100;
    const all = behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm, { engine: 'dp' });
    // Every row: 401·w > 3000 cells for w > 7; checkpoints every 21 rows: (19 + 2·21 + 4)·w ≤ 3000 for w ≤ 46.
    expect(
      behaviorAlignWith(a, b, BEHAVIOR_DEFAULTS, vm, {
        maxBandCells: 3000,
        initialSlack: 4,
        engine: 'dp',
      }),
    ).toEqual(all);
  });

  it('past maxBandCells keeps the banded DP and its alignment, never the Gotoh solver', () => {
    const r = rng(5);
    for (let t = 0; t < 200; t++) {
      const o = COST_SETS[t % COST_SETS.length]!;
      const { a, b, vm } = randomCase(r, 30, 3);
      const all = behaviorAlignWith(a, b, o, vm, { engine: 'dp' });
      const stats: EngineStats = { wavefronts: 0, band: 0, gotoh: 0 };
      const small = behaviorAlignWith(a, b, o, vm, {
        maxBandCells: 0,
        engine: 'dp',
        engines: stats,
      });
      expect(small, `case ${t}`).toEqual(all);
      expect(stats.gotoh).toBe(0);
      expect(stats.band).toBeGreaterThan(0);
      // The Gotoh solver still agrees on the optimal cost (its own tie rule may pick another alignment).
      expect(costOf(a, b, small, o, vm)).toBeCloseTo(
        costOf(a, b, nwAlignValueAwareWith(a, b, o, vm), o, vm),
        9,
      );
    }
  });

  it('handles costs that no scale makes integral (floating-point sums)', () => {
    const o = {
      value_mismatch: Math.PI / 10,
      mismatch: Math.E / 2,
      gap_open: Math.SQRT2,
      gap_extend: 1 / 3,
    };
    const r = rng(3);
    for (let t = 0; t < 300; t++) {
      const { a, b, vm } = randomCase(r, 5, 3);
      const got = behaviorAlignWith(a, b, o, vm);
      expectValid(got, a.length, b.length);
      expect(costOf(a, b, got, o, vm)).toBeCloseTo(bruteForce(a, b, o, vm).cost, 9);
    }
  });

  it('keyed kernel: per-key gap costs all equal to the global ones give the uniform alignment', () => {
    // `Band.rowKeyed` is `Band.row` with per-event lookups; with every key at the global costs the
    // two must agree cell for cell, so the alignments are the same (pruning, checkpoints included).
    const r = rng(29);
    for (let t = 0; t < 300; t++) {
      const o = COST_SETS[t % COST_SETS.length]!;
      const { a, b, vm } = randomCase(r, 30, 3);
      const keyed = {
        ...o,
        by_key: {
          gap_open: new Float64Array(3).fill(o.gap_open),
          gap_extend: new Float64Array(3).fill(o.gap_extend),
        },
      };
      for (const knobs of [
        { engine: 'dp' as const },
        { engine: 'dp' as const, initialSlack: t % 3, blockRows: 1 + (t % 4) },
        { engine: 'dp' as const, pruning: false },
      ]) {
        const ctx = `case ${t} ${JSON.stringify(knobs)}`;
        expect(behaviorAlignWith(a, b, keyed, vm, knobs), ctx).toEqual(
          behaviorAlignWith(a, b, o, vm, knobs),
        );
      }
      // Past maxBandCells: the keyed kernel on checkpoint levels, still the uniform alignment.
      expect(behaviorAlignWith(a, b, keyed, vm, { maxBandCells: 0 })).toEqual(
        behaviorAlignWith(a, b, o, vm, { engine: 'dp' }),
      );
    }
  });

  it('per-key gap costs: the tie rule and the optimal cost by brute force', () => {
    const r = rng(31);
    for (let t = 0; t < 1000; t++) {
      const o = COST_SETS[t % 4]!; // the integer ones
      const { a, b, vm } = randomCase(r, 5, 3);
      const open = Float64Array.from({ length: 3 }, () => 1 + Math.floor(r() * 4));
      const extend = Float64Array.from({ length: 3 }, () => 1 + Math.floor(r() * 4));
      const keyed = { ...o, by_key: { gap_open: open, gap_extend: extend } };
      const got = behaviorAlignWith(a, b, keyed, vm, { initialSlack: t % 2 });
      expectValid(got, a.length, b.length);
      const want = tieRuleBruteForce(a.length, b.length, {
        pair: (i, j) => (a[i] !== b[j] ? o.mismatch : vm(i, j) ? 0 : o.value_mismatch),
        del: (i, extending) => (extending ? extend[a[i]!]! : open[a[i]!]!),
        ins: (j, extending) => (extending ? extend[b[j]!]! : open[b[j]!]!),
      });
      const ctx = `case ${t}: a=${[...a]} b=${[...b]} open=${[...open]} extend=${[...extend]}`;
      expect(opsOf(got), ctx).toBe(want.ops);
      expect(alignmentCost(a, b, got, keyed, vm), ctx).toBe(want.cost);
      // The greedy bound, priced per key, is the cost of an alignment: never below the optimum.
      expect(greedyCost(a, b, keyed, vm).cost, ctx).toBeGreaterThanOrEqual(want.cost);
    }
  });

  it('aligns empty sides as gaps only', () => {
    expect(behaviorAlignWith(new Int32Array(0), new Int32Array(0), BEHAVIOR_DEFAULTS)).toEqual([]);
    expect(
      opsOf(behaviorAlignWith(Int32Array.of(1, 2), new Int32Array(0), BEHAVIOR_DEFAULTS)),
    ).toBe('DD');
    expect(opsOf(behaviorAlignWith(new Int32Array(0), Int32Array.of(1), BEHAVIOR_DEFAULTS))).toBe(
      'I',
    );
  });
});

/**
 * A random pair for the checkpoint tests: keys of a small alphabet, a value test from a seed, the
 * costs of one of `COST_SETS` (the integer ones) with per-key gap costs half of the time.
 */
const levelCaseArb = (maxLength: number) => {
  // Lengths drawn uniformly (fast-check's own array sizes stay near 10).
  const keysArb = (max: number) =>
    fc
      .integer({ min: 0, max })
      .chain((len) => fc.array(fc.nat(3), { minLength: len, maxLength: len }));
  return fc
    .record({
      alphabet: fc.integer({ min: 1, max: 4 }),
      a: keysArb(maxLength),
      b: keysArb(maxLength),
      seed: fc.nat(),
      costs: fc.constantFrom(...COST_SETS.slice(0, 4)),
      gaps: fc.option(
        fc.record({
          open: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
          extend: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
        }),
      ),
    })
    .map(({ alphabet, a, b, seed, costs, gaps }) => {
      const o: AffineCosts =
        gaps === null
          ? costs
          : {
              ...costs,
              by_key: {
                gap_open: Float64Array.from(gaps.open),
                gap_extend: Float64Array.from(gaps.extend),
              },
            };
      // An arbitrary but fixed value test: about 60 % of same-key pairs match.
      const vm = (i: number, j: number): boolean =>
        (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(j + 7, 0x85ebca77) ^ seed) >>> 0 < 0x99999999;
      return {
        a: Int32Array.from(a, (x) => x % alphabet),
        b: Int32Array.from(b, (x) => x % alphabet),
        o,
        vm,
      };
    });
};

describe('Band: checkpoint rows on several levels', () => {
  /** Rows per block on 1–4 levels, in any order (each level's blocks are cut from the level above). */
  const levelsArb = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 });

  it('any checkpoint levels give exactly the all-rows alignment (fast-check)', () => {
    fc.assert(
      fc.property(
        levelCaseArb(40),
        levelsArb,
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        ({ a, b, o, vm }, blockRows, initialSlack, pruning) => {
          const all = behaviorAlignWith(a, b, o, vm, {
            engine: 'dp',
            blockRows: 0,
            initialSlack,
            pruning,
          });
          const got = behaviorAlignWith(a, b, o, vm, {
            engine: 'dp',
            blockRows,
            initialSlack,
            pruning,
          });
          expect(got).toEqual(all);
          // Without a value test too (the `nw` case: every same-key pair matches).
          expect(behaviorAlignWith(a, b, o, undefined, { engine: 'dp', blockRows })).toEqual(
            behaviorAlignWith(a, b, o, undefined, { engine: 'dp', blockRows: 0 }),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('2, 3 and binary levels follow the tie rule by brute force (fast-check)', () => {
    fc.assert(
      fc.property(
        levelCaseArb(6),
        fc.constantFrom([3], [2, 1], [4, 2, 1], [1, 1, 1, 1]),
        ({ a, b, o, vm }, blockRows) => {
          const got = behaviorAlignWith(a, b, o, vm, { engine: 'dp', blockRows });
          expectValid(got, a.length, b.length);
          const open = o.by_key?.gap_open;
          const extend = o.by_key?.gap_extend;
          const want = tieRuleBruteForce(a.length, b.length, {
            pair: (i, j) => (a[i] !== b[j] ? o.mismatch : vm(i, j) ? 0 : o.value_mismatch),
            del: (i, ext) =>
              ext ? (extend?.[a[i]!] ?? o.gap_extend) : (open?.[a[i]!] ?? o.gap_open),
            ins: (j, ext) =>
              ext ? (extend?.[b[j]!] ?? o.gap_extend) : (open?.[b[j]!] ?? o.gap_open),
          });
          expect(opsOf(got)).toBe(want.ops);
          expect(alignmentCost(a, b, got, o, vm)).toBe(want.cost);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('the memory cap forces 1, 2 and 3+ levels: the all-rows alignment, no Gotoh (fast-check)', () => {
    const seen = new Set<number>();
    fc.assert(
      fc.property(
        levelCaseArb(300),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        ({ a, b, o, vm }, rows, wide) => {
          const n = a.length;
          // A band over every diagonal (its width known here, n + m + 1) or one widened from 0.
          const initialSlack = wide ? 1000 : 0;
          const maxBandCells = rows * (n + b.length + 1);
          const stats: EngineStats = { wavefronts: 0, band: 0, gotoh: 0, checkpointLevels: 0 };
          const got = behaviorAlignWith(a, b, o, vm, {
            engine: 'dp',
            initialSlack,
            maxBandCells,
            engines: stats,
          });
          expect(got).toEqual(behaviorAlignWith(a, b, o, vm, { engine: 'dp', blockRows: 0 }));
          expect(stats.gotoh).toBe(0);
          expect(stats.band).toBe(1);
          if (wide) {
            const levels = checkpointPlan(n, n + b.length + 1, maxBandCells).length;
            expect(stats.checkpointLevels).toBe(levels);
            seen.add(Math.min(levels, 3));
          }
        },
      ),
      { numRuns: 300 },
    );
    // The draws reached every plan: all rows, 1, 2 and 3 or more checkpoint levels.
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  it('empty sides with levels forced: gaps only', () => {
    for (const blockRows of [[1], [2, 1], [3, 2, 1]]) {
      const none = new Int32Array(0);
      expect(behaviorAlignWith(none, none, BEHAVIOR_DEFAULTS, undefined, { blockRows })).toEqual(
        [],
      );
      expect(
        opsOf(
          behaviorAlignWith(Int32Array.of(1, 2, 0), none, BEHAVIOR_DEFAULTS, undefined, {
            blockRows,
          }),
        ),
      ).toBe('DDD');
      expect(
        opsOf(
          behaviorAlignWith(none, Int32Array.of(1, 2), BEHAVIOR_DEFAULTS, undefined, { blockRows }),
        ),
      ).toBe('II');
    }
  });
});

describe('checkpointPlan: the fewest levels that fit the memory', () => {
  /** Rows with L row sets of r^(L−1), …, r rows per block (`checkpointPlan`'s shape). */
  const rowsWith = (n: number, rowSets: number): number => {
    let r = 2;
    while (r ** rowSets < n) r++;
    return checkpointRows(
      n,
      Array.from({ length: rowSets - 1 }, (_, l) => r ** (rowSets - 1 - l)),
    );
  };

  it('fits the cap with the fewest levels whenever some plan fits (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 2 ** 23 }),
        (n, width, maxCells) => {
          const plan = checkpointPlan(n, width, maxCells);
          const rows = checkpointRows(n, plan);
          if (plan.length === 0) {
            // Every row: it fits, or no plan holds fewer rows.
            if ((n + 1) * width > maxCells)
              for (let l = 2; 2 ** (l - 1) < 2 * n; l++)
                expect(rowsWith(n, l)).toBeGreaterThanOrEqual(n + 1);
            return;
          }
          expect(plan.every((k, l) => l === 0 || plan[l - 1]! % k === 0)).toBe(true);
          if (rows * width <= maxCells) {
            // The fewest levels: no plan with fewer row sets fits.
            expect((n + 1) * width).toBeGreaterThan(maxCells);
            for (let l = 2; l < plan.length + 1; l++)
              expect(rowsWith(n, l) * width).toBeGreaterThan(maxCells);
          } else {
            // None fits: the fewest rows of every plan tried, a few per level.
            for (let l = 2; 2 ** (l - 1) < 2 * n; l++)
              expect(rowsWith(n, l)).toBeGreaterThanOrEqual(rows);
            expect(rows).toBeLessThanOrEqual(3 * Math.ceil(Math.log2(n)) + 3);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('picks 1, 2, 3 checkpoint levels as the cap shrinks (20 000 rows, width 100)', () => {
    const n = 20_000;
    const w = 100;
    expect(checkpointPlan(n, w, (n + 1) * w)).toEqual([]);
    // ⌈√20000⌉ = 142: 142 checkpoints + 1 for row n, and a block of 142 rows + 1.
    expect(checkpointRows(n, [142])).toBe(285);
    expect(checkpointPlan(n, w, (n + 1) * w - 1)).toEqual([142]);
    expect(checkpointPlan(n, w, 285 * w)).toEqual([142]);
    // ⌈20000^(1/3)⌉ = 28, then 12.
    expect(checkpointPlan(n, w, 285 * w - 1)).toEqual([28 ** 2, 28]);
    expect(checkpointRows(n, [28 ** 2, 28])).toBe(85);
    expect(checkpointPlan(n, w, 85 * w - 1)).toEqual([12 ** 3, 12 ** 2, 12]);
    // Nothing fits: the fewest rows of all, on blocks of 4 rows.
    expect(checkpointPlan(n, w, 1)).toEqual(Array.from({ length: 7 }, (_, l) => 4 ** (7 - l)));
    expect(checkpointRows(n, checkpointPlan(n, w, 1))).toBe(38);
  });
});

describe('behaviorAlign: behaviours the defaults are chosen for', () => {
  // A periodic trace of (channel, value): channel k % 2, value = position k.
  const periodic = (len: number) => ({
    keys: Int32Array.from({ length: len }, (_, k) => k % 2),
    values: Array.from({ length: len }, (_, k) => k),
  });

  it('one dropped event in a periodic trace is one unpaired event, never a slide', () => {
    const gt = periodic(40);
    const drop = 17;
    const predKeys = Int32Array.from([...gt.keys].filter((_, k) => k !== drop));
    const predValues = gt.values.filter((_, k) => k !== drop);
    const vm = (i: number, j: number) => gt.values[i] === predValues[j];
    const out = behaviorAlignWith(gt.keys, predKeys, BEHAVIOR_DEFAULTS, vm);
    const unpaired = out.filter((p) => p.gt === null || p.pred === null);
    expect(unpaired).toEqual([{ gt: drop, pred: null, tag: 'delete' }]);
    expect(out.every((p) => p.gt === null || p.pred === null || vm(p.gt, p.pred))).toBe(true);
  });

  it('a changed value pairs with its slot (value_mismatch < 2·gap_open)', () => {
    const keys = Int32Array.of(0, 1, 0, 1);
    const out = behaviorAlignWith(keys, keys, BEHAVIOR_DEFAULTS, (i, j) => i === j && i !== 2);
    expect(opsOf(out)).toBe('MMMM');
  });

  it('a wrong channel in a slot is one replaced pair (mismatch < 2·gap_open)', () => {
    const out = behaviorAlignWith(
      Int32Array.of(0, 1, 2),
      Int32Array.of(0, 3, 2),
      BEHAVIOR_DEFAULTS,
    );
    expect(out[1]).toEqual({ gt: 1, pred: 1, tag: 'replace' });
  });

  it('two swapped events of different channels: the first is reported as moved later', () => {
    const out = behaviorAlignWith(
      Int32Array.of(0, 1, 2, 3),
      Int32Array.of(0, 2, 1, 3),
      BEHAVIOR_DEFAULTS,
    );
    expect(out).toEqual([
      { gt: 0, pred: 0, tag: 'equal' },
      { gt: 1, pred: null, tag: 'delete' },
      { gt: 2, pred: 1, tag: 'equal' },
      { gt: null, pred: 2, tag: 'insert' },
      { gt: 3, pred: 3, tag: 'equal' },
    ]);
  });

  it('tie-break: a repeated call reports the second one as extra; a drop in a run reports its last event', () => {
    const repeated = behaviorAlignWith(
      Int32Array.of(0, 1, 2),
      Int32Array.of(0, 1, 1, 2),
      BEHAVIOR_DEFAULTS,
    );
    expect(repeated.filter((p) => p.tag === 'insert')).toEqual([
      { gt: null, pred: 2, tag: 'insert' },
    ]);
    const run = behaviorAlignWith(
      Int32Array.of(5, 5, 5, 6),
      Int32Array.of(5, 5, 6),
      BEHAVIOR_DEFAULTS,
    );
    expect(run.filter((p) => p.tag === 'delete')).toEqual([{ gt: 2, pred: null, tag: 'delete' }]);
  });

  it('without valuesMatch every same-channel pair counts as matching', () => {
    const out = behaviorAlignWith(Int32Array.of(0, 0), Int32Array.of(0, 0), BEHAVIOR_DEFAULTS);
    expect(out.map((p) => p.tag)).toEqual(['equal', 'equal']);
  });
});

describe('options', () => {
  it('fills defaults and keeps given costs', () => {
    expect(resolveBehaviorOptions({})).toEqual(BEHAVIOR_DEFAULTS);
    expect(resolveBehaviorOptions({ gap_open: 5 })).toEqual({ ...BEHAVIOR_DEFAULTS, gap_open: 5 });
  });

  it('rejects bad options with a ConfigError naming the path', () => {
    const fail = (o: unknown, path?: readonly string[]) => {
      try {
        resolveBehaviorOptions(o, path);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(fail({ gap: 1 })).toBe(
      'aligner.gap: unknown option "gap" (expected one of value_mismatch, mismatch, gap_open, gap_extend)',
    );
    expect(fail({ gap_open: 0 })).toBe(
      'aligner.gap_open: must be > 0 (a free gap makes leaving everything unpaired optimal)',
    );
    // Every issue is reported: a negative mismatch is also below the default value_mismatch.
    expect(fail({ mismatch: -1 }, ['matchers', 'aligner'])).toMatch(
      /^2 problems in the options:\n {2}matchers\.aligner\.mismatch: .*\n {2}matchers\.aligner\.value_mismatch: /,
    );
    expect(fail({ value_mismatch: 4 })).toBe(
      'aligner.value_mismatch: must not exceed mismatch (3), received 4',
    );
    expect(fail({ mismatch: Infinity })).toMatch(/^aligner\.mismatch: /);
    expect(fail('fast')).toMatch(/^aligner: /);
  });

  it('the class validates and aligns through the Aligner interface', () => {
    expect(() => new BehaviorAligner({ gap_extend: 0 })).toThrow(ConfigError);
    const al = new BehaviorAligner({ mismatch: 10 });
    expect(al.name).toBe('behavior');
    expect(al.options.mismatch).toBe(10);
    const out = al.align(Int32Array.of(0, 1), Int32Array.of(0, 1), {
      channelNames: ['a', 'b'],
      valuesMatch: () => false,
    });
    expect(out.map((p) => p.tag)).toEqual(['equal', 'equal']);
  });

  it('is registered by name: `aligner: "behavior"` and `{name: "behavior", …costs}` build it, bad costs are ConfigErrors', () => {
    expect(createAligner('behavior')).toBeInstanceOf(BehaviorAligner);
    const al = createAligner({ name: 'behavior', value_mismatch: 2 }) as BehaviorAligner;
    expect(al.options.value_mismatch).toBe(2);
    expect(() => validateOptions({ aligner: { name: 'behavior', gap_open: 0 } })).toThrow(
      /aligner\.gap_open/,
    );
    expect(() =>
      validateOptions({ aligner: { name: 'behavior', value_mismatch: 5, mismatch: 1 } }),
    ).toThrow(/aligner\.value_mismatch/);
    expect(() => validateOptions({ aligner: { name: 'behavior', bogus: 1 } })).toThrow(/bogus/);
  });
});
