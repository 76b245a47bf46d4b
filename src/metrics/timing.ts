import { npMean, pairwiseSum, polyfit1 } from '../py/numeric.js';
import type { MetricResult, PairVerdict } from './types.js';

/** Timing thresholds (the reference's `TimingMetric` defaults). */
export interface TimingParams {
  r2_thresh: number;
  slope_lo: number;
  slope_hi: number;
  dur_tol: number;
  mape_tol: number;
}

export const DEFAULT_TIMING: Readonly<TimingParams> = Object.freeze({ r2_thresh: 0.9, slope_lo: 0.8, slope_hi: 1.2, dur_tol: 0.25, mape_tol: 1.0 });

const NO_PAIRS_REASON = 'no matching PV/value pairs for timing evaluation';

/** Python's `max(0.0, v)`: returns 0.0 unless `v > 0.0` (so NaN gives 0.0). */
function max0(v: number): number {
  return v > 0.0 ? v : 0.0;
}

/** Python's `min(v, 1.0)`: returns `v` unless `1.0 < v` (so NaN stays NaN). */
function min1(v: number): number {
  return 1.0 < v ? 1.0 : v;
}

/**
 * Timing (README Q12) over the pairs that count as matches: a linear fit of predicted against
 * golden times (R², slope), the total duration and the interval MAPE.
 *
 * Reference mode reproduces the reference, including its crash when every matched gt timestamp
 * is equal (B2, `LinAlgError`), R² = 1 when every matched pred timestamp is equal (B8), and a
 * duration score of 0 with a skipped duration check when the gt duration is 0 (B10).
 * Default mode: a constant gt time axis is scored, not a crash (perfect when the prediction is
 * constant too, failed otherwise); R² is 0 when only the prediction is constant; the duration check
 * and score agree when the gt duration is 0; R² is clamped to [0, 1] for the score; and when
 * neither trace has any discrete event to time (`hasEvents` false) timing is not applicable and
 * passes with score 1 (B4).
 */
export function timingMetric(
  verdicts: readonly PairVerdict[],
  params: Readonly<TimingParams> = DEFAULT_TIMING,
  mode: 'default' | 'reference' = 'default',
  hasEvents = true,
): MetricResult {
  const gtT: number[] = [];
  const prT: number[] = [];
  for (const v of verdicts) {
    if (v.gt === null || v.pred === null || !v.counts) continue;
    gtT.push(v.gt.timestamp);
    prT.push(v.pred.timestamp);
  }
  const n = gtT.length;
  if (n === 0) {
    if (mode === 'default' && !hasEvents) {
      return { name: 'timing', score: 1.0, binary_pass: true, details: { reason: 'no discrete events to time', score: 1.0 } };
    }
    return { name: 'timing', score: 0.0, binary_pass: false, details: { reason: NO_PAIRS_REASON, score: 0.0 } };
  }
  if (n < 2) return { name: 'timing', score: 1.0, binary_pass: true, details: { score: 1.0 } };

  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const g0 = gtT[0]!;
  const p0 = prT[0]!;
  let xConst = true;
  let yConst = true;
  for (let i = 0; i < n; i++) {
    x[i] = gtT[i]! - g0;
    y[i] = prT[i]! - p0;
    if (x[i] !== x[0]) xConst = false;
    if (y[i] !== y[0]) yConst = false;
  }

  let slope: number;
  let r2: number;
  if (mode === 'default' && xConst) {
    // Every matched gt event happened at one instant: no line to fit (the reference crashes, B2).
    slope = yConst ? 1.0 : Number.NaN;
    r2 = yConst ? 1.0 : 0.0;
  } else {
    // Default mode fits on data scaled to [-1, 1] so subnormal or huge time spans neither
    // underflow nor overflow the sums (R² is scale-free; the slope is scaled back).
    let fx = x;
    let fy = y;
    let back = 1;
    if (mode === 'default') {
      let sx = 0;
      let sy = 0;
      for (let i = 0; i < n; i++) {
        sx = Math.max(sx, Math.abs(x[i]!));
        sy = Math.max(sy, Math.abs(y[i]!));
      }
      fx = x.map((v) => v / sx);
      if (sy > 0) fy = y.map((v) => v / sy);
      back = sy > 0 ? sy / sx : 1 / sx;
    }
    const fit = polyfit1(fx, fy); // throws LinAlgError for a constant x (reference mode, B2)
    slope = mode === 'default' ? fit.slope * back : fit.slope;
    const res = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const d = fy[i]! - (fit.slope * fx[i]! + fit.intercept);
      res[i] = d * d;
    }
    const ssRes = pairwiseSum(res);
    const my = npMean(fy);
    const dev = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const d = fy[i]! - my;
      dev[i] = d * d;
    }
    const ssTot = pairwiseSum(dev);
    if (ssTot > 0) r2 = 1.0 - ssRes / ssTot;
    else r2 = mode === 'reference' ? 1.0 : 0.0; // B8: a constant prediction is not a perfect fit
  }

  const r2Score = mode === 'reference' ? r2 : Math.min(1, Math.max(0, r2));
  const slopeScore = mode === 'default' && Number.isNaN(slope) ? 0.0 : 1.0 - min1(Math.abs(slope - 1.0));

  const durGt = x[n - 1]!;
  const durPr = y[n - 1]!;
  let durationScore: number;
  let durationOk: boolean;
  if (durGt === 0.0) {
    if (mode === 'reference') {
      durationScore = 0.0;
      durationOk = true; // B10: check skipped while the score is 0
    } else {
      durationOk = durPr === 0.0;
      durationScore = durationOk ? 1.0 : 0.0;
    }
  } else {
    const diff = Math.abs(durPr - durGt) / durGt;
    durationScore = max0(1.0 - diff / params.dur_tol);
    durationOk = diff <= params.dur_tol;
  }

  const ratios = new Float64Array(n - 1);
  for (let i = 0; i < n - 1; i++) {
    const gi = x[i + 1]! - x[i]!;
    const pi = y[i + 1]! - y[i]!;
    const absG = Math.abs(gi);
    ratios[i] = Math.abs(gi - pi) / (absG > 1e-10 ? absG : 1e-10);
  }
  const mape = npMean(ratios);
  const mapeScore = max0(1.0 - mape / params.mape_tol);

  const score = 0.4 * r2Score + 0.2 * slopeScore + 0.2 * durationScore + 0.2 * mapeScore;
  const pass = r2 >= params.r2_thresh && params.slope_lo <= slope && slope <= params.slope_hi && durationOk && mape <= params.mape_tol;

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
    },
  };
}
