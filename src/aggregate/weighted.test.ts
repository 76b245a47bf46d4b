import { describe, expect, it } from 'vitest';
import type { MetricResult } from '../metrics/types.js';
import { aggregate, weightedSum } from './weighted.js';
import { REFERENCE_POLICY } from '../policy/index.js';

const m = (score: number): MetricResult => ({ name: 'x', score, binary_pass: true, details: {} });

describe('weightedSum', () => {
  it('sums w·score in the given order, skipping metrics that were not computed, without normalising', () => {
    const r = weightedSum({ discrete: m(0.5), timing: m(1) }, [
      ['timing', 0.3],
      ['continuous', 0.5],
      ['discrete', 2],
    ]);
    expect(r.total).toBeCloseTo(1.3, 12);
    expect(r.contributions).toEqual([
      ['timing', 0.3],
      ['discrete', 1],
    ]);
  });
  it('ignores inherited names', () => {
    expect(weightedSum({}, [['toString', 1]]).total).toBe(0);
  });
});

describe('aggregate', () => {
  const metrics = { discrete: m(0.5), timing: m(1) };

  it('default: the built-in set the score uses is the set the report shows (B3)', () => {
    const r = aggregate(metrics, { useContinuous: true });
    expect(r.full_score).toBeCloseTo(0.8 * 0.5 + 0.2, 12);
    expect(r.report).toEqual({
      weights: { discrete: 0.8, timing: 0.2 },
      contributions: { discrete: 0.4, timing: 0.2, _sum: 0.6000000000000001 },
    });
  });

  it('reference: use_continuous scores with 0.6/0.2/0.2 but reports 0.8/0.2 (B3)', () => {
    const r = aggregate(metrics, { useContinuous: true }, REFERENCE_POLICY);
    expect(r.full_score).toBeCloseTo(0.6 * 0.5 + 0.2, 12);
    expect(r.report).toMatchObject({ weights: { discrete: 0.8, timing: 0.2 } });
    expect(
      (r.report as { contributions: Record<string, number> }).contributions['_sum'],
    ).toBeCloseTo(0.6, 12);
  });

  it('given weights apply in order; a weight for a missing metric is an error by default only (S1)', () => {
    expect(aggregate(metrics, { weights: { timing: 1 } }).full_score).toBe(1);
    expect(() => aggregate(metrics, { weights: { structure: 1 } })).toThrow(
      /aggregation\.weights\.structure: metric "structure" is not computed/,
    );
    expect(aggregate(metrics, { weights: { structure: 1 } }, REFERENCE_POLICY).full_score).toBe(0);
  });

  it('a formula replaces the weighted sum', () => {
    const r = aggregate(metrics, { formula: (s) => s['discrete']! * s['timing']! });
    expect(r).toEqual({ full_score: 0.5, report: { info: 'custom_formula' } });
  });
});
