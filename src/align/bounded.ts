/**
 * The two ways around the exact engines that the dispatcher (`./affine/dispatch.ts`,
 * `budgetedBehaviorAlign`) takes so that the default aligner answers every input in bounded time
 * and memory under its work budget (`./budget.ts`).
 *
 * 1. **No channel in common** (a program logging the wrong PVs or tool names): every pair costs
 *    `mismatch`, so an alignment with k pairs costs at least k·mismatch + gap(n − k) + gap(m − k)
 *    (one run of unpaired gt events, one of pred events; splitting a run only adds
 *    gap_open − gap_extend ≥ 0). The optimum is the minimum over k — O(min(n, m)) — and, with the
 *    largest minimising K, `K pairs, then n − K deletes, then m − K inserts` is the lexicographically
 *    smallest optimal operation sequence (pair < delete < insert): the exact engines' tie rule.
 *    Proven optimal. (When gap_open < gap_extend, split runs are cheaper: the general path runs.)
 * 2. **Budget exhausted** (or a channel-count lower bound shows the exact engines would exceed it):
 *    a *bounded alignment*: the exact dynamic programming restricted to a corridor of
 *    `CORRIDOR_HALF` columns on each side of a guide path — the anchor chain (`anchorGuide`) when
 *    it is dense enough, else the greedy alignment's path (`greedyCost`) or, when the events'
 *    times are known and pairing each event with the one nearest in time costs less, that
 *    alignment's path (`timeGuide`) — with the same cost model and the same tie rule inside the
 *    corridor. Its cost is that of a real alignment (never below the optimum) and at most its
 *    guide's. Not proven optimal.
 *
 * Worst case: O((n + m)·(BUDGET_WIDTH + 2·CORRIDOR_HALF + 1)) cells of work (each same-key cell
 * asks the comparator at most once per pass; one corridor is run, and choosing its guide costs
 * O(n + m) more questions), memory O(n + m) plus one byte per corridor cell.
 * Inputs with (n + 1)(m + 1) ≤ `EXACT_ALWAYS_CELLS` are never budgeted: always optimal.
 */
import { alignmentCost, gapRun, pairCost, type AffineCosts } from './affine/costs.js';
import { greedyCost } from './behavior.js';
import type { IndexPair, ValueBuckets } from './types.js';

/** Columns the bounded alignment's corridor extends on each side of the greedy path. */
export const CORRIDOR_HALF = 16;

/** The optimal alignment when no key is on both sides (module comment, case 1). */
export function disjointAlignment(n: number, m: number, c: AffineCosts): IndexPair[] {
  let best = Infinity;
  let K = 0;
  for (let k = 0; k <= Math.min(n, m); k++) {
    const cost = k * c.mismatch + gapRun(n - k, c) + gapRun(m - k, c);
    if (cost <= best) {
      best = cost;
      K = k; // the largest minimiser: more leading pairs is lexicographically smaller
    }
  }
  const out: IndexPair[] = [];
  for (let k = 0; k < K; k++) out.push({ gt: k, pred: k, tag: 'replace' });
  for (let i = K; i < n; i++) out.push({ gt: i, pred: null, tag: 'delete' });
  for (let j = K; j < m; j++) out.push({ gt: null, pred: j, tag: 'insert' });
  return out;
}

/**
 * Exact suffix DP (states: last operation pair / delete / insert, as `Band` in `./behavior.ts`)
 * restricted to row i's columns [lo(i) − CORRIDOR_HALF, hi(i) + CORRIDOR_HALF], where lo/hi are the
 * columns a guide path visits at row i (the anchor chain of `anchorGuide` when it is dense enough,
 * else the greedy alignment's path); both ends never decrease with i. One byte per cell
 * keeps each state's first optimal operation (pair < delete < insert); the walk from (0, 0) follows
 * them — the tie rule, within the corridor.
 */
export function corridorAlign(
  a: Int32Array,
  b: Int32Array,
  c: AffineCosts,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
  buckets: ValueBuckets | undefined,
  timeApart?: (i: number, j: number) => number,
): IndexPair[] {
  const n = a.length;
  const m = b.length;
  const guide = (): { lo: Int32Array; hi: Int32Array } => ({
    lo: new Int32Array(n + 1).fill(m + 1),
    hi: new Int32Array(n + 1).fill(-1),
  });
  const first = guide();
  if (anchorGuide(a, b, buckets, first)) return corridorFor(a, b, c, valuesMatch, buckets, first);
  const greedy = greedyCost(a, b, c, valuesMatch, first);
  // A second guide from the events' times: where the channel sequence repeats (a robot's topics
  // in a fixed rotation) and values cannot be bucketed, there are no anchors and the greedy path
  // can drift by whole periods (4× the optimal cost on a 100,000-message recording), while a
  // recording of the same run keeps each event near its golden time. One corridor is run, around
  // the guide whose own alignment costs less (greedy on a tie): the corridor's cost is at most
  // its guide's, and never below the optimum.
  if (timeApart !== undefined) {
    const second = guide();
    const timed = timeGuide(n, m, timeApart, second);
    if (timed !== undefined && alignmentCost(a, b, timed, c, valuesMatch) < greedy.cost)
      return corridorFor(a, b, c, valuesMatch, buckets, second);
  }
  return corridorFor(a, b, c, valuesMatch, buckets, first);
}

/** The corridor DP of `corridorAlign` around one guide path (overwritten): its alignment. */
function corridorFor(
  a: Int32Array,
  b: Int32Array,
  c: AffineCosts,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
  buckets: ValueBuckets | undefined,
  path: { readonly lo: Int32Array; readonly hi: Int32Array },
): IndexPair[] {
  const n = a.length;
  const m = b.length;
  const { lo, hi } = path;
  const L = new Int32Array(n + 2);
  const start = new Float64Array(n + 2); // offset of row i's cells in `dir`
  let total = 0;
  let widest = 0;
  for (let i = 0; i <= n; i++) {
    L[i] = Math.max(0, lo[i]! - CORRIDOR_HALF);
    const h = Math.min(m, hi[i]! + CORRIDOR_HALF);
    hi[i] = h; // reused as the corridor's right end
    start[i] = total;
    total += h - L[i]! + 1;
    if (h - L[i]! + 1 > widest) widest = h - L[i]! + 1;
  }
  start[n + 1] = total;
  const dir = new Uint8Array(total);
  const { gap_open: open, gap_extend: ext } = c;
  let nM = new Float64Array(widest + 1);
  let nD = new Float64Array(widest + 1);
  let cM = new Float64Array(widest + 1);
  let cD = new Float64Array(widest + 1);
  const cI = new Float64Array(widest + 1);
  let nL = 0;
  let nH = -1; // row i + 1's columns (none below row n)
  for (let i = n; i >= 0; i--) {
    const l = L[i]!;
    const h = hi[i]!;
    const off = start[i]!;
    let rightI = Infinity; // I of (i, j + 1)
    for (let j = h; j >= l; j--) {
      const x = j - l;
      if (i === n && j === m) {
        cM[x] = 0;
        cD[x] = 0;
        cI[x] = 0;
        rightI = 0;
        continue;
      }
      const pair =
        i < n && j < m && j + 1 >= nL && j + 1 <= nH
          ? pairCost(a, b, valuesMatch, i, j, c, buckets) + nM[j + 1 - nL]!
          : Infinity;
      const down = i < n && j >= nL && j <= nH ? nD[j - nL]! : Infinity;
      // State M (after a pair or at the start), D (after a delete), I (after an insert).
      const delO = open + down;
      const insO = open + rightI;
      let vM = pair;
      let dM = 0;
      if (delO < vM) {
        vM = delO;
        dM = 1;
      }
      if (insO < vM) {
        vM = insO;
        dM = 2;
      }
      let vD = pair;
      let dD = 0;
      if (ext + down < vD) {
        vD = ext + down;
        dD = 1;
      }
      if (insO < vD) {
        vD = insO;
        dD = 2;
      }
      let vI = pair;
      let dI = 0;
      if (delO < vI) {
        vI = delO;
        dI = 1;
      }
      if (ext + rightI < vI) {
        vI = ext + rightI;
        dI = 2;
      }
      cM[x] = vM;
      cD[x] = vD;
      cI[x] = vI;
      rightI = vI;
      dir[off + x] = dM | (dD << 2) | (dI << 4);
    }
    [nM, cM] = [cM, nM];
    [nD, cD] = [cD, nD];
    nL = l;
    nH = h;
  }
  const out: IndexPair[] = [];
  let i = 0;
  let j = 0;
  let state = 0;
  while (i < n || j < m) {
    const op = (dir[start[i]! + j - L[i]!]! >> (2 * state)) & 3;
    if (op === 0) {
      out.push({ gt: i, pred: j, tag: a[i] === b[j] ? 'equal' : 'replace' });
      i++;
      j++;
    } else if (op === 1) {
      out.push({ gt: i, pred: null, tag: 'delete' });
      i++;
    } else {
      out.push({ gt: null, pred: j, tag: 'insert' });
      j++;
    }
    state = op;
  }
  return out;
}

/**
 * A guide from the events' times (`AlignContext.timeApart`): gt event i pairs with the pred event
 * nearest to it in time, found by one forward pointer over pred, when no earlier gt event took
 * that one (else i is left unpaired); the pred events passed over are left unpaired. Returns that
 * alignment and writes the columns it visits per row into `path`, or returns `undefined` (path
 * untouched) when the times are unknown (`NaN`). O(n + m) questions; times out of order only make
 * the guide worse, never the alignment wrong.
 */
function timeGuide(
  n: number,
  m: number,
  apart: (i: number, j: number) => number,
  path: { readonly lo: Int32Array; readonly hi: Int32Array },
): IndexPair[] | undefined {
  if (n === 0 || m === 0 || Number.isNaN(apart(0, 0))) return undefined;
  const out: IndexPair[] = [];
  const visit = (i: number, j: number): void => {
    if (j < path.lo[i]!) path.lo[i] = j;
    if (j > path.hi[i]!) path.hi[i] = j;
  };
  let near = 0; // the pred event nearest in time to gt event i
  let j = 0; // the next pred event not yet in the alignment
  for (let i = 0; i < n; i++) {
    let d = apart(i, near);
    while (near + 1 < m) {
      const e = apart(i, near + 1);
      if (!(e < d)) break;
      d = e;
      near++;
    }
    visit(i, j);
    for (; j < near; j++) {
      out.push({ gt: null, pred: j, tag: 'insert' });
      visit(i, j + 1);
    }
    if (j === near) {
      out.push({ gt: i, pred: j, tag: 'replace' }); // the tag is not read by alignmentCost
      j++;
    } else out.push({ gt: i, pred: null, tag: 'delete' });
  }
  for (visit(n, j); j < m; j++) {
    out.push({ gt: null, pred: j, tag: 'insert' });
    visit(n, j + 1);
  }
  return out;
}

/** Anchors per event below which the anchor chain is no guide (about one per corridor width). */
const MIN_ANCHOR_DENSITY = 1 / 64;

/**
 * A guide path through anchors (patience-diff style): the pairs of consecutive events whose keys
 * and value buckets occur (as a pair, hashed) exactly once in gt and once in pred, the longest chain of them increasing on both sides
 * (O(A log A) for A anchors), joined by straight lines from (0, 0) to (n, m). Writes the columns
 * each row visits into `path` and returns true, or false (path untouched) when there are no value
 * buckets or fewer than `MIN_ANCHOR_DENSITY · (n + m)` anchors in the chain. O(n + m + A log A).
 */
function anchorGuide(
  a: Int32Array,
  b: Int32Array,
  buckets: ValueBuckets | undefined,
  path: { readonly lo: Int32Array; readonly hi: Int32Array },
): boolean {
  if (buckets === undefined) return false;
  const n = a.length;
  const m = b.length;
  // Two events in a row (channel and value bucket of each) → position in gt (−1: more than once),
  // then pred's: single events repeat too often on long traces when tolerances make buckets wide.
  const gtAt = pairsAt(a, buckets.gt);
  const predAt = pairsAt(b, buckets.pred);
  // Pred position of each gt anchor, in gt order (−1: none).
  const partner = new Int32Array(n).fill(-1);
  let anchors = 0;
  for (const [h, i] of gtAt) {
    if (i < 0) continue;
    const p = predAt.get(h);
    if (p !== undefined && p >= 0) {
      partner[i] = p;
      anchors++;
    }
  }
  if (anchors < MIN_ANCHOR_DENSITY * (n + m)) return false;
  // Longest increasing chain of partner[] (patience sorting with predecessor links).
  const tailIdx = new Int32Array(anchors + 1);
  const prev = new Int32Array(n).fill(-1);
  let len = 0;
  for (let i = 0; i < n; i++) {
    const p = partner[i]!;
    if (p < 0) continue;
    let l = 0;
    let h = len;
    while (l < h) {
      const mid = (l + h) >> 1;
      if (partner[tailIdx[mid]!]! < p) l = mid + 1;
      else h = mid;
    }
    if (l > 0) prev[i] = tailIdx[l - 1]!;
    tailIdx[l] = i;
    if (l === len) len++;
  }
  if (len < MIN_ANCHOR_DENSITY * (n + m)) return false;
  const chain = new Int32Array(len);
  for (let k = len - 1, i = tailIdx[len - 1]!; k >= 0; k--, i = prev[i]!) chain[k] = i;
  // Straight segments (0, 0) → anchors → (n, m).
  let i0 = 0;
  let j0 = 0;
  for (let k = 0; k <= len; k++) {
    const i1 = k < len ? chain[k]! : n;
    const j1 = k < len ? partner[chain[k]!]! : m;
    segment(path, i0, j0, i1, j1);
    i0 = i1;
    j0 = j1;
  }
  return true;
}

/** The columns of a straight path from (i0, j0) to (i1, j1) (i0 ≤ i1, j0 ≤ j1), row by row. */
function segment(
  path: { readonly lo: Int32Array; readonly hi: Int32Array },
  i0: number,
  j0: number,
  i1: number,
  j1: number,
): void {
  const di = i1 - i0;
  const dj = j1 - j0;
  for (let r = i0; r <= i1; r++) {
    const from = di === 0 ? j0 : j0 + Math.floor(((r - i0) * dj) / di);
    const to = di === 0 ? j1 : r < i1 ? j0 + Math.floor(((r + 1 - i0) * dj) / di) : j1;
    if (from < path.lo[r]!) path.lo[r] = from;
    if (to > path.hi[r]!) path.hi[r] = to;
  }
}

/** Hash of each two consecutive events (key and value bucket of both) → its position, −1 if repeated. */
function pairsAt(keys: Int32Array, vals: Float64Array): Map<number, number> {
  const out = new Map<number, number>();
  let prev = 0;
  for (let i = 0; i < keys.length; i++) {
    const v = vals[i]!;
    const e =
      Math.imul(keys[i]! + 1, 0x9e3779b1) ^
      Math.imul(v | 0, 0x85ebca6b) ^
      Math.imul((v / 4294967296) | 0, 0xc2b2ae35);
    if (i > 0) {
      // 32 bits of the first event and 21 of the second: an exact double (collisions only cost anchors).
      const h = (prev >>> 0) * 2097152 + (e & 0x1fffff);
      out.set(h, out.has(h) ? -1 : i - 1);
    }
    prev = e;
  }
  return out;
}
