/**
 * Python's `str()` and `repr()` of JSON-shaped values (README Q9). The reference compares
 * every mixed-type or non-number pair by `str(a) == str(b)`, so these must be exact.
 */

import { isAssignedAfterUnicode14 } from './unicode14.js';
import { orderedKeys, PyFloat, pyKind, pyTypeName } from './value.js';

/**
 * Python `repr(float)`: shortest round-trip digits (the same digits as JS); fixed notation
 * when the decimal point position `p` (value = 0.d1…dn × 10^p) satisfies `-4 < p <= 16`,
 * with `.0` added when there is no fractional part; else `d1[.d2…dn]e±XX` with at least two
 * exponent digits. `inf`, `-inf`, `nan`, `-0.0`.
 */
export function formatPyFloat(x: number): string {
  if (x !== x) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  // Fast path: for 1e-4 <= |x| < 1e16 both languages use fixed notation with the same
  // shortest digits (JS switches to exponents only below 1e-7 and from 1e21).
  const ax = x < 0 ? -x : x;
  if (ax >= 1e-4 && ax < 1e16) return Number.isInteger(x) ? `${x}.0` : `${x}`;
  // toExponential() without an argument gives the shortest round-trip digits.
  const e = x.toExponential();
  const neg = e.charCodeAt(0) === 45; /* - */
  const ePos = e.indexOf('e');
  const mantissa = e.slice(neg ? 1 : 0, ePos);
  const digits = mantissa.length > 1 ? mantissa[0] + mantissa.slice(2) : mantissa;
  const exp10 = Number(e.slice(ePos + 1));
  const p = exp10 + 1;
  const n = digits.length;
  let body: string;
  if (p > -4 && p <= 16) {
    if (p <= 0) body = `0.${'0'.repeat(-p)}${digits}`;
    else if (p >= n) body = `${digits}${'0'.repeat(p - n)}.0`;
    else body = `${digits.slice(0, p)}.${digits.slice(p)}`;
  } else {
    const absExp = Math.abs(exp10);
    body = `${digits[0]}${n > 1 ? `.${digits.slice(1)}` : ''}e${exp10 < 0 ? '-' : '+'}${absExp < 10 ? '0' : ''}${absExp}`;
  }
  return neg ? `-${body}` : body;
}

/** Python `str(int)` of an integral JS number (all digits, never exponent notation). */
export function formatPyInt(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  return Math.abs(x) < 1e21 ? String(x) : BigInt(x).toString();
}

const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Python's `str.isprintable()` for one code point (Unicode 14.0, as Python 3.11). */
export function isPyPrintable(cp: number): boolean {
  if (cp < 0x7f) return cp >= 0x20;
  if (cp <= 0xa0) return false; // DEL, C1 controls, NO-BREAK SPACE
  if (NON_PRINTABLE.test(String.fromCodePoint(cp))) return false;
  return !isAssignedAfterUnicode14(cp);
}

function hex(cp: number, width: number): string {
  return cp.toString(16).padStart(width, '0');
}

/**
 * Python `repr(str)`: single quotes unless the string contains `'` and no `"`; `\\`, the
 * quote, `\n`, `\r`, `\t` escaped; other non-printables as `\xNN`, `\uNNNN` or `\UNNNNNNNN`
 * (lone surrogates too); printable non-ASCII kept.
 */
export function pyReprStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const q = quote.charCodeAt(0);
  let out = quote;
  let runStart = 0;
  const len = s.length;
  let i = 0;
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f && c !== q && c !== 0x5c) {
      i++;
      continue;
    }
    // Code point at i (lone surrogates stay single units, as in a Python str from JSON).
    let cp = c;
    let width = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    let esc: string | undefined;
    if (cp === q || cp === 0x5c) esc = `\\${String.fromCharCode(cp)}`;
    else if (cp === 0x09) esc = '\\t';
    else if (cp === 0x0a) esc = '\\n';
    else if (cp === 0x0d) esc = '\\r';
    else if (cp < 0x20 || cp === 0x7f) esc = `\\x${hex(cp, 2)}`;
    else if (!isPyPrintable(cp)) {
      esc =
        cp <= 0xff ? `\\x${hex(cp, 2)}` : cp <= 0xffff ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
    }
    if (esc !== undefined) {
      out += s.slice(runStart, i) + esc;
      runStart = i + width;
    }
    i += width;
  }
  return out + s.slice(runStart) + quote;
}

function reprInner(v: unknown, seen: Set<object>): string {
  switch (pyKind(v)) {
    case 'str':
      return pyReprStr(v as string);
    case 'list': {
      const arr = v as readonly unknown[];
      if (seen.has(arr)) return '[...]';
      seen.add(arr);
      let out = '[';
      for (let i = 0; i < arr.length; i++) {
        if (i > 0) out += ', ';
        out += reprInner(arr[i], seen);
      }
      seen.delete(arr);
      return `${out}]`;
    }
    case 'dict': {
      const obj = v as Record<string, unknown>;
      if (seen.has(obj)) return '{...}';
      seen.add(obj);
      let out = '{';
      let first = true;
      for (const k of orderedKeys(obj)) {
        if (!first) out += ', ';
        first = false;
        out += `${pyReprStr(k)}: ${reprInner(obj[k], seen)}`;
      }
      seen.delete(obj);
      return `${out}}`;
    }
    default:
      return scalarStr(v);
  }
}

function scalarStr(v: unknown): string {
  switch (pyKind(v)) {
    case 'int':
      return formatPyInt(v as number | bigint);
    case 'float':
      return formatPyFloat(v instanceof PyFloat ? v.value : (v as number));
    case 'bool':
      return v ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'str':
      return v as string;
    default:
      throw new TypeError(`cannot show a JS ${pyTypeName(v)} as a Python value`);
  }
}

/**
 * Python `str(v)`: a string is itself; `True`/`False`/`None`; ints with all digits; floats
 * as `repr(float)`; lists and dicts as `repr` (items shown with `repr`, dicts in
 * `orderedKeys` order). Throws a `TypeError` for values that are not JSON-shaped.
 */
export function pyStr(v: unknown): string {
  const kind = pyKind(v);
  if (kind === 'list' || kind === 'dict') return reprInner(v, new Set());
  return scalarStr(v);
}

/** Python `repr(v)`: like `pyStr`, but strings are quoted and escaped. */
export function pyRepr(v: unknown): string {
  return reprInner(v, new Set());
}
