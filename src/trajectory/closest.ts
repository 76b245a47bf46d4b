/**
 * The closest candidate of a call that found no partner: the call on the other side that is most
 * like it (same tool first, then the most equal top-level arguments), preferring calls that are
 * themselves unpaired. Used by failure messages; plain data.
 */
import { equals } from '@jest/expect-utils';
import type { ToolCall } from './calls.js';
import type { TrajectoryMatch } from './match.js';

/** A candidate and why it did not pair. */
export interface ClosestCandidate {
  readonly call: ToolCall;
  /**
   * `arguments`: same tool, the arguments differ (under the `args` rule); `tool`: another tool;
   * `paired`: it would match but is paired with another call (repeats); `order`: it would match
   * but comes at the wrong place (strict mode).
   */
  readonly reason: 'arguments' | 'tool' | 'paired' | 'order';
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
export function closestCandidate(
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

/** A call that failed the mode: an unmatched reference call or an unexpected call, with its closest candidate. */
export interface TrajectoryIssue {
  readonly call: ToolCall;
  readonly closest: ClosestCandidate | undefined;
}

/**
 * The calls that make a match fail, each with its closest candidate on the other side:
 * `missing` (unmatched reference calls; none in `subset` mode, where they are allowed) and
 * `extra` (unexpected calls; none in `superset` mode). `matches(reference, call)` is the
 * match's predicate (`callPredicate(options)`).
 */
export function trajectoryIssues(
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
