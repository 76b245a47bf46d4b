import { formatPyFloat } from '../py/str.js';
import { isPlainObject, orderedEntries, PyFloat } from '../py/value.js';

/**
 * Small formatting helpers with Python's semantics where the reference's text report
 * depends on them (`f"{x:.3f}"`, `str(bool)`), plus the default mode's JSON-ish value rendering.
 */

/**
 * Python's `format(x, f".{digits}f")`: correctly rounded, ties to even on the exact binary
 * value, `nan`/`inf`/`-inf`, a sign on negative zero, no exponent for large numbers.
 * (JS `toFixed` rounds ties away from zero and switches to exponent form at 1e21.)
 */
export function pyFixed(x: number, digits = 3): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const negative = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  let body: string;
  if (a >= 1e21) {
    // Every double this large is an integer.
    body = BigInt(a).toString() + (digits > 0 ? `.${'0'.repeat(digits)}` : '');
  } else {
    body = a.toFixed(digits);
    // toFixed is exact except for the tie rule (it rounds ties up); detect an exact tie from a
    // longer exact expansion (a tie needs a >= 0.5e-digits, so 40 more digits always decide it).
    const long = a.toFixed(Math.min(100, digits + 40));
    const dot = long.indexOf('.');
    const kept = digits === 0 ? long.slice(0, dot) : long.slice(0, dot + 1 + digits);
    const rest = long.slice(dot + 1 + digits);
    if (/^50*$/.test(rest) && Number(kept.slice(-1)) % 2 === 0) body = kept;
  }
  return negative ? `-${body}` : body;
}

/** Python's `str()` of a boolean-ish value as the reference prints it (`True`, `False`, `None`). */
export function pyBool(b: unknown): string {
  if (b === true) return 'True';
  if (b === false) return 'False';
  if (b === null || b === undefined) return 'None';
  // Python's str() of anything else: a caller's own value, printed by its own toString.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return String(b);
}

const DEFAULT_LIMIT = 200;

/**
 * A compact JSON-like rendering of a trace value for the default mode's text report:
 * strings quoted (so `"1"` and `1` differ), `NaN`/`Infinity`/`-0` shown as such, bigint as digits,
 * `Map`s as objects, cycles as `[Circular]`. Output is cut near `limit` characters with `…`.
 */
export function renderValue(value: unknown, limit: number = DEFAULT_LIMIT): string {
  let out = '';
  const seen = new Set<object>();
  const full = (): boolean => out.length > limit;

  const walk = (v: unknown): void => {
    if (full()) return;
    switch (typeof v) {
      case 'string':
        out += JSON.stringify(v);
        return;
      case 'number':
        out += Object.is(v, -0) ? '-0' : String(v);
        return;
      case 'bigint':
        out += v.toString();
        return;
      case 'boolean':
        out += v ? 'true' : 'false';
        return;
      case 'undefined':
        out += 'undefined';
        return;
      case 'function':
        out += `[Function${v.name ? ` ${v.name}` : ''}]`;
        return;
      case 'symbol':
        out += v.toString();
        return;
      default:
        break;
    }
    if (v === null) {
      out += 'null';
      return;
    }
    const obj = v as object;
    if (seen.has(obj)) {
      out += '[Circular]';
      return;
    }
    seen.add(obj);
    if (Array.isArray(obj)) {
      out += '[';
      obj.forEach((item: unknown, i) => {
        if (full()) return;
        if (i > 0) out += ', ';
        walk(item);
      });
      out += ']';
    } else if (obj instanceof Map) {
      out += '{';
      let i = 0;
      for (const [k, item] of obj as Map<unknown, unknown>) {
        if (full()) break;
        if (i++ > 0) out += ', ';
        out += typeof k === 'string' ? JSON.stringify(k) : renderValue(k, limit);
        out += ': ';
        walk(item);
      }
      out += '}';
    } else if (isPlainObject(obj)) {
      out += '{';
      let i = 0;
      for (const [k, item] of orderedEntries(obj)) {
        if (full()) break;
        if (i++ > 0) out += ', ';
        out += `${JSON.stringify(k)}: `;
        walk(item);
      }
      out += '}';
    } else if (obj instanceof PyFloat) {
      out += formatPyFloat(obj.value);
    } else {
      // Class instances (e.g. a Python-float wrapper, Date): their own string form.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      out += String(obj);
    }
    seen.delete(obj);
  };

  walk(value);
  return out.length > limit ? `${out.slice(0, limit)}…` : out;
}

/** Most decimals `digitsApart` goes to (a difference below 1e-20 prints as equal). */
const MAX_APART_DIGITS = 20;

/**
 * The fewest decimals, at least `digits`, with which `x` and `y` print differently under
 * `pyFixed` (`digits` when they are equal or not finite): so a score of 0.99999 next to a bound
 * of 1 shows as `0.99999`, never as `1.000`.
 */
export function digitsApart(x: number, y: number, digits = 3): number {
  if (x === y || !Number.isFinite(x) || !Number.isFinite(y)) return digits;
  let d = digits;
  while (d < MAX_APART_DIGITS && pyFixed(x, d) === pyFixed(y, d)) d++;
  return d;
}

/**
 * A score with `digits` decimals (`pyFixed`), more when fewer would round it onto 0 or 1 that it
 * is not (`0.99999`, not `1.000`; `0.0004`, not `0.000`).
 */
export function scoreFixed(x: number, digits = 3): string {
  return pyFixed(x, Math.max(digitsApart(x, 1, digits), digitsApart(x, 0, digits)));
}
