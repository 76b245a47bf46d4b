/**
 * The value codec: turns a trace value into JSON that reads back as the same value, and back.
 *
 * JSON has no NaN, ±Infinity, `-0`, BigInt, Date, `undefined` or typed array; `JSON.stringify`
 * silently writes `null`, a string or nothing for them. `encodeValue` writes those as tagged
 * objects instead, and `decodeValue` turns the tags back into the values. Everything else
 * (strings, booleans, null, finite numbers, arrays, plain objects) stays the JSON it already is,
 * so an encoded document is still ordinary, readable JSON.
 *
 * The tagged forms (the tag key is {@link CODEC_TAG}, `"$envtrace"`):
 *
 * | value                         | encoded                                                   |
 * |-------------------------------|-----------------------------------------------------------|
 * | `NaN`, `Infinity`, `-Infinity`| `{"$envtrace": "NaN"}`, `{"$envtrace": "Infinity"}`, `{"$envtrace": "-Infinity"}` |
 * | `-0`                          | `{"$envtrace": "-0"}`                                     |
 * | `undefined` (nested)          | `{"$envtrace": "undefined"}` (array holes too)            |
 * | `123n`                        | `{"$envtrace": "bigint", "value": "123"}`                 |
 * | `Date`                        | `{"$envtrace": "date", "value": "2024-01-02T03:04:05.000Z"}` (`null` for an invalid Date) |
 * | typed array, e.g. `Float64Array` | `{"$envtrace": "Float64Array", "values": [1, {"$envtrace": "NaN"}]}` (BigInt64Array/BigUint64Array: decimal strings) |
 * | a plain object that has a `"$envtrace"` key itself | `{"$envtrace": "object", "value": {...its entries, encoded}}` |
 *
 * The last row is the escape that keeps decoding unambiguous: a user object is never read as a
 * tag. Refused, with a `TraceError` naming the value's path (`events[3].value.a[2]`): functions,
 * symbols, circular references, `Map`, `Set`, boxed primitives, `ArrayBuffer`/`DataView`, and
 * objects of any other class; values nested deeper than {@link MAX_CODEC_DEPTH}. Symbol-keyed
 * properties are not data and are left out, as `JSON.stringify` does; an object with a `null`
 * prototype reads back as a plain object with the same entries.
 */
import { TraceError, inputPath } from '../errors.js';
import { isObjectRecord, PyFloat, orderedKeys, withKeyOrder, KEY_ORDER } from '../py/value.js';

/** The key that marks a tagged value in encoded JSON. */
export const CODEC_TAG = '$envtrace';

/** How deep values may nest (arrays and objects) before the codec refuses them. */
export const MAX_CODEC_DEPTH = 1000;

/** The typed arrays the codec keeps (by constructor name). */
const TYPED_ARRAYS = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const;

type TypedArrayName = keyof typeof TYPED_ARRAYS;
type AnyTypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;

function typedArrayName(v: object): TypedArrayName | undefined {
  if (!ArrayBuffer.isView(v) || v instanceof DataView) return undefined;
  const name = Object.prototype.toString.call(v).slice(8, -1);
  return Object.prototype.hasOwnProperty.call(TYPED_ARRAYS, name)
    ? (name as TypedArrayName)
    : undefined;
}

/** Options of `encodeValue` / `decodeValue`. */
export interface CodecOptions {
  /** File named in errors. */
  readonly file?: string | undefined;
  /** Path of the value inside its document, prefixed to error paths (e.g. `['events', 3, 'value']`). */
  readonly path?: readonly PropertyKey[] | undefined;
  /**
   * `json` (default): every number JSON cannot carry exactly is tagged. `python` (reference mode,
   * written with `stringifyPyJson`): finite numbers, `-0`, `PyFloat`s and BigInts are left as they
   * are, because Python's number text keeps them (`1.0`, `-0.0`, exact ints); only non-finite
   * numbers, which Python's JSON text would turn into strings, are tagged.
   * @default "json"
   */
  readonly numbers?: 'json' | 'python' | undefined;
}

function tag(kind: string, extra?: Record<string, unknown>): Record<string, unknown> {
  return { [CODEC_TAG]: kind, ...extra };
}

function nonFiniteTag(x: number): Record<string, unknown> {
  return tag(Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity');
}

function describeRefused(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return `a symbol (${String(v)})`;
  if (v instanceof Map) return 'a Map (use a plain object or an array of [key, value] pairs)';
  if (v instanceof Set) return 'a Set (use an array)';
  if (v instanceof Number || v instanceof String || v instanceof Boolean)
    return `a boxed ${typeof v.valueOf()} (use the primitive)`;
  const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
  return `an instance of ${typeof name === 'string' && name !== '' ? name : 'an unknown class'}`;
}

/**
 * Encode `value` as JSON-safe data in the tagged form described above (the result is ready for
 * `JSON.stringify`, or `stringifyPyJson` with `numbers: "python"`). Throws a `TraceError` naming
 * the path of a value the codec cannot keep.
 */
export function encodeValue(value: unknown, options: CodecOptions = {}): unknown {
  const python = options.numbers === 'python';
  const ancestors: object[] = [];
  const fail = (path: readonly PropertyKey[], why: string): never => {
    throw new TraceError(why, { file: options.file, path: inputPath(path) });
  };

  const encode = (v: unknown, path: PropertyKey[]): unknown => {
    switch (typeof v) {
      case 'string':
      case 'boolean':
        return v;
      case 'number':
        if (!Number.isFinite(v)) return nonFiniteTag(v);
        if (Object.is(v, -0) && !python) return tag('-0');
        return v;
      case 'bigint':
        return python ? v : tag('bigint', { value: v.toString() });
      case 'undefined':
        return tag('undefined');
      case 'function':
      case 'symbol':
        return fail(path, `cannot be kept in a golden trace: ${describeRefused(v)}`);
      default:
        break;
    }
    if (v === null) return null;
    const obj = v as object;
    if (obj instanceof PyFloat)
      return python && Number.isFinite(obj.value) ? obj : encode(obj.value, path);
    if (obj instanceof Date) {
      const time = obj.getTime();
      return tag('date', { value: Number.isNaN(time) ? null : obj.toISOString() });
    }
    const typed = typedArrayName(obj);
    if (typed !== undefined) {
      const values = Array.from(obj as AnyTypedArray, (x: number | bigint) =>
        typeof x === 'bigint' ? x.toString() : encode(x, path),
      );
      return tag(typed, { values });
    }
    const isArray = Array.isArray(obj);
    const proto: unknown = Object.getPrototypeOf(obj);
    if (!isArray && proto !== Object.prototype && proto !== null)
      return fail(path, `cannot be kept in a golden trace: ${describeRefused(obj)}`);
    if (ancestors.includes(obj))
      return fail(path, 'cannot be kept in a golden trace: a circular reference');
    if (ancestors.length >= MAX_CODEC_DEPTH)
      return fail(
        path,
        `cannot be kept in a golden trace: nested deeper than ${MAX_CODEC_DEPTH} levels`,
      );
    ancestors.push(obj);
    let out: unknown;
    if (isArray) {
      const arr = obj as unknown[];
      const items = new Array<unknown>(arr.length);
      for (let i = 0; i < arr.length; i++) {
        path.push(i);
        items[i] = encode(arr[i], path);
        path.pop();
      }
      out = items;
    } else {
      const rec = obj as Record<string, unknown>;
      const keys = orderedKeys(obj);
      const entries: Record<string, unknown> = {};
      for (const k of keys) {
        path.push(k);
        Object.defineProperty(entries, k, {
          value: encode(rec[k], path),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        path.pop();
      }
      if (KEY_ORDER in rec) withKeyOrder(entries, keys);
      out = Object.prototype.hasOwnProperty.call(rec, CODEC_TAG)
        ? tag('object', { value: entries })
        : entries;
    }
    ancestors.pop();
    return out;
  };

  return encode(value, [...(options.path ?? [])]);
}

const DATE_ISO = /^[+-]?\d{4,6}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const INTEGER = /^-?\d+$/;

/**
 * Decode JSON data written by `encodeValue` (as `JSON.parse` or `parsePyJson` returned it): tagged
 * objects become their values, everything else is returned as it is (an object or array without
 * any tag inside is returned unchanged, not copied). Throws a `TraceError` naming the path of a
 * malformed tag (unknown kind, missing or wrong `value`/`values`, extra keys).
 */
export function decodeValue(json: unknown, options: CodecOptions = {}): unknown {
  const fail = (path: readonly PropertyKey[], why: string): never => {
    throw new TraceError(why, { file: options.file, path: inputPath(path) });
  };
  const decode = (v: unknown, path: PropertyKey[], depth: number): unknown => {
    if (typeof v !== 'object' || v === null || v instanceof PyFloat) return v;
    if (depth > MAX_CODEC_DEPTH) return fail(path, `nested deeper than ${MAX_CODEC_DEPTH} levels`);
    if (Array.isArray(v)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        const d = decode(v[i], path, depth + 1);
        path.pop();
        if (copy === undefined && !Object.is(d, v[i])) copy = v.slice(0, i);
        if (copy !== undefined) copy[i] = d;
      }
      return copy ?? v;
    }
    const rec = v as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(rec, CODEC_TAG)) return decodeTagged(rec, path, depth);
    return decodeEntries(rec, path, depth);
  };

  const decodeEntries = (
    rec: Record<string, unknown>,
    path: PropertyKey[],
    depth: number,
  ): Record<string, unknown> => {
    const keys = orderedKeys(rec);
    let changed = false;
    const values = keys.map((k) => {
      path.push(k);
      const d = decode(rec[k], path, depth + 1);
      path.pop();
      if (!Object.is(d, rec[k])) changed = true;
      return d;
    });
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set inside the callback
    if (!changed) return rec;
    const out: Record<string, unknown> = {};
    keys.forEach((k, i) =>
      Object.defineProperty(out, k, {
        value: values[i],
        enumerable: true,
        writable: true,
        configurable: true,
      }),
    );
    if (KEY_ORDER in rec) withKeyOrder(out, keys);
    return out;
  };

  const decodeTagged = (
    rec: Record<string, unknown>,
    path: PropertyKey[],
    depth: number,
  ): unknown => {
    const kind = rec[CODEC_TAG];
    const keys = Object.keys(rec);
    const expectKeys = (...allowed: string[]): void => {
      const extra = keys.filter((k) => k !== CODEC_TAG && !allowed.includes(k));
      if (extra.length > 0)
        fail(path, `unexpected key ${JSON.stringify(extra[0])} in a ${JSON.stringify(kind)} tag`);
      for (const k of allowed)
        if (!keys.includes(k)) fail(path, `a ${JSON.stringify(kind)} tag needs "${k}"`);
    };
    switch (kind) {
      case 'NaN':
        expectKeys();
        return NaN;
      case 'Infinity':
        expectKeys();
        return Infinity;
      case '-Infinity':
        expectKeys();
        return -Infinity;
      case '-0':
        expectKeys();
        return -0;
      case 'undefined':
        expectKeys();
        return undefined;
      case 'bigint': {
        expectKeys('value');
        const digits = rec['value'];
        if (typeof digits !== 'string' || !INTEGER.test(digits))
          return fail([...path, 'value'], 'a bigint tag needs a string of decimal digits');
        return BigInt(digits);
      }
      case 'date': {
        expectKeys('value');
        const iso = rec['value'];
        if (iso === null) return new Date(NaN);
        const date = typeof iso === 'string' && DATE_ISO.test(iso) ? new Date(iso) : undefined;
        if (date === undefined || Number.isNaN(date.getTime()))
          return fail(
            [...path, 'value'],
            'a date tag needs an ISO 8601 UTC timestamp (or null for an invalid Date)',
          );
        return date;
      }
      case 'object': {
        expectKeys('value');
        const inner = rec['value'];
        // Decoded JSON data: a PyFloat here is a number, not an object.
        if (!isObjectRecord(inner) || inner instanceof PyFloat)
          return fail([...path, 'value'], 'an object tag needs an object "value"');
        path.push('value');
        const out = decodeEntries(inner, path, depth + 1);
        path.pop();
        return out;
      }
      default:
        break;
    }
    if (typeof kind === 'string' && Object.prototype.hasOwnProperty.call(TYPED_ARRAYS, kind)) {
      expectKeys('values');
      const values = rec['values'];
      if (!Array.isArray(values))
        return fail([...path, 'values'], `a ${kind} tag needs an array "values"`);
      const big = kind === 'BigInt64Array' || kind === 'BigUint64Array';
      const items = values.map((x: unknown, i) => {
        const p = [...path, 'values', i];
        if (big) {
          if (typeof x !== 'string' || !INTEGER.test(x))
            return fail(p, `${kind} values are strings of decimal digits`);
          return BigInt(x);
        }
        const n = decode(x, p, depth + 1);
        if (typeof n !== 'number') return fail(p, `${kind} values are numbers`);
        return n;
      });
      const Ctor = TYPED_ARRAYS[kind as TypedArrayName] as unknown as {
        from(items: readonly unknown[]): AnyTypedArray;
      };
      try {
        return Ctor.from(items);
      } catch (e) {
        return fail([...path, 'values'], `not valid ${kind} values: ${(e as Error).message}`);
      }
    }
    return fail(
      [...path, CODEC_TAG],
      `unknown tag ${JSON.stringify(kind)} (a user object with a "${CODEC_TAG}" key is written as {"${CODEC_TAG}": "object", "value": {...}})`,
    );
  };

  return decode(json, [...(options.path ?? [])], 0);
}
