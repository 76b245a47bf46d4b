import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnvTraceError } from '../errors.js';
import {
  decodeNonFinite,
  JsonPointerError,
  JsonSyntaxError,
  MAX_JSON_DEPTH,
  parsePyJson,
  stringifyJsonExact,
  stringifyPyJson,
} from './json.js';
import { KEY_ORDER, orderedKeys, PyFloat, withKeyOrder } from './value.js';

/** Plain-JS view of a parsed value, for comparison with JSON.parse (PyFloat/bigint → number, -0 → 0). */
function plain(v: unknown): unknown {
  if (v instanceof PyFloat) return v.value;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number') return v === 0 ? 0 : v;
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = plain(x);
    return out;
  }
  return v;
}

function syntaxError(text: string, file?: string): JsonSyntaxError {
  try {
    parsePyJson(text, { file });
  } catch (e) {
    if (e instanceof JsonSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parsePyJson: number kinds', () => {
  it('float tokens', () => {
    expect(parsePyJson('1.0')).toEqual(new PyFloat(1));
    expect(parsePyJson('1.0')).toBeInstanceOf(PyFloat);
    expect(parsePyJson('1e16')).toEqual(new PyFloat(1e16));
    expect(parsePyJson('1E+2')).toEqual(new PyFloat(100));
    expect(parsePyJson('-3.0')).toEqual(new PyFloat(-3));
    expect(parsePyJson('0.5')).toBe(0.5);
    expect(parsePyJson('1e-07')).toBe(1e-7);
    expect(Object.is(parsePyJson('-0.0'), -0)).toBe(true);
    expect(Object.is(parsePyJson('0.0'), 0)).toBe(false);
    expect(parsePyJson('0.0')).toEqual(new PyFloat(0));
    expect(parsePyJson('1e400')).toBe(Infinity);
    expect(parsePyJson('-1e400')).toBe(-Infinity);
    expect(parsePyJson('5e-324')).toBe(5e-324);
  });

  it('integer tokens', () => {
    expect(parsePyJson('1')).toBe(1);
    expect(parsePyJson('-42')).toBe(-42);
    expect(Object.is(parsePyJson('-0'), 0)).toBe(true);
    expect(parsePyJson('123456789012345')).toBe(123456789012345);
    expect(parsePyJson('9007199254740991')).toBe(9007199254740991);
    expect(parsePyJson('-9007199254740991')).toBe(-9007199254740991);
    expect(parsePyJson('9007199254740992')).toBe(9007199254740992n);
    expect(parsePyJson('9007199254740993')).toBe(9007199254740993n);
    expect(parsePyJson('12345678901234567890')).toBe(12345678901234567890n);
    expect(parsePyJson('-12345678901234567890')).toBe(-12345678901234567890n);
  });

  it('property: any decimal number token parses to the correctly rounded double (as Number())', () => {
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const token = fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.constant('0'),
          fc.tuple(fc.constantFrom(...'123456789'), digits(0, 25)).map(([a, b]) => a + b),
        ),
        fc.option(digits(1, 25)),
        fc.option(
          fc.tuple(
            fc.constantFrom('e', 'E'),
            fc.constantFrom('', '+', '-'),
            fc.integer({ min: 0, max: 400 }),
          ),
        ),
      )
      .map(
        ([neg, int, frac, exp]) =>
          `${neg ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}${exp === null ? '' : `${exp[0]}${exp[1]}${exp[2]}`}`,
      );
    fc.assert(
      fc.property(token, (t) => {
        const want = Number(t);
        const got = parsePyJson(t);
        const isFloat = /[.eE]/.test(t);
        const plainGot =
          got instanceof PyFloat ? got.value : typeof got === 'bigint' ? Number(got) : got;
        expect(Object.is(plainGot, isFloat || want !== 0 ? want : 0)).toBe(true);
        if (isFloat) expect(typeof got === 'number' || got instanceof PyFloat).toBe(true);
        else expect(typeof got === 'bigint' || Number.isSafeInteger(got)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('preserveNumberKinds: false behaves like JSON.parse', () => {
    const text = '{"a": 1.0, "b": 12345678901234567890, "2": -0, "c": [1e16, -0.0]}';
    const got = parsePyJson(text, { preserveNumberKinds: false }) as Record<string, unknown>;
    expect(got).toEqual(JSON.parse(text));
    expect(KEY_ORDER in got).toBe(false);
    expect(Object.is((got.c as number[])[1], -0)).toBe(true);
  });

  it('property: same plain values as JSON.parse on any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, 2), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        expect(parsePyJson(text, { preserveNumberKinds: false })).toEqual(JSON.parse(text));
        expect(plain(parsePyJson(text))).toEqual(plain(JSON.parse(text)));
      }),
    );
  });
});

describe('parsePyJson: objects', () => {
  it('keeps source key order when JS would reorder (README §2)', () => {
    const v = parsePyJson('{"b": 1, "10": 2, "2": 3}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['2', '10', 'b']);
    expect(orderedKeys(v)).toEqual(['b', '10', '2']);
    expect(Object.getOwnPropertyDescriptor(v, KEY_ORDER)?.enumerable).toBe(false);
    expect(v).toEqual({ b: 1, 10: 2, 2: 3 });
    expect(JSON.stringify(v)).toBe('{"2":3,"10":2,"b":1}');
  });

  it('does not attach KEY_ORDER when the order is the same', () => {
    expect(KEY_ORDER in (parsePyJson('{"a": 1, "b": 2}') as object)).toBe(false);
    expect(KEY_ORDER in (parsePyJson('{"1": 1, "2": 2, "x": 0}') as object)).toBe(false);
    // "01" and "1.5" are not array indices: JS keeps them in insertion order
    expect(KEY_ORDER in (parsePyJson('{"b": 1, "01": 2, "1.5": 3}') as object)).toBe(false);
  });

  it('duplicate keys: last value wins at the first position (like a Python dict)', () => {
    const a = parsePyJson('{"a": 1, "b": 2, "a": 3}') as Record<string, unknown>;
    expect(orderedKeys(a)).toEqual(['a', 'b']);
    expect(a.a).toBe(3);
    const b = parsePyJson('{"b": 1, "2": 2, "b": 3}') as Record<string, unknown>;
    expect(orderedKeys(b)).toEqual(['b', '2']);
    expect(b.b).toBe(3);
  });

  it('"__proto__" is an ordinary own key', () => {
    const v = parsePyJson('{"__proto__": {"x": 1}, "y": 2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'y']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('nested containers and whitespace', () => {
    const text = ' \t\r\n{ "k" : [ 1 , 2.5 , { } , [ ] , "s" , true , false , null ] } \n';
    expect(parsePyJson(text)).toEqual({ k: [1, 2.5, {}, [], 's', true, false, null] });
  });

  it('deep nesting does not overflow the stack (the parser does not recurse; the limit is lifted here)', () => {
    const depth = 100_000;
    const v = parsePyJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`, { maxDepth: Infinity });
    let d = 0;
    let cur: unknown = v;
    while (Array.isArray(cur)) {
      cur = cur[0];
      d++;
    }
    expect(d).toBe(depth);
    expect(cur).toBe(1);
  });
});

describe('parsePyJson: strings', () => {
  it('escapes', () => {
    expect(parsePyJson(String.raw`"a\"b\\c\/d\b\f\n\r\t"`)).toBe('a"b\\c/d\b\f\n\r\t');
    expect(parsePyJson(String.raw`"\u00e9\u4E2D\ud83d\ude00"`)).toBe('é中😀');
    expect(parsePyJson(String.raw`"x\ud800y"`)).toBe('x\ud800y');
    expect(parsePyJson('"é中😀"')).toBe('é中😀');
    expect(parsePyJson(String.raw`"pre\nmid\tpost"`)).toBe('pre\nmid\tpost');
  });

  it('property: any string round-trips through JSON.stringify', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(parsePyJson(JSON.stringify(s))).toBe(s);
      }),
    );
  });
});

describe('parsePyJson: allowNan', () => {
  it("reads NaN, Infinity and -Infinity as Python's json.loads does, nothing like them", () => {
    const v = parsePyJson('{"v": [NaN, Infinity, -Infinity, -1, 1.0]}', { allowNan: true });
    expect(v).toEqual({
      v: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, new PyFloat(1)],
    });
    for (const [text, message] of [
      ['[nan]', "<json>:1:2: Unexpected character 'n' (expected a value)"],
      ['[-Inf]', "<json>:1:3: Unexpected character 'I' (expected a digit)"],
      ['[NaNa]', "<json>:1:5: Unexpected character 'a' (expected ',' or ']')"],
    ] as const)
      expect(() => parsePyJson(text, { allowNan: true, file: '<json>' })).toThrow(message);
  });
});

describe('parsePyJson: errors', () => {
  it('reports file, line and column', () => {
    const e = syntaxError('{\n  "a": 1,\n  "b": [1, 2,]\n}', 'data/pred.json');
    expect(e).toBeInstanceOf(EnvTraceError);
    expect(e.code).toBe('ERR_JSON');
    expect(e.file).toBe('data/pred.json');
    expect(e.line).toBe(3);
    expect(e.column).toBe(14);
    expect(e.message).toBe("data/pred.json:3:14: Unexpected character ']' (expected a value)");
  });

  // Python's json.dump writes these for non-finite floats unless allow_nan=False: the message says so.
  const nonJson = (literal: string): string =>
    `: ${literal} is not JSON: Python's json.dump writes it unless given allow_nan=False`;
  const BAD: readonly [string, string][] = [
    ['', '<json>:1:1: Unexpected end of input (expected a value)'],
    ['   ', '<json>:1:4: Unexpected end of input (expected a value)'],
    ['{"a": 1,}', "<json>:1:9: Unexpected character '}' (expected a string key)"],
    ['[1, 2', "<json>:1:6: Unexpected end of input (expected ',' or ']')"],
    ['{"a" 1}', "<json>:1:6: Unexpected character '1' (expected ':')"],
    ['{"a": 1 "b": 2}', "<json>:1:9: Unexpected character '\"' (expected ',' or '}')"],
    ["{'a': 1}", "<json>:1:2: Unexpected character ''' (expected a string key or '}')"],
    ['NaN', `<json>:1:1: Unexpected character 'N' (expected a value)${nonJson('NaN')}`],
    ['Infinity', `<json>:1:1: Unexpected character 'I' (expected a value)${nonJson('Infinity')}`],
    ['-Infinity', `<json>:1:2: Unexpected character 'I' (expected a digit)${nonJson('-Infinity')}`],
    [
      '{"value": [1, NaN]}',
      `<json>:1:15: Unexpected character 'N' (expected a value)${nonJson('NaN')}`,
    ],
    ['Nope', "<json>:1:1: Unexpected character 'N' (expected a value)"],
    ['-Inf', "<json>:1:2: Unexpected character 'I' (expected a digit)"],
    ['[1] // c', "<json>:1:5: Unexpected character '/' (expected end of input)"],
    ['/* c */ 1', "<json>:1:1: Unexpected character '/' (expected a value)"],
    ['01', '<json>:1:2: Leading zeros are not allowed in numbers'],
    ['-01', '<json>:1:3: Leading zeros are not allowed in numbers'],
    ['1.', '<json>:1:3: Unexpected end of input (expected a digit after the decimal point)'],
    ['.5', "<json>:1:1: Unexpected character '.' (expected a value)"],
    ['+1', "<json>:1:1: Unexpected character '+' (expected a value)"],
    ['1e', '<json>:1:3: Unexpected end of input (expected a digit in the exponent)'],
    ['1e+', '<json>:1:4: Unexpected end of input (expected a digit in the exponent)'],
    ['1 2', "<json>:1:3: Unexpected character '2' (expected end of input)"],
    ['tru', "<json>:1:1: Unexpected character 't' (expected a value)"],
    ['"abc', '<json>:1:1: Unterminated string'],
    ['"ab\\', '<json>:1:1: Unterminated string'],
    ['"a\nb"', '<json>:1:3: Unescaped control character U+000A in string'],
    ['"a\\x41"', "<json>:1:3: Invalid escape '\\x' in string"],
    ['"\\u12G4"', "<json>:1:6: Unexpected character 'G' (expected a hex digit in a \\u escape)"],
    [
      '\ufeff{}',
      '<json>:1:1: Unexpected byte order mark U+FEFF (JSON text must not start with one)',
    ],
    ['[1]\u0000', '<json>:1:4: Unexpected character U+0000 (expected end of input)'],
    ['[1]\u202e', '<json>:1:4: Unexpected character U+202E (expected end of input)'],
    ['[1]\ud800', '<json>:1:4: Unexpected character U+D800 (expected end of input)'],
    ['[1]\u0085', '<json>:1:4: Unexpected character U+0085 (expected end of input)'],
    ['[1]é', "<json>:1:4: Unexpected character 'é' (expected end of input)"],
  ];
  it.each(BAD)('rejects %j', (text, message) => {
    expect(syntaxError(text).message).toBe(message);
  });

  it('agrees with JSON.parse on what is valid (random mutations of valid JSON)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.nat(),
        fc.constantFrom(',', ']', '}', '"', ':', '0', '-', '.', 'e', ' ', '\\', 'x'),
        (v, at, ch) => {
          const base = JSON.stringify(v);
          const pos = at % (base.length + 1);
          const text = base.slice(0, pos) + ch + base.slice(pos);
          let want = true;
          try {
            JSON.parse(text);
          } catch {
            want = false;
          }
          let got = true;
          try {
            parsePyJson(text);
          } catch (e) {
            expect(e).toBeInstanceOf(JsonSyntaxError);
            got = false;
          }
          expect(got).toBe(want);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('stringifyPyJson', () => {
  it('writes numbers by Python kind', () => {
    expect(stringifyPyJson(new PyFloat(1))).toBe('1.0');
    expect(stringifyPyJson(new PyFloat(1e16))).toBe('1e+16');
    expect(stringifyPyJson(3)).toBe('3');
    expect(stringifyPyJson(1e21)).toBe('1000000000000000000000');
    expect(stringifyPyJson(0.1)).toBe('0.1');
    expect(stringifyPyJson(1e-7)).toBe('1e-07');
    expect(stringifyPyJson(-0)).toBe('-0.0');
    expect(stringifyPyJson(12345678901234567890n)).toBe('12345678901234567890');
  });

  it('non-finite floats as strings (default) or null', () => {
    expect(stringifyPyJson([NaN, Infinity, -Infinity, new PyFloat(Infinity)])).toBe(
      '["NaN","Infinity","-Infinity","Infinity"]',
    );
    expect(stringifyPyJson([NaN, Infinity, -Infinity], { nonFinite: 'null' })).toBe(
      '[null,null,null]',
    );
  });

  it('objects in orderedKeys order; undefined, functions and symbols like JSON.stringify', () => {
    expect(stringifyPyJson(parsePyJson('{"b": 1, "10": 2.0, "2": [3]}'))).toBe(
      '{"b":1,"10":2.0,"2":[3]}',
    );
    expect(stringifyPyJson({ a: undefined, b: () => 1, c: Symbol('x'), d: 1 })).toBe('{"d":1}');
    expect(stringifyPyJson([undefined, () => 1, Symbol('x')])).toBe('[null,null,null]');
    expect(stringifyPyJson({ s: 'q"\n\u2028\ud800' })).toBe(
      JSON.stringify({ s: 'q"\n\u2028\ud800' }),
    );
  });

  it('honours toJSON and unwraps boxed primitives', () => {
    const d = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(stringifyPyJson({ d })).toBe('{"d":"2024-01-02T03:04:05.000Z"}');
    expect(stringifyPyJson({ t: { toJSON: (k: string) => `key=${k}` } })).toBe('{"t":"key=t"}');
    expect(stringifyPyJson([Object(2.5), Object('s'), Object(true)])).toBe('[2.5,"s",true]');
  });

  it('indentation matches JSON.stringify', () => {
    const v = { a: [1, 2, { b: 'x', c: [] }], d: {}, e: null };
    expect(stringifyPyJson(v, { indent: 2 })).toBe(JSON.stringify(v, null, 2));
    expect(stringifyPyJson(v, { indent: 1 })).toBe(JSON.stringify(v, null, 1));
    expect(stringifyPyJson(v)).toBe(JSON.stringify(v));
  });

  it('rejects circular structures and unserialisable roots', () => {
    const a: unknown[] = [];
    a.push(a);
    expect(() => stringifyPyJson(a)).toThrow(TypeError);
    expect(() => stringifyPyJson(undefined)).toThrow(TypeError);
    // the same object twice (not a cycle) is fine
    const shared = { x: 1 };
    expect(stringifyPyJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });

  it('keeps order of an object whose keys changed after parsing', () => {
    const v = parsePyJson('{"b": 1, "2": 2}') as Record<string, unknown>;
    v.c = 3;
    delete v.b;
    expect(stringifyPyJson(v)).toBe('{"2":2,"c":3}');
    expect(stringifyPyJson(withKeyOrder({ x: 1, 5: 2 }, ['x', '5']))).toBe('{"x":1,"5":2}');
  });

  it('property: parse ∘ stringify ∘ parse is stable (kinds and order survive)', () => {
    const pyJsonText = fc
      .jsonValue()
      .map((v) => JSON.stringify(v))
      // sprinkle integral floats and big ints, which JSON.stringify never writes
      .chain((t) =>
        fc.constantFrom(
          t,
          `[${t}, 1.0, -2.0, 1e16, 12345678901234567890, -0.0, {"9": 1, "a": 2.0}]`,
        ),
      );
    fc.assert(
      fc.property(pyJsonText, (text) => {
        const once = stringifyPyJson(parsePyJson(text));
        const twice = stringifyPyJson(parsePyJson(once));
        expect(twice).toBe(once);
        expect(plain(parsePyJson(once))).toEqual(plain(JSON.parse(text)));
      }),
    );
  });

  it('property: Python-written numbers are reproduced token for token', () => {
    const pyTokens = fc.oneof(
      fc.integer().map(String),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => {
        // Python's repr of x, written independently of formatPyFloat: JS digits, Python layout.
        if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
        const [m, e] = x.toExponential().split('e') as [string, string];
        const exp = Number(e);
        const digits = m.replace('-', '').replace('.', '');
        const sign = x < 0 ? '-' : '';
        if (exp < -4 || exp >= 16) {
          const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
          return `${sign}${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
        }
        // place the decimal point by hand (toFixed rounds the exact binary value instead)
        const p = exp + 1;
        if (p <= 0) return `${sign}0.${'0'.repeat(-p)}${digits}`;
        if (p >= digits.length) return `${sign}${digits}${'0'.repeat(p - digits.length)}.0`;
        return `${sign}${digits.slice(0, p)}.${digits.slice(p)}`;
      }),
    );
    fc.assert(
      fc.property(fc.array(pyTokens), (tokens) => {
        const text = `[${tokens.join(',')}]`;
        expect(stringifyPyJson(parsePyJson(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('decodeNonFinite', () => {
  it('replaces the strings at the pointers', () => {
    const doc = parsePyJson(
      '{"expected": {"full_score": "NaN"}, "input": {"pred": {"events": [{"value": ["Infinity", "-Infinity"]}]}}, "a/b": {"m~n": "NaN"}}',
    );
    const out = decodeNonFinite(doc, [
      '/expected/full_score',
      '/input/pred/events/0/value/0',
      '/input/pred/events/0/value/1',
      '/a~1b/m~0n',
    ]);
    expect(out).toBe(doc);
    expect(out).toEqual({
      expected: { full_score: NaN },
      input: { pred: { events: [{ value: [Infinity, -Infinity] }] } },
      'a/b': { 'm~n': NaN },
    });
  });

  it('root pointer', () => {
    expect(decodeNonFinite('-Infinity', [''])).toBe(-Infinity);
  });

  it('rejects pointers that do not lead to a placeholder', () => {
    const doc = () => ({ a: ['NaN', 'x'], b: 1.5 });
    expect(() => decodeNonFinite(doc(), ['/a/1'])).toThrow(JsonPointerError);
    expect(() => decodeNonFinite(doc(), ['/a/2'])).toThrow('no array element "2"');
    expect(() => decodeNonFinite(doc(), ['/a/01'])).toThrow('no array element "01"');
    expect(() => decodeNonFinite(doc(), ['/a/-'])).toThrow('no array element "-"');
    expect(() => decodeNonFinite(doc(), ['/c'])).toThrow('no member "c"');
    expect(() => decodeNonFinite(doc(), ['/b/0'])).toThrow('cannot step into a number');
    expect(() => decodeNonFinite(doc(), ['a'])).toThrow("must be empty or start with '/'");
    expect(() => decodeNonFinite(doc(), [''])).toThrow(JsonPointerError);
    try {
      decodeNonFinite(doc(), ['/c']);
    } catch (e) {
      expect((e as JsonPointerError).code).toBe('ERR_JSON_POINTER');
      expect((e as JsonPointerError).pointer).toBe('/c');
    }
  });
});

describe('parsePyJson nesting limit (maxDepth)', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('accepts exactly maxDepth levels and refuses one more, at the bracket, with the path', () => {
    expect(() => parsePyJson(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => parsePyJson(nested(MAX_JSON_DEPTH + 1))).toThrow(JsonSyntaxError);
    expect(() => parsePyJson('{"a": [{"b": [1]}]}', { maxDepth: 4 })).not.toThrow();
    const e = (() => {
      try {
        parsePyJson('{"a": [0, {"b": [1]}]}', { maxDepth: 3, file: 'x.json' });
      } catch (err) {
        return err as JsonSyntaxError;
      }
      throw new Error('no error');
    })();
    expect(e).toBeInstanceOf(JsonSyntaxError);
    expect(e.column).toBe(17);
    expect(e.message).toBe(
      'x.json:1:17: Nested more than 3 levels of arrays and objects deep (at a[1].b)',
    );
  });

  it('refuses 10^5 levels by default, at level 1001, without a stack overflow', () => {
    expect(() => parsePyJson(nested(100_000))).toThrow(
      /^<json>:1:1001: Nested more than 1000 levels/,
    );
  });
});

describe('stringifyJsonExact', () => {
  it('is JSON.stringify, with bigints written as their exact digits', () => {
    expect(stringifyJsonExact({ a: 1.5, b: [1e-7, 'x'] })).toBe(
      JSON.stringify({ a: 1.5, b: [1e-7, 'x'] }),
    );
    expect(stringifyJsonExact({ n: 18446744073709551617n, l: [-9007199254740993n, 2] })).toBe(
      '{"n":18446744073709551617,"l":[-9007199254740993,2]}',
    );
    expect(
      parsePyJson(stringifyJsonExact([2n ** 70n]), { preserveNumberKinds: false, bigInts: true }),
    ).toEqual([2n ** 70n]);
  });

  it('leaves strings that look like its placeholder alone', () => {
    const tricky = ['\u0000bigint:5', '\u0000bigintabc:7"'];
    expect(JSON.parse(stringifyJsonExact({ s: tricky, n: 1n }))).toEqual({ s: tricky, n: 1 });
  });
});
