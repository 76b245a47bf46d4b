/**
 * CPython's `difflib.SequenceMatcher(None, a, b, autojunk=False)` (`get_matching_blocks`,
 * `get_opcodes`) over integer keys, and the difflib aligner built on it.
 *
 * The reference aligner is exactly this call on the channel names, so the blocks must
 * reproduce its tie rules bit for bit (README Q2): the longest common block wins; ties go
 * to the smallest gt index, then the smallest pred index. The blocks come from the
 * near-linear `fastMatchingBlocks` (`difflib-fast.ts`), which the differential tests hold
 * identical to the straightforward port (`test/oracles/difflib-port.ts`).
 */
import { fastMatchingBlocks } from './difflib-fast.js';
import type { AlignContext, Aligner, AlignmentColumns, IndexPair } from './types.js';

/** One `get_opcodes()` entry: `a[i1:i2]` relates to `b[j1:j2]`. */
export interface Opcode {
  readonly tag: 'equal' | 'replace' | 'delete' | 'insert';
  readonly i1: number;
  readonly i2: number;
  readonly j1: number;
  readonly j2: number;
}

export type { MatchingBlock } from './types.js';
import type { MatchingBlock } from './types.js';

/**
 * `SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()`: maximal matching
 * blocks in increasing order, adjacent blocks merged, ending with the sentinel
 * `{a: len(a), b: len(b), size: 0}`.
 */
export function matchingBlocks(a: Int32Array, b: Int32Array): MatchingBlock[] {
  return fastMatchingBlocks(a, b);
}

/** `get_opcodes()` walk over matching blocks. */
function opcodesFromBlocks(blocks: readonly MatchingBlock[]): Opcode[] {
  let i = 0;
  let j = 0;
  const answer: Opcode[] = [];
  for (const { a: ai, b: bj, size } of blocks) {
    let tag: Opcode['tag'] | '' = '';
    if (i < ai && j < bj) tag = 'replace';
    else if (i < ai) tag = 'delete';
    else if (j < bj) tag = 'insert';
    if (tag) answer.push({ tag, i1: i, i2: ai, j1: j, j2: bj });
    i = ai + size;
    j = bj + size;
    if (size) answer.push({ tag: 'equal', i1: ai, i2: i, j1: bj, j2: j });
  }
  return answer;
}

/** `SequenceMatcher(None, a, b, autojunk=False).get_opcodes()`, exactly. */
export function difflibOpcodes(a: Int32Array, b: Int32Array): Opcode[] {
  return opcodesFromBlocks(matchingBlocks(a, b));
}

/**
 * Turn opcodes into index pairs the way the reference `DifflibAligner` does: `equal` spans
 * pair one to one, `delete` leaves gt events unpaired, `insert` leaves pred events unpaired,
 * and a `replace` span pairs positionally `(gt[i1+k], pred[j1+k])`, padding the shorter
 * side with gaps at the end of the span (README Q3).
 */
export function opcodesToPairs(opcodes: readonly Opcode[]): IndexPair[] {
  const pairs: IndexPair[] = [];
  for (const { tag, i1, i2, j1, j2 } of opcodes) {
    switch (tag) {
      case 'equal':
        for (let k = 0; k < i2 - i1; k++) pairs.push({ gt: i1 + k, pred: j1 + k, tag: 'equal' });
        break;
      case 'delete':
        for (let i = i1; i < i2; i++) pairs.push({ gt: i, pred: null, tag: 'delete' });
        break;
      case 'insert':
        for (let j = j1; j < j2; j++) pairs.push({ gt: null, pred: j, tag: 'insert' });
        break;
      case 'replace': {
        const span = Math.max(i2 - i1, j2 - j1);
        for (let k = 0; k < span; k++) {
          const gi = i1 + k;
          const pj = j1 + k;
          pairs.push({ gt: gi < i2 ? gi : null, pred: pj < j2 ? pj : null, tag: 'replace' });
        }
        break;
      }
    }
  }
  return pairs;
}

/**
 * The rows of `opcodesToPairs(opcodes)` as columns (−1 for `null`), with no object per row. Every
 * opcode spans max(i2 − i1, j2 − j1) rows and a side past its end is a gap: that is the one-to-one
 * `equal` span, the one-sided `delete`/`insert` spans, and a `replace` span padded at its end.
 */
export function opcodesToColumns(opcodes: readonly Opcode[]): AlignmentColumns {
  let n = 0;
  for (const { i1, i2, j1, j2 } of opcodes) n += Math.max(i2 - i1, j2 - j1);
  const gtIdx = new Int32Array(n);
  const predIdx = new Int32Array(n);
  let k = 0;
  for (const { i1, i2, j1, j2 } of opcodes) {
    const span = Math.max(i2 - i1, j2 - j1);
    for (let t = 0; t < span; t++, k++) {
      gtIdx[k] = i1 + t < i2 ? i1 + t : -1;
      predIdx[k] = j1 + t < j2 ? j1 + t : -1;
    }
  }
  return { gtIdx, predIdx };
}

/** `new DifflibAligner().align(a, b)` as columns (the rows without their tags). */
export function difflibColumns(gtKeys: Int32Array, predKeys: Int32Array): AlignmentColumns {
  return opcodesToColumns(difflibOpcodes(gtKeys, predKeys));
}

/**
 * The reference aligner: CPython difflib with `autojunk=False` on the keys. Padding pairs of
 * a `replace` span (one side null) keep the tag `replace`, as they come from that opcode.
 */
export class DifflibAligner implements Aligner {
  readonly name = 'difflib';

  align(gtKeys: Int32Array, predKeys: Int32Array, _context?: AlignContext): IndexPair[] {
    return opcodesToPairs(difflibOpcodes(gtKeys, predKeys));
  }
}
