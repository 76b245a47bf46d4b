import { describe, expect, it } from 'vitest';
import { beyondTolerance, ruleText, toleranceWords } from './tolerance.js';

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
