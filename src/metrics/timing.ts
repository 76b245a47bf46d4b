import { npMean, pairwiseSum, polyfit1 } from '../py/numeric.js';
import { NO_PAIRS_REASON, DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';
import { thresholdsSchema, type TimingThresholds } from './params.js';
import { VerdictBit, type VerdictColumns } from '../compare/verdict-columns.js';
import type { MetricPlugin } from './plugin.js';
import type { Metric, MetricContext, MetricResult, PairVerdict } from './types.js';

export type { TimingThresholds } from './params.js';

/**
 * `details` of the timing metric: the fit (n ≥ 2), `{score}` (n = 1, reference mode), or why
 * nothing was timed.
 */
export type TimingDetails =
  | {
      readonly r2: number;
      readonly slope: number;
      readonly mape: number;
      readonly duration_ratio: number;
      readonly score: number;
      readonly r2_score: number;
      readonly slope_score: number;
      readonly duration_score: number;
      readonly mape_score: number;
      /**
       * Default mode (B11): how many intervals were left out of `mape` because they are zero in
       * the golden; absent when none was.
       */
      readonly intervals_left_out?: number;
    }
  | { readonly score: number }
  | { readonly reason: string; readonly score: number };

/** Timing thresholds (the reference's `TimingMetric` defaults). */
export interface TimingParams {
  r2_thresh: number;
  slope_lo: number;
  slope_hi: number;
  dur_tol: number;
  mape_tol: number;
}

export const DEFAULT_TIMING: Readonly<TimingParams> = Object.freeze({
  r2_thresh: 0.9,
  slope_lo: 0.8,
  slope_hi: 1.2,
  dur_tol: 0.25,
  mape_tol: 1.0,
});

/** Python's `max(0.0, v)`: returns 0.0 unless `v > 0.0` (so NaN gives 0.0). */
function max0(v: number): number {
  return v > 0.0 ? v : 0.0;
}

/**
 * Timing (README Q12) over the pairs that count as matches: a linear fit of predicted against
 * golden times (R², slope), the total duration and the interval MAPE.
 *
 * Where the modes differ the policy decides: a constant gt time axis (B2: the reference raises
 * `LinAlgError`), a constant prediction (B8), a zero gt duration (B10), nothing to time at all
 * (`hasEvents` false: neither trace has a discrete event, B4) and one matched pair, which has no
 * interval to time (B4: not applicable when the golden has one discrete event, else not measured);
 * intervals zero in the golden are left out of the MAPE (B11).
 */
export function timingMetric(
  verdicts: readonly PairVerdict[] | VerdictColumns,
  params: Readonly<TimingParams> = DEFAULT_TIMING,
  policy: ScoringPolicy = DEFAULT_POLICY,
  hasEvents = true,
): MetricResult<TimingDetails> {
  // The matched times, then x = t − t[0] in place and the interval ratios in one pass: this runs
  // once per evaluation, mostly before the JIT has compiled it, and each loop costs a compilation.
  // One scratch array of 2n numbers serves the ratios and then every sum of the fit in turn.
  const { gtT, prT, scratch, gtEvents } = matchedTimes(verdicts);
  const n = gtT.length;
  if (n === 0) {
    const notApplicable = hasEvents ? undefined : policy.timingWithoutEvents();
    if (notApplicable) return { name: 'timing', ...notApplicable };
    return {
      name: 'timing',
      score: 0.0,
      binary_pass: false,
      details: { reason: NO_PAIRS_REASON, score: 0.0 },
    };
  }
  if (n < 2) {
    const onePair = policy.timingOnePair(gtEvents);
    if (onePair) return { name: 'timing', ...onePair };
    return { name: 'timing', score: 1.0, binary_pass: true, details: { score: 1.0 } };
  }

  const x = gtT;
  const y = prT;
  const ratios = scratch;
  const { xConst, yConst, sx, sy } = shiftAndRatios(x, y, ratios, n);
  const durGt = x[n - 1]!;
  const durPr = y[n - 1]!;
  // np.mean of the n − 1 ratios, or (B11) of those whose golden interval is not zero.
  const leftOut = policy.mapeSkipsZeroGtIntervals ? leaveOutZeroGtIntervals(x, ratios, n) : 0;
  const mape = pairwiseSum(ratios, 0, n - 1 - leftOut) / (n - 1 - leftOut);
  const mapeScore = max0(1.0 - mape / params.mape_tol);

  // Last: the scaled fit rescales x and y in place.
  const fitted =
    (xConst ? policy.constantGtTime(yConst) : undefined) ??
    lineFit(x, y, sx, sy, policy.scaledTimingFit, policy.r2WhenPredConstant, scratch);
  const { slope, r2 } = fitted;
  const r2Score = policy.r2Score(r2);
  const slopeScore = policy.slopeScore(slope);

  let durationScore: number;
  let durationOk: boolean;
  if (durGt === 0.0) {
    ({ score: durationScore, ok: durationOk } = policy.zeroGtDuration(durPr));
  } else {
    const diff = Math.abs(durPr - durGt) / durGt;
    durationScore = max0(1.0 - diff / params.dur_tol);
    durationOk = diff <= params.dur_tol;
  }

  const score = 0.4 * r2Score + 0.2 * slopeScore + 0.2 * durationScore + 0.2 * mapeScore;
  const pass =
    r2 >= params.r2_thresh &&
    params.slope_lo <= slope &&
    slope <= params.slope_hi &&
    durationOk &&
    mape <= params.mape_tol;

  return {
    name: 'timing',
    score,
    binary_pass: pass,
    details: {
      r2,
      slope,
      mape,
      duration_ratio: durPr / (durGt || 1.0),
      score,
      r2_score: r2Score,
      slope_score: slopeScore,
      duration_score: durationScore,
      mape_score: mapeScore,
      ...(leftOut > 0 ? { intervals_left_out: leftOut } : {}),
    },
  };
}

/**
 * B11: moves the ratios of the intervals whose golden interval is not zero to the front of
 * `ratios` (in order) and returns how many were left behind, or 0 (nothing moved) when no golden
 * interval or every one is zero. `x`: the shifted golden times (before the scaled fit).
 */
function leaveOutZeroGtIntervals(x: Float64Array, ratios: Float64Array, n: number): number {
  let kept = 0;
  for (let i = 1; i < n; i++) if (x[i] !== x[i - 1]) kept++;
  if (kept === n - 1 || kept === 0) return 0;
  let k = 0;
  for (let i = 1; i < n; i++) if (x[i] !== x[i - 1]) ratios[k++] = ratios[i - 1]!;
  return n - 1 - kept;
}

/**
 * `timingMetric`'s one pass over the matched times: x = t − t[0] and y likewise, in place; the
 * interval ratios of the MAPE into `ratios`; whether x and y are constant, and their largest
 * magnitudes (for the scaled fit).
 */
function shiftAndRatios(
  x: Float64Array,
  y: Float64Array,
  ratios: Float64Array,
  n: number,
): { xConst: boolean; yConst: boolean; sx: number; sy: number } {
  const g0 = x[0]!;
  const p0 = y[0]!;
  x[0] = g0 - g0;
  y[0] = p0 - p0;
  let xConst = true;
  let yConst = true;
  let sx = Math.abs(x[0]);
  let sy = Math.abs(y[0]);
  for (let i = 1; i < n; i++) {
    const xi = x[i]! - g0;
    const yi = y[i]! - p0;
    x[i] = xi;
    y[i] = yi;
    if (xi !== x[0]) xConst = false;
    if (yi !== y[0]) yConst = false;
    sx = Math.max(sx, Math.abs(xi));
    sy = Math.max(sy, Math.abs(yi));
    const gi = xi - x[i - 1]!;
    const pi = yi - y[i - 1]!;
    const absG = Math.abs(gi);
    ratios[i - 1] = Math.abs(gi - pi) / (absG > 1e-10 ? absG : 1e-10);
  }
  return { xConst, yConst, sx, sy };
}

/**
 * The gt and pred timestamps of the pairs that count as matches, in pair order, a scratch array
 * of twice their number (or more), and how many pairs hold a gt event not ignored (the golden's
 * discrete events).
 */
function matchedTimes(verdicts: readonly PairVerdict[] | VerdictColumns): {
  gtT: Float64Array;
  prT: Float64Array;
  scratch: Float64Array;
  gtEvents: number;
} {
  if (Array.isArray(verdicts)) {
    const gt: number[] = [];
    const pr: number[] = [];
    let gtEvents = 0;
    for (const v of verdicts as readonly PairVerdict[]) {
      if (v.gt !== null && !v.ignored) gtEvents++;
      if (v.gt === null || v.pred === null || !v.counts) continue;
      gt.push(v.gt.timestamp);
      pr.push(v.pred.timestamp);
    }
    return {
      gtT: Float64Array.from(gt),
      prT: Float64Array.from(pr),
      scratch: new Float64Array(2 * gt.length),
      gtEvents,
    };
  }
  // Columns (what evaluate passes): one loop into arrays as long as the columns, then views of
  // the matched part.
  const cols = verdicts as VerdictColumns;
  const need = VerdictBit.Gt | VerdictBit.Pred | VerdictBit.Counts;
  const gtBits = VerdictBit.Gt | VerdictBit.Ignored;
  const codes = cols.codes;
  const gtT = new Float64Array(codes.length);
  const prT = new Float64Array(codes.length);
  let n = 0;
  let gtEvents = 0;
  for (let k = 0; k < codes.length; k++) {
    const code = codes[k]!;
    if ((code & gtBits) === VerdictBit.Gt) gtEvents++;
    if ((code & need) !== need) continue;
    gtT[n] = cols.gtEvents[cols.gtIdx[k]!]!.timestamp;
    prT[n++] = cols.predEvents[cols.predIdx[k]!]!.timestamp;
  }
  return {
    gtT: gtT.subarray(0, n),
    prT: prT.subarray(0, n),
    scratch: new Float64Array(2 * n),
    gtEvents,
  };
}

/**
 * Least-squares line of `y` on `x` (numpy `polyfit(x, y, 1)`; throws `LinAlgError` for a constant
 * `x`) and its R² (`whenYConstant` when every `y` is equal). `scaled` fits on data scaled to
 * [−1, 1] so subnormal or huge time spans neither underflow nor overflow the sums (R² is
 * scale-free; the slope is scaled back): `x` and `y` are then divided in place by `sx` and `sy`,
 * the largest |x| and |y|. `scratch`: an array of 2·`x.length` numbers for the sums (overwritten).
 */
function lineFit(
  x: Float64Array,
  y: Float64Array,
  sx: number,
  sy: number,
  scaled: boolean,
  whenYConstant: number,
  scratch: Float64Array,
): { slope: number; r2: number } {
  const n = x.length;
  let back = 1;
  if (scaled) {
    for (let i = 0; i < n; i++) {
      x[i] = x[i]! / sx;
      if (sy > 0) y[i] = y[i]! / sy;
    }
    back = sy > 0 ? sy / sx : 1 / sx;
  }
  const fit = polyfit1(x, y, scratch);
  // Squared residuals of the line in scratch[0, n), squared deviations of y from its mean in [n, 2n).
  const my = npMean(y);
  for (let i = 0; i < n; i++) {
    const r = y[i]! - (fit.slope * x[i]! + fit.intercept);
    scratch[i] = r * r;
    const d = y[i]! - my;
    scratch[n + i] = d * d;
  }
  const ssRes = pairwiseSum(scratch, 0, n);
  const ssTot = pairwiseSum(scratch, n, n);
  return {
    slope: scaled ? fit.slope * back : fit.slope,
    r2: ssTot > 0 ? 1.0 - ssRes / ssTot : whenYConstant,
  };
}

/** The timing metric with these thresholds, as a `Metric` (what `evaluate` runs). */
export function timing(thresholds: Readonly<TimingThresholds> = {}): Metric<TimingDetails> {
  const params: TimingParams = { ...DEFAULT_TIMING, ...thresholds };
  return Object.freeze({
    name: 'timing',
    // Every aligned event is in some pair, so no pairs means no discrete events on either side (B4).
    compute: (ctx: MetricContext) => {
      const verdicts = ctx.columns ?? ctx.verdicts;
      return timingMetric(verdicts, params, ctx.policy, verdicts.length > 0);
    },
  });
}

/** Registry entry of the timing metric (thresholds under `timing`). */
export const timingPlugin = {
  name: 'timing',
  aliases: [],
  summary: 'linear fit of matched predicted vs golden times: R², slope, duration, interval MAPE',
  option: {
    key: 'timing',
    schema: thresholdsSchema,
  },
  create: (options) => timing(options.timing),
} as const satisfies MetricPlugin<'timing', TimingDetails>;
