import { describe, it, expect } from 'vitest';
import {
  logGamma,
  bootstrapMeanInterval,
  meanWithCI,
  metricCoverage,
  normalCdf,
  normalQuantile,
  passAtK,
  passAtKOverTasks,
  passHatK,
  regularizedIncompleteBeta,
  sampleStd,
  signTestPValue,
  studentTQuantile,
  summarizeMetricValues,
  wilsonInterval,
} from './stats.js';

// Expected values: t/normal quantiles from published tables (12.706204736 etc., as given in the
// issue) and scipy.stats; Wilson bounds and pass@k values computed by hand with exact rational
// arithmetic (Python `fractions` + `math.comb`) — independent of this implementation.

function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.max(1e-300, Math.abs(b));
}

describe('special functions', () => {
  it('logGamma matches known values', () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(logGamma(0.1)).toBeCloseTo(2.252712651734206, 12);
    expect(() => logGamma(0)).toThrow(RangeError);
  });

  it('regularized incomplete beta: closed forms', () => {
    // I_x(1, 1) = x ; I_x(a, 1) = x^a ; I_x(1/2, 1/2) = (2/π) asin(√x)
    expect(regularizedIncompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(regularizedIncompleteBeta(0.6, 3, 1)).toBeCloseTo(0.216, 14);
    expect(regularizedIncompleteBeta(0.25, 0.5, 0.5)).toBeCloseTo(
      (2 / Math.PI) * Math.asin(0.5),
      13,
    );
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
  });

  it('normal CDF and quantile', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 14);
    expect(rel(normalCdf(-3.5), 0.00023262907903552502)).toBeLessThan(1e-12);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 11);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe('studentTQuantile', () => {
  it.each([
    [1, 12.706204736],
    [2, 4.30265273],
    [4, 2.776445105],
    [9, 2.262157163],
    [30, 2.042272456],
    [100, 1.983971519],
    [1000, 1.962339081],
  ])('t(0.975, %i) = %f', (df, expected) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(expected, 8);
  });

  it('tends to the normal quantile as df → ∞', () => {
    expect(studentTQuantile(0.975, Infinity)).toBeCloseTo(1.959963985, 9);
    expect(studentTQuantile(0.975, 1e5)).toBeCloseTo(1.959987708, 8);
    expect(studentTQuantile(0.975, 1e9)).toBeCloseTo(1.959963986912325, 12);
    expect(studentTQuantile(0.975, 5e6)).toBeCloseTo(1.9599644589944127, 9);
    expect(studentTQuantile(0.975, 1e7 + 1)).toBeCloseTo(1.959964221767205, 11);
    // either side of the switch to the Cornish–Fisher expansion (scipy.stats.t.ppf)
    expect(studentTQuantile(0.975, 5000)).toBeCloseTo(1.9604385517065073, 11);
    expect(studentTQuantile(0.975, 10000)).toBeCloseTo(1.960201239890626, 11);
    expect(studentTQuantile(0.975, 10001)).toBeCloseTo(1.960201216164641, 11);
    expect(studentTQuantile(0.9995, 10001)).toBeCloseTo(3.291499868601784, 10);
    expect(studentTQuantile(0.9995, 20000)).toBeCloseTo(3.2910132833642876, 10);
  });

  it('is odd-symmetric and rejects bad arguments', () => {
    expect(studentTQuantile(0.025, 9)).toBeCloseTo(-2.262157163, 8);
    expect(studentTQuantile(0.5, 3)).toBe(0);
    expect(() => studentTQuantile(0.975, 0)).toThrow(RangeError);
    expect(() => studentTQuantile(0, 3)).toThrow(RangeError);
  });
});

describe('meanWithCI', () => {
  it('hand-computed mean and std of [0.5, 0.7, 0.9]; the interval is a bootstrap one within [min, max]', () => {
    const s = meanWithCI([0.5, 0.7, 0.9]);
    expect(s.n).toBe(3);
    expect(s.mean).toBeCloseTo(0.7, 14);
    expect(s.std).toBeCloseTo(0.2, 14);
    expect(s.min).toBe(0.5);
    expect(s.max).toBe(0.9);
    // The t interval was [0.203, 1.197], past the upper bound of a score. The 27 equally likely
    // resamples have means from 0.5 to 0.9; their 2.5 % / 97.5 % quantiles lie strictly inside.
    const [lo, hi] = s.ci95!;
    expect(lo).toBeGreaterThanOrEqual(0.5);
    expect(hi).toBeLessThanOrEqual(0.9);
    expect(lo).toBeLessThan(0.6);
    expect(hi).toBeGreaterThan(0.8);
    expect(meanWithCI([0.5, 0.7, 0.9]).ci95).toEqual(s.ci95); // fixed seed: reproducible
  });

  it('scores near 1 keep their interval within [0, 1] (issue 25: was [−0.77, 2.10])', () => {
    const ci = meanWithCI([0.1, 1, 0.98, 1, 0.2]).ci95!;
    expect(ci[0]).toBeGreaterThanOrEqual(0.1);
    expect(ci[1]).toBeLessThanOrEqual(1);
    expect(ci[1]).toBeGreaterThan(0.9);
    const two = bootstrapMeanInterval([0, 1])!;
    expect(two[0]).toBeGreaterThanOrEqual(0);
    expect(two[1]).toBeLessThanOrEqual(1);
  });

  it('agrees with the t interval where that one is accurate (many values), and clips it beyond the bootstrap budget', () => {
    const xs = Array.from({ length: 400 }, (_, i) => 0.5 + 0.4 * Math.sin(i * 12.9898));
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    const half = studentTQuantile(0.975, xs.length - 1) * (sampleStd(xs)! / Math.sqrt(xs.length));
    const [lo, hi] = bootstrapMeanInterval(xs)!;
    expect(Math.abs(lo - (m - half))).toBeLessThan(0.15 * half);
    expect(Math.abs(hi - (m + half))).toBeLessThan(0.15 * half);
    // 30,000 values × 2,000 resamples is over the budget: the clipped t interval.
    const many = Array.from({ length: 30_000 }, (_, i) => (i % 10 === 0 ? 0.5 : 1));
    const mm = many.reduce((a, b) => a + b, 0) / many.length;
    const h =
      studentTQuantile(0.975, many.length - 1) * (sampleStd(many)! / Math.sqrt(many.length));
    const ci = bootstrapMeanInterval(many)!;
    expect(ci[0]).toBeCloseTo(mm - h, 12);
    expect(ci[1]).toBeCloseTo(Math.min(1, mm + h), 12);
  });

  it('no CI for fewer than two values; collapses for constant values', () => {
    expect(meanWithCI([]).mean).toBeNull();
    expect(meanWithCI([0.4]).ci95).toBeNull();
    expect(meanWithCI([0.4]).std).toBeNull();
    expect(meanWithCI([1, 1, 1]).ci95).toEqual([1, 1]);
  });

  it('refuses non-finite values (they are counted apart, never averaged)', () => {
    expect(() => meanWithCI([0.5, Number.NaN])).toThrow(RangeError);
  });

  it('sample std divides by n − 1', () => {
    // Σ(x − 2.5)² over 1..4 = 5 → 5/3
    expect(sampleStd([1, 2, 3, 4])).toBeCloseTo(Math.sqrt(5 / 3), 14);
  });
});

describe('wilsonInterval', () => {
  it.each([
    [8, 10, 0.4901624715, 0.9433178485],
    [0, 10, 0, 0.2775327999],
    [10, 10, 0.7224672001, 1],
    [1, 1, 0.2065493144, 1],
    [37, 50, 0.6044684274, 0.8412847251],
  ])('%i/%i', (s, n, lo, hi) => {
    const ci = wilsonInterval(s, n);
    expect(ci).not.toBeNull();
    expect(ci?.[0]).toBeCloseTo(lo, 9);
    expect(ci?.[1]).toBeCloseTo(hi, 9);
  });

  it('null for n = 0; rejects impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 2)).toThrow(RangeError);
  });
});

describe('passAtK / passHatK', () => {
  it.each([
    // n, c, k, pass@k, pass^k  (exact rationals: 1 − C(n−c,k)/C(n,k), C(c,k)/C(n,k))
    [10, 3, 1, 0.3, 0.3],
    [10, 3, 5, 0.9166666666666666, 0],
    [5, 2, 2, 0.7, 0.1],
    [2000, 1, 1, 0.0005, 0.0005],
    [2000, 5, 100, 0.22642297620423335, 0],
    [2000, 10, 100, 0.40197398173680804, 0],
    [2000, 1990, 2, 0.9999774887443722, 0.9900225112556278],
    [2000, 1500, 10, 0.9999991090551995, 0.055891188049832626],
    [2000, 1000, 3, 0.8751875937968985, 0.12481240620310155],
    [200, 100, 10, 0.9992289739372822, 0.0007710260627178503],
    [2000, 1999, 2000, 1, 0],
  ])('n=%i c=%i k=%i', (n, c, k, at, hat) => {
    const a = passAtK(n, c, k) as number;
    const h = passHatK(n, c, k) as number;
    expect(Number.isFinite(a)).toBe(true);
    expect(Math.abs(a - at)).toBeLessThan(1e-12);
    expect(Math.abs(h - hat)).toBeLessThan(1e-12);
  });

  it('n − c < k gives pass@k = 1; c = 0 gives 0', () => {
    expect(passAtK(2000, 3, 1999)).toBe(1);
    expect(passAtK(50, 0, 5)).toBe(0);
    expect(passHatK(50, 50, 5)).toBe(1);
  });

  it('k > n is undefined (null), never an invented value', () => {
    expect(passAtK(3, 0, 5)).toBeNull();
    expect(passAtK(3, 3, 5)).toBeNull();
    expect(passHatK(3, 3, 5)).toBeNull();
  });

  it('rejects c > n and k < 1', () => {
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 0)).toThrow(RangeError);
    expect(() => passHatK(3, 1, 0)).toThrow(RangeError);
  });
});

describe('passAtKOverTasks', () => {
  it('averages only over tasks with ≥ k samples and counts the others', () => {
    // (5,2): pass@2 = 1 − C(3,2)/C(5,2) = 0.7, pass^2 = C(2,2)/C(5,2) = 0.1; (2,2): 1 and 1; (1,1) skipped
    const r = passAtKOverTasks(
      [
        { n: 5, c: 2 },
        { n: 2, c: 2 },
        { n: 1, c: 1 },
      ],
      2,
    );
    expect(r).toMatchObject({ k: 2, tasks: 2, skipped_tasks: 1 });
    expect(r.pass_at_k).toBeCloseTo(0.85, 14);
    expect(r.pass_hat_k).toBeCloseTo(0.55, 14);
  });

  it('null, not a number, when no task has k samples', () => {
    expect(
      passAtKOverTasks(
        [
          { n: 1, c: 1 },
          { n: 1, c: 0 },
        ],
        5,
      ),
    ).toEqual({ k: 5, tasks: 0, skipped_tasks: 2, pass_at_k: null, pass_hat_k: null });
    expect(passAtKOverTasks([], 1)).toEqual({
      k: 1,
      tasks: 0,
      skipped_tasks: 0,
      pass_at_k: null,
      pass_hat_k: null,
    });
  });
});

describe('metric summaries', () => {
  it('counts NaN apart and ignores absent values', () => {
    const cov = { scored: 2, missing: 1, failed: 0 };
    const s = summarizeMetricValues([1, 0.5, null, undefined, 0], cov);
    expect(s.count).toBe(3);
    expect(s.nan_count).toBe(1);
    expect(s.mean).toBeCloseTo(0.5, 14);
    expect(s.min).toBe(0);
    expect(s.max).toBe(1);
    expect(s.std).toBeCloseTo(0.5, 14);
    expect(s.coverage).toBe(cov);
  });

  it('empty summary has null statistics', () => {
    const s = summarizeMetricValues([undefined, null], { scored: 0, missing: 2, failed: 0 });
    expect(s).toMatchObject({
      count: 0,
      nan_count: 1,
      mean: null,
      min: null,
      max: null,
      std: null,
    });
  });

  it('coverage: scored / missing / failed per test', () => {
    expect(
      metricCoverage([
        { values: [0.2, null], failed: false }, // scored (one finite value)
        { values: [null], failed: true }, // missing: measured nothing
        { values: [undefined], failed: false }, // missing: metric absent
        { values: [], failed: true }, // failed before any record
        { values: [], failed: false }, // not an envtrace test: not counted
      ]),
    ).toEqual({ scored: 1, missing: 2, failed: 1 });
  });
});

describe('signTestPValue', () => {
  it('exact two-sided binomial tail (hand-computed)', () => {
    // 9 vs 1 of 10: 2·(C(10,0) + C(10,1))/2^10 = 22/1024
    expect(signTestPValue(9, 1)).toBeCloseTo(22 / 1024, 14);
    expect(signTestPValue(1, 9)).toBeCloseTo(22 / 1024, 14);
    expect(signTestPValue(0, 0)).toBe(1);
    expect(signTestPValue(3, 3)).toBe(1);
    // 0 vs 20: 2/2^20
    expect(signTestPValue(20, 0)).toBeCloseTo(2 / 2 ** 20, 18);
    // large n stays finite (log-gamma): 600 vs 400
    const p = signTestPValue(600, 400);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-9);
  });
});
