/**
 * The straightforward port of CPython's `difflib.SequenceMatcher(None, a, b, autojunk=False)`
 * (`find_longest_match` + the `get_matching_blocks` recursion) over integer keys. Quadratic in
 * the worst case (`find_longest_match` scans every equal pair of its range, and the recursion can
 * rescan a range once per block), but short and easy to check line by line against CPython.
 *
 * It is the oracle of the fast implementation (`src/align/difflib-fast.ts`): the differential tests compare
 * both on thousands of seeded pairs. Production code does not call it.
 */
import type { MatchingBlock } from '../../src/align/types.js';

/**
 * `b2j` of CPython (`__chain_b`) in compressed form: for each dense key `k` the ascending
 * positions of `k` in `b` are `positions[start[k] .. start[k + 1])`. With `isjunk=None` and
 * `autojunk=False` nothing is ever removed from it (no junk, no "popular" elements).
 */
interface B2J {
  /** Dense key of `a[i]`, or -1 when that key never occurs in `b`. */
  readonly aKeys: Int32Array;
  readonly start: Int32Array;
  readonly positions: Int32Array;
}

function chainB(a: Int32Array, b: Int32Array): B2J {
  // Keys are arbitrary int32s; map the keys of `b` to dense ids 0..d-1 once (O(n + m)).
  const dense = new Map<number, number>();
  const bKeys = new Int32Array(b.length);
  for (let j = 0; j < b.length; j++) {
    const key = b[j] as number;
    let id = dense.get(key);
    if (id === undefined) {
      id = dense.size;
      dense.set(key, id);
    }
    bKeys[j] = id;
  }
  const d = dense.size;
  const start = new Int32Array(d + 1);
  for (let j = 0; j < b.length; j++) start[(bKeys[j] as number) + 1]! += 1;
  for (let k = 0; k < d; k++) start[k + 1]! += start[k] as number;
  const fill = start.slice(0, d);
  const positions = new Int32Array(b.length);
  // Ascending j, so every key's slice is ascending, like CPython's `indices.append(i)`.
  for (let j = 0; j < b.length; j++) {
    const k = bKeys[j] as number;
    positions[fill[k] as number] = j;
    fill[k]! += 1;
  }
  const aKeys = new Int32Array(a.length);
  for (let i = 0; i < a.length; i++) aKeys[i] = dense.get(a[i] as number) ?? -1;
  return { aKeys, start, positions };
}

/** First index in `positions[lo..hi)` whose value is `>= x` (the slice is ascending). */
function lowerBound(positions: Int32Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((positions[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Scratch rows of `find_longest_match`'s `j2len` / `newj2len` dicts, as typed arrays indexed
 * by `j + 1` (so `j2len[j - 1]` is slot `j`, and `j = blo` reads slot `blo`, which is never
 * written during a call and therefore 0, like `j2lenget(j-1, 0)` for `j-1 < blo`).
 * Invariant between calls: both rows are all zero.
 */
interface Scratch {
  prev: Int32Array;
  next: Int32Array;
}

/**
 * CPython `SequenceMatcher.find_longest_match(alo, ahi, blo, bhi)` with no junk.
 *
 * For i ascending and, per i, the positions j of `a[i]` in `b` ascending within
 * `[blo, bhi)`, `k = j2len[j-1] + 1` is the length of the common run ending at (i, j);
 * the first strictly longer run wins, which yields the smallest i, then smallest j, among
 * the longest blocks.
 *
 * CPython then runs four "extend the match" loops. Two extend with *junk* elements only;
 * with `isjunk=None` the junk set `bjunk` is empty, so `isbjunk(...)` is always false and
 * they never iterate. The other two extend the best block left/right with equal non-junk
 * elements; they only matter when some elements are missing from `b2j` (junk or autojunk
 * "popular" elements). With no junk and autojunk off, every element of `b` is in `b2j`, so
 * the DP above already saw the full run: `a[besti-1] == b[bestj-1]` (inside the ranges) would
 * mean the run ending at (besti+k-1, bestj+k-1) is longer than k, and
 * `a[besti+k] == b[bestj+k]` would mean the cell (besti+k, bestj+k), visited later in the
 * scan, holds a run of k+1 > bestsize and would have replaced the best. Both loops are
 * therefore no-ops and are omitted.
 */
function findLongestMatch(
  chain: B2J,
  scratch: Scratch,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): MatchingBlock {
  const { aKeys, start, positions } = chain;
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = scratch.prev;
  let newj2len = scratch.next;
  // Slice of `positions` written into `j2len` by the previous row (to reset it afterwards).
  let prevLo = 0;
  let prevHi = 0;
  for (let i = alo; i < ahi; i++) {
    const key = aKeys[i] as number;
    let lo = 0;
    let hi = 0;
    if (key >= 0) {
      const s = start[key] as number;
      const e = start[key + 1] as number;
      // CPython skips `j < blo` one by one (`continue`) and stops at `j >= bhi` (`break`);
      // a binary search for the first `j >= blo` visits the same positions.
      lo = lowerBound(positions, s, e, blo);
      let p = lo;
      for (; p < e; p++) {
        const j = positions[p] as number;
        if (j >= bhi) break;
        const k = (j2len[j] as number) + 1;
        newj2len[j + 1] = k;
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      hi = p;
    }
    // `j2len = newj2len`: clear the old row where it was written, then swap.
    for (let p = prevLo; p < prevHi; p++) j2len[(positions[p] as number) + 1] = 0;
    const t = j2len;
    j2len = newj2len;
    newj2len = t;
    prevLo = lo;
    prevHi = hi;
  }
  for (let p = prevLo; p < prevHi; p++) j2len[(positions[p] as number) + 1] = 0;
  scratch.prev = j2len;
  scratch.next = newj2len;
  return { a: besti, b: bestj, size: bestsize };
}

function matchingBlocksWith(chain: B2J, la: number, lb: number): MatchingBlock[] {
  const scratch: Scratch = { prev: new Int32Array(lb + 1), next: new Int32Array(lb + 1) };
  // `queue` is used as a stack (`queue.pop()`), as in CPython.
  const queue: [number, number, number, number][] = [[0, la, 0, lb]];
  const blocks: MatchingBlock[] = [];
  for (let item = queue.pop(); item !== undefined; item = queue.pop()) {
    const [alo, ahi, blo, bhi] = item;
    const x = findLongestMatch(chain, scratch, alo, ahi, blo, bhi);
    const { a: i, b: j, size: k } = x;
    if (k) {
      blocks.push(x);
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  // Python sorts the (i, j, k) tuples; blocks never overlap in i, so ties cannot occur,
  // but compare all three fields like tuple ordering anyway.
  blocks.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
  // Merge adjacent blocks. Without junk no two blocks are ever adjacent (a block adjacent
  // to its parent would have been part of the parent, which is maximal in its range), but
  // the step is kept as in CPython.
  let i1 = 0;
  let j1 = 0;
  let k1 = 0;
  const nonAdjacent: MatchingBlock[] = [];
  for (const { a: i2, b: j2, size: k2 } of blocks) {
    if (i1 + k1 === i2 && j1 + k1 === j2) {
      k1 += k2;
    } else {
      if (k1) nonAdjacent.push({ a: i1, b: j1, size: k1 });
      i1 = i2;
      j1 = j2;
      k1 = k2;
    }
  }
  if (k1) nonAdjacent.push({ a: i1, b: j1, size: k1 });
  nonAdjacent.push({ a: la, b: lb, size: 0 });
  return nonAdjacent;
}

/**
 * `SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()` by the straightforward
 * recursion: maximal matching blocks in increasing order, ending with the sentinel
 * `{a: len(a), b: len(b), size: 0}`.
 */
export function portMatchingBlocks(a: Int32Array, b: Int32Array): MatchingBlock[] {
  return matchingBlocksWith(chainB(a, b), a.length, b.length);
}
