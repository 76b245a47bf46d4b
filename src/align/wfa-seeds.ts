/**
 * A lower bound on the cost still to come, for pruning the wavefronts of `./wfa.ts` (the seed
 * heuristic with match pruning of A*PA — Groot Koerkamp & Ivanov, "Exact global alignment using
 * A* with chaining seed heuristic and match pruning", Bioinformatics 2024 — recast for the
 * score-ordered wavefronts and affine costs).
 *
 * Coordinates are those of the wavefronts: both key sequences reversed, row i of `A`, column j of
 * `B`, diagonal k = j − i; the wavefronts grow from (0, 0) towards (n, m).
 *
 * **Seeds.** `A` is cut into seeds of `len` consecutive keys (seed t covers rows t·len … t·len + len − 1).
 * An *occurrence* of a seed is a place in `B` with the same keys. A path that leaves a seed's rows
 * without pairing them, in order, with one of its occurrences spends at least
 * `perSeed = min(mismatch, gapExtend)` on those rows: a pair of different keys, or an unpaired
 * event (counted at `gapExtend`, since a run that began in the previous seed does not open again),
 * or pred events inserted between two of its rows (a run that opens). Each operation lies in one
 * seed's rows (inserts at a seed boundary are counted nowhere), so these costs add up.
 *
 * **Match pruning.** A first pass of the wavefronts in a narrow band of diagonals (`wfa.ts`,
 * `tighterBound`) records, for every occurrence on a diagonal of that band, the score at which it
 * reached the occurrence's first cell: an upper bound on the true cost g of that cell. Take a cell u
 * of the full pass at score s on diagonal k. If an optimal alignment went through u and then
 * through an occurrence o, it would reach o's first cell at cost ≥ s + (the gap cost of moving from
 * diagonal k to o's diagonal) — and on an optimal alignment that cost equals g(o). So when every
 * occurrence of a seed was reached by the band pass at a score below s + gapExtend·(distance from k
 * to the band), no optimal alignment through u pairs that seed exactly; such seeds, and seeds with
 * no occurrence at all, each cost ≥ `perSeed` on any optimal completion from u. If s plus that
 * sum exceeds an upper bound on the optimal cost, u lies on no optimal alignment and the wavefronts
 * drop it — every optimal alignment survives, so the optimum and the tie-break are unchanged.
 *
 * Behind the optimal path every occurrence has been reached, so a cell far from it (many
 * diagonals away, hence many rows behind) counts every seed between its row and the path's as
 * lost and is dropped early; near the path nothing is dropped. On traces that differ by scattered
 * edits this leaves a few hundred diagonals of a wavefront instead of all that the bound allows.
 */

const NEG = -0x3fffffff;
const INF = 0x3fffffff;

/** Seeds with more occurrences than this are never counted (their occurrences are not tracked). */
const MAX_OCCURRENCES = 8;

/**
 * Seed length for keys like `b`'s: enough keys that a seed almost never occurs by chance in a
 * sequence of `b.length` keys (about 8192·m equally likely seeds by the keys' entropy; a chance
 * occurrence off the optimal path keeps its seed from being counted), at most 64; 0 when every key
 * is the same (seeds would say nothing).
 */
export function seedLength(b: Int32Array): number {
  const m = b.length;
  if (m === 0) return 0;
  const counts = new Map<number, number>();
  for (let j = 0; j < m; j++) counts.set(b[j] as number, (counts.get(b[j] as number) ?? 0) + 1);
  let entropy = 0;
  for (const c of counts.values()) entropy -= (c / m) * Math.log(c / m);
  if (entropy < 0.05) return 0;
  return Math.min(64, Math.max(1, Math.ceil(Math.log(8192 * (m + 1)) / entropy)));
}

/** A max-tree over per-seed scores, for "the first seed at or after t whose score is ≥ T". */
class FirstAtLeast {
  private readonly tree: Int32Array;
  private readonly leaves: number;
  private readonly count: number;

  constructor(values: Int32Array) {
    const count = values.length;
    let leaves = 1;
    while (leaves < count) leaves <<= 1;
    const tree = new Int32Array(2 * leaves).fill(NEG);
    tree.set(values, leaves);
    for (let i = leaves - 1; i >= 1; i--) tree[i] = Math.max(tree[2 * i] as number, tree[2 * i + 1] as number);
    this.tree = tree;
    this.leaves = leaves;
    this.count = count;
  }

  /** The first t' ≥ t with value ≥ T, else the number of values. */
  from(t: number, T: number): number {
    const { tree, leaves } = this;
    if (t >= this.count) return this.count;
    let i = leaves + t;
    if ((tree[i] as number) >= T) return t;
    for (;;) {
      if (i === 1) return this.count;
      if ((i & 1) === 0 && (tree[i + 1] as number) >= T) {
        i++;
        break;
      }
      i >>= 1;
    }
    while (i < leaves) i = (tree[2 * i] as number) >= T ? 2 * i : 2 * i + 1;
    return Math.min(this.count, i - leaves);
  }
}

/** What `prunes` asks for the cells on one side of the band (see `SeedBound.finish`). */
interface Side {
  /** Per seed, compared with s + gapExtend·(distance of the cell's diagonal to the band). */
  readonly far: FirstAtLeast;
  /** Per seed, compared with s: occurrences on the cell's own side of the band. */
  readonly near: FirstAtLeast;
}

/** Integer costs as the wavefronts use them. */
interface SeedCosts {
  readonly mismatch: number;
  readonly gapOpen: number;
  readonly gapExtend: number;
}

/** The seed heuristic of one alignment (see the module comment). */
export class SeedBound {
  private readonly len: number;
  /** Number of seeds: ⌊n / len⌋. */
  private readonly count: number;
  /** Seed t's occurrences are `occCol[occStart[t] … occStart[t + 1] − 1]` (first column in B). */
  private readonly occStart: Int32Array;
  private readonly occCol: Int32Array;
  /** Per seed: 0 tracked occurrences, 1 none at all, 2 too many (never counted). */
  private readonly kind: Int8Array;
  /** Per occurrence on a diagonal of the band: the score at which the band pass first reached it (INF: never). */
  private readonly reachedAt: Int32Array;
  /** The band of diagonals of the recording pass, and per diagonal its occurrences by first row. */
  private readonly bandLo: number;
  private readonly bandHi: number;
  private readonly diagStart: Int32Array;
  private readonly diagOcc: Int32Array;
  private readonly diagRow: Int32Array;
  private readonly cursor: Int32Array;
  /**
   * Per row r: the score at which the band's lowest (highest) diagonal first reached a row ≥ r
   * (INF: never) — a cost of a path to that cell, from which a run of unpaired events reaches an
   * occurrence outside the band.
   */
  private readonly edgeLo: Int32Array;
  private readonly edgeHi: Int32Array;
  private readonly costs: SeedCosts;
  private readonly perSeed: number;
  /** After `finish`: the cells below (`k < bandLo`) and above (`k > bandHi`) the band. */
  private below: Side | undefined;
  private above: Side | undefined;
  /** `lost[t]`: seeds at or after t with no occurrence; `untracked[t]`: seeds before t with too many. */
  private lost: Int32Array | undefined;
  private untracked: Int32Array | undefined;

  /**
   * @param A reversed gt keys; @param B reversed pred keys; @param len seed length (≥ 1);
   * @param band the diagonals of the recording pass; costs in wavefront units.
   */
  constructor(A: Int32Array, B: Int32Array, len: number, band: { readonly lo: number; readonly hi: number }, costs: SeedCosts) {
    const n = A.length;
    const m = B.length;
    this.len = len;
    this.count = Math.floor(n / len);
    this.bandLo = band.lo;
    this.bandHi = band.hi;
    this.costs = costs;
    this.perSeed = Math.min(costs.mismatch, costs.gapExtend);
    this.edgeLo = new Int32Array(n + 1).fill(INF);
    this.edgeHi = new Int32Array(n + 1).fill(INF);
    // Every length-`len` window of B, chained by a hash of its keys.
    const bits = Math.min(22, Math.max(10, Math.ceil(Math.log2(m + 1)) + 1));
    const mask = (1 << bits) - 1;
    const hashAt = (X: Int32Array, p: number): number => {
      let h = 0;
      for (let i = 0; i < len; i++) h = (Math.imul(h, 0x9e3779b1) + (X[p + i] as number) + 1) | 0;
      return (h ^ (h >>> 15)) & mask;
    };
    const windows = Math.max(0, m - len + 1);
    const head = new Int32Array(mask + 1).fill(-1);
    const next = new Int32Array(windows);
    for (let j = windows - 1; j >= 0; j--) {
      const h = hashAt(B, j);
      next[j] = head[h] as number;
      head[h] = j;
    }
    const occStart = new Int32Array(this.count + 1);
    const kind = new Int8Array(this.count);
    const cols: number[] = [];
    for (let t = 0; t < this.count; t++) {
      occStart[t] = cols.length;
      const p = t * len;
      let found = 0;
      for (let j = windows > 0 ? (head[hashAt(A, p)] as number) : -1; j >= 0; j = next[j] as number) {
        let same = true;
        for (let i = 0; i < len; i++) {
          if (A[p + i] !== B[j + i]) {
            same = false;
            break;
          }
        }
        if (!same) continue;
        if (++found > MAX_OCCURRENCES) break;
        cols.push(j);
      }
      if (found === 0) kind[t] = 1;
      else if (found > MAX_OCCURRENCES) {
        kind[t] = 2;
        cols.length = occStart[t] as number;
      }
    }
    occStart[this.count] = cols.length;
    this.occStart = occStart;
    this.occCol = Int32Array.from(cols);
    this.kind = kind;
    this.reachedAt = new Int32Array(cols.length).fill(INF);
    // Occurrences on the band's diagonals, grouped by diagonal and sorted by first row.
    const width = Math.max(0, band.hi - band.lo + 1);
    const diagStart = new Int32Array(width + 1);
    for (let t = 0; t < this.count; t++) {
      for (let o = occStart[t] as number; o < (occStart[t + 1] as number); o++) {
        const d = (this.occCol[o] as number) - t * len;
        if (d >= band.lo && d <= band.hi) diagStart[d - band.lo + 1]!++;
      }
    }
    for (let i = 0; i < width; i++) diagStart[i + 1]! += diagStart[i] as number;
    const fill = diagStart.slice(0, width);
    const diagOcc = new Int32Array(diagStart[width] as number);
    const diagRow = new Int32Array(diagStart[width] as number);
    // Seeds in increasing t, so each diagonal's list comes out sorted by first row.
    for (let t = 0; t < this.count; t++) {
      for (let o = occStart[t] as number; o < (occStart[t + 1] as number); o++) {
        const d = (this.occCol[o] as number) - t * len;
        if (d < band.lo || d > band.hi) continue;
        const at = fill[d - band.lo]!++;
        diagOcc[at] = o;
        diagRow[at] = t * len;
      }
    }
    this.diagStart = diagStart;
    this.diagOcc = diagOcc;
    this.diagRow = diagRow;
    this.cursor = diagStart.slice(0, width);
  }

  /**
   * The recording pass reached rows up to `rows[t]` (furthest points of cost ≤ s, so they only
   * grow with s) on diagonals `lo + t`: mark the occurrences and edge rows it reached first at score `s`.
   */
  record(s: number, lo: number, rows: Int32Array): void {
    const { bandLo, bandHi, diagStart, diagRow, diagOcc, cursor, reachedAt } = this;
    const from = Math.max(lo, bandLo);
    const to = Math.min(lo + rows.length - 1, bandHi);
    for (let k = from; k <= to; k++) {
      const d = k - bandLo;
      let c = cursor[d] as number;
      const end = diagStart[d + 1] as number;
      if (c === end) continue;
      const row = rows[k - lo] as number;
      while (c < end && (diagRow[c] as number) <= row) reachedAt[diagOcc[c++] as number] = s;
      cursor[d] = c;
    }
    if (from === bandLo) this.reachEdge(this.edgeLo, rows[bandLo - lo] as number, s);
    if (to === bandHi) this.reachEdge(this.edgeHi, rows[bandHi - lo] as number, s);
  }

  /** Rows up to `row` of an edge diagonal not reached before are reached at score `s`. */
  private reachEdge(edge: Int32Array, row: number, s: number): void {
    for (let r = Math.min(row, edge.length - 1); r >= 0 && edge[r] === INF; r--) edge[r] = s;
  }

  /**
   * Recording done: build what `prunes` asks. For a cell at score s on diagonal k outside the band
   * and an occurrence o on diagonal k_o, o is out of an optimal completion's reach when
   * (a cost of a path to o's first cell) < s + gapExtend·|k − k_o|. For o in the band or on the
   * other side, |k − k_o| = (distance of k to the band) + (distance of k_o to the band's edge on
   * k's side): the second part is subtracted here (`far`). For o on k's own side |k − k_o| may be
   * 0, so only "< s" counts (`near`). A seed is lost for the cell when all its occurrences are.
   */
  finish(): void {
    const { count, kind, occStart, occCol, reachedAt, len, bandLo, bandHi, edgeLo, edgeHi } = this;
    const { gapOpen, gapExtend } = this.costs;
    const lost = new Int32Array(count + 1);
    const untracked = new Int32Array(count + 1);
    for (let t = count - 1; t >= 0; t--) lost[t] = (lost[t + 1] as number) + (kind[t] === 1 ? 1 : 0);
    for (let t = 0; t < count; t++) untracked[t + 1] = (untracked[t] as number) + (kind[t] === 2 ? 1 : 0);
    const run = (l: number): number => gapOpen + (l - 1) * gapExtend;
    const minus = (v: number, x: number): number => (v >= INF ? INF : v - x);
    const belowFar = new Int32Array(count).fill(NEG);
    const belowNear = new Int32Array(count).fill(NEG);
    const aboveFar = new Int32Array(count).fill(NEG);
    const aboveNear = new Int32Array(count).fill(NEG);
    for (let t = 0; t < count; t++) {
      if (kind[t] !== 0) continue; // none: always lost; too many: never counted (NEG, and subtracted)
      const r = t * len;
      for (let o = occStart[t] as number; o < (occStart[t + 1] as number); o++) {
        const k = (occCol[o] as number) - r;
        let bf: number;
        let bn = NEG;
        let af: number;
        let an = NEG;
        if (k >= bandLo && k <= bandHi) {
          const at = reachedAt[o] as number;
          bf = minus(at, (k - bandLo) * gapExtend);
          af = minus(at, (bandHi - k) * gapExtend);
        } else if (k < bandLo) {
          // From the low edge at row r − (bandLo − k), a run of bandLo − k unpaired gt events.
          const from = r - (bandLo - k);
          const cost = from >= 0 ? minus(edgeLo[from] as number, -run(bandLo - k)) : INF;
          bn = cost;
          af = minus(cost, (bandHi - k) * gapExtend);
          bf = NEG;
        } else {
          // From the high edge at row r, a run of k − bandHi unpaired pred events.
          const cost = minus(edgeHi[r] as number, -run(k - bandHi));
          an = cost;
          bf = minus(cost, (k - bandLo) * gapExtend);
          af = NEG;
        }
        belowFar[t] = Math.max(belowFar[t] as number, bf);
        belowNear[t] = Math.max(belowNear[t] as number, bn);
        aboveFar[t] = Math.max(aboveFar[t] as number, af);
        aboveNear[t] = Math.max(aboveNear[t] as number, an);
      }
    }
    this.below = { far: new FirstAtLeast(belowFar), near: new FirstAtLeast(belowNear) };
    this.above = { far: new FirstAtLeast(aboveFar), near: new FirstAtLeast(aboveNear) };
    this.lost = lost;
    this.untracked = untracked;
  }

  /**
   * Whether a cell at score `s` on diagonal `k` whose furthest point is row `row` lies on no
   * alignment of cost ≤ `bound`: s + (lower bound on the cost of rows ≥ `row`) > bound. Cells on
   * the band's diagonals are never dropped (the optimal alignment usually runs there).
   */
  prunes(s: number, k: number, row: number, bound: number): boolean {
    if (row < 0) return true;
    const { bandLo, bandHi } = this;
    if (k >= bandLo && k <= bandHi) return false;
    const t = Math.ceil(row / this.len);
    if (t >= this.count) return false;
    const side = k < bandLo ? this.below! : this.above!;
    const dist = k < bandLo ? bandLo - k : k - bandHi;
    const until = Math.min(side.far.from(t, s + dist * this.costs.gapExtend), side.near.from(t, s));
    // Seeds t … until − 1 are lost for every optimal completion (untracked ones aside); beyond,
    // only the seeds without any occurrence are sure to be.
    const counted = until - t - ((this.untracked![until] as number) - (this.untracked![t] as number)) + (this.lost![until] as number);
    return s + this.perSeed * counted > bound;
  }
}
