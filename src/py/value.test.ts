import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceRaise } from '../errors.js';
import {
  boxFloat,
  isObjectRecord,
  isPlainObject,
  isPyNumber,
  KEY_ORDER,
  orderedEntries,
  orderedKeys,
  PyFloat,
  pyKind,
  pyTypeName,
  toDouble,
  withKeyOrder,
} from './value.js';

describe('PyFloat', () => {
  it('is frozen, unboxes and serialises as its number', () => {
    const f = new PyFloat(1);
    expect(Object.isFrozen(f)).toBe(true);
    expect(() => {
      (f as { value: number }).value = 2;
    }).toThrow(TypeError);
    expect(f.valueOf()).toBe(1);
    expect(+f + 1).toBe(2);
    expect(f.toJSON()).toBe(1);
    expect(JSON.stringify({ a: f })).toBe('{"a":1}');
    expect(String(new PyFloat(1e16))).toBe('10000000000000000');
  });

  it('boxFloat boxes only what would otherwise read as an int', () => {
    expect(boxFloat(1)).toEqual(new PyFloat(1));
    expect(boxFloat(0)).toEqual(new PyFloat(0));
    expect(boxFloat(1.5)).toBe(1.5);
    expect(Object.is(boxFloat(-0), -0)).toBe(true);
    expect(boxFloat(NaN)).toBeNaN();
    expect(boxFloat(Infinity)).toBe(Infinity);
    fc.assert(
      fc.property(fc.double(), (x) => {
        expect(pyKind(boxFloat(x))).toBe('float');
      }),
    );
  });
});

describe('pyKind', () => {
  const CASES: readonly [unknown, string][] = [
    [1, 'int'],
    [0, 'int'],
    [-7, 'int'],
    [1e21, 'int'],
    [2n ** 70n, 'int'],
    [1.5, 'float'],
    [-0, 'float'],
    [NaN, 'float'],
    [Infinity, 'float'],
    [-Infinity, 'float'],
    [new PyFloat(1), 'float'],
    [true, 'bool'],
    [false, 'bool'],
    [null, 'none'],
    [undefined, 'none'],
    ['', 'str'],
    ['1', 'str'],
    [[], 'list'],
    [[1, 'a'], 'list'],
    [{}, 'dict'],
    [Object.create(null), 'dict'],
    [new Map(), 'other'],
    [new Date(0), 'other'],
    [() => 1, 'other'],
    [Symbol('s'), 'other'],
  ];
  it.each(CASES)('pyKind(%o) = %s', (v, kind) => {
    expect(pyKind(v)).toBe(kind);
  });

  it('isPyNumber: int or float, never bool (README Q5)', () => {
    for (const v of [1, 1.5, -0, NaN, 3n, new PyFloat(2)]) expect(isPyNumber(v)).toBe(true);
    for (const v of [true, false, '1', null, [1], { a: 1 }]) expect(isPyNumber(v)).toBe(false);
  });

  it('pyTypeName uses Python names', () => {
    expect(pyTypeName(null)).toBe('NoneType');
    expect(pyTypeName([1])).toBe('list');
    expect(pyTypeName({})).toBe('dict');
    expect(pyTypeName(new PyFloat(1))).toBe('float');
    expect(pyTypeName(2n)).toBe('int');
    expect(pyTypeName(new Map())).toBe('Map');
  });

  it('isPlainObject', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject(new PyFloat(1))).toBe(false);
    expect(isPlainObject(new Map())).toBe(false);
  });

  it('isObjectRecord accepts any non-array object, unlike isPlainObject', () => {
    class Event {
      channel = 'x';
    }
    expect(isObjectRecord({})).toBe(true);
    expect(isObjectRecord(new Event())).toBe(true);
    expect(isPlainObject(new Event())).toBe(false);
    expect(isObjectRecord(new Map())).toBe(true);
    expect(isObjectRecord([])).toBe(false);
    expect(isObjectRecord(null)).toBe(false);
    expect(isObjectRecord('x')).toBe(false);
  });
});

describe('toDouble', () => {
  it('unboxes numbers', () => {
    expect(toDouble(3)).toBe(3);
    expect(toDouble(new PyFloat(4))).toBe(4);
    expect(toDouble(9007199254740993n)).toBe(9007199254740992);
    // ties to even, like Python's float(int): 2**53 + 3 -> 2**53 + 4
    expect(toDouble(2n ** 53n + 3n)).toBe(2 ** 53 + 4);
    expect(toDouble(-(2n ** 64n))).toBe(-(2 ** 64));
  });
  it('raises OverflowError beyond the largest double', () => {
    expect(() => toDouble(2n ** 1024n)).toThrow(ReferenceRaise);
    expect(() => toDouble(-(2n ** 1024n))).toThrow('int too large to convert to float');
  });
  it('property: bigint rounding agrees with Number() within range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }), (b) => {
        expect(toDouble(b)).toBe(Number(b));
      }),
    );
  });
});

describe('key order', () => {
  it('KEY_ORDER is a registered symbol (shared by ESM and CJS builds)', () => {
    expect(KEY_ORDER).toBe(Symbol.for('envtrace.py.keyOrder'));
  });

  it('orderedKeys falls back to Object.keys', () => {
    expect(orderedKeys({ b: 1, 10: 2, a: 3 })).toEqual(['10', 'b', 'a']);
  });

  it('withKeyOrder attaches a non-enumerable order', () => {
    const o = withKeyOrder({ b: 1, 10: 2, 2: 3 }, ['b', '10', '2']);
    expect(orderedKeys(o)).toEqual(['b', '10', '2']);
    expect(orderedEntries(o)).toEqual([
      ['b', 1],
      ['10', 2],
      ['2', 3],
    ]);
    expect(Object.keys(o)).toEqual(['2', '10', 'b']);
    expect({ ...o }).toEqual({ b: 1, 10: 2, 2: 3 });
    expect(Object.getOwnPropertySymbols({ ...o })).toEqual([]);
    expect(o).toEqual({ b: 1, 10: 2, 2: 3 });
    // re-attaching replaces the order
    withKeyOrder(o, ['2', 'b', '10']);
    expect(orderedKeys(o)).toEqual(['2', 'b', '10']);
  });

  it('orderedKeys survives later mutation: deleted keys dropped, new keys appended', () => {
    const o: Record<string, unknown> = withKeyOrder({ b: 1, 10: 2, 2: 3 }, ['b', '10', '2']);
    delete o['10'];
    o.z = 4;
    o['5'] = 5;
    expect(orderedKeys(o)).toEqual(['b', '2', '5', 'z']);
  });
});
