import { describe, expect, it } from 'vitest';
import { ReferenceRaise } from '../errors.js';
import { combineContinuous, continuousProfile } from './continuous.js';
import { discreteMetric } from './discrete.js';
import { structureMetric } from './structure.js';
import { timingMetric } from './timing.js';
import type { MetricResult, PairVerdict } from './types.js';
import type { TimingDetails } from './timing.js';
import {
  DEFAULT_POLICY,
  ONE_EVENT_REASON,
  ONE_PAIR_REASON,
  REFERENCE_POLICY,
} from '../policy/index.js';

/** The fitted details of a timing result (fails the test if the metric did not fit a line). */
function fit(r: MetricResult<TimingDetails>): Extract<TimingDetails, { r2: number }> {
  if (!('r2' in r.details)) throw new Error(`no fit: ${JSON.stringify(r.details)}`);
  return r.details;
}

const ev = (channel: string, timestamp: number, value: unknown = 1) => ({
  channel,
  timestamp,
  value,
});
function pair(
  g: ReturnType<typeof ev> | null,
  p: ReturnType<typeof ev> | null,
  counts = g !== null && p !== null,
): PairVerdict {
  return {
    gt: g,
    pred: p,
    sameChannel: g !== null && p !== null && g.channel === p.channel,
    valueMatch: g && p ? counts : null,
    counts,
    ignored: false,
  };
}

describe('discrete', () => {
  it('counts matches over all pairs; exact needs every event matched', () => {
    const r = discreteMetric([
      pair(ev('a', 0), ev('a', 0)),
      pair(ev('b', 1), ev('b', 1), false),
      pair(ev('c', 2), null),
    ]);
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.binary_pass).toBe(false);
    expect(r.details).toMatchObject({
      value_matches: 1,
      total_pairs: 3,
      gt_event_count: 3,
      pred_event_count: 2,
      mismatch_rate: 2 / 3,
    });
    expect(discreteMetric([])).toMatchObject({
      score: 1,
      binary_pass: true,
      details: { mismatch_rate: 0 },
    });
  });
});

describe('timing (hand-computed)', () => {
  it('a 10 % slower prediction: slope 1.1, duration score 0.6, MAPE 0.1, score 0.88, pass', () => {
    const pairs = [0, 1, 2, 3].map((t) => pair(ev('a', t), ev('a', t * 1.1)));
    const r = timingMetric(pairs);
    expect(fit(r).slope).toBeCloseTo(1.1, 12);
    expect(fit(r).r2).toBeCloseTo(1, 12);
    expect(fit(r).duration_score).toBeCloseTo(0.6, 12);
    expect(fit(r).mape).toBeCloseTo(0.1, 12);
    expect(r.score).toBeCloseTo(0.88, 12);
    expect(r.binary_pass).toBe(true);
  });

  it('0 pairs fail; nothing to time passes in default mode only (B4)', () => {
    expect(timingMetric([pair(ev('a', 0), null)])).toMatchObject({ score: 0, binary_pass: false });
    expect(timingMetric([], undefined, DEFAULT_POLICY, false)).toMatchObject({
      score: 1,
      binary_pass: true,
    });
    expect(timingMetric([], undefined, REFERENCE_POLICY, false)).toMatchObject({
      score: 0,
      binary_pass: false,
    });
  });

  // 30 golden events, the prediction matched only the first: one pair has no interval to time.
  const onlyFirstOf30 = [
    pair(ev('m', 0), ev('m', 0)),
    ...Array.from({ length: 29 }, (_, i) => pair(ev('d', i + 1), ev('d', i + 1), false)),
  ];

  it('1 matched pair of 30 golden events: 1.000 in the reference, not measured by default (B4)', () => {
    expect(timingMetric(onlyFirstOf30, undefined, REFERENCE_POLICY)).toEqual({
      name: 'timing',
      score: 1,
      binary_pass: true,
      details: { score: 1 },
    });
    expect(timingMetric(onlyFirstOf30)).toEqual({
      name: 'timing',
      score: 0,
      binary_pass: false,
      details: { reason: ONE_PAIR_REASON, score: 0 },
    });
    // As with no pair at all: the unmeasured metric does not raise the score.
    const none = timingMetric(onlyFirstOf30.slice(1));
    expect(none).toMatchObject({ score: 0, binary_pass: false });
    // Missing golden events count as golden events too.
    expect(timingMetric([pair(ev('a', 0), ev('a', 5)), pair(ev('b', 1), null)])).toMatchObject({
      score: 0,
      details: { reason: ONE_PAIR_REASON },
    });
  });

  it('a one-event golden that matched: 1, pass in both modes, the reason said by default (B4)', () => {
    const one = [pair(ev('a', 0), ev('a', 5))];
    expect(timingMetric(one, undefined, REFERENCE_POLICY)).toEqual({
      name: 'timing',
      score: 1,
      binary_pass: true,
      details: { score: 1 },
    });
    expect(timingMetric(one)).toEqual({
      name: 'timing',
      score: 1,
      binary_pass: true,
      details: { reason: ONE_EVENT_REASON, score: 1 },
    });
    // Extra predicted events are the discrete metric's business; the golden still had one event.
    expect(timingMetric([...one, pair(null, ev('b', 6))])).toMatchObject({
      score: 1,
      details: { reason: ONE_EVENT_REASON },
    });
    // An ignored golden event is not timed.
    const ignored: PairVerdict = { ...pair(ev('x', 1), ev('x', 1)), counts: false, ignored: true };
    expect(timingMetric([...one, ignored])).toMatchObject({
      score: 1,
      details: { reason: ONE_EVENT_REASON },
    });
  });

  it('equal gt timestamps: reference raises LinAlgError (B2), default scores them', () => {
    const flat = [pair(ev('a', 0), ev('a', 0)), pair(ev('b', 0), ev('b', 0))];
    expect(() => timingMetric(flat, undefined, REFERENCE_POLICY)).toThrow(ReferenceRaise);
    expect(timingMetric(flat)).toMatchObject({ score: 1, binary_pass: true });
    const spread = [pair(ev('a', 0), ev('a', 0)), pair(ev('b', 0), ev('b', 2))];
    expect(timingMetric(spread)).toMatchObject({ binary_pass: false });
  });

  it('intervals zero in the golden are left out of the MAPE by default (B11), not in reference mode', () => {
    // A golden logged in whole seconds (two events in each second), the prediction exact.
    const pairs = [0, 1, 2, 3].flatMap((t) => [
      pair(ev('a', t), ev('a', t)),
      pair(ev('b', t), ev('b', t + 0.25)),
    ]);
    // Intervals: gt 0, 1, 0, 1, 0, 1, 0 vs pred 0.25, 0.75, 0.25, …
    const ref = timingMetric(pairs, undefined, REFERENCE_POLICY);
    expect(fit(ref).mape).toBe((4 * (0.25 / 1e-10) + 3 * 0.25) / 7);
    expect(fit(ref)).not.toHaveProperty('intervals_left_out');
    expect(ref.binary_pass).toBe(false);
    const fixed = timingMetric(pairs);
    expect(fit(fixed)).toMatchObject({ mape: 0.25, mape_score: 0.75, intervals_left_out: 4 });
    expect(fixed.binary_pass).toBe(true);
  });

  it('no interval zero in the golden: nothing is left out and the key is absent (B11)', () => {
    const pairs = [0, 1, 3].map((t) => pair(ev('a', t), ev('a', t * 1.1)));
    const d = fit(timingMetric(pairs));
    expect(d).not.toHaveProperty('intervals_left_out');
    expect(d.mape).toBeCloseTo(0.1, 12);
    expect(d).toEqual(fit(timingMetric(pairs, undefined, REFERENCE_POLICY)));
  });

  it('every golden interval zero: the MAPE keeps them and B2 decides (B11)', () => {
    const spread = [pair(ev('a', 0), ev('a', 0)), pair(ev('b', 0), ev('b', 2))];
    const d = fit(timingMetric(spread));
    expect(d).not.toHaveProperty('intervals_left_out');
    expect(d.mape).toBe(2 / 1e-10);
    expect(d.mape_score).toBe(0);
  });

  it('a constant prediction has R² 1 in reference mode (B8) and 0 by default', () => {
    const pairs = [0, 1, 2].map((t) => pair(ev('a', t), ev('a', 7)));
    expect(fit(timingMetric(pairs, undefined, REFERENCE_POLICY)).r2).toBe(1);
    expect(fit(timingMetric(pairs)).r2).toBe(0);
  });
});

describe('continuous (hand-computed)', () => {
  it('pads the shorter series with its last value', () => {
    const r = continuousProfile([20, 40, 60], [20, 40]);
    expect(r.details['mae']).toBeCloseTo(20 / 3, 12);
    expect(r.details['final_diff']).toBe(20);
    expect(r.score).toBeCloseTo(0.7 * Math.exp(-20 / 3 / 15) + 0.3 * Math.exp(-20 / 15), 12);
    expect(r.binary_pass).toBe(false);
  });
  it('empty series, and NaN readings (B10)', () => {
    expect(continuousProfile([], [])).toMatchObject({
      score: 1,
      binary_pass: true,
      details: { reason: 'both empty' },
    });
    expect(continuousProfile([1], [])).toMatchObject({
      score: 0,
      binary_pass: false,
      details: { reason: 'one empty' },
    });
    expect(continuousProfile([1, Number.NaN], [1, 2])).toMatchObject({
      score: 0,
      details: { reason: 'non-finite value' },
    });
    expect(
      Number.isNaN(continuousProfile([1, Number.NaN], [1, 2], undefined, REFERENCE_POLICY).score),
    ).toBe(true);
  });
  it('combines channels by weight; zero total weight scores 1', () => {
    const r = combineContinuous([
      { channel: 'a', weight: 3, result: { score: 1, binary_pass: true } },
      { channel: 'b', weight: 1, result: { score: 0, binary_pass: false } },
    ]);
    expect(r).toMatchObject({ score: 0.75, binary_pass: false, details: { weights_sum: 4 } });
    expect(
      combineContinuous([{ channel: 'a', weight: 0, result: { score: 0.2, binary_pass: true } }])
        .score,
    ).toBe(1);
  });
  const oneEmpty = { score: 0, binary_pass: false, details: { reason: 'one empty', score: 0 } };
  it('B10: a partly measured continuous score averages every channel, as the reference does', () => {
    const outcomes = [
      { channel: 'a', weight: 1, result: { score: 0.8, binary_pass: true } },
      { channel: 'b', weight: 3, result: oneEmpty },
    ];
    expect(combineContinuous(outcomes).score).toBeCloseTo(0.2, 12);
    const fixed = combineContinuous(outcomes, true);
    // The channel never produced counts as 0: leaving it out would score a program that drops
    // a channel higher than one that drives it badly.
    expect(fixed.score).toBeCloseTo(0.2, 12);
    expect(fixed).toMatchObject({ binary_pass: false, details: { weights_sum: 4 } });
    // Some channel was measured: the combined result is a measurement, with no reason of its own.
    expect(fixed.details).not.toHaveProperty('reason');
  });
  it('B10: no channel measured keeps the stand-in score and names every reason', () => {
    const outcomes = [
      { channel: 'a', weight: 1, result: oneEmpty },
      {
        channel: 'b',
        weight: 1,
        result: { score: 1, binary_pass: true, details: { reason: 'both empty', score: 1 } },
      },
    ];
    expect(combineContinuous(outcomes, true)).toMatchObject({
      score: 0.5,
      binary_pass: false,
      details: { reason: 'a: one empty; b: both empty' },
    });
    expect(combineContinuous(outcomes).details).not.toHaveProperty('reason');
    expect(combineContinuous([], true).details).not.toHaveProperty('reason');
  });
});

describe('structure', () => {
  it('is 1 − gap rate', () => {
    const r = structureMetric([
      pair(ev('a', 0), ev('a', 0)),
      pair(ev('a', 1), ev('a', 1)),
      pair(ev('a', 2), ev('a', 2)),
      pair(null, ev('b', 3)),
    ]);
    expect(r).toMatchObject({
      score: 0.75,
      binary_pass: false,
      details: { gaps: 1, total_pairs: 4, gap_rate: 0.25 },
    });
  });
});
