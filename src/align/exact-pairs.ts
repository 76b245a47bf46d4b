/**
 * Exact pairs first: a pass over the `behavior` aligner's result that, among alignments of the
 * same cost, prefers pairs whose values are the same over pairs that match only by the comparator
 * (within a tolerance). The cost model and the tie rule of the engines (`./affine/costs.ts`) do not
 * know the difference: both kinds of pair cost 0, and the tie rule (pairs before unpaired events)
 * then pairs an event with its neighbour's value when a tolerance lets it. In a scan whose
 * energies 8000, 8001, … match within the default relative tolerance, one read logged before its
 * move came out as "1 missing event, 1 extra event" with a move paired to the next point's value
 * (`8013 ≈ 8012`), where exact values read "1 event out of order" with every other row exact.
 *
 * The one move: a maximal run of L consecutive unpaired events of one side slides across the pairs
 * beside it. Sliding it by one pair re-pairs that pair's other-side event with the event L places
 * on (the unpaired events and the pairs keep their order on each side). A slide is allowed only
 * across pairs that match (cost 0) before and after, and never onto an unpaired event of the same
 * side (the two runs would merge into a cheaper one): every row keeps its cost, so the alignment's
 * total cost, its number of pairs, matches and unpaired events are unchanged — this is a tie
 * preference, never a change of score. Among the allowed positions the run takes the one with the
 * most pairs of the same value (`AlignContext.valuesIdentical`), the latest of those when several
 * tie (the engines' rule: unpaired events as late as possible); a run stays where it is unless
 * that gains an exact pair.
 *
 * Not a search over every alignment of minimal cost: runs slide one at a time, left to right, each
 * within the pairs between its neighbouring runs. Time: the pairs between two neighbouring runs are
 * crossed by those two runs only, so O(rows) in all, at most four comparator questions per
 * crossing; and a run stops looking after `STALE_CROSSINGS` crossings that gained nothing, so a
 * long stretch of identical values (a constant channel) beside a run costs O(`STALE_CROSSINGS`),
 * not the stretch.
 *
 * Then, when the context says how far apart two events are in time (`AlignContext.timeApart`),
 * one more tie preference: an event moved past its neighbour reads as a pair flanked by a missing
 * and an extra event, `[A · | X Y | · B]`, and the same cost pairs `A` with `B` instead,
 * `[· Y | A B | X ·]` (both pairs match, and every unpaired event stays a run of one, so each row
 * keeps its cost). The engines' tie rule (missing before extra) picks by position alone, which,
 * in a robot whose status topic ("ok" each step) publishes 15 ms late and so after the next
 * topic's message, paired each status with the *next* step's and left the on-time command
 * messages unpaired. The pass takes the reading with more exact pairs, then the one whose pair is
 * closer in time (times from each trace's first event): the on-time events pair, and the late
 * one reads as moved. `preferCloserMoves`; O(rows), four questions per candidate.
 */
import type { IndexPair } from './types.js';

/**
 * Crossings a run makes past its best position before it stops looking (none of them gained an
 * exact pair over that position).
 */
export const STALE_CROSSINGS = 4096;

/** What the pass asks about events (the aligner's context, `AlignContext`). */
export interface PairQuestions {
  /** Whether the values of a same-channel pair match (cost 0). Asked only for equal keys. */
  readonly valuesMatch: (gtIndex: number, predIndex: number) => boolean;
  /** Whether the values of a same-channel pair that matches are the same value. */
  readonly valuesIdentical: (gtIndex: number, predIndex: number) => boolean;
  /**
   * How far apart two events are in time, each measured from its trace's first event
   * (`AlignContext.timeApart`); without it moves are left as the engines read them.
   */
  readonly timeApart?: ((gtIndex: number, predIndex: number) => number) | undefined;
}

/**
 * `pairs` (an alignment of `gtKeys` with `predKeys`, rows in order) with its unpaired runs slid
 * to exact pairs where that keeps every row's cost (see the module comment). Rewrites `pairs` in
 * place and returns it.
 */
export function preferExactPairs(
  pairs: IndexPair[],
  gtKeys: Int32Array,
  predKeys: Int32Array,
  q: PairQuestions,
): IndexPair[] {
  const rows = pairs.length;
  let r = 0;
  while (r < rows) {
    const side = sideOf(pairs[r]!);
    if (side === PAIR) {
      r++;
      continue;
    }
    let e = r + 1;
    while (e < rows && sideOf(pairs[e]!) === side) e++;
    r = slideRun(pairs, r, e, side, gtKeys, predKeys, q);
  }
  if (q.timeApart !== undefined) preferCloserMoves(pairs, gtKeys, predKeys, q, q.timeApart);
  return pairs;
}

/**
 * Each pair flanked by two lone unpaired events of opposite sides (`[A · | X Y | · B]`, or the
 * mirror `[· B | X Y | A ·]`), whose outer neighbours are pairs or the ends, re-read as the same
 * cost's other reading `[· Y | A B | X ·]` (mirror: `[X · | A B | · Y]`) when `A` and `B` match
 * and that gains an exact pair, or keeps the exact pairs and brings the pair closer in time. Both
 * readings have one pair of cost 0 and two unpaired events that each open a run of one (their
 * neighbours are pairs), so every row keeps its cost. Strictly better only: never undoes itself.
 * Rewrites `pairs` in place.
 */
function preferCloserMoves(
  pairs: IndexPair[],
  gtKeys: Int32Array,
  predKeys: Int32Array,
  q: PairQuestions,
  timeApart: (gtIndex: number, predIndex: number) => number,
): void {
  const rows = pairs.length;
  for (let r = 1; r + 1 < rows; r++) {
    const mid = pairs[r]!;
    if (sideOf(mid) !== PAIR) continue;
    const before = pairs[r - 1]!;
    const after = pairs[r + 1]!;
    const s1 = sideOf(before);
    const s2 = sideOf(after);
    if (s1 === PAIR || s2 === PAIR || s1 === s2) continue;
    // The outer neighbours: an unpaired one would join (or stop joining) a run once sides swap.
    if (r >= 2 && sideOf(pairs[r - 2]!) !== PAIR) continue;
    if (r + 2 < rows && sideOf(pairs[r + 2]!) !== PAIR) continue;
    const a = s1 === GT_ONLY ? before.gt! : after.gt!;
    const b = s1 === GT_ONLY ? after.pred! : before.pred!;
    const x = mid.gt!;
    const y = mid.pred!;
    if (gtKeys[a]! !== predKeys[b]! || gtKeys[x]! !== predKeys[y]!) continue;
    if (!q.valuesMatch(a, b) || !q.valuesMatch(x, y)) continue;
    const gain = (q.valuesIdentical(a, b) ? 1 : 0) - (q.valuesIdentical(x, y) ? 1 : 0);
    if (gain < 0 || (gain === 0 && !(timeApart(a, b) < timeApart(x, y)))) continue;
    // [A · | X Y | · B] → [· Y | A B | X ·]; [· B | X Y | A ·] → [X · | A B | · Y].
    pairs[r - 1] =
      s1 === GT_ONLY ? { gt: null, pred: y, tag: 'insert' } : { gt: x, pred: null, tag: 'delete' };
    pairs[r] = { gt: a, pred: b, tag: 'equal' };
    pairs[r + 1] =
      s1 === GT_ONLY ? { gt: x, pred: null, tag: 'delete' } : { gt: null, pred: y, tag: 'insert' };
  }
}

const PAIR = 0;
const GT_ONLY = 1;
const PRED_ONLY = 2;

function sideOf(p: IndexPair): number {
  return p.gt !== null && p.pred !== null ? PAIR : p.gt !== null ? GT_ONLY : PRED_ONLY;
}

/**
 * Slide the run of unpaired `side` events at rows `[s, e)` to its best position; returns the row
 * after its new last row (where the next run's search starts).
 */
function slideRun(
  pairs: IndexPair[],
  s: number,
  e: number,
  side: number,
  gtKeys: Int32Array,
  predKeys: Int32Array,
  q: PairQuestions,
): number {
  const len = e - s;
  const gtSide = side === GT_ONLY;
  // Left: crossing the pair at row s − 1 − t re-pairs its other-side event with the event `len`
  // places later on the run's side (that pair's own event moves into the run).
  let gain = 0;
  let bestGain = 0;
  let bestLeft = 0;
  let t = 0;
  for (let k = s - 1; k >= 0 && sideOf(pairs[k]!) === PAIR; k--) {
    // The last pair before an unpaired event of the same side: crossing it would merge the runs.
    if (k === 0 ? false : sideOf(pairs[k - 1]!) === side) break;
    const p = pairs[k]!;
    const d = crossing(p.gt!, p.pred!, gtSide ? len : 0, gtSide ? 0 : len, gtKeys, predKeys, q);
    if (d === undefined) break;
    gain += d;
    t++;
    if (gain > bestGain) {
      bestGain = gain;
      bestLeft = t;
    } else if (t - bestLeft > STALE_CROSSINGS) break;
  }
  // Right: crossing the pair at row e + t re-pairs its other-side event with the event `len`
  // places earlier. A tie with the left side's best goes right (unpaired events late).
  gain = 0;
  let bestRight = 0;
  let rightGain = 0;
  t = 0;
  for (let k = e; k < pairs.length && sideOf(pairs[k]!) === PAIR; k++) {
    if (k + 1 < pairs.length && sideOf(pairs[k + 1]!) === side) break;
    const p = pairs[k]!;
    const d = crossing(p.gt!, p.pred!, gtSide ? -len : 0, gtSide ? 0 : -len, gtKeys, predKeys, q);
    if (d === undefined) break;
    gain += d;
    t++;
    if (gain >= rightGain && gain > 0) {
      rightGain = gain;
      bestRight = t;
    } else if (t - bestRight > STALE_CROSSINGS) break;
  }
  if (rightGain > 0 && rightGain >= bestGain) return moveRun(pairs, s, e, bestRight, gtSide);
  if (bestGain > 0) return moveRun(pairs, s, e, -bestLeft, gtSide);
  return e;
}

/**
 * What re-pairing the pair (`gi`, `pj`) as (`gi + dg`, `pj + dp`) gains in exact pairs (−1, 0 or
 * 1), or `undefined` when the new pair, or the old one, is not a match (the slide stops there).
 */
function crossing(
  gi: number,
  pj: number,
  dg: number,
  dp: number,
  gtKeys: Int32Array,
  predKeys: Int32Array,
  q: PairQuestions,
): number | undefined {
  const ni = gi + dg;
  const nj = pj + dp;
  const key = gtKeys[ni]!;
  if (key !== predKeys[nj]! || !q.valuesMatch(ni, nj)) return undefined;
  if (gtKeys[gi]! !== predKeys[pj]! || !q.valuesMatch(gi, pj)) return undefined;
  return (q.valuesIdentical(ni, nj) ? 1 : 0) - (q.valuesIdentical(gi, pj) ? 1 : 0);
}

/**
 * Move the run at rows `[s, e)` by `by` rows (negative: earlier) across the pairs beside it,
 * re-pairing those; returns the row after the run's new last row.
 */
function moveRun(pairs: IndexPair[], s: number, e: number, by: number, gtSide: boolean): number {
  const len = e - s;
  const a = by < 0 ? s + by : s; // the rows that change: the run and the pairs it crosses
  const b = by < 0 ? e : e + by;
  const runAt = by < 0 ? a : a + by; // the run's new first row
  // The run's side reads its events in order over [a, b); the other side, its paired events.
  const own: number[] = [];
  const other: number[] = [];
  for (let k = a; k < b; k++) {
    const p = pairs[k]!;
    own.push(gtSide ? p.gt! : p.pred!);
    if (p.gt !== null && p.pred !== null) other.push(gtSide ? p.pred : p.gt);
  }
  let o = 0;
  for (let k = a, x = 0; k < b; k++, x++) {
    const mine = own[x]!;
    if (k >= runAt && k < runAt + len) {
      pairs[k] = gtSide
        ? { gt: mine, pred: null, tag: 'delete' }
        : { gt: null, pred: mine, tag: 'insert' };
    } else {
      const theirs = other[o++]!;
      pairs[k] = gtSide
        ? { gt: mine, pred: theirs, tag: 'equal' }
        : { gt: theirs, pred: mine, tag: 'equal' };
    }
  }
  return runAt + len;
}
