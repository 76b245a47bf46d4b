/**
 * The value-aware optimal aligner (`behavior`): a global alignment whose substitution cost asks
 * the channel's comparator, so that a repeating process (a scan loop, a robot cycle, an agent
 * retrying a tool) is aligned on *what happened*, not only on which channel fired.
 *
 * Cost model (minimised; all costs configurable, defaults in brackets):
 * - a pair of events of the same channel whose values match (by the comparator and tolerance
 *   that judge the pair afterwards, `AlignContext.valuesMatch`) costs 0;
 * - a pair of the same channel with values that do not match costs `value_mismatch` [1];
 * - a pair of different channels costs `mismatch` [3];
 * - a run of L consecutive unpaired events on one side costs `gap_open + (L − 1)·gap_extend`
 *   [2 + (L − 1)·1]. A run of gt events left unpaired directly followed by a run of pred events
 *   (or the other way round) is two runs: each opens.
 *
 * Why these defaults:
 * - `value_mismatch < mismatch`: a changed value is a smaller difference than a wrong channel;
 * - `value_mismatch < mismatch < 2·gap_open`: a changed value, or a wrong event in a slot, pairs
 *   with its slot (one differing row) instead of "one missing + one extra" (two rows);
 * - `gap_extend < gap_open`: a block of missing events (a scan point's move and read, a truncated
 *   tail) is reported as one block;
 * - one dropped event costs `gap_open` = 2, while sliding the rest of a periodic trace by one
 *   event costs at least `value_mismatch` for every event after the drop: the alignment never
 *   slides (the failure mode of channel-only difflib, where one dropped event can halve the score);
 * - two adjacent events of different channels that swapped places cost `2·gap_open` = 4 as one
 *   event moved (missing at its slot, extra one later), less than two wrong-channel pairs (6).
 *
 * Tie-breaking (deterministic, exact): the tie rule of `./affine/costs.ts` — among the alignments
 * of minimal total cost, the lexicographically smallest sequence of operations with
 * pair < delete < insert. So unpaired events come as late as
 * possible: a repeated tool call reports the *second* call as extra, a dropped event inside a run
 * of identical events is reported at the end of the run. Cost comparisons are exact when every
 * cost is an integer, a decimal with at most 6 fractional digits, or a binary fraction (the costs
 * are scaled to integers); other costs are summed in floating point. After the engines, the
 * aligner object (`./behavior-aligner.ts`) slides unpaired runs toward pairs of identical values
 * where every row keeps its cost (`./exact-pairs.ts`): a match within tolerance costs 0 as an
 * exact one does, and the tie rule alone would pair an event with its neighbour's value.
 *
 * Engines (same alignment, tie-break included; `BehaviorTuning.engine`, `./tuning.ts`, picks one for tests):
 * - **wavefronts** (`./wfa.ts`) when the costs scale to integers with `mismatch > 0` and
 *   `gap_open ≥ gap_extend` (the defaults), unless a quick estimate says the band below does less
 *   work: O((n + m) + s·w) time for the optimal cost s in the smallest integer units and
 *   w ≤ 2·s/gap_extend + 1 diagonals, each pair compared at most once per pass, and on long inputs
 *   far fewer cells: a first pass in a band around the greedy alignment below is proved optimal
 *   when no alignment leaving the band can be, else a seed heuristic keyed by channel and value
 *   bucket (`Comparator.bucket`, `./wfa-seeds.ts`) drops the cells of the full pass that lie on no
 *   optimal alignment;
 * - **an exact banded DP** otherwise: a band of half-width w around the diagonals `0 … m − n` is
 *   accepted only when every path leaving it provably costs more than the best path inside (each
 *   unpaired event costs at least `min(gap_open, gap_extend)`), else it is widened; so time is
 *   O((n + m)·d) for d ≈ (optimal cost)/min(gap_open, gap_extend), and memory O(n·d); past
 *   `maxBandCells`, checkpoint rows on as few levels as fit (`checkpointPlan`): L row sets of about
 *   n^(1/L) rows, L times the time, the same alignment (no other engine takes over, so the tie
 *   rule holds whatever the memory). The first band is sized from the cost of a quick greedy
 *   alignment, and that cost also prunes cells that cannot lie on an alignment as cheap (see
 *   `Band.row`).
 *
 * The banded DP also takes per-key gap costs (`AffineCosts.by_key`: `nw`'s `by_channel`, where an
 * unpaired event costs its channel's `gap_open` / `gap_extend`) in a kernel of its own
 * (`Band.rowKeyed`); its bands are then sized, pruned and proven by the cheapest gap cost of the
 * inputs' events.
 *
 * This file holds the banded DP (`Band`) and the greedy alignment that sizes both engines' bands
 * (`greedyCost`); which engine runs is decided in one place, `./affine/dispatch.ts`:
 * `behaviorAlign` there is exact and unbounded (`nw` uses it so), and `budgetedBehaviorAlign`, what
 * the `behavior` aligner object (`./behavior-aligner.ts`) runs, answers every input in linear time
 * and memory: the optimum when proven within a work budget, else a bounded alignment
 * (`./bounded.ts`).
 */
import { gapMinOf, gapRun, type AffineCosts } from './affine/costs.js';
import type { IndexPair } from './types.js';

/**
 * Cost (an upper bound on the optimum) of a quick greedy alignment: pair matching events; at a
 * difference, try in turn pairing the two events (the next ones match again) and skipping d = 1 …
 * 8 events on the gt side, then the pred side, and take the first way on that the next
 * `CONFIRM` pairs all match (or the input ends), else the one followed by the longest such run,
 * else pair the two events. Every gap is charged as a fresh run. O((n + m)·8·CONFIRM) at worst;
 * a way on that fails usually fails at its first pair. Also the range of diagonals j − i its
 * path visits (it guides the band of the wavefront aligner's first pass).
 *
 * One matching pair would be weak evidence when few keys and no values tell events apart: with 3
 * equally likely channels a wrong skip matches once in three, and a greedy that took such skips
 * drifted off the alignment (a bound 16 times the optimum on the bench's 3-channel pairs with `nw`,
 * so the first pass could not prove its result and the full pass ran).
 */
export function greedyCost(
  a: Int32Array,
  b: Int32Array,
  c: AffineCosts,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
  /**
   * When given (length n + 1 each, filled with m + 1 / −1): per gt row i, the smallest and largest
   * column j the greedy path visits at that row (the guide of `./bounded.ts`).
   */
  path?: { readonly lo: Int32Array; readonly hi: Int32Array },
): { readonly cost: number; readonly lo: number; readonly hi: number } {
  const n = a.length;
  const m = b.length;
  // It runs once per alignment, mostly before the JIT has warmed up: no closures made per call
  // (each would be a new call target for the compiled loop), the pair test is a module function.
  let cost = 0;
  let lo = 0;
  let hi = 0;
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (path !== undefined) visit(path, i, j);
    if (same(a, b, valuesMatch, i, j)) {
      i++;
      j++;
      continue;
    }
    // Ways on, in order: 0 pairs the two events, 2d − 1 skips d gt events, 2d skips d pred events.
    let way = 0;
    let run = runFrom(a, b, valuesMatch, i + 1, j + 1);
    for (let d = 1; d <= MAX_SKIP && run < CONFIRM; d++) {
      if (i + d < n) {
        const r = runFrom(a, b, valuesMatch, i + d, j);
        if (r > run) {
          way = 2 * d - 1;
          run = r;
        }
        if (run >= CONFIRM) break;
      }
      if (j + d < m) {
        const r = runFrom(a, b, valuesMatch, i, j + d);
        if (r > run) {
          way = 2 * d;
          run = r;
        }
      }
    }
    if (way === 0) {
      cost += a[i] !== b[j] ? c.mismatch : c.value_mismatch;
      i++;
      j++;
    } else if (way % 2 === 1) {
      const d = (way + 1) / 2;
      cost += runAt(a, i, d, c);
      if (path !== undefined) for (let r = 1; r < d; r++) visit(path, i + r, j);
      i += d;
      if (j - i < lo) lo = j - i;
    } else {
      const d = way / 2;
      cost += runAt(b, j, d, c);
      j += d;
      if (j - i > hi) hi = j - i;
    }
  }
  if (path !== undefined) {
    // The tail: the gt events left as one run, then the pred events left.
    for (let r = i; r <= n; r++) visit(path, r, j);
    visit(path, n, m);
  }
  return {
    cost: cost + runAt(a, i, n - i, c) + runAt(b, j, m - j, c),
    lo: Math.min(lo, m - n),
    hi: Math.max(hi, m - n),
  };
}

/** Cost of one run of the `len` events `keys[start …]` left unpaired (per key with `by_key`). */
function runAt(keys: Int32Array, start: number, len: number, c: AffineCosts): number {
  const k = c.by_key;
  if (k === undefined) return gapRun(len, c);
  if (len <= 0) return 0;
  let cost = k.gap_open[keys[start]!]!;
  for (let r = 1; r < len; r++) cost += k.gap_extend[keys[start + r]!]!;
  return cost;
}

/** Widen row i's recorded columns to include j. */
function visit(
  path: { readonly lo: Int32Array; readonly hi: Int32Array },
  i: number,
  j: number,
): void {
  if (j < path.lo[i]!) path.lo[i] = j;
  if (j > path.hi[i]!) path.hi[i] = j;
}

/** Events the greedy alignment skips at most at one difference. */
const MAX_SKIP = 8;
/** Matching pairs in a row that confirm a way on at a difference (1 in 3⁶ by chance on 3 keys). */
const CONFIRM = 6;

/**
 * Pairs in a row from (i, j) on that match, up to `CONFIRM`; reaching the end of either input
 * counts as `CONFIRM` (nothing is left to contradict the way on).
 */
function runFrom(
  a: Int32Array,
  b: Int32Array,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
  i: number,
  j: number,
): number {
  const n = a.length;
  const m = b.length;
  let r = 0;
  while (r < CONFIRM) {
    if (i + r >= n || j + r >= m) return CONFIRM;
    if (!same(a, b, valuesMatch, i + r, j + r)) break;
    r++;
  }
  return r;
}

/** Whether gt event i and pred event j match: same key and, with a value test, matching values. */
function same(
  a: Int32Array,
  b: Int32Array,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
  i: number,
  j: number,
): boolean {
  return a[i] === b[j] && (valuesMatch === undefined || valuesMatch(i, j));
}

/**
 * The checkpoint levels of a band of `width` cells per row over the rows `0 … n` (`Band`'s
 * `blocks`) whose rows fit in `maxCells` cells: `[]` (every row) when those fit, else the fewest
 * levels that fit, each with about the same number of rows, n^(1/L) for L row sets (block sizes
 * r^(L−1), …, r for the smallest r with r^L ≥ n). More levels cost time (one more pass over the
 * rows each), fewer rows memory. When no level count fits (a width above about
 * maxCells / (3·log₂ n)), the plan with the fewest rows of all: a few per level (r of 2 to 4) on
 * about log n levels, e.g. 38 rows on 7 levels for n = 20 000.
 * Memory never decides which alignment is returned, only how often rows are recomputed.
 */
export function checkpointPlan(n: number, width: number, maxCells: number): number[] {
  let best: number[] = [];
  let bestRows = n + 1;
  if (bestRows * width <= maxCells) return best;
  for (let rowSets = 2; ; rowSets++) {
    let r = Math.max(2, Math.ceil(n ** (1 / rowSets)));
    while (r > 2 && (r - 1) ** rowSets >= n) r--;
    while (r ** rowSets < n) r++;
    const plan: number[] = [];
    for (let l = rowSets - 1; l >= 1; l--) plan.push(r ** l);
    const rows = checkpointRows(n, plan);
    if (rows < bestRows) {
      best = plan;
      bestRows = rows;
    }
    if (rows * width <= maxCells || r === 2) return rows * width <= maxCells ? plan : best;
  }
}

/**
 * Rows a `Band` over rows `0 … n` holds with these checkpoint levels (`blocks`): each level's
 * checkpoints for the largest block of the level above, and the innermost block whole.
 */
export function checkpointRows(n: number, blocks: readonly number[]): number {
  return n === 0 ? 1 : heldRows(n, blocks).reduce((sum, rows) => sum + rows, 0);
}

/**
 * Rows held per checkpoint level (each level's checkpoints for the largest block of the level
 * above), then the rows of the innermost block, held whole (every row without levels).
 */
function heldRows(n: number, blocks: readonly number[]): number[] {
  const out: number[] = [];
  let parent = n; // the longest block of the level above
  for (const b of blocks) {
    const k = Math.max(1, Math.floor(b));
    out.push(Math.ceil(parent / k) + 1);
    parent = Math.min(parent, k);
  }
  out.push(parent + 1);
  return out;
}

/**
 * The suffix-cost DP restricted to the diagonals `dlo ≤ j − i ≤ dhi`. Row `i` holds, for each `j`
 * of the band, the best cost of aligning `a[i..)` with `b[j..)` given that the previous operation
 * was a pair (or the start) / a delete / an insert (`M` / `D` / `I`); cell `(i, j)` sits at
 * `rowOffset + (j − i − dlo)`, so `(i+1, j+1)` is at the same position one row below and
 * `(i+1, j)` one position left of it.
 *
 * Memory (`blocks`, from `checkpointPlan`): `[]` keeps every row (`(n+1)·w` cells). `[K₁, …, K_D]`
 * keeps checkpoint rows on D levels: the fill keeps rows `0, K₁, 2K₁, …` and `n`; the walk, on
 * entering a block of K₁ rows, recomputes it from its last row keeping every K₂-th row, and so on
 * down to a block of K_D rows, which it recomputes and holds whole. A row is recomputed from the
 * row below with the same arithmetic (same numbers, same computed columns), so the walk sees the
 * cells of `[]` and takes the same operations: the tie rule does not depend on memory. With L =
 * D + 1 row sets of about n^(1/L) rows each (`checkpointPlan`), worst case time O(L·n·w) (the fill,
 * then each level recomputes every row once), memory O(L·n^(1/L)·w).
 */
export class Band {
  private readonly w: number;
  private readonly n: number;
  private readonly m: number;
  /**
   * Rows per block at each checkpoint level, outermost first (`[]`: every row kept): `blocks`,
   * or none when gt is empty (one row), so that `n ≥ 1` whenever there is a level.
   */
  private readonly levels: readonly number[];
  /** Row storage: all rows (no levels) or the current innermost block's rows. */
  private readonly gM: Float64Array;
  private readonly gD: Float64Array;
  private readonly gI: Float64Array;
  /**
   * Checkpoint rows of level l (`ckM[l]` …) for the block of level l − 1 that starts at row
   * `ckStart[l]` (level 0: all rows, from row 0; −1: none held yet): row r at slot
   * ⌈(r − ckStart[l]) / levels[l]⌉, for r = ckStart[l] + t·levels[l] and the block's last row.
   */
  private readonly ckM: Float64Array[] = [];
  private readonly ckD: Float64Array[] = [];
  private readonly ckI: Float64Array[] = [];
  private readonly ckStart: Int32Array;
  /** Columns `[rowLo[i], rowHi[i]]` of row i that were computed; every other cell is ∞. */
  private readonly rowLo: Int32Array;
  private readonly rowHi: Int32Array;
  /** Smallest cost of one unpaired event. */
  private readonly gapMin: number;
  /**
   * Per-event gap costs (`AffineCosts.by_key`; absent: `gap_open` / `gap_extend` for every event):
   * gt event i unpaired costs `openA[i]` opening a run, `extA[i]` continuing one; pred event j
   * `openB[j]` / `extB[j]`.
   */
  private readonly openA: Float64Array | undefined;
  private readonly extA: Float64Array | undefined;
  private readonly openB: Float64Array | undefined;
  private readonly extB: Float64Array | undefined;

  constructor(
    private readonly a: Int32Array,
    private readonly b: Int32Array,
    private readonly c: AffineCosts,
    private readonly valuesMatch: ((i: number, j: number) => boolean) | undefined,
    private readonly dlo: number,
    private readonly dhi: number,
    blocks: readonly number[],
    /** Cost of some alignment (≥ the optimum), or ∞: cells that cannot be on a path of cost ≤ bound are ∞. */
    private readonly bound: number,
  ) {
    this.w = dhi - dlo + 1;
    this.n = a.length;
    this.m = b.length;
    this.rowLo = new Int32Array(this.n + 1);
    this.rowHi = new Int32Array(this.n + 1);
    this.gapMin = gapMinOf(c, a, b);
    const byKey = c.by_key;
    // Assigned on both paths, so that every band has the same shape (one compiled `row`).
    this.openA = byKey && Float64Array.from(a, (k) => byKey.gap_open[k]!);
    this.extA = byKey && Float64Array.from(a, (k) => byKey.gap_extend[k]!);
    this.openB = byKey && Float64Array.from(b, (k) => byKey.gap_open[k]!);
    this.extB = byKey && Float64Array.from(b, (k) => byKey.gap_extend[k]!);
    this.levels = this.n === 0 ? [] : blocks.map((k) => Math.max(1, Math.floor(k)));
    this.ckStart = new Int32Array(this.levels.length).fill(-1);
    const held = heldRows(this.n, this.levels);
    for (let l = 0; l < this.levels.length; l++) {
      const slots = held[l]! * this.w;
      this.ckM.push(new Float64Array(slots));
      this.ckD.push(new Float64Array(slots));
      this.ckI.push(new Float64Array(slots));
    }
    // Every row, or the innermost block whole (≥ 2 rows: also the rolling rows of the sweeps).
    const rows = held[this.levels.length]!;
    this.gM = new Float64Array(rows * this.w);
    this.gD = new Float64Array(rows * this.w);
    this.gI = new Float64Array(rows * this.w);
  }

  /**
   * Compute row `i` into `(M, D, I)` at `off`, reading row `i + 1` at `below` of the same arrays,
   * and record the computed columns in `rowLo/rowHi[i]`; reads outside a row's computed columns
   * count as ∞ and are never made.
   *
   * Pruning (exact): a path through (i, j) has at least |j − i| unpaired events before it, so a
   * value `v` with `gapMin·|j − i| + v > bound` cannot lie on an alignment of cost ≤ bound; it is
   * stored as ∞. Cells on optimal paths keep their exact values whenever the optimum is ≤ bound
   * (their optimal continuations only use such cells), and the walk compares exact values only.
   * Columns right of the row below's computed ones are all ∞ (nothing to pair or delete into,
   * and inserts only lead further right); left of them, once the insert value is ∞ so is every
   * cell further left — both ends of the row are cut there.
   */
  private row(
    i: number,
    M: Float64Array,
    D: Float64Array,
    I: Float64Array,
    off: number,
    below: number,
  ): void {
    const { a, b, dlo, dhi, n, m, valuesMatch, bound, gapMin, rowLo, rowHi } = this;
    const { gap_open: open, gap_extend: ext, mismatch, value_mismatch: valueMismatch } = this.c;
    const lo = Math.max(0, i + dlo);
    const base = off - i - dlo; // position of (i, j) = base + j
    if (i === n) {
      // Only inserts remain.
      M[base + m] = 0;
      D[base + m] = 0;
      I[base + m] = 0;
      let j = m - 1;
      for (; j >= lo; j--) {
        const right = I[base + j + 1] as number;
        const slackLeft = bound - gapMin * Math.abs(j - i);
        const vM = open + right;
        const vI = ext + right;
        if (vI > slackLeft && vM > slackLeft) break; // this cell and every cell further left are ∞
        M[base + j] = vM > slackLeft ? Infinity : vM;
        D[base + j] = vM > slackLeft ? Infinity : vM;
        I[base + j] = vI > slackLeft ? Infinity : vI;
      }
      rowLo[i] = j + 1;
      rowHi[i] = m; // (n, m) costs 0
      return;
    }
    const blo = rowLo[i + 1] as number;
    const bhi = rowHi[i + 1] as number;
    const hi = Math.min(m, i + dhi, bhi);
    const bbase = below - (i + 1) - dlo; // position of (i+1, j) = bbase + j
    const ai = a[i] as number;
    let j = hi;
    let right = Infinity; // I of (i, j+1); none right of `hi`
    if (hi === m && m >= lo) {
      // Column m: only a delete, to (i+1, m) when that cell was computed.
      const down = m >= blo ? (D[bbase + m] as number) : Infinity;
      const slackLeft = bound - gapMin * Math.abs(m - i);
      const vOpen = open + down;
      const vExt = ext + down;
      M[base + m] = vOpen > slackLeft ? Infinity : vOpen;
      D[base + m] = vExt > slackLeft ? Infinity : vExt;
      right = vOpen > slackLeft ? Infinity : vOpen;
      I[base + m] = right;
      j = m - 1;
    }
    for (; j >= lo; j--) {
      if (j + 1 < blo && right === Infinity) break; // nothing below to reach, nothing to the right
      const pair =
        j + 1 >= blo && j < bhi
          ? (ai !== (b[j] as number)
              ? mismatch
              : valuesMatch === undefined || valuesMatch(i, j)
                ? 0
                : valueMismatch) + (M[bbase + j + 1] as number)
          : Infinity;
      const down = j >= blo ? (D[bbase + j] as number) : Infinity;
      const slackLeft = bound - gapMin * Math.abs(j - i);
      const delOpen = open + down;
      const insOpen = open + right;
      let t = pair <= delOpen ? pair : delOpen;
      t = t <= insOpen ? t : insOpen;
      M[base + j] = t > slackLeft ? Infinity : t;
      const delExt = ext + down;
      t = pair <= delExt ? pair : delExt;
      t = t <= insOpen ? t : insOpen;
      D[base + j] = t > slackLeft ? Infinity : t;
      const insExt = ext + right;
      t = pair <= delOpen ? pair : delOpen;
      t = t <= insExt ? t : insExt;
      right = t > slackLeft ? Infinity : t;
      I[base + j] = right;
    }
    // Trim cells that came out ∞ at both ends, so the rows above start narrower.
    let l = j + 1;
    let h = hi;
    while (
      h >= l &&
      M[base + h] === Infinity &&
      D[base + h] === Infinity &&
      I[base + h] === Infinity
    )
      h--;
    while (
      l <= h &&
      M[base + l] === Infinity &&
      D[base + l] === Infinity &&
      I[base + l] === Infinity
    )
      l++;
    rowLo[i] = l;
    rowHi[i] = h;
  }

  /**
   * `row` with per-event gap costs (`AffineCosts.by_key`), the same arithmetic with the costs
   * looked up per event: a kernel of its own, so that the uniform one (`behavior`, `nw` without
   * `by_channel`) keeps its speed (a lookup per cell cost 30 % on a 30k-event band); the tests pin
   * the two equal on uniform per-key costs (`behavior.test.ts`, "keyed kernel").
   */
  private rowKeyed(
    i: number,
    M: Float64Array,
    D: Float64Array,
    I: Float64Array,
    off: number,
    below: number,
  ): void {
    const { a, b, dlo, dhi, n, m, valuesMatch, bound, gapMin, rowLo, rowHi } = this;
    const openB = this.openB!;
    const extB = this.extB!;
    const { mismatch, value_mismatch: valueMismatch } = this.c;
    const lo = Math.max(0, i + dlo);
    const base = off - i - dlo; // position of (i, j) = base + j
    if (i === n) {
      // Only inserts remain.
      M[base + m] = 0;
      D[base + m] = 0;
      I[base + m] = 0;
      let j = m - 1;
      for (; j >= lo; j--) {
        const right = I[base + j + 1] as number;
        const slackLeft = bound - gapMin * Math.abs(j - i);
        const vM = (openB[j] as number) + right;
        const vI = (extB[j] as number) + right;
        if (vI > slackLeft && vM > slackLeft) break; // this cell and every cell further left are ∞
        M[base + j] = vM > slackLeft ? Infinity : vM;
        D[base + j] = vM > slackLeft ? Infinity : vM;
        I[base + j] = vI > slackLeft ? Infinity : vI;
      }
      rowLo[i] = j + 1;
      rowHi[i] = m; // (n, m) costs 0
      return;
    }
    const blo = rowLo[i + 1] as number;
    const bhi = rowHi[i + 1] as number;
    const hi = Math.min(m, i + dhi, bhi);
    const bbase = below - (i + 1) - dlo; // position of (i+1, j) = bbase + j
    const ai = a[i] as number;
    // Deleting gt event i costs the same in every column of the row.
    const delO = this.openA![i] as number;
    const delE = this.extA![i] as number;
    let j = hi;
    let right = Infinity; // I of (i, j+1); none right of `hi`
    if (hi === m && m >= lo) {
      // Column m: only a delete, to (i+1, m) when that cell was computed.
      const down = m >= blo ? (D[bbase + m] as number) : Infinity;
      const slackLeft = bound - gapMin * Math.abs(m - i);
      const vOpen = delO + down;
      const vExt = delE + down;
      M[base + m] = vOpen > slackLeft ? Infinity : vOpen;
      D[base + m] = vExt > slackLeft ? Infinity : vExt;
      right = vOpen > slackLeft ? Infinity : vOpen;
      I[base + m] = right;
      j = m - 1;
    }
    for (; j >= lo; j--) {
      if (j + 1 < blo && right === Infinity) break; // nothing below to reach, nothing to the right
      const pair =
        j + 1 >= blo && j < bhi
          ? (ai !== (b[j] as number)
              ? mismatch
              : valuesMatch === undefined || valuesMatch(i, j)
                ? 0
                : valueMismatch) + (M[bbase + j + 1] as number)
          : Infinity;
      const down = j >= blo ? (D[bbase + j] as number) : Infinity;
      const slackLeft = bound - gapMin * Math.abs(j - i);
      const delOpen = delO + down;
      const insOpen = (openB[j] as number) + right;
      let t = pair <= delOpen ? pair : delOpen;
      t = t <= insOpen ? t : insOpen;
      M[base + j] = t > slackLeft ? Infinity : t;
      const delExt = delE + down;
      t = pair <= delExt ? pair : delExt;
      t = t <= insOpen ? t : insOpen;
      D[base + j] = t > slackLeft ? Infinity : t;
      const insExt = (extB[j] as number) + right;
      t = pair <= delOpen ? pair : delOpen;
      t = t <= insExt ? t : insExt;
      right = t > slackLeft ? Infinity : t;
      I[base + j] = right;
    }
    // Trim cells that came out ∞ at both ends, so the rows above start narrower.
    let l = j + 1;
    let h = hi;
    while (
      h >= l &&
      M[base + h] === Infinity &&
      D[base + h] === Infinity &&
      I[base + h] === Infinity
    )
      h--;
    while (
      l <= h &&
      M[base + l] === Infinity &&
      D[base + l] === Infinity &&
      I[base + l] === Infinity
    )
      l++;
    rowLo[i] = l;
    rowHi[i] = h;
  }

  /** Row `i` by the kernel for this band's gap costs (`row` or `rowKeyed`). */
  private fillRow(
    i: number,
    M: Float64Array,
    D: Float64Array,
    I: Float64Array,
    off: number,
    below: number,
  ): void {
    if (this.openA === undefined) this.row(i, M, D, I, off, below);
    else this.rowKeyed(i, M, D, I, off, below);
  }

  /** Fill the band from the end; returns the optimal cost from the start (inside the band). */
  fill(): number {
    const { n, w, levels, gM, gD, gI } = this;
    if (levels.length === 0) {
      for (let i = n; i >= 0; i--) this.fillRow(i, gM, gD, gI, i * w, (i + 1) * w);
      return this.origin(gM, 0);
    }
    const at = this.sweep(0, 0, n, -1);
    return this.origin(gM, at);
  }

  /**
   * Compute rows `end − 1 … start` on two rolling rows (positions 0 and w of the block buffers)
   * and keep those of checkpoint level `level` for the block `[start, end]`: rows `start + t·K`
   * and `end`. Row `end` is computed afresh (`from < 0`: the fill, end = n) or copied from slot
   * `from` of level `level − 1`. Returns the position of row `start` in the block buffers.
   */
  private sweep(level: number, start: number, end: number, from: number): number {
    const { w, gM, gD, gI } = this;
    const k = this.levels[level] as number;
    const ckM = this.ckM[level]!;
    const ckD = this.ckD[level]!;
    const ckI = this.ckI[level]!;
    this.ckStart[level] = start;
    let cur = 0;
    if (from < 0) this.fillRow(end, gM, gD, gI, 0, w);
    else {
      const p = from * w;
      gM.set(this.ckM[level - 1]!.subarray(p, p + w), 0);
      gD.set(this.ckD[level - 1]!.subarray(p, p + w), 0);
      gI.set(this.ckI[level - 1]!.subarray(p, p + w), 0);
    }
    for (let i = end; ; i--) {
      if (i !== end) this.fillRow(i, gM, gD, gI, cur, w - cur);
      if (i === end || (i - start) % k === 0) {
        const p = Math.ceil((i - start) / k) * w;
        ckM.set(gM.subarray(cur, cur + w), p);
        ckD.set(gD.subarray(cur, cur + w), p);
        ckI.set(gI.subarray(cur, cur + w), p);
      }
      if (i === start) return cur;
      cur = w - cur;
    }
  }

  /** The value of cell (0, 0) in row storage at `off` (∞ if it was not computed). */
  private origin(M: Float64Array, off: number): number {
    return (this.rowLo[0] as number) <= 0 && (this.rowHi[0] as number) >= 0
      ? (M[off - this.dlo] as number)
      : Infinity;
  }

  /** Slot of row r in the checkpoints of `level` (r is one of that level's checkpoint rows). */
  private slot(level: number, r: number): number {
    return Math.ceil((r - (this.ckStart[level] as number)) / (this.levels[level] as number));
  }

  /**
   * Load the innermost block that holds the walk's row i (and row i + 1 when i < n) into the block
   * buffers, recomputing the checkpoints of every level whose block changed on the way down;
   * returns its first and last rows. Since the walk only moves down, each level's checkpoints are
   * recomputed once per block of the level above: every row once per level.
   */
  private load(i: number): { start: number; end: number } {
    const { n, w, levels, gM, gD, gI } = this;
    const r = i === n ? n - 1 : i; // row n belongs to the block that ends there
    let start = 0;
    let end = n;
    for (let l = 0; l < levels.length; l++) {
      if (l > 0 && this.ckStart[l] !== start) this.sweep(l, start, end, this.slot(l - 1, end));
      const k = levels[l] as number;
      const s = start + Math.floor((r - start) / k) * k;
      end = Math.min(s + k, end);
      start = s;
    }
    const last = levels.length - 1;
    const p = this.slot(last, end) * w;
    const at = (end - start) * w;
    gM.set(this.ckM[last]!.subarray(p, p + w), at);
    gD.set(this.ckD[last]!.subarray(p, p + w), at);
    gI.set(this.ckI[last]!.subarray(p, p + w), at);
    for (let row = end - 1; row >= start; row--)
      this.fillRow(row, gM, gD, gI, (row - start) * w, (row + 1 - start) * w);
    return { start, end };
  }

  /** Walk from the start taking the first optimal operation in the order pair, delete, insert. */
  trace(): IndexPair[] {
    const { a, b, w, n, m, dlo, levels, gM, gD, gI } = this;
    const { gap_open: open, gap_extend: ext, mismatch, value_mismatch: valueMismatch } = this.c;
    const out: IndexPair[] = [];
    let i = 0;
    let j = 0;
    let state: 0 | 1 | 2 = 0; // previous operation: pair/start, delete, insert
    // Rows [start, end] are held in the buffers (all of them without levels).
    let start = 0;
    let end = levels.length === 0 ? n : -1;
    while (i < n || j < m) {
      if (i >= end && (i < n || end < 0)) ({ start, end } = this.load(i));
      const idx = (i - start) * w + (j - i - dlo);
      const cur = (state === 0 ? gM : state === 1 ? gD : gI)[idx] as number;
      const belowLo = i < n ? (this.rowLo[i + 1] as number) : 0;
      const belowHi = i < n ? (this.rowHi[i + 1] as number) : -1;
      if (i < n && j < m && j + 1 >= belowLo && j + 1 <= belowHi) {
        const sub =
          a[i] !== b[j]
            ? mismatch
            : this.valuesMatch === undefined || this.valuesMatch(i, j)
              ? 0
              : valueMismatch;
        if (sub + (gM[idx + w] as number) === cur) {
          out.push({ gt: i, pred: j, tag: a[i] === b[j] ? 'equal' : 'replace' });
          i++;
          j++;
          state = 0;
          continue;
        }
      }
      if (
        i < n &&
        j >= belowLo &&
        j <= belowHi &&
        (state === 1
          ? this.extA === undefined
            ? ext
            : (this.extA[i] as number)
          : this.openA === undefined
            ? open
            : (this.openA[i] as number)) +
          (gD[idx + w - 1] as number) ===
          cur
      ) {
        out.push({ gt: i, pred: null, tag: 'delete' });
        i++;
        state = 1;
      } else if (
        j < m &&
        j + 1 <= (this.rowHi[i] as number) &&
        (state === 2
          ? this.extB === undefined
            ? ext
            : (this.extB[j] as number)
          : this.openB === undefined
            ? open
            : (this.openB[j] as number)) +
          (gI[idx + 1] as number) ===
          cur
      ) {
        out.push({ gt: null, pred: j, tag: 'insert' });
        j++;
        state = 2;
      } else {
        throw new Error('behavior: traceback lost the optimal path (internal error)');
      }
    }
    return out;
  }
}
