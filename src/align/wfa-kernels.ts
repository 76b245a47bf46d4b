/**
 * The wavefront step's kernels beside `Wavefronts.step` / `stepLinear` (`./wfa-wavefronts.ts`, whose
 * hot middle loops stay methods, specialised per gap model): the edge diagonals and the
 * value-asking extensions, each a function of its own so that the JIT compiles it apart.
 */
import { NONE, type Wave } from './wfa-waves.js';

/**
 * `Wavefronts.step` on the diagonals `lo … hi` outside [skipLo, skipHi] (where every source is
 * present, done by `step` itself): each source tested for the diagonal it would be read at. A
 * function of its own, compiled apart: these few cells take paths the others rarely do, and a path
 * first taken after the JIT compiled the step would throw that code away. Extensions that must
 * ask for values go to `todo` (returns its new length).
 *
 * `stepLinear` uses it too (`hOnly`: only H is written; its waves' D and I are their H, and
 * `wo` = `we` is the wave a gap extends): D and I then start from H of s − 1 and take the same gap
 * candidates, so H comes out as that step's own recurrence gives it.
 */
export function edgeCells(
  A: Int32Array,
  B: Int32Array,
  n: number,
  m: number,
  vm: boolean,
  lo: number,
  hi: number,
  skipLo: number,
  skipHi: number,
  out: Int32Array,
  at: number,
  width: number,
  prev: Wave,
  wo: Wave,
  we: Wave,
  wx: Wave,
  wv: Wave,
  withV: boolean,
  todo: Int32Array,
  nt: number,
  hOnly: boolean,
): number {
  const oD = at + width;
  const oI = at + 2 * width;
  const pB = prev.buf;
  const pH = prev.h;
  const pD = prev.d;
  const pI = prev.i;
  const plo = prev.lo;
  const pw = prev.hi - plo + 1;
  const oB = wo.buf;
  const oH = wo.h;
  const olo = wo.lo;
  const ow = wo.hi - olo + 1;
  const eB = we.buf;
  const eD = we.d;
  const eI = we.i;
  const elo = we.lo;
  const ew = we.hi - elo + 1;
  const xB = wx.buf;
  const xH = wx.h;
  const xlo = wx.lo;
  const xw = wx.hi - xlo + 1;
  const vB = wv.buf;
  const vH = wv.h;
  const vlo = wv.lo;
  const vw = withV ? wv.hi - vlo + 1 : 0;
  // A source wave's diagonal q is present when 0 ≤ q − lo < width; `(q >>> 0) < w` tests both
  // bounds (a negative q wraps high).
  const skip = skipLo <= skipHi ? skipLo : hi + 1;
  for (let k = lo, t = 0; k <= hi; k++, t++) {
    if (k === skip) {
      t += skipHi + 1 - k;
      k = skipHi + 1;
      if (k > hi) break;
    }
    // "≤ s": start from the wavefront of s − 1.
    let h = NONE;
    let d = NONE;
    let ins = NONE;
    let q = k - plo;
    if (q >>> 0 < pw) {
      h = pB[pH + q] as number;
      d = pB[pD + q] as number;
      ins = pB[pI + q] as number;
    }
    // D: a gt event left unpaired, from diagonal k + 1 (row + 1): opening after any operation
    // (H of s − gapOpen) or extending a run (D of s − gapExtend); the row must stay ≤ n.
    q = k + 1 - olo;
    if (q >>> 0 < ow) {
      const p = (oB[oH + q] as number) + 1;
      if (p > 0 && p <= n && p > d) d = p;
    }
    q = k + 1 - elo;
    if (q >>> 0 < ew) {
      const p = (eB[eD + q] as number) + 1;
      if (p > 0 && p <= n && p > d) d = p;
    }
    // I: a pred event left unpaired, from diagonal k − 1 (same row); the column must stay ≤ m.
    q = k - 1 - olo;
    if (q >>> 0 < ow) {
      const p = oB[oH + q] as number;
      if (p >= 0 && p + k <= m && p > ins) ins = p;
    }
    q = k - 1 - elo;
    if (q >>> 0 < ew) {
      const p = eB[eI + q] as number;
      if (p >= 0 && p + k <= m && p > ins) ins = p;
    }
    // Candidates: the better gap, then a pair that does not match after the furthest point of a
    // lower score (where the extend step stopped, so that pair is not a match): different keys
    // cost x, equal keys xv.
    let c = d > ins ? d : ins;
    q = k - xlo;
    if (q >>> 0 < xw) {
      const p = xB[xH + q] as number;
      if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] !== B[p + k]) c = p + 1;
    }
    q = k - vlo;
    if (q >>> 0 < vw) {
      const p = vB[vH + q] as number;
      if (p >= 0 && p < n && p + k < m && p + 1 > c && A[p] === B[p + k]) c = p + 1;
    }
    if (c > h) {
      // Extend along the diagonal while the pairs match; these cells were never compared.
      if (!vm) {
        while (c < n && c + k < m && A[c] === B[c + k]) c++;
      } else if (c < n && c + k < m && A[c] === B[c + k]) todo[nt++] = t;
      h = c;
    }
    out[at + t] = h;
    if (!hOnly) {
      out[oD + t] = d;
      out[oI + t] = ins;
    }
  }
  return nt;
}

/**
 * The extensions `step` (or `stepLinear`) left for last: from each listed diagonal's furthest
 * point (diagonal `lo + todo[u]`, row `out[at + todo[u]]`), while the pairs' keys and values
 * match. Apart from the step's loops so that the value test (the user's comparator) is compiled
 * here, not into them: a comparator path first taken after compilation would otherwise throw the
 * whole step away.
 */
export function extendByValue(
  w: { matches(i: number, j: number): boolean },
  A: Int32Array,
  B: Int32Array,
  n: number,
  m: number,
  lo: number,
  out: Int32Array,
  at: number,
  todo: Int32Array,
  nt: number,
): void {
  for (let u = 0; u < nt; u++) {
    const t = todo[u] as number;
    const k = lo + t;
    let c = out[at + t] as number;
    while (c < n && c + k < m && A[c] === B[c + k] && w.matches(c, c + k)) c++;
    out[at + t] = c;
  }
}
