import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maximumMatching, minCostAssignment } from './bipartite.js';

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

/** Size of a maximum matching by trying every injective assignment (small inputs only). */
function bruteMatching(
  left: number,
  right: number,
  edge: (i: number, j: number) => boolean,
): number {
  let best = 0;
  const go = (i: number, used: Set<number>, size: number): void => {
    if (i === left) {
      best = Math.max(best, size);
      return;
    }
    go(i + 1, used, size);
    for (let j = 0; j < right; j++) {
      if (used.has(j) || !edge(i, j)) continue;
      used.add(j);
      go(i + 1, used, size + 1);
      used.delete(j);
    }
  };
  go(0, new Set(), 0);
  return best;
}

describe('maximumMatching', () => {
  it('re-routes an earlier pairing where first-fit would get stuck', () => {
    // left 0 fits both right vertices, left 1 only the first: first-fit gives 1 pair, the maximum is 2.
    const m = maximumMatching(2, 2, (i, j) => i === 0 || j === 0);
    expect(m).toEqual([1, 0]);
  });

  it('matches the brute-force maximum on random graphs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
        (l, r, bits) => {
          const edge = (i: number, j: number): boolean => bits[i * 5 + j]!;
          const m = maximumMatching(l, r, edge);
          const pairs = m.filter((j) => j !== -1);
          expect(new Set(pairs).size).toBe(pairs.length);
          m.forEach((j, i) => j === -1 || expect(edge(i, j)).toBe(true));
          expect(pairs.length).toBe(bruteMatching(l, r, edge));
        },
      ),
    );
  });
});

describe('minCostAssignment', () => {
  it('solves a hand example', () => {
    // rows→cols 0→1 (1), 1→0 (2), 2→2 (2) = 5
    expect(
      minCostAssignment([
        [4, 1, 3],
        [2, 0, 5],
        [3, 2, 2],
      ]),
    ).toEqual({ assignment: [1, 0, 2], total: 5 });
    expect(minCostAssignment([])).toEqual({ assignment: [], total: 0 });
  });

  it('matches the brute-force minimum on random matrices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((n) =>
          fc.array(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: n, maxLength: n }), {
            minLength: n,
            maxLength: n,
          }),
        ),
        (cost) => {
          const brute = Math.min(
            ...permutations(cost.length).map((p) => p.reduce((s, j, i) => s + cost[i]![j]!, 0)),
          );
          const r = minCostAssignment(cost);
          expect(r.total).toBe(brute);
          expect(new Set(r.assignment).size).toBe(cost.length);
        },
      ),
    );
  });
});
