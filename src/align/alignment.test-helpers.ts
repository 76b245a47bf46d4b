/**
 * Test helpers for the value-aware aligners (`behavior`, and `wfa` behind it; not part of the
 * package): the cost of an alignment under the documented model, the validity check, and the
 * seeded pairs and costs of the differential tests.
 */
import { expect } from 'vitest';
import type { ResolvedBehaviorOptions } from './affine/costs.js';
import type { IndexPair } from './types.js';
import type { WfaCosts } from './wfa.js';
import { rng } from '../../test/support/rng.js';

/**
 * Cost of an alignment under the documented model (start state = pair). `vm(i, j)` says whether
 * the values of a same-channel pair match; absent, equal keys match.
 */
export function costOf(
  a: Int32Array,
  b: Int32Array,
  pairs: readonly IndexPair[],
  o: ResolvedBehaviorOptions,
  vm?: (i: number, j: number) => boolean,
): number {
  let cost = 0;
  let prev: 'M' | 'D' | 'I' = 'M';
  for (const p of pairs) {
    if (p.gt !== null && p.pred !== null) {
      cost +=
        a[p.gt] !== b[p.pred]
          ? o.mismatch
          : vm === undefined || vm(p.gt, p.pred)
            ? 0
            : o.value_mismatch;
      prev = 'M';
    } else if (p.gt !== null) {
      cost += prev === 'D' ? o.gap_extend : o.gap_open;
      prev = 'D';
    } else {
      cost += prev === 'I' ? o.gap_extend : o.gap_open;
      prev = 'I';
    }
  }
  return cost;
}

/** Every alignment is a valid one: each index once, increasing on both sides. */
export function expectValid(pairs: readonly IndexPair[], n: number, m: number): void {
  const gts = pairs.flatMap((p) => (p.gt === null ? [] : [p.gt]));
  const preds = pairs.flatMap((p) => (p.pred === null ? [] : [p.pred]));
  expect(gts).toEqual(Array.from({ length: n }, (_, i) => i));
  expect(preds).toEqual(Array.from({ length: m }, (_, i) => i));
}

export interface Case {
  readonly label: string;
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** Value ids: a same-key pair matches when the ids are equal. */
  readonly va: Int32Array;
  readonly vb: Int32Array;
}

/**
 * A seeded pair of traces of one of the shapes the issue lists: random, an edited copy (edit rate
 * 0–100 %), periodic, one side empty, all-mismatch (disjoint alphabets); alphabets 1–40, lengths
 * 0–500 (most short, so that thousands of pairs stay fast).
 */
export function randomPair(r: () => number): Case {
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const len = (): number => (r() < 0.85 ? int(0, 60) : int(0, 500));
  const alphabet = int(1, 40);
  const values = int(1, 4);
  const event = (): [number, number] => [int(0, alphabet - 1), int(0, values - 1)];
  const make = (evs: [number, number][]): [Int32Array, Int32Array] => [
    Int32Array.from(evs, (e) => e[0]),
    Int32Array.from(evs, (e) => e[1]),
  ];
  const kind = int(0, 4);
  let gt: [number, number][];
  let pred: [number, number][];
  let label: string;
  if (kind === 0) {
    label = 'random';
    gt = Array.from({ length: len() }, event);
    pred = Array.from({ length: len() }, event);
  } else if (kind === 1 || kind === 2) {
    const period = kind === 2 ? int(1, 6) : 0;
    const base = Array.from({ length: period || 1 }, event);
    gt = Array.from({ length: len() }, (_, i) => (period ? base[i % period]! : event()));
    const rate = r();
    label = `${period ? `periodic(${period})` : 'edited'} rate ${rate.toFixed(2)}`;
    pred = [];
    for (const e of gt) {
      if (r() >= rate) pred.push(e);
      else {
        const op = int(0, 3);
        if (op === 1) pred.push(e, event());
        else if (op === 2) pred.push([e[0], (e[1] + 1) % values]);
        else if (op === 3) pred.push(event());
      }
    }
  } else if (kind === 3) {
    label = 'one side empty';
    gt = Array.from({ length: len() }, event);
    pred = [];
    if (r() < 0.5) [gt, pred] = [pred, gt];
  } else {
    label = 'all mismatch';
    gt = Array.from({ length: len() }, () => [int(0, alphabet - 1), 0]);
    pred = Array.from({ length: len() }, () => [alphabet + int(0, alphabet - 1), 0]);
  }
  const [a, va] = make(gt);
  const [b, vb] = make(pred);
  return { label, a, b, va, vb };
}

/** Random integer costs the wavefront aligner takes (mismatch > 0, gap_open ≥ gap_extend > 0). */
export function randomCosts(r: () => number): ResolvedBehaviorOptions {
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const mismatch = int(1, 6);
  const gap_extend = int(1, 4);
  return {
    mismatch,
    value_mismatch: int(0, mismatch),
    gap_extend,
    gap_open: gap_extend + int(0, 5),
  };
}

/** A bench-like pair: 20 keys, unique values, ~5 % deletes / inserts / value changes / swaps. */
export function editedPair(
  n: number,
  seed: number,
): { a: Int32Array; b: Int32Array; vm: (i: number, j: number) => boolean } {
  const r = rng(seed);
  const a: number[] = [];
  const va: number[] = [];
  for (let i = 0; i < n; i++) {
    a.push(Math.floor(r() * 20));
    va.push(i);
  }
  const b: number[] = [];
  const vb: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = r();
    if (u < 0.0125) continue; // delete
    if (u < 0.025) {
      b.push(a[i]!, Math.floor(r() * 20));
      vb.push(va[i]!, -1 - i); // insert after
    } else if (u < 0.0375) {
      b.push(a[i]!);
      vb.push(-1 - i); // changed value
    } else if (u < 0.05 && i + 1 < n) {
      b.push(a[i + 1]!, a[i]!);
      vb.push(va[i + 1]!, va[i]!); // swapped neighbours
      i++;
    } else {
      b.push(a[i]!);
      vb.push(va[i]!);
    }
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b), vm: (i, j) => va[i] === vb[j] };
}

/**
 * Case `t` of a seeded differential test: a `randomPair` with `randomCosts`, its value test (equal
 * value ids match) and a label for failure messages.
 */
export function seededCase(
  r: () => number,
  t: number,
): Case & {
  readonly o: ResolvedBehaviorOptions;
  readonly vm: (i: number, j: number) => boolean;
  readonly ctx: string;
} {
  const c = randomPair(r);
  const o = randomCosts(r);
  const { va, vb } = c;
  const vm = (i: number, j: number): boolean => va[i] === vb[j];
  return {
    ...c,
    o,
    vm,
    ctx: `case ${t} (${c.label}, ${c.a.length}×${c.b.length}, costs ${JSON.stringify(o)})`,
  };
}

/**
 * The two default cost models in wavefront units, with whether their pairs ask the value test:
 * `behavior` (mismatch 3, value_mismatch 1, gap_open 2, gap_extend 1) and `nw` (2, —, 1, 1).
 */
export const DEFAULT_WFA_MODELS: readonly (readonly [
  label: 'behavior' | 'nw',
  costs: WfaCosts,
  values: boolean,
])[] = [
  ['behavior', { mismatch: 3, valueMismatch: 1, gapOpen: 2, gapExtend: 1 }, true],
  ['nw', { mismatch: 2, valueMismatch: 0, gapOpen: 1, gapExtend: 1 }, false],
];
