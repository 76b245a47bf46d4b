import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from './json.js';
import { formatPyFloat, formatPyInt, isPyPrintable, pyRepr, pyReprStr, pyStr } from './str.js';
import { PyFloat, withKeyOrder } from './value.js';

describe('formatPyFloat (Python repr(float))', () => {
  // Expected strings printed by `python3 -c 'print(repr(v))'` (Python 3.11).
  const CASES: readonly [number, string][] = [
    [0.1, '0.1'],
    [1e-7, '1e-07'],
    [1e-5, '1e-05'],
    [1e-4, '0.0001'],
    [0.0001234, '0.0001234'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [9999999999999998.0, '9999999999999998.0'],
    [1.2345678901234568e20, '1.2345678901234568e+20'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [-0, '-0.0'],
    [0, '0.0'],
    [123456789.125, '123456789.125'],
    [1e22, '1e+22'],
    [-2.5e-5, '-2.5e-05'],
    [0.30000000000000004, '0.30000000000000004'],
    [100, '100.0'],
    [-3, '-3.0'],
    [1e-320, '1e-320'],
    [2 ** 53, '9007199254740992.0'],
    [12345678901234567.0, '1.2345678901234568e+16'],
    [0.5, '0.5'],
    [-1289557810537285.3, '-1289557810537285.2'],
    [123.456e10, '1234560000000.0'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [NaN, 'nan'],
  ];
  it.each(CASES)('%d → %s', (x, want) => {
    expect(formatPyFloat(x)).toBe(want);
  });

  it('property: parses back to the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = formatPyFloat(x);
        expect(Object.is(Number(s), x)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('property: always looks like a float (has "." or "e", or is inf/nan)', () => {
    fc.assert(
      fc.property(fc.double(), (x) => {
        expect(formatPyFloat(x)).toMatch(/[.e]|^-?inf$|^nan$/);
      }),
    );
  });

  it('property: fixed notation exactly when -4 < p <= 16', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => x !== 0),
        (x) => {
          const p = Number(x.toExponential().split('e')[1]) + 1;
          expect(formatPyFloat(x).includes('e')).toBe(!(p > -4 && p <= 16));
        },
      ),
    );
  });
});

describe('formatPyInt', () => {
  it('writes all digits', () => {
    expect(formatPyInt(3)).toBe('3');
    expect(formatPyInt(-42)).toBe('-42');
    expect(formatPyInt(1e21)).toBe('1000000000000000000000');
    expect(formatPyInt(2 ** 70)).toBe('1180591620717411303424');
    expect(formatPyInt(12345678901234567890n)).toBe('12345678901234567890');
    expect(formatPyInt(-(10n ** 30n))).toBe('-1000000000000000000000000000000');
  });
});

describe('pyStr', () => {
  it('scalars', () => {
    expect(pyStr('abc')).toBe('abc');
    expect(pyStr("it's\n")).toBe("it's\n");
    expect(pyStr(true)).toBe('True');
    expect(pyStr(false)).toBe('False');
    expect(pyStr(null)).toBe('None');
    expect(pyStr(undefined)).toBe('None');
    expect(pyStr(1)).toBe('1');
    expect(pyStr(new PyFloat(1))).toBe('1.0');
    expect(pyStr(new PyFloat(1e16))).toBe('1e+16');
    expect(pyStr(-0)).toBe('-0.0');
    expect(pyStr(1.5)).toBe('1.5');
    expect(pyStr(NaN)).toBe('nan');
    expect(pyStr(12345678901234567890n)).toBe('12345678901234567890');
  });

  it('containers (verified with python3: str([1, 2.0, ...]))', () => {
    const v = parsePyJson('[1, 2.0, "a", null, true, false, {}, [], {"k": [1.0, {"z": false}]}]');
    expect(pyStr(v)).toBe("[1, 2.0, 'a', None, True, False, {}, [], {'k': [1.0, {'z': False}]}]");
    // Python keeps insertion order, JS would put "2" and "10" first.
    expect(pyStr(parsePyJson('{"b": 1, "10": 2, "2": 3}'))).toBe("{'b': 1, '10': 2, '2': 3}");
    expect(pyStr({ b: 1, 10: 2 })).toBe("{'10': 2, 'b': 1}");
    expect(pyStr(withKeyOrder({ b: 1, 10: 2 }, ['b', '10']))).toBe("{'b': 1, '10': 2}");
    expect(pyStr([NaN])).toBe('[nan]');
    expect(pyStr([Infinity, -Infinity, -0])).toBe('[inf, -inf, -0.0]');
    expect(pyStr(Object.create(null) as object)).toBe('{}');
  });

  it('recursive containers print like Python', () => {
    const a: unknown[] = [1];
    a.push(a);
    expect(pyStr(a)).toBe('[1, [...]]');
    const o: Record<string, unknown> = { a: 1 };
    o.self = o;
    expect(pyStr(o)).toBe("{'a': 1, 'self': {...}}");
  });

  it('rejects values that are not JSON-shaped', () => {
    expect(() => pyStr(new Map())).toThrow(TypeError);
    expect(() => pyStr(() => 1)).toThrow(TypeError);
  });
});

describe('pyRepr of strings', () => {
  it('quotes and escapes (expected strings printed by python3 repr)', () => {
    const list = [
      "it's",
      'a"b',
      'x\'y"z',
      'tab\t',
      'é',
      'line\n',
      '\x00\x1f\x7f\x80\x9f\xa0\xad',
      '\\',
      '\u2028\u200b\ufeff',
      '😀',
      '\u{E0001}',
      '\u0378',
      '\u{1F6DC}',
      'a\r',
    ];
    // python3 -c "print(repr([...]))"
    const want = String.raw`["it's", 'a"b', 'x\'y"z', 'tab\t', 'é', 'line\n', '\x00\x1f\x7f\x80\x9f\xa0\xad', '\\', '\u2028\u200b\ufeff', '😀', '\U000e0001', '\u0378', '\U0001f6dc', 'a\r']`;
    expect(pyRepr(list)).toBe(want);
  });

  it('lone surrogates are escaped as \\uXXXX', () => {
    expect(pyReprStr('a\ud800b')).toBe(String.raw`'a\ud800b'`);
    expect(pyReprStr('\udc00')).toBe(String.raw`'\udc00'`);
    // a valid pair is one printable code point
    expect(pyReprStr('\ud83d\ude00')).toBe("'😀'");
  });

  it('repr of scalars and str of str differ', () => {
    expect(pyRepr('x')).toBe("'x'");
    expect(pyRepr(true)).toBe('True');
    expect(pyRepr(null)).toBe('None');
    expect(pyRepr(new PyFloat(2))).toBe('2.0');
    expect(pyRepr('')).toBe("''");
    expect(pyRepr("'")).toBe(`"'"`);
    expect(pyRepr(`'"`)).toBe(String.raw`'\'"'`);
  });

  it('isPyPrintable matches Python 3.11 (Unicode 14) on sample code points', () => {
    // python3: [chr(c).isprintable() for c in ...]
    const samples: [number, boolean][] = [
      [0x20, true],
      [0x41, true],
      [0x7e, true],
      [0x7f, false],
      [0x85, false],
      [0xa0, false],
      [0xa1, true],
      [0xad, false],
      [0xe9, true],
      [0x378, false],
      [0x2028, false],
      [0x200b, false],
      [0x3000, false],
      [0x4e2d, true],
      [0xd800, false],
      [0xe000, false],
      [0xfeff, false],
      [0x1f600, true],
      [0x1f6dc, false],
      [0xe0001, false],
      [0x10ffff, false],
    ];
    for (const [cp, want] of samples) expect([cp, isPyPrintable(cp)]).toEqual([cp, want]);
  });

  it('property: str of a printable-ASCII string without quotes is the quoted string', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abc XYZ019!#$%&()*+,-./:;<=>?@[]^_`{|}~') }),
        (s) => {
          expect(pyReprStr(s)).toBe(`'${s}'`);
        },
      ),
    );
  });
});
