import { describe, expect, it } from 'vitest';
import { findTooDeep, formatDeepPath, MAX_DEPTH, tooDeepMessage } from './depth.js';

/** An array nested `n` levels deep around `leaf` (`n = 0` is the leaf itself). */
function nest(n: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

describe('findTooDeep', () => {
  it('accepts scalars, and values at exactly the limit', () => {
    expect(findTooDeep(1)).toBeUndefined();
    expect(findTooDeep('x')).toBeUndefined();
    expect(findTooDeep(null)).toBeUndefined();
    expect(findTooDeep(nest(MAX_DEPTH))).toBeUndefined();
    expect(findTooDeep(nest(3), 3)).toBeUndefined();
  });

  it('reports limit + 1 with the path to the first container beyond the limit', () => {
    const found = findTooDeep(nest(MAX_DEPTH + 1));
    expect(found?.circular).toBe(false);
    expect(found?.path).toHaveLength(MAX_DEPTH);
    expect(findTooDeep({ a: [1, { b: [[2]] }] }, 3)).toEqual({
      path: ['a', 1, 'b'],
      circular: false,
    });
  });

  it('counts objects, Maps and Sets as levels, other objects (Date, class instances) as leaves', () => {
    expect(findTooDeep({ a: { b: {} } }, 2)).toEqual({ path: ['a', 'b'], circular: false });
    expect(findTooDeep(new Map([['k', new Set([[1]])]]), 2)).toEqual({
      path: ['k', 0],
      circular: false,
    });
    expect(findTooDeep([new Date(0)], 1)).toBeUndefined();
  });

  it('does not overflow the stack at 10^5 levels, and stops at the limit', () => {
    const found = findTooDeep(nest(100_000));
    expect(found?.path).toHaveLength(MAX_DEPTH);
  });

  it('reports a circular structure as such', () => {
    const a: unknown[] = [1];
    a.push({ back: a });
    const found = findTooDeep(a);
    expect(found?.circular).toBe(true);
    expect(tooDeepMessage(found!)).toMatch(/contains itself/);
  });
});

describe('formatDeepPath', () => {
  it('formats like formatPath and elides the middle of a long path', () => {
    expect(formatDeepPath(['events', 3, 'value'], [0, 'a b', 'c'])).toBe(
      'events[3].value[0]["a b"].c',
    );
    const long = formatDeepPath(
      ['events', 0, 'value'],
      Array.from({ length: 257 }, () => 0),
    );
    expect(long).toBe('events[0].value[0][0][0][0][0][0]…[0][0]');
    expect(formatDeepPath([], ['x', 1])).toBe('x[1]');
  });
});
