/**
 * Python value model for JSON-shaped JS values.
 *
 * JSON text keeps Python's int/float distinction (`1` vs `1.0`) and object key order, both of
 * which change Python's `str()` and therefore the reference's comparisons (README §2, Q9).
 * `JSON.parse` loses both; `parsePyJson` (./json.ts) keeps them with two devices defined here:
 *
 * - `PyFloat` boxes an *integral* float (`1.0`, `1e16`, `-3.0`). Every other float (non-integral,
 *   NaN, ±Infinity, `-0`) can only be a float and stays a plain `number`; an integral plain
 *   `number` is a Python int. Integers beyond 2^53 are `bigint`s.
 * - `KEY_ORDER` is a non-enumerable property holding the source key order of an object whose
 *   order differs from JS enumeration order (JS moves integer-like keys such as `"10"` first).
 */

import { brandClass } from '../brand.js';
import { ReferenceRaise } from '../errors.js';

/** An integral float read from JSON text (`1.0`, `1e+16`): Python `float`, not `int`. Frozen. */
export class PyFloat {
  constructor(readonly value: number) {
    Object.freeze(this);
  }

  /** JSON-safe: serialises as the plain number (use `stringifyPyJson` to keep the `.0`). */
  toJSON(): number {
    return this.value;
  }

  valueOf(): number {
    return this.value;
  }

  /** The plain JS number text; use `pyStr` for Python's `str()`. */
  toString(): string {
    return String(this.value);
  }
}
// `instanceof PyFloat` holds for a PyFloat from another copy of envtrace-js (ESM vs CJS).
brandClass(PyFloat, 'PyFloat');

/**
 * The float `x` as a value that keeps its Python kind: a `PyFloat` if `x` is integral and
 * finite and not `-0` (a plain number would read as an int), else `x` itself.
 */
export function boxFloat(x: number): number | PyFloat {
  return Number.isInteger(x) && !Object.is(x, -0) ? new PyFloat(x) : x;
}

/** The Python type a JS value stands for. */
export type PyKind = 'int' | 'float' | 'bool' | 'none' | 'str' | 'list' | 'dict' | 'other';

/*
 * The two object tests of envtrace (no other module defines its own):
 * - `isPlainObject`: a dict-like object literal. Use it wherever a value is classified as a
 *   Python dict (config values, evaluation options, rendering), so a `Map`, `Date` or class
 *   instance is not mistaken for a mapping.
 * - `isObjectRecord`: any non-null, non-array object. Use it only where input objects may be
 *   built by user code (trace events, aligner options passed from TypeScript) and their own
 *   enumerable properties are what counts.
 */

/** True for a plain object (prototype `Object.prototype` or `null`), i.e. a Python dict. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** True for any non-null, non-array object, whatever its prototype (see the comment above). */
export function isObjectRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Python kind of a JS value: `bigint` → int; `number` → float if non-integral, non-finite or
 * `-0`, else int; `PyFloat` → float; `boolean` → bool; `null`/`undefined` → none; string → str;
 * array → list; plain object → dict; anything else → other.
 */
export function pyKind(v: unknown): PyKind {
  switch (typeof v) {
    case 'number':
      return Number.isInteger(v) && !Object.is(v, -0) ? 'int' : 'float';
    case 'bigint':
      return 'int';
    case 'boolean':
      return 'bool';
    case 'string':
      return 'str';
    case 'undefined':
      return 'none';
    case 'object':
      if (v === null) return 'none';
      if (v instanceof PyFloat) return 'float';
      if (Array.isArray(v)) return 'list';
      if (isPlainObject(v)) return 'dict';
      return 'other';
    default:
      return 'other';
  }
}

/** Python type name as shown in Python's error messages (`'NoneType'`, `'list'`, …). */
export function pyTypeName(v: unknown): string {
  const kind = pyKind(v);
  switch (kind) {
    case 'none':
      return 'NoneType';
    case 'other':
      // Object.create(null) has no constructor, whatever the lib types say.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
      return typeof v === 'object' ? (v?.constructor?.name ?? 'object') : typeof v;
    default:
      return kind;
  }
}

/** EnvTrace's `_is_number`: a Python int or float, but not a bool (README Q5). */
export function isPyNumber(v: unknown): v is number | bigint | PyFloat {
  const kind = pyKind(v);
  return kind === 'int' || kind === 'float';
}

/**
 * The double of a Python number: `number` as is, `PyFloat` unboxed, `bigint` rounded to the
 * nearest double (ties to even, as Python's `float(int)`). A `bigint` whose rounding overflows
 * raises `OverflowError` like Python. Non-numbers (bool included) are a programming error.
 */
export function toDouble(v: number | bigint | PyFloat): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') {
    const d = Number(v);
    if (!Number.isFinite(d))
      throw new ReferenceRaise('OverflowError', 'int too large to convert to float');
    return d;
  }
  if (v instanceof PyFloat) return v.value;
  throw new TypeError(`toDouble: not a Python number: ${typeof v}`);
}

/**
 * Symbol under which the parser stores an object's source key order when it differs from JS
 * enumeration order. Registered (`Symbol.for`) so ESM and CJS copies of envtrace share it.
 */
export const KEY_ORDER: unique symbol = Symbol.for('envtrace.py.keyOrder') as typeof KEY_ORDER;

type KeyOrdered = Record<string, unknown> & { [KEY_ORDER]?: readonly string[] };

/**
 * Keys of `obj` in Python (insertion) order: the attached `KEY_ORDER` if any, else
 * `Object.keys(obj)`. If the object was changed after the order was attached, keys that no
 * longer exist are dropped and new keys are appended in JS order.
 */
export function orderedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  const order = (obj as KeyOrdered)[KEY_ORDER];
  if (order === undefined) return keys;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const k of order) {
    if (
      !seen.has(k) &&
      Object.prototype.hasOwnProperty.call(obj, k) &&
      Object.prototype.propertyIsEnumerable.call(obj, k)
    ) {
      out.push(k);
      seen.add(k);
    }
  }
  if (out.length !== keys.length) for (const k of keys) if (!seen.has(k)) out.push(k);
  return out;
}

/** `[key, value]` pairs of `obj` in `orderedKeys` order. */
export function orderedEntries(obj: object): [string, unknown][] {
  const rec = obj as Record<string, unknown>;
  return orderedKeys(obj).map((k) => [k, rec[k]]);
}

/**
 * Attach `keys` as the Python key order of `obj` (non-enumerable, so `JSON.stringify`,
 * `Object.keys`, spreading and equality checks ignore it). Returns `obj`. `keys` must list each
 * own enumerable key of `obj` once.
 */
export function withKeyOrder<T extends object>(obj: T, keys: readonly string[]): T {
  Object.defineProperty(obj, KEY_ORDER, {
    value: Object.freeze([...keys]),
    enumerable: false,
    writable: false,
    configurable: true,
  });
  return obj;
}
