/**
 * The closest candidate of a call that found no partner: the call on the other side that is most
 * like it (same tool first, then the most equal top-level arguments), preferring calls that are
 * themselves unpaired. Used by failure messages; plain data.
 */
import { equals } from '@jest/expect-utils';
import type { ToolCall } from './calls.js';

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
  if (typeof x === 'object' && x !== null && typeof y === 'object' && y !== null && !Array.isArray(x) && !Array.isArray(y)) {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const k of keys) s += equals((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]) ? 1 : -0.5;
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
    const score = (matches(call, o) ? 1e6 : 0) + (paired.has(o.index) ? 0 : 1e5) + similarity(call, o);
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
