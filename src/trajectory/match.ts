/**
 * `matchTrajectory(reference, calls, options)`: does an agent's tool-call trajectory follow the
 * reference? Repeated calls are paired optimally (maximum bipartite matching), never first-fit.
 */
import { argsMatcher, type ArgsMatch } from './args.js';
import { toolCalls, type ToolCall, type TrajectoryInput } from './calls.js';
import { argsKey, keyableRule } from './keys.js';
import type { TrajectoryDistanceOptions } from './distance.js';
import { maximumMatching } from './bipartite.js';
import { checkTrajectoryOptions } from './options.js';

/**
 * `strict`: the same calls in the same order (calls of one reference turn in any order);
 * `unordered`: the same calls as a multiset; `subset`: every predicted call is in the reference;
 * `superset`: every reference call is in the prediction (extra calls allowed).
 */
export type TrajectoryMode = 'strict' | 'unordered' | 'subset' | 'superset';

/**
 * How strict mode treats the prediction's turns (`meta.parallel_group` / `meta.turn` / `turn`, else
 * equal timestamps). `any`: the reference's turns only say which calls may come in any order; how
 * the prediction groups its calls is not compared. `exact`: the turns must correspond one to one,
 * in order, as agentevals' strict mode compares assistant messages: the calls of a reference turn
 * pair only with the calls of one predicted turn (in any order within it), so a turn split in two,
 * or two turns merged into one, fails.
 */
export type TrajectoryTurns = 'any' | 'exact';

/** Options of `matchTrajectory` and `toFollowTrajectory`. */
export interface TrajectoryMatchOptions {
  /** @default "strict" */
  readonly mode?: TrajectoryMode;
  /** Strict mode only: whether the prediction's turns must be the reference's. @default "any" */
  readonly turns?: TrajectoryTurns;
  /** How arguments are compared. @default "exact" */
  readonly args?: ArgsMatch;
  /** Per-tool overrides of `args`, keyed by tool name. */
  readonly toolArgs?: Readonly<Record<string, ArgsMatch>>;
}

/**
 * Options of the `toFollowTrajectory` matcher: the match options, plus `distance` to also compute
 * the weighted trajectory distance (reported in the message and the run report; it never
 * changes pass/fail).
 */
export interface FollowTrajectoryOptions extends TrajectoryMatchOptions {
  /** Compute `trajectoryDistance(reference, calls, distance)` too (`{}` for the defaults). */
  readonly distance?: TrajectoryDistanceOptions;
}

/** A reference call and the predicted call paired with it. */
export interface MatchedCall {
  readonly reference: ToolCall;
  readonly call: ToolCall;
}

/** The result of `matchTrajectory`: plain data. */
export interface TrajectoryMatch {
  readonly pass: boolean;
  readonly mode: TrajectoryMode;
  readonly matched: readonly MatchedCall[];
  /** Reference calls no predicted call was paired with (a failure except in `subset` mode). */
  readonly unmatchedReference: readonly ToolCall[];
  /** Predicted calls paired with no reference call (a failure except in `superset` mode). */
  readonly unexpected: readonly ToolCall[];
  /** Every reference call, and every predicted call, as extracted. */
  readonly reference: readonly ToolCall[];
  readonly calls: readonly ToolCall[];
}

/**
 * The possible partners of every reference call. Calls of different tools never match. For a tool
 * whose argument rule is keyable (`exact`, `ignore`, a list of names) and whose calls all have a
 * key (plain data, keys.ts), two calls match exactly when their keys are equal: the partners of a
 * reference call are the predicted calls of its key, one shared sorted list per key, found in
 * O(n + m) after keying. Every other tool ("scanned") compares each of its reference calls with
 * each of its predicted calls through the predicate, as before: a·b predicate calls for a tool
 * with a reference and b predicted calls.
 */
class Partners {
  /** Key of each reference call (tool name and argument key) when its tool is keyed. */
  readonly refKey: (string | undefined)[];
  /** Key of each predicted call when its tool is keyed. */
  private readonly predKey: (string | undefined)[];
  private readonly byKey = new Map<string, number[]>();
  private readonly predByTool = new Map<string, number[]>();
  private readonly scanned = new Map<number, number[]>();

  constructor(
    private readonly ref: readonly ToolCall[],
    private readonly pred: readonly ToolCall[],
    options: Pick<TrajectoryMatchOptions, 'args' | 'toolArgs'>,
    private readonly ok: (r: ToolCall, p: ToolCall) => boolean,
  ) {
    const toolRules = new Map(Object.entries(options.toolArgs ?? {}));
    const ruleOf = (tool: string): ArgsMatch => toolRules.get(tool) ?? options.args ?? 'exact';
    const keyOf = (c: ToolCall): string | undefined => {
      const rule = ruleOf(c.name);
      if (!keyableRule(rule)) return undefined;
      const k = argsKey(rule, c.arguments);
      return k === undefined ? undefined : `${JSON.stringify(c.name)}\u0000${k}`;
    };
    const unkeyed = new Set<string>();
    const refKey = ref.map((c) => {
      const k = keyOf(c);
      if (k === undefined) unkeyed.add(c.name);
      return k;
    });
    const predKey = pred.map((c) => {
      const k = keyOf(c);
      if (k === undefined) unkeyed.add(c.name);
      return k;
    });
    // A tool with one call without a key is scanned whole: a keyed call of it may still match an
    // unkeyed one through the predicate.
    this.refKey = refKey.map((k, i) => (unkeyed.has(ref[i]!.name) ? undefined : k));
    this.predKey = predKey.map((k, j) => (unkeyed.has(pred[j]!.name) ? undefined : k));
    pred.forEach((c, j) => {
      const k = predKey[j];
      if (unkeyed.has(c.name)) {
        const list = this.predByTool.get(c.name);
        if (list) list.push(j);
        else this.predByTool.set(c.name, [j]);
      } else {
        const list = this.byKey.get(k!);
        if (list) list.push(j);
        else this.byKey.set(k!, [j]);
      }
    });
  }

  /** Whether reference call `i` and predicted call `j` match. */
  match(i: number, j: number): boolean {
    const k = this.refKey[i];
    return k !== undefined ? k === this.predKey[j] : this.ok(this.ref[i]!, this.pred[j]!);
  }

  /** Whether reference call `i` is keyed (its partners are exactly the calls of its key). */
  keyed(i: number): boolean {
    return this.refKey[i] !== undefined;
  }

  /** The predicted indices that match reference call `i`, ascending (shared: never modify). */
  of(i: number): readonly number[] {
    const k = this.refKey[i];
    if (k !== undefined) return this.byKey.get(k) ?? NONE;
    let list = this.scanned.get(i);
    if (list === undefined) {
      const r = this.ref[i]!;
      list = (this.predByTool.get(r.name) ?? NONE).filter((j) => this.ok(r, this.pred[j]!));
      this.scanned.set(i, list);
    }
    return list;
  }

  /** The predicted calls of a key (ascending). */
  ofKey(k: string): readonly number[] {
    return this.byKey.get(k) ?? NONE;
  }
}

const NONE: readonly number[] = [];

type Pairs = (
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  partners: Partners,
  ok: (r: ToolCall, p: ToolCall) => boolean,
) => Array<[number, number]>;

/**
 * A maximum matching, order ignored; the very pairs Kuhn's augmenting paths over the whole
 * reference × prediction graph gave (reference calls in order, partners ascending). Tools are
 * separate components of that graph, and so are keys: Kuhn's result on the complete bipartite
 * graph of one key, with reference calls L and predicted calls R in order, is L[i] ↔ R[k−1−i] for
 * i < k = min(|L|, |R|) (each augmenting path shifts the earlier pairs one call along), written
 * out directly. Scanned tools run Kuhn on their own calls.
 *
 * Worst case: O(n + m) for keyed tools; for a scanned tool with a reference and b predicted calls
 * and E matching pairs, a·b predicate calls and O(a·E) augmenting steps.
 */
const anyOrderPairs: Pairs = (ref, pred, partners) => {
  const out: Array<[number, number]> = [];
  const refsOfKey = new Map<string, number[]>();
  const matchOfRight = new Int32Array(pred.length).fill(-1);
  const matchOfLeft = new Int32Array(ref.length).fill(-1);
  let scanned = false;
  for (let i = 0; i < ref.length; i++) {
    const k = partners.refKey[i];
    if (k === undefined) {
      scanned = true;
      continue;
    }
    const list = refsOfKey.get(k);
    if (list) list.push(i);
    else refsOfKey.set(k, [i]);
  }
  for (const [k, lefts] of refsOfKey) {
    const rights = partners.ofKey(k);
    const n = Math.min(lefts.length, rights.length);
    for (let i = 0; i < n; i++) out.push([lefts[i]!, rights[n - 1 - i]!]);
  }
  if (!scanned) return out;
  const seen = new Uint8Array(pred.length);
  const touched: number[] = [];
  const augment = (u: number): boolean => {
    for (const v of partners.of(u)) {
      if (seen[v]) continue;
      seen[v] = 1;
      touched.push(v);
      const w = matchOfRight[v]!;
      if (w === -1 || augment(w)) {
        matchOfRight[v] = u;
        matchOfLeft[u] = v;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < ref.length; i++) {
    if (partners.keyed(i)) continue;
    augment(i);
    for (const v of touched) seen[v] = 0;
    touched.length = 0;
  }
  for (let i = 0; i < ref.length; i++) if (matchOfLeft[i] !== -1) out.push([i, matchOfLeft[i]!]);
  return out;
};

/** First index of the ascending `list` whose value is ≥ `x` (`list.length` when none). */
function lowerBound(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The largest order-respecting matching when every reference turn is one call: a longest common
 * subsequence, with the pairs the (reference call, predicted position) dynamic program below
 * chooses (`turnPairs`: a later reference call stays unpaired on a tie, and a paired one takes
 * the earliest predicted call that keeps the count).
 *
 * The identical prefix is paired first (the program pairs it too, and the rest is the same
 * program shifted by the prefix). The rest runs Hunt–Szymanski: `T[k]` is the smallest predicted
 * position `to` with LCS(reference rows so far, pred[lo..to)) ≥ k, updated per reference call
 * from its partners only, with an undo log so the traceback, which walks the reference calls
 * backwards, sees each row's `T` as the forward pass left it.
 *
 * Worst case: O(n + m + r·log min(n, m)) time and O(n + m + r) memory, where r is the number of
 * matching (reference, predicted) pairs after the prefix: r ≤ (n − p)(m − p), reached when one
 * call repeats throughout both sides after the first difference.
 */
function lcsPairs(
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  partners: Partners,
): Array<[number, number]> {
  const n = ref.length;
  const m = pred.length;
  const out: Array<[number, number]> = [];
  let lo = 0;
  while (lo < n && lo < m && partners.match(lo, lo)) {
    out.push([lo, lo]);
    lo++;
  }
  if (lo === n || lo === m) return out;
  const rows = n - lo;
  const T = new Int32Array(Math.min(rows, m - lo) + 2).fill(m + 1);
  T[0] = lo;
  let L = 0;
  /** LCS of the rows so far with pred[lo..to): how many of T[1..L] are ≤ to. */
  const lcs = (to: number): number => {
    let a = 1;
    let b = L + 1;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (T[mid]! <= to) a = mid + 1;
      else b = mid;
    }
    return a - 1;
  };
  let log = new Int32Array(1024);
  let logLength = 0;
  const rowStart = new Int32Array(rows + 1);
  const rowL = new Int32Array(rows);
  for (let g = lo; g < n; g++) {
    rowStart[g - lo] = logLength;
    rowL[g - lo] = L;
    const J = partners.of(g);
    // Partners from the last down: an update at a later position never changes the count an
    // earlier one reads (standard Hunt–Szymanski order).
    for (let t = J.length - 1; t >= 0; t--) {
      const j = J[t]!;
      if (j < lo) break;
      const v = lcs(j) + 1;
      if (j + 1 < T[v]!) {
        if (logLength + 2 > log.length) {
          const grown = new Int32Array(log.length * 2);
          grown.set(log);
          log = grown;
        }
        log[logLength++] = v;
        log[logLength++] = T[v]!;
        T[v] = j + 1;
        if (v > L) L = v;
      }
    }
  }
  rowStart[rows] = logLength;
  let to = m;
  for (let g = n - 1; g >= lo; g--) {
    const row = g - lo;
    for (let e = rowStart[row + 1]! - 2; e >= rowStart[row]!; e -= 2) T[log[e]!] = log[e + 1]!;
    L = rowL[row]!;
    const J = partners.of(g);
    const last = lowerBound(J, to) - 1;
    if (last < 0 || J[last]! < lo) continue;
    const count = lcs(J[last]!);
    // Paired only when pairing keeps the count (the program's strict "more pairs" test).
    if (count !== lcs(to)) continue;
    const at = J[lowerBound(J, T[count]!)]!;
    out.push([g, at]);
    to = at;
  }
  return out;
}

/** Strict order: the LCS path when every reference turn is one call, else the turn program. */
const orderedPairs: Pairs = (ref, pred, partners) => {
  for (let i = 1; i < ref.length; i++)
    if (ref[i]!.group === ref[i - 1]!.group) return turnPairs(ref, pred, partners);
  return lcsPairs(ref, pred, partners);
};

/**
/**
 * The largest order-respecting matching: calls of one reference turn may pair with predicted calls
 * in any order, but a later reference turn only pairs with later predicted calls. The dynamic
 * program of the matcher before keying (test/oracles/trajectory-match.ts, which the differential
 * test holds this to, pair for pair): `best[g][to]` = most pairs of the first `g` turns within
 * `pred[0..to)`; turn `g` takes a segment `pred[from..to)` and pairs inside it by maximum
 * matching, grown one predicted call at a time (one augmenting search per added call, reference
 * calls in order); for each `to` the smallest `from` with the most pairs wins, a segment stops
 * growing once every call of the turn is paired, and a row carries a better count forward.
 *
 * It is computed without comparing every segment. Only the turn's "relevant" predicted calls (the
 * partners of its calls, `Partners`) change a segment's matching, so the segments that start
 * between two relevant calls grow alike: one class per relevant call p (starts after the previous
 * relevant call, up to p), represented by its smallest start with the class's most pairs before
 * it; its matching is grown over the relevant calls only. A segment without a relevant call pairs
 * nothing and is the row's default. The classes' values are painted onto the row (most pairs
 * first, then the smallest start; each position once, through a next-free-position forest), only
 * where they can still beat the default (up to the first position whose count exceeds theirs).
 *
 * A one-call turn is the longest-common-subsequence step of the same program; its picks are kept
 * as intervals (at most one per partner), a several-call turn's as one code per position.
 *
 * Worst case, n reference calls in T turns, m predicted calls: O(T·m) time, O(T'·m) memory for the
 * T' turns of several calls (4 bytes per position), plus per turn of c calls with R relevant
 * predicted calls O(R log R) for painting and at most O(R²·c²) augmenting steps to grow its
 * classes (O(c²) per class when, as usual, a class's matching completes within a few relevant
 * calls).
 */
function turnPairs(
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  partners: Partners,
): Array<[number, number]> {
  const turns = turnsOf(ref);
  const n = pred.length;
  let best = new Int32Array(n + 1);
  let next = new Int32Array(n + 1);
  /** Smallest start of the row's pick at each position (ties between picks go to the smaller). */
  const fromAt = new Int32Array(n + 1);
  /** f[v]: the first position whose count is ≥ v, for v ≤ best[n]. */
  const level = new Int32Array(n + 2);
  const mark = new Uint8Array(n);
  const free = new Int32Array(n + 2);
  const rows: Array<SingleRow | MultiRow> = [];
  for (const turn of turns) {
    if (turn.length === 1) {
      rows.push(singleStep(turn[0]!, partners.of(turn[0]!), best, next, mark));
    } else {
      rows.push(multiStep(turn, partners, best, next, fromAt, level, mark, free));
    }
    const t = best;
    best = next;
    next = t;
  }
  const out: Array<[number, number]> = [];
  let to = n;
  for (let g = turns.length - 1; g >= 0; g--) {
    const row = rows[g]!;
    if (row.kind === 'single') {
      const at = row.pairedAt(to);
      if (at !== -1) {
        out.push([turns[g]![0]!, at]);
        to = at;
      }
    } else {
      const code = row.code[to]!;
      if (code >= 0) {
        const piece = row.pieces[code]!;
        out.push(...piece.pairs);
        to = piece.from;
      } else to = -code - 1;
    }
  }
  return out;
}

/** A one-call turn's picks: the predicted call paired at each position, as intervals. */
interface SingleRow {
  readonly kind: 'single';
  /** The predicted call the turn's call is paired with in the best of `pred[0..to)`, or -1. */
  pairedAt(to: number): number;
}

/** A several-call turn's picks: per position, a class piece (≥ 0) or `-(from + 1)` (no pairs). */
interface MultiRow {
  readonly kind: 'multi';
  readonly code: Int32Array;
  readonly pieces: readonly Piece[];
}

/** A class's matching over a range of positions: its start and its pairs. */
interface Piece {
  readonly from: number;
  readonly pairs: Array<[number, number]>;
}

/**
 * The one-call step: pair reference call `r` with the predicted call j < to that maximises
 * best[j] + 1 (the first such j), or leave it unpaired. O(m + |J|).
 */
function singleStep(
  r: number,
  J: readonly number[],
  best: Int32Array,
  next: Int32Array,
  mark: Uint8Array,
): SingleRow {
  const n = best.length - 1;
  for (const j of J) mark[j] = 1;
  // Intervals [start[k], end[k]) where the call is paired with at[k].
  const start: number[] = [];
  const end: number[] = [];
  const at: number[] = [];
  let paired = -1;
  let pairedAt = -1;
  let open = false;
  for (let to = 0; to <= n; to++) {
    if (to > 0 && mark[to - 1] === 1 && best[to - 1]! + 1 > paired) {
      paired = best[to - 1]! + 1;
      pairedAt = to - 1;
      if (open) end[end.length - 1] = to;
      start.push(to);
      end.push(n + 1);
      at.push(pairedAt);
      open = true;
    }
    if (paired > best[to]!) next[to] = paired;
    else {
      next[to] = best[to]!;
      if (open) {
        end[end.length - 1] = to;
        open = false;
      }
    }
  }
  for (const j of J) mark[j] = 0;
  return {
    kind: 'single',
    pairedAt(to) {
      // The last interval starting at or before `to`.
      let lo = 0;
      let hi = start.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (start[mid]! <= to) lo = mid + 1;
        else hi = mid;
      }
      const k = lo - 1;
      return k >= 0 && to < end[k]! ? at[k]! : -1;
    },
  };
}

/** The several-call step (see `turnPairs`). */
function multiStep(
  turn: readonly number[],
  partners: Partners,
  best: Int32Array,
  next: Int32Array,
  fromAt: Int32Array,
  level: Int32Array,
  mark: Uint8Array,
  free: Int32Array,
): MultiRow {
  const n = best.length - 1;
  const c = turn.length;
  const code = new Int32Array(n + 1);
  // The relevant predicted calls, ascending; the last partner of each call of the turn.
  const rel: number[] = [];
  const lastPartner = turn.map((i) => {
    const J = partners.of(i);
    for (const j of J)
      if (mark[j] === 0) {
        mark[j] = 1;
        rel.push(j);
      }
    return J.length === 0 ? -1 : J[J.length - 1]!;
  });
  for (const j of rel) mark[j] = 0;
  rel.sort((a, b) => a - b);
  const top = best[n]!;
  for (let to = 0, v = 0; to <= n; to++) while (v <= best[to]!) level[v++] = to;
  const firstAbove = (v: number): number => (v + 1 <= top ? level[v + 1]! : n + 1);
  // The default: a segment with no relevant call, its smallest start with the most pairs.
  for (let to = 0, k = 0, lastRel = -1; to <= n; to++) {
    while (k < rel.length && rel[k]! < to) lastRel = rel[k++]!;
    next[to] = best[to]!;
    const from = Math.max(lastRel + 1, level[best[to]!]!);
    fromAt[to] = from;
    code[to] = -(from + 1);
  }
  // One class per relevant call: grow its matching over the relevant calls, as the program does.
  const pieces: Piece[] = [];
  const ranges: Array<{ a: number; b: number; value: number; piece: number }> = [];
  for (let k = 0; k < rel.length; k++) {
    const p = rel[k]!;
    const base = best[p]!;
    const from = Math.max(k > 0 ? rel[k - 1]! + 1 : 0, level[base]!);
    let cap = 0;
    for (const last of lastPartner) if (last >= p) cap++;
    const matchOfLeft = new Int32Array(c).fill(-1);
    const matchOfRight = new Map<number, number>();
    let size = 0;
    let pieceStart = -1;
    let idx = k;
    const snapshot = (): Array<[number, number]> => {
      const pairs: Array<[number, number]> = [];
      for (let x = 0; x < c; x++)
        if (matchOfLeft[x] !== -1) pairs.push([turn[x]!, matchOfLeft[x]!]);
      return pairs;
    };
    // The pairs of the open range: the matching as it was after the last growth.
    let openPairs: Array<[number, number]> = [];
    const close = (b: number): void => {
      const value = base + size;
      pieces.push({ from, pairs: openPairs });
      const clipped = Math.min(b, firstAbove(value) - 1);
      if (clipped >= pieceStart)
        ranges.push({ a: pieceStart, b: clipped, value, piece: pieces.length - 1 });
    };
    for (; idx < rel.length; idx++) {
      const q = rel[idx]!;
      let grown = false;
      for (let u = 0; u < c && !grown; u++) {
        if (matchOfLeft[u] !== -1) continue;
        const seen = new Set<number>();
        const augment = (x: number): boolean => {
          for (let t = k; t <= idx; t++) {
            const j = rel[t]!;
            if (seen.has(j) || !partners.match(turn[x]!, j)) continue;
            seen.add(j);
            const w = matchOfRight.get(j);
            if (w === undefined || augment(w)) {
              matchOfRight.set(j, x);
              matchOfLeft[x] = j;
              return true;
            }
          }
          return false;
        };
        grown = augment(u);
      }
      if (!grown) continue;
      // The range before q closes with the pairs it had (`size` is not counted up yet).
      if (size > 0) close(q);
      size++;
      pieceStart = q + 1;
      openPairs = snapshot();
      // Every call paired: the segment stops growing at q + 1.
      if (size === c) {
        close(q + 1);
        break;
      }
      if (size === cap) break;
    }
    if (size < c && size > 0) close(n);
  }
  // Paint: most pairs first, then the smallest start; each position once.
  ranges.sort((x, y) => y.value - x.value || pieces[x.piece]!.from - pieces[y.piece]!.from);
  for (let i = 0; i <= n + 1; i++) free[i] = i;
  const find = (x: number): number => {
    let r = x;
    while (free[r] !== r) r = free[r]!;
    while (free[x] !== r) {
      const up = free[x]!;
      free[x] = r;
      x = up;
    }
    return r;
  };
  for (const { a, b, value, piece } of ranges) {
    const from = pieces[piece]!.from;
    for (let to = find(a); to <= b; to = find(to + 1)) {
      if (value > next[to]! || (value === next[to]! && from < fromAt[to]!)) {
        next[to] = value;
        fromAt[to] = from;
        code[to] = piece;
      }
      free[to] = to + 1;
    }
  }
  // A segment may leave later predicted calls unused: carry the best choice forward.
  for (let to = 1; to <= n; to++) {
    if (next[to - 1]! > next[to]!) {
      next[to] = next[to - 1]!;
      code[to] = code[to - 1]!;
      fromAt[to] = fromAt[to - 1]!;
    }
  }
  return { kind: 'multi', code, pieces };
}

/** The turns of a trajectory: runs of calls with the same group, as index lists. */
function turnsOf(calls: readonly ToolCall[]): number[][] {
  const turns: number[][] = [];
  for (const c of calls) {
    const last = turns[turns.length - 1];
    if (last && calls[last[0]!]!.group === c.group) last.push(c.index);
    else turns.push([c.index]);
  }
  return turns;
}

/**
 * `turns: "exact"`: the largest matching in which reference turns and predicted turns pair one to
 * one and in order, and calls pair only inside a paired couple of turns (in any order there). A
 * weighted longest common subsequence of the two turn sequences, the weight of a couple being the
 * maximum matching of its calls (Kuhn's augmenting paths, reference calls in order, partners
 * ascending). Only couples with a matching call pair can score, and they are found from each
 * reference call's partners; the chain is built by a sparse dynamic program over them, reference
 * turns in order, with a Fenwick tree of prefix maxima over the predicted turns (a later couple
 * replaces an earlier one only with strictly more pairs, so ties keep the earlier predicted turn).
 * With one call per turn on both sides, this is the strict order itself (`lcsPairs`).
 *
 * Worst case: O(n + m + r·log m) for the couples and the chain, where r is the number of matching
 * (reference, predicted) call pairs, plus O(a·b·min(a, b)) for the matching of each couple of
 * turns with a and b calls.
 */
const exactTurnPairs: Pairs = (ref, pred, partners, ok) => {
  const refTurns = turnsOf(ref);
  const predTurns = turnsOf(pred);
  if (refTurns.length === ref.length && predTurns.length === pred.length)
    return orderedPairs(ref, pred, partners, ok);
  const turnOfPred = new Int32Array(pred.length);
  predTurns.forEach((t, h) => {
    for (const j of t) turnOfPred[j] = h;
  });
  interface Couple {
    readonly h: number;
    readonly pairs: Array<[number, number]>;
    total: number;
    prev: Couple | undefined;
  }
  // Fenwick tree over predicted turns 1..l: the best chain ending at a turn ≤ h.
  const l = predTurns.length;
  const tree: (Couple | undefined)[] = new Array<Couple | undefined>(l + 1).fill(undefined);
  const bestUpTo = (h: number): Couple | undefined => {
    let best: Couple | undefined;
    for (let x = h; x > 0; x -= x & -x) {
      const c = tree[x];
      if (c !== undefined && (best === undefined || c.total > best.total)) best = c;
    }
    return best;
  };
  const insert = (c: Couple): void => {
    for (let x = c.h + 1; x <= l; x += x & -x) {
      const old = tree[x];
      if (old === undefined || c.total > old.total) tree[x] = c;
    }
  };
  let best: Couple | undefined;
  for (const turn of refTurns) {
    const hs = new Set<number>();
    for (const i of turn) for (const j of partners.of(i)) hs.add(turnOfPred[j]!);
    const couples: Couple[] = [];
    for (const h of [...hs].sort((a, b) => a - b)) {
      const right = predTurns[h]!;
      const m = maximumMatching(turn.length, right.length, (x, y) =>
        partners.match(turn[x]!, right[y]!),
      );
      const pairs = m.flatMap((y, x) =>
        y === -1 ? [] : [[turn[x]!, right[y]!] as [number, number]],
      );
      const prev = bestUpTo(h);
      couples.push({ h, pairs, total: pairs.length + (prev?.total ?? 0), prev });
    }
    // Inserted after the whole turn: two couples of one reference turn never chain.
    for (const c of couples) {
      insert(c);
      if (best === undefined || c.total > best.total) best = c;
    }
  }
  const out: Array<[number, number]> = [];
  for (let c = best; c !== undefined; c = c.prev) out.push(...c.pairs);
  return out;
};

/**
 * Whether a predicted call matches a reference call under `args`/`toolArgs`: same tool, and the
 * arguments compared with the reference call's first. Throws `ConfigError` for a bad spec.
 */
export function callPredicate(
  options: Pick<TrajectoryMatchOptions, 'args' | 'toolArgs'> = {},
): (reference: ToolCall, call: ToolCall) => boolean {
  const argsFor = argsMatcher(options.args, options.toolArgs);
  return (r, p) => r.name === p.name && argsFor(r.name)(r.arguments, p.arguments);
}

/**
 * `callPredicate(options)` for one diagnosis (`trajectoryIssues` of one match): the same answers,
 * but calls of a keyable rule compare by their keys (keys.ts), each computed once per call. The
 * keys are kept for the predicate's lifetime, so it must not outlive the calls it was given (make
 * one per diagnosis, as the matcher and the run report do).
 */
export function diagnosisPredicate(
  options: Pick<TrajectoryMatchOptions, 'args' | 'toolArgs'> = {},
): (reference: ToolCall, call: ToolCall) => boolean {
  const ok = callPredicate(options);
  const toolRules = new Map(Object.entries(options.toolArgs ?? {}));
  const keys = new Map<ToolCall, string | undefined>();
  const keyOf = (c: ToolCall): string | undefined => {
    if (keys.has(c)) return keys.get(c);
    const rule = toolRules.get(c.name) ?? options.args ?? 'exact';
    const k = keyableRule(rule) ? argsKey(rule, c.arguments) : undefined;
    keys.set(c, k);
    return k;
  };
  return (r, p) => {
    if (r.name !== p.name) return false;
    const kr = keyOf(r);
    const kp = kr === undefined ? undefined : keyOf(p);
    return kr !== undefined && kp !== undefined ? kr === kp : ok(r, p);
  };
}

/**
 * Match a predicted trajectory (`calls`) against a `reference` one. Both may be traces, event
 * arrays, `{name, arguments}` lists or trace files. Arguments are compared per `args`/`toolArgs`
 * in the documented direction (reference first, prediction second).
 */
export function matchTrajectory(
  reference: TrajectoryInput,
  calls: TrajectoryInput,
  options: TrajectoryMatchOptions = {},
): TrajectoryMatch {
  checkTrajectoryOptions(options, 'match');
  const mode = options.mode ?? 'strict';
  const ok = callPredicate(options);
  const ref = toolCalls(reference, 'reference');
  const pred = toolCalls(calls, 'calls');
  const partners = new Partners(ref, pred, options, ok);
  const pairs = (
    mode !== 'strict' ? anyOrderPairs : options.turns === 'exact' ? exactTurnPairs : orderedPairs
  )(ref, pred, partners, ok);
  pairs.sort((a, b) => a[0] - b[0]);
  const usedRef = new Set(pairs.map(([i]) => i));
  const usedPred = new Set(pairs.map(([, j]) => j));
  const matched = pairs.map(([i, j]) => ({ reference: ref[i]!, call: pred[j]! }));
  const unmatchedReference = ref.filter((c) => !usedRef.has(c.index));
  const unexpected = pred.filter((c) => !usedPred.has(c.index));
  const pass =
    mode === 'subset'
      ? unexpected.length === 0
      : mode === 'superset'
        ? unmatchedReference.length === 0
        : unexpected.length === 0 && unmatchedReference.length === 0;
  return { pass, mode, matched, unmatchedReference, unexpected, reference: ref, calls: pred };
}
