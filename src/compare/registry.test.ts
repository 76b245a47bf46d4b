import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, REFERENCE_POLICY } from '../policy/index.js';
import { CHECKED_NUMBERS, optionNumbers } from '../schema/helpers.js';
import {
  COMPARATORS,
  canonicalComparatorType,
  comparatorPlugin,
  comparatorTypesText,
  type ComparatorSpec,
} from './registry.js';

describe('comparator registry', () => {
  it('names and aliases are unique and lower-case', () => {
    const all = COMPARATORS.flatMap((p) => [p.name, ...p.aliases]);
    expect(new Set(all).size).toBe(all.length);
    for (const n of all) expect(n).toBe(n.toLowerCase());
  });

  it('looks types up case-insensitively by name or alias', () => {
    expect(canonicalComparatorType('EQ')).toBe('exact');
    expect(canonicalComparatorType('Tolerance')).toBe('numeric_tolerance');
    expect(canonicalComparatorType('fuzzy')).toBeUndefined();
    expect(comparatorPlugin('any')?.name).toBe('always_true');
    expect(comparatorTypesText()).toBe(
      'exact (or equals, eq), numeric_tolerance (or tolerance, tol), always_true (or any, ignore), deep',
    );
  });

  it('each schema is strict and accepts its own minimal spec', () => {
    for (const p of COMPARATORS) {
      const schema = p.schema(CHECKED_NUMBERS);
      expect(schema.safeParse({ type: p.name }).success, p.name).toBe(true);
      expect(schema.safeParse({ type: p.name, bogus: 1 }).success, p.name).toBe(false);
    }
  });

  it('checked numbers reject a negative tol; reference numbers let the comparison raise later', () => {
    const tol = comparatorPlugin('numeric_tolerance')!;
    expect(
      tol.schema(CHECKED_NUMBERS).safeParse({ type: 'numeric_tolerance', tol: -1 }).success,
    ).toBe(false);
    expect(
      tol.schema(optionNumbers('any-double')).safeParse({ type: 'numeric_tolerance', tol: -1 })
        .success,
    ).toBe(true);
  });

  it('create builds a comparator under the policy (T1: "1" vs 1)', () => {
    const spec: ComparatorSpec = { type: 'exact' };
    const exact = comparatorPlugin(spec.type)!;
    expect(
      exact
        .create(spec as never, { policy: REFERENCE_POLICY, absTolDefault: undefined })
        .compare('1', 1, 'x'),
    ).toBe(true);
    expect(
      exact
        .create(spec as never, { policy: DEFAULT_POLICY, absTolDefault: undefined })
        .compare('1', 1, 'x'),
    ).toBe(false);
    const tol = comparatorPlugin('tol')!.create({ type: 'numeric_tolerance', tol: 0.01 } as never, {
      policy: DEFAULT_POLICY,
      absTolDefault: 0.5,
    });
    expect(tol.compare(10, 10.4, 'x')).toBe(true); // abs_tol default from the options
  });
});

describe('ComparatorSpec (z.infer of the registry schemas)', () => {
  it('accepts every registered spec shape and rejects others at compile time', () => {
    const specs: ComparatorSpec[] = [
      { type: 'exact' },
      { type: 'numeric_tolerance', tol: 0.1, abs_tol: 0 },
      { type: 'always_true' },
      { type: 'deep', match: 'subset' },
    ];
    // @ts-expect-error an unknown type is not a ComparatorSpec
    const bad: ComparatorSpec = { type: 'fuzzy' };
    // @ts-expect-error exact takes no tol
    const bad2: ComparatorSpec = { type: 'exact', tol: 1 };
    expect(specs.map((s) => comparatorPlugin(s.type)?.name)).toEqual([
      'exact',
      'numeric_tolerance',
      'always_true',
      'deep',
    ]);
    expect([bad, bad2]).toHaveLength(2);
  });
});
