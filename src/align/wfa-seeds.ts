/**
 * A lower bound on the cost still to come, for pruning the wavefronts of `./wfa.ts` (the seed
 * heuristic with match pruning of A*PA — Groot Koerkamp & Ivanov, "Exact global alignment using
 * A* with chaining seed heuristic and match pruning", Bioinformatics 2024 — recast for the
 * score-ordered wavefronts and affine costs).
 *
 * Coordinates are those of the wavefronts: both key sequences reversed, row i of `A`, column j of
 * `B`, diagonal k = j − i; the wavefronts grow from (0, 0) towards (n, m).
 *
 * **Seeds.** `A` is cut into seeds of `len` consecutive events (seed t covers rows t·len … t·len +
 * len − 1). An *occurrence* of a seed is a place in `B` with the same keys (and, with value
 * buckets, buckets within 2 of the seed's at every position: every run of matching pairs is one). A
 * path that leaves a seed's rows without pairing them, in order, with one of its occurrences spends
 * at least `perSeed` on those rows — `min(mismatch, gapExtend)`, and `valueMismatch` too with
 * buckets: a pair of different keys (or of non-matching values), an unpaired event (counted at
 * `gapExtend`, since a run that began in the previous seed does not open again), or pred events
 * inserted between two of its rows (a run that opens). Each operation lies in one seed's rows
 * (inserts at a seed boundary are counted nowhere), so these costs add up.
 *
 * **Match pruning.** A first pass of the wavefronts in a narrow band of diagonals (`wfa.ts`,
 * `firstPass`) records, for every occurrence on a diagonal of that band, the score at which it
 * reached the occurrence's first cell: an upper bound on the true cost g of that cell. Take a cell u
 * of the full pass at score s on diagonal k outside the band. If an optimal alignment went through u
 * and then through an occurrence o, it would reach o's first cell at cost ≥ s + gapExtend·|k − k_o|
 * (the diagonal has to change that much) — and on an optimal alignment that cost equals g(o). So
 * when every occurrence of a seed was reached by the band pass at a score below that, no optimal
 * alignment through u pairs that seed exactly; such seeds, and seeds with no occurrence at all, each
 * cost ≥ `perSeed` on any optimal completion from u. If s plus that sum exceeds an upper bound on
 * the optimal cost, u lies on no optimal alignment and the wavefronts drop it — every optimal
 * alignment survives, so the optimum and the tie-break are unchanged. Seeds with an occurrence
 * outside the band (nothing recorded there; mostly chance occurrences) or with too many are never
 * counted, and cells on the band's diagonals are never dropped.
 *
 * Behind the optimal path every occurrence has been reached, so a cell far from it (many
 * diagonals away, hence many rows behind) counts every seed between its row and the path's as
 * lost and is dropped early; near the path nothing is dropped. On traces that differ by scattered
 * edits this leaves a few thousand diagonals of a wavefront or fewer instead of all that the bound
 * allows (bench/aligners.mjs).
 */

const NEG = -0x3fffffff;
const INF = 0x3fffffff;

/** Seeds with more occurrences than this are never counted (their occurrences are not tracked). */
const MAX_OCCURRENCES = 8;

/**
 * Distinct seeds wanted per event of the searched sequence (by entropy). Longer seeds occur less
 * often by chance (a chance occurrence outside the band keeps a seed from being counted), shorter
 * ones are more per row (each counts once): 16 did best on the bench pairs.
 */
const SEEDS_PER_EVENT = 16;

/**
 * Natural-log entropy of the symbols `sym[0 … m − 1]` (counted in an open-addressing table). Its
 * two loops are functions of their own, each ending with its loop (see the note above `windowHash`).
 */
function entropy(sym: Int32Array): number {
  const m = sym.length;
  let bits = 4;
  while (1 << bits < 2 * m) bits++;
  const size = 1 << bits;
  const keys = new Int32Array(size);
  const counts = new Int32Array(size);
  countSymbols(sym, bits, keys, counts);
  return entropyOfCounts(counts, m);
}

/** Counts of each symbol of `sym` in the table `keys`/`counts` of 2^bits slots (linear probing). */
function countSymbols(sym: Int32Array, bits: number, keys: Int32Array, counts: Int32Array): void {
  const mask = keys.length - 1;
  for (let j = 0; j < sym.length; j++) {
    const x = sym[j] as number;
    let at = Math.imul(x, 0x9e3779b1) >>> (32 - bits);
    while (counts[at] !== 0 && keys[at] !== x) at = (at + 1) & mask;
    keys[at] = x;
    counts[at]!++;
  }
}

/** −Σ p·ln p over the non-zero counts, p = count / m. */
function entropyOfCounts(counts: Int32Array, m: number): number {
  let h = 0;
  for (let at = 0; at < counts.length; at++) {
    const c = counts[at] as number;
    if (c > 0) h -= (c / m) * Math.log(c / m);
  }
  return h;
}

/**
 * Seed length for keys like `b`'s: enough keys that a seed rarely occurs by chance in a sequence of
 * `b.length` keys (about 16·m equally likely seeds by the keys' entropy), at most 64; 0 when every
 * key is the same (seeds would say nothing).
 */
export function seedLength(b: Int32Array): number {
  const m = b.length;
  if (m === 0) return 0;
  const h = entropy(b);
  if (h < 0.05) return 0;
  return Math.min(64, Math.max(1, Math.ceil(Math.log(SEEDS_PER_EVENT * (m + 1)) / h)));
}

/** Seeds compare value buckets too when that takes at most this many events per seed (up to 2^len lookups each). */
const MAX_VALUE_SEED = 6;

/**
 * Seed length when seeds also compare value buckets (`ValueBuckets`: matching values lie within 2
 * buckets, so an event matches about 5 buckets' worth of values), or 0 when that would take more
 * than `MAX_VALUE_SEED` events (use `seedLength` on the keys alone).
 */
export function valueSeedLength(b: Int32Array, buckets: Float64Array): number {
  const m = b.length;
  if (m === 0) return 0;
  const sym = new Int32Array(m);
  valueSymbols(b, buckets, sym);
  const h = entropy(sym) - Math.log(5);
  if (h < 0.05) return 0;
  const len = Math.max(1, Math.ceil(Math.log(SEEDS_PER_EVENT * (m + 1)) / h));
  return len <= MAX_VALUE_SEED ? len : 0;
}

/** `sym[j]`: a hash of key j and its value bucket (`valueSeedLength`). */
function valueSymbols(b: Int32Array, buckets: Float64Array, sym: Int32Array): void {
  for (let j = 0; j < sym.length; j++) {
    const v = buckets[j] as number;
    sym[j] =
      (Math.imul(b[j] as number, 0x9e3779b1) ^
        Math.imul(v | 0, 0x85ebca6b) ^
        (Math.floor(v / 4294967296) | 0)) |
      0;
  }
}

/** A max-tree over per-seed scores, for "the first seed at or after t whose score is ≥ T" (exported for its test). */
export class FirstAtLeast {
  private readonly tree: Int32Array;
  private readonly leaves: number;
  private readonly count: number;

  constructor(values: Int32Array) {
    const count = values.length;
    let leaves = 1;
    while (leaves < count) leaves <<= 1;
    const tree = new Int32Array(2 * leaves).fill(NEG);
    tree.set(values, leaves);
    for (let i = leaves - 1; i >= 1; i--)
      tree[i] = Math.max(tree[2 * i] as number, tree[2 * i + 1] as number);
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

// The seed index is built once per alignment, mostly before the JIT has seen it run: one loop per
// function, and nothing after it but a return of what is already made (V8 compiles a loop on the
// fly and keeps that code for the next alignment; code after the loop had no type feedback when it
// was compiled, so it would send every later call back to the interpreter), and no closures made
// per alignment (a new call target each time).

/**
 * Hash of the `len` events of X from p: their keys and, with buckets V, each bucket's cell of 5
 * (⌊bucket / 5⌋) — or, for a lookup, the cells `cells[0 … len − 1]` instead.
 */
function windowHash(
  X: Int32Array,
  V: Float64Array | undefined,
  cells: Float64Array | undefined,
  p: number,
  len: number,
  mask: number,
): number {
  let h = 0;
  for (let i = 0; i < len; i++) {
    h = (Math.imul(h, 0x9e3779b1) + (X[p + i] as number) + 1) | 0;
    if (V !== undefined) {
      const c = cells !== undefined ? (cells[i] as number) : Math.floor((V[p + i] as number) / 5);
      h = (Math.imul(h, 0x85ebca6b) + (c | 0)) | 0;
      h = (Math.imul(h, 0xc2b2ae35) + (Math.floor(c / 4294967296) | 0)) | 0;
    }
  }
  return (h ^ (h >>> 15)) & mask;
}

/** Every length-`len` window of B, chained by `windowHash`: `head[h]` is the first, `next[j]` the one after j. */
function chainWindows(
  B: Int32Array,
  VB: Float64Array | undefined,
  len: number,
  mask: number,
): { head: Int32Array; next: Int32Array } {
  const windows = Math.max(0, B.length - len + 1);
  const head = new Int32Array(mask + 1).fill(-1);
  const next = new Int32Array(windows);
  const out = { head, next };
  for (let j = windows - 1; j >= 0; j--) {
    const h = windowHash(B, VB, undefined, j, len, mask);
    next[j] = head[h] as number;
    head[h] = j;
  }
  return out;
}

/** Whether the window of B at j holds seed A[p … p + len − 1]: same keys, buckets within 2. */
function holds(
  A: Int32Array,
  VA: Float64Array | undefined,
  B: Int32Array,
  VB: Float64Array | undefined,
  p: number,
  j: number,
  len: number,
): boolean {
  for (let i = 0; i < len; i++) {
    if (A[p + i] !== B[j + i]) return false;
    if (VA !== undefined && Math.abs((VA[p + i] as number) - (VB![j + i] as number)) > 2)
      return false;
  }
  return true;
}

/**
 * The occurrences of every seed, as `SeedBound` keeps them (`occStart`, `cols` for `occCol`, `kind`). With
 * buckets, the buckets within 2 of a seed's bucket b lie in b's cell of 5 or in one neighbour (the
 * one below when b mod 5 ≤ 1, above when ≥ 3): a seed is looked up once per combination of those
 * cells (at most 2^len), every occurrence in exactly one, and its buckets checked exactly.
 */
function findOccurrences(
  A: Int32Array,
  VA: Float64Array | undefined,
  B: Int32Array,
  VB: Float64Array | undefined,
  len: number,
  count: number,
  head: Int32Array,
  next: Int32Array,
  mask: number,
  band: { readonly lo: number; readonly hi: number },
): { occStart: Int32Array; cols: number[]; kind: Int8Array; near: [Int32Array, Int32Array] } {
  const hasWindows = next.length > 0;
  const occStart = new Int32Array(count + 1);
  const kind = new Int8Array(count);
  const nearBelow = new Int32Array(count);
  const nearAbove = new Int32Array(count);
  const cols: number[] = [];
  const cell = VA === undefined ? undefined : new Float64Array(len);
  const home = new Float64Array(len);
  const other = new Float64Array(len); // the neighbouring cell, or the home cell again
  const out = { occStart, cols, kind, near: [nearBelow, nearAbove] as [Int32Array, Int32Array] };
  for (let t = 0; t < count; t++) {
    const start = cols.length; // occStart[t]
    const p = t * len;
    let combos = 1;
    if (VA !== undefined) {
      for (let i = 0; i < len; i++) {
        const b = VA[p + i] as number;
        const c = Math.floor(b / 5);
        const r = b - 5 * c;
        home[i] = c;
        other[i] = r <= 1 ? c - 1 : r >= 3 ? c + 1 : c;
        if (other[i] !== c) combos *= 2;
      }
    }
    let found = 0;
    for (let combo = 0; combo < combos && found <= MAX_OCCURRENCES; combo++) {
      if (cell !== undefined) {
        for (let i = 0, bit = 0; i < len; i++) {
          if (other[i] === home[i]) cell[i] = home[i] as number;
          else cell[i] = (combo >> bit++) & 1 ? (other[i] as number) : (home[i] as number);
        }
      }
      for (
        let j = hasWindows ? (head[windowHash(A, VA, cell, p, len, mask)] as number) : -1;
        j >= 0;
        j = next[j] as number
      ) {
        if (!holds(A, VA, B, VB, p, j, len)) continue;
        if (++found > MAX_OCCURRENCES) break;
        cols.push(j);
      }
    }
    // Seeds with too many occurrences, or with one outside the band (where the bound pass
    // records nothing; mostly chance occurrences), are never counted: their occurrences are not kept.
    // Also how far beyond the band's edges its nearest occurrence on each side lies (0 when it
    // has too many to tell).
    let below = INF;
    let above = INF;
    for (let o = start; o < cols.length; o++) {
      const d = (cols[o] as number) - p;
      if (d < band.lo) below = Math.min(below, band.lo - d);
      else if (d > band.hi) above = Math.min(above, d - band.hi);
    }
    const outside = below < INF || above < INF;
    nearBelow[t] = found > MAX_OCCURRENCES ? 0 : below;
    nearAbove[t] = found > MAX_OCCURRENCES ? 0 : above;
    if (found === 0) kind[t] = 1;
    else if (found > MAX_OCCURRENCES || outside) {
      kind[t] = 2;
      cols.length = start;
    }
    occStart[t + 1] = cols.length;
  }
  return out;
}

/** The occurrences (all on the band's diagonals), grouped by diagonal and sorted by first row (`SeedBound`). */
function byDiagonal(
  occStart: Int32Array,
  occCol: Int32Array,
  len: number,
  band: { readonly lo: number; readonly hi: number },
): { diagStart: Int32Array; diagOcc: Int32Array; diagRow: Int32Array } {
  const width = Math.max(0, band.hi - band.lo + 1);
  const diagStart = new Int32Array(width + 1);
  countByDiagonal(occStart, occCol, len, band.lo, diagStart);
  prefixSums(diagStart);
  const fill = diagStart.slice(0, width);
  const diagOcc = new Int32Array(diagStart[width] as number);
  const diagRow = new Int32Array(diagStart[width] as number);
  placeByDiagonal(occStart, occCol, len, band.lo, fill, diagOcc, diagRow);
  return { diagStart, diagOcc, diagRow };
}

/** `diagStart[k − lo + 1]`: how many occurrences lie on diagonal k. */
function countByDiagonal(
  occStart: Int32Array,
  occCol: Int32Array,
  len: number,
  lo: number,
  diagStart: Int32Array,
): void {
  const count = occStart.length - 1;
  for (let t = 0; t < count; t++) {
    for (let o = occStart[t] as number; o < (occStart[t + 1] as number); o++)
      diagStart[(occCol[o] as number) - t * len - lo + 1]!++;
  }
}

/** Running sums in place: `x[i]` becomes `x[0] + … + x[i]`. */
function prefixSums(x: Int32Array): void {
  for (let i = 1; i < x.length; i++) x[i]! += x[i - 1] as number;
}

/** Each occurrence into its diagonal's list (`fill[k − lo]`: the next free slot), seeds in increasing t, so each list comes out sorted by first row. */
function placeByDiagonal(
  occStart: Int32Array,
  occCol: Int32Array,
  len: number,
  lo: number,
  fill: Int32Array,
  diagOcc: Int32Array,
  diagRow: Int32Array,
): void {
  const count = occStart.length - 1;
  for (let t = 0; t < count; t++) {
    for (let o = occStart[t] as number; o < (occStart[t + 1] as number); o++) {
      const at = fill[(occCol[o] as number) - t * len - lo]!++;
      diagOcc[at] = o;
      diagRow[at] = t * len;
    }
  }
}

/** Integer costs as the wavefronts use them. */
interface SeedCosts {
  readonly mismatch: number;
  readonly valueMismatch: number;
  readonly gapExtend: number;
}

/** The seed heuristic of one alignment (see the module comment). */
export class SeedBound {
  /** Events per seed. */
  readonly len: number;
  /** Number of seeds: ⌊n / len⌋. */
  private readonly count: number;
  /** Seed t's occurrences are `occCol[occStart[t] … occStart[t + 1] − 1]` (first column in B). */
  private readonly occStart: Int32Array;
  private readonly occCol: Int32Array;
  /** Per seed: 0 tracked occurrences (all on the band's diagonals), 1 none at all, 2 never counted. */
  private readonly kind: Int8Array;
  /** Per occurrence: the score at which the band pass first reached it (INF: never). */
  private readonly reachedAt: Int32Array;
  /** The band of diagonals of the recording pass, and per diagonal its occurrences by first row. */
  private readonly bandLo: number;
  private readonly bandHi: number;
  private readonly diagStart: Int32Array;
  private readonly diagOcc: Int32Array;
  private readonly diagRow: Int32Array;
  private readonly cursor: Int32Array;
  private readonly gapExtend: number;
  /** What a seed that is not paired with one of its occurrences costs at least. */
  readonly perSeed: number;
  /**
   * After `finish`, per seed, for the cells below (`k < bandLo`) and above (`k > bandHi`) the band:
   * the latest score at which one of its occurrences was reached, less the gap cost from the
   * band's edge on that side to the occurrence's diagonal (compared with s + gapExtend·(the cell's
   * distance to the band)).
   */
  private below: FirstAtLeast | undefined;
  private above: FirstAtLeast | undefined;
  /** `lost[t]`: seeds at or after t with no occurrence; `untracked[t]`: seeds before t with too many. */
  private lost: Int32Array | undefined;
  private untracked: Int32Array | undefined;
  /**
   * Per side (0: diagonals below the band, 1: above) and seed: how many diagonals beyond the
   * band's edge its nearest occurrence on that side lies (INF: none there; 0: too many occurrences
   * to track). An alignment that stays within D diagonals of that edge cannot pair a seed whose
   * nearest occurrence there lies farther (`countedWithin`).
   */
  private readonly near: [Int32Array, Int32Array];
  /** `countedBefore`, once asked. */
  private counted: Int32Array | undefined;

  /**
   * @param A reversed gt keys; @param B reversed pred keys; @param len seed length (≥ 1);
   * @param band the diagonals of the recording pass; costs in wavefront units.
   * @param buckets reversed value buckets of A and B (`ValueBuckets`): an occurrence then also
   *   needs each pair's buckets within 2, and a seed paired otherwise costs ≥ `valueMismatch` too.
   */
  constructor(
    A: Int32Array,
    B: Int32Array,
    len: number,
    band: { readonly lo: number; readonly hi: number },
    costs: SeedCosts,
    buckets?: { readonly gt: Float64Array; readonly pred: Float64Array },
  ) {
    const n = A.length;
    const m = B.length;
    this.len = len;
    this.count = Math.floor(n / len);
    this.bandLo = band.lo;
    this.bandHi = band.hi;
    this.gapExtend = costs.gapExtend;
    this.perSeed = Math.min(
      costs.mismatch,
      costs.gapExtend,
      buckets === undefined ? Infinity : costs.valueMismatch,
    );
    // Every length-`len` window of B, chained by a hash of its keys (and bucket cells).
    const bits = Math.min(22, Math.max(10, Math.ceil(Math.log2(m + 1)) + 1));
    const mask = (1 << bits) - 1;
    const VA = buckets?.gt;
    const VB = buckets?.pred;
    const { head, next } = chainWindows(B, VB, len, mask);
    const { occStart, cols, kind, near } = findOccurrences(
      A,
      VA,
      B,
      VB,
      len,
      this.count,
      head,
      next,
      mask,
      band,
    );
    const occCol = Int32Array.from(cols);
    this.near = near;
    this.occStart = occStart;
    this.occCol = occCol;
    this.kind = kind;
    this.reachedAt = new Int32Array(occCol.length).fill(INF);
    const { diagStart, diagOcc, diagRow } = byDiagonal(occStart, occCol, len, band);
    this.diagStart = diagStart;
    this.diagOcc = diagOcc;
    this.diagRow = diagRow;
    this.cursor = diagStart.slice(0, diagStart.length - 1);
  }

  /**
   * `c[t]`: how many of the seeds before seed t have no occurrence within `reach` diagonals beyond
   * the band's edge on `side` (0 below, 1 above; `reach` = Infinity: none on that side at all) and not
   * too many to track — so that an alignment running on that side of the band, at most `reach`
   * diagonals from it, over all of such a seed's rows costs ≥ `perSeed` on them. Length count + 1.
   */
  countedWithin(side: 0 | 1, reach: number): Int32Array {
    const { count } = this;
    const near = this.near[side];
    const r = Math.min(reach, INF - 1);
    const c = new Int32Array(count + 1);
    for (let t = 0; t < count; t++) c[t + 1] = (c[t] as number) + ((near[t] as number) > r ? 1 : 0);
    return c;
  }

  /**
   * `c[t]`: how many of the seeds before seed t have every occurrence on a diagonal of the band, or
   * none at all (counted for an excursion to either side at any reach): what `firstPass` weighs
   * against the bound to choose its strips. Length count + 1.
   */
  countedBefore(): Int32Array {
    if (this.counted !== undefined) return this.counted;
    const { count, kind } = this;
    const c = new Int32Array(count + 1);
    for (let t = 0; t < count; t++) c[t + 1] = (c[t] as number) + (kind[t] === 2 ? 0 : 1);
    this.counted = c;
    return c;
  }

  /**
   * The recording pass reached rows up to `rows[at + t]` (furthest points of cost ≤ s, so they
   * only grow with s) on diagonals `lo + t` ≤ `hi`: mark the occurrences it reached first at score `s`.
   */
  record(s: number, lo: number, hi: number, rows: Int32Array, at: number): void {
    const { bandLo, diagStart, diagRow, diagOcc, cursor, reachedAt } = this;
    const from = Math.max(lo, bandLo);
    const to = Math.min(hi, this.bandHi);
    for (let k = from; k <= to; k++) {
      const d = k - bandLo;
      let c = cursor[d] as number;
      const end = diagStart[d + 1] as number;
      if (c === end) continue;
      const row = rows[at + k - lo] as number;
      while (c < end && (diagRow[c] as number) <= row) reachedAt[diagOcc[c++] as number] = s;
      cursor[d] = c;
    }
  }

  /**
   * Recording done: build what `prunes` asks. For a cell at score s on diagonal k outside the band,
   * at distance d from it, an occurrence o on a band diagonal k_o is out of an optimal completion's
   * reach when its recorded score < s + gapExtend·|k − k_o|, and |k − k_o| = d + (the distance of
   * k_o to the band's edge on k's side), which is subtracted here. A seed with an occurrence the
   * pass did not reach blocks the seeds after it.
   */
  finish(): void {
    const { count, kind, occStart, occCol, reachedAt, len, bandLo, bandHi, gapExtend } = this;
    const below = new Int32Array(count).fill(NEG);
    const above = new Int32Array(count).fill(NEG);
    for (let t = 0; t < count; t++) {
      if (kind[t] !== 0) continue; // none: always lost; too many: never counted (NEG, and subtracted)
      for (let o = occStart[t] as number; o < (occStart[t + 1] as number); o++) {
        const k = (occCol[o] as number) - t * len;
        const at = reachedAt[o] as number;
        below[t] = Math.max(below[t] as number, at >= INF ? INF : at - (k - bandLo) * gapExtend);
        above[t] = Math.max(above[t] as number, at >= INF ? INF : at - (bandHi - k) * gapExtend);
      }
    }
    const lost = new Int32Array(count + 1);
    const untracked = new Int32Array(count + 1);
    for (let t = count - 1; t >= 0; t--)
      lost[t] = (lost[t + 1] as number) + (kind[t] === 1 ? 1 : 0);
    for (let t = 0; t < count; t++)
      untracked[t + 1] = (untracked[t] as number) + (kind[t] === 2 ? 1 : 0);
    this.below = new FirstAtLeast(below);
    this.above = new FirstAtLeast(above);
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
    const dist = k < bandLo ? bandLo - k : k - bandHi;
    const until = (k < bandLo ? this.below! : this.above!).from(t, s + dist * this.gapExtend);
    // Seeds t … until − 1 are lost for every optimal completion (untracked ones aside); beyond,
    // only the seeds without any occurrence are sure to be.
    const counted =
      until -
      t -
      ((this.untracked![until] as number) - (this.untracked![t] as number)) +
      (this.lost![until] as number);
    return s + this.perSeed * counted > bound;
  }
}
