/**
 * Exact `difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()` in
 * near-linear time on real traces. The result is identical, block for block, to the
 * straightforward port in `test/oracles/difflib-port.ts` (the differential tests check this on
 * thousands of seeded pairs); only the way the blocks are found differs.
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
 * (a single channel, long exact periods), stage 3 runs alone on the whole range with no length
 * bound; it is exact for any bound, only its cost then depends on how deeply the recursion
 * nests.
 */
import { alignerTuning, type FastDifflibStats } from './tuning.js';
import type { MatchingBlock } from './types.js';

const DEFAULT_SMALL_GAP_CELLS = 1024;
const DEFAULT_HIT_BUDGET_PER_ELEMENT = 64;
/** Random q-gram coincidences aimed at per input element (each costs a cache miss). */
const RANDOM_HITS_PER_ELEMENT = 1 / 16;
const MIN_Q = 3;
/** Gaps with a side this short or shorter use the direct table whatever their size. */
const DIRECT_SIDE = 8;
const MAX_Q = 24;
const BASE1 = 0x01000193;
const BASE2 = 0x5bd1e995 | 0;

/** `base^(len-1)` mod 2^32: what the first key of a gram weighs in its rolling hash. */
function topPower(base: number, len: number): number {
  let top = 1;
  for (let t = 1; t < len; t++) top = Math.imul(top, base);
  return top;
}

/** Slot of a hash pair in a table of 2^bits slots (Fibonacci hashing of both halves). */
function slotOf(h1: number, h2: number, shift: number): number {
  return Math.imul(h1 ^ Math.imul(h2, 0x2545f491), 0x9e3779b9) >>> shift;
}

/**
 * Open-addressing map from a pair of 32-bit gram hashes to a dense group id (0, 1, ...), with
 * the first position seen for each group. Grams are hashed as polynomials of the raw keys
 * (mod 2^32, two bases); every hit is verified on the keys, so a collision only costs time.
 * Grows by doubling, so a table stays as small (and cache-friendly) as its distinct grams.
 */
class PairTable {
  private shift: number;
  private mask: number;
  private k1: Int32Array;
  private k2: Int32Array;
  private ids: Int32Array;
  /** `first[g]`: the position given when group g was added. */
  first: Int32Array;
  size = 0;

  /** @param expected how many entries are likely (sizes the first allocation; it grows anyway) */
  constructor(expected: number) {
    let bits = 4;
    while (bits < 12 && 1 << bits < expected * 2) bits++;
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    this.k1 = new Int32Array(1 << bits);
    this.k2 = new Int32Array(1 << bits);
    this.ids = new Int32Array(1 << bits).fill(-1);
    this.first = new Int32Array(1 << (bits - 1));
  }

  getOrAdd(h1: number, h2: number, position: number): number {
    let slot = slotOf(h1, h2, this.shift);
    for (;;) {
      const id = this.ids[slot] as number;
      if (id < 0) break;
      if (this.k1[slot] === h1 && this.k2[slot] === h2) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.size++;
    this.k1[slot] = h1;
    this.k2[slot] = h2;
    this.ids[slot] = id;
    if (id === this.first.length) {
      const first = new Int32Array(id * 2);
      first.set(this.first);
      this.first = first;
    }
    this.first[id] = position;
    if (this.size * 2 > this.ids.length) this.grow();
    return id;
  }

  get(h1: number, h2: number): number {
    let slot = slotOf(h1, h2, this.shift);
    for (;;) {
      const id = this.ids[slot] as number;
      if (id < 0) return -1;
      if (this.k1[slot] === h1 && this.k2[slot] === h2) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const { k1, k2, ids } = this;
    const cap = ids.length * 2;
    this.shift -= 1;
    this.mask = cap - 1;
    this.k1 = new Int32Array(cap);
    this.k2 = new Int32Array(cap);
    this.ids = new Int32Array(cap).fill(-1);
    for (let old = 0; old < ids.length; old++) {
      const id = ids[old] as number;
      if (id < 0) continue;
      const h1 = k1[old] as number;
      const h2 = k2[old] as number;
      let slot = slotOf(h1, h2, this.shift);
      while ((this.ids[slot] as number) >= 0) slot = (slot + 1) & this.mask;
      this.k1[slot] = h1;
      this.k2[slot] = h2;
      this.ids[slot] = id;
    }
  }
}

/** Group positions `lo + t` by `groupOf[t]` (ascending within each group): counting sort. */
function groupPositions(
  groupOf: Int32Array,
  groups: number,
  lo: number,
): { start: Int32Array; members: Int32Array } {
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
  let min = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const k = a[i] as number;
    if (k < min) min = k;
    if (k > max) max = k;
  }
  for (let j = 0; j < m; j++) {
    const k = b[j] as number;
    if (k < min) min = k;
    if (k > max) max = k;
  }
  let p = 0;
  if (min >= 0 && max < 1 << 20) {
    // Interned channel keys: small non-negative integers, count in typed arrays.
    const ca = new Float64Array(max + 1);
    const cb = new Float64Array(max + 1);
    for (let i = 0; i < n; i++) ca[a[i] as number]! += 1;
    for (let j = 0; j < m; j++) cb[b[j] as number]! += 1;
    for (let k = 0; k <= max; k++) p += ((ca[k] as number) / n) * ((cb[k] as number) / m);
  } else {
    const countsA = new Map<number, number>();
    for (let i = 0; i < n; i++) countsA.set(a[i] as number, (countsA.get(a[i] as number) ?? 0) + 1);
    const countsB = new Map<number, number>();
    for (let j = 0; j < m; j++) countsB.set(b[j] as number, (countsB.get(b[j] as number) ?? 0) + 1);
    for (const [k, c] of countsA) p += (c / n) * ((countsB.get(k) ?? 0) / m);
  }
  const target = (RANDOM_HITS_PER_ELEMENT * (n + m)) / (n * m);
  for (let q = MIN_Q; q <= MAX_Q; q++) {
    if (p ** q / q <= target) return q;
  }
  return MAX_Q;
}

/** State shared by the stages of one call. */
class Solver {
  readonly blocks: BlockList = [];
  seededBlocks = 0;

  constructor(
    readonly a: Int32Array,
    readonly b: Int32Array,
    private readonly smallGapCells: number,
  ) {}

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
    const top1 = topPower(BASE1, q);
    const top2 = topPower(BASE2, q);
    // Index the q-grams of a at the samples 0, s, 2s, ...; a bit set on the hash pairs lets the
    // scan of b skip most non-hits without touching the (larger) table.
    const samples = Math.floor((n - q) / s) + 1;
    const table = new PairTable(samples);
    const groupOf = new Int32Array(samples);
    let filterBits = 10;
    while (filterBits < 23 && 1 << filterBits < samples * 16) filterBits++;
    const filter = new Int32Array(1 << (filterBits - 5));
    const filterShift = 32 - filterBits;
    let h1 = 0;
    let h2 = 0;
    for (let t = 0; t < q; t++) {
      h1 = (Math.imul(h1, BASE1) + (a[t] as number)) | 0;
      h2 = (Math.imul(h2, BASE2) + (a[t] as number)) | 0;
    }
    for (let i = 0, sample = 0, phase = 0; ;) {
      if (phase === 0) {
        groupOf[sample++] = table.getOrAdd(h1, h2, i);
        const bit = slotOf(h1, h2, filterShift);
        filter[bit >>> 5]! |= 1 << (bit & 31);
      }
      if (i + q >= n) break;
      const out = a[i] as number;
      const inc = a[i + q] as number;
      h1 = (Math.imul(h1 - Math.imul(out, top1), BASE1) + inc) | 0;
      h2 = (Math.imul(h2 - Math.imul(out, top2), BASE2) + inc) | 0;
      i++;
      phase = phase + 1 === s ? 0 : phase + 1;
    }
    const { start, members } = groupPositions(groupOf, table.size, 0); // members = sample numbers
    // First pass over b: the group of each q-gram, and how many candidate pairs that makes;
    // give up before any verification when that is over budget.
    const bGroup = new Int32Array(m - q + 1);
    let hits = 0;
    h1 = 0;
    h2 = 0;
    for (let t = 0; t < q; t++) {
      h1 = (Math.imul(h1, BASE1) + (b[t] as number)) | 0;
      h2 = (Math.imul(h2, BASE2) + (b[t] as number)) | 0;
    }
    for (let j = 0; ;) {
      const bit = slotOf(h1, h2, filterShift);
      const g = ((filter[bit >>> 5] as number) >>> (bit & 31)) & 1 ? table.get(h1, h2) : -1;
      bGroup[j] = g;
      if (g >= 0) hits += (start[g + 1] as number) - (start[g] as number);
      if (j + q >= m) break;
      const out = b[j] as number;
      const inc = b[j + q] as number;
      h1 = (Math.imul(h1 - Math.imul(out, top1), BASE1) + inc) | 0;
      h2 = (Math.imul(h2 - Math.imul(out, top2), BASE2) + inc) | 0;
      j++;
    }
    stats.hits = hits;
    if (hits > budget) return null;
    for (let j = 0; j + q <= m; j++) {
      const g = bGroup[j] as number;
      if (g < 0) continue;
      const end = start[g + 1] as number;
      for (let p = start[g] as number; p < end; p++) {
        const i = (members[p] as number) * s;
        let t = 0;
        while (t < q && a[i + t] === b[j + t]) t++;
        if (t < q) continue; // hash collision
        let back = 0;
        while (back < s && i - back > 0 && j - back > 0 && a[i - back - 1] === b[j - back - 1])
          back++;
        if (back >= s) continue; // the sample at i - s sees the same run
        let e = q;
        while (i + e < n && j + e < m && a[i + e] === b[j + e]) e++;
        const len = e + back;
        if (len >= minLen) mems.push(i - back, j - back, len);
      }
    }
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
    for (let k = 0; k < mems.length; k += 3)
      heap.push(mems[k + 2] as number, mems[k] as number, mems[k + 1] as number);
    const top: [number, number, number] = [0, 0, 0];
    const pieces: number[] = [];
    while (heap.size > 0) {
      heap.pop(top);
      const [len, i0, j0] = top;
      const d = j0 - i0;
      const end = i0 + len;
      pieces.length = 0;
      for (let i = i0; i < end;) {
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
        const setRegion = (
          id: number,
          xlo: number,
          xhi: number,
          ylo: number,
          yhi: number,
        ): void => {
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
      if (rLive[r])
        regions.push(rAlo[r] as number, rAhi[r] as number, rBlo[r] as number, rBhi[r] as number);
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
      if (besti + best < ahi && bestj + best < bhi)
        stack.push(besti + best, ahi, bestj + best, bhi);
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
    // Small or very lopsided gaps: the direct table costs at most (blocks + 1) * p * w cells,
    // with blocks <= min(p, w); cheaper than indexing the long side.
    if (p * w <= this.smallGapCells || Math.min(p, w) <= DIRECT_SIDE) {
      this.solveDirect(alo, ahi, blo, bhi);
      return;
    }
    // Largest L with an L-match: binary search (an L-match contains an (L-1)-match).
    let lo = 0;
    let hi = Math.min(maxLen, p, w);
    let grams: BGrams | null = null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const candidate = this.groupB(blo, bhi, mid);
      if (this.anyMatch(candidate, alo, ahi)) {
        lo = mid;
        grams = candidate;
      } else {
        hi = mid - 1;
      }
    }
    if (lo === 0 || grams === null) return;
    const len = lo;
    const index = this.sweepIndex(grams, alo, ahi);
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

  /** The `len`-grams of `b[blo..bhi)` grouped by hash pair (rolling hash, one pass). */
  private groupB(blo: number, bhi: number, len: number): BGrams {
    const { b } = this;
    const count = bhi - blo - len + 1;
    const table = new PairTable(count);
    const groupOf = new Int32Array(count);
    const top1 = topPower(BASE1, len);
    const top2 = topPower(BASE2, len);
    let h1 = 0;
    let h2 = 0;
    for (let t = 0; t < len; t++) {
      h1 = (Math.imul(h1, BASE1) + (b[blo + t] as number)) | 0;
      h2 = (Math.imul(h2, BASE2) + (b[blo + t] as number)) | 0;
    }
    for (let t = 0; ;) {
      groupOf[t] = table.getOrAdd(h1, h2, blo + t);
      if (t + 1 >= count) break;
      const out = b[blo + t] as number;
      const inc = b[blo + t + len] as number;
      h1 = (Math.imul(h1 - Math.imul(out, top1), BASE1) + inc) | 0;
      h2 = (Math.imul(h2 - Math.imul(out, top2), BASE2) + inc) | 0;
      t++;
    }
    return { blo, bhi, len, table, groupOf };
  }

  /** Group of each `len`-gram of `a[alo..ahi)` in `grams` (-1: not in the b range). */
  private aGroups(grams: BGrams, alo: number, ahi: number): Int32Array {
    const { a } = this;
    const { len, table } = grams;
    const count = ahi - alo - len + 1;
    const out = new Int32Array(Math.max(0, count));
    if (count <= 0) return out;
    const top1 = topPower(BASE1, len);
    const top2 = topPower(BASE2, len);
    let h1 = 0;
    let h2 = 0;
    for (let t = 0; t < len; t++) {
      h1 = (Math.imul(h1, BASE1) + (a[alo + t] as number)) | 0;
      h2 = (Math.imul(h2, BASE2) + (a[alo + t] as number)) | 0;
    }
    for (let t = 0; ;) {
      out[t] = table.get(h1, h2);
      if (t + 1 >= count) break;
      const o = a[alo + t] as number;
      const inc = a[alo + t + len] as number;
      h1 = (Math.imul(h1 - Math.imul(o, top1), BASE1) + inc) | 0;
      h2 = (Math.imul(h2 - Math.imul(o, top2), BASE2) + inc) | 0;
      t++;
    }
    return out;
  }

  /** Whether some `len`-gram of `a[alo..ahi)` occurs in the grouped b range. */
  private anyMatch(grams: BGrams, alo: number, ahi: number): boolean {
    const groups = this.aGroups(grams, alo, ahi);
    const { len, table } = grams;
    for (let t = 0; t < groups.length; t++) {
      const g = groups[t] as number;
      if (g < 0) continue;
      if (this.equalRun(alo + t, table.first[g] as number, len)) return true;
      // The group's first member is another gram with the same hashes (a collision): check
      // the whole range the slow way.
      for (let j = grams.blo; j + len <= grams.bhi; j++)
        if (this.equalRun(alo + t, j, len)) return true;
    }
    return false;
  }

  /** Positions of each group, ascending, with per-group cursors for the sweep. */
  private sweepIndex(grams: BGrams, alo: number, ahi: number): GramIndex {
    const { start, members } = groupPositions(grams.groupOf, grams.table.size, grams.blo);
    const aGroup = this.aGroups(grams, alo, ahi);
    return {
      alo,
      len: grams.len,
      start,
      members,
      aGroup,
      cursor: start.slice(0, grams.table.size),
    };
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

interface BGrams {
  readonly blo: number;
  readonly bhi: number;
  readonly len: number;
  readonly table: PairTable;
  /** Group of the gram at `b[blo + t]`. */
  readonly groupOf: Int32Array;
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
 * `portMatchingBlocks` (test/oracles/difflib-port.ts), in near-linear time on traces (see the
 * file comment).
 * Tests force every stage on small inputs with `AlignerTuning.difflib` and read what was done from
 * `AlignerStats.difflib` (`./tuning.ts`).
 * @throws RangeError when a tuning knob is not an integer in range (q, step >= 1; the others >= 0)
 */
export function fastMatchingBlocks(a: Int32Array, b: Int32Array): MatchingBlock[] {
  const knobs = alignerTuning(); // tests only
  const options = knobs.difflib ?? {};
  const st: FastDifflibStats = knobs.stats?.difflib ?? {
    path: 'direct',
    q: 0,
    minSeedLength: 0,
    mems: 0,
    hits: 0,
    seededBlocks: 0,
    sweptBlocks: 0,
  };
  for (const key of ['q', 'step', 'smallGapCells', 'hitBudgetPerElement'] as const) {
    const v = options[key];
    const min = key === 'q' || key === 'step' ? 1 : 0;
    if (v !== undefined && !(Number.isInteger(v) && v >= min)) {
      throw new RangeError(
        `fastMatchingBlocks: options.${key} must be an integer >= ${min}, got ${String(v)}`,
      );
    }
  }
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
    // Seeding would examine too many candidate pairs (very repetitive keys): the sweep alone is
    // exact for any length bound, so run it on the whole range with no bound.
    st.path = 'sweep';
    solver.solveShort(0, n, 0, m, Math.min(n, m));
    st.sweptBlocks = solver.blocks.length / 3;
    return finish(solver.blocks, n, m);
  }
  st.path = 'seeded';
  st.mems = mems.length / 3;
  const regions = solver.placeLongMatches(mems, minLen);
  st.seededBlocks = solver.seededBlocks;
  for (let k = 0; k < regions.length; k += 4) {
    solver.solveShort(
      regions[k] as number,
      regions[k + 1] as number,
      regions[k + 2] as number,
      regions[k + 3] as number,
      minLen - 1,
    );
  }
  st.sweptBlocks = solver.blocks.length / 3 - solver.seededBlocks;
  return finish(solver.blocks, n, m);
}
