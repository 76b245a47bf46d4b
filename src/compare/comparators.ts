import { equals, iterableEquality, subsetEquality, type Tester } from '@jest/expect-utils';
import { isclose } from '../py/float.js';
import { pyStr } from '../py/str.js';
import { isPyNumber, toDouble, type PyFloat } from '../py/value.js';
import { policyFor, type PolicyInput, type ScoringPolicy } from '../policy/index.js';
import type { Comparator } from './comparator.js';

export type { Mode } from '../policy/mode.js';

/** The reference's default comparator tolerance. */
export const DEFAULT_TOL = 1e-3;

/**
 * Relative-and-absolute closeness, `math.isclose` semantics; NaN matches NaN when the policy says
 * so (T1).
 *
 * `zeroAbs` (B9, when the policy fixes it and no `abs_tol` was set): a relative tolerance is
 * meaningless against an exact 0, so when either side is exactly 0 `tol` acts as an absolute
 * tolerance (`0.0` vs `0.004` matches at `tol: 0.01`).
 */
function closeNumbers(a: number | bigint | PyFloat, b: number | bigint | PyFloat, rel: number, abs: number, nanMatchesNan: boolean, zeroAbs: boolean, exactInts = false): boolean {
  if (exactInts && (typeof a === 'bigint' || typeof b === 'bigint')) return closeExact(a, b, rel, abs, zeroAbs);
  const x = toDouble(a);
  const y = toDouble(b);
  if (nanMatchesNan && Number.isNaN(x) && Number.isNaN(y)) return true;
  if (isclose(x, y, rel, abs)) return true;
  return zeroAbs && (x === 0 || y === 0) && Math.abs(x - y) <= rel;
}

/** The exact integer value of `v`, or undefined when it is not an integer (a fraction, NaN, ±Infinity). */
function exactInteger(v: number | bigint | PyFloat): bigint | undefined {
  if (typeof v === 'bigint') return v;
  const d = typeof v === 'number' ? v : v.value;
  return Number.isInteger(d) ? BigInt(d) : undefined;
}

/**
 * `closeNumbers` when a side is a `bigint` (an integer beyond 2^53, default mode): two integers
 * are compared on their exact difference (`2^64` and `2^64 + 1` differ under `exact`, and are
 * within `abs_tol: 1`); the bound `max(tol·max(|a|,|b|), abs_tol)` is a double. An integer
 * against a fraction compares as doubles (a double with a fraction is below 2^53 anyway), and
 * never matches NaN or ±Infinity.
 */
function closeExact(a: number | bigint | PyFloat, b: number | bigint | PyFloat, rel: number, abs: number, zeroAbs: boolean): boolean {
  const x = exactInteger(a);
  const y = exactInteger(b);
  if (x === undefined || y === undefined) {
    const dx = typeof a === 'bigint' ? Number(a) : toDouble(a);
    const dy = typeof b === 'bigint' ? Number(b) : toDouble(b);
    if (!Number.isFinite(dx) || !Number.isFinite(dy)) return false;
    return isclose(dx, dy, rel, abs) || (zeroAbs && (dx === 0 || dy === 0) && Math.abs(dx - dy) <= rel);
  }
  const diff = x > y ? x - y : y - x;
  if (diff === 0n) return true;
  const d = Number(diff);
  if (rel > 0 && d <= rel * Math.max(Math.abs(Number(x)), Math.abs(Number(y)))) return true;
  if (d <= abs) return true;
  return zeroAbs && (x === 0n || y === 0n) && d <= rel;
}

type NumbersMatch = (a: number | bigint | PyFloat, b: number | bigint | PyFloat) => boolean;

/** Number tester for `@jest/expect-utils` `equals`: numbers (not booleans) by `numbersMatch`. */
function numberTester(numbersMatch: NumbersMatch): Tester {
  return (a: unknown, b: unknown) => (isPyNumber(a) && isPyNumber(b) ? numbersMatch(a, b) : undefined);
}

/**
 * Date tester for `equals`: two Dates are equal when their times are, and two invalid Dates are
 * equal (`equals` alone compares `+a == +b`, so an invalid Date would never equal itself).
 */
const dateTester: Tester = (a: unknown, b: unknown) => {
  if (!(a instanceof Date) || !(b instanceof Date)) return undefined;
  const x = a.getTime();
  const y = b.getTime();
  return x === y || (Number.isNaN(x) && Number.isNaN(y));
};

/**
 * Compare two values under the policy's value semantics (T1): two numbers by `numbersMatch`;
 * anything else by Python `str()` (reference) or deep structural equality with `numbersMatch`
 * applied element-wise (default).
 */
function valuesCompare(policy: ScoringPolicy, numbersMatch: NumbersMatch): (a: unknown, b: unknown) => boolean {
  if (policy.valueSemantics === 'python-str') {
    return (a, b) => (isPyNumber(a) && isPyNumber(b) ? numbersMatch(a, b) : pyStr(a) === pyStr(b));
  }
  const testers = [numberTester(numbersMatch), dateTester];
  // Two plain numbers (the common case, once per aligned pair) go straight to `numbersMatch`:
  // `equals` would reach the number tester first and return its answer, after building a context.
  return (a, b) => (typeof a === 'number' && typeof b === 'number' ? numbersMatch(a, b) : equals(a, b, testers));
}

/**
 * `exact`: numbers compare by value (`1 == 1.0`). Default mode: an integer beyond 2^53 (read as a
 * `bigint`) compares exactly, to another integer or to a double (`2^64` ≠ `2^64 + 1`; `2^64`
 * equals the double `1.8446744073709552e19`, which is exactly 2^64). Reference mode: as doubles. Reference mode: anything else compares by
 * Python `str()` (so `"1"` matches `1`, `True` matches `"True"`). Default mode: anything else is
 * deep structural equality (key order ignored; `"1"` does not match `1`).
 */
export function exactComparator(mode?: PolicyInput): Comparator {
  const policy = policyFor(mode);
  const exactInts = policy.valueSemantics !== 'python-str';
  return { name: 'exact', compare: valuesCompare(policy, (a, b) => closeNumbers(a, b, 0, 0, policy.nanMatchesNan, false, exactInts)) };
}

/**
 * `numeric_tolerance`: two numbers match when `|a−b| <= max(tol·max(|a|,|b|), abs_tol)`
 * (Python `math.isclose`; `abs_tol` 0 unless given). Reference mode: non-numbers compare by
 * `str()`, and a golden 0 only matches an exact 0 (bug B9). Default mode: against an exact 0,
 * `tol` acts as an absolute tolerance unless `abs_tol` is set, and non-numbers compare deeply with
 * the same tolerance element-wise.
 */
export function toleranceComparator(mode?: PolicyInput, tol: number = DEFAULT_TOL, absTol?: number): Comparator {
  const policy = policyFor(mode);
  const abs = absTol ?? 0;
  const zeroAbs = policy.zeroTolIsAbsolute && absTol === undefined;
  const exactInts = policy.valueSemantics !== 'python-str';
  return { name: 'numeric_tolerance', compare: valuesCompare(policy, (a, b) => closeNumbers(a, b, tol, abs, policy.nanMatchesNan, zeroAbs, exactInts)) };
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
export function deepComparator(_mode?: PolicyInput, tol = 0, absTol?: number, match: 'equal' | 'subset' | 'superset' = 'equal'): Comparator {
  // An envtrace extension: the same typed semantics in both modes (the reference has no `deep`).
  const num = numberTester((a, b) => closeNumbers(a, b, tol, absTol ?? 0, true, absTol === undefined, true));
  const name = match === 'equal' ? 'deep' : `deep(${match})`;
  if (match === 'equal') return { name, compare: (a, b) => equals(a, b, [num, dateTester]) };
  const testers = [num, dateTester, iterableEquality, subsetEquality];
  // equals(object, subset-ish expected): the second argument is the "subset".
  if (match === 'subset') return { name, compare: (gt, pred) => equals(pred, gt, testers) };
  return { name, compare: (gt, pred) => equals(gt, pred, testers) };
}

