import { describe, expect, it } from 'vitest';
import type { ToolCall } from './calls.js';
import { closestCandidate, trajectoryIssues } from './closest.js';
import { callPredicate, matchTrajectory } from './match.js';

const call = (index: number, name: string, args: unknown = {}): ToolCall => ({
  name,
  arguments: args,
  index,
  group: index,
});
const exact = (a: ToolCall, b: ToolCall): boolean =>
  a.name === b.name && JSON.stringify(a.arguments) === JSON.stringify(b.arguments);

describe('closestCandidate', () => {
  const others = [
    call(0, 'open', { id: 1 }),
    call(1, 'search', { q: 'b', lang: 'en' }),
    call(2, 'search', { q: 'z', lang: 'fr' }),
  ];

  it('prefers the same tool with the most equal arguments', () => {
    expect(
      closestCandidate(call(9, 'search', { q: 'a', lang: 'en' }), others, exact, new Set(), false),
    ).toEqual({ call: others[1], reason: 'arguments' });
  });

  it('falls back to another tool when no call of the same tool exists', () => {
    expect(closestCandidate(call(9, 'delete', { id: 1 }), others, exact, new Set(), false)).toEqual(
      { call: others[0], reason: 'tool' },
    );
  });

  it('prefers unpaired candidates among equally similar ones', () => {
    const twins = [call(0, 'search', { q: 'x' }), call(1, 'search', { q: 'x' })];
    expect(
      closestCandidate(call(9, 'search', { q: 'y' }), twins, exact, new Set([0]), false)?.call
        .index,
    ).toBe(1);
  });

  it('a matching candidate is "paired" when taken, "order" when free in strict mode', () => {
    const same = [call(0, 'open', { id: 1 })];
    expect(
      closestCandidate(call(9, 'open', { id: 1 }), same, exact, new Set([0]), false)?.reason,
    ).toBe('paired');
    expect(closestCandidate(call(9, 'open', { id: 1 }), same, exact, new Set(), true)?.reason).toBe(
      'order',
    );
  });

  it('no candidates: undefined', () => {
    expect(closestCandidate(call(0, 'open'), [], exact, new Set(), false)).toBeUndefined();
  });
});

describe('trajectoryIssues', () => {
  const ref = [
    { name: 'search', arguments: { q: 'a' } },
    { name: 'open', arguments: { id: 1 } },
  ];
  const calls = [
    { name: 'search', arguments: { q: 'a' } },
    { name: 'open', arguments: { id: 2 } },
    { name: 'delete', arguments: {} },
  ];

  it('lists only the calls that make the mode fail, each with its closest candidate', () => {
    const strict = matchTrajectory(ref, calls);
    const issues = trajectoryIssues(strict, callPredicate());
    expect(
      issues.missing.map((x) => [x.call.index, x.closest?.call.index, x.closest?.reason]),
    ).toEqual([[1, 1, 'arguments']]);
    expect(
      issues.extra.map((x) => [x.call.index, x.closest?.call.index, x.closest?.reason]),
    ).toEqual([
      [1, 1, 'arguments'],
      [2, 1, 'tool'],
    ]);
    // subset allows missing reference calls; superset allows extra calls.
    expect(
      trajectoryIssues(matchTrajectory(ref, calls, { mode: 'subset' }), callPredicate()).missing,
    ).toEqual([]);
    expect(
      trajectoryIssues(matchTrajectory(ref, calls, { mode: 'superset' }), callPredicate()).extra,
    ).toEqual([]);
    // A passing match has none; an empty side gives no closest candidate.
    expect(trajectoryIssues(matchTrajectory(ref, ref), callPredicate())).toEqual({
      missing: [],
      extra: [],
      missingCount: 0,
      extraCount: 0,
    });
    expect(
      trajectoryIssues(matchTrajectory(ref, []), callPredicate()).missing.map((x) => x.closest),
    ).toEqual([undefined, undefined]);
  });

  it('lists the first `limit` calls of each side, with the counts of all', () => {
    const ref = [
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { x: 2 } },
      { name: 'c', arguments: { x: 3 } },
    ];
    const calls = [
      { name: 'd', arguments: { x: 1 } },
      { name: 'e', arguments: { x: 2 } },
    ];
    const r = matchTrajectory(ref, calls);
    const all = trajectoryIssues(r, callPredicate());
    const two = trajectoryIssues(r, callPredicate(), 2);
    expect(two.missing).toEqual(all.missing.slice(0, 2));
    expect(two.extra).toEqual(all.extra);
    expect([all.missingCount, all.extraCount, two.missingCount, two.extraCount]).toEqual([
      3, 2, 3, 2,
    ]);
  });
});
