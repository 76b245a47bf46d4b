/**
 * JSON text ⇄ Python-shaped JS values (README §2).
 *
 * `parsePyJson` is a strict RFC 8259 parser that keeps what `JSON.parse` loses: the int/float
 * distinction of number tokens (`1` vs `1.0`), integers beyond 2^53 (as `bigint`) and object
 * key order (as `KEY_ORDER`). `stringifyPyJson` writes such values back the way Python's
 * `json` module would write their numbers.
 */

import { brandClass } from '../brand.js';
import { EnvTraceError, formatPath } from '../errors.js';
import { formatPyFloat, formatPyInt, isPyPrintable } from './str.js';
import { orderedKeys, PyFloat, withKeyOrder } from './value.js';

/** Malformed JSON text. `file`, `line` and `column` (1-based, in UTF-16 units) locate it. */
export class JsonSyntaxError extends EnvTraceError {
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;
  /** The bare description, without location. */
  readonly reason: string;
  constructor(reason: string, loc: { file?: string | undefined; line: number; column: number }) {
    super('ERR_JSON', `${loc.file ?? '<json>'}:${loc.line}:${loc.column}: ${reason}`);
    this.name = 'JsonSyntaxError';
    this.file = loc.file;
    this.line = loc.line;
    this.column = loc.column;
    this.reason = reason;
  }
}
brandClass(JsonSyntaxError, 'JsonSyntaxError');

/**
 * `: NaN is not JSON …` when the text at `at` is one of the literals Python's `json.dump` writes
 * for non-finite floats unless `allow_nan=False` (`NaN`, `Infinity`, `-Infinity`, the last
 * reported at its `I`, after the minus sign); else empty. These files come from real producers,
 * so the message says where they come from.
 */
function nonJsonNumberHint(text: string, at: number): string {
  const start =
    text.charCodeAt(at - 1) === 0x2d /* - */ && text.startsWith('Infinity', at) ? at - 1 : at;
  const literal = /^-?(?:NaN|Infinity)/.exec(text.slice(start, start + 9))?.[0];
  if (literal === undefined) return '';
  return `: ${literal} is not JSON: Python's json.dump writes it unless given allow_nan=False`;
}

/** A JSON document nested deeper than `parsePyJson`'s `maxDepth` (a `JsonSyntaxError` too). */
export class JsonDepthError extends JsonSyntaxError {
  /** The limit that was exceeded. */
  readonly maxDepth: number;
  /** Path to the array or object that opens level `maxDepth + 1`. */
  readonly path: readonly PropertyKey[];
  constructor(
    reason: string,
    loc: { file?: string | undefined; line: number; column: number },
    maxDepth: number,
    path: readonly PropertyKey[],
  ) {
    super(reason, loc);
    this.name = 'JsonDepthError';
    this.maxDepth = maxDepth;
    this.path = path;
  }
}
brandClass(JsonDepthError, 'JsonDepthError');

/** A key repeated in one JSON object, with `uniqueKeys` (a `JsonSyntaxError` too). */
export class JsonDuplicateKeyError extends JsonSyntaxError {
  /** The repeated key. */
  readonly key: string;
  /** Path to the repeated key (its object's path, then the key). */
  readonly path: readonly PropertyKey[];
  constructor(
    key: string,
    loc: { file?: string | undefined; line: number; column: number },
    path: readonly PropertyKey[],
  ) {
    super(`Duplicate key ${JSON.stringify(key)}`, loc);
    this.name = 'JsonDuplicateKeyError';
    this.key = key;
    this.path = path;
  }
}
brandClass(JsonDuplicateKeyError, 'JsonDuplicateKeyError');

/** Options of `parsePyJson`. */
export interface ParsePyJsonOptions {
  /** File name shown in error messages. */
  readonly file?: string | undefined;
  /**
   * Keep Python's number kinds and key order (float tokens with an integral value become
   * `PyFloat`, big integers `bigint`, reordered objects get `KEY_ORDER`).
   * `false` gives plain `JSON.parse` values.
   * @default true
   */
  readonly preserveNumberKinds?: boolean | undefined;
  /**
   * Most levels of nested arrays and objects accepted; a deeper document is a `JsonDepthError`
   * (a `JsonSyntaxError`) at the bracket that goes one level too deep, naming the path to it. The parser itself never
   * recurses (any depth is safe to parse); the limit protects the code that walks the result.
   * @default MAX_JSON_DEPTH (1000)
   */
  readonly maxDepth?: number | undefined;
  /**
   * A key repeated in one object is a `JsonDuplicateKeyError` (at the repeat, naming its path)
   * instead of the last value winning, as Python's `json` does.
   * @default false
   */
  readonly uniqueKeys?: boolean | undefined;
  /**
   * With `preserveNumberKinds: false`, still keep integer tokens beyond 2^53 exact (as `bigint`):
   * plain `JSON.parse` values otherwise.
   * @default false
   */
  readonly bigInts?: boolean | undefined;
  /**
   * Read the literals `NaN`, `Infinity` and `-Infinity` as those numbers, as Python's `json.loads`
   * does (and `json.dump` writes unless given `allow_nan=False`); otherwise they are a syntax
   * error whose message says where they come from.
   * @default false
   */
  readonly allowNan?: boolean | undefined;
}

/** Default `maxDepth` of `parsePyJson`: a safety net above every per-value limit (`MAX_DEPTH`, 256). */
export const MAX_JSON_DEPTH = 1000;

const enum C {
  TAB = 0x09,
  LF = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  QUOTE = 0x22,
  PLUS = 0x2b,
  COMMA = 0x2c,
  MINUS = 0x2d,
  DOT = 0x2e,
  ZERO = 0x30,
  NINE = 0x39,
  COLON = 0x3a,
  UPPER_E = 0x45,
  LBRACKET = 0x5b,
  BACKSLASH = 0x5c,
  RBRACKET = 0x5d,
  LOWER_E = 0x65,
  LBRACE = 0x7b,
  RBRACE = 0x7d,
}

/** One open container. A single class keeps property access monomorphic. */
class Frame {
  /** Current key (objects only). */
  key = '';
  /**
   * Keys in first-occurrence order, recorded only once a key starting with a digit shows up
   * (only then can JS enumeration order differ from source order).
   */
  keys: string[] | undefined = undefined;
  constructor(
    readonly arr: unknown[] | undefined,
    readonly obj: Record<string, unknown> | undefined,
  ) {}
}

/** Exact powers of ten: every 10^k for k <= 22 is a double. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Largest mantissa that can take one more digit without leaving the exact-integer range. */
const MANTISSA_LIMIT = Math.floor((Number.MAX_SAFE_INTEGER - 9) / 10);

/** One source character for an error message; anything not plainly printable as `U+XXXX`. */
function showChar(code: number): string {
  if (code >= 0x20 && code < 0x7f) return `'${String.fromCharCode(code)}'`;
  if (code >= 0xa1 && isPyPrintable(code)) return `'${String.fromCharCode(code)}'`;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class Parser {
  private pos = 0;
  /** Small cache of object keys (they repeat: `channel`, `timestamp`, …), to skip slicing. */
  private readonly keyCache: (string | undefined)[] = new Array<string | undefined>(256).fill(
    undefined,
  );

  /** The open containers (set by `parse`), for the path of an error. */
  private stack: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly file: string | undefined,
    private readonly preserve: boolean,
    private readonly maxDepth: number,
    private readonly uniqueKeys: boolean = false,
    private readonly bigInts: boolean = preserve,
    private readonly allowNan: boolean = false,
  ) {}

  /** Fail at the bracket at `this.pos` that opens level `maxDepth + 1` (stack holds the open containers). */
  private tooDeep(stack: readonly Frame[]): never {
    const path: PropertyKey[] = stack.map((f) => (f.arr !== undefined ? f.arr.length : f.key));
    const where = formatPath(path);
    const reason = `Nested more than ${this.maxDepth} levels of arrays and objects deep${where ? ` (at ${where.length > 80 ? `${where.slice(0, 77)}…` : where})` : ''}`;
    throw new JsonDepthError(reason, this.locate(this.pos), this.maxDepth, path);
  }

  fail(reason: string, at: number = this.pos): never {
    throw new JsonSyntaxError(reason, this.locate(at));
  }

  private locate(at: number): { file: string | undefined; line: number; column: number } {
    const text = this.text;
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at && i < text.length; i++) {
      if (text.charCodeAt(i) === C.LF) {
        line++;
        lineStart = i + 1;
      }
    }
    return { file: this.file, line, column: at - lineStart + 1 };
  }

  unexpected(expected: string, at: number = this.pos): never {
    if (at >= this.text.length) this.fail(`Unexpected end of input (expected ${expected})`, at);
    this.fail(
      `Unexpected character ${showChar(this.text.charCodeAt(at))} (expected ${expected})${nonJsonNumberHint(this.text, at)}`,
      at,
    );
  }

  skipWs(): number {
    const text = this.text;
    let p = this.pos;
    let c = text.charCodeAt(p);
    while (c === C.SPACE || c === C.LF || c === C.CR || c === C.TAB) c = text.charCodeAt(++p);
    this.pos = p;
    return c; // NaN at end of input
  }

  parse(): unknown {
    const text = this.text;
    if (text.charCodeAt(0) === 0xfeff)
      this.fail('Unexpected byte order mark U+FEFF (JSON text must not start with one)', 0);
    const stack: Frame[] = (this.stack = []);
    let value: unknown;
    for (;;) {
      // ---- parse one value, or open a container ----
      let c = this.skipWs();
      if (c === C.LBRACE) {
        if (stack.length >= this.maxDepth) this.tooDeep(stack);
        this.pos++;
        c = this.skipWs();
        if (c === C.RBRACE) {
          this.pos++;
          value = {};
        } else {
          const frame = new Frame(undefined, {});
          this.readKey(frame, "a string key or '}'");
          stack.push(frame);
          continue;
        }
      } else if (c === C.LBRACKET) {
        if (stack.length >= this.maxDepth) this.tooDeep(stack);
        this.pos++;
        if (this.skipWs() === C.RBRACKET) {
          this.pos++;
          value = [];
        } else {
          stack.push(new Frame([], undefined));
          continue;
        }
      } else if (c === C.QUOTE) {
        value = this.parseString();
      } else if (this.allowNan && this.nonFinite(c)) {
        value = this.parseNonFinite();
      } else if ((c >= C.ZERO && c <= C.NINE) || c === C.MINUS) {
        value = this.parseNumber();
      } else if (c === 0x74 /* t */ && text.startsWith('true', this.pos)) {
        this.pos += 4;
        value = true;
      } else if (c === 0x66 /* f */ && text.startsWith('false', this.pos)) {
        this.pos += 5;
        value = false;
      } else if (c === 0x6e /* n */ && text.startsWith('null', this.pos)) {
        this.pos += 4;
        value = null;
      } else {
        this.unexpected('a value');
      }

      // ---- a value is complete: hand it to the enclosing containers ----
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          this.skipWs();
          if (this.pos < text.length) this.unexpected('end of input');
          return value;
        }
        const arr = top.arr;
        if (arr !== undefined) {
          arr.push(value);
          c = this.skipWs();
          if (c === C.COMMA) {
            this.pos++;
            break;
          }
          if (c !== C.RBRACKET) this.unexpected("',' or ']'");
          this.pos++;
          stack.pop();
          value = arr;
          continue;
        }
        const obj = top.obj as Record<string, unknown>;
        const key = top.key;
        if (key === '__proto__') {
          Object.defineProperty(obj, key, {
            value,
            writable: true,
            enumerable: true,
            configurable: true,
          });
        } else {
          obj[key] = value;
        }
        c = this.skipWs();
        if (c === C.COMMA) {
          this.pos++;
          this.skipWs();
          this.readKey(top, 'a string key');
          break;
        }
        if (c !== C.RBRACE) this.unexpected("',' or '}'");
        this.pos++;
        stack.pop();
        value = top.keys === undefined ? obj : this.finishOrder(obj, top.keys);
      }
    }
  }

  /** Read `"key" :` into the frame (pos at the opening quote, after whitespace). */
  private readKey(frame: Frame, expected: string): void {
    if (this.text.charCodeAt(this.pos) !== C.QUOTE) this.unexpected(expected);
    const keyAt = this.pos;
    const key = this.parseKey();
    if (this.uniqueKeys && Object.prototype.hasOwnProperty.call(frame.obj, key)) {
      const outer =
        this.stack[this.stack.length - 1] === frame ? this.stack.slice(0, -1) : this.stack;
      const path: PropertyKey[] = [
        ...outer.map((f) => (f.arr !== undefined ? f.arr.length : f.key)),
        key,
      ];
      throw new JsonDuplicateKeyError(key, this.locate(keyAt), path);
    }
    if (this.preserve) {
      if (frame.keys !== undefined) frame.keys.push(key);
      else {
        const k0 = key.charCodeAt(0);
        if (k0 <= C.NINE && k0 >= C.ZERO) {
          // Up to here JS order was insertion order (no integer-like key yet).
          frame.keys = Object.keys(frame.obj as object);
          frame.keys.push(key);
        }
      }
    }
    frame.key = key;
    if (this.skipWs() !== C.COLON) this.unexpected("':'");
    this.pos++;
  }

  private finishOrder(
    obj: Record<string, unknown>,
    all: readonly string[],
  ): Record<string, unknown> {
    // Duplicate keys keep their first position (like a Python dict); drop repeats.
    const seen = new Set<string>();
    const keys: string[] = [];
    for (const k of all) {
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
    }
    if (!sameOrder(keys, Object.keys(obj))) withKeyOrder(obj, keys);
    return obj;
  }

  /** An object key: like parseString, but reuses a cached string for repeated plain keys. */
  private parseKey(): string {
    const text = this.text;
    const start = this.pos + 1;
    let p = start;
    let h = 0;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === C.QUOTE) break;
      if (c === C.BACKSLASH || !(c >= 0x20)) return this.parseString();
      h = (h * 31 + c) | 0;
      p++;
    }
    const slot = (h ^ (h >>> 8) ^ (p - start)) & 255;
    const cached = this.keyCache[slot];
    this.pos = p + 1;
    if (cached !== undefined && cached.length === p - start && text.startsWith(cached, start))
      return cached;
    const key = text.slice(start, p);
    this.keyCache[slot] = key;
    return key;
  }

  private parseString(): string {
    const text = this.text;
    const start = this.pos + 1;
    let p = start;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === C.QUOTE) {
        this.pos = p + 1;
        return text.slice(start, p);
      }
      if (c === C.BACKSLASH) break;
      if (!(c >= 0x20)) this.badStringChar(p);
      p++;
    }
    // Slow path: escapes.
    let out = text.slice(start, p);
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === C.QUOTE) {
        this.pos = p + 1;
        return out;
      }
      if (c === C.BACKSLASH) {
        const e = text.charCodeAt(p + 1);
        switch (e) {
          case C.QUOTE:
            out += '"';
            break;
          case C.BACKSLASH:
            out += '\\';
            break;
          case 0x2f:
            out += '/';
            break;
          case 0x62:
            out += '\b';
            break;
          case 0x66:
            out += '\f';
            break;
          case 0x6e:
            out += '\n';
            break;
          case 0x72:
            out += '\r';
            break;
          case 0x74:
            out += '\t';
            break;
          case 0x75: {
            let code = 0;
            for (let k = 2; k < 6; k++) {
              const h = text.charCodeAt(p + k);
              let d: number;
              if (h >= 0x30 && h <= 0x39) d = h - 0x30;
              else if (h >= 0x61 && h <= 0x66) d = h - 0x57;
              else if (h >= 0x41 && h <= 0x46) d = h - 0x37;
              else this.unexpected('a hex digit in a \\u escape', p + k);
              code = code * 16 + d;
            }
            out += String.fromCharCode(code);
            p += 6;
            continue;
          }
          default:
            if (p + 1 >= text.length) this.fail('Unterminated string', start - 1);
            this.fail(`Invalid escape '\\${String.fromCharCode(e)}' in string`, p);
        }
        p += 2;
        continue;
      }
      if (!(c >= 0x20)) this.badStringChar(p);
      const runStart = p;
      p++;
      for (;;) {
        const d = text.charCodeAt(p);
        if (d === C.QUOTE || d === C.BACKSLASH || !(d >= 0x20)) break;
        p++;
      }
      out += text.slice(runStart, p);
    }
  }

  private badStringChar(p: number): never {
    if (p >= this.text.length) this.fail('Unterminated string', this.pos);
    this.fail(`Unescaped control character ${showChar(this.text.charCodeAt(p))} in string`, p);
  }

  /** Whether a `NaN`, `Infinity` or `-Infinity` literal starts at `this.pos` (its first char `c`). */
  private nonFinite(c: number): boolean {
    const text = this.text;
    const p = this.pos;
    return c === 0x4e /* N */
      ? text.startsWith('NaN', p)
      : c === 0x49 /* I */
        ? text.startsWith('Infinity', p)
        : c === C.MINUS && text.startsWith('-Infinity', p);
  }

  /** The literal `nonFinite` found, as its number (Python's `json` reads it as a float). */
  private parseNonFinite(): number {
    const c = this.text.charCodeAt(this.pos);
    if (c === 0x4e) {
      this.pos += 3;
      return Number.NaN;
    }
    const negative = c === C.MINUS;
    this.pos += negative ? 9 : 8;
    return negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }

  private parseNumber(): unknown {
    const text = this.text;
    const start = this.pos;
    let p = start;
    let c = text.charCodeAt(p);
    const neg = c === C.MINUS;
    if (neg) c = text.charCodeAt(++p);
    // Mantissa digits accumulate exactly in `m` while it stays below 2^53.
    let m = 0;
    let exact = true;
    if (c === C.ZERO) {
      c = text.charCodeAt(++p);
      if (c >= C.ZERO && c <= C.NINE) this.fail('Leading zeros are not allowed in numbers', p);
    } else if (c >= C.ZERO + 1 && c <= C.NINE) {
      do {
        if (m <= MANTISSA_LIMIT) m = m * 10 + (c - C.ZERO);
        else exact = false;
        c = text.charCodeAt(++p);
      } while (c >= C.ZERO && c <= C.NINE);
    } else {
      this.unexpected('a digit', p);
    }
    let isFloat = false;
    let e10 = 0;
    if (c === C.DOT) {
      isFloat = true;
      c = text.charCodeAt(++p);
      if (!(c >= C.ZERO && c <= C.NINE)) this.unexpected('a digit after the decimal point', p);
      do {
        if (m <= MANTISSA_LIMIT) {
          m = m * 10 + (c - C.ZERO);
          e10--;
        } else exact = false;
        c = text.charCodeAt(++p);
      } while (c >= C.ZERO && c <= C.NINE);
    }
    if (c === C.LOWER_E || c === C.UPPER_E) {
      isFloat = true;
      c = text.charCodeAt(++p);
      let expNeg = false;
      if (c === C.PLUS || c === C.MINUS) {
        expNeg = c === C.MINUS;
        c = text.charCodeAt(++p);
      }
      if (!(c >= C.ZERO && c <= C.NINE)) this.unexpected('a digit in the exponent', p);
      let x = 0;
      do {
        if (x < 100_000) x = x * 10 + (c - C.ZERO);
        c = text.charCodeAt(++p);
      } while (c >= C.ZERO && c <= C.NINE);
      e10 += expNeg ? -x : x;
    }
    this.pos = p;
    if (isFloat) {
      let x: number;
      // Clinger's fast path: an exact mantissa times/over an exact power of ten rounds once,
      // i.e. correctly. Anything else goes through Number(), which is correctly rounded too.
      if (exact && e10 >= -22 && e10 <= 22) {
        x = e10 < 0 ? m / (POW10[-e10] as number) : m * (POW10[e10] as number);
        if (neg) x = -x;
      } else {
        x = Number(text.slice(start, p));
      }
      if (this.preserve && Number.isInteger(x) && !Object.is(x, -0)) return new PyFloat(x);
      return x;
    }
    if (exact) return neg ? (m === 0 && this.preserve ? 0 : -m) : m; // int `-0` is 0
    const x = Number(text.slice(start, p));
    if (!this.bigInts || Number.isSafeInteger(x)) return x;
    return BigInt(text.slice(start, p));
  }
}

/**
 * Parse JSON text (RFC 8259, strict: no comments, trailing commas, `NaN`/`Infinity` literals,
 * single quotes, leading zeros or unescaped control characters in strings). With
 * `preserveNumberKinds` (default) a number token with `.`/`e`/`E` is a float (`PyFloat` if
 * integral and finite, else a plain number, `-0.0` → `-0`), any other token an int (a plain
 * number if safe, else a `bigint`; `-0` → `0`), and objects whose key order JS would change
 * get `KEY_ORDER`. Duplicate keys: the last value wins at the first key's position (or, with
 * `uniqueKeys`, a `JsonDuplicateKeyError`). `bigInts` keeps big integers exact without the rest
 * of `preserveNumberKinds`.
 * Throws `JsonSyntaxError` (`ERR_JSON`) with file, line and column, also for a document nested
 * deeper than `maxDepth`.
 */
export function parsePyJson(text: string, opts: ParsePyJsonOptions = {}): unknown {
  const preserve = opts.preserveNumberKinds ?? true;
  return new Parser(
    text,
    opts.file,
    preserve,
    opts.maxDepth ?? MAX_JSON_DEPTH,
    opts.uniqueKeys === true,
    preserve || opts.bigInts === true,
    opts.allowNan === true,
  ).parse();
}

// ---------------------------------------------------------------------------------------

/** Options of `stringifyPyJson`. */
/**
 * `JSON.stringify(value)` (compact, JS number formatting), except that a `bigint` is written as its
 * digits instead of throwing: the writer for default-mode values, where integers beyond 2^53 are
 * kept exact. Each bigint goes through a placeholder string with a per-call random tag, replaced
 * by its digits afterwards, so no string in `value` can be mistaken for one.
 */
export function stringifyJsonExact(value: unknown): string {
  let tag: string | undefined;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    tag ??= `\u0000bigint${Math.random().toString(36).slice(2)}:`;
    return `${tag}${v.toString()}`;
  });
  if (tag === undefined) return text;
  // The tag's NUL is written as the escape \u0000 by JSON.stringify.
  const written = JSON.stringify(tag).slice(1, -1);
  return text
    .split(`"${written}`)
    .map((part, i) => (i === 0 ? part : part.replace(/^(-?\d+)"/, '$1')))
    .join('');
}

export interface StringifyPyJsonOptions {
  /** Spaces per indentation level, as `JSON.stringify`'s `space`; 0 or absent = compact. */
  readonly indent?: number | undefined;
  /**
   * How NaN and ±Infinity are written: as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`
   * (README §2) or as `null` (like `JSON.stringify`).
   * @default 'string'
   */
  readonly nonFinite?: 'string' | 'null' | undefined;
}

function writeFloat(x: number, nonFinite: 'string' | 'null'): string {
  if (Number.isFinite(x)) return formatPyFloat(x);
  if (nonFinite === 'null') return 'null';
  return x !== x ? '"NaN"' : x > 0 ? '"Infinity"' : '"-Infinity"';
}

/**
 * `JSON.stringify` with Python's number text: a `PyFloat` as `repr(float)` (`1.0`, `1e+16`),
 * a plain integral number as int digits (`3`, never `1e+21`), a non-integral one as
 * `repr(float)` (`1e-07`), `-0` as `-0.0`, a `bigint` as its digits, objects in `orderedKeys`
 * order, non-finite floats per `nonFinite`. Otherwise as `JSON.stringify`: `toJSON` honoured,
 * `undefined`/functions/symbols omitted from objects and `null` in arrays, strings escaped the
 * same way, circular structures rejected with a `TypeError`.
 */
export function stringifyPyJson(value: unknown, opts: StringifyPyJsonOptions = {}): string {
  const indentUnit = ' '.repeat(Math.max(0, Math.min(10, Math.floor(opts.indent ?? 0))));
  const colon = indentUnit ? ': ' : ':';
  const nonFinite = opts.nonFinite ?? 'string';
  const stack: object[] = [];
  // One flat buffer of pieces, joined once: far less garbage than nested concatenation.
  const buf: string[] = [];

  /** Append `v` to `buf`; false (and nothing appended) if `v` is not serialisable (undefined, …). */
  const write = (key: string | number, v: unknown, indent: string): boolean => {
    switch (typeof v) {
      case 'string':
        buf.push(quoteJson(v));
        return true;
      case 'number':
        buf.push(
          Number.isInteger(v) && !Object.is(v, -0) ? formatPyInt(v) : writeFloat(v, nonFinite),
        );
        return true;
      case 'boolean':
        buf.push(v ? 'true' : 'false');
        return true;
      case 'bigint':
        buf.push(v.toString());
        return true;
      case 'undefined':
      case 'function':
      case 'symbol':
        return false;
      default:
        break;
    }
    if (v === null) {
      buf.push('null');
      return true;
    }
    if (v instanceof PyFloat) {
      buf.push(writeFloat(v.value, nonFinite));
      return true;
    }
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') {
      // Re-dispatch on what toJSON returned (a string, a number, another object, …).
      const replaced: unknown = (toJSON as (k: string) => unknown).call(v, String(key));
      if (replaced !== v) return write(key, unbox(replaced), indent);
    }
    v = unbox(v);
    if (typeof v !== 'object' || v === null || v instanceof PyFloat) return write(key, v, indent);
    const obj = v;
    if (stack.includes(obj)) throw new TypeError('Converting circular structure to JSON');
    stack.push(obj);
    const inner = indent + indentUnit;
    const open = indentUnit ? `\n${inner}` : '';
    const sep = indentUnit ? `,\n${inner}` : ',';
    const close = indentUnit ? `\n${indent}` : '';
    if (Array.isArray(obj)) {
      if (obj.length === 0) buf.push('[]');
      else {
        buf.push(`[${open}`);
        for (let i = 0; i < obj.length; i++) {
          if (i > 0) buf.push(sep);
          if (!write(i, obj[i], inner)) buf.push('null');
        }
        buf.push(`${close}]`);
      }
    } else {
      const rec = obj as Record<string, unknown>;
      let first = true;
      buf.push('{');
      for (const k of orderedKeys(obj)) {
        const mark = buf.length;
        buf.push(`${first ? open : sep}${quoteJson(k)}${colon}`);
        if (write(k, rec[k], inner)) first = false;
        else buf.length = mark;
      }
      buf.push(first ? '}' : `${close}}`);
    }
    stack.pop();
    return true;
  };

  if (!write('', value, ''))
    throw new TypeError(`stringifyPyJson: cannot serialise a top-level ${typeof value}`);
  return buf.join('');
}

/** Unwrap `Number`/`String`/`Boolean` objects, as JSON.stringify does. */
function unbox(v: unknown): unknown {
  return v instanceof Number || v instanceof String || v instanceof Boolean ? v.valueOf() : v;
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON string literal, escaped exactly as `JSON.stringify` does. */
function quoteJson(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

// ---------------------------------------------------------------------------------------

/** A JSON Pointer that does not lead to a non-finite placeholder string. */
export class JsonPointerError extends EnvTraceError {
  readonly pointer: string;
  constructor(pointer: string, reason: string) {
    super('ERR_JSON_POINTER', `JSON pointer ${JSON.stringify(pointer)}: ${reason}`);
    this.name = 'JsonPointerError';
    this.pointer = pointer;
  }
}
brandClass(JsonPointerError, 'JsonPointerError');

const NON_FINITE: Readonly<Record<string, number>> = {
  NaN: NaN,
  Infinity: Infinity,
  '-Infinity': -Infinity,
};

function decodeToken(token: string): string {
  return token.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));
}

/**
 * Replace the strings `"NaN"`, `"Infinity"`, `"-Infinity"` found at the given RFC 6901 JSON
 * Pointers by the numbers they stand for (README §2: `nonfinite_paths`). Mutates `doc` in
 * place and returns it (or the replacement, for the pointer `""`). Throws `JsonPointerError`
 * if a pointer does not resolve to one of those strings.
 */
export function decodeNonFinite(doc: unknown, pointers: readonly string[]): unknown {
  let root = doc;
  for (const pointer of pointers) {
    if (pointer === '') {
      if (typeof root !== 'string' || !(root in NON_FINITE)) {
        throw new JsonPointerError(pointer, 'the document is not "NaN", "Infinity" or "-Infinity"');
      }
      root = NON_FINITE[root];
      continue;
    }
    if (!pointer.startsWith('/'))
      throw new JsonPointerError(pointer, "a pointer must be empty or start with '/'");
    const tokens = pointer.slice(1).split('/').map(decodeToken);
    let parent: unknown = root;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as string;
      let current: unknown;
      let setter: ((v: number) => void) | undefined;
      if (Array.isArray(parent)) {
        if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= parent.length) {
          throw new JsonPointerError(pointer, `no array element ${JSON.stringify(token)}`);
        }
        const arr: unknown[] = parent;
        const idx = Number(token);
        current = arr[idx];
        setter = (v) => {
          arr[idx] = v;
        };
      } else if (typeof parent === 'object' && parent !== null && !(parent instanceof PyFloat)) {
        if (!Object.prototype.hasOwnProperty.call(parent, token)) {
          throw new JsonPointerError(pointer, `no member ${JSON.stringify(token)}`);
        }
        const rec = parent as Record<string, unknown>;
        current = rec[token];
        setter = (v) => {
          rec[token] = v;
        };
      } else {
        throw new JsonPointerError(
          pointer,
          `cannot step into a ${parent === null ? 'null' : typeof parent} with ${JSON.stringify(token)}`,
        );
      }
      if (i === tokens.length - 1) {
        if (typeof current !== 'string' || !(current in NON_FINITE)) {
          throw new JsonPointerError(
            pointer,
            'the value there is not "NaN", "Infinity" or "-Infinity"',
          );
        }
        setter(NON_FINITE[current] as number);
      }
      parent = current;
    }
  }
  return root;
}
