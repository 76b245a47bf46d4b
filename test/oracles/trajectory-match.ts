/**
 * The trajectory matcher as it was before calls were keyed (test oracle): the full reference ×
 * prediction matrix of argument comparisons, Kuhn's augmenting paths for the order-free modes and
 * the (reference turn, predicted position) dynamic program for `strict`. O(n·m) comparisons and
 * memory, O(n·m·turn) time in strict mode; and the closest candidates as they were computed
 * (`equals` on every argument of every candidate). `src/trajectory/match.test.ts` checks that the keyed
 * matcher returns exactly what this one does (pairs, unmatched calls, verdicts) on random inputs.
 */
import { ConfigError } from '../../src/errors.js';
import { equals } from '@jest/expect-utils';
import { maximumMatching } from '../../src/trajectory/bipartite.js';
import type { ClosestCandidate, TrajectoryIssue } from '../../src/trajectory/closest.js';
import { toolCalls, type ToolCall, type TrajectoryInput } from '../../src/trajectory/calls.js';
import {
  callPredicate,
  type TrajectoryMatch,
  type TrajectoryMatchOptions,
  type TrajectoryMode,
} from '../../src/trajectory/match.js';

const MODES: readonly TrajectoryMode[] = ['strict', 'unordered', 'subset', 'superset'];

function validate(options: TrajectoryMatchOptions): TrajectoryMode {
  const mode = options.mode ?? 'strict';
  if (!MODES.includes(mode))
    throw new ConfigError(
      `unknown trajectory mode ${JSON.stringify(mode)} (expected ${MODES.join(', ')})`,
      { path: ['mode'] },
    );
  return mode;
}

type Pairs = (
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  ok: (r: ToolCall, p: ToolCall) => boolean,
) => Array<[number, number]>;

/** Maximum matching, order ignored. */
const anyOrderPairs: Pairs = (ref, pred, ok) => {
  const m = maximumMatching(ref.length, pred.length, (i, j) => ok(ref[i]!, pred[j]!));
  return m.flatMap((j, i) => (j === -1 ? [] : [[i, j] as [number, number]]));
};

/**
 * The largest order-respecting matching: calls of one reference turn may pair with predicted calls
 * in any order, but a later reference turn only pairs with later predicted calls. Dynamic program
 * over (reference turn, predicted position): `best[g][to]` = most pairs of the first `g` turns
 * within `pred[0..to)`; turn `g` takes a segment `pred[from..to)` and pairs inside it by maximum
 * matching, grown one predicted call at a time (one augmenting search per added call).
 */
const orderedPairs: Pairs = (ref, pred, ok) => {
  const turns: ToolCall[][] = [];
  for (const c of ref) {
    const last = turns[turns.length - 1];
    if (last && last[0]!.group === c.group) last.push(c);
    else turns.push([c]);
  }
  const n = pred.length;
  const edge = ref.map((r) => pred.map((p) => ok(r, p)));
  let best = new Array<number>(n + 1).fill(0);
  const picks: Array<Array<{ from: number; pairs: Array<[number, number]> }>> = [];
  for (const turn of turns) {
    const next = new Array<number>(n + 1).fill(-1);
    const pick = new Array<{ from: number; pairs: Array<[number, number]> }>(n + 1);
    if (turn.length === 1) {
      // One call (the common case): the LCS step, O(n). Pair it with the predicted call j < to
      // that maximises best[j] + 1, or leave it unpaired.
      const r = turn[0]!.index;
      let paired = -1;
      let pairedAt = -1;
      for (let to = 0; to <= n; to++) {
        if (to > 0 && edge[r]![to - 1] && best[to - 1]! + 1 > paired) {
          paired = best[to - 1]! + 1;
          pairedAt = to - 1;
        }
        if (paired > best[to]!) {
          next[to] = paired;
          pick[to] = { from: pairedAt, pairs: [[r, pairedAt]] };
        } else {
          next[to] = best[to]!;
          pick[to] = { from: to, pairs: [] };
        }
      }
      picks.push(pick);
      best = next;
      continue;
    }
    for (let from = 0; from <= n; from++) {
      const matchOfLeft = new Array<number>(turn.length).fill(-1);
      const matchOfRight = new Map<number, number>();
      let size = 0;
      const consider = (to: number): void => {
        const value = best[from]! + size;
        if (value > next[to]!) {
          next[to] = value;
          pick[to] = {
            from,
            pairs: matchOfLeft.flatMap((j, i) =>
              j === -1 ? [] : [[turn[i]!.index, j] as [number, number]],
            ),
          };
        }
      };
      consider(from);
      for (let to = from + 1; to <= n && size < turn.length; to++) {
        // Add pred[to-1]; the matching grows by at most one, through an augmenting path.
        for (let u = 0; u < turn.length; u++) {
          if (matchOfLeft[u] !== -1) continue;
          const seen = new Set<number>();
          const augment = (x: number): boolean => {
            for (let j = from; j < to; j++) {
              if (seen.has(j) || !edge[turn[x]!.index]![j]) continue;
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
          if (augment(u)) {
            size += 1;
            break;
          }
        }
        consider(to);
      }
    }
    // A segment may leave later predicted calls unused: carry the best choice forward.
    for (let to = 1; to <= n; to++) {
      if (next[to - 1]! > next[to]!) {
        next[to] = next[to - 1]!;
        pick[to] = pick[to - 1]!;
      }
    }
    picks.push(pick);
    best = next;
  }
  const out: Array<[number, number]> = [];
  let to = n;
  for (let g = turns.length - 1; g >= 0; g--) {
    const p = picks[g]![to]!;
    out.push(...p.pairs);
    to = p.from;
  }
  return out;
};

export function oracleMatchTrajectory(
  reference: TrajectoryInput,
  calls: TrajectoryInput,
  options: TrajectoryMatchOptions = {},
): TrajectoryMatch {
  const mode = validate(options);
  const ok = callPredicate(options);
  const ref = toolCalls(reference, 'reference');
  const pred = toolCalls(calls, 'calls');
  const pairs = (mode === 'strict' ? orderedPairs : anyOrderPairs)(ref, pred, ok);
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

function similarity(a: ToolCall, b: ToolCall): number {
  let s = a.name === b.name ? 1000 : 0;
  const x = a.arguments;
  const y = b.arguments;
  if (
    typeof x === 'object' &&
    x !== null &&
    typeof y === 'object' &&
    y !== null &&
    !Array.isArray(x) &&
    !Array.isArray(y)
  ) {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const k of keys)
      s += equals((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]) ? 1 : -0.5;
  } else if (equals(x, y)) s += 1;
  return s;
}

/**
 * For `call`, the closest of `others`. `matches(call, other)` is the matching predicate (argument
 * order as the caller needs it); `paired` holds the indices of `others` that are paired.
 * `strict` says whether order mattered (a matching but unpaired candidate is then out of order).
 */
function closestCandidate(
  call: ToolCall,
  others: readonly ToolCall[],
  matches: (call: ToolCall, other: ToolCall) => boolean,
  paired: ReadonlySet<number>,
  strict: boolean,
): ClosestCandidate | undefined {
  let best: ToolCall | undefined;
  let bestScore = -Infinity;
  for (const o of others) {
    // Matching candidates first, then unpaired ones, then similarity.
    const score =
      (matches(call, o) ? 1e6 : 0) + (paired.has(o.index) ? 0 : 1e5) + similarity(call, o);
    if (score > bestScore) {
      bestScore = score;
      best = o;
    }
  }
  if (best === undefined) return undefined;
  const reason: ClosestCandidate['reason'] = matches(call, best)
    ? paired.has(best.index)
      ? 'paired'
      : strict
        ? 'order'
        : 'paired'
    : best.name === call.name
      ? 'arguments'
      : 'tool';
  return { call: best, reason };
}

/**
 * The calls that make a match fail, each with its closest candidate on the other side:
 * `missing` (unmatched reference calls; none in `subset` mode, where they are allowed) and
 * `extra` (unexpected calls; none in `superset` mode). `matches(reference, call)` is the
 * match's predicate (`callPredicate(options)`).
 */
export function oracleTrajectoryIssues(
  r: Pick<
    TrajectoryMatch,
    'mode' | 'matched' | 'unmatchedReference' | 'unexpected' | 'reference' | 'calls'
  >,
  matches: (reference: ToolCall, call: ToolCall) => boolean,
): { readonly missing: readonly TrajectoryIssue[]; readonly extra: readonly TrajectoryIssue[] } {
  const strict = r.mode === 'strict';
  const pairedRef = new Set(r.matched.map((m) => m.reference.index));
  const pairedPred = new Set(r.matched.map((m) => m.call.index));
  const missing =
    r.mode === 'subset'
      ? []
      : r.unmatchedReference.map((c) => ({
          call: c,
          closest: closestCandidate(c, r.calls, (x, o) => matches(x, o), pairedPred, strict),
        }));
  const extra =
    r.mode === 'superset'
      ? []
      : r.unexpected.map((c) => ({
          call: c,
          closest: closestCandidate(c, r.reference, (x, o) => matches(o, x), pairedRef, strict),
        }));
  return { missing, extra };
}
