/**
 * Python's `float(x)`, truthiness and `math.isclose` (README Q6, Q13).
 */

import { ReferenceRaise } from '../errors.js';
import { pyReprStr } from './str.js';
import { isAssignedAfterUnicode14 } from './unicode14.js';
import { orderedKeys, PyFloat, pyKind, pyTypeName, toDouble } from './value.js';

/** Non-ASCII characters Python 3.11's `float()` treats as surrounding whitespace. */
const UNICODE_SPACES = new Set([
  0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
  0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

const DECIMAL_DIGIT = /^\p{Nd}$/u;

function isDecimalDigitCp(cp: number): boolean {
  return DECIMAL_DIGIT.test(String.fromCodePoint(cp)) && !isAssignedAfterUnicode14(cp);
}

/**
 * Python's `_PyUnicode_TransformDecimalAndSpaceToASCII`: Unicode decimal digits (category Nd,
 * e.g. Arabic-Indic `١`) become ASCII digits, Unicode whitespace becomes a space; any other
 * non-ASCII character makes the string invalid (returns undefined).
 */
function toAsciiNumeral(s: string): string | undefined {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) out += ch;
    else if (UNICODE_SPACES.has(cp)) out += ' ';
    else if (isDecimalDigitCp(cp)) {
      // Unicode guarantees Nd digits come in contiguous runs of ten, 0 to 9.
      let start = cp;
      while (start > 0 && isDecimalDigitCp(start - 1)) start--;
      out += String((cp - start) % 10);
    } else return undefined;
  }
  return out;
}

function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * Parse `s` as Python 3.11's `float(str)` does; `undefined` if it is not a valid literal.
 * Grammar after stripping whitespace: `[sign] (inf | infinity | nan)` (any case) or
 * `[sign] digitpart ['.' [digitpart]] [exponent]` / `[sign] '.' digitpart [exponent]`, where
 * `digitpart = digit (['_'] digit)*` and `exponent = (e|E) [sign] digitpart`.
 */
export function parsePyFloatLiteral(s: string): number | undefined {
  let t: string | undefined = s;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) >= 0x80) {
      t = toAsciiNumeral(s);
      break;
    }
  }
  if (t === undefined) return undefined;
  let lo = 0;
  let hi = t.length;
  while (lo < hi && isAsciiSpace(t.charCodeAt(lo))) lo++;
  while (hi > lo && isAsciiSpace(t.charCodeAt(hi - 1))) hi--;
  if (lo === hi) return undefined;
  let i = lo;
  let sign = 1;
  const c0 = t.charCodeAt(i);
  if (c0 === 0x2b || c0 === 0x2d) {
    if (c0 === 0x2d) sign = -1;
    i++;
  }
  const word = t.slice(i, hi).toLowerCase();
  if (word === 'inf' || word === 'infinity') return sign * Infinity;
  if (word === 'nan') return NaN;

  let clean = sign < 0 ? '-' : '';
  // digitpart: returns the index after it, or -1 if malformed; appends digits to `clean`.
  const digitPart = (from: number): number => {
    let j = from;
    if (j >= hi || !isDigit(t.charCodeAt(j))) return -1;
    for (;;) {
      clean += t[j];
      j++;
      if (j < hi && t.charCodeAt(j) === 0x5f /* _ */) {
        if (j + 1 < hi && isDigit(t.charCodeAt(j + 1))) {
          j++;
          continue;
        }
        return -1;
      }
      if (j < hi && isDigit(t.charCodeAt(j))) continue;
      return j;
    }
  };
  let intDigits = false;
  if (i < hi && isDigit(t.charCodeAt(i))) {
    i = digitPart(i);
    if (i < 0) return undefined;
    intDigits = true;
  }
  if (i < hi && t.charCodeAt(i) === 0x2e /* . */) {
    clean += '.';
    i++;
    if (i < hi && isDigit(t.charCodeAt(i))) {
      i = digitPart(i);
      if (i < 0) return undefined;
    } else if (!intDigits) return undefined;
  } else if (!intDigits) return undefined;
  if (i < hi && (t.charCodeAt(i) === 0x65 || t.charCodeAt(i) === 0x45) /* e E */) {
    clean += 'e';
    i++;
    const c = t.charCodeAt(i);
    if (c === 0x2b || c === 0x2d) {
      clean += t[i];
      i++;
    }
    i = digitPart(i);
    if (i < 0) return undefined;
  }
  if (i !== hi) return undefined;
  // `clean` is now a valid JS decimal literal; Number() rounds correctly like Python.
  return Number(clean);
}

/**
 * Python `float(v)`: int/float/bool → number (a `bigint` too large for a double raises
 * `OverflowError`); str → Python float parsing (`ValueError` with the string's repr);
 * `None`, list, dict → `TypeError`.
 */
export function pyFloat(v: unknown): number {
  switch (pyKind(v)) {
    case 'int':
    case 'float':
      return toDouble(v as number | bigint | PyFloat);
    case 'bool':
      return v ? 1 : 0;
    case 'str': {
      const r = parsePyFloatLiteral(v as string);
      if (r === undefined)
        throw new ReferenceRaise(
          'ValueError',
          `could not convert string to float: ${pyReprStr(v as string)}`,
        );
      return r;
    }
    default:
      throw new ReferenceRaise(
        'TypeError',
        `float() argument must be a string or a real number, not '${pyTypeName(v)}'`,
      );
  }
}

/** Python truthiness: `""`, `0`, `0.0`, `-0.0`, `[]`, `{}`, `None`, `False` are false (NaN is true). */
export function pyBool(v: unknown): boolean {
  switch (pyKind(v)) {
    case 'int':
      return typeof v === 'bigint' ? v !== 0n : v !== 0;
    case 'float':
      return (v instanceof PyFloat ? v.value : (v as number)) !== 0;
    case 'bool':
      return v as boolean;
    case 'none':
      return false;
    case 'str':
      return (v as string).length > 0;
    case 'list':
      return (v as readonly unknown[]).length > 0;
    case 'dict':
      return orderedKeys(v as object).length > 0;
    default:
      return true;
  }
}

/**
 * Python `math.isclose(a, b, rel_tol=relTol, abs_tol=absTol)`: negative tolerance →
 * `ValueError`; `a == b` → true (so `inf == inf`, `0.0 == -0.0`); any infinity → false; else
 * `|b−a| <= |relTol·b| or |b−a| <= |relTol·a| or |b−a| <= absTol`. No division. NaN → false.
 */
export function isclose(a: number, b: number, relTol = 1e-9, absTol = 0): boolean {
  if (relTol < 0 || absTol < 0)
    throw new ReferenceRaise('ValueError', 'tolerances must be non-negative');
  if (a === b) return true;
  if (a === Infinity || a === -Infinity || b === Infinity || b === -Infinity) return false;
  const diff = Math.abs(b - a);
  return diff <= Math.abs(relTol * b) || diff <= Math.abs(relTol * a) || diff <= absTol;
}
