/**
 * `matchTrajectory(reference, calls, options)`: does an agent's tool-call trajectory follow the
 * reference? Repeated calls are paired optimally (maximum bipartite matching), never first-fit.
 */
import { ConfigError } from '../errors.js';
import { argsMatcher, type ArgsMatch } from './args.js';
import { maximumMatching } from './bipartite.js';
import { toolCalls, type ToolCall, type TrajectoryInput } from './calls.js';
import type { TrajectoryDistanceOptions } from './distance.js';

/**
 * `strict`: the same calls in the same order (calls of one reference turn in any order);
 * `unordered`: the same calls as a multiset; `subset`: every predicted call is in the reference;
 * `superset`: every reference call is in the prediction (extra calls allowed).
 */
export type TrajectoryMode = 'strict' | 'unordered' | 'subset' | 'superset';

/** Options of `matchTrajectory` and `toFollowTrajectory`. */
export interface TrajectoryMatchOptions {
  /** @default "strict" */
  readonly mode?: TrajectoryMode;
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

const MODES: readonly TrajectoryMode[] = ['strict', 'unordered', 'subset', 'superset'];

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

function validate(options: TrajectoryMatchOptions): TrajectoryMode {
  const mode = options.mode ?? 'strict';
  if (!MODES.includes(mode))
    throw new ConfigError(
      `unknown trajectory mode ${JSON.stringify(mode)} (expected ${MODES.join(', ')})`,
      { path: ['mode'] },
    );
  return mode;
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
