/**
 * numpy-compatible float64 arithmetic (README §3): pairwise summation as in numpy's
 * `pairwise_sum_DOUBLE` (bit-exact with `np.sum`, `np.mean`, `ndarray.mean` on 1-D float64
 * arrays), and a closed-form degree-1 least-squares fit standing in for `np.polyfit(x, y, 1)`.
 */

import { ReferenceRaise } from '../errors.js';

const PW_BLOCKSIZE = 128;

function pw(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = 0.0;
    for (let i = 0; i < n; i++) res += a[start + i] as number;
    return res;
  }
  if (n <= PW_BLOCKSIZE) {
    let r0 = a[start] as number;
    let r1 = a[start + 1] as number;
    let r2 = a[start + 2] as number;
    let r3 = a[start + 3] as number;
    let r4 = a[start + 4] as number;
    let r5 = a[start + 5] as number;
    let r6 = a[start + 6] as number;
    let r7 = a[start + 7] as number;
    const full = n - (n % 8);
    let i = 8;
    for (; i < full; i += 8) {
      const k = start + i;
      r0 += a[k] as number;
      r1 += a[k + 1] as number;
      r2 += a[k + 2] as number;
      r3 += a[k + 3] as number;
      r4 += a[k + 4] as number;
      r5 += a[k + 5] as number;
      r6 += a[k + 6] as number;
      r7 += a[k + 7] as number;
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += a[start + i] as number;
    return res;
  }
  // ⌊n/2⌋ rounded down to a multiple of 8, in integer operations: n / 2 would be compiled for the
  // integer halves seen first and thrown away at the first odd n ("lost precision").
  const n2 = (n >>> 1) & ~7; // n < 2^32 (an array length)
  return pw(a, start, n2) + pw(a, start + n2, n - n2);
}

/**
 * `np.sum(a[start:start+n])` for float64 data, bit for bit: `0.0 + pw(a, n)` where `pw` sums
 * fewer than 8 items left to right, up to 128 items with eight interleaved accumulators
 * combined as `((r0+r1)+(r2+r3)) + ((r4+r5)+(r6+r7))` plus the leftovers in order, and larger
 * ranges by splitting at `n/2` rounded down to a multiple of 8. The `0.0 +` turns a `-0` sum
 * into `0`, as numpy does.
 */
export function pairwiseSum(a: ArrayLike<number>, start = 0, n: number = a.length - start): number {
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(n) ||
    start < 0 ||
    n < 0 ||
    start + n > a.length
  ) {
    throw new RangeError(
      `pairwiseSum: range [${start}, ${start + n}) is outside an array of length ${a.length}`,
    );
  }
  return 0.0 + pw(a, start, n);
}

/** `np.mean(a)` for float64 data: `pairwiseSum(a) / n` (NaN for an empty array, as numpy). */
export function npMean(a: ArrayLike<number>): number {
  return pairwiseSum(a) / a.length;
}

/** Least-squares line `y ≈ slope·x + intercept`. */
export interface LineFit {
  readonly slope: number;
  readonly intercept: number;
}

/**
 * Stand-in for `np.polyfit(x, y, 1)`: closed-form least squares on centred data in float64,
 * `slope = Σ(x−x̄)(y−ȳ) / Σ(x−x̄)²`, `intercept = ȳ − slope·x̄`, with numpy's pairwise sums.
 * numpy solves a scaled Vandermonde system by SVD (LAPACK `dgelsd`), so results differ from it
 * in the last bits (at most 1.8e-15 over the conformance corpus, README §3).
 *
 * numpy's failures are reproduced: when every x is 0 (the timing metric's x is
 * `t − t[0]`, so "all gt timestamps equal") numpy divides by a zero column norm and LAPACK
 * fails, and so it does when an x is NaN or infinite: this throws `LinAlgError: SVD did not
 * converge in Linear Least Squares` like the reference (bug B2). When every x equals the same
 * non-zero `a`, the scaled system has rank 1 and numpy returns the minimum-norm solution,
 * `slope = ȳ/(2a)`, `intercept = ȳ/2` (this does the same, up to rounding). Empty or
 * mismatched inputs raise numpy's `TypeError`s.
 *
 * `scratch`: an array of at least `2·x.length` elements to hold the products instead of allocating
 * (its contents are overwritten; a shorter one is not used).
 */
export function polyfit1(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  scratch?: Float64Array,
): LineFit {
  const n = x.length;
  if (n === 0) throw new ReferenceRaise('TypeError', 'expected non-empty vector for x');
  if (y.length !== n) throw new ReferenceRaise('TypeError', 'expected x and y to have same length');
  const x0 = x[0] as number;
  if (!allFinite(x))
    throw new ReferenceRaise('LinAlgError', 'SVD did not converge in Linear Least Squares');
  if (allEqual(x, x0)) {
    if (x0 === 0)
      throw new ReferenceRaise('LinAlgError', 'SVD did not converge in Linear Least Squares');
    const my = npMean(y);
    return { slope: my / (2 * x0), intercept: my / 2 };
  }
  const mx = npMean(x);
  const my = npMean(y);
  // (x−x̄)² in the buffer's first half, (x−x̄)(y−ȳ) in its second, in one loop (it mostly runs
  // once per evaluation, before the JIT has compiled it: each loop costs a compilation).
  const buf = scratch !== undefined && scratch.length >= 2 * n ? scratch : new Float64Array(2 * n);
  centeredProducts(x, y, mx, my, buf);
  const sxx = pairwiseSum(buf, 0, n);
  const slope = pairwiseSum(buf, n, n) / sxx;
  return { slope, intercept: my - slope * mx };
}

// `polyfit1`'s loops, each ending its function (a loop V8 compiles on the fly keeps that code only
// when nothing after it lacks type feedback; these run once per evaluation).

function allFinite(x: ArrayLike<number>): boolean {
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i])) return false;
  return true;
}

function allEqual(x: ArrayLike<number>, x0: number): boolean {
  for (let i = 0; i < x.length; i++) if ((x[i] as number) !== x0) return false;
  return true;
}

/** (x − mx)² in `buf`'s first n entries, (x − mx)(y − my) in the next n. */
function centeredProducts(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  mx: number,
  my: number,
  buf: Float64Array,
): void {
  const n = x.length;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    buf[i] = dx * dx;
    buf[n + i] = dx * ((y[i] as number) - my);
  }
}

/**
 * `np.exp`. numpy calls glibc's `exp`; V8's `Math.exp` differs from it by 1 ulp on about 4 % of
 * arguments (README §3 item 2), which the conformance tolerance accepts. There is no portable
 * way to reproduce glibc bit for bit, so this is `Math.exp`.
 */
export const npExp: (x: number) => number = Math.exp;
