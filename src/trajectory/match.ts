/**
 * `matchTrajectory(reference, calls, options)`: does an agent's tool-call trajectory follow the
 * reference? Repeated calls are paired optimally (maximum bipartite matching), never first-fit.
 */
import { argsMatcher, type ArgsMatch } from './args.js';
import { toolCalls, type ToolCall, type TrajectoryInput } from './calls.js';
import { argsKey, keyableRule } from './keys.js';
import type { TrajectoryDistanceOptions } from './distance.js';
import { augmentingMatching, maximumMatching } from './bipartite.js';
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
  const matchOfLeft = augmentingMatching(
    ref.length,
    pred.length,
    (u) => partners.of(u),
    (u) => partners.keyed(u),
  );
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
 * The largest order-respecting matching: calls of one reference turn may pair with predicted calls
 * in any order, but a later reference turn only pairs with later predicted calls. The dynamic
 * program of the matcher before keying (test/oracles/trajectory-match.ts, which the differential
 * test holds this to, pair for pair): `best[g][to]` = most pairs of the first `g` turns within
 * `pred[0..to)`; turn `g` takes a segment `pred[from..to)` and pairs inside it by maximum
 * matching, grown one predicted call at a time (one augmenting search per added call, reference
 * calls in order); for each `to` the smallest `from` with the most pairs wins, a segment stops
 * growing once every call of the turn is paired, and a row carries a better count forward.
 * A one-call turn is the longest-common-subsequence step of the same program.
 *
 * It is computed from the turn's partners only, never position by position:
 * - A row `best[g]` is non-decreasing, kept as its level starts `T[v]` (the first position whose
 *   count is ≥ v), updated in place with an undo log per turn (the traceback walks the turns
 *   backwards and restores each row as the forward pass saw it), as in `lcsPairs`.
 * - Only the turn's "relevant" predicted calls (partners of its calls) change a segment's
 *   matching, so the segments that start between two relevant calls grow alike: one class per
 *   relevant call p, represented by its smallest start with the class's most pairs; its matching
 *   is grown over the relevant calls only, giving "pieces": position ranges with one count and
 *   one set of pairs. A segment without a relevant call pairs nothing (the row's default).
 * - The new row is the running maximum of the old row and the pieces' counts from their first
 *   position on; the pick at a position (needed only at the one position the traceback visits
 *   per turn) is the winner at the last position up to it whose own best equals that maximum.
 *
 * Worst case, n reference calls in T turns, m predicted calls, r matching pairs: O(n + m + r·log m)
 * plus the level changes (one logged entry each; a piece or partner of count v changes at most v
 * levels, and usually a few), plus per turn of c
 * calls with R relevant predicted calls O(R²·c²) augmenting steps to grow its classes (O(c²) per
 * class when, as usual, a class's matching completes within a few relevant calls). Memory O(n + m
 * + r + the level changes).
 */
function turnPairs(
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  partners: Partners,
): Array<[number, number]> {
  const turns = turnsOf(ref);
  const m = pred.length;
  const rows = new Rows(m);
  const saved: Array<SingleRow | MultiRow> = [];
  const mark = new Uint8Array(m);
  for (const turn of turns) {
    rows.beginTurn();
    if (turn.length === 1) {
      const J = partners.of(turn[0]!);
      // Counts of the old row first: the updates below must not see each other.
      const starts = J.map((j) => ({ a: j + 1, value: rows.count(j) + 1 }));
      for (const s of starts) rows.raise(s.a, s.value);
      saved.push({ kind: 'single', r: turn[0]!, J });
    } else {
      const row = multiRow(turn, partners, rows, mark);
      for (const p of row.pieces) rows.raise(p.a, p.value);
      saved.push(row);
    }
  }
  rows.endTurns();
  const out: Array<[number, number]> = [];
  let to = m;
  for (let g = turns.length - 1; g >= 0; g--) {
    rows.undoTurn(g);
    const row = saved[g]!;
    if (row.kind === 'single') {
      const at = singlePick(row.J, rows, to);
      if (at !== -1) {
        out.push([row.r, at]);
        to = at;
      }
    } else {
      const pick = multiPick(row, rows, to);
      out.push(...pick.pairs);
      to = pick.from;
    }
  }
  return out;
}

/** One program row as level starts (see `turnPairs`), with an undo log per turn. */
class Rows {
  /** T[v]: the first position with count ≥ v (m + 1: none); T[0] = 0. */
  private readonly T: Int32Array;
  /** The highest level reached. */
  private top = 0;
  private log = new Int32Array(1024);
  private logLength = 0;
  private readonly turnStart: number[] = [];
  private readonly topAt: number[] = [];

  constructor(private readonly m: number) {
    this.T = new Int32Array(m + 2).fill(m + 1);
    this.T[0] = 0;
  }

  /** The count at position `to` (pairs within `pred[0..to)`). */
  count(to: number): number {
    let lo = 1;
    let hi = this.top + 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.T[mid]! <= to) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The first position whose count is ≥ v (m + 1 when none). */
  levelStart(v: number): number {
    return v <= this.top ? this.T[v]! : this.m + 1;
  }

  beginTurn(): void {
    this.turnStart.push(this.logLength);
    this.topAt.push(this.top);
  }

  endTurns(): void {
    this.turnStart.push(this.logLength);
  }

  /** The count becomes ≥ `value` from position `a` on (a new row's running maximum). */
  raise(a: number, value: number): void {
    for (let v = value; v >= 1 && a < this.T[v]!; v--) {
      if (this.logLength + 2 > this.log.length) {
        const grown = new Int32Array(this.log.length * 2);
        grown.set(this.log);
        this.log = grown;
      }
      this.log[this.logLength++] = v;
      this.log[this.logLength++] = this.T[v]!;
      this.T[v] = a;
    }
    if (value > this.top && this.T[value]! <= this.m) this.top = value;
  }

  /** Restore the row before turn `g` (the turns are undone from the last). */
  undoTurn(g: number): void {
    const from = this.turnStart[g]!;
    for (let e = this.turnStart[g + 1]! - 2; e >= from; e -= 2)
      this.T[this.log[e]!] = this.log[e + 1]!;
    this.top = this.topAt[g]!;
  }
}

/** A one-call turn: its reference call and the call's partners (ascending). */
interface SingleRow {
  readonly kind: 'single';
  readonly r: number;
  readonly J: readonly number[];
}

/**
 * The one-call step's pick at `to` (the row before it restored): the predicted call j < to that
 * maximises best[j] + 1, the first such, when that beats best[to]; else -1 (unpaired).
 */
function singlePick(J: readonly number[], rows: Rows, to: number): number {
  const last = lowerBound(J, to) - 1;
  if (last < 0) return -1;
  const top = rows.count(J[last]!);
  if (top + 1 <= rows.count(to)) return -1;
  // The first partner whose count is already `top` (counts are non-decreasing along J).
  let lo = 0;
  let hi = last;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows.count(J[mid]!) < top) lo = mid + 1;
    else hi = mid;
  }
  return J[lo]!;
}

/** A class's matching over positions [a, b]: its count there, its start and its pairs. */
interface Piece {
  readonly a: number;
  readonly b: number;
  readonly value: number;
  readonly from: number;
  readonly pairs: Array<[number, number]>;
}

/** A several-call turn: its relevant predicted calls (ascending) and its pieces. */
interface MultiRow {
  readonly kind: 'multi';
  readonly rel: readonly number[];
  readonly pieces: readonly Piece[];
}

/** The several-call step: the classes' pieces, from the row before it (see `turnPairs`). */
function multiRow(
  turn: readonly number[],
  partners: Partners,
  rows: Rows,
  mark: Uint8Array,
): MultiRow {
  const m = mark.length;
  const c = turn.length;
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
  const pieces: Piece[] = [];
  for (let k = 0; k < rel.length; k++) {
    const p = rel[k]!;
    const base = rows.count(p);
    const from = Math.max(k > 0 ? rel[k - 1]! + 1 : 0, rows.levelStart(base));
    // The most calls of the turn this class can pair: those with a partner at p or later.
    let cap = 0;
    for (const last of lastPartner) if (last >= p) cap++;
    const matchOfLeft = new Int32Array(c).fill(-1);
    const matchOfRight = new Map<number, number>();
    let size = 0;
    let pieceStart = -1;
    // The pairs of the open range: the matching as it was after the last growth.
    let openPairs: Array<[number, number]> = [];
    const close = (b: number): void => {
      pieces.push({ a: pieceStart, b, value: base + size, from, pairs: openPairs });
    };
    for (let idx = k; idx < rel.length; idx++) {
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
      openPairs = [];
      for (let x = 0; x < c; x++)
        if (matchOfLeft[x] !== -1) openPairs.push([turn[x]!, matchOfLeft[x]!]);
      // Every call paired: the segment stops growing at q + 1.
      if (size === c) break;
      if (size === cap) break;
    }
    if (size === c) close(pieceStart);
    else if (size > 0) close(m);
  }
  return { kind: 'multi', rel, pieces };
}

/**
 * The several-call step's pick at `to` (the row before it restored): the pick of the last position
 * t ≤ to whose own best reaches the row's count at `to` (later positions carry it forward); at t,
 * the smallest start among the default (a segment without a relevant call) and the pieces there.
 */
function multiPick(
  row: MultiRow,
  rows: Rows,
  to: number,
): { from: number; pairs: Array<[number, number]> } {
  const old = rows.count(to);
  let value = old;
  for (const p of row.pieces) if (p.a <= to && p.value > value) value = p.value;
  // The last position ≤ to reaching `value`: by the old row, or inside a piece of that count.
  let t = -1;
  if (old === value) t = to;
  for (const p of row.pieces)
    if (p.value === value && p.a <= to) t = Math.max(t, Math.min(p.b, to));
  let from = Number.POSITIVE_INFINITY;
  let pairs: Array<[number, number]> = [];
  if (rows.count(t) === value) {
    const lastRel = lowerBound(row.rel, t) - 1;
    from = Math.max(lastRel >= 0 ? row.rel[lastRel]! + 1 : 0, rows.levelStart(value));
  }
  for (const p of row.pieces)
    if (p.value === value && p.a <= t && t <= p.b && p.from < from) {
      from = p.from;
      pairs = p.pairs;
    }
  return { from, pairs };
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
