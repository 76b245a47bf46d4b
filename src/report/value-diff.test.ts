import { describe, expect, it } from 'vitest';
import { ABSENT, DIFFERENCES_COUNTED, valueDifference } from './value-diff.js';

describe('valueDifference', () => {
  it('names the first differing leaf by its path, with both values and a count', () => {
    expect(valueDifference({ data: 'ok' }, { data: 'low battery' })).toEqual({
      path: '.data',
      gt: 'ok',
      pred: 'low battery',
      count: 1,
    });
    const js = (p: number[]) => ({ header: { frame_id: 'base' }, name: ['a', 'b'], position: p });
    expect(valueDifference(js([0.1, 0.2]), js([0.1, 0.25]))).toMatchObject({
      path: '.position[1]',
      gt: 0.2,
      pred: 0.25,
      count: 1,
    });
    expect(valueDifference({ a: 1, b: 2 }, { b: 3, a: 0 })).toMatchObject({ path: '.a', count: 2 });
  });

  it('a key or an index on one side only is ABSENT on the other; odd keys are quoted', () => {
    expect(valueDifference({ a: 1 }, { a: 1, 'frame id': 'x' })).toEqual({
      path: '["frame id"]',
      gt: ABSENT,
      pred: 'x',
      count: 1,
    });
    expect(valueDifference([1, 2], [1])).toEqual({ path: '[1]', gt: 2, pred: ABSENT, count: 1 });
    // An array against an object is one differing leaf: the whole values.
    expect(valueDifference({ a: [1] }, { a: { 0: 1 } })).toMatchObject({ path: '.a', count: 1 });
  });

  it('undefined for scalars and for values with no differing leaf (NaN is NaN)', () => {
    expect(valueDifference('ok', 'ko')).toBeUndefined();
    expect(valueDifference({ a: 1 }, 1)).toBeUndefined();
    expect(valueDifference({ a: [Number.NaN] }, { a: [Number.NaN] })).toBeUndefined();
  });

  it('counts at most DIFFERENCES_COUNTED leaves', () => {
    const a = Array.from({ length: 5000 }, (_, i) => i);
    const b = a.map((x) => x + 1);
    expect(valueDifference(a, b)).toMatchObject({ path: '[0]', count: DIFFERENCES_COUNTED });
  });
});
