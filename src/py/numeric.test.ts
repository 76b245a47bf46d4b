import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceRaise } from '../errors.js';
import { npExp, npMean, pairwiseSum, polyfit1 } from './numeric.js';

/** Same formula as the Python snippet that produced the expected values below. */
function arr(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i * 0.1 + 1 / (i + 1) - (i % 3) * 1e-3);
  return out;
}

function naiveSum(a: readonly number[]): number {
  let s = 0.0;
  for (const v of a) s += v;
  return s;
}

/**
 * `float(np.sum(a))`, `float(np.mean(a))` with numpy 2.4.6 for
 * `a = np.array([(i*0.1) + 1/(i+1) - (i%3)*1e-3 for i in range(n)])`, printed with repr,
 * and whether a naive left-to-right sum differs.
 */
const NUMPY: readonly [n: number, sum: number, mean: number, naiveDiffers: boolean][] = [
  [1, 1.0, 1.0, false],
  [2, 1.599, 0.7995, false],
  [7, 4.686857142857143, 0.6695510204081633, false],
  [8, 5.510857142857143, 0.6888571428571428, false],
  [9, 6.419968253968253, 0.7133298059964726, false],
  [15, 13.803228993228991, 0.9202152662152661, false],
  [16, 15.365728993228995, 0.9603580620768122, true],
  [17, 17.02355252264076, 1.00138544250828, true],
  [31, 50.49724519543652, 1.628943393401178, false],
  [100, 500.0883775176397, 5.000883775176397, true],
  [127, 805.3993345925892, 6.341727044036135, false],
  [128, 818.1061470925893, 6.3914542741608535, true],
  [129, 830.9118990305737, 6.441177511864913, true],
  [130, 843.819591338266, 6.490919933371277, true],
  [136, 923.3585425157717, 6.7894010479100855, true],
  [200, 1995.6790309481214, 9.978395154740607, true],
  [255, 3244.365438712817, 12.72300172044242, false],
  [256, 3269.8693449628176, 12.772927128761006, true],
  [257, 3295.472236013401, 12.82284916736732, false],
  [1000, 49956.48647086056, 49.95648647086056, true],
  [1025, 52486.486151282035, 51.206327952470275, true],
  [5000, 1249754.095508853, 249.9508191017706, true],
];

describe('pairwiseSum / npMean (bit-exact with numpy)', () => {
  it.each(NUMPY)('n=%i matches np.sum and np.mean exactly', (n, sum, mean, naiveDiffers) => {
    const a = arr(n);
    expect(pairwiseSum(a)).toBe(sum);
    expect(npMean(a)).toBe(mean);
    expect(naiveSum(a) !== sum).toBe(naiveDiffers);
  });

  it('works on typed arrays and sub-ranges', () => {
    const a = arr(300);
    const f = Float64Array.from(a);
    expect(pairwiseSum(f)).toBe(pairwiseSum(a));
    // a[50:50+129] summed as its own array
    expect(pairwiseSum(a, 50, 129)).toBe(pairwiseSum(a.slice(50, 179)));
    expect(pairwiseSum(a, 100)).toBe(pairwiseSum(a.slice(100)));
  });

  it('empty sum is 0 and empty mean is NaN (numpy)', () => {
    expect(pairwiseSum([])).toBe(0);
    expect(npMean([])).toBeNaN();
  });

  it('turns a -0 sum into +0 like numpy (0.0 + pw)', () => {
    expect(Object.is(pairwiseSum([-0]), 0)).toBe(true);
    expect(Object.is(pairwiseSum(new Array(10).fill(-0)), 0)).toBe(true);
    expect(Object.is(pairwiseSum(new Array(200).fill(-0)), 0)).toBe(true);
  });

  it('propagates NaN and infinities', () => {
    expect(pairwiseSum([1, NaN, 2])).toBeNaN();
    expect(pairwiseSum([1, Infinity, 2])).toBe(Infinity);
    expect(pairwiseSum([Infinity, -Infinity])).toBeNaN();
  });

  it('rejects ranges outside the array', () => {
    expect(() => pairwiseSum([1, 2], 1, 5)).toThrow(RangeError);
    expect(() => pairwiseSum([1, 2], -1)).toThrow(RangeError);
  });

  it('property: equals the naive left-to-right sum for n < 8', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { maxLength: 7 }), (a) => {
        expect(pairwiseSum(a)).toBe(0.0 + naiveSum(a));
      }),
    );
  });

  it('property: exact for small integers at any length (no rounding can occur)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 600 }), (a) => {
        expect(pairwiseSum(a)).toBe(a.reduce((s, v) => s + v, 0));
      }),
    );
  });

  it('property: block structure — 8 interleaved accumulators for 8 <= n <= 128', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), {
          minLength: 8,
          maxLength: 128,
        }),
        (a) => {
          const r = a.slice(0, 8);
          const full = a.length - (a.length % 8);
          for (let i = 8; i < full; i += 8)
            for (let j = 0; j < 8; j++) r[j] = (r[j] as number) + (a[i + j] as number);
          const [r0, r1, r2, r3, r4, r5, r6, r7] = r as [
            number,
            number,
            number,
            number,
            number,
            number,
            number,
            number,
          ];
          let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
          for (let i = full; i < a.length; i++) res += a[i] as number;
          expect(pairwiseSum(a)).toBe(0.0 + res);
        },
      ),
    );
  });
});

describe('polyfit1', () => {
  it('matches np.polyfit within 1e-14 (values from numpy 2.4.6)', () => {
    const x = [0.0, 0.5, 1.1, 1.4, 2.0, 2.6, 3.3];
    const y = [0.0, 0.61, 1.3, 1.72, 2.41, 3.1, 3.99];
    const fit = polyfit1(x, y);
    expect(fit.slope).toBeCloseTo(1.2034756527875794, 14);
    expect(fit.intercept).toBeCloseTo(0.0017307692307695383, 14);

    const x2 = Array.from({ length: 40 }, (_, i) => i * 0.37);
    const y2 = Array.from({ length: 40 }, (_, i) => 1.3 * i * 0.37 + 0.2 + ((i * 7) % 5) * 0.01);
    const fit2 = polyfit1(x2, y2);
    expect(Math.abs(fit2.slope - 1.3002028294711216)).toBeLessThan(1e-14);
    expect(Math.abs(fit2.intercept - 0.2185365853658537)).toBeLessThan(1e-14);
  });

  it('gives the same bits with a scratch array (one longer than 2·x is fine; a short one is not used)', () => {
    const x = Array.from({ length: 300 }, (_, i) => i * 0.37 + Math.sin(i));
    const y = Array.from({ length: 300 }, (_, i) => 1.3 * i + Math.cos(i * 3));
    const plain = polyfit1(x, y);
    expect(polyfit1(x, y, new Float64Array(700).fill(Number.NaN))).toEqual(plain);
    expect(polyfit1(x, y, new Float64Array(600).fill(Number.NaN))).toEqual(plain);
    expect(polyfit1(x, y, new Float64Array(599).fill(Number.NaN))).toEqual(plain);
    expect(polyfit1(x, y, new Float64Array(10))).toEqual(plain);
  });

  it('two points give the exact line (numpy: 1.2999999999999998, within 1 ulp)', () => {
    const fit = polyfit1([0, 1], [0, 1.3]);
    expect(Math.abs(fit.slope - 1.3)).toBeLessThanOrEqual(2.3e-16);
    expect(Math.abs(fit.intercept)).toBeLessThan(1e-15);
  });

  it('all-zero x raises LinAlgError like numpy (bug B2)', () => {
    const call = (): unknown => polyfit1([0, 0, 0], [1, 2, 3]);
    expect(call).toThrow(ReferenceRaise);
    expect(call).toThrow('SVD did not converge in Linear Least Squares');
    try {
      call();
    } catch (e) {
      expect((e as ReferenceRaise).pyType).toBe('LinAlgError');
      expect((e as ReferenceRaise).code).toBe('ERR_EVALUATE');
    }
    expect(() => polyfit1([0], [3])).toThrow('SVD did not converge');
    expect(() => polyfit1([-0, 0], [3, 4])).toThrow('SVD did not converge');
  });

  it('non-finite x raises LinAlgError like numpy', () => {
    expect(() => polyfit1([0, NaN, 2], [0, 1, 2])).toThrow('SVD did not converge');
    expect(() => polyfit1([0, Infinity, 2], [0, 1, 2])).toThrow('SVD did not converge');
  });

  it('NaN in y gives NaN (numpy returns [nan nan], no error)', () => {
    const fit = polyfit1([0, 1, 2], [0, NaN, 2]);
    expect(fit.slope).toBeNaN();
    expect(fit.intercept).toBeNaN();
  });

  it('constant non-zero x: minimum-norm solution like numpy', () => {
    // np.polyfit([1.0, 1.0], [2.0, 3.0], 1) -> [1.2500000000000002, 1.25]
    const a = polyfit1([1, 1], [2, 3]);
    expect(a.slope).toBeCloseTo(1.2500000000000002, 14);
    expect(a.intercept).toBeCloseTo(1.25, 14);
    // np.polyfit([5.0]*3, [1.0, 2.0, 4.0], 1) -> [0.23333333333333328, 1.166666666666667]
    const b = polyfit1([5, 5, 5], [1, 2, 4]);
    expect(b.slope).toBeCloseTo(0.23333333333333328, 14);
    expect(b.intercept).toBeCloseTo(1.166666666666667, 14);
  });

  it('empty or mismatched input raises numpy TypeErrors', () => {
    expect(() => polyfit1([], [])).toThrow('expected non-empty vector for x');
    expect(() => polyfit1([1, 2], [1])).toThrow('expected x and y to have same length');
  });

  it('property: recovers an exact line y = a x + b for integer data', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        fc.uniqueArray(fc.integer({ min: -100, max: 100 }), { minLength: 2, maxLength: 30 }),
        (a, b, xs) => {
          const fit = polyfit1(
            xs,
            xs.map((x) => a * x + b),
          );
          expect(fit.slope).toBeCloseTo(a, 9);
          expect(fit.intercept).toBeCloseTo(b, 9);
        },
      ),
    );
  });
});

describe('npExp', () => {
  it('is Math.exp', () => {
    expect(npExp).toBe(Math.exp);
    expect(npExp(0)).toBe(1);
  });
});
