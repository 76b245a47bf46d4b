import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { digitsApart, pyBool, pyFixed, renderValue, scoreFixed } from './format.js';

describe('pyFixed (Python f"{x:.3f}")', () => {
  // Expected strings computed with CPython 3.11: format(x, '.3f') / format(x, '.0f').
  it.each([
    [0.9911802093500724, 3, '0.991'],
    [0.9996297667530544, 3, '1.000'],
    [0.0625, 3, '0.062'], // exact tie: Python rounds half to even, JS toFixed gives 0.063
    [0.1875, 3, '0.188'],
    [0.0005, 3, '0.001'],
    [2.675, 3, '2.675'],
    [1.0005, 3, '1.000'],
    [-0, 3, '-0.000'],
    [-0.0001, 3, '-0.000'],
    [2.5, 0, '2'],
    [1.5, 0, '2'],
    [0.5, 0, '0'],
    [-2.5, 0, '-2'],
    [1e21, 3, '1000000000000000000000.000'],
    [1.23456789e22, 3, '12345678899999999524864.000'],
    [NaN, 3, 'nan'],
    [Infinity, 3, 'inf'],
    [-Infinity, 3, '-inf'],
  ])('pyFixed(%s, %i) = %s', (x, digits, expected) => {
    expect(pyFixed(x, digits)).toBe(expected);
  });
});

describe('pyBool', () => {
  it('prints Python bool/None names', () => {
    expect(pyBool(true)).toBe('True');
    expect(pyBool(false)).toBe('False');
    expect(pyBool(null)).toBe('None');
    expect(pyBool(undefined)).toBe('None');
  });
});

describe('renderValue (default-mode value text)', () => {
  it('quotes strings so "1" and 1 differ', () => {
    expect(renderValue('1')).toBe('"1"');
    expect(renderValue(1)).toBe('1');
    expect(renderValue('open')).toBe('"open"');
  });

  it('renders scalars', () => {
    expect(renderValue(true)).toBe('true');
    expect(renderValue(null)).toBe('null');
    expect(renderValue(undefined)).toBe('undefined');
    expect(renderValue(-0)).toBe('-0');
    expect(renderValue(NaN)).toBe('NaN');
    expect(renderValue(-Infinity)).toBe('-Infinity');
    expect(renderValue(12345678901234567890n)).toBe('12345678901234567890');
    expect(renderValue(new PyFloat(1))).toBe('1.0');
  });

  it('renders containers compactly, Maps as objects, cycles as [Circular]', () => {
    expect(renderValue([1, 'a', [true]])).toBe('[1, "a", [true]]');
    expect(renderValue({ x: 1, 'y z': [null] })).toBe('{"x": 1, "y z": [null]}');
    expect(
      renderValue(
        new Map<string, unknown>([
          ['10', 1],
          ['2', 2],
        ]),
      ),
    ).toBe('{"10": 1, "2": 2}');
    const cyc: unknown[] = [1];
    cyc.push(cyc);
    expect(renderValue(cyc)).toBe('[1, [Circular]]');
  });

  it('keeps control characters escaped through JSON quoting', () => {
    expect(renderValue('a\nb')).toBe('"a\\nb"');
  });

  it('stops near the limit with an ellipsis', () => {
    const big = Array.from({ length: 10_000 }, (_, i) => i);
    const out = renderValue(big, 50);
    expect(out.length).toBe(51);
    expect(out.endsWith('…')).toBe(true);
    expect(out.startsWith('[0, 1, 2, 3')).toBe(true);
  });
});

describe('scoreFixed and digitsApart (a score never prints as the bound it misses)', () => {
  it('keeps 3 decimals unless they round the score onto 1 or 0', () => {
    expect(scoreFixed(0.911)).toBe('0.911');
    expect(scoreFixed(1)).toBe('1.000');
    expect(scoreFixed(0)).toBe('0.000');
    expect(scoreFixed(0.99999)).toBe('0.99999');
    expect(scoreFixed(0.9999996)).toBe('0.9999996');
    expect(scoreFixed(0.0004)).toBe('0.0004');
    expect(scoreFixed(Number.NaN)).toBe('nan');
  });

  it('digitsApart: the fewest decimals from the minimum at which two numbers print apart', () => {
    expect(digitsApart(0.99999, 1, 4)).toBe(5);
    expect(digitsApart(0.5, 1, 4)).toBe(4);
    expect(digitsApart(1, 1, 4)).toBe(4);
    expect(digitsApart(1 - 2 ** -52, 1)).toBe(16);
  });
});
