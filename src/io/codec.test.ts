import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import { parsePyJson, stringifyPyJson } from '../py/json.js';
import { PyFloat } from '../py/value.js';
import { codecValue } from '../../test/support/values.js';
import { CODEC_TAG, MAX_CODEC_DEPTH, decodeValue, encodeValue } from './codec.js';

/** encode → JSON text → parse → decode, as a golden file does. */
function roundTrip(v: unknown): unknown {
  return decodeValue(JSON.parse(JSON.stringify(encodeValue(v))));
}

function refusal(v: unknown, path?: readonly PropertyKey[]): TraceError {
  try {
    encodeValue(v, { file: 'g.trace.json', path });
  } catch (e) {
    expect(e).toBeInstanceOf(TraceError);
    return e as TraceError;
  }
  throw new Error('expected encodeValue to refuse');
}

describe('encodeValue', () => {
  it('leaves JSON values as they are', () => {
    const v = { a: [1, 'x', true, null, { b: 2.5 }], c: '' };
    expect(encodeValue(v)).toEqual(v);
    expect(JSON.stringify(encodeValue(v))).toBe(JSON.stringify(v));
  });

  it('writes each kind JSON cannot carry in the documented tagged form', () => {
    expect(encodeValue(NaN)).toEqual({ $envtrace: 'NaN' });
    expect(encodeValue(Infinity)).toEqual({ $envtrace: 'Infinity' });
    expect(encodeValue(-Infinity)).toEqual({ $envtrace: '-Infinity' });
    expect(encodeValue(-0)).toEqual({ $envtrace: '-0' });
    expect(encodeValue([undefined])).toEqual([{ $envtrace: 'undefined' }]);
    expect(encodeValue({ a: undefined })).toEqual({ a: { $envtrace: 'undefined' } });
    expect(encodeValue(12345678901234567890123n)).toEqual({
      $envtrace: 'bigint',
      value: '12345678901234567890123',
    });
    expect(encodeValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toEqual({
      $envtrace: 'date',
      value: '2024-01-02T03:04:05.000Z',
    });
    expect(encodeValue(new Date(NaN))).toEqual({ $envtrace: 'date', value: null });
    expect(encodeValue(new Float64Array([1.5, NaN, -0]))).toEqual({
      $envtrace: 'Float64Array',
      values: [1.5, { $envtrace: 'NaN' }, { $envtrace: '-0' }],
    });
    expect(encodeValue(new BigInt64Array([-5n]))).toEqual({
      $envtrace: 'BigInt64Array',
      values: ['-5'],
    });
    expect(encodeValue(new Uint8Array([0, 255]))).toEqual({
      $envtrace: 'Uint8Array',
      values: [0, 255],
    });
  });

  it('escapes a user object that has the tag key, so it is never read as a tag', () => {
    const user = { [CODEC_TAG]: 'NaN' };
    expect(encodeValue(user)).toEqual({ $envtrace: 'object', value: { $envtrace: 'NaN' } });
    expect(roundTrip(user)).toEqual(user);
    const nested = { [CODEC_TAG]: { [CODEC_TAG]: 'date', value: 'x' }, other: NaN };
    expect(roundTrip(nested)).toEqual(nested);
  });

  it('refuses what it cannot keep, naming the file and the path', () => {
    const fn = refusal({ a: [0, 1, () => 1] }, ['events', 3, 'value']);
    expect(fn.pathText).toBe('events[3].value.a[2]');
    expect(fn.file).toBe('g.trace.json');
    expect(fn.message).toBe(
      'g.trace.json: events[3].value.a[2]: cannot be kept in a golden trace: a function',
    );
    expect(refusal({ s: Symbol('k') }).message).toMatch(
      /^g\.trace\.json: s: cannot be kept in a golden trace: a symbol \(Symbol\(k\)\)$/,
    );
    expect(refusal([new Map()]).message).toContain('[0]: cannot be kept in a golden trace: a Map');
    expect(refusal({ 'motor:x': new Set() }).message).toContain(
      '["motor:x"]: cannot be kept in a golden trace: a Set',
    );
    class Point {
      x = 1;
    }
    expect(refusal({ p: new Point() }).message).toContain(
      'p: cannot be kept in a golden trace: an instance of Point',
    );
    expect(refusal(new Number(1)).message).toContain('a boxed number');
    expect(refusal(new DataView(new ArrayBuffer(1))).message).toContain('an instance of DataView');
    expect(refusal(new ArrayBuffer(1)).message).toContain('an instance of ArrayBuffer');
  });

  it('refuses a circular reference but keeps a value shared by two branches', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop['self'] = { back: loop };
    expect(refusal(loop).pathText).toBe('self.back');
    expect(refusal(loop).message).toContain('a circular reference');
    const shared = { n: NaN };
    expect(roundTrip({ x: shared, y: [shared] })).toEqual({ x: { n: NaN }, y: [{ n: NaN }] });
  });

  it('refuses values nested deeper than the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_CODEC_DEPTH + 1; i++) deep = [deep];
    expect(refusal(deep).message).toContain(`nested deeper than ${MAX_CODEC_DEPTH} levels`);
  });

  it('python numbers: finite numbers, -0, PyFloats and BigInts stay for stringifyPyJson; non-finite ones are tagged', () => {
    const v = { f: new PyFloat(1), z: -0, i: 2n ** 70n, n: NaN, p: new PyFloat(Infinity) };
    const text = stringifyPyJson(encodeValue(v, { numbers: 'python' }));
    expect(text).toBe(
      '{"f":1.0,"z":-0.0,"i":1180591620717411303424,"n":{"$envtrace":"NaN"},"p":{"$envtrace":"Infinity"}}',
    );
    const back = decodeValue(parsePyJson(text, { preserveNumberKinds: true }), {
      numbers: 'python',
    }) as Record<string, unknown>;
    expect(back['f']).toBeInstanceOf(PyFloat);
    expect(back['i']).toBe(2n ** 70n);
    expect(back['n']).toBeNaN();
    expect(back['p']).toBe(Infinity);
  });
});

describe('decodeValue', () => {
  it('round-trips every supported kind', () => {
    const v = {
      nan: NaN,
      inf: [Infinity, -Infinity],
      negZero: -0,
      big: -(2n ** 80n),
      when: new Date('2020-02-29T12:00:00.123Z'),
      bad: new Date(NaN),
      gap: [1, undefined, 3],
      missing: undefined,
      f32: new Float32Array([0.5, Infinity]),
      u64: new BigUint64Array([2n ** 64n - 1n]),
      i8: new Int8Array([-128, 127]),
      clamped: new Uint8ClampedArray([0, 255]),
    };
    const back = roundTrip(v) as typeof v;
    expect(back).toStrictEqual(v);
    expect(Object.is(back.negZero, -0)).toBe(true);
    expect(back.f32).toBeInstanceOf(Float32Array);
    expect('missing' in back).toBe(true);
  });

  it('returns tag-free JSON unchanged (no copy)', () => {
    const doc = { a: [1, { b: 'c' }], d: null };
    expect(decodeValue(doc)).toBe(doc);
  });

  it('never lets a "__proto__" key set the prototype', () => {
    const back = decodeValue(
      JSON.parse('{"__proto__": {"polluted": true}, "n": {"$envtrace": "NaN"}}'),
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses malformed tags with the path', () => {
    const bad = (json: unknown): string => {
      try {
        decodeValue(json, { file: 'g.json', path: ['events', 0, 'value'] });
      } catch (e) {
        expect(e).toBeInstanceOf(TraceError);
        return (e as Error).message;
      }
      throw new Error('expected decodeValue to refuse');
    };
    expect(bad({ a: { $envtrace: 'Map' } })).toMatch(
      /^g\.json: events\[0\]\.value\.a\.\$envtrace: unknown tag "Map" \(a user object with a "\$envtrace" key is written as/,
    );
    expect(bad({ $envtrace: 'NaN', value: 1 })).toBe(
      'g.json: events[0].value: unexpected key "value" in a "NaN" tag',
    );
    expect(bad({ $envtrace: 'bigint' })).toBe(
      'g.json: events[0].value: a "bigint" tag needs "value"',
    );
    expect(bad({ $envtrace: 'bigint', value: '1.5' })).toBe(
      'g.json: events[0].value.value: a bigint tag needs a string of decimal digits',
    );
    expect(bad({ $envtrace: 'date', value: 'yesterday' })).toContain(
      'events[0].value.value: a date tag needs an ISO 8601 UTC timestamp',
    );
    expect(bad({ $envtrace: 'object', value: [1] })).toContain(
      'an object tag needs an object "value"',
    );
    expect(bad({ $envtrace: 'Float64Array', values: ['x'] })).toBe(
      'g.json: events[0].value.values[0]: Float64Array values are numbers',
    );
    expect(bad({ $envtrace: 'BigInt64Array', values: [1] })).toBe(
      'g.json: events[0].value.values[0]: BigInt64Array values are strings of decimal digits',
    );
    expect(bad({ $envtrace: 'Int8Array', values: 3 })).toContain(
      'a Int8Array tag needs an array "values"',
    );
    expect(bad({ $envtrace: 42 })).toContain('unknown tag 42');
  });
});

describe('codec properties', () => {
  it('decode(parse(stringify(encode(v)))) equals v for every supported value', () => {
    fc.assert(
      fc.property(codecValue(), (v) => {
        expect(roundTrip(v)).toStrictEqual(v);
      }),
      { numRuns: 500, seed: 20261130 },
    );
  });
});
