/**
 * The closest candidate of a call that found no partner: the call on the other side that is most
 * like it (same tool first, then the most equal top-level arguments), preferring calls that are
 * themselves unpaired. Used by failure messages; plain data.
 */
import { equals } from '@jest/expect-utils';
import type { ToolCall } from './calls.js';
import { valueKey } from './keys.js';
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

/**
 * A call's arguments prepared for `similarity`: the key of the whole value, or for an object its
 * top-level argument names and the key of each value (keys.ts; `undefined` where a value has none
 * and `equals` must decide). One preparation per call serves every comparison of one diagnosis.
 */
interface Prepared {
  readonly whole: string | undefined;
  readonly names: readonly string[] | undefined;
  readonly keys: readonly (string | undefined)[];
  /** The names joined: two calls with the same shape compare argument by argument. */
  readonly shape: string;
  readonly index: ReadonlyMap<string, number> | undefined;
}

/** Preparations of one diagnosis (never kept across calls: arguments are the caller's objects). */
type Cache = Map<ToolCall, Prepared>;

function prepare(c: ToolCall, prepared: Cache): Prepared {
  let p = prepared.get(c);
  if (p === undefined) {
    const x = c.arguments;
    if (typeof x === 'object' && x !== null && !Array.isArray(x)) {
      const rec = x as Record<string, unknown>;
      const names = Object.keys(rec);
      p = {
        whole: undefined,
        names,
        keys: names.map((k) => valueKey(rec[k])),
        shape: names.map((k) => JSON.stringify(k)).join(','),
        index: undefined,
      };
    } else p = { whole: valueKey(x), names: undefined, keys: [], shape: '', index: undefined };
    prepared.set(c, p);
  }
  return p;
}

function indexOf(p: Prepared): ReadonlyMap<string, number> {
  if (p.index === undefined)
    (p as { index: ReadonlyMap<string, number> }).index = new Map(p.names!.map((k, i) => [k, i]));
  return p.index!;
}

/** `equals(x, y)`, by the values' keys when both have one (keys.ts: then they agree). */
function same(x: unknown, kx: string | undefined, y: unknown, ky: string | undefined): boolean {
  return kx !== undefined && ky !== undefined ? kx === ky : equals(x, y);
}

/**
 * Same tool first (1000), then for object arguments +1 per equal top-level argument and −0.5 per
 * differing one over the names of both (an absent argument is `undefined`), for other arguments
 * +1 when equal.
 */
function similarity(a: ToolCall, b: ToolCall, cache: Cache): number {
  let s = a.name === b.name ? 1000 : 0;
  const pa = prepare(a, cache);
  const pb = prepare(b, cache);
  if (pa.names === undefined || pb.names === undefined) {
    if (same(a.arguments, pa.whole, b.arguments, pb.whole)) s += 1;
    return s;
  }
  const x = a.arguments as Record<string, unknown>;
  const y = b.arguments as Record<string, unknown>;
  if (pa.shape === pb.shape) {
    for (let i = 0; i < pa.names.length; i++) {
      const k = pa.names[i]!;
      s += same(x[k], pa.keys[i], y[k], pb.keys[i]) ? 1 : -0.5;
    }
    return s;
  }
  const inB = indexOf(pb);
  for (let i = 0; i < pa.names.length; i++) {
    const k = pa.names[i]!;
    const j = inB.get(k);
    s += same(x[k], pa.keys[i], y[k], j === undefined ? ABSENT : pb.keys[j]) ? 1 : -0.5;
  }
  const inA = indexOf(pa);
  for (let j = 0; j < pb.names.length; j++) {
    const k = pb.names[j]!;
    if (inA.has(k)) continue;
    s += same(undefined, ABSENT, y[k], pb.keys[j]) ? 1 : -0.5;
  }
  return s;
}

/**
 * The key an absent argument compares with: no plain-data value has it, so a present value is
 * never equal to it by key; a present `undefined` has no key and goes to `equals`, which says
 * equal, as before.
 */
const ABSENT = '\u0000absent';

/** How far `similarity` can move from its tool term for two calls: [−0.5·w, w]. */
function spread(p: Prepared, q: Prepared): number {
  return p.names !== undefined && q.names !== undefined
    ? Math.max(1, p.names.length + q.names.length)
    : 1;
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
  return closestIn(call, others, matches, paired, strict, new Map());
}

/**
 * The score of a candidate is matching (1e6) + unpaired (1e5) + `similarity`; the first candidate
 * with the highest score wins. A first pass computes the cheap terms (the predicate, the paired
 * set, the tool) and a lower bound of the best score; the second computes `similarity` only for
 * candidates whose upper bound reaches it, so usually only the calls of the best tier. The same
 * winner as scoring every candidate in full: a skipped one cannot reach the best score.
 * O(|others|) predicate calls, and `similarity` for the candidates that pass the bound.
 */
function closestIn(
  call: ToolCall,
  others: readonly ToolCall[],
  matches: (call: ToolCall, other: ToolCall) => boolean,
  paired: ReadonlySet<number>,
  strict: boolean,
  cache: Cache,
): ClosestCandidate | undefined {
  const pc = prepare(call, cache);
  const tier = new Float64Array(others.length);
  const width = new Float64Array(others.length);
  const matched = new Uint8Array(others.length);
  let floor = -Infinity;
  others.forEach((o, k) => {
    const m = matches(call, o);
    matched[k] = m ? 1 : 0;
    tier[k] = (m ? 1e6 : 0) + (paired.has(o.index) ? 0 : 1e5) + (o.name === call.name ? 1000 : 0);
    width[k] = spread(pc, prepare(o, cache));
    floor = Math.max(floor, tier[k] - 0.5 * width[k]);
  });
  let best = -1;
  let bestScore = -Infinity;
  for (let k = 0; k < others.length; k++) {
    if (tier[k]! + width[k]! < floor) continue;
    const score =
      tier[k]! - (others[k]!.name === call.name ? 1000 : 0) + similarity(call, others[k]!, cache);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  if (best === -1) return undefined;
  const o = others[best]!;
  const reason: ClosestCandidate['reason'] = matched[best]
    ? paired.has(o.index)
      ? 'paired'
      : strict
        ? 'order'
        : 'paired'
    : o.name === call.name
      ? 'arguments'
      : 'tool';
  return { call: o, reason };
}

/** A call that failed the mode: an unmatched reference call or an unexpected call, with its closest candidate. */
export interface TrajectoryIssue {
  readonly call: ToolCall;
  readonly closest: ClosestCandidate | undefined;
}

/**
 * The calls that make a match fail, each with its closest candidate on the other side:
 * `missing` (unmatched reference calls; none in `subset` mode, where they are allowed) and
 * `extra` (unexpected calls; none in `superset` mode), at most `limit` of each (the first ones),
 * with `missingCount` / `extraCount` saying how many there are in all. `matches(reference, call)`
 * is the match's predicate (`callPredicate(options)`).
 *
 * Each listed call scans every call on the other side: O(limit · (n + m)) predicate and
 * similarity checks, so listing what a message or report shows stays linear however many calls
 * failed (all of them, without a limit: O(n · m)).
 */
export function trajectoryIssues(
  r: Pick<
    TrajectoryMatch,
    'mode' | 'matched' | 'unmatchedReference' | 'unexpected' | 'reference' | 'calls'
  >,
  matches: (reference: ToolCall, call: ToolCall) => boolean,
  limit = Infinity,
): {
  readonly missing: readonly TrajectoryIssue[];
  readonly extra: readonly TrajectoryIssue[];
  readonly missingCount: number;
  readonly extraCount: number;
} {
  const strict = r.mode === 'strict';
  const cache: Cache = new Map();
  const pairedRef = new Set(r.matched.map((m) => m.reference.index));
  const pairedPred = new Set(r.matched.map((m) => m.call.index));
  const missingCalls = r.mode === 'subset' ? [] : r.unmatchedReference;
  const extraCalls = r.mode === 'superset' ? [] : r.unexpected;
  const missing = missingCalls.slice(0, limit).map((c) => ({
    call: c,
    closest: closestIn(c, r.calls, (x, o) => matches(x, o), pairedPred, strict, cache),
  }));
  const extra = extraCalls.slice(0, limit).map((c) => ({
    call: c,
    closest: closestIn(c, r.reference, (x, o) => matches(o, x), pairedRef, strict, cache),
  }));
  return { missing, extra, missingCount: missingCalls.length, extraCount: extraCalls.length };
}
