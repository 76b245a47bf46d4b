import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceRaise } from '../errors.js';
import { isclose, parsePyFloatLiteral, pyBool, pyFloat } from './float.js';
import { parsePyJson } from './json.js';
import { formatPyFloat } from './str.js';
import { PyFloat } from './value.js';

function raised(fn: () => unknown): ReferenceRaise {
  try {
    fn();
  } catch (e) {
    if (e instanceof ReferenceRaise) return e;
    throw e;
  }
  throw new Error('expected a ReferenceRaise');
}

describe('pyFloat (Python float(x))', () => {
  it('numbers and bools', () => {
    expect(pyFloat(3)).toBe(3);
    expect(pyFloat(2.5)).toBe(2.5);
    expect(pyFloat(new PyFloat(4))).toBe(4);
    expect(Object.is(pyFloat(-0), -0)).toBe(true);
    expect(pyFloat(true)).toBe(1);
    expect(pyFloat(false)).toBe(0);
    expect(pyFloat(NaN)).toBeNaN();
  });

  it('bigints round to nearest like float(int) (python3 values)', () => {
    expect(pyFloat(2n ** 53n + 1n)).toBe(9007199254740992);
    expect(pyFloat(12345678901234567890n)).toBe(1.2345678901234567e19);
    expect(pyFloat(2n ** 1024n - 2n ** 970n - 1n)).toBe(1.7976931348623157e308);
    const e = raised(() => pyFloat(2n ** 1024n));
    expect(e.pyType).toBe('OverflowError');
    expect(e.message).toBe('int too large to convert to float');
  });

  // Each expectation printed by python3 -c 'print(repr(float(s)))' (3.11).
  const OK: readonly [string, number][] = [
    ['1_000', 1000],
    ['1e1_0', 1e10],
    ['.5', 0.5],
    ['5.', 5],
    ['+1.5', 1.5],
    ['-nan', NaN],
    ['+inf', Infinity],
    ['-Infinity', -Infinity],
    ['iNfInItY', Infinity],
    ['NAN', NaN],
    ['١٢', 12],
    ['١.٥', 1.5],
    ['𝟏𝟐', 12],
    [' 1 ', 1],
    ['\t\n\x0b\x0c\r1\r', 1],
    ['\u3000 7 \xa0', 7],
    ['\u2028\u20291\x85', 1],
    [' -1_0.5e-1_0 ', -1.05e-9],
    ['1.e5', 1e5],
    ['20.5', 20.5],
    ['-0', -0],
    ['1e999', Infinity],
    ['-1e-999', -0],
    ['0.1', 0.1],
    ['00012', 12],
  ];
  it.each(OK)('float(%j) = %d', (s, want) => {
    const got = pyFloat(s);
    if (Number.isNaN(want)) expect(got).toBeNaN();
    else expect(Object.is(got, want)).toBe(true);
  });

  const BAD = [
    '1__0',
    '_1',
    '1_',
    '1_.5',
    '1._5',
    '1e_5',
    '.',
    'e5',
    '1e',
    'infin',
    'nan(1)',
    '0x10',
    '1.5j',
    '1 2',
    '',
    ' ',
    'warm',
    '1\x1c',
    '\x1c1',
    '\u180e1',
    '\ufeff1',
    '1\u200b',
    '+-1',
    '--1',
    '1e+-5',
    '+ inf',
    'in f',
    '1.5.',
    '\0',
  ];
  it.each(BAD)('float(%j) raises ValueError', (s) => {
    expect(parsePyFloatLiteral(s)).toBeUndefined();
    const e = raised(() => pyFloat(s));
    expect(e.pyType).toBe('ValueError');
    expect(e.message.startsWith('could not convert string to float: ')).toBe(true);
  });

  it('ValueError message uses the repr of the string (pub-078)', () => {
    expect(raised(() => pyFloat('warm')).message).toBe("could not convert string to float: 'warm'");
    expect(raised(() => pyFloat('')).message).toBe("could not convert string to float: ''");
    expect(raised(() => pyFloat("it's\n")).message).toBe(
      String.raw`could not convert string to float: "it's\n"`,
    );
  });

  it('None, list and dict raise TypeError (pub-077)', () => {
    const none = raised(() => pyFloat(null));
    expect(none.pyType).toBe('TypeError');
    expect(none.message).toBe("float() argument must be a string or a real number, not 'NoneType'");
    expect(raised(() => pyFloat([1])).message).toBe(
      "float() argument must be a string or a real number, not 'list'",
    );
    expect(raised(() => pyFloat({ a: 1 })).message).toBe(
      "float() argument must be a string or a real number, not 'dict'",
    );
  });

  it('property: float(repr(x)) == x', () => {
    fc.assert(
      fc.property(fc.double(), (x) => {
        const got = pyFloat(formatPyFloat(x));
        if (Number.isNaN(x)) expect(got).toBeNaN();
        else expect(Object.is(got, x)).toBe(true);
      }),
    );
  });

  it('property: agrees with Number() on JSON number tokens', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = JSON.stringify(x);
        expect(Object.is(pyFloat(s), Number(s)) || (x === 0 && pyFloat(s) === 0)).toBe(true);
      }),
    );
  });
});

describe('pyBool (Python truthiness)', () => {
  it('falsy values', () => {
    for (const v of ['', 0, -0, new PyFloat(0), 0n, [], {}, null, undefined, false])
      expect(pyBool(v)).toBe(false);
  });
  it('truthy values', () => {
    for (const v of [
      '0',
      'False',
      ' ',
      1,
      -1,
      0.5,
      NaN,
      Infinity,
      1n,
      new PyFloat(2),
      [0],
      { a: 0 },
      true,
      [[]],
    ]) {
      expect(pyBool(v)).toBe(true);
    }
  });
  it('a dict parsed from JSON with reordered keys is still truthy', () => {
    expect(pyBool(parsePyJson('{"b": 1, "2": 2}'))).toBe(true);
    expect(pyBool(parsePyJson('{}'))).toBe(false);
  });
});

describe('isclose (math.isclose, README Q6)', () => {
  // python3: math.isclose(a, b, rel_tol=t, abs_tol=0)
  const CASES: readonly [number, number, number, boolean][] = [
    [1.0, 1.001, 1e-3, true],
    [1.0, 1.0011, 1e-3, false],
    [999, 1000, 1e-3, true],
    [1000, 999, 1e-3, true],
    [0.0, 1e-300, 0.5, false],
    [0.0, 0.0, 0.0, true],
    [0.0, -0.0, 0.0, true],
    [Infinity, Infinity, 0.0, true],
    [Infinity, -Infinity, 1.0, false],
    [Infinity, 1e308, 1.0, false],
    [NaN, NaN, 1.0, false],
    [0.1, 0.1005, 0.005, true],
    [0.1005, 0.1, 0.005, true],
    [1e-3, 1.0009999999999999e-3, 1e-3, true],
  ];
  it.each(CASES)('isclose(%d, %d, %d) = %s', (a, b, t, want) => {
    expect(isclose(a, b, t, 0)).toBe(want);
  });

  it('abs_tol', () => {
    expect(isclose(1, 1.5, 0, 0.5)).toBe(true);
    expect(isclose(1, 1.5, 0, 0.49)).toBe(false);
  });

  it('defaults are rel_tol=1e-9, abs_tol=0', () => {
    expect(isclose(1, 1 + 1e-10)).toBe(true);
    expect(isclose(1, 1 + 1e-8)).toBe(false);
    expect(isclose(0, 1e-300)).toBe(false);
  });

  it('negative tolerance raises ValueError even when a == b (pub-058)', () => {
    const e = raised(() => isclose(1, 1, -1e-9, 0));
    expect(e.pyType).toBe('ValueError');
    expect(e.message).toBe('tolerances must be non-negative');
    expect(raised(() => isclose(1, 1, 0, -1)).pyType).toBe('ValueError');
  });

  it('NaN tolerance is not rejected (NaN < 0 is false), as in Python', () => {
    expect(isclose(1, 1, NaN)).toBe(true);
    expect(isclose(1, 2, NaN)).toBe(false);
  });

  it('property: symmetric', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.double(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, t) => {
          expect(isclose(a, b, t)).toBe(isclose(b, a, t));
        },
      ),
    );
  });
});
