import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ConfigError } from '../errors.js';
import { NeedlemanWunschAligner, resolveNwOptions } from './nw.js';
import type { ValueAwareCosts } from './nw.js';
import type { NwOptions, ResolvedNwOptions } from './nw.js';
import type { NwTuning } from './tuning.js';
import type { IndexPair } from './types.js';
import type { EngineStats } from './tuning.js';
import { gotohAlignWith, nwAlignValueAwareWith, nwAlignWith } from './tuning.test-helpers.js';
import { tuningOf, type NwKnobs } from './tuning.test-helpers.js';
import { withAlignerTuning } from './tuning.js';
import { nwAffineCosts } from './affine/costs.js';
import { opsOf, tieRuleBruteForce } from '../../test/oracles/tie-rule.js';

const NAMES = ['a', 'b', 'c', 'd'];

function keys(s: string): Int32Array {
  return Int32Array.from([...s].map((ch) => NAMES.indexOf(ch)));
}

function gapCost(opts: ResolvedNwOptions, channel: string, first: boolean): number {
  const spec = opts.by_channel.get(channel);
  if (first) return spec ? spec.gap_open : opts.gap_open;
  return spec ? spec.gap_extend : opts.gap_extend;
}

/** Cost and pair count of an alignment under the documented convention. */
function alignmentCost(
  a: Int32Array,
  b: Int32Array,
  pairs: readonly IndexPair[],
  opts: ResolvedNwOptions,
  names: readonly string[],
): { cost: number; pairs: number } {
  let cost = 0;
  let npairs = 0;
  let prev: 'M' | 'D' | 'I' = 'M';
  for (const p of pairs) {
    if (p.gt !== null && p.pred !== null) {
      cost += a[p.gt] === b[p.pred] ? opts.match : opts.mismatch;
      npairs++;
      prev = 'M';
    } else if (p.gt !== null) {
      cost += gapCost(opts, names[a[p.gt]!]!, prev !== 'D');
      prev = 'D';
    } else {
      cost += gapCost(opts, names[b[p.pred!]!]!, prev !== 'I');
      prev = 'I';
    }
  }
  return { cost, pairs: npairs };
}

/**
 * Reference: textbook Gotoh with three full O(n·m) matrices (pair / delete / insert ending
 * states), minimising cost and, among equal costs, maximising the number of pairs.
 */
function referenceOptimum(
  a: Int32Array,
  b: Int32Array,
  opts: ResolvedNwOptions,
  names: readonly string[],
): { cost: number; pairs: number } {
  type Cell = [number, number]; // [cost, pairs]
  const INF: Cell = [Infinity, 0];
  const best = (...xs: Cell[]): Cell =>
    xs.reduce((x, y) => (y[0] < x[0] || (y[0] === x[0] && y[1] > x[1]) ? y : x));
  const add = (x: Cell, c: number, p = 0): Cell => [x[0] + c, x[1] + p];
  const n = a.length;
  const m = b.length;
  const M: Cell[][] = [];
  const D: Cell[][] = [];
  const I: Cell[][] = [];
  for (let i = 0; i <= n; i++) {
    M.push([]);
    D.push([]);
    I.push([]);
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) {
        M[i]!.push([0, 0]);
        D[i]!.push(INF);
        I[i]!.push(INF);
        continue;
      }
      M[i]!.push(
        i > 0 && j > 0
          ? add(
              best(M[i - 1]![j - 1]!, D[i - 1]![j - 1]!, I[i - 1]![j - 1]!),
              a[i - 1] === b[j - 1] ? opts.match : opts.mismatch,
              1,
            )
          : INF,
      );
      if (i > 0) {
        const ch = names[a[i - 1]!]!;
        const open = gapCost(opts, ch, true);
        const ext = gapCost(opts, ch, false);
        D[i]!.push(
          best(add(M[i - 1]![j]!, open), add(D[i - 1]![j]!, ext), add(I[i - 1]![j]!, open)),
        );
      } else D[i]!.push(INF);
      if (j > 0) {
        const ch = names[b[j - 1]!]!;
        const open = gapCost(opts, ch, true);
        const ext = gapCost(opts, ch, false);
        I[i]!.push(
          best(add(M[i]![j - 1]!, open), add(D[i]![j - 1]!, open), add(I[i]![j - 1]!, ext)),
        );
      } else I[i]!.push(INF);
    }
  }
  const [cost, pairs] = best(M[n]![m]!, D[n]![m]!, I[n]![m]!);
  return { cost, pairs };
}

/** Every index of both sides exactly once and in order; tags agree with the keys. */
function checkValid(a: Int32Array, b: Int32Array, result: readonly IndexPair[]): void {
  let nextGt = 0;
  let nextPred = 0;
  const problems: string[] = [];
  result.forEach((p, k) => {
    if (p.gt !== null && p.gt !== nextGt++) problems.push(`row ${k}: gt ${p.gt}`);
    if (p.pred !== null && p.pred !== nextPred++) problems.push(`row ${k}: pred ${p.pred}`);
    const tag =
      p.gt !== null && p.pred !== null
        ? a[p.gt] === b[p.pred]
          ? 'equal'
          : 'replace'
        : p.gt !== null
          ? 'delete'
          : p.pred !== null
            ? 'insert'
            : 'empty row';
    if (p.tag !== tag) problems.push(`row ${k}: tag ${p.tag}, expected ${tag}`);
  });
  if (nextGt !== a.length) problems.push(`gt indices used: ${nextGt} of ${a.length}`);
  if (nextPred !== b.length) problems.push(`pred indices used: ${nextPred} of ${b.length}`);
  expect(problems.slice(0, 5)).toEqual([]);
}

/** Seeded trace pair (mulberry32): pred = gt with ~5 % edits (deletes, inserts, swaps). */
function editedTraces(n: number, channels: number, seed0: number): [Int32Array, Int32Array] {
  let seed = seed0 >>> 0;
  const rnd = (): number => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const gt = Int32Array.from({ length: n }, () => Math.floor(rnd() * channels));
  const pred: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (r < 0.0167) continue;
    if (r < 0.0333) pred.push(Math.floor(rnd() * channels), gt[i]!);
    else if (r < 0.05 && i + 1 < n) {
      pred.push(gt[i + 1]!, gt[i]!);
      i++;
    } else pred.push(gt[i]!);
  }
  return [gt, Int32Array.from(pred)];
}

const seqArb = (alphabet: number, maxLength: number) =>
  fc
    .array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength })
    .map((xs) => Int32Array.from(xs));

const gapSpec = (cost: fc.Arbitrary<number>) =>
  fc.record({ gap_open: cost, gap_extend: cost }, { requiredKeys: [] });

/** Valid options drawn from `cost` (match ≤ mismatch), sometimes with per-channel gaps. */
const optionsArb = (cost: fc.Arbitrary<number>): fc.Arbitrary<NwOptions> =>
  fc
    .record({
      x: cost,
      y: cost,
      gap_open: cost,
      gap_extend: cost,
      by_channel: fc.option(
        fc.dictionary(fc.constantFrom(...NAMES), gapSpec(cost), { maxKeys: 3 }),
        {
          nil: undefined,
        },
      ),
    })
    .map(({ x, y, gap_open, gap_extend, by_channel }) => ({
      match: Math.min(x, y),
      mismatch: Math.max(x, y),
      gap_open,
      gap_extend,
      ...(by_channel ? { by_channel } : {}),
    }));

const intCost = fc.integer({ min: 0, max: 5 });
const decimalCost = fc.constantFrom(0, 0.1, 0.25, 0.3, 0.5, 0.7, 1, 1.1, 2.5);
// Not a short decimal nor a binary fraction: exercises the plain floating-point keys.
const floatCost = fc.double({ min: 0, max: 5, noNaN: true, noDefaultInfinity: true });

describe('resolveNwOptions', () => {
  it('fills the defaults', () => {
    const o = resolveNwOptions({});
    expect([o.match, o.mismatch, o.gap_open, o.gap_extend]).toEqual([0, 2, 1, 1]);
    expect(o.by_channel.size).toBe(0);
  });

  it('per-channel costs fall back to the global ones', () => {
    const o = resolveNwOptions({
      gap_open: 3,
      gap_extend: 2,
      by_channel: { 'motor:x': { gap_open: 7 } },
    });
    expect(o.by_channel.get('motor:x')).toEqual({ gap_open: 7, gap_extend: 2 });
  });

  it.each([
    [{ match: -1 }, 'aligner.match'],
    [{ mismatch: Number.NaN }, 'aligner.mismatch'],
    [{ gap_open: Number.POSITIVE_INFINITY }, 'aligner.gap_open'],
    [{ gap_extend: '1' }, 'aligner.gap_extend'],
    [{ match: 3, mismatch: 2 }, 'aligner.match'],
    [{ gap: 1 }, 'aligner.gap'],
    [{ by_channel: [] }, 'aligner.by_channel'],
    [{ by_channel: { x: 1 } }, 'aligner.by_channel.x'],
    [{ by_channel: { x: { gap_open: -0.5 } } }, 'aligner.by_channel.x.gap_open'],
    [{ by_channel: { x: { open: 1 } } }, 'aligner.by_channel.x.open'],
  ])('rejects %j with a ConfigError at %s', (options, path) => {
    let error: unknown;
    try {
      resolveNwOptions(options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).pathText).toBe(path);
    expect((error as ConfigError).message).toContain(path);
  });

  it('rejects a non-object', () => {
    expect(() => resolveNwOptions(null)).toThrow(ConfigError);
    expect(() => new NeedlemanWunschAligner({ match: -1 })).toThrow(ConfigError);
  });
});

describe('NeedlemanWunschAligner: hand cases', () => {
  const align = (gt: string, pred: string, options: NwOptions = {}) =>
    new NeedlemanWunschAligner(options)
      .align(keys(gt), keys(pred), { channelNames: NAMES })
      .map((p) => [p.gt, p.pred]);

  it('empty inputs', () => {
    expect(align('', '')).toEqual([]);
    expect(align('ab', '')).toEqual([
      [0, null],
      [1, null],
    ]);
    expect(align('', 'ab')).toEqual([
      [null, 0],
      [null, 1],
    ]);
  });

  it('a mismatch pair is preferred over delete + insert of the same cost (defaults: 2 = 1 + 1)', () => {
    const result = new NeedlemanWunschAligner().align(keys('a'), keys('b'), {
      channelNames: NAMES,
    });
    expect(result).toEqual([{ gt: 0, pred: 0, tag: 'replace' }]);
  });

  it('per-channel gap costs decide which event is left unpaired', () => {
    // ab vs ba: either leave b unpaired on both sides (pair the a's) or leave a unpaired
    // (pair the b's); both cost 2 with uniform gaps, 4 for two mismatches.
    expect(align('ab', 'ba', { by_channel: { a: { gap_open: 5 } } })).toEqual([
      [null, 0],
      [0, 1],
      [1, null],
    ]);
    expect(align('ab', 'ba', { by_channel: { b: { gap_open: 5 } } })).toEqual([
      [0, null],
      [1, 0],
      [null, 1],
    ]);
  });

  it('affine convention: one run costs gap_open + (L-1)·gap_extend', () => {
    // abba vs aa: pairing the two a's leaves "bb" as one delete run.
    const cheapExtend = { gap_open: 5, gap_extend: 0, mismatch: 10 };
    expect(align('abba', 'aa', cheapExtend)).toEqual([
      [0, 0],
      [1, null],
      [2, null],
      [3, 1],
    ]);
    // With expensive extension (1 + 10 for the run) two separate 1-event runs plus a
    // mismatch (1 + 2 + 1 = 4) win: no run of two deletes.
    const o = resolveNwOptions({ gap_open: 1, gap_extend: 10 });
    const result = new NeedlemanWunschAligner({ gap_open: 1, gap_extend: 10 }).align(
      keys('abba'),
      keys('aa'),
      {
        channelNames: NAMES,
      },
    );
    expect(alignmentCost(keys('abba'), keys('aa'), result, o, NAMES).cost).toBe(4);
    for (let k = 1; k < result.length; k++) {
      expect(result[k]!.tag === 'delete' && result[k - 1]!.tag === 'delete').toBe(false);
    }
  });

  it('per-channel gap_extend applies to the events continuing a run', () => {
    // gt = a b b b, pred = a: the run "bbb" costs open(b) + 2·extend(b).
    const o = resolveNwOptions({ by_channel: { b: { gap_open: 2, gap_extend: 0.5 } } });
    const result = nwAlignWith(keys('abbb'), keys('a'), o, NAMES);
    expect(result.map((p) => [p.gt, p.pred])).toEqual([
      [0, 0],
      [1, null],
      [2, null],
      [3, null],
    ]);
    expect(alignmentCost(keys('abbb'), keys('a'), result, o, NAMES).cost).toBe(3);
  });
});

describe('tiny positive costs (regression: an endless band loop)', () => {
  // fast-check drew gap costs like 5e-324: scaled to integers they became 0, the behavior DP sized
  // its next band from 0 / 0 and never finished (a CI run hung on this file at 100 % CPU).
  for (const tiny of [5e-324, 1e-300, 1e-13, 2 ** -40]) {
    it(`gap costs of ${tiny} beside a mismatch of 1: optimal, and it finishes`, () => {
      const o = resolveNwOptions({ match: 0, mismatch: 1, gap_open: tiny, gap_extend: tiny });
      for (const [a, b] of [
        [keys('aaaaaaaaaaaaaaaaaaaa'), keys('aaaaaaaaaaaaaaaaaaaa')],
        [keys('abcabcabcabcabcabc'), keys('abcabcabcabbcabc')],
        [keys('abcdabcdabcd'), keys('dcbadcbadcba')],
      ] as const) {
        const result = nwAlignWith(a, b, o, NAMES);
        checkValid(a, b, result);
        expect(alignmentCost(a, b, result, o, NAMES).cost).toBe(
          referenceOptimum(a, b, o, NAMES).cost,
        );
      }
    });
  }
});

describe('NeedlemanWunschAligner: properties', () => {
  const pairOfSeqs = fc
    .integer({ min: 1, max: 4 })
    .chain((k) => fc.tuple(seqArb(k, 24), seqArb(k, 24)));

  // Full-matrix base case; divide and conquer down to single rows with the tightest first
  // band (widened until proven optimal) and without band pruning; a mixed configuration.
  const tunings: [string, NwTuning][] = [
    ['full-matrix base case', {}],
    ['divide and conquer, band from 0', { baseCells: 0, initialBand: 0 }],
    ['divide and conquer, no banding', { baseCells: 0, banding: false }],
    ['divide and conquer, baseCells 12', { baseCells: 12, initialBand: 2 }],
  ];
  for (const [label, tuning] of tunings) {
    it(`integer costs: optimal cost and, among optimal, most pairs (${label})`, () => {
      fc.assert(
        fc.property(pairOfSeqs, optionsArb(intCost), ([a, b], options) => {
          const o = resolveNwOptions(options);
          const result = nwAlignWith(a, b, o, NAMES, { ...tuning, engine: 'gotoh' });
          checkValid(a, b, result);
          expect(alignmentCost(a, b, result, o, NAMES)).toEqual(referenceOptimum(a, b, o, NAMES));
        }),
        { numRuns: 400 },
      );
    });

    it(`decimal and arbitrary float costs: optimal cost (${label})`, () => {
      fc.assert(
        fc.property(pairOfSeqs, optionsArb(fc.oneof(decimalCost, floatCost)), ([a, b], options) => {
          const o = resolveNwOptions(options);
          const result = nwAlignWith(a, b, o, NAMES, { ...tuning, engine: 'gotoh' });
          checkValid(a, b, result);
          const got = alignmentCost(a, b, result, o, NAMES).cost;
          const want = referenceOptimum(a, b, o, NAMES).cost;
          expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, want));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('longer sequences: divide and conquer agrees with the reference optimum', () => {
    fc.assert(
      fc.property(
        fc.tuple(seqArb(3, 150), seqArb(3, 150)),
        optionsArb(intCost),
        ([a, b], options) => {
          const o = resolveNwOptions(options);
          for (const baseCells of [0, 500]) {
            const result = nwAlignWith(a, b, o, NAMES, {
              baseCells,
              initialBand: 0,
              engine: 'gotoh',
            });
            checkValid(a, b, result);
            expect(alignmentCost(a, b, result, o, NAMES)).toEqual(referenceOptimum(a, b, o, NAMES));
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('band pruning never changes the result (same pairs as visiting every cell)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((k) => fc.tuple(seqArb(k, 120), seqArb(k, 120))),
        optionsArb(fc.oneof(intCost, decimalCost, floatCost)),
        fc.constantFrom(0, 1, 5),
        ([a, b], options, initialBand) => {
          const o = resolveNwOptions(options);
          const banded = nwAlignWith(a, b, o, NAMES, {
            baseCells: 0,
            initialBand,
            engine: 'gotoh',
          });
          expect(banded).toEqual(
            nwAlignWith(a, b, o, NAMES, { baseCells: 0, banding: false, engine: 'gotoh' }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('identical sequences give the all-equal diagonal whenever match = 0 (even with free gaps)', () => {
    fc.assert(
      fc.property(
        seqArb(4, 80),
        optionsArb(fc.oneof(intCost, decimalCost)).map((o) => ({ ...o, match: 0 })),
        fc.constantFrom<NwTuning>({}, { baseCells: 0, initialBand: 0 }, { baseCells: 16 }),
        (a, options, tuning) => {
          const result = nwAlignWith(a, a, resolveNwOptions(options), NAMES, tuning);
          expect(result).toEqual(Array.from(a, (_, i) => ({ gt: i, pred: i, tag: 'equal' })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    const a = keys('abcabcbbacdd');
    const b = keys('bcabacbdcd');
    const al = new NeedlemanWunschAligner();
    expect(al.align(a, b, { channelNames: NAMES })).toEqual(
      al.align(a, b, { channelNames: NAMES }),
    );
  });
});

describe('NeedlemanWunschAligner: long traces in linear memory', () => {
  it('2 000-event traces with 5 % edits: band pruning gives the same pairs as the full matrix', () => {
    const [gt, b] = editedTraces(2_000, 3, 7);
    const o = resolveNwOptions({});
    const banded = nwAlignWith(gt, b, o, ['x', 'y', 'z'], { engine: 'gotoh' });
    expect(banded).toEqual(
      nwAlignWith(gt, b, o, ['x', 'y', 'z'], { banding: false, engine: 'gotoh' }),
    );
  });

  it('aligns 20 000 × 20 000 events over 3 channels', () => {
    const n = 20_000;
    const [gt, b] = editedTraces(n, 3, 42);
    const result = new NeedlemanWunschAligner().align(gt, b, { channelNames: ['x', 'y', 'z'] });
    checkValid(gt, b, result);
    // A full traceback matrix would need ≥ 4·10^8 cells; the solver keeps six rows.
    const equal = result.filter((p) => p.tag === 'equal').length;
    expect(equal).toBeGreaterThan(0.9 * n);
  });
});

/** The tie rule's alignment under `nw`'s own costs, by brute force (in micro-units: decimals tie exactly). */
function nwTieRule(
  a: Int32Array,
  b: Int32Array,
  o: ResolvedNwOptions,
  names: readonly string[],
): { cost: number; ops: string } {
  const micro = (c: number): number => Math.round(c * 1e6);
  const gap = (key: number, extending: boolean): number =>
    micro(gapCost(o, names[key]!, !extending));
  const r = tieRuleBruteForce(a.length, b.length, {
    pair: (i, j) => micro(a[i] === b[j] ? o.match : o.mismatch),
    del: (i, extending) => gap(a[i]!, extending),
    ins: (j, extending) => gap(b[j]!, extending),
  });
  return { cost: r.cost / 1e6, ops: r.ops };
}

/** Options with `match > 0` that the affine engines take: no per-channel costs, gaps > match / 2. */
const positiveMatchArb = (cost: fc.Arbitrary<number>): fc.Arbitrary<NwOptions> =>
  fc
    .record({ match: cost, more: cost, open: cost, extend: cost })
    .filter(({ match }) => match > 0)
    .map(({ match, more, open, extend }) => ({
      match,
      mismatch: match + more,
      gap_open: match / 2 + open + 0.5,
      gap_extend: match / 2 + extend + 0.5,
    }));

/**
 * `result` is a valid alignment, the brute-force tie rule's, at the optimal cost that the brute
 * force, the Gotoh solver and the textbook three-matrix reference all give.
 */
function expectTieRuleOptimum(
  a: Int32Array,
  b: Int32Array,
  o: ResolvedNwOptions,
  result: IndexPair[],
): void {
  checkValid(a, b, result);
  const want = nwTieRule(a, b, o, NAMES);
  expect(opsOf(result)).toBe(want.ops);
  const got = alignmentCost(a, b, result, o, NAMES).cost;
  const optimum = alignmentCost(a, b, gotohAlignWith(a, b, o, NAMES), o, NAMES).cost;
  for (const other of [want.cost, optimum, referenceOptimum(a, b, o, NAMES).cost])
    expect(Math.abs(got - other)).toBeLessThanOrEqual(1e-9 * Math.max(1, other));
}

describe('nw with match > 0: the one affine engine, its tie rule, the optimum in nw units', () => {
  const small = fc.integer({ min: 1, max: 3 }).chain((k) => fc.tuple(seqArb(k, 6), seqArb(k, 6)));
  const engines: [string, NwKnobs][] = [
    ['dispatcher', {}],
    ['wavefronts', { behavior: { engine: 'wfa' } }],
    ['banded DP from a band of 0', { behavior: { engine: 'dp', initialSlack: 0 } }],
    ['banded DP, checkpoint rows', { behavior: { engine: 'dp', blockRows: 2 } }],
    ['banded DP, 3 checkpoint levels', { behavior: { engine: 'dp', blockRows: [4, 2, 1] } }],
  ];
  for (const [label, knobs] of engines) {
    it(`the tie rule's alignment and the optimal cost on small inputs (${label}, fast-check)`, () => {
      fc.assert(
        fc.property(small, positiveMatchArb(fc.oneof(intCost, decimalCost)), ([a, b], options) => {
          const o = resolveNwOptions(options);
          expect(nwAffineCosts(o)).toBeDefined();
          const stats: EngineStats = { wavefronts: 0, band: 0, gotoh: 0 };
          const result = nwAlignWith(a, b, o, NAMES, { ...knobs, engines: stats });
          expect(stats.gotoh).toBe(0);
          expectTieRuleOptimum(a, b, o, result);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('longer inputs: the Gotoh optimum, and the outcome reports it in nw units (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((k) => fc.tuple(seqArb(k, 60), seqArb(k, 60))),
        positiveMatchArb(intCost),
        ([a, b], options) => {
          const aligner = new NeedlemanWunschAligner(options);
          const o = aligner.options;
          const { pairs, outcome } = aligner.alignWithOutcome(a, b, { channelNames: NAMES });
          checkValid(a, b, pairs);
          const optimum = alignmentCost(a, b, gotohAlignWith(a, b, o, NAMES), o, NAMES).cost;
          expect(alignmentCost(a, b, pairs, o, NAMES).cost).toBe(optimum);
          expect(outcome).toEqual({ optimal: true, cost: optimum });
        },
      ),
      { numRuns: 200 },
    );
  });

  const count = (options: NwOptions, a = keys('abcabcab'), b = keys('abcbcaab')): EngineStats => {
    const stats: EngineStats = { wavefronts: 0, band: 0, gotoh: 0 };
    nwAlignWith(a, b, resolveNwOptions(options), NAMES, { engines: stats });
    return stats;
  };

  it('dispatch: match > 0 runs on the wavefronts or the banded DP, never on the Gotoh solver', () => {
    // Integer costs: shifted and doubled 2·(3 − 1), 2·2 − 1, 2·1 − 1 = 4, 3, 1: the wavefronts.
    expect(count({ match: 1, mismatch: 3, gap_open: 2, gap_extend: 1 })).toEqual({
      wavefronts: 1,
      band: 0,
      gotoh: 0,
    });
    // gap_open < gap_extend: the wavefronts do not apply, the banded DP does.
    expect(count({ match: 0.5, mismatch: 2, gap_open: 1, gap_extend: 1.5 })).toEqual({
      wavefronts: 0,
      band: 1,
      gotoh: 0,
    });
  });

  it('dispatch: per-channel gap costs run on the banded DP', () => {
    expect(count({ match: 1, by_channel: { a: { gap_open: 3 } } })).toEqual({
      wavefronts: 0,
      band: 1,
      gotoh: 0,
    });
    // Per-channel costs equal to the global ones, or of channels absent from the names: uniform.
    expect(
      count({ by_channel: { a: { gap_open: 1, gap_extend: 1 }, zz: { gap_open: 9 } } }),
    ).toEqual({ wavefronts: 1, band: 0, gotoh: 0 });
  });

  it('dispatch: what only the Gotoh solver takes (a gap cost ≤ match / 2)', () => {
    expect(count({ match: 2, mismatch: 3, gap_open: 2, gap_extend: 1 }).gotoh).toBe(1);
    expect(count({ match: 2, mismatch: 3, by_channel: { b: { gap_extend: 1 } } }).gotoh).toBe(1);
    expect(
      nwAffineCosts(resolveNwOptions({ match: 2, mismatch: 3, gap_extend: 1 })),
    ).toBeUndefined();
  });

  it('the shift: every alignment costs c·(n + m)/2 less on the engine, doubled', () => {
    const o = resolveNwOptions({ match: 0.3, mismatch: 1.1, gap_open: 2.5, gap_extend: 0.7 });
    const affine = nwAffineCosts(o)!;
    expect(affine.costs.value_mismatch).toBe(0);
    expect(affine.costs.mismatch).toBeCloseTo(1.6, 12);
    expect(affine.costs.gap_open).toBeCloseTo(4.7, 12);
    expect(affine.costs.gap_extend).toBeCloseTo(1.1, 12);
    const a = keys('abca');
    const b = keys('acb');
    for (const pairs of [
      nwAlignWith(a, b, o, NAMES),
      gotohAlignWith(a, b, o, NAMES),
      [
        ...Array.from(a, (_, i): IndexPair => ({ gt: i, pred: null, tag: 'delete' })),
        ...Array.from(b, (_, j): IndexPair => ({ gt: null, pred: j, tag: 'insert' })),
      ],
    ]) {
      const engineCost = alignmentCost(a, b, pairs, { ...o, ...affine.costs, match: 0 }, NAMES);
      expect(affine.nwCost(engineCost.cost, a.length + b.length)).toBeCloseTo(
        alignmentCost(a, b, pairs, o, NAMES).cost,
        12,
      );
    }
  });

  it('ties follow the tie rule now: a repeated event is reported as the later one extra', () => {
    // gt a b, pred a a b: either pred a is the extra one; the tie rule leaves the later one unpaired.
    const o = { match: 1, mismatch: 4, gap_open: 2, gap_extend: 1 };
    const rows = new NeedlemanWunschAligner(o)
      .align(keys('ab'), keys('aab'), { channelNames: NAMES })
      .map((p) => [p.gt, p.pred]);
    expect(rows).toEqual([
      [0, 0],
      [null, 1],
      [1, 2],
    ]);
  });
});

/**
 * Options with per-channel gap costs that the banded DP takes: every gap cost > match / 2 (match
 * 0 half of the time).
 */
const byChannelArb = (cost: fc.Arbitrary<number>): fc.Arbitrary<NwOptions> =>
  fc
    .record({
      match: fc.oneof(fc.constant(0), cost),
      more: cost,
      open: cost,
      extend: cost,
      channels: fc.dictionary(
        fc.constantFrom(...NAMES),
        fc.record({ gap_open: cost, gap_extend: cost }, { requiredKeys: [] }),
        { minKeys: 1, maxKeys: 4 },
      ),
    })
    .map(({ match, more, open, extend, channels }) => {
      const above = (g: number): number => match / 2 + g + 0.5;
      return {
        match,
        mismatch: match + more,
        gap_open: above(open),
        gap_extend: above(extend),
        by_channel: Object.fromEntries(
          Object.entries(channels).map(([ch, g]) => [
            ch,
            {
              ...(g.gap_open === undefined ? {} : { gap_open: above(g.gap_open) }),
              ...(g.gap_extend === undefined ? {} : { gap_extend: above(g.gap_extend) }),
            },
          ]),
        ),
      };
    });

describe('nw with per-channel gap costs: the banded DP, its tie rule, the Gotoh optimum', () => {
  const small = fc.integer({ min: 1, max: 4 }).chain((k) => fc.tuple(seqArb(k, 6), seqArb(k, 6)));
  const knobsList: [string, NwKnobs][] = [
    ['dispatcher', {}],
    ['from a band of 0', { behavior: { initialSlack: 0 } }],
    ['checkpoint rows', { behavior: { blockRows: 2, initialSlack: 1 } }],
    ['3 checkpoint levels', { behavior: { blockRows: [3, 2, 1], initialSlack: 1 } }],
    ['no pruning', { behavior: { pruning: false, initialSlack: 0 } }],
  ];
  for (const [label, knobs] of knobsList) {
    it(`the tie rule's alignment and the optimal cost on small inputs (${label}, fast-check)`, () => {
      fc.assert(
        fc.property(small, byChannelArb(fc.oneof(intCost, decimalCost)), ([a, b], options) => {
          const o = resolveNwOptions(options);
          const stats: EngineStats = { wavefronts: 0, band: 0, gotoh: 0 };
          const result = nwAlignWith(a, b, o, NAMES, { ...knobs, engines: stats });
          expect(stats.gotoh).toBe(0);
          expectTieRuleOptimum(a, b, o, result);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('longer inputs: the Gotoh optimum in nw units, the same alignment past the band memory (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((k) => fc.tuple(seqArb(k, 60), seqArb(k, 60))),
        byChannelArb(intCost),
        fc.constantFrom<NwKnobs>({}, { behavior: { maxBandCells: 1 } }),
        ([a, b], options, knobs) => {
          const aligner = new NeedlemanWunschAligner(options);
          const o = aligner.options;
          const stats: EngineStats = { wavefronts: 0, band: 0, gotoh: 0 };
          const { pairs, outcome } = withAlignerTuning(tuningOf({ ...knobs, engines: stats }), () =>
            aligner.alignWithOutcome(a, b, { channelNames: NAMES }),
          );
          checkValid(a, b, pairs);
          // maxBandCells 1: no band's rows fit; it runs on checkpoint levels, never on the Gotoh
          // solver, and gives the alignment it gives with the memory to spare.
          expect(stats.gotoh).toBe(0);
          expect(stats.wavefronts + stats.band).toBe(1);
          if (knobs.behavior?.maxBandCells !== undefined)
            expect(pairs).toEqual(aligner.align(a, b, { channelNames: NAMES }));
          const optimum = alignmentCost(a, b, gotohAlignWith(a, b, o, NAMES), o, NAMES).cost;
          expect(alignmentCost(a, b, pairs, o, NAMES).cost).toBe(optimum);
          expect(outcome).toEqual({ optimal: true, cost: optimum });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('nwAlignValueAware (the value-aware Gotoh solver, an independent optimum for the tests)', () => {
  /** Textbook 3-state Gotoh with the value-aware substitution cost; returns the optimal cost. */
  function valueAwareOptimum(
    a: Int32Array,
    b: Int32Array,
    c: ValueAwareCosts,
    vm: (i: number, j: number) => boolean,
  ): number {
    const n = a.length;
    const m = b.length;
    const M = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
    const D = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
    const I = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
    M[0]![0] = 0;
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= m; j++) {
        if (i > 0 && j > 0) {
          const sub = a[i - 1] !== b[j - 1] ? c.mismatch : vm(i - 1, j - 1) ? 0 : c.value_mismatch;
          M[i]![j] = Math.min(M[i - 1]![j - 1]!, D[i - 1]![j - 1]!, I[i - 1]![j - 1]!) + sub;
        }
        if (i > 0)
          D[i]![j] = Math.min(
            M[i - 1]![j]! + c.gap_open,
            I[i - 1]![j]! + c.gap_open,
            D[i - 1]![j]! + c.gap_extend,
          );
        if (j > 0)
          I[i]![j] = Math.min(
            M[i]![j - 1]! + c.gap_open,
            D[i]![j - 1]! + c.gap_open,
            I[i]![j - 1]! + c.gap_extend,
          );
      }
    }
    return Math.min(M[n]![m]!, D[n]![m]!, I[n]![m]!);
  }

  function costOf(
    a: Int32Array,
    b: Int32Array,
    pairs: readonly IndexPair[],
    c: ValueAwareCosts,
    vm: (i: number, j: number) => boolean,
  ): number {
    let cost = 0;
    let prev = 'M';
    for (const p of pairs) {
      if (p.gt !== null && p.pred !== null) {
        cost += a[p.gt] !== b[p.pred] ? c.mismatch : vm(p.gt, p.pred) ? 0 : c.value_mismatch;
        prev = 'M';
      } else if (p.gt !== null) {
        cost += prev === 'D' ? c.gap_extend : c.gap_open;
        prev = 'D';
      } else {
        cost += prev === 'I' ? c.gap_extend : c.gap_open;
        prev = 'I';
      }
    }
    return cost;
  }

  const COSTS: ValueAwareCosts[] = [
    { value_mismatch: 1, mismatch: 3, gap_open: 2, gap_extend: 1 },
    { value_mismatch: 2, mismatch: 2, gap_open: 1, gap_extend: 1 },
    { value_mismatch: 0.5, mismatch: 4, gap_open: 3, gap_extend: 0.25 },
  ];
  const TUNINGS: NwTuning[] = [
    {},
    { baseCells: 0 },
    { baseCells: 0, initialBand: 0 },
    { baseCells: 0, banding: false },
  ];

  it('reaches the optimal value-aware cost in the base case, the divide steps and the banded passes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 24 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 24 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(...COSTS),
        fc.constantFrom(...TUNINGS),
        (xs, ys, seed, c, tuning) => {
          const a = Int32Array.from(xs);
          const b = Int32Array.from(ys);
          // A fixed pseudo-random verdict per cell.
          const vm = (i: number, j: number): boolean =>
            ((i * 7919 + j * 104729 + seed) >>> 0) % 3 !== 0;
          const out = nwAlignValueAwareWith(a, b, c, vm, tuning);
          expect(out.flatMap((p) => (p.gt === null ? [] : [p.gt]))).toEqual([...a.keys()]);
          expect(out.flatMap((p) => (p.pred === null ? [] : [p.pred]))).toEqual([...b.keys()]);
          expect(costOf(a, b, out, c, vm)).toBeCloseTo(valueAwareOptimum(a, b, c, vm), 9);
        },
      ),
      { numRuns: 1500, seed: 42 },
    );
  });

  it('without valuesMatch equals nwAlign with match 0 and the same costs', () => {
    const a = Int32Array.from([0, 1, 2, 0, 1, 2, 1]);
    const b = Int32Array.from([0, 2, 2, 0, 1, 1]);
    const c = COSTS[0]!;
    expect(nwAlignValueAwareWith(a, b, c)).toEqual(
      nwAlignWith(
        a,
        b,
        resolveNwOptions({
          match: 0,
          mismatch: c.mismatch,
          gap_open: c.gap_open,
          gap_extend: c.gap_extend,
        }),
        NAMES,
      ),
    );
  });
});
