/**
 * Pure run-level statistics: mean with a Student-t confidence interval, Wilson interval for a
 * pass rate, the unbiased pass@k estimator and pass^k, and per-metric summaries.
 *
 * Everything here is deterministic and free of I/O. Non-finite inputs are never silently
 * turned into numbers: callers separate "could not be measured" (null / NaN) from scores
 * before calling, and the summaries count them apart (`nan_count`).
 */

/** Two-sided 95% confidence level used throughout the run report. */
export const CONFIDENCE = 0.95;

// ---------------------------------------------------------------------------------------------
// Special functions

const LANCZOS_G = 7;
const LANCZOS_COEF = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
] as const;

/** Natural log of the gamma function for x > 0 (Lanczos, g = 7, n = 9; ~15 significant digits). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma: x must be > 0, got ${x}`);
  if (x < 0.5) {
    // Reflection: Γ(x)Γ(1−x) = π / sin(πx)
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  }
  const z = x - 1;
  let a = LANCZOS_COEF[0];
  const t = z + LANCZOS_G + 0.5;
  for (let i = 1; i < LANCZOS_COEF.length; i++) a += (LANCZOS_COEF[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const TINY = 1e-300;
  const EPS = 1e-16;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return h;
  }
  throw new RangeError(`incomplete beta did not converge (a=${a}, b=${b}, x=${x})`);
}

/**
 * Regularized incomplete beta I_x(a, b) for 0 ≤ x ≤ 1, a, b > 0. `oneMinusX` may be passed
 * when 1 − x is known more precisely than the subtraction would give it.
 */
export function regularizedIncompleteBeta(
  x: number,
  a: number,
  b: number,
  oneMinusX: number = 1 - x,
): number {
  if (!(a > 0) || !(b > 0))
    throw new RangeError(`incomplete beta: a, b must be > 0 (a=${a}, b=${b})`);
  if (!(x >= 0 && x <= 1)) throw new RangeError(`incomplete beta: x must be in [0, 1], got ${x}`);
  if (x === 0) return 0;
  if (oneMinusX === 0) return 1;
  const lnFront =
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(oneMinusX);
  const front = Math.exp(lnFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(oneMinusX, b, a)) / b;
}

/** Standard normal CDF Φ(x), accurate to ~1e-15 absolute. */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x === Infinity) return 1;
  if (x === -Infinity) return 0;
  const z = Math.abs(x) / Math.SQRT2;
  let erfcZ: number;
  if (z < 3) {
    // erf(z) = 2/√π · e^{−z²} · Σ_{n≥0} 2ⁿ z^{2n+1} / (1·3·…·(2n+1))  (all terms positive)
    let term = z;
    let sum = z;
    for (let n = 1; n < 500; n++) {
      term *= (2 * z * z) / (2 * n + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    erfcZ = 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-z * z) * sum;
  } else {
    // erfc(z) = e^{−z²}/√π · 1/(z + 1/2/(z + 1/(z + 3/2/(z + …)))) — Lentz on the continued fraction.
    const TINY = 1e-300;
    let f = z;
    let c = z;
    let d = 0;
    for (let n = 1; n < 500; n++) {
      const an = n / 2;
      d = z + an * d;
      if (Math.abs(d) < TINY) d = TINY;
      c = z + an / c;
      if (Math.abs(c) < TINY) c = TINY;
      d = 1 / d;
      const del = c * d;
      f *= del;
      if (Math.abs(del - 1) < 1e-16) break;
    }
    erfcZ = Math.exp(-z * z) / Math.sqrt(Math.PI) / f;
  }
  return x >= 0 ? 1 - erfcZ / 2 : erfcZ / 2;
}

/** Standard normal quantile Φ⁻¹(p) for 0 < p < 1 (bisection on {@link normalCdf}). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -normalQuantile(1 - p);
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const CORNISH_FISHER_DF = 1e4;

/** Student t CDF for t ≥ 0 expressed as the upper tail P(T > t) = ½ · I_{df/(df+t²)}(df/2, ½). */
function studentUpperTail(t: number, df: number): number {
  const t2 = t * t;
  const x = df / (df + t2);
  const oneMinusX = t2 / (df + t2);
  return 0.5 * regularizedIncompleteBeta(x, df / 2, 0.5, oneMinusX);
}

/**
 * Quantile of Student's t distribution with `df` degrees of freedom: the `t` with
 * P(T ≤ t) = p. Computed numerically by inverting the regularized incomplete beta
 * (no table). `df = Infinity` gives the normal quantile. Above df = 1e4, where the
 * log-gamma differences of the beta function lose digits, the Cornish–Fisher expansion to
 * order df⁻⁴ is used instead (truncation error below 1e-15 there).
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile: p must be in (0, 1), got ${p}`);
  if (!(df > 0)) throw new RangeError(`studentTQuantile: df must be > 0, got ${df}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  const z = normalQuantile(p);
  if (df === Infinity) return z;
  if (df > CORNISH_FISHER_DF) {
    const g1 = (z ** 3 + z) / 4;
    const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
    const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
    const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
  }
  const tail = 1 - p;
  // Bracket: the t quantile is ≥ the normal one; grow the upper bound until it brackets.
  let lo = z;
  let hi = Math.max(2 * z, 1);
  while (studentUpperTail(hi, df) > tail) {
    lo = hi;
    hi *= 2;
    if (hi > 1e300) return Infinity;
  }
  for (let i = 0; i < 400 && hi - lo > 1e-14 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentUpperTail(mid, df) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ---------------------------------------------------------------------------------------------
// Descriptive statistics

/** Arithmetic mean; null for an empty list. */
export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/**
 * Sample standard deviation (Bessel-corrected, divides by n − 1); null when n < 2,
 * where it is undefined.
 */
export function sampleStd(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs) as number;
  let ss = 0;
  for (const x of xs) ss += (x - m) ** 2;
  return Math.sqrt(ss / (xs.length - 1));
}

/** A two-sided interval `[low, high]`. */
export type Interval = readonly [number, number];

/** Mean of finite scores with a two-sided t-based confidence interval. */
export interface MeanSummary {
  /** Number of finite values the mean is computed from. */
  readonly n: number;
  readonly mean: number | null;
  /** Sample standard deviation (n − 1); null when n < 2. */
  readonly std: number | null;
  readonly min: number | null;
  readonly max: number | null;
  /**
   * 95% CI of the mean: percentile bootstrap (`bootstrapMeanInterval`), so it stays within the
   * values' range (scores in [0, 1] never get an interval beyond it). Null when n < 2 (undefined
   * with one sample). When all values are equal the interval collapses to `[mean, mean]`.
   */
  readonly ci95: Interval | null;
}

/** Bootstrap resamples of `bootstrapMeanInterval`. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** Above this many values × resamples the bootstrap gives way to a clipped t interval (see below). */
const BOOTSTRAP_MAX_WORK = 4e7;
/** The fixed seed: the same values give the same interval on every run and machine. */
const BOOTSTRAP_SEED = 0x5eed;

/**
 * mulberry32: a small, fast, seedable 32-bit generator (uniform in [0, 1)). Exported for the tests'
 * seeded cases (one generator in the repository's TypeScript).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Percentile bootstrap interval of the mean of `xs` (n ≥ 2): the (1−c)/2 and (1+c)/2 quantiles
 * of the means of `resamples` resamples with replacement, drawn with a fixed seed. Why not the
 * t interval: scores are bounded by [0, 1] and cluster near 1, where mean ± t·s/√n runs past the
 * bound ([−0.77, 2.10] on a few scores); every bootstrap mean is a mean of observed values, so
 * the interval lies within [min, max]. Worst case O(resamples · n); when that exceeds 4·10^7
 * (n > 20,000 at 2,000 resamples, where the t interval is accurate) it is the t interval clipped
 * to [min, max].
 */
export function bootstrapMeanInterval(
  xs: readonly number[],
  confidence: number = CONFIDENCE,
  resamples: number = BOOTSTRAP_RESAMPLES,
): Interval | null {
  const n = xs.length;
  if (n < 2) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  if (lo === hi) return [lo, hi];
  if (resamples * n > BOOTSTRAP_MAX_WORK) {
    const m = mean(xs)!;
    const half =
      studentTQuantile(1 - (1 - confidence) / 2, n - 1) * (sampleStd(xs)! / Math.sqrt(n));
    return [Math.max(lo, m - half), Math.min(hi, m + half)];
  }
  const rand = mulberry32(BOOTSTRAP_SEED);
  const means = new Float64Array(resamples);
  fillBootstrapMeans(xs, rand, means);
  means.sort();
  const q = (p: number): number => {
    // Linear interpolation between order statistics (numpy's default "linear" method).
    const h = (resamples - 1) * p;
    const i = Math.floor(h);
    const j = Math.min(resamples - 1, i + 1);
    return means[i]! + (h - i) * (means[j]! - means[i]!);
  };
  const a = (1 - confidence) / 2;
  return [Math.max(lo, q(a)), Math.min(hi, q(1 - a))];
}

/** `out[b]`: the mean of the b-th resample of `xs` with replacement. */
function fillBootstrapMeans(xs: readonly number[], rand: () => number, out: Float64Array): void {
  const n = xs.length;
  for (let b = 0; b < out.length; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += xs[Math.floor(rand() * n)]!;
    out[b] = sum / n;
  }
}

/** Mean, sample std, min/max and the bootstrap 95% CI of `xs` (all must be finite). */
export function meanWithCI(xs: readonly number[], confidence: number = CONFIDENCE): MeanSummary {
  for (const x of xs) {
    if (!Number.isFinite(x))
      throw new RangeError(`meanWithCI: non-finite value ${x}; count it apart as NaN`);
  }
  const n = xs.length;
  const m = mean(xs);
  const sd = sampleStd(xs);
  const ci = bootstrapMeanInterval(xs, confidence);
  return {
    n,
    mean: m,
    std: sd,
    min: n ? Math.min(...xs) : null,
    max: n ? Math.max(...xs) : null,
    ci95: ci,
  };
}

/**
 * Two-sided exact sign test: the probability, if increases and decreases were equally likely,
 * of a split at least as uneven as `worse` against `better` (ties are left out before). 1 when
 * both are 0. Worst case O(min(worse, better)) terms, each from log-gamma (no overflow).
 */
export function signTestPValue(worse: number, better: number): number {
  assertCount(worse, 'worse');
  assertCount(better, 'better');
  const n = worse + better;
  if (n === 0) return 1;
  const k = Math.min(worse, better);
  const lnHalfN = n * Math.log(0.5);
  const lnNFact = logGamma(n + 1);
  let tail = 0;
  for (let i = 0; i <= k; i++)
    tail += Math.exp(lnNFact - logGamma(i + 1) - logGamma(n - i + 1) + lnHalfN);
  return Math.min(1, 2 * tail);
}

/**
 * Wilson score interval for `successes` out of `n` trials (two-sided, default 95%).
 * Null when n = 0.
 */
export function wilsonInterval(
  successes: number,
  n: number,
  confidence: number = CONFIDENCE,
): Interval | null {
  assertCount(n, 'n');
  assertCount(successes, 'successes');
  if (successes > n) throw new RangeError(`wilsonInterval: successes (${successes}) > n (${n})`);
  if (n === 0) return null;
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const z2 = z * z;
  const p = successes / n;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

function assertCount(v: number, name: string): void {
  if (!Number.isInteger(v) || v < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${v}`);
}

/**
 * Unbiased pass@k estimator (Chen et al. 2021): the probability that at least one of k
 * samples drawn without replacement from n samples, c of which pass, passes:
 * `1 − C(n−c, k)/C(n, k)`, computed in the stable product form
 * `1 − Π_{i=n−c+1..n} (1 − k/i)` (no binomials, no overflow for any n).
 *
 * Returns null when k > n: the estimator is undefined (fewer samples than k) and no
 * value is invented. Requires 0 ≤ c ≤ n and k ≥ 1.
 */
export function passAtK(n: number, c: number, k: number): number | null {
  assertCount(n, 'n');
  assertCount(c, 'c');
  assertCount(k, 'k');
  if (k < 1) throw new RangeError('k must be ≥ 1');
  if (c > n) throw new RangeError(`passAtK: c (${c}) > n (${n})`);
  if (k > n) return null;
  if (n - c < k) return 1;
  let prod = 1;
  for (let i = n - c + 1; i <= n; i++) prod *= 1 - k / i;
  return 1 - prod;
}

/**
 * pass^k: the probability that all of k samples drawn without replacement pass,
 * `C(c, k)/C(n, k) = Π_{i=0..k−1} (c − i)/(n − i)` (product form). Null when k > n
 * (undefined, as for {@link passAtK}); 0 when c < k.
 */
export function passHatK(n: number, c: number, k: number): number | null {
  assertCount(n, 'n');
  assertCount(c, 'c');
  assertCount(k, 'k');
  if (k < 1) throw new RangeError('k must be ≥ 1');
  if (c > n) throw new RangeError(`passHatK: c (${c}) > n (${n})`);
  if (k > n) return null;
  if (c < k) return 0;
  let prod = 1;
  for (let i = 0; i < k; i++) prod *= (c - i) / (n - i);
  return prod;
}

/** The samples of one task: `n` samples, `c` of them passing. */
export interface TaskCounts {
  readonly n: number;
  readonly c: number;
}

/** pass@k and pass^k of a run at one k (see {@link passAtKOverTasks}). */
export interface PassAtKSummary {
  readonly k: number;
  /** Tasks with at least k samples: the ones averaged. */
  readonly tasks: number;
  /** Tasks with fewer than k samples, for which pass@k is undefined (left out, never padded). */
  readonly skipped_tasks: number;
  /** Mean of {@link passAtK} over the `tasks`; null when no task has k samples. */
  readonly pass_at_k: number | null;
  /** Mean of {@link passHatK} over the `tasks`; null when no task has k samples. */
  readonly pass_hat_k: number | null;
}

/**
 * pass@k and pass^k of a run: the per-task estimators averaged over the tasks with at least
 * k samples only. A task with fewer samples says nothing about k draws, so it is counted in
 * `skipped_tasks` instead of being given a value.
 */
export function passAtKOverTasks(tasks: Iterable<TaskCounts>, k: number): PassAtKSummary {
  let used = 0;
  let skipped = 0;
  let sumAt = 0;
  let sumHat = 0;
  for (const { n, c } of tasks) {
    const at = passAtK(n, c, k);
    const hat = passHatK(n, c, k);
    if (at === null || hat === null) {
      skipped++;
      continue;
    }
    used++;
    sumAt += at;
    sumHat += hat;
  }
  return {
    k,
    tasks: used,
    skipped_tasks: skipped,
    pass_at_k: used ? sumAt / used : null,
    pass_hat_k: used ? sumHat / used : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Per-metric summaries

/** Summary of one metric over a run. */
export interface MetricSummary {
  /**
   * Records with a finite score for this metric. A record that did not measure it (its
   * `not_measured`, default mode) is left out, as a record without the metric: its stand-in
   * score is in no statistic here.
   */
  readonly count: number;
  /** Records where the metric was present but not measurable (score null / NaN). */
  readonly nan_count: number;
  /** Over the `count` finite scores; null when count = 0. */
  readonly mean: number | null;
  readonly min: number | null;
  readonly max: number | null;
  /** Sample standard deviation (n − 1); null when count < 2. */
  readonly std: number | null;
  /** Per-test coverage (see {@link metricCoverage}). */
  readonly coverage: MetricCoverage;
}

/**
 * Per-test coverage of a metric.
 * - `scored`: tests with at least one record giving the metric a finite score;
 * - `missing`: tests with records, none of which gives a finite score (absent, not measured
 *   or NaN) — a metric that could not be measured is missing, never zero;
 * - `failed`: failed tests that produced no record at all (threw before the matcher ran,
 *   or their file failed to import): nothing could be scored.
 */
export interface MetricCoverage {
  readonly scored: number;
  readonly missing: number;
  readonly failed: number;
}

/** One value of a metric as it appears in a record: a finite score, null (NaN), or absent. */
export type MetricValue = number | null | undefined;

/**
 * Summarize one metric from its values over records (`undefined` = the record does not
 * have the metric; it counts neither as scored nor as NaN).
 */
export function summarizeMetricValues(
  values: readonly MetricValue[],
  coverage: MetricCoverage,
): MetricSummary {
  const finite: number[] = [];
  let nan = 0;
  for (const v of values) {
    if (v === undefined) continue;
    if (v === null || !Number.isFinite(v)) nan++;
    else finite.push(v);
  }
  return {
    count: finite.length,
    nan_count: nan,
    mean: mean(finite),
    min: finite.length ? Math.min(...finite) : null,
    max: finite.length ? Math.max(...finite) : null,
    std: sampleStd(finite),
    coverage,
  };
}

/**
 * Coverage of a metric over tests. `perTest` holds, for each test, the metric's values in
 * its records (empty when the test has no record) and whether the test failed.
 */
export function metricCoverage(
  perTest: ReadonlyArray<{ readonly values: readonly MetricValue[]; readonly failed: boolean }>,
): MetricCoverage {
  let scored = 0;
  let missing = 0;
  let failed = 0;
  for (const t of perTest) {
    if (t.values.length === 0) {
      if (t.failed) failed++;
      continue;
    }
    if (t.values.some((v) => typeof v === 'number' && Number.isFinite(v))) scored++;
    else missing++;
  }
  return { scored, missing, failed };
}
