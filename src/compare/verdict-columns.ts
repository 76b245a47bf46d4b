import { DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';
import type { TraceEvent } from '../trace/types.js';
import type { ComparatorSet } from './set.js';
import type { PairVerdict } from './verdict.js';

/** Bits of a verdict code (one byte per pair in `VerdictColumns.codes`). */
export const VerdictBit = Object.freeze({
  /** The pair has a gt event. */
  Gt: 1,
  /** The pair has a pred event. */
  Pred: 2,
  /** Both sides present and on the same channel. */
  SameChannel: 4,
  /** The comparator said the values match (meaningful only with Gt, Pred and not Ignored). */
  ValueMatch: 8,
  /** The pair counts as a match for the discrete and timing metrics. */
  Counts: 16,
  /** Skipped because a side's channel is ignored. */
  Ignored: 32,
} as const);

/**
 * The judged alignment as struct-of-arrays: what `compareAlignment`'s `PairVerdict[]` says, with
 * no object per pair. Pair `k` is `gtEvents[gtIdx[k]]` (a gap when `gtIdx[k] < 0`) against
 * `predEvents[predIdx[k]]`, judged as `codes[k]` (`VerdictBit` flags).
 */
export interface VerdictColumns {
  readonly length: number;
  readonly gtEvents: readonly TraceEvent[];
  readonly predEvents: readonly TraceEvent[];
  readonly gtIdx: Int32Array;
  readonly predIdx: Int32Array;
  readonly codes: Uint8Array;
}

/**
 * Judge the aligned pairs `gtIdx[k]`/`predIdx[k]` (indices into `gtEvents`/`predEvents`, −1 = gap)
 * exactly as `compareAlignment` does, into verdict codes.
 */
export function judgeColumns(
  gtEvents: readonly TraceEvent[],
  predEvents: readonly TraceEvent[],
  gtIdx: Int32Array,
  predIdx: Int32Array,
  comparators: ComparatorSet,
  policy: ScoringPolicy = DEFAULT_POLICY,
  ignore?: ReadonlySet<string>,
): VerdictColumns {
  const n = gtIdx.length;
  const codes = new Uint8Array(n);
  const checkIgnore = ignore !== undefined && ignore.size > 0;
  for (let k = 0; k < n; k++) {
    const gi = gtIdx[k]!;
    const pi = predIdx[k]!;
    const gt = gi < 0 ? null : gtEvents[gi]!;
    const pred = pi < 0 ? null : predEvents[pi]!;
    let code = (gt !== null ? VerdictBit.Gt : 0) | (pred !== null ? VerdictBit.Pred : 0);
    if (
      checkIgnore &&
      ((gt !== null && ignore.has(gt.channel)) || (pred !== null && ignore.has(pred.channel)))
    ) {
      codes[k] = code | VerdictBit.Ignored;
      continue;
    }
    if (gt !== null && pred !== null) {
      const sameChannel = gt.channel === pred.channel;
      const valueMatch = comparators.for(gt.channel).compare(gt.value, pred.value, gt.channel);
      if (sameChannel) code |= VerdictBit.SameChannel;
      if (valueMatch) code |= VerdictBit.ValueMatch;
      if (policy.pairCounts(sameChannel, valueMatch)) code |= VerdictBit.Counts; // B1
    }
    codes[k] = code;
  }
  return { length: n, gtEvents, predEvents, gtIdx, predIdx, codes };
}

/** The gt event of pair `k`, or null for a gap. */
export function gtAt(cols: VerdictColumns, k: number): TraceEvent | null {
  const i = cols.gtIdx[k]!;
  return i < 0 ? null : cols.gtEvents[i]!;
}

/** The pred event of pair `k`, or null for a gap. */
export function predAt(cols: VerdictColumns, k: number): TraceEvent | null {
  const i = cols.predIdx[k]!;
  return i < 0 ? null : cols.predEvents[i]!;
}

/** `valueMatch` of a `PairVerdict` from its code: null for a gap or an ignored pair. */
export function valueMatchOf(code: number): boolean | null {
  if (
    (code & VerdictBit.Ignored) !== 0 ||
    (code & (VerdictBit.Gt | VerdictBit.Pred)) !== (VerdictBit.Gt | VerdictBit.Pred)
  )
    return null;
  return (code & VerdictBit.ValueMatch) !== 0;
}

/** Pair `k` as a `PairVerdict` object. */
export function verdictAt(cols: VerdictColumns, k: number): PairVerdict {
  const code = cols.codes[k]!;
  return {
    gt: gtAt(cols, k),
    pred: predAt(cols, k),
    sameChannel: (code & VerdictBit.SameChannel) !== 0,
    valueMatch: valueMatchOf(code),
    counts: (code & VerdictBit.Counts) !== 0,
    ignored: (code & VerdictBit.Ignored) !== 0,
  };
}

/** Every pair as a `PairVerdict` object (what `compareAlignment` returns). */
export function verdictsOf(cols: VerdictColumns): PairVerdict[] {
  const out = new Array<PairVerdict>(cols.length);
  for (let k = 0; k < cols.length; k++) out[k] = verdictAt(cols, k);
  return out;
}

/** `PairVerdict[]` (e.g. from `compareAlignment`, or built by hand) as columns. */
export function columnsOfVerdicts(verdicts: readonly PairVerdict[]): VerdictColumns {
  const n = verdicts.length;
  const gtEvents: TraceEvent[] = [];
  const predEvents: TraceEvent[] = [];
  const gtIdx = new Int32Array(n);
  const predIdx = new Int32Array(n);
  const codes = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const v = verdicts[k]!;
    gtIdx[k] = v.gt === null ? -1 : gtEvents.push(v.gt) - 1;
    predIdx[k] = v.pred === null ? -1 : predEvents.push(v.pred) - 1;
    codes[k] =
      (v.gt !== null ? VerdictBit.Gt : 0) |
      (v.pred !== null ? VerdictBit.Pred : 0) |
      (v.sameChannel ? VerdictBit.SameChannel : 0) |
      (v.valueMatch === true ? VerdictBit.ValueMatch : 0) |
      (v.counts ? VerdictBit.Counts : 0) |
      (v.ignored ? VerdictBit.Ignored : 0);
  }
  return { length: n, gtEvents, predEvents, gtIdx, predIdx, codes };
}
