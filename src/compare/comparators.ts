import { equals, iterableEquality, subsetEquality, type Tester } from '@jest/expect-utils';
import { ConfigError } from '../errors.js';
import { isclose } from '../py/float.js';
import { pyStr } from '../py/str.js';
import { isPyNumber, toDouble, type PyFloat } from '../py/value.js';
import type { Comparator, ComparatorInput, ComparatorSpec } from './types.js';

export type Mode = 'default' | 'reference';

/** The reference's default comparator tolerance. */
export const DEFAULT_TOL = 1e-3;

/**
 * Relative-and-absolute closeness, `math.isclose` semantics. Default mode treats NaN as equal to
 * NaN (same behaviour observed); reference mode never matches NaN (Python).
 *
 * `zeroAbs` (default mode, bug B9): a relative tolerance is meaningless against an exact 0 (any
 * other value is infinitely far, relatively), so when either side is exactly 0 and no `abs_tol` was
 * set, `tol` acts as an absolute tolerance (`0.0` vs `0.004` matches at `tol: 0.01`).
 */
function closeNumbers(a: number | bigint | PyFloat, b: number | bigint | PyFloat, rel: number, abs: number, mode: Mode, zeroAbs = false): boolean {
  const x = toDouble(a);
  const y = toDouble(b);
  if (mode === 'default' && Number.isNaN(x) && Number.isNaN(y)) return true;
  if (isclose(x, y, rel, abs)) return true;
  return zeroAbs && (x === 0 || y === 0) && Math.abs(x - y) <= rel;
}

/** Number tester for `@jest/expect-utils` `equals`: numbers (not booleans) within tolerance. */
function numberTester(rel: number, abs: number, mode: Mode, zeroAbs = false): Tester {
  return (a: unknown, b: unknown) => (isPyNumber(a) && isPyNumber(b) ? closeNumbers(a, b, rel, abs, mode, zeroAbs) : undefined);
}

/**
 * `exact`: numbers compare as doubles (`1 == 1.0`). Reference mode: anything else compares by
 * Python `str()` (so `"1"` matches `1`, `True` matches `"True"`). Default mode: anything else is
 * deep structural equality (key order ignored; `"1"` does not match `1`).
 */
export function exactComparator(mode: Mode): Comparator {
  if (mode === 'reference') {
    return {
      name: 'exact',
      compare: (a, b) => (isPyNumber(a) && isPyNumber(b) ? toDouble(a) === toDouble(b) : pyStr(a) === pyStr(b)),
    };
  }
  const testers = [numberTester(0, 0, mode)];
  return { name: 'exact', compare: (a, b) => equals(a, b, testers) };
}

/**
 * `numeric_tolerance`: two numbers match when `|a−b| <= max(tol·max(|a|,|b|), abs_tol)`
 * (Python `math.isclose`; `abs_tol` 0 unless given). Reference mode: non-numbers compare by
 * `str()`, and a golden 0 only matches an exact 0 (bug B9). Default mode: against an exact 0,
 * `tol` acts as an absolute tolerance unless `abs_tol` is set, and non-numbers compare deeply with
 * the same tolerance element-wise.
 */
export function toleranceComparator(mode: Mode, tol: number = DEFAULT_TOL, absTol?: number): Comparator {
  const abs = absTol ?? 0;
  if (mode === 'reference') {
    return {
      name: 'numeric_tolerance',
      compare: (a, b) => (isPyNumber(a) && isPyNumber(b) ? closeNumbers(a, b, tol, abs, mode) : pyStr(a) === pyStr(b)),
    };
  }
  const testers = [numberTester(tol, abs, mode, absTol === undefined)];
  return { name: 'numeric_tolerance', compare: (a, b) => equals(a, b, testers) };
}

/** `always_true`: anything matches anything (e.g. log markers whose text does not matter). */
export function alwaysTrueComparator(): Comparator {
  return { name: 'always_true', compare: () => true };
}

/**
 * `deep`: structural comparison for objects and arrays (tool-call arguments): key order ignored,
 * numbers within `tol`/`abs_tol` element-wise. `match: "subset"` — every key of the golden value
 * must match in the predicted one (extra predicted keys allowed); `"superset"` — the reverse.
 */
export function deepComparator(mode: Mode, tol = 0, absTol?: number, match: 'equal' | 'subset' | 'superset' = 'equal'): Comparator {
  const num = numberTester(tol, absTol ?? 0, 'default', absTol === undefined);
  const name = match === 'equal' ? 'deep' : `deep(${match})`;
  if (match === 'equal') return { name, compare: (a, b) => equals(a, b, [num]) };
  const testers = [num, iterableEquality, subsetEquality];
  // equals(object, subset-ish expected): the second argument is the "subset".
  if (match === 'subset') return { name, compare: (gt, pred) => equals(pred, gt, testers) };
  return { name, compare: (gt, pred) => equals(gt, pred, testers) };
}

function fromSpec(spec: ComparatorSpec, mode: Mode, absTolDefault: number | undefined): Comparator {
  switch (spec.type) {
    case 'exact':
      return exactComparator(mode);
    case 'numeric_tolerance':
      return toleranceComparator(mode, spec.tol ?? DEFAULT_TOL, spec.abs_tol ?? absTolDefault);
    case 'always_true':
      return alwaysTrueComparator();
    case 'deep':
      return deepComparator(mode, spec.tol ?? 0, spec.abs_tol ?? absTolDefault, spec.match ?? 'equal');
    default: {
      const t = (spec as { type?: unknown }).type;
      throw new ConfigError(`unknown comparator type ${JSON.stringify(t)} (expected exact, numeric_tolerance, always_true or deep)`);
    }
  }
}

/** Turn a comparator as written in options (spec, object, function) into a `Comparator`. */
export function createComparator(input: ComparatorInput | undefined, mode: Mode, absTolDefault?: number): Comparator {
  if (input === undefined) return toleranceComparator(mode, DEFAULT_TOL, absTolDefault);
  if (typeof input === 'function') {
    const fn = input;
    return { name: fn.name || 'custom', compare: (a, b, ch) => Boolean(fn(a, b, ch)) };
  }
  if ('compare' in input && typeof input.compare === 'function') return input;
  return fromSpec(input as ComparatorSpec, mode, absTolDefault);
}

/** The comparators of one evaluation: a default plus per-channel overrides (keyed by canonical channel). */
export class ComparatorSet {
  readonly fallback: Comparator;
  private readonly byChannel: ReadonlyMap<string, Comparator>;

  constructor(fallback: Comparator, byChannel: ReadonlyMap<string, Comparator> = new Map()) {
    this.fallback = fallback;
    this.byChannel = byChannel;
  }

  static fromOptions(
    comparators: { default?: ComparatorInput; by_channel?: Readonly<Record<string, ComparatorInput>> } | undefined,
    mode: Mode,
    absTol?: number,
  ): ComparatorSet {
    const fallback = createComparator(comparators?.default, mode, absTol);
    const map = new Map<string, Comparator>();
    for (const [ch, spec] of Object.entries(comparators?.by_channel ?? {})) map.set(ch, createComparator(spec, mode, absTol));
    return new ComparatorSet(fallback, map);
  }

  /** The comparator for a channel (the reference looks it up with the gt event's channel). */
  for(channel: string): Comparator {
    return this.byChannel.get(channel) ?? this.fallback;
  }
}

