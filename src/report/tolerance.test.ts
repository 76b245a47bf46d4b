import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate.js';
import { beyondTolerance, ruleText, toleranceWords, withinToleranceText } from './tolerance.js';

describe('tolerance words', () => {
  it('names the bounds in force: either one lets a difference through', () => {
    expect(toleranceWords({ rel_tol: 0, abs_tol: 2 })).toBe('abs 2');
    expect(toleranceWords({ rel_tol: 1e-3, abs_tol: 0 })).toBe('rel 0.001');
    expect(toleranceWords({ rel_tol: 1e-3, abs_tol: 0.5 })).toBe('rel 0.001 or abs 0.5');
    expect(toleranceWords({ rel_tol: 0, abs_tol: 0 })).toBe('0');
    // The summary line keeps its own shape.
    expect(ruleText({ comparator: 'numeric_tolerance', rel_tol: 1e-3, abs_tol: 0.5 })).toBe(
      'numeric_tolerance, rel 0.001, abs 0.5',
    );
  });
});

describe('beyondTolerance', () => {
  it('is the difference less the larger of the two bounds', () => {
    const abs = beyondTolerance(8000, 8002.1, { rel_tol: 0, abs_tol: 2 })!;
    expect(abs.bound).toBe(2);
    expect(abs.excess).toBeCloseTo(0.1, 9);
    // rel 1e-3 of 8002.1 (8.0021) is larger than abs 2.
    const rel = beyondTolerance(8000, 8010, { rel_tol: 1e-3, abs_tol: 2 })!;
    expect(rel.bound).toBeCloseTo(8.01, 12);
    expect(rel.excess).toBeCloseTo(1.99, 9);
  });

  it('is unknown against an exact 0 under a relative tolerance alone (B9 may make it absolute)', () => {
    expect(beyondTolerance(0, 0.5, { rel_tol: 1e-3, abs_tol: 0 })).toBeUndefined();
    expect(beyondTolerance(0, 0.5, { rel_tol: 1e-3, abs_tol: 0.1 })?.excess).toBeCloseTo(0.4, 12);
    expect(beyondTolerance(0, 0.5, { rel_tol: 0, abs_tol: 0 })?.excess).toBe(0.5);
  });
});

describe('withinToleranceText', () => {
  const scan = (channels: string[], off: (i: number) => number) =>
    Array.from({ length: 12 }, (_, i) => ({
      channel: channels[i % channels.length]!,
      timestamp: i,
      value: 8980 + i + off(i),
    }));
  const text = (channels: string[], off: (i: number) => number) =>
    withinToleranceText(
      evaluate(
        scan(channels, () => 0),
        scan(channels, off),
      ).tolerance!,
    );

  it('counts the values, names the channels and the range of Δ', () => {
    expect(text(['mono:energy'], () => 5)).toBe(
      '12 values matched only within tolerance (all on mono:energy, Δ 5)',
    );
    expect(text(['a', 'b'], (i) => (i === 3 ? 2 : i === 4 ? 4 : 0))).toBe(
      '2 values matched only within tolerance (on b and a, Δ 2–4)',
    );
    expect(text(['a'], (i) => (i === 3 ? 2 : 0))).toBe(
      '1 value matched only within tolerance (on a, Δ 2)',
    );
    expect(text(['a', 'b', 'c', 'd'], () => 1)).toBe(
      '12 values matched only within tolerance (on 4 channels, Δ 1)',
    );
    expect(text(['x\u202e'], () => 1)).toBe(
      '12 values matched only within tolerance (all on x\\u202e, Δ 1)',
    );
  });

  it('is nothing when no value needed the tolerance', () => {
    expect(text(['a'], () => 0)).toBeUndefined();
  });
});
