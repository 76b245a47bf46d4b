/**
 * Alignments as columns (`AlignmentColumns`): what `evaluate` works on. A built-in aligner with a
 * column fast path fills two `Int32Array`s directly; any other aligner (a user's `Aligner`, or a
 * built-in one without a fast path) is called through its public `align` and its `IndexPair[]`
 * adapted. The public `Aligner` contract stays `IndexPair[]`.
 */
import { difflibColumns, DifflibAligner } from './difflib.js';
import type {
  AlignContext,
  Aligner,
  AlignmentColumns,
  AlignmentOutcome,
  IndexPair,
} from './types.js';

type ColumnsFn = (
  gtKeys: Int32Array,
  predKeys: Int32Array,
  context: AlignContext,
) => AlignmentColumns;

/**
 * Fast paths keyed by the `align` function they reproduce: an aligner whose `align` is another
 * function (a subclass overriding it, a user's wrapper) goes through that function instead.
 */
const FAST_PATHS = new Map<Aligner['align'], ColumnsFn>([
  // eslint-disable-next-line @typescript-eslint/unbound-method -- a key compared by identity
  [DifflibAligner.prototype.align, (gt, pred) => difflibColumns(gt, pred)],
]);

/** `pairs` as columns (−1 for a `null` side), in row order. */
export function pairsToColumns(pairs: readonly IndexPair[]): AlignmentColumns {
  const gtIdx = new Int32Array(pairs.length);
  const predIdx = new Int32Array(pairs.length);
  // Made before the loop, which ends the function: V8 compiles such a loop on the fly and keeps
  // the code, and code after it would have had no type feedback then (it runs once per call).
  const out = { gtIdx, predIdx };
  for (let k = 0; k < pairs.length; k++) {
    const p = pairs[k]!;
    gtIdx[k] = p.gt === null ? -1 : p.gt;
    predIdx[k] = p.pred === null ? -1 : p.pred;
  }
  return out;
}

/**
 * Align `gtKeys` with `predKeys` by `aligner`, as columns: the same rows as
 * `aligner.align(gtKeys, predKeys, context)`, without an object per row when the aligner has a
 * built-in fast path.
 */
export function alignColumns(
  aligner: Aligner,
  gtKeys: Int32Array,
  predKeys: Int32Array,
  context: AlignContext,
): AlignmentColumns {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- looked up, never called unbound
  const fast = FAST_PATHS.get(aligner.align);
  return fast !== undefined
    ? fast(gtKeys, predKeys, context)
    : pairsToColumns(aligner.align(gtKeys, predKeys, context));
}

/**
 * `alignColumns` with the aligner's `AlignmentOutcome` when it reports one (`alignWithOutcome`),
 * else `undefined` (difflib, a user's aligner without it).
 */
export function alignColumnsWithOutcome(
  aligner: Aligner,
  gtKeys: Int32Array,
  predKeys: Int32Array,
  context: AlignContext,
): { readonly columns: AlignmentColumns; readonly outcome: AlignmentOutcome | undefined } {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- a lookup key, never called unbound
  const fast = FAST_PATHS.has(aligner.align);
  const withOutcome = aligner.alignWithOutcome?.bind(aligner);
  if (!fast && withOutcome !== undefined) {
    const r = withOutcome(gtKeys, predKeys, context);
    return { columns: pairsToColumns(r.pairs), outcome: r.outcome };
  }
  return { columns: alignColumns(aligner, gtKeys, predKeys, context), outcome: undefined };
}
