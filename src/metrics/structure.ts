import { z } from 'zod';
import { VerdictBit, type VerdictColumns } from '../compare/verdict-columns.js';
import type { MetricPlugin } from './plugin.js';
import type { Metric, MetricContext, MetricResult, PairVerdict } from './types.js';

/** `details` of the structure metric. */
export type StructureDetails = {
  readonly gap_rate: number;
  readonly gaps: number;
  readonly total_pairs: number;
};

/** Structure (README Q14): the share of pairs with a gap on either side; passes without gaps. */
export function structureMetric(
  verdicts: readonly PairVerdict[] | VerdictColumns,
): MetricResult<StructureDetails> {
  const total = verdicts.length;
  let gaps = 0;
  if (Array.isArray(verdicts)) {
    for (const v of verdicts as readonly PairVerdict[])
      if (v.gt === null || v.pred === null) gaps++;
  } else {
    const both = VerdictBit.Gt | VerdictBit.Pred;
    const codes = (verdicts as VerdictColumns).codes;
    for (let k = 0; k < codes.length; k++) if ((codes[k]! & both) !== both) gaps++;
  }
  const gapRate = total ? gaps / total : 0.0;
  return {
    name: 'structure',
    score: 1.0 - Math.min(1.0, gapRate),
    binary_pass: gapRate === 0.0,
    details: { gap_rate: gapRate, gaps, total_pairs: total },
  };
}

/** The structure metric as a `Metric` (what `evaluate` runs unless `include_structure: false`). */
export const structure: Metric<StructureDetails> = Object.freeze({
  name: 'structure',
  compute: (ctx: MetricContext) => structureMetric(ctx.columns ?? ctx.verdicts),
});

/** Registry entry of the structure metric (on unless `include_structure: false`). */
export const structurePlugin = {
  name: 'structure',
  aliases: [],
  summary: '1 − the share of pairs with a gap; passes without gaps',
  option: { key: 'include_structure', schema: () => z.boolean() },
  create: (options) => ((options.include_structure ?? true) ? structure : undefined),
} as const satisfies MetricPlugin<'structure', StructureDetails>;
