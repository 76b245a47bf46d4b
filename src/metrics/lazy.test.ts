import { describe, expect, it } from 'vitest';
import { copyLazyAware, defineLazyList, lazyListOf, listLength, listSlice } from './lazy.js';

function counted(n: number) {
  const calls: number[] = [];
  return { calls, list: { length: n, item: (k: number) => (calls.push(k), { k }) } };
}

describe('defineLazyList', () => {
  it('builds the array on first read, once, and leaves a plain data property in place', () => {
    const { calls, list } = counted(3);
    const obj = defineLazyList({ a: 1 } as Record<string, unknown>, 'xs', list);
    obj.b = 2;
    expect(calls).toEqual([]);
    expect(lazyListOf(obj, 'xs')).toBe(list);
    const xs = obj.xs;
    expect(xs).toEqual([{ k: 0 }, { k: 1 }, { k: 2 }]);
    expect(obj.xs).toBe(xs);
    expect(calls).toEqual([0, 1, 2]);
    expect(Object.keys(obj)).toEqual(['a', 'xs', 'b']);
    expect(Object.getOwnPropertyDescriptor(obj, 'xs')).toMatchObject({
      value: xs,
      enumerable: true,
      writable: true,
    });
    expect(lazyListOf(obj, 'xs')).toBeUndefined();
  });

  it('is seen by JSON.stringify, spreading and equality as ordinary data', () => {
    const obj = defineLazyList({} as Record<string, unknown>, 'xs', {
      length: 2,
      item: (k) => k * 10,
    });
    expect(JSON.stringify(obj)).toBe('{"xs":[0,10]}');
    expect({ ...defineLazyList({}, 'ys', { length: 1, item: () => 'y' }) }).toEqual({ ys: ['y'] });
  });

  it('can be assigned before it was read', () => {
    const obj = defineLazyList({} as Record<string, unknown>, 'xs', { length: 1, item: () => 1 });
    obj.xs = 'replaced';
    expect(obj.xs).toBe('replaced');
    expect(lazyListOf(obj, 'xs')).toBeUndefined();
  });
});

describe('copyLazyAware', () => {
  it('copies keys in order and keeps unbuilt lists unbuilt on both objects', () => {
    const { calls, list } = counted(2);
    const src = defineLazyList({ a: 1 } as Record<string, unknown>, 'xs', list);
    src.z = 3;
    const copy = copyLazyAware(src);
    expect(calls).toEqual([]);
    expect(Object.keys(copy)).toEqual(['a', 'xs', 'z']);
    expect(copy.xs).toEqual([{ k: 0 }, { k: 1 }]);
    expect(lazyListOf(src, 'xs')).toBe(list);
    const built = src.xs;
    expect(copyLazyAware(src).xs).toBe(built);
  });
});

describe('listSlice and listLength', () => {
  it('read part of a lazy list without building it, and slice a built one like Array#slice', () => {
    const { calls, list } = counted(10);
    const obj = defineLazyList({} as Record<string, unknown>, 'xs', list);
    expect(listLength(obj, 'xs')).toBe(10);
    expect(listSlice(obj, 'xs', 2, 4)).toEqual([{ k: 2 }, { k: 3 }]);
    expect(listSlice(obj, 'xs', -2, 100)).toEqual([{ k: 8 }, { k: 9 }]);
    expect(calls).toEqual([2, 3, 8, 9]);
    expect(lazyListOf(obj, 'xs')).toBe(list);
    const built = obj.xs as unknown[];
    for (const [a, b] of [
      [2, 4],
      [-2, 100],
      [5, 1],
      [0, 0],
    ] as const)
      expect(listSlice(obj, 'xs', a, b)).toEqual(built.slice(a, b));
    expect(listLength({ ys: [1, 2] }, 'ys')).toBe(2);
    expect(listLength({ ys: 'no' }, 'ys')).toBe(0);
  });
});
