import type { PairVerdict } from './verdict.js';
import type { TraceEvent } from '../trace/types.js';
import { DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';
import type { ComparatorSet } from './set.js';

export type EventPair = readonly [TraceEvent | null, TraceEvent | null];

/**
 * Judge every aligned pair once: same channel? values match (gt channel's comparator)? does it
 * count as a match for the metrics? Metrics and reports read these verdicts; nothing compares
 * values again.
 *
 * `ignore` (direct metric calls only — `evaluate` drops ignored channels before aligning) marks
 * pairs where either side's channel is ignored; they are not compared.
 */
export function compareAlignment(
  pairs: readonly EventPair[],
  comparators: ComparatorSet,
  policy: ScoringPolicy = DEFAULT_POLICY,
  ignore?: ReadonlySet<string>,
): PairVerdict[] {
  const out = new Array<PairVerdict>(pairs.length);
  for (let i = 0; i < pairs.length; i++) {
    const [gt, pred] = pairs[i]!;
    const ignored =
      ignore !== undefined &&
      ignore.size > 0 &&
      ((gt !== null && ignore.has(gt.channel)) || (pred !== null && ignore.has(pred.channel)));
    if (gt === null || pred === null || ignored) {
      out[i] = { gt, pred, sameChannel: false, valueMatch: null, counts: false, ignored };
      continue;
    }
    const sameChannel = gt.channel === pred.channel;
    const valueMatch = comparators.for(gt.channel).compare(gt.value, pred.value, gt.channel);
    const counts = policy.pairCounts(sameChannel, valueMatch); // B1
    out[i] = { gt, pred, sameChannel, valueMatch, counts, ignored };
  }
  return out;
}
