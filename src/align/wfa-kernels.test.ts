/**
 * The wavefront step's specialised kernels against the general one, on random waves: the middle
 * loops of `Wavefronts.step` (affine gaps) and `stepLinear` (gapOpen = gapExtend, H only), written
 * without range tests for speed, must give exactly the cells `edgeCells` (which tests every source
 * for every diagonal) gives over the whole range, followed by `extendByValue`.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../test/support/rng.js';
import { edgeCells, extendByValue } from './wfa-kernels.js';
import { Wavefronts } from './wfa-wavefronts.js';
import { EMPTY, NONE, trivialBound, Wave, type WfaCosts } from './wfa-waves.js';

/** The private parts of a pass the test drives: its kept waves and one step. */
interface Stepper {
  readonly waves: (Wave | undefined)[];
  step(s: number): Wave;
  matches(i: number, j: number): boolean;
}

/**
 * A random wave on diagonals around `k` within `-n … m` (or none, now and then): rows in −2 … n + 1
 * or NONE.
 */
function randomWave(r: () => number, n: number, m: number, k: number, linear: boolean): Wave {
  if (r() < 0.1) return EMPTY;
  const lo = Math.max(-n, k - Math.floor(r() * 8));
  const hi = Math.min(m, k + Math.floor(r() * 8));
  const width = hi - lo + 1;
  const cell = () => (r() < 0.2 ? NONE : Math.floor(r() * (n + 4)) - 2);
  const buf = Int32Array.from({ length: (linear ? 1 : 3) * width }, cell);
  return linear ? new Wave(lo, hi, buf, 0, 0, 0) : new Wave(lo, hi, buf, 0, width, 2 * width);
}

/** The general computation of score `s`'s wave from `waves` (what `step` must equal). */
function general(
  wf: Stepper,
  A: Int32Array,
  B: Int32Array,
  costs: WfaCosts,
  vm: boolean,
  s: number,
): { lo: number; hi: number; h: number[]; d: number[]; i: number[]; middle: boolean } | undefined {
  const n = A.length;
  const m = B.length;
  const { mismatch: x, valueMismatch: xv, gapOpen: open, gapExtend: ext } = costs;
  const wave = (t: number): Wave => (t < 0 ? EMPTY : wf.waves[t]!);
  const linear = open === ext;
  const prev = wave(s - 1);
  const wx = wave(s - x);
  const wv = xv > 0 ? wave(s - xv) : EMPTY;
  const wo = wave(s - open);
  const we = wave(s - ext);
  const reach = Math.floor((trivialBound(n, m, costs) - s) / ext);
  const lo = Math.max(Math.min(prev.lo, wx.lo, wv.lo, wo.lo - 1, we.lo - 1), -n, m - n - reach);
  const hi = Math.min(Math.max(prev.hi, wx.hi, wv.hi, wo.hi + 1, we.hi + 1), m, m - n + reach);
  if (lo > hi) return undefined;
  const width = hi - lo + 1;
  const out = new Int32Array(3 * width);
  const todo = new Int32Array(width);
  const withV = xv > 0 && wv.hi >= wv.lo;
  // Where `step` runs its middle loop instead (every source present).
  const middle =
    Math.max(lo, prev.lo, wo.lo + 1, we.lo + 1, wx.lo, withV ? wv.lo : lo) <=
    Math.min(hi, prev.hi, wo.hi - 1, we.hi - 1, wx.hi, withV ? wv.hi : hi);
  const nt = edgeCells(
    A,
    B,
    n,
    m,
    vm,
    lo,
    hi,
    1,
    0, // no middle range: every diagonal the general way
    out,
    0,
    width,
    prev,
    wo,
    we,
    wx,
    wv,
    withV,
    todo,
    0,
    linear,
  );
  if (nt > 0) extendByValue(wf, A, B, n, m, lo, out, 0, todo, nt);
  const h = [...out.subarray(0, width)];
  return linear
    ? { lo, hi, h, d: h, i: h, middle }
    : {
        lo,
        hi,
        h,
        d: [...out.subarray(width, 2 * width)],
        i: [...out.subarray(2 * width, 3 * width)],
        middle,
      };
}

function cellsOf(w: Wave): { lo: number; hi: number; h: number[]; d: number[]; i: number[] } {
  const width = w.hi - w.lo + 1;
  const at = (o: number) => [...w.buf.subarray(o, o + width)];
  return { lo: w.lo, hi: w.hi, h: at(w.h), d: at(w.d), i: at(w.i) };
}

describe('wavefront kernels', () => {
  for (const linear of [false, true]) {
    it(`${linear ? 'stepLinear' : 'step'}'s middle loop equals edgeCells over every diagonal, on random waves`, () => {
      let middles = 0;
      for (let seed = 1; seed <= 3000; seed++) {
        const r = rng(seed * 7919 + (linear ? 1 : 0));
        const n = 8 + Math.floor(r() * 24);
        const m = 8 + Math.floor(r() * 24);
        const keys = 1 + Math.floor(r() * 3);
        const A = Int32Array.from({ length: n }, () => Math.floor(r() * keys));
        const B = Int32Array.from({ length: m }, () => Math.floor(r() * keys));
        const gapExtend = 1 + Math.floor(r() * 3);
        const gapOpen = linear ? gapExtend : gapExtend + 1 + Math.floor(r() * 4);
        const mismatch = 1 + Math.floor(r() * 6);
        const valueMismatch = Math.floor(r() * (mismatch + 1));
        const costs: WfaCosts = { mismatch, valueMismatch, gapOpen, gapExtend };
        const withValues = r() < 0.6;
        const valuesMatch = withValues
          ? (i: number, j: number) => ((i * 31 + j * 17 + seed) >>> 0) % 3 !== 0
          : undefined;
        const wf = new Wavefronts({ A, B }, costs, valuesMatch, Infinity, {}) as unknown as Stepper;
        const R = Math.max(mismatch, gapOpen) + 1;
        const s = R + Math.floor(r() * 4);
        const k = -n + Math.floor(r() * (n + m + 1));
        for (let t = 0; t < s; t++) wf.waves[t] = randomWave(r, n, m, k, linear);
        const want = general(wf, A, B, costs, withValues && valueMismatch > 0, s);
        const got = wf.step(s);
        if (want === undefined) {
          expect(got, `seed ${seed}`).toBe(EMPTY);
          continue;
        }
        const { middle, ...cells } = want;
        const wave = cellsOf(got);
        if (linear) expect(got.d === got.h && got.i === got.h, `seed ${seed}`).toBe(true);
        expect(linear ? { ...wave, d: wave.h, i: wave.h } : wave, `seed ${seed}`).toEqual(cells);
        if (middle) middles++;
      }
      expect(middles).toBeGreaterThan(500);
    });
  }
});
