/**
 * The wavefront aligner's (`./wfa.ts`) data: its integer costs (`wfaCostsFrom`) and the wavefronts
 * themselves (`Wave`: the furthest rows of one score's diagonals).
 */
import type { AffineCosts } from './affine/costs.js';

/** Integer costs of the wavefront aligner (see `wfaCostsFrom`). */
export interface WfaCosts {
  /** A pair of different keys (> 0). */
  readonly mismatch: number;
  /** A pair of the same key whose values do not match (0 ≤ valueMismatch ≤ mismatch). */
  readonly valueMismatch: number;
  /** The first event of a run of unpaired events (≥ gapExtend). */
  readonly gapOpen: number;
  /** Each further event of the run (> 0). */
  readonly gapExtend: number;
}

function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** Largest score the wavefront aligner accepts (scores index arrays). */
const MAX_SCORE = 1 << 28;

/** Largest reduced mismatch / gap-open cost the wavefronts take (see `wfaCostsFrom`). */
export const MAX_UNIT_COST = 1024;

/**
 * The costs in the form `wfaAlign` needs, or `undefined` when the wavefront algorithm does not
 * apply: every cost must be a non-negative integer (callers scale rational costs first), the gap
 * costs and `mismatch` positive, `gapOpen ≥ gapExtend` and `valueMismatch ≤ mismatch`. A common
 * factor is divided out (e.g. 2, 6, 4, 2 → 1, 3, 2, 1), which changes no comparison. Costs whose
 * reduced mismatch or gap-open exceeds `MAX_UNIT_COST` are left to the DP as well.
 */
export function wfaCostsFrom(c: WfaCosts): WfaCosts | undefined {
  const all = [c.mismatch, c.valueMismatch, c.gapOpen, c.gapExtend];
  if (!all.every((x) => Number.isSafeInteger(x) && x >= 0 && x <= MAX_SCORE)) return undefined;
  if (
    c.mismatch <= 0 ||
    c.gapExtend <= 0 ||
    c.gapOpen < c.gapExtend ||
    c.valueMismatch > c.mismatch
  )
    return undefined;
  const g = all.reduce(gcd);
  // The wavefronts advance one score unit at a time: costs that reduce to large integers (a
  // scaled 2^-15 or 0.000001 next to 5) would mean millions of near-empty steps, so such costs go
  // to the DP, which is exact for them and whose time does not depend on the cost values.
  if (Math.max(c.mismatch, c.gapOpen) / g > MAX_UNIT_COST) return undefined;
  return {
    mismatch: c.mismatch / g,
    valueMismatch: c.valueMismatch / g,
    gapOpen: c.gapOpen / g,
    gapExtend: c.gapExtend / g,
  };
}

/**
 * `wfaCostsFrom` of the affine cost object (`./affine/costs.ts`, already scaled to integers);
 * `undefined` with per-key gap costs (`by_key`), which the wavefronts do not take.
 */
export function wfaCostsOf(c: AffineCosts): WfaCosts | undefined {
  if (c.by_key !== undefined) return undefined;
  return wfaCostsFrom({
    mismatch: c.mismatch,
    valueMismatch: c.value_mismatch,
    gapOpen: c.gap_open,
    gapExtend: c.gap_extend,
  });
}

/** "No such point": far below any row, and still negative after a few increments. */
export const NONE = -0x40000000;

/** A cost above every score (edge cells the certifying pass never reached). */
export const INF = 0x3fffffff;

/**
 * The wavefronts of one score, diagonals `lo..hi`: diagonal k's H at `buf[h + k − lo]`, its D at
 * `buf[d + k − lo]` and its I at `buf[i + k − lo]` (d = i = h when only H is computed,
 * `stepLinear`). Wavefronts share large buffers (`Wavefronts.alloc`): a typed array per wavefront
 * costs an allocation and a collection per score, a measurable share of the forward pass
 * (bench/RESULTS.md, "Tuning constants"). A class, not
 * object literals: V8 tracks where literals are made, and once it decides that those made in the
 * step live long (they do), it throws the compiled step away.
 */
export class Wave {
  constructor(
    readonly lo: number,
    readonly hi: number,
    readonly buf: Int32Array,
    readonly h: number,
    readonly d: number,
    readonly i: number,
  ) {}
}

// Bounds that are small integers (2^30 is not one in V8): a wave's `lo` stays an integer field.
export const EMPTY = new Wave(INF, -INF, new Int32Array(0), 0, 0, 0);

/** Size of the buffers wavefronts are cut from (Int32 cells), unless one wavefront needs more. */
export const CHUNK = 1 << 18;

/** A copy of `w` in a buffer of its own. */
export function detached(w: Wave): Wave {
  const width = w.hi - w.lo + 1;
  if (w.d === w.h && w.i === w.h)
    return new Wave(w.lo, w.hi, w.buf.slice(w.h, w.h + width), 0, 0, 0);
  const buf = new Int32Array(3 * width);
  buf.set(w.buf.subarray(w.h, w.h + width), 0);
  buf.set(w.buf.subarray(w.d, w.d + width), width);
  buf.set(w.buf.subarray(w.i, w.i + width), 2 * width);
  return new Wave(w.lo, w.hi, buf, 0, width, 2 * width);
}

/** Every alignment costs at most this: all pairs mismatching plus the leftover as one run. */
export function trivialBound(n: number, m: number, costs: WfaCosts): number {
  return (
    Math.min(n, m) * costs.mismatch +
    (n === m ? 0 : costs.gapOpen + (Math.abs(n - m) - 1) * costs.gapExtend)
  );
}
