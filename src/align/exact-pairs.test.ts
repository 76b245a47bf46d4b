import { describe, expect, it } from 'vitest';
import { mostExactPairs } from '../../test/oracles/exact-pairs.js';
import { rng } from '../../test/support/rng.js';
import { BEHAVIOR_DEFAULTS, type ResolvedBehaviorOptions } from './affine/costs.js';
import { costOf, expectValid, randomCosts, randomPair } from './alignment.test-helpers.js';
import { BehaviorAligner } from './behavior-aligner.js';
import { preferExactPairs, STALE_CROSSINGS } from './exact-pairs.js';
import type { AlignContext, IndexPair } from './types.js';

/**
 * A pair of traces as keys and integer values: a same-key pair matches when the values are at
 * most `tol` apart (a tolerance), and is exact when they are equal.
 */
interface Valued {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly va: Int32Array;
  readonly vb: Int32Array;
  readonly tol: number;
  /** Event times (from each trace's first event), for `AlignContext.timeApart`; none: no times. */
  readonly ta?: Float64Array;
  readonly tb?: Float64Array;
}

function questions(c: Valued) {
  return {
    valuesMatch: (i: number, j: number) => Math.abs(c.va[i]! - c.vb[j]!) <= c.tol,
    valuesIdentical: (i: number, j: number) => c.va[i] === c.vb[j],
  };
}

function timeApartOf(c: Valued): ((i: number, j: number) => number) | undefined {
  const { ta, tb } = c;
  return ta && tb ? (i, j) => Math.abs(ta[i]! - tb[j]!) : undefined;
}

function context(c: Valued, withIdentical = true): AlignContext {
  const q = questions(c);
  const timeApart = timeApartOf(c);
  return {
    channelNames: [],
    valuesMatch: q.valuesMatch,
    ...(withIdentical ? { valuesIdentical: q.valuesIdentical } : {}),
    ...(withIdentical && timeApart ? { timeApart } : {}),
  };
}

/** Per row kind: pairs that match, pairs that do not, gt-only and pred-only rows. */
function tally(c: Valued, pairs: readonly IndexPair[]) {
  const q = questions(c);
  let exact = 0;
  let matched = 0;
  let unmatched = 0;
  let gtOnly = 0;
  let predOnly = 0;
  for (const p of pairs) {
    if (p.gt === null) predOnly++;
    else if (p.pred === null) gtOnly++;
    else if (c.a[p.gt] === c.b[p.pred] && q.valuesMatch(p.gt, p.pred)) {
      matched++;
      if (q.valuesIdentical(p.gt, p.pred)) exact++;
    } else unmatched++;
  }
  return { exact, matched, unmatched, gtOnly, predOnly };
}

/** Rows as `g:p` (`-` for a gap) for compact expectations. */
function rowsText(pairs: readonly IndexPair[]): string {
  return pairs.map((p) => `${p.gt ?? '-'}:${p.pred ?? '-'}`).join(' ');
}

/** A step scan: per point a move (key 0, value 8000 + p) and, when `reads`, a read (key 1). */
function scan(points: number, reads: boolean): { keys: number[]; values: number[] } {
  const keys: number[] = [];
  const values: number[] = [];
  for (let p = 0; p < points; p++) {
    keys.push(0);
    values.push(8000 + p);
    if (reads) {
      keys.push(1);
      values.push(100_000 + ((p * 37) % 101) * 1000); // reads far apart: never within tolerance
    }
  }
  return { keys, values };
}

/** The scan and an edited copy, energies within tolerance of their neighbours (tol 8 ≈ rel 1e-3). */
function scanPair(
  points: number,
  reads: boolean,
  edit: (k: number[], v: number[]) => void,
): Valued {
  const gt = scan(points, reads);
  const pk = gt.keys.slice();
  const pv = gt.values.slice();
  edit(pk, pv);
  return {
    a: Int32Array.from(gt.keys),
    b: Int32Array.from(pk),
    va: Int32Array.from(gt.values),
    vb: Int32Array.from(pv),
    tol: 8,
  };
}

/** Every single edit of the kinds the issue names, at every position. */
function singleEdits(length: number): Array<[string, (k: number[], v: number[]) => void]> {
  const out: Array<[string, (k: number[], v: number[]) => void]> = [];
  const swapAt = (k: number[], v: number[], i: number, j: number) => {
    [k[i], k[j]] = [k[j]!, k[i]!];
    [v[i], v[j]] = [v[j]!, v[i]!];
  };
  for (let i = 0; i + 1 < length; i++) out.push([`swap #${i}`, (k, v) => swapAt(k, v, i, i + 1)]);
  for (let i = 0; i < length; i++)
    out.push([
      `drop #${i}`,
      (k, v) => {
        k.splice(i, 1);
        v.splice(i, 1);
      },
    ]);
  for (let i = 0; i < length; i++)
    out.push([
      `repeat #${i}`,
      (k, v) => {
        k.splice(i + 1, 0, k[i]!);
        v.splice(i + 1, 0, v[i]!);
      },
    ]);
  for (let i = 0; i + 2 < length; i++)
    out.push([
      `move #${i} two on`,
      (k, v) => {
        swapAt(k, v, i, i + 1);
        swapAt(k, v, i + 1, i + 2);
      },
    ]);
  return out;
}

describe('preferExactPairs: exact pairs among alignments of the same cost', () => {
  it('a read logged before its move: the move is missing and extra, every other row exact', () => {
    // Point 12's read (gt 25) before its move (gt 24).
    const c = scanPair(30, true, (k, v) => {
      [k[24], k[25]] = [k[25]!, k[24]!];
      [v[24], v[25]] = [v[25]!, v[24]!];
    });
    const aligner = new BehaviorAligner();
    const before = aligner.align(c.a, c.b, context(c, false));
    const after = aligner.align(c.a, c.b, context(c));
    // The engines' tie rule pairs the next move with this one's value (26 with 25: 8013 ≈ 8012).
    expect(rowsText(before.slice(23, 28))).toBe('23:23 24:- 25:24 26:25 -:26');
    expect(rowsText(after.slice(23, 28))).toBe('23:23 24:- 25:24 -:25 26:26');
    expect(tally(c, before)).toEqual({
      exact: 58,
      matched: 59,
      unmatched: 0,
      gtOnly: 1,
      predOnly: 1,
    });
    expect(tally(c, after)).toEqual({
      exact: 59,
      matched: 59,
      unmatched: 0,
      gtOnly: 1,
      predOnly: 1,
    });
  });

  it('a dropped move in a scan of moves alone: the drop where it was, not 29 rows later', () => {
    const c = scanPair(30, false, (k, v) => {
      k.splice(10, 1);
      v.splice(10, 1);
    });
    const aligner = new BehaviorAligner();
    const before = aligner.align(c.a, c.b, context(c, false));
    const after = aligner.align(c.a, c.b, context(c));
    expect(before.at(-1)).toEqual({ gt: 29, pred: null, tag: 'delete' });
    expect(tally(c, before).exact).toBe(10);
    expect(after[10]).toEqual({ gt: 10, pred: null, tag: 'delete' });
    expect(tally(c, after)).toEqual({
      exact: 29,
      matched: 29,
      unmatched: 0,
      gtOnly: 1,
      predOnly: 0,
    });
  });

  it.each([
    ['move and read', true],
    ['moves alone', false],
  ] as const)(
    'every single edit of a 30-point scan (%s): as many exact pairs as any alignment of minimal cost has',
    (_, reads) => {
      const length = scan(30, reads).keys.length;
      const aligner = new BehaviorAligner();
      for (const [label, edit] of singleEdits(length)) {
        const c = scanPair(30, reads, edit);
        const r = aligner.alignWithOutcome(c.a, c.b, context(c));
        const q = questions(c);
        const best = mostExactPairs(c.a, c.b, BEHAVIOR_DEFAULTS, q.valuesMatch, q.valuesIdentical);
        expect(r.outcome.cost, label).toBe(best.cost);
        expect(costOf(c.a, c.b, r.pairs, BEHAVIOR_DEFAULTS, q.valuesMatch), label).toBe(best.cost);
        expect(tally(c, r.pairs).exact, label).toBe(best.exact);
      }
    },
  );

  it('never changes a row’s cost: same cost, pairs, matches and unpaired events, never fewer exact pairs (2000 seeded pairs)', () => {
    const r = rng(20261203);
    let gained = 0;
    for (let t = 0; t < 2000; t++) {
      const p = randomPair(r);
      const o: ResolvedBehaviorOptions = randomCosts(r);
      // Value ids 0–3 with a tolerance of 1: neighbouring ids match, equal ids are exact.
      const c: Valued = { a: p.a, b: p.b, va: p.va, vb: p.vb, tol: 1 };
      const ctx = `case ${t} (${p.label}, ${p.a.length}×${p.b.length}, ${JSON.stringify(o)})`;
      const aligner = new BehaviorAligner(o);
      const before = aligner.alignWithOutcome(c.a, c.b, context(c, false));
      const after = aligner.alignWithOutcome(c.a, c.b, context(c));
      expectValid(after.pairs, c.a.length, c.b.length);
      const q = questions(c);
      const cost = costOf(c.a, c.b, after.pairs, o, q.valuesMatch);
      expect(cost, ctx).toBe(costOf(c.a, c.b, before.pairs, o, q.valuesMatch));
      expect(after.outcome, ctx).toEqual(before.outcome);
      const tb = tally(c, before.pairs);
      const ta = tally(c, after.pairs);
      expect({ ...ta, exact: 0 }, ctx).toEqual({ ...tb, exact: 0 });
      expect(ta.exact, ctx).toBeGreaterThanOrEqual(tb.exact);
      if (ta.exact > tb.exact) gained++;
      if (c.a.length * c.b.length <= 4000 && before.outcome.optimal) {
        const best = mostExactPairs(c.a, c.b, o, q.valuesMatch, q.valuesIdentical);
        expect(cost, ctx).toBe(best.cost);
        expect(ta.exact, ctx).toBeLessThanOrEqual(best.exact);
      }
    }
    // The seeded pairs exercise the pass (one that never moved anything would pass the above):
    // 56 of these 2000 gain exact pairs.
    expect(gained).toBeGreaterThan(20);
  });

  it('never slides a run onto an unpaired event of its side (the runs would merge: a cheaper alignment)', () => {
    // gt 0 1 2 against pred 0: rows "0:- 1:0 2:-" (not optimal: a merged run is cheaper). Sliding
    // the last run left would pair gt 2 exactly but join gt 0 and gt 1 into one run.
    const c: Valued = {
      a: Int32Array.of(0, 0, 0),
      b: Int32Array.of(0),
      va: Int32Array.of(5, 4, 5),
      vb: Int32Array.of(5),
      tol: 1,
    };
    const pairs: IndexPair[] = [
      { gt: 0, pred: null, tag: 'delete' },
      { gt: 1, pred: 0, tag: 'equal' },
      { gt: 2, pred: null, tag: 'delete' },
    ];
    const o = BEHAVIOR_DEFAULTS;
    const q = questions(c);
    const cost = costOf(c.a, c.b, pairs, o, q.valuesMatch);
    preferExactPairs(pairs, c.a, c.b, q);
    expect(costOf(c.a, c.b, pairs, o, q.valuesMatch)).toBe(cost);
    expect(rowsText(pairs)).toBe('0:- 1:0 2:-');
    // With the first run on the other side, nothing merges: the slide is taken.
    const other: Valued = {
      ...c,
      a: Int32Array.of(0, 0),
      b: Int32Array.of(0, 0),
      va: Int32Array.of(4, 5),
      vb: Int32Array.of(9, 5),
    };
    const rows: IndexPair[] = [
      { gt: null, pred: 0, tag: 'insert' },
      { gt: 0, pred: 1, tag: 'equal' },
      { gt: 1, pred: null, tag: 'delete' },
    ];
    preferExactPairs(rows, other.a, other.b, questions(other));
    expect(rowsText(rows)).toBe('-:0 0:- 1:1');
  });

  it('stops looking after STALE_CROSSINGS crossings that gain nothing (a long constant stretch)', () => {
    const n = 5 * STALE_CROSSINGS;
    const c: Valued = {
      a: new Int32Array(n),
      b: new Int32Array(n - 1),
      va: new Int32Array(n).fill(7),
      vb: new Int32Array(n - 1).fill(7),
      tol: 1,
    };
    const q = questions(c);
    let asked = 0;
    const counting = {
      valuesMatch: (i: number, j: number) => (asked++, q.valuesMatch(i, j)),
      valuesIdentical: q.valuesIdentical,
    };
    const pairs: IndexPair[] = Array.from({ length: n - 1 }, (_, k) => ({
      gt: k,
      pred: k,
      tag: 'equal' as const,
    }));
    pairs.push({ gt: n - 1, pred: null, tag: 'delete' });
    preferExactPairs(pairs, c.a, c.b, counting);
    expect(pairs.at(-1)).toEqual({ gt: n - 1, pred: null, tag: 'delete' });
    // Two questions per crossing, STALE_CROSSINGS + 1 crossings: not the 5 × that of the stretch.
    expect(asked).toBe(2 * (STALE_CROSSINGS + 1));
  });

  it('without valuesIdentical (a direct caller) the engines’ alignment is returned as it is', () => {
    const c = scanPair(30, false, (k, v) => {
      k.splice(10, 1);
      v.splice(10, 1);
    });
    const aligner = new BehaviorAligner();
    expect(aligner.align(c.a, c.b, context(c, false)).at(-1)).toEqual({
      gt: 29,
      pred: null,
      tag: 'delete',
    });
    expect(aligner.align(c.a, c.b, { channelNames: [] }).at(-1)).toEqual({
      gt: 29,
      pred: null,
      tag: 'delete',
    });
  });
});

/**
 * A robot's 40-step run, three topics a step: /cmd_vel (key 0, a new value each step), /status
 * (key 1, "ok" every step) and /joint_states (key 2, a new value each step), 100 ms apart, the
 * status 5 ms into the step. `lateStatus`: the status publishes 15 ms late, after the joint state.
 */
function robotRun(lateStatus: boolean) {
  const keys: number[] = [];
  const values: number[] = [];
  const times: number[] = [];
  for (let k = 0; k < 40; k++) {
    const t = k * 0.1;
    const step: [number, number, number][] = [
      [0, k, t],
      [1, -1, t + 0.005 + (lateStatus ? 0.015 : 0)],
      [2, 1000 + k, t + 0.01],
    ];
    step.sort((x, y) => x[2] - y[2]);
    for (const [key, v, at] of step) {
      keys.push(key);
      values.push(v);
      times.push(at);
    }
  }
  return { keys, values, times };
}

/** Keys 0–3 and values 0–2 (tolerance 1), the prediction the golden with neighbours swapped. */
function swappedPair(r: () => number) {
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const n = int(2, 80);
  const gt = Array.from({ length: n }, () => [int(0, 3), int(0, 2)] as const);
  const pred = gt.slice();
  for (let i = 0; i + 1 < n; i++) {
    if (r() < 0.2) {
      [pred[i], pred[i + 1]] = [pred[i + 1]!, pred[i]!];
      i++;
    }
  }
  return {
    a: Int32Array.from(gt, (e) => e[0]),
    va: Int32Array.from(gt, (e) => e[1]),
    b: Int32Array.from(pred, (e) => e[0]),
    vb: Int32Array.from(pred, (e) => e[1]),
    label: 'swapped neighbours',
  };
}

describe('a moved event: the events on time stay paired (timeApart)', () => {
  const gt = robotRun(false);
  const pred = robotRun(true);
  const c: Valued = {
    a: Int32Array.from(gt.keys),
    b: Int32Array.from(pred.keys),
    va: Int32Array.from(gt.values),
    vb: Int32Array.from(pred.values),
    tol: 0,
    ta: Float64Array.from(gt.times),
    tb: Float64Array.from(pred.times),
  };

  it('a status topic 15 ms late: each status is the moved event, commands and joints pair', () => {
    const aligner = new BehaviorAligner();
    const untimed: Valued = { a: c.a, b: c.b, va: c.va, vb: c.vb, tol: c.tol };
    const before = aligner.alignWithOutcome(c.a, c.b, context(untimed));
    const after = aligner.alignWithOutcome(c.a, c.b, context(c));
    // The engines' reading (missing before extra at the first row where readings differ): each
    // status pairs with the next step's, and every command but the first is missing and extra.
    expect(rowsText(before.pairs.slice(0, 8))).toBe('0:0 1:- 2:1 3:- 4:2 -:3 5:4 6:-');
    // Each step now reads: command paired, status missing, joint state paired, status extra.
    expect(rowsText(after.pairs.slice(0, 8))).toBe('0:0 1:- 2:1 -:2 3:3 4:- 5:4 -:5');
    for (const p of after.pairs) {
      if (p.gt !== null && p.pred !== null) expect(c.a[p.gt]).not.toBe(1);
      else expect(c.a[p.gt ?? -1] ?? c.b[p.pred!]).toBe(1);
    }
    // The same cost, and the same counts of every kind of row.
    const q = questions(c);
    expect(after.outcome).toEqual(before.outcome);
    expect(costOf(c.a, c.b, after.pairs, BEHAVIOR_DEFAULTS, q.valuesMatch)).toBe(
      before.outcome.cost,
    );
    expect(tally(c, after.pairs)).toEqual(tally(c, before.pairs));
  });

  it('never changes a row’s cost, never loses an exact pair, brings pairs closer (2000 seeded pairs)', () => {
    const r = rng(20261204);
    let moved = 0;
    for (let t = 0; t < 2000; t++) {
      // Half the pairs: a small alphabet with repeated values and neighbours swapped (the moves
      // this pass re-reads; the general pairs have few of them).
      const p = t % 2 === 0 ? randomPair(r) : swappedPair(r);
      const o: ResolvedBehaviorOptions = randomCosts(r);
      // Times: each event's index plus up to 3 of jitter, so a neighbour can be the closer one.
      const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i + 3 * r());
      const plain: Valued = { a: p.a, b: p.b, va: p.va, vb: p.vb, tol: 1 };
      const timed: Valued = { ...plain, ta: times(p.a.length), tb: times(p.b.length) };
      const ctx = `case ${t} (${p.label}, ${p.a.length}×${p.b.length}, ${JSON.stringify(o)})`;
      const aligner = new BehaviorAligner(o);
      const before = aligner.alignWithOutcome(p.a, p.b, context(plain));
      const after = aligner.alignWithOutcome(p.a, p.b, context(timed));
      expectValid(after.pairs, p.a.length, p.b.length);
      const q = questions(plain);
      const cost = costOf(p.a, p.b, after.pairs, o, q.valuesMatch);
      expect(cost, ctx).toBe(costOf(p.a, p.b, before.pairs, o, q.valuesMatch));
      expect(after.outcome, ctx).toEqual(before.outcome);
      const tb = tally(plain, before.pairs);
      const ta = tally(plain, after.pairs);
      expect({ ...ta, exact: 0 }, ctx).toEqual({ ...tb, exact: 0 });
      expect(ta.exact, ctx).toBeGreaterThanOrEqual(tb.exact);
      const apart = timeApartOf(timed)!;
      const spread = (pairs: readonly IndexPair[]) =>
        pairs.reduce(
          (sum, x) => sum + (x.gt !== null && x.pred !== null ? apart(x.gt, x.pred) : 0),
          0,
        );
      if (ta.exact === tb.exact)
        expect(spread(after.pairs), ctx).toBeLessThanOrEqual(spread(before.pairs) + 1e-9);
      if (rowsText(after.pairs) !== rowsText(before.pairs)) moved++;
      if (p.a.length * p.b.length <= 4000 && before.outcome.optimal) {
        const best = mostExactPairs(p.a, p.b, o, q.valuesMatch, q.valuesIdentical);
        expect(ta.exact, ctx).toBeLessThanOrEqual(best.exact);
      }
    }
    // The seeded pairs exercise the pass (one that never moved anything would pass the above):
    // 157 of these 2000 read a move differently.
    expect(moved).toBeGreaterThan(100);
  });
});
