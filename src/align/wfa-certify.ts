/**
 * The certificate of the wavefronts' first pass (`./wfa-first-pass.ts`, `Wavefronts.certified`):
 * the edge test that proves no alignment leaving the first pass's band can be optimal.
 */
import { NONE } from './wfa-waves.js';

/**
 * `Wavefronts.certified` on one edge diagonal of the inner band: whether every far excursion X that
 * leaves it at row e and comes back at row x > e (rows `rows.from` … `rows.to`, g = `cost`, the band's
 * best cost of each row's cell there, capped at `cap`) costs more than g(x) − g(e) + slack.
 *
 * A lower bound on cost(X), for any reach D ≥ strip: X goes more than D diagonals past the edge
 * (≥ 2·(D + 1)·gapExtend for the way out and back), or it stays within D of it and then cannot pair
 * a seed whose occurrences on this side all lie farther than D (`counts[i]`, the prefix counts
 * for `reaches[i]`): each such seed whose rows it covers costs ≥ `per`, beside the gap that leaves
 * (gapExtend). A pair (e, x) with Δ = g(x) − g(e) + slack needs the far bound 2·(strip + 1)·ext > Δ,
 * or, for the smallest listed reach D with 2·(D + 1)·ext > Δ (the last reach is unbounded), more
 * than Δ from its seeds: per·(c(⌊x/len⌋) − c(⌈e/len⌉)) + ext > Δ. (A larger reach than needed
 * only counts fewer seeds: the check is sound for any list, just less often passed.)
 *
 * g never decreases along the diagonal, so for each x the e of each reach form a window of rows
 * that only moves forward with x: one scan per reach, whose monotone queue keeps the window's
 * maximum of per·c(⌈e/len⌉) − g(e). O(rows · reaches). Exported for its tests.
 */
export function edgeHolds(
  cost: Int32Array,
  rows: { readonly from: number; readonly to: number },
  cap: number,
  c: { readonly slack: number; readonly ext: number; readonly strip: number },
  per: number,
  len: number,
  reaches: readonly number[],
  counts: readonly Int32Array[],
): boolean {
  const { slack, ext } = c;
  const { from: r0, to: r1 } = rows;
  if (r1 <= r0) return true;
  // Everything the scans need comes first: a loop that V8 compiles on the fly is followed here by
  // nothing that asks for type feedback it could not have had (the loops run once per call).
  const g = new Int32Array(r1 - r0 + 1);
  const queue = new Int32Array(g.length);
  const value = new Float64Array(g.length);
  let from = 2 * (c.strip + 1) * ext;
  if (!cappedRising(cost, r0, cap, g)) return false;
  // Level i holds the exits e with T[i] ≤ Δ < T[i + 1], T[0] the far bound; the levels do not
  // interact, so each is one scan of its own, with its state in locals (the check with reaches
  // took about a third less time than when it stepped every level per row).
  for (let i = 0; i < reaches.length; i++) {
    // Δ never exceeds cap + slack: a level that starts above it holds no exit, nor do those after it.
    if (from > cap + slack) return true;
    // The last level is never left (every Δ from its lower bound on).
    const reach = i === reaches.length - 1 ? Infinity : (reaches[i] as number);
    const to = reach === Infinity ? Infinity : 2 * (reach + 1) * ext;
    if (!levelHolds(g, r0, slack, ext, per, len, from, to, counts[i]!, queue, value)) return false;
    from = to;
  }
  return true;
}

/**
 * g of rows r0 … r0 + g.length − 1 (at index r − r0) into `g`: `cost` capped at `cap`; false if it
 * decreases anywhere (g never decreases along a diagonal: refuse rather than trust it).
 */
function cappedRising(cost: Int32Array, r0: number, cap: number, g: Int32Array): boolean {
  let last = NONE; // below every cost (−Infinity would be an operation needing type feedback)
  for (let i = 0; i < g.length; i++) {
    const v = Math.min(cost[r0 + i] as number, cap);
    if (v < last) return false;
    g[i] = v;
    last = v;
  }
  return true;
}

/**
 * One level of `edgeHolds`: the exits e with `from` ≤ Δ < `to` (Δ = g(x) − g(e) + slack), each
 * needing its counted seeds `cnt` (prefix counts) to outweigh Δ. `g`: the capped costs of rows
 * r0, r0 + 1, … (never decreasing). `queue`/`value`: scratch as long as `g`, a monotone queue of
 * exits (their indices in `g`, and their values, decreasing from the head; values are integers,
 * but per·count can pass 2^31).
 */
function levelHolds(
  g: Int32Array,
  r0: number,
  slack: number,
  ext: number,
  per: number,
  len: number,
  from: number,
  to: number,
  cnt: Int32Array,
  queue: Int32Array,
  value: Float64Array,
): boolean {
  const last = cnt.length - 1;
  const bounded = to !== Infinity;
  // p: the first exit whose Δ is below `from` (all before it have Δ ≥ `from`); never past x.
  let p = 0;
  let h = 0;
  let b = 0;
  for (let x = 1; x < g.length; x++) {
    const gx = g[x] as number;
    // Exits now at Δ ≥ `from` join; those at Δ ≥ `to` have left (dropped when they reach the head).
    const limit = gx + slack - from;
    for (; p < x; p++) {
      const gp = g[p] as number;
      if (gp > limit) break;
      const t = ((r0 + p + len - 1) / len) | 0; // ⌈row / len⌉
      const v = per * (cnt[t < last ? t : last] as number) - gp;
      while (b > h && (value[b - 1] as number) <= v) b--;
      queue[b] = p;
      value[b++] = v;
    }
    if (bounded) {
      const leave = gx + slack - to;
      while (h < b && (g[queue[h] as number] as number) <= leave) h++;
    }
    if (h < b) {
      const t = ((r0 + x) / len) | 0; // ⌊row / len⌋
      // Some exit e needs more than the excursion can be shown to cost.
      if ((value[h] as number) >= per * (cnt[t < last ? t : last] as number) - gx - slack + ext)
        return false;
    }
  }
  return true;
}
