import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, ReferenceRaise } from '../errors.js';
import { PyFloat } from '../py/value.js';
import {
  alwaysTrueComparator,
  deepComparator,
  exactComparator,
  toleranceComparator,
} from './comparators.js';
import { ComparatorSet, createComparator } from './set.js';
import { compareAlignment } from './verdicts.js';
import { DEFAULT_POLICY, REFERENCE_POLICY } from '../policy/index.js';

describe('exact', () => {
  it('default mode: numbers numerically, everything else by type and structure', () => {
    const c = exactComparator(DEFAULT_POLICY);
    expect(c.compare(1, 1.0, 'x')).toBe(true);
    expect(c.compare(1n, 1, 'x')).toBe(true);
    expect(c.compare(Number.NaN, Number.NaN, 'x')).toBe(true);
    expect(c.compare('1', 1, 'x')).toBe(false);
    expect(c.compare(true, 'True', 'x')).toBe(false);
    expect(c.compare(true, 1, 'x')).toBe(false);
    expect(c.compare({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, 'x')).toBe(true);
    expect(c.compare([1, 2], [1, 2, 3], 'x')).toBe(false);
  });

  it('reference mode: Python str() for anything but two numbers', () => {
    const c = exactComparator(REFERENCE_POLICY);
    expect(c.compare('1', 1, 'x')).toBe(true);
    expect(c.compare(true, 'True', 'x')).toBe(true);
    expect(c.compare(true, 1, 'x')).toBe(false);
    expect(c.compare('1.0', 1, 'x')).toBe(false);
    expect(c.compare('1.0', new PyFloat(1), 'x')).toBe(true);
    expect(c.compare([1, 2], [new PyFloat(1), new PyFloat(2)], 'x')).toBe(false);
    expect(c.compare(Number.NaN, Number.NaN, 'x')).toBe(false);
    expect(c.compare([Number.NaN], [Number.NaN], 'x')).toBe(true);
  });
});

describe('Dates (default mode and deep)', () => {
  it('compare by time; an invalid Date equals an invalid Date (a golden holding one can pass)', () => {
    for (const c of [
      exactComparator(DEFAULT_POLICY),
      toleranceComparator(DEFAULT_POLICY),
      deepComparator(),
    ]) {
      expect(c.compare(new Date(NaN), new Date(NaN), 'x')).toBe(true);
      expect(c.compare({ at: new Date(5) }, { at: new Date(5) }, 'x')).toBe(true);
      expect(c.compare(new Date(5), new Date(6), 'x')).toBe(false);
      expect(c.compare(new Date(NaN), new Date(0), 'x')).toBe(false);
    }
  });
});

describe('numeric_tolerance', () => {
  it('is relative like math.isclose (no division, either side scales)', () => {
    const c = toleranceComparator(DEFAULT_POLICY, 1e-3);
    expect(c.compare(999, 1000, 'x')).toBe(true);
    expect(c.compare(1000, 999, 'x')).toBe(true);
    expect(c.compare(998.9, 1000, 'x')).toBe(false);
    expect(c.compare(0.1, 0.1005, 'x')).toBe(false);
  });

  it('default mode: tol is absolute against an exact 0 unless abs_tol is set (B9)', () => {
    expect(toleranceComparator(DEFAULT_POLICY, 0.01).compare(0, 0.004, 'x')).toBe(true);
    expect(toleranceComparator(DEFAULT_POLICY, 0.01).compare(0.004, 0, 'x')).toBe(true);
    expect(toleranceComparator(DEFAULT_POLICY, 0.01).compare(0, 0.02, 'x')).toBe(false);
    expect(toleranceComparator(DEFAULT_POLICY, 0.01, 0).compare(0, 0.004, 'x')).toBe(false);
    expect(toleranceComparator(DEFAULT_POLICY, 1e-3).compare(-1e-9, 1e-9, 'x')).toBe(false);
    expect(toleranceComparator(REFERENCE_POLICY, 0.01).compare(0, 0.004, 'x')).toBe(false);
    expect(toleranceComparator(REFERENCE_POLICY, 0.01, 0.005).compare(0, 0.004, 'x')).toBe(true);
  });

  it('default mode compares structures element-wise with the tolerance', () => {
    const c = toleranceComparator(DEFAULT_POLICY, 1e-3);
    expect(c.compare([1, { a: 2 }], [1.0005, { a: 2.001 }], 'x')).toBe(true);
    expect(c.compare([1, 2], [1, 2.1], 'x')).toBe(false);
    expect(c.compare('open', 'open', 'x')).toBe(true);
  });

  it('reference mode raises on a negative tolerance at the first numeric comparison', () => {
    const c = toleranceComparator(REFERENCE_POLICY, -0.1);
    expect(c.compare('a', 'a', 'x')).toBe(true);
    expect(() => c.compare(1, 1.5, 'x')).toThrow(ReferenceRaise);
  });
});

describe('deep', () => {
  const args = { tool: 'move', args: { axis: 'x', pos: 1.5 } };
  it('equal ignores key order and applies the tolerance', () => {
    expect(
      deepComparator(DEFAULT_POLICY, 1e-3).compare(
        args,
        { args: { pos: 1.5005, axis: 'x' }, tool: 'move' },
        'x',
      ),
    ).toBe(true);
    expect(deepComparator(DEFAULT_POLICY).compare(args, { ...args, extra: 1 }, 'x')).toBe(false);
  });
  it('subset: the golden keys must match, extra predicted keys are allowed', () => {
    const sub = deepComparator(DEFAULT_POLICY, 0, undefined, 'subset');
    expect(sub.compare(args, { ...args, args: { ...args.args, speed: 3 }, id: 7 }, 'x')).toBe(true);
    expect(sub.compare(args, { tool: 'move', args: { axis: 'y', pos: 1.5 } }, 'x')).toBe(false);
    expect(sub.compare(args, { tool: 'move' }, 'x')).toBe(false);
  });
  it('superset: the predicted keys must match, the golden may have more', () => {
    const sup = deepComparator(DEFAULT_POLICY, 0, undefined, 'superset');
    expect(sup.compare(args, { tool: 'move' }, 'x')).toBe(true);
    expect(sup.compare({ tool: 'move' }, args, 'x')).toBe(false);
  });
});

describe('createComparator and ComparatorSet', () => {
  it('accepts specs, objects and functions; an unknown type is an error', () => {
    expect(createComparator({ type: 'always_true' }, DEFAULT_POLICY).compare(null, [1], 'x')).toBe(
      true,
    );
    expect(
      createComparator((g, p, ch) => ch === 'x' && g === p, DEFAULT_POLICY).compare(1, 1, 'x'),
    ).toBe(true);
    expect(createComparator(alwaysTrueComparator(), DEFAULT_POLICY).name).toBe('always_true');
    expect(() => createComparator({ type: 'fuzzy' } as never, DEFAULT_POLICY)).toThrow(ConfigError);
  });

  it('looks comparators up by channel, else the default (numeric 1e-3)', () => {
    const set = ComparatorSet.fromOptions(
      { by_channel: { 'det:Acquire': { type: 'exact' } } },
      DEFAULT_POLICY,
    );
    expect(set.for('det:Acquire').name).toBe('exact');
    expect(set.for('motor:x').name).toBe('numeric_tolerance');
  });
});

describe('compareAlignment', () => {
  const ev = (channel: string, value: unknown) => ({ channel, timestamp: 0, value });
  const set = ComparatorSet.fromOptions(undefined, DEFAULT_POLICY);
  it('judges channel and value once per pair; different channels never count by default (B1)', () => {
    const v = compareAlignment(
      [
        [ev('x', 1), ev('y', 1)],
        [ev('x', 1), ev('x', 1)],
        [ev('x', 1), null],
        [null, ev('x', 1)],
      ],
      set,
      DEFAULT_POLICY,
    );
    expect(v.map((p) => [p.sameChannel, p.valueMatch, p.counts])).toEqual([
      [false, true, false],
      [true, true, true],
      [false, null, false],
      [false, null, false],
    ]);
    const r = compareAlignment(
      [[ev('x', 1), ev('y', 1)]],
      ComparatorSet.fromOptions(undefined, REFERENCE_POLICY),
      REFERENCE_POLICY,
    );
    expect(r[0]!.counts).toBe(true);
  });
  it('skips pairs with an ignored channel on either side', () => {
    const v = compareAlignment([[ev('ign', 1), ev('b', 1)]], set, DEFAULT_POLICY, new Set(['ign']));
    expect(v[0]).toMatchObject({ ignored: true, valueMatch: null, counts: false });
  });
});

describe('integers beyond 2^53 (bigint) in default mode (issue 11, item 9)', () => {
  const big = 2n ** 64n;

  it('exact: compares exactly, to an integer or a double', () => {
    const c = exactComparator(DEFAULT_POLICY);
    expect(c.compare(big, big + 1n, 'x')).toBe(false);
    expect(c.compare(big, 2n ** 64n, 'x')).toBe(true);
    expect(c.compare(big, 18446744073709551616, 'x')).toBe(true); // that double is exactly 2^64
    expect(c.compare(big + 1n, 18446744073709551616, 'x')).toBe(false);
    expect(c.compare(9007199254740993n, 9007199254740992, 'x')).toBe(false); // 2^53 + 1 vs 2^53
    expect(c.compare(big, 1.5, 'x')).toBe(false);
    expect(c.compare(big, Number.NaN, 'x')).toBe(false);
    expect(c.compare(10n ** 400n, Infinity, 'x')).toBe(false);
    expect(c.compare({ id: big, v: [big] }, { id: big, v: [big] }, 'x')).toBe(true);
    expect(c.compare({ id: big }, { id: big + 1n }, 'x')).toBe(false);
  });

  it('numeric_tolerance and deep: on the exact difference, with a double bound', () => {
    expect(toleranceComparator(DEFAULT_POLICY, 0, 1).compare(big, big + 1n, 'x')).toBe(true);
    expect(toleranceComparator(DEFAULT_POLICY, 0, 1).compare(big, big + 2n, 'x')).toBe(false);
    expect(toleranceComparator(DEFAULT_POLICY, 1e-3).compare(big, big + 1000n, 'x')).toBe(true);
    expect(toleranceComparator(DEFAULT_POLICY, 0).compare(big, big + 1n, 'x')).toBe(false);
    expect(toleranceComparator(DEFAULT_POLICY, 0.01).compare(0n, 5n, 'x')).toBe(false); // B9: tol absolute against 0: 5 > 0.01
    expect(deepComparator(DEFAULT_POLICY).compare([big], [big + 1n], 'x')).toBe(false);
    expect(deepComparator(DEFAULT_POLICY, 0, 1).compare([big], [big + 1n], 'x')).toBe(true);
  });

  it('reference mode is unchanged: numbers compare as doubles', () => {
    expect(exactComparator(REFERENCE_POLICY).compare(big, big + 1n, 'x')).toBe(true);
  });
});

describe('two plain numbers or two strings (the direct paths) judge as inside a structure (through equals)', () => {
  const num = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity, 1e-300, 5e-324),
  );
  const near = num.chain((a) =>
    fc.tuple(
      fc.constant(a),
      fc.oneof(num, fc.constant(a), fc.constant(a * (1 + 1e-10)), fc.constant(a + 1e-12)),
    ),
  );
  it.each([
    ['exact', exactComparator(DEFAULT_POLICY)],
    ['numeric_tolerance', toleranceComparator(DEFAULT_POLICY)],
    ['numeric_tolerance abs_tol', toleranceComparator(DEFAULT_POLICY, 1e-6, 1e-9)],
  ])('%s', (_name, c) => {
    fc.assert(
      fc.property(near, ([a, b]) => {
        expect(c.compare(a, b, 'x')).toBe(c.compare([a], [b], 'x'));
      }),
      { numRuns: 2000 },
    );
    // Two strings (the other direct path).
    const str = fc.oneof(fc.string(), fc.constantFrom('', '1', 'é', 'e\u0301', '\u0000'));
    fc.assert(
      fc.property(
        str.chain((a) => fc.tuple(fc.constant(a), fc.oneof(str, fc.constant(a)))),
        ([a, b]) => {
          expect(c.compare(a, b, 'x')).toBe(c.compare([a], [b], 'x'));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('Comparator.bucket (value buckets for the aligners)', () => {
  // Numbers that match under some tolerance: a value, then one within the tolerance, of either
  // sign, around 0 and across magnitudes (including the extremes of doubles).
  const magnitude = fc.oneof(
    fc.double({ min: -1e3, max: 1e3, noNaN: true }),
    fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -0, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE),
  );
  const tolerances = fc.record({
    tol: fc.oneof(
      fc.constantFrom(0, 1e-3, 0.01, 0.5, 0.999, 1, 2),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ),
    absTol: fc.option(
      fc.oneof(fc.constantFrom(0, 1e-9, 0.5, 10), fc.double({ min: 0, max: 100, noNaN: true })),
      { nil: undefined },
    ),
  });

  it('two matching numbers lie at most 2 buckets apart (numeric_tolerance, exact; default mode)', () => {
    fc.assert(
      fc.property(
        tolerances,
        magnitude,
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.boolean(),
        ({ tol, absTol }, x, f, byAbs) => {
          const c = toleranceComparator(DEFAULT_POLICY, tol, absTol);
          // y near x: within the relative or the absolute tolerance (or anywhere, then maybe no match).
          const y = byAbs ? x + f * (absTol ?? tol) : x * (1 + f * tol);
          if (c.bucket === undefined || !Number.isFinite(y) || !c.compare(x, y, 'ch')) return; // (no buckets for a subnormal abs_tol)
          const bx = c.bucket(x)!;
          const by = c.bucket(y)!;
          expect(Number.isSafeInteger(bx) && Number.isSafeInteger(by)).toBe(true);
          expect(Math.abs(bx - by), `x=${x} y=${y} tol=${tol} abs=${absTol}`).toBeLessThanOrEqual(
            2,
          );
        },
      ),
      { numRuns: 5000 },
    );
    // Found by this property: at rel 0.999 with abs_tol 0, `0.999·5e-324` rounds
    // to 5e-324, so the smallest subnormal matches 0 and must share its neighbourhood.
    const c = toleranceComparator(DEFAULT_POLICY, 0.999, 0);
    expect(c.compare(5e-324, 0, 'ch')).toBe(true);
    expect(Math.abs(c.bucket!(5e-324)! - c.bucket!(0)!)).toBeLessThanOrEqual(2);
    const exact = exactComparator(DEFAULT_POLICY);
    fc.assert(
      fc.property(magnitude, (x) => {
        expect(exact.bucket!(x)).toBe(exact.bucket!(x === 0 ? -x : x)); // 0 and −0 match
      }),
    );
  });

  it('tells values apart: different numbers mostly land in far-apart buckets, strings by content', () => {
    const c = toleranceComparator(DEFAULT_POLICY, 1e-3);
    expect(Math.abs(c.bucket!(10)! - c.bucket!(11)!)).toBeGreaterThan(2);
    expect(Math.abs(c.bucket!(-10)! - c.bucket!(10)!)).toBeGreaterThan(2);
    const exact = exactComparator(DEFAULT_POLICY);
    expect(Math.abs(exact.bucket!(1)! - exact.bucket!(1.001)!)).toBeGreaterThan(2);
    expect(exact.bucket!('open')).toBe(exact.bucket!('open'));
    expect(exact.bucket!('open')).not.toBe(exact.bucket!('close'));
  });

  it('has no bucket for what it cannot place: NaN, ±Infinity, objects, booleans, big integers; none at all in reference mode', () => {
    const c = toleranceComparator(DEFAULT_POLICY, 1e-3);
    for (const v of [
      NaN,
      Infinity,
      -Infinity,
      { a: 1 },
      [1],
      true,
      null,
      2n ** 64n,
      new PyFloat(1),
    ])
      expect(c.bucket!(v)).toBeUndefined();
    expect(toleranceComparator(REFERENCE_POLICY, 1e-3).bucket).toBeUndefined();
    expect(exactComparator(REFERENCE_POLICY).bucket).toBeUndefined();
    expect(toleranceComparator(DEFAULT_POLICY, -1).bucket).toBeUndefined();
    expect(alwaysTrueComparator().bucket).toBeUndefined();
    expect(deepComparator(DEFAULT_POLICY).bucket).toBeUndefined();
  });
});

describe('createComparator: the default comparator', () => {
  it('is made once per mode and abs_tol, so that evaluations share its functions', () => {
    const a = createComparator(undefined, DEFAULT_POLICY);
    expect(createComparator(undefined, DEFAULT_POLICY)).toBe(a);
    expect(createComparator(undefined, REFERENCE_POLICY)).not.toBe(a);
    const abs = createComparator(undefined, DEFAULT_POLICY, 0.5);
    expect(abs).not.toBe(a);
    expect(createComparator(undefined, DEFAULT_POLICY, 0.5)).toBe(abs);
    expect(Object.isFrozen(a)).toBe(true); // shared by every evaluation that uses it
    // Still the default comparator of that abs_tol: 1 and 1.4 match only with it.
    expect(a.compare(1, 1.4, 'c')).toBe(false);
    expect(abs.compare(1, 1.4, 'c')).toBe(true);
  });
});
