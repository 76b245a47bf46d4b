/**
 * The dynamic-programming engine of `nw` for a gap cost ≤ `match / 2`: Needleman–Wunsch global
 * alignment with affine gap costs (Gotoh), in linear memory by
 * Hirschberg-style divide and conquer extended to affine gaps (Myers & Miller 1988).
 *
 * Cost model (minimised):
 * - a pair of two events costs `match` if their keys (channels) are equal, else `mismatch`;
 * - a run of consecutive unpaired events on the same side (a run of deletes = gt events
 *   left unpaired, or a run of inserts = pred events left unpaired) costs
 *   `gap_open(e1) + gap_extend(e2) + … + gap_extend(eL)`, where `e1..eL` are the events of
 *   the run in order and `gap_open(e)`/`gap_extend(e)` are the costs of `e`'s channel
 *   (`by_channel[channel]`, falling back to the global `gap_open`/`gap_extend`). With no
 *   per-channel costs a gap of length L costs `gap_open + (L - 1) * gap_extend`.
 *   A delete run directly followed by an insert run (or vice versa) is two runs: each opens.
 *
 * Tie-breaking (deterministic):
 * 1. minimal total cost;
 * 2. among equal costs, the most pairs (fewest unpaired events) — so with `match = 0`
 *    identical key sequences give the all-`equal` diagonal even with free gaps (with
 *    positive gap costs the diagonal is the only zero-cost alignment anyway), and a mismatch pair is
 *    preferred over a delete + insert of the same cost (the defaults: 2 = 1 + 1).
 *    Exact when every cost is a decimal with at most 6 fractional digits or a binary
 *    fraction (see `buildKeys`); for other costs the sums are plain floating point and
 *    this rule is not applied;
 * 3. remaining ties: at every divide step the split point is chosen preferring the middle
 *    row to be entered by a pair over a delete, then the smallest pred index; in the small
 *    base cases the traceback (from the end) prefers pair, then delete, then insert.
 *
 * Memory: O(n + m) (six rows plus a base-case matrix of at most 65 536 cells, or
 * 2·(max(n, m) + 1) cells when one side has at most one event). Time: O(n·m) worst case
 * (about 2·n·m cells); an exact band pruning (see `Solver.solve`) makes similar traces
 * close to O((n + m)·d), d = number of unpaired events of the optimum.
 */
import { integerScale, type AffineCosts, type NwCosts } from './affine/costs.js';
import { alignerTuning } from './tuning.js';
import type { IndexPair } from './types.js';

/** Validated, defaults filled in: the cost module's `NwCosts`. */
export type ResolvedNwOptions = NwCosts;

// States of the last operation: a pair (or the start), a delete (gt unpaired), an insert.
const M = 0;
const D = 1;
const I = 2;
/** End constraint "any state". */
const ANY = 3;
type State = typeof M | typeof D | typeof I;
type EndState = State | typeof ANY;

/** Base case: solve with a full traceback matrix when it has at most this many cells. */
const BASE_CELLS = 1 << 16;

const INITIAL_BAND = 64;

/** `Math.min` for keys (never NaN); a plain comparison compiles to less code. */
function min(x: number, y: number): number {
  return x <= y ? x : y;
}

/**
 * Step keys of the DP. Costs and the pair count are folded into one double so that the
 * linear-memory passes only take plain minima of numbers:
 *
 * - **exact mode** (every cost is an integer after scaling by `integerScale` of
 *   `./affine/costs.ts` — integers, `0.5`, `0.1`, …, and the totals stay below 2^53): the key of a
 *   path is `cost·s·(N+1) − pairs` with `N = n + m`, an exact integer, so minimising it
 *   minimises the cost exactly and then maximises the number of pairs;
 * - **float mode** (anything else): the key is the cost itself, summed in floating point;
 *   ties on cost are then broken by the structural rules only.
 */
interface Keys {
  readonly subEq: number;
  /** Same keys, values that do not match (value-aware mode only; else `subEq`). */
  readonly subVal: number;
  readonly subNe: number;
  readonly openA: Float64Array;
  readonly extA: Float64Array;
  readonly openB: Float64Array;
  readonly extB: Float64Array;
  /** Smallest gap key (≥ 0): every unpaired event adds at least this much. */
  readonly gapMin: number;
}

function buildKeys(
  a: Int32Array,
  b: Int32Array,
  opts: ResolvedNwOptions,
  channelNames: readonly string[],
  valueMismatch: number = opts.match,
): Keys {
  const gapCosts = (keys: Int32Array): [Float64Array, Float64Array] => {
    const open = new Float64Array(keys.length);
    const ext = new Float64Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const name = channelNames[keys[i] as number];
      const spec = name === undefined ? undefined : opts.by_channel.get(name);
      open[i] = spec ? spec.gap_open : opts.gap_open;
      ext[i] = spec ? spec.gap_extend : opts.gap_extend;
    }
    return [open, ext];
  };
  const [openA, extA] = gapCosts(a);
  const [openB, extB] = gapCosts(b);
  const costs = [opts.match, opts.mismatch, opts.gap_open, opts.gap_extend, valueMismatch];
  for (const c of opts.by_channel.values()) costs.push(c.gap_open, c.gap_extend);
  const maxCost = Math.max(...costs);
  const gapMin = Math.min(
    opts.gap_open,
    opts.gap_extend,
    ...[...opts.by_channel.values()].flatMap((c) => [c.gap_open, c.gap_extend]),
  );
  const n = a.length + b.length;
  const scale = integerScale(costs);
  // A path costs at most maxCost per event (a pair costs at most maxCost for two events).
  if (scale !== undefined && Math.round(maxCost * scale) * n * (n + 1) + n < 2 ** 53) {
    const unit = n + 1;
    const key = (c: number): number => Math.round(c * scale) * unit;
    const scaleAll = (arr: Float64Array): Float64Array => arr.map(key);
    return {
      subEq: key(opts.match) - 1,
      subVal: key(valueMismatch) - 1,
      subNe: key(opts.mismatch) - 1,
      openA: scaleAll(openA),
      extA: scaleAll(extA),
      openB: scaleAll(openB),
      extB: scaleAll(extB),
      gapMin: key(gapMin),
    };
  }
  return {
    subEq: opts.match,
    subVal: valueMismatch,
    subNe: opts.mismatch,
    openA,
    extA,
    openB,
    extB,
    gapMin,
  };
}

/** Everything one alignment run needs; the row buffers are reused across the recursion. */
class Solver {
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly k: Keys;
  private readonly fM: Float64Array;
  private readonly fD: Float64Array;
  private readonly fI: Float64Array;
  private readonly gM: Float64Array;
  private readonly gD: Float64Array;
  private readonly gI: Float64Array;
  private readonly baseCells: number;
  private readonly initialBand: number;
  private readonly banding: boolean;
  /** Value-aware mode: whether the values of a same-key pair match (else the pair costs `subVal`). */
  private readonly vm: ((i: number, j: number) => boolean) | undefined;
  readonly out: IndexPair[] = [];

  constructor(a: Int32Array, b: Int32Array, keys: Keys, vm?: (i: number, j: number) => boolean) {
    const tuning = alignerTuning().nw ?? {}; // tests only (`./tuning.ts`)
    this.vm = vm;
    this.a = a;
    this.b = b;
    this.k = keys;
    this.baseCells = tuning.baseCells ?? BASE_CELLS;
    this.initialBand = tuning.initialBand ?? INITIAL_BAND;
    this.banding = tuning.banding ?? true;
    const m1 = b.length + 1;
    this.fM = new Float64Array(m1);
    this.fD = new Float64Array(m1);
    this.fI = new Float64Array(m1);
    this.gM = new Float64Array(m1);
    this.gD = new Float64Array(m1);
    this.gI = new Float64Array(m1);
  }

  /**
   * Forward pass over rows `1..rows` of the subproblem `a[aLo, …) × b[bLo, bHi)` with start
   * state `s` (the state "before" the first operation), restricted to the band
   * `dlo ≤ j − i ≤ dhi` (cells outside count as unreachable). Leaves in `fM/fD/fI` at column
   * `j` (inside the band of row `rows`) the best key of aligning `a[aLo, aLo+rows)` with
   * `b[bLo, bLo+j)` whose last operation is a pair / delete / insert.
   */
  private forward(
    aLo: number,
    rows: number,
    bLo: number,
    bHi: number,
    s: State,
    dlo: number,
    dhi: number,
  ): void {
    const { a, b, fM, fD, fI, vm } = this;
    const { subEq, subVal, subNe, openA, extA, openB, extB } = this.k;
    const m = bHi - bLo;
    fM[0] = s === M ? 0 : Infinity;
    fD[0] = s === D ? 0 : Infinity;
    fI[0] = s === I ? 0 : Infinity;
    // Row 0: inserts only.
    let lM = fM[0] as number;
    let lD = fD[0] as number;
    let lI = fI[0] as number;
    let hi = Math.min(m, dhi);
    for (let j = 1; j <= hi; j++) {
      lI = min(min(lM, lD) + (openB[bLo + j - 1] as number), lI + (extB[bLo + j - 1] as number));
      lM = Infinity;
      lD = Infinity;
      fM[j] = Infinity;
      fD[j] = Infinity;
      fI[j] = lI;
    }
    // The band's right edge moves by one column per row: the next row reads this cell "up".
    if (hi < m) {
      fM[hi + 1] = Infinity;
      fD[hi + 1] = Infinity;
      fI[hi + 1] = Infinity;
    }
    for (let r = 1; r <= rows; r++) {
      const ai = a[aLo + r - 1] as number;
      const oa = openA[aLo + r - 1] as number;
      const ea = extA[aLo + r - 1] as number;
      const lo = Math.max(0, r + dlo);
      hi = Math.min(m, r + dhi);
      // Diagonal = previous row, column j-1 (the previous row's band starts at lo - 1).
      let dM: number;
      let dD: number;
      let dI: number;
      let j = lo;
      if (lo === 0) {
        // Column 0: deletes only.
        dM = fM[0] as number;
        dD = fD[0] as number;
        dI = fI[0] as number;
        lM = Infinity;
        lD = min(min(dM, dI) + oa, dD + ea);
        lI = Infinity;
        fM[0] = lM;
        fD[0] = lD;
        fI[0] = lI;
        j = 1;
      } else {
        dM = fM[lo - 1] as number;
        dD = fD[lo - 1] as number;
        dI = fI[lo - 1] as number;
        lM = Infinity;
        lD = Infinity;
        lI = Infinity;
      }
      for (; j <= hi; j++) {
        const uM = fM[j] as number;
        const uD = fD[j] as number;
        const uI = fI[j] as number;
        const cM =
          min(min(dM, dD), dI) +
          (ai === b[bLo + j - 1]
            ? vm === undefined || vm(aLo + r - 1, bLo + j - 1)
              ? subEq
              : subVal
            : subNe);
        const cD = min(min(uM, uI) + oa, uD + ea);
        const cI = min(
          min(lM, lD) + (openB[bLo + j - 1] as number),
          lI + (extB[bLo + j - 1] as number),
        );
        fM[j] = cM;
        fD[j] = cD;
        fI[j] = cI;
        lM = cM;
        lD = cD;
        lI = cI;
        dM = uM;
        dD = uD;
        dI = uI;
      }
      if (hi < m) {
        fM[hi + 1] = Infinity;
        fD[hi + 1] = Infinity;
        fI[hi + 1] = Infinity;
      }
    }
  }

  /**
   * Backward pass over rows `n-1 … n-rows` of the subproblem `a[aHi-n, aHi) × b[bLo, bHi)`
   * with end constraint `e`, restricted to the band `dlo ≤ j − i ≤ dhi`. Leaves in
   * `gM/gD/gI` at column `j` (inside the band of row `n-rows`) the best key of aligning
   * `a[aHi-rows, aHi)` with `b[bLo+j, bHi)` given that the operation just before was a
   * pair / delete / insert (so a gap starting right there is charged `gap_open` unless it
   * continues a run on the same side).
   */
  private backward(
    aHi: number,
    n: number,
    rows: number,
    bLo: number,
    bHi: number,
    e: EndState,
    dlo: number,
    dhi: number,
  ): void {
    const { a, b, gM, gD, gI, vm } = this;
    const { subEq, subVal, subNe, openA, extA, openB, extB } = this.k;
    const m = bHi - bLo;
    // Nothing left: allowed iff the operation before may be the last one.
    gM[m] = e === ANY || e === M ? 0 : Infinity;
    gD[m] = e === ANY || e === D ? 0 : Infinity;
    gI[m] = e === ANY || e === I ? 0 : Infinity;
    // Row n: inserts only (its band always reaches column m).
    let lo = Math.max(0, n + dlo);
    let rI = gI[m] as number;
    for (let j = m - 1; j >= lo; j--) {
      const ob = openB[bLo + j] as number;
      gM[j] = rI + ob;
      gD[j] = rI + ob;
      rI = rI + (extB[bLo + j] as number);
      gI[j] = rI;
    }
    // The band's left edge moves by one column per row: the next row reads this cell "down".
    if (lo > 0) {
      gM[lo - 1] = Infinity;
      gD[lo - 1] = Infinity;
      gI[lo - 1] = Infinity;
    }
    for (let r = 1; r <= rows; r++) {
      const i = n - r;
      const ii = aHi - r;
      const ai = a[ii] as number;
      const oa = openA[ii] as number;
      const ea = extA[ii] as number;
      lo = Math.max(0, i + dlo);
      const hi = Math.min(m, i + dhi);
      // Diagonal = row below, column j+1 (the row below's band ends at hi + 1).
      let dM: number;
      let j = hi;
      if (hi === m) {
        // Column m: deletes only.
        dM = gM[m] as number;
        const down = gD[m] as number;
        gM[m] = down + oa;
        gD[m] = down + ea;
        rI = down + oa;
        gI[m] = rI;
        j = m - 1;
      } else {
        dM = gM[hi + 1] as number;
        rI = Infinity;
      }
      for (; j >= lo; j--) {
        const downM = gM[j] as number;
        const downD = gD[j] as number;
        const ob = openB[bLo + j] as number;
        const tP =
          dM + (ai === b[bLo + j] ? (vm === undefined || vm(ii, bLo + j) ? subEq : subVal) : subNe);
        const tDo = downD + oa;
        const tIo = rI + ob;
        gM[j] = min(min(tP, tDo), tIo);
        gD[j] = min(min(tP, downD + ea), tIo);
        rI = min(min(tP, tDo), rI + (extB[bLo + j] as number));
        gI[j] = rI;
        dM = downM;
      }
      if (lo > 0) {
        gM[lo - 1] = Infinity;
        gD[lo - 1] = Infinity;
        gI[lo - 1] = Infinity;
      }
    }
  }

  /**
   * Align `a[aLo, aHi)` with `b[bLo, bHi)`, start state `s`, end constraint `e`, and append
   * the pairs. `upper` is the optimal key of this subproblem when known (from the parent's
   * split), else `Infinity`.
   *
   * Band pruning (exact): every path through cell (i, j) leaves at least
   * `|j − i| + |(m − n) − (j − i)|` events unpaired, each costing at least `gapMin`, and pairs
   * can lower the key by at most `pairMin·min(n, m)`. Cells whose lower bound exceeds a
   * known upper bound on the optimum cannot be on an optimal path (nor tie with one), so the
   * passes only visit the diagonal band where it does not. Without a known bound (top
   * level) a narrow band is tried first and accepted only if its optimum is strictly below
   * the lower bound of every path leaving the band; otherwise the band is widened.
   */
  solve(
    aLo: number,
    aHi: number,
    bLo: number,
    bHi: number,
    s: State,
    e: EndState,
    upper: number,
  ): void {
    const n = aHi - aLo;
    const m = bHi - bLo;
    if (n <= 1 || m <= 1 || (n + 1) * (m + 1) <= this.baseCells) {
      this.base(aLo, aHi, bLo, bHi, s, e);
      return;
    }
    const mid = n >> 1;
    const delta = m - n;
    const absDelta = Math.abs(delta);
    const { gapMin, subEq } = this.k;
    const pairBonus = Math.min(0, subEq) * Math.min(n, m);
    // Largest number of unpaired events a path of key ≤ bound can have (+1 slack for rounding).
    const widthFor = (bound: number): number =>
      gapMin > 0 && Number.isFinite(bound)
        ? Math.floor(((bound - pairBonus) / gapMin) * (1 + 1e-9)) + 1
        : Infinity;
    // Free gaps (gapMin = 0) give no bound: use the full matrix.
    let width =
      gapMin <= 0 || !this.banding
        ? Infinity
        : Number.isFinite(upper)
          ? widthFor(upper)
          : absDelta + this.initialBand;
    const { fM, fD, gM, gD } = this;
    let bestJ: number;
    let bestX: State;
    for (;;) {
      width = Math.max(width, absDelta);
      const full = width >= n + m;
      const slack = full ? n + m : Math.floor((width - absDelta) / 2);
      const dlo = Math.max(-n, Math.min(0, delta) - slack);
      const dhi = Math.min(m, Math.max(0, delta) + slack);
      this.forward(aLo, mid, bLo, bHi, s, dlo, dhi);
      this.backward(aHi, n, n - mid, bLo, bHi, e, dlo, dhi);
      // The path enters row `mid` for the first time at some (mid, j) by a pair (M) or a
      // delete (D); every path has exactly one such entry, so this minimum is the optimum.
      // Ties: entry by a pair first, then by a delete; then the smallest j.
      const lo = Math.max(0, mid + dlo);
      const hi = Math.min(m, mid + dhi);
      let best = Infinity;
      bestJ = -1;
      bestX = M;
      for (let j = lo; j <= hi; j++) {
        const c = (fM[j] as number) + (gM[j] as number);
        if (c < best) {
          best = c;
          bestJ = j;
        }
      }
      for (let j = lo; j <= hi; j++) {
        const c = (fD[j] as number) + (gD[j] as number);
        if (c < best) {
          best = c;
          bestJ = j;
          bestX = D;
        }
      }
      // Every path leaving the band has a key of at least `outside`.
      const outside = gapMin * (width + 1) + pairBonus;
      if (full || (bestJ >= 0 && best < outside - Math.abs(outside) * 1e-9)) break;
      width = Math.max(width + 1, Math.min(widthFor(best), 4 * width));
    }
    if (bestJ < 0) throw new Error('nw: no finite alignment (internal error)');
    const topKey = (bestX === M ? fM[bestJ] : fD[bestJ]) as number;
    const bottomKey = (bestX === M ? gM[bestJ] : gD[bestJ]) as number;
    this.solve(aLo, aLo + mid, bLo, bLo + bestJ, s, bestX, topKey);
    this.solve(aLo + mid, aHi, bLo + bestJ, bHi, bestX, e, bottomKey);
  }

  /** Full Gotoh DP with a 2-bit-per-state traceback matrix (small subproblems only). */
  private base(aLo: number, aHi: number, bLo: number, bHi: number, s: State, e: EndState): void {
    const { a, b, vm } = this;
    const { subEq, subVal, subNe, openA, extA, openB, extB } = this.k;
    const n = aHi - aLo;
    const m = bHi - bLo;
    const w = m + 1;
    // (n+1)(m+1) cells: at most BASE_CELLS, or 2·(max(n, m) + 1) when one side has ≤ 1 event.
    const size = (n + 1) * w;
    const kM = new Float64Array(size);
    const kD = new Float64Array(size);
    const kI = new Float64Array(size);
    // back[k] bits 0-1: predecessor state of M at cell k; bits 2-3: of D; bits 4-5: of I.
    const back = new Uint8Array(size);
    kM[0] = s === M ? 0 : Infinity;
    kD[0] = s === D ? 0 : Infinity;
    kI[0] = s === I ? 0 : Infinity;
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= m; j++) {
        if (i === 0 && j === 0) continue;
        const k = i * w + j;
        let bits = 0;
        // Exact ties prefer the predecessor M, then D, then I (strict `<` below).
        if (i > 0 && j > 0) {
          const d = k - w - 1;
          let c = kM[d] as number;
          let from = M;
          if ((kD[d] as number) < c) {
            c = kD[d] as number;
            from = D;
          }
          if ((kI[d] as number) < c) {
            c = kI[d] as number;
            from = I;
          }
          const gi = aLo + i - 1;
          const pj = bLo + j - 1;
          kM[k] = c + (a[gi] === b[pj] ? (vm === undefined || vm(gi, pj) ? subEq : subVal) : subNe);
          bits |= from;
        } else {
          kM[k] = Infinity;
        }
        if (i > 0) {
          const u = k - w;
          const oa = openA[aLo + i - 1] as number;
          let c = (kM[u] as number) + oa;
          let from = M;
          const cD = (kD[u] as number) + (extA[aLo + i - 1] as number);
          if (cD < c) {
            c = cD;
            from = D;
          }
          const cI = (kI[u] as number) + oa;
          if (cI < c) {
            c = cI;
            from = I;
          }
          kD[k] = c;
          bits |= from << 2;
        } else {
          kD[k] = Infinity;
        }
        if (j > 0) {
          const l = k - 1;
          const ob = openB[bLo + j - 1] as number;
          let c = (kM[l] as number) + ob;
          let from = M;
          const cD = (kD[l] as number) + ob;
          if (cD < c) {
            c = cD;
            from = D;
          }
          const cI = (kI[l] as number) + (extB[bLo + j - 1] as number);
          if (cI < c) {
            c = cI;
            from = I;
          }
          kI[k] = c;
          bits |= from << 4;
        } else {
          kI[k] = Infinity;
        }
        back[k] = bits;
      }
    }
    const last = n * w + m;
    let state: State = s;
    if (n > 0 || m > 0) {
      // Final state: the allowed one with the smallest key; ties prefer M, then D, then I.
      let c = e === ANY || e === M ? (kM[last] as number) : Infinity;
      state = M;
      const cD = e === ANY || e === D ? (kD[last] as number) : Infinity;
      if (cD < c) {
        c = cD;
        state = D;
      }
      const cI = e === ANY || e === I ? (kI[last] as number) : Infinity;
      if (cI < c) {
        c = cI;
        state = I;
      }
      if (c === Infinity) throw new Error('nw: no finite alignment (internal error)');
    }
    const start = this.out.length;
    let i = n;
    let j = m;
    while (i > 0 || j > 0) {
      const bits = back[i * w + j] as number;
      if (state === M) {
        const gi = aLo + i - 1;
        const pj = bLo + j - 1;
        this.out.push({ gt: gi, pred: pj, tag: a[gi] === b[pj] ? 'equal' : 'replace' });
        state = (bits & 3) as State;
        i--;
        j--;
      } else if (state === D) {
        this.out.push({ gt: aLo + i - 1, pred: null, tag: 'delete' });
        state = ((bits >> 2) & 3) as State;
        i--;
      } else {
        this.out.push({ gt: null, pred: bLo + j - 1, tag: 'insert' });
        state = ((bits >> 4) & 3) as State;
        j--;
      }
    }
    // The traceback ran from the end; put this segment in order.
    reverseFrom(this.out, start);
  }
}

function reverseFrom(arr: IndexPair[], start: number): void {
  for (let lo = start, hi = arr.length - 1; lo < hi; lo++, hi--) {
    const t = arr[lo] as IndexPair;
    arr[lo] = arr[hi] as IndexPair;
    arr[hi] = t;
  }
}

/**
 * Optimal global alignment of the keys under affine gap costs (see the module comment for
 * the exact cost convention and tie-breaking). Linear memory, O(n·m) time.

/**
 * Optimal alignment of `gtKeys` with `predKeys` by this solver, with the tie-break of the module
 * comment (`nwAlign` uses it for the cost settings the wavefront aligner cannot take);
 * `channelNames[key]` selects per-channel gap costs.
 */
export function gotohAlign(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  options: ResolvedNwOptions,
  channelNames: readonly string[],
): IndexPair[] {
  const keys = buildKeys(gtKeys, predKeys, options, channelNames);
  const solver = new Solver(gtKeys, predKeys, keys);
  solver.solve(0, gtKeys.length, 0, predKeys.length, M, ANY, Infinity);
  return solver.out;
}

/** Costs of a value-aware alignment: the affine model of `./affine/costs.ts`. */
export type ValueAwareCosts = AffineCosts;

/**
 * Linear-memory optimal alignment under the value-aware cost model of the `behavior` aligner: a
 * same-key pair costs 0 when `valuesMatch(i, j)` (or it is absent), else `value_mismatch`; a
 * different-key pair `mismatch`; gaps affine (per key with `by_key`). Same solver (and tie-break
 * rule) as `gotohAlign`. No aligner runs it (the affine engines keep their own tie rule whatever
 * the memory); the tests use it as an optimum found by another algorithm.
 */
export function nwAlignValueAware(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  costs: ValueAwareCosts,
  valuesMatch?: (gtIndex: number, predIndex: number) => boolean,
): IndexPair[] {
  // Per-key gap costs (`by_key`) become per-channel ones of channels named by the keys (only the
  // keys whose costs differ from the global ones).
  const byKey = costs.by_key;
  const names = byKey === undefined ? [] : Array.from(byKey.gap_open, (_, k) => String(k));
  const byChannel = new Map<string, { gap_open: number; gap_extend: number }>();
  for (let k = 0; k < names.length; k++) {
    const gap_open = byKey!.gap_open[k]!;
    const gap_extend = byKey!.gap_extend[k]!;
    if (gap_open !== costs.gap_open || gap_extend !== costs.gap_extend)
      byChannel.set(names[k]!, { gap_open, gap_extend });
  }
  const options: ResolvedNwOptions = {
    match: 0,
    mismatch: costs.mismatch,
    gap_open: costs.gap_open,
    gap_extend: costs.gap_extend,
    by_channel: byChannel,
  };
  const keys = buildKeys(
    gtKeys,
    predKeys,
    options,
    names,
    valuesMatch === undefined ? 0 : costs.value_mismatch,
  );
  const solver = new Solver(gtKeys, predKeys, keys, valuesMatch);
  solver.solve(0, gtKeys.length, 0, predKeys.length, M, ANY, Infinity);
  return solver.out;
}
