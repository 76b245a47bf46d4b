import type { MetricResult, PairVerdict } from './types.js';

/** Structure (README Q14): the share of pairs with a gap on either side; passes without gaps. */
export function structureMetric(verdicts: readonly PairVerdict[]): MetricResult {
  const total = verdicts.length;
  let gaps = 0;
  for (const v of verdicts) if (v.gt === null || v.pred === null) gaps++;
  const gapRate = total ? gaps / total : 0.0;
  return {
    name: 'structure',
    score: 1.0 - Math.min(1.0, gapRate),
    binary_pass: gapRate === 0.0,
    details: { gap_rate: gapRate, gaps, total_pairs: total },
  };
}
