/**
 * Exact `difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()` in
 * near-linear time on real traces. The result is identical, block for block, to the
 * straightforward port in `difflib-port.ts` (the differential tests check this on thousands of
 * seeded pairs); only the way the blocks are found differs.
 *
 * What CPython computes: `find_longest_match` on the whole range picks the longest common run,
 * ties going to the smallest start in `a`, then in `b`; the recursion repeats this on the part
 * left of the block and the part right of it. With no junk the extension loops never change a
 * block and adjacent blocks never merge, so the set of blocks is fully defined by that rule.
 *
 * How this file computes the same set, in three stages:
 *
 * 1. **Long matches from sampled q-grams.** Every maximal exact match (MEM, a maximal diagonal
 *    run `a[i+t] == b[j+t]`) of length `>= T = q + s - 1` contains a q-gram of `a` starting at a
 *    multiple of `s`; looking every q-gram of `b` up among those samples finds all of them, each
 *    exactly once (a hit whose run extends `s` or more steps back is left to the earlier sample).
 * 2. **A priority queue over the recursion.** The regions of the recursion are disjoint
 *    rectangles; the longest match of a region, when it is `>= T`, is the best piece of a MEM
 *    clipped to it, compared by (length desc, clipped a-start, clipped b-start). A heap holds
 *    one entry per MEM piece; an entry's key is optimistic once its region has been split
 *    (clipping only shortens a piece), so a popped entry is re-clipped against the current
 *    regions and either accepted (unchanged: it is its region's longest match) or pushed back
 *    as its current pieces. Accepting splits the region into its left and right parts.
 * 3. **Exact sweep of the leftover regions.** A region with no piece `>= T` has no common run
 *    `>= T`. Its longest length `L` is found by binary search over `L` (does any L-gram of the
 *    `a` range occur in the `b` range?); then one left-to-right sweep at length `L` takes, in
 *    order, the first L-match (smallest i, then smallest j) and continues right of it — this is
 *    exactly the chain of blocks CPython's recursion takes at that length, because after a
 *    longest match `(i, j, L)` the left part only holds shorter matches while the right part may
 *    continue at the same length. The gaps between the chain's blocks are solved the same way
 *    with lengths `< L`, so each element is swept at most once per length below `T`. Gaps with
 *    few cells are solved by a direct table, like `find_longest_match`.
 *
 * When the keys are so repetitive that q-gram seeding would examine too many candidate pairs
 * (a single channel, long exact periods), the function falls back to the port, which is what
 * CPython does too (quadratic time).
 */
import type { MatchingBlock } from './difflib.js';
import { portMatchingBlocks } from './difflib-port.js';

/** Tuning knobs of {@link fastMatchingBlocks}; every setting yields the same blocks. */
export interface FastDifflibOptions {
  /** q-gram length used for seeding (default: chosen from the key frequencies and the sizes). */
  readonly q?: number;
  /** Sampling step `s` of `a`'s q-grams (default `q`); long matches are those `>= q + s - 1`. */
  readonly step?: number;
  /** Gaps with at most this many cells (`|a range| * |b range|`) use the direct table (default 1024). */
  readonly smallGapCells?: number;
  /** Candidate q-gram pairs examined per input element before falling back to the port (default 64). */
  readonly hitBudgetPerElement?: number;
}

/** What {@link fastMatchingBlocks} did (for tests and the bench). */
export interface FastDifflibStats {
  /** `direct`: one small table; `seeded`: the three stages; `port`: seeding too costly, port used. */
  path: 'direct' | 'seeded' | 'port';
  q: number;
  /** `T`: matches this long or longer come from the seeding stage. */
  minSeedLength: number;
  /** Maximal exact matches of length `>= T` found by seeding. */
  mems: number;
  /** Candidate q-gram pairs examined while seeding. */
  hits: number;
  /** Blocks accepted from the priority queue. */
  seededBlocks: number;
  /** Blocks found by the sweep and the direct tables. */
  sweptBlocks: number;
}

const DEFAULT_SMALL_GAP_CELLS = 1024;
const DEFAULT_HIT_BUDGET_PER_ELEMENT = 64;
const MIN_Q = 3;
const MAX_Q = 24;
const BASE1 = 0x01000193;
const BASE2 = 0x5bd1e995 | 0;

function mix1(k: number): number {
  let h = Math.imul(k ^ 0x61c88647, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function mix2(k: number): number {
  let h = Math.imul(k ^ 0x2545f491, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x165667b1);
  return h ^ (h >>> 13);
}

function mixed(x: Int32Array, f: (k: number) => number): Int32Array {
  const out = new Int32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = f(x[i] as number);
  return out;
}

/** Polynomial hashes (mod 2^32) of the `len`-grams of `x[lo..hi)`: entry `t` is the gram at `lo + t`. */
function gramHashes(x: Int32Array, lo: number, hi: number, len: number, base: number): Int32Array {
  const count = hi - lo - len + 1;
  if (count <= 0) return new Int32Array(0);
  const out = new Int32Array(count);
  let top = 1; // base^(len-1)
  for (let t = 1; t < len; t++) top = Math.imul(top, base);
  let h = 0;
  for (let t = 0; t < len; t++) h = (Math.imul(h, base) + (x[lo + t] as number)) | 0;
  out[0] = h;
  for (let t = 1; t < count; t++) {
    h = (Math.imul(h - Math.imul(x[lo + t - 1] as number, top), base) + (x[lo + t + len - 1] as number)) | 0;
    out[t] = h;
  }
  return out;
}

/** Open-addressing map from a pair of 32-bit hashes to a dense group id (0, 1, ...). */
class PairTable {
  private readonly mask: number;
  private readonly k1: Int32Array;
  private readonly k2: Int32Array;
  private readonly ids: Int32Array;
  size = 0;

  constructor(expected: number) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.mask = cap - 1;
    this.k1 = new Int32Array(cap);
    this.k2 = new Int32Array(cap);
    this.ids = new Int32Array(cap).fill(-1);
  }

  getOrAdd(h1: number, h2: number): number {
    let slot = (h1 ^ (h2 >>> 11)) & this.mask;
    for (;;) {
      const id = this.ids[slot] as number;
      if (id < 0) {
        this.k1[slot] = h1;
        this.k2[slot] = h2;
        this.ids[slot] = this.size;
        return this.size++;
      }
      if (this.k1[slot] === h1 && this.k2[slot] === h2) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  get(h1: number, h2: number): number {
    let slot = (h1 ^ (h2 >>> 11)) & this.mask;
    for (;;) {
      const id = this.ids[slot] as number;
      if (id < 0) return -1;
      if (this.k1[slot] === h1 && this.k2[slot] === h2) return id;
      slot = (slot + 1) & this.mask;
    }
  }
}

/** Group positions `lo + t` by `groupOf[t]` (ascending within each group): counting sort. */
function groupPositions(groupOf: Int32Array, groups: number, lo: number): { start: Int32Array; members: Int32Array } {
  const start = new Int32Array(groups + 1);
  for (let t = 0; t < groupOf.length; t++) start[(groupOf[t] as number) + 1]! += 1;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g] as number;
  const fill = start.slice(0, groups);
  const members = new Int32Array(groupOf.length);
  for (let t = 0; t < groupOf.length; t++) {
    const g = groupOf[t] as number;
    members[fill[g] as number] = lo + t;
    fill[g]! += 1;
  }
  return { start, members };
}

/** Binary max-heap of (len, i, j) ordered by len desc, then i asc, then j asc. */
class MatchHeap {
  private len: number[] = [];
  private ia: number[] = [];
  private jb: number[] = [];

  get size(): number {
    return this.len.length;
  }

  /** Whether entry x goes before entry y. */
  private before(x: number, y: number): boolean {
    const lx = this.len[x] as number;
    const ly = this.len[y] as number;
    if (lx !== ly) return lx > ly;
    const ix = this.ia[x] as number;
    const iy = this.ia[y] as number;
    if (ix !== iy) return ix < iy;
    return (this.jb[x] as number) < (this.jb[y] as number);
  }

  private swap(x: number, y: number): void {
    const { len, ia, jb } = this;
    const l = len[x] as number;
    len[x] = len[y] as number;
    len[y] = l;
    const i = ia[x] as number;
    ia[x] = ia[y] as number;
    ia[y] = i;
    const j = jb[x] as number;
    jb[x] = jb[y] as number;
    jb[y] = j;
  }

  push(l: number, i: number, j: number): void {
    this.len.push(l);
    this.ia.push(i);
    this.jb.push(j);
    let c = this.len.length - 1;
    while (c > 0) {
      const p = (c - 1) >> 1;
      if (!this.before(c, p)) break;
      this.swap(c, p);
      c = p;
    }
  }

  /** Remove the top entry and return it as [len, i, j] in `out`. */
  pop(out: [number, number, number]): void {
    out[0] = this.len[0] as number;
    out[1] = this.ia[0] as number;
    out[2] = this.jb[0] as number;
    const last = this.len.length - 1;
    if (last > 0) this.swap(0, last);
    this.len.pop();
    this.ia.pop();
    this.jb.pop();
    const n = this.len.length;
    let p = 0;
    for (;;) {
      const l = 2 * p + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && this.before(r, l) ? r : l;
      if (!this.before(c, p)) break;
      this.swap(c, p);
      p = c;
    }
  }
}

/** Flat list of blocks: `[a0, b0, size0, a1, b1, size1, ...]`. */
type BlockList = number[];

/**
 * Choose q so that random q-gram coincidences stay around one per element: with
 * `P = Σ pa(c)·pb(c)` the chance that two positions hold the same key, about
 * `n·m/s · P^q` random pairs are examined.
 */
function chooseQ(a: Int32Array, b: Int32Array): number {
  const n = a.length;
  const m = b.length;
  const countsA = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = a[i] as number;
    countsA.set(k, (countsA.get(k) ?? 0) + 1);
  }
  const countsB = new Map<number, number>();
  for (let j = 0; j < m; j++) {
    const k = b[j] as number;
    countsB.set(k, (countsB.get(k) ?? 0) + 1);
  }
  let p = 0;
  for (const [k, ca] of countsA) p += (ca / n) * ((countsB.get(k) ?? 0) / m);
  const target = (n + m) / (n * m);
  for (let q = MIN_Q; q <= MAX_Q; q++) {
    if (p ** q / q <= target) return q;
  }
  return MAX_Q;
}

/** State shared by the stages of one call. */
class Solver {
  readonly blocks: BlockList = [];
  seededBlocks = 0;
  private readonly ma1: Int32Array;
  private readonly ma2: Int32Array;
  private readonly mb1: Int32Array;
  private readonly mb2: Int32Array;

  constructor(
    readonly a: Int32Array,
    readonly b: Int32Array,
    private readonly smallGapCells: number,
  ) {
    this.ma1 = mixed(a, mix1);
    this.ma2 = mixed(a, mix2);
    this.mb1 = mixed(b, mix1);
    this.mb2 = mixed(b, mix2);
  }

  /**
   * Stage 1: every MEM of length `>= q + s - 1`, as flat `[i, j, len, ...]`, or null when more
   * than `budget` candidate pairs would be examined.
   */
  findLongMems(q: number, s: number, budget: number, stats: FastDifflibStats): number[] | null {
    const { a, b } = this;
    const n = a.length;
    const m = b.length;
    const minLen = q + s - 1;
    const mems: number[] = [];
    if (n < minLen || m < minLen) return mems;
    const ha1 = gramHashes(this.ma1, 0, n, q, BASE1);
    const ha2 = gramHashes(this.ma2, 0, n, q, BASE2);
    const samples = Math.floor((n - q) / s) + 1;
    const table = new PairTable(samples);
    const groupOf = new Int32Array(samples);
    for (let t = 0; t < samples; t++) groupOf[t] = table.getOrAdd(ha1[t * s] as number, ha2[t * s] as number);
    const { start, members } = groupPositions(groupOf, table.size, 0); // members = sample numbers
    const hb1 = gramHashes(this.mb1, 0, m, q, BASE1);
    const hb2 = gramHashes(this.mb2, 0, m, q, BASE2);
    let hits = 0;
    for (let j = 0; j + q <= m; j++) {
      const g = table.get(hb1[j] as number, hb2[j] as number);
      if (g < 0) continue;
      const end = start[g + 1] as number;
      hits += end - (start[g] as number);
      if (hits > budget) {
        stats.hits = hits;
        return null;
      }
      for (let p = start[g] as number; p < end; p++) {
        const i = (members[p] as number) * s;
        let t = 0;
        while (t < q && a[i + t] === b[j + t]) t++;
        if (t < q) continue; // hash collision
        let back = 0;
        while (back < s && i - back > 0 && j - back > 0 && a[i - back - 1] === b[j - back - 1]) back++;
        if (back >= s) continue; // the sample at i - s sees the same run
        let e = q;
        while (i + e < n && j + e < m && a[i + e] === b[j + e]) e++;
        const len = e + back;
        if (len >= minLen) mems.push(i - back, j - back, len);
      }
    }
    stats.hits = hits;
    return mems;
  }

  /**
   * Stage 2: run the recursion over the long matches with a lazy priority queue; returns the
   * regions left (flat `[alo, ahi, blo, bhi, ...]`), all without a common run `>= minLen`.
   */
  placeLongMatches(mems: number[], minLen: number): number[] {
    const n = this.a.length;
    const m = this.b.length;
    // owner[i]: the live region whose a-range holds i, or -1.
    const owner = new Int32Array(n);
    const rAlo: number[] = [0];
    const rAhi: number[] = [n];
    const rBlo: number[] = [0];
    const rBhi: number[] = [m];
    const rLive: boolean[] = [true];
    const heap = new MatchHeap();
    for (let k = 0; k < mems.length; k += 3) heap.push(mems[k + 2] as number, mems[k] as number, mems[k + 1] as number);
    const top: [number, number, number] = [0, 0, 0];
    const pieces: number[] = [];
    while (heap.size > 0) {
      heap.pop(top);
      const [len, i0, j0] = top;
      const d = j0 - i0;
      const end = i0 + len;
      pieces.length = 0;
      for (let i = i0; i < end; ) {
        const r = owner[i] as number;
        if (r < 0) {
          i++;
          continue;
        }
        const lo = Math.max(i, rAlo[r] as number, (rBlo[r] as number) - d);
        const hi = Math.min(end, rAhi[r] as number, (rBhi[r] as number) - d);
        if (hi - lo >= minLen) pieces.push(lo, hi - lo);
        i = rAhi[r] as number;
      }
      if (pieces.length === 2 && pieces[0] === i0 && pieces[1] === len) {
        // Unchanged by the splits since it was queued: the longest match of its region.
        const r = owner[i0] as number;
        this.blocks.push(i0, j0, len);
        this.seededBlocks++;
        const alo = rAlo[r] as number;
        const ahi = rAhi[r] as number;
        const blo = rBlo[r] as number;
        const bhi = rBhi[r] as number;
        owner.fill(-1, i0, end);
        const leftLive = alo < i0 && blo < j0;
        const rightLive = end < ahi && j0 + len < bhi;
        if (!leftLive) owner.fill(-1, alo, i0);
        if (!rightLive) owner.fill(-1, end, ahi);
        const setRegion = (id: number, xlo: number, xhi: number, ylo: number, yhi: number): void => {
          rAlo[id] = xlo;
          rAhi[id] = xhi;
          rBlo[id] = ylo;
          rBhi[id] = yhi;
        };
        if (leftLive && rightLive) {
          // The smaller side gets a new id (relabelled cells: O(n log n) over the whole run).
          const id = rAlo.length;
          rLive.push(true);
          if (i0 - alo <= ahi - end) {
            setRegion(id, alo, i0, blo, j0);
            owner.fill(id, alo, i0);
            setRegion(r, end, ahi, j0 + len, bhi);
          } else {
            setRegion(id, end, ahi, j0 + len, bhi);
            owner.fill(id, end, ahi);
            setRegion(r, alo, i0, blo, j0);
          }
        } else if (leftLive) {
          setRegion(r, alo, i0, blo, j0);
        } else if (rightLive) {
          setRegion(r, end, ahi, j0 + len, bhi);
        } else {
          rLive[r] = false;
        }
      } else {
        for (let k = 0; k < pieces.length; k += 2) {
          const lo = pieces[k] as number;
          heap.push(pieces[k + 1] as number, lo, lo + d);
        }
      }
    }
    const regions: number[] = [];
    for (let r = 0; r < rLive.length; r++) {
      if (rLive[r]) regions.push(rAlo[r] as number, rAhi[r] as number, rBlo[r] as number, rBhi[r] as number);
    }
    return regions;
  }

  /** CPython's recursion with a direct `find_longest_match` table, for small regions. */
  solveDirect(alo0: number, ahi0: number, blo0: number, bhi0: number): void {
    const { a, b } = this;
    const stack = [alo0, ahi0, blo0, bhi0];
    let prev = new Int32Array(bhi0 - blo0 + 1);
    let cur = new Int32Array(bhi0 - blo0 + 1);
    while (stack.length > 0) {
      const bhi = stack.pop() as number;
      const blo = stack.pop() as number;
      const ahi = stack.pop() as number;
      const alo = stack.pop() as number;
      let besti = alo;
      let bestj = blo;
      let best = 0;
      const w = bhi - blo;
      prev.fill(0, 0, w + 1);
      for (let i = alo; i < ahi; i++) {
        const x = a[i];
        for (let t = 0; t < w; t++) {
          if (b[blo + t] === x) {
            const k = (prev[t] as number) + 1;
            cur[t + 1] = k;
            if (k > best) {
              best = k;
              besti = i - k + 1;
              bestj = blo + t - k + 1;
            }
          } else {
            cur[t + 1] = 0;
          }
        }
        const swap = prev;
        prev = cur;
        cur = swap;
      }
      if (best === 0) continue;
      this.blocks.push(besti, bestj, best);
      if (alo < besti && blo < bestj) stack.push(alo, besti, blo, bestj);
      if (besti + best < ahi && bestj + best < bhi) stack.push(besti + best, ahi, bestj + best, bhi);
    }
  }

  /**
   * Stage 3: the blocks of region `[alo, ahi) x [blo, bhi)`, known to hold no common run longer
   * than `maxLen`.
   */
  solveShort(alo: number, ahi: number, blo: number, bhi: number, maxLen: number): void {
    const p = ahi - alo;
    const w = bhi - blo;
    if (p <= 0 || w <= 0 || maxLen <= 0) return;
    if (p * w <= this.smallGapCells) {
      this.solveDirect(alo, ahi, blo, bhi);
      return;
    }
    // Largest L with an L-match: binary search (an L-match contains an (L-1)-match).
    let lo = 0;
    let hi = Math.min(maxLen, p, w);
    let index: GramIndex | null = null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const candidate = this.gramIndex(alo, ahi, blo, bhi, mid);
      if (this.firstMatchFrom(candidate, alo, blo) >= 0) {
        lo = mid;
        index = candidate;
      } else {
        hi = mid - 1;
      }
    }
    if (lo === 0 || index === null) return;
    const len = lo;
    index.cursor.set(index.start.subarray(0, index.cursor.length));
    // One sweep: the chain of first L-matches, each right of the previous one.
    let pa = alo;
    let pb = blo;
    let i = alo;
    while (i + len <= ahi) {
      const j = this.matchAt(index, i, pb);
      if (j < 0) {
        i++;
        continue;
      }
      if (pa < i && pb < j) this.solveShort(pa, i, pb, j, len - 1);
      this.blocks.push(i, j, len);
      pa = i + len;
      pb = j + len;
      i = pa;
    }
    if (pa < ahi && pb < bhi) this.solveShort(pa, ahi, pb, bhi, len - 1);
  }

  /** Index of the `len`-grams of `b[blo..bhi)` and the group of each `len`-gram of `a[alo..ahi)`. */
  private gramIndex(alo: number, ahi: number, blo: number, bhi: number, len: number): GramIndex {
    const hb1 = gramHashes(this.mb1, blo, bhi, len, BASE1);
    const hb2 = gramHashes(this.mb2, blo, bhi, len, BASE2);
    const table = new PairTable(hb1.length);
    const groupOf = new Int32Array(hb1.length);
    for (let t = 0; t < hb1.length; t++) groupOf[t] = table.getOrAdd(hb1[t] as number, hb2[t] as number);
    const { start, members } = groupPositions(groupOf, table.size, blo);
    const ha1 = gramHashes(this.ma1, alo, ahi, len, BASE1);
    const ha2 = gramHashes(this.ma2, alo, ahi, len, BASE2);
    const aGroup = new Int32Array(ha1.length);
    for (let t = 0; t < ha1.length; t++) aGroup[t] = table.get(ha1[t] as number, ha2[t] as number);
    return { alo, len, start, members, aGroup, cursor: start.slice(0, table.size) };
  }

  /** Smallest i >= from with an L-match at some j >= y (any j), or -1; cursors untouched. */
  private firstMatchFrom(index: GramIndex, from: number, y: number): number {
    const { aGroup, alo } = index;
    for (let t = from - alo; t < aGroup.length; t++) {
      const g = aGroup[t] as number;
      if (g < 0) continue;
      const end = index.start[g + 1] as number;
      for (let p = index.start[g] as number; p < end; p++) {
        const j = index.members[p] as number;
        if (j >= y && this.equalRun(alo + t, j, index.len)) return alo + t;
      }
    }
    return -1;
  }

  /**
   * Smallest j >= y with `a[i..i+L) == b[j..j+L)` inside the indexed range, or -1. Calls come
   * with non-decreasing y, so each group's cursor only moves forward.
   */
  private matchAt(index: GramIndex, i: number, y: number): number {
    const g = index.aGroup[i - index.alo] as number;
    if (g < 0) return -1;
    const end = index.start[g + 1] as number;
    let p = index.cursor[g] as number;
    while (p < end && (index.members[p] as number) < y) p++;
    index.cursor[g] = p;
    // Members of a group share the hash pair; verify (a collision only costs time).
    for (; p < end; p++) {
      const j = index.members[p] as number;
      if (this.equalRun(i, j, index.len)) return j;
    }
    return -1;
  }

  private equalRun(i: number, j: number, len: number): boolean {
    const { a, b } = this;
    for (let t = 0; t < len; t++) if (a[i + t] !== b[j + t]) return false;
    return true;
  }
}

interface GramIndex {
  readonly alo: number;
  readonly len: number;
  /** Positions of group g in `b` (ascending): `members[start[g] .. start[g+1])`. */
  readonly start: Int32Array;
  readonly members: Int32Array;
  /** Group of the gram at `a[alo + t]`, or -1 when it does not occur in the `b` range. */
  readonly aGroup: Int32Array;
  /** Per group, the first member not yet ruled out by the sweep. */
  readonly cursor: Int32Array;
}

function finish(blocks: BlockList, n: number, m: number): MatchingBlock[] {
  // Blocks are disjoint in a: bucket them by start instead of sorting.
  const at = new Int32Array(n).fill(-1);
  for (let k = 0; k < blocks.length; k += 3) at[blocks[k] as number] = k;
  const out: MatchingBlock[] = [];
  // Merge adjacent blocks like CPython (never happens without junk; kept for exactness).
  let i1 = 0;
  let j1 = 0;
  let k1 = 0;
  for (let i = 0; i < n; i++) {
    const k = at[i] as number;
    if (k < 0) continue;
    const j2 = blocks[k + 1] as number;
    const k2 = blocks[k + 2] as number;
    if (i1 + k1 === i && j1 + k1 === j2) {
      k1 += k2;
    } else {
      if (k1) out.push({ a: i1, b: j1, size: k1 });
      i1 = i;
      j1 = j2;
      k1 = k2;
    }
    i += k2 - 1;
  }
  if (k1) out.push({ a: i1, b: j1, size: k1 });
  out.push({ a: n, b: m, size: 0 });
  return out;
}

/**
 * `SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()`, identical to
 * {@link portMatchingBlocks}, in near-linear time on traces (see the file comment).
 * @param options tuning knobs (tests use them to force every stage on small inputs)
 * @param stats if given, filled with what was done
 */
export function fastMatchingBlocks(
  a: Int32Array,
  b: Int32Array,
  options: FastDifflibOptions = {},
  stats?: FastDifflibStats,
): MatchingBlock[] {
  const st: FastDifflibStats = stats ?? {
    path: 'direct',
    q: 0,
    minSeedLength: 0,
    mems: 0,
    hits: 0,
    seededBlocks: 0,
    sweptBlocks: 0,
  };
  const n = a.length;
  const m = b.length;
  const smallGapCells = options.smallGapCells ?? DEFAULT_SMALL_GAP_CELLS;
  const solver = new Solver(a, b, smallGapCells);
  st.path = 'direct';
  if (n * m <= smallGapCells) {
    solver.solveDirect(0, n, 0, m);
    st.sweptBlocks = solver.blocks.length / 3;
    return finish(solver.blocks, n, m);
  }
  const q = options.q ?? chooseQ(a, b);
  const s = options.step ?? q;
  const minLen = q + s - 1;
  st.q = q;
  st.minSeedLength = minLen;
  const budget = (options.hitBudgetPerElement ?? DEFAULT_HIT_BUDGET_PER_ELEMENT) * (n + m) + 1024;
  const mems = solver.findLongMems(q, s, budget, st);
  if (mems === null) {
    st.path = 'port';
    return portMatchingBlocks(a, b);
  }
  st.path = 'seeded';
  st.mems = mems.length / 3;
  const regions = solver.placeLongMatches(mems, minLen);
  st.seededBlocks = solver.seededBlocks;
  for (let k = 0; k < regions.length; k += 4) {
    solver.solveShort(regions[k] as number, regions[k + 1] as number, regions[k + 2] as number, regions[k + 3] as number, minLen - 1);
  }
  st.sweptBlocks = solver.blocks.length / 3 - solver.seededBlocks;
  return finish(solver.blocks, n, m);
}
