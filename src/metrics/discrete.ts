import {
  columnsOfVerdicts,
  gtAt,
  predAt,
  VerdictBit,
  type VerdictColumns,
} from '../compare/verdict-columns.js';
import { eventTuple } from '../trace/trace.js';
import { defineLazyList } from './lazy.js';
import type { EventTuple } from '../trace/types.js';
import type { MetricPlugin } from './plugin.js';
import type { Metric, MetricContext, MetricResult, PairVerdict } from './types.js';

/** `details` of the discrete metric (the reference's keys). */
export type DiscreteDetails = {
  readonly mismatch_rate: number;
  readonly exact: boolean;
  readonly value_matches: number;
  readonly total_pairs: number;
  readonly gt_event_count: number;
  readonly pred_event_count: number;
  readonly aligned_gt: ReadonlyArray<EventTuple | null>;
  readonly aligned_pred: ReadonlyArray<EventTuple | null>;
};

/**
 * Discrete state match (README Q11): over all pairs (ignored ones skipped), `value_matches` counts
 * the pairs whose verdict counts as a match; `score = matches / pairs` (1.0 without pairs);
 * `exact` (the binary pass) when every gt event and every pred event is matched.
 *
 * Takes the verdicts as objects or as columns; with columns, `aligned_gt`/`aligned_pred` are
 * built on first read (see `lazy.ts`).
 */
export function discreteMetric(
  verdicts: readonly PairVerdict[] | VerdictColumns,
): MetricResult<DiscreteDetails> {
  const cols = Array.isArray(verdicts)
    ? columnsOfVerdicts(verdicts as readonly PairVerdict[])
    : (verdicts as VerdictColumns);
  const codes = cols.codes;
  let matches = 0;
  let total = 0;
  let gtCount = 0;
  let predCount = 0;
  let ignored = 0;
  for (let k = 0; k < codes.length; k++) {
    const c = codes[k]!;
    if ((c & VerdictBit.Ignored) !== 0) {
      ignored++;
      continue;
    }
    total++;
    if ((c & VerdictBit.Gt) !== 0) gtCount++;
    if ((c & VerdictBit.Pred) !== 0) predCount++;
    if ((c & VerdictBit.Counts) !== 0) matches++;
  }
  const score = total ? matches / total : 1.0;
  const mismatchRate = total ? (total - matches) / total : 0.0;
  const exact = matches === gtCount && matches === predCount;
  // Positions of the pairs that are listed (every pair unless some were ignored).
  let listed: Int32Array | undefined;
  if (ignored > 0) {
    listed = new Int32Array(total);
    for (let k = 0, j = 0; k < codes.length; k++)
      if ((codes[k]! & VerdictBit.Ignored) === 0) listed[j++] = k;
  }
  const at = (k: number) => (listed === undefined ? k : listed[k]!);
  const details = {
    mismatch_rate: mismatchRate,
    exact,
    value_matches: matches,
    total_pairs: total,
    gt_event_count: gtCount,
    pred_event_count: predCount,
  } as Record<string, unknown>;
  defineLazyList(details, 'aligned_gt', {
    length: total,
    item: (k) => eventTuple(gtAt(cols, at(k))),
  });
  defineLazyList(details, 'aligned_pred', {
    length: total,
    item: (k) => eventTuple(predAt(cols, at(k))),
  });
  return {
    name: 'discrete',
    score,
    binary_pass: exact,
    details: details as unknown as DiscreteDetails,
  };
}

/** The discrete metric as a `Metric` (what `evaluate` runs). */
export const discrete: Metric<DiscreteDetails> = Object.freeze({
  name: 'discrete',
  compute: (ctx: MetricContext) => discreteMetric(ctx.columns ?? ctx.verdicts),
});

/** Registry entry of the discrete metric. */
export const discretePlugin = {
  name: 'discrete',
  aliases: [],
  summary: 'share of aligned pairs whose values match; exact when every event is matched',
  create: () => discrete,
} as const satisfies MetricPlugin<'discrete', DiscreteDetails>;
