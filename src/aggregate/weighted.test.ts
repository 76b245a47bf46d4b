import { describe, expect, it } from 'vitest';
import type { MetricResult } from '../metrics/types.js';
import { weightedSum } from './weighted.js';

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
