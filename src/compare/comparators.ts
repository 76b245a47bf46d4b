import { equals, iterableEquality, subsetEquality, type Tester } from '@jest/expect-utils';
import { isclose } from '../py/float.js';
import { pyStr } from '../py/str.js';
import { isPyNumber, toDouble, type PyFloat } from '../py/value.js';
import { DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';
import type { Comparator, NumberTolerances } from './comparator.js';
import { plainEqualsWith } from './plain-equals.js';

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
function closeNumbers(
  a: number | bigint | PyFloat,
  b: number | bigint | PyFloat,
  rel: number,
  abs: number,
  nanMatchesNan: boolean,
  zeroAbs: boolean,
  exactInts = false,
): boolean {
  if (exactInts && (typeof a === 'bigint' || typeof b === 'bigint'))
    return closeExact(a, b, rel, abs, zeroAbs);
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
function closeExact(
  a: number | bigint | PyFloat,
  b: number | bigint | PyFloat,
  rel: number,
  abs: number,
  zeroAbs: boolean,
): boolean {
  const x = exactInteger(a);
  const y = exactInteger(b);
  if (x === undefined || y === undefined) {
    const dx = typeof a === 'bigint' ? Number(a) : toDouble(a);
    const dy = typeof b === 'bigint' ? Number(b) : toDouble(b);
    if (!Number.isFinite(dx) || !Number.isFinite(dy)) return false;
    return (
      isclose(dx, dy, rel, abs) || (zeroAbs && (dx === 0 || dy === 0) && Math.abs(dx - dy) <= rel)
    );
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
  return (a: unknown, b: unknown) =>
    isPyNumber(a) && isPyNumber(b) ? numbersMatch(a, b) : undefined;
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
function valuesCompare(
  policy: ScoringPolicy,
  numbersMatch: NumbersMatch,
): (a: unknown, b: unknown) => boolean {
  if (policy.valueSemantics === 'python-str') {
    return (a, b) => (isPyNumber(a) && isPyNumber(b) ? numbersMatch(a, b) : pyStr(a) === pyStr(b));
  }
  const testers = [numberTester(numbersMatch), dateTester];
  const plainEquals = plainEqualsWith(numbersMatch);
  // Two numbers or two strings give what `equals` gives (its number tester answers first for
  // numbers; strings compare by value), without its generic walk: value-aware aligners ask this
  // for a large share of the same-channel pairs they consider.
  return (a, b) => {
    const t = typeof a;
    if (t === 'number' && typeof b === 'number') return numbersMatch(a as number, b);
    if (t === 'string' && typeof b === 'string') return a === b;
    // Plain JSON values (what trace files hold) without `equals`' generic walk (`./plain-equals.ts`).
    return plainEquals(a, b) ?? equals(a, b, testers);
  };
}

/** Narrowest relative width of the number buckets (an `exact` comparator's numbers only need telling apart). */
const MIN_BUCKET_REL = 1e-9;

/**
 * Buckets (`Comparator.bucket`) for finite doubles compared by `closeNumbers(x, y, rel, abs, ·,
 * zeroAbs)`. With r = max(rel, 1e-9), g(u) = ln(1 + u/u0) / ln(1/(1 − r)) and u0 = A·(1 − r)/r for
 * A = max(abs, zeroAbs ? rel : 0): two matching numbers of one sign (or one of them 0) have
 * |g(|x|) − g(|y|)| ≤ 1 (|x| ≥ (1 − r)|y|, or both within A of each other near 0), two of opposite
 * signs are both within `abs` of 0, where g ≤ 1. So f(x) = sign(x)·g(|x|) moves by at most 2, and
 * ⌊f / 1.01⌋ (the 1 % absorbs rounding) by at most 2. With A = 0 a log scale: 0 gets bucket 0,
 * a number of magnitude u ≥ 2^−1022 sign·(1 + ln(u / 2^−1022)/ln(1/(1 − r))) and a subnormal one
 * sign·1 — `rel·|b|` rounds so coarsely there that a subnormal can match 0 (5e−324 matches 0 at
 * rel 0.999). rel ≥ 1 − 2^−52 (where rounding lets 0 match anything): one bucket for all. Negative
 * tolerances (which `compare` rejects) and subnormal absolute ones: no buckets.
 */
function numberBuckets(
  rel: number,
  abs: number,
  zeroAbs: boolean,
): ((x: number) => number) | undefined {
  if (!(rel >= 0 && abs >= 0)) return undefined;
  if (rel >= 1 - 2 ** -52) return () => 0;
  const r = Math.max(rel, MIN_BUCKET_REL);
  const unit = -Math.log1p(-r) * 1.01;
  const A = Math.max(abs, zeroAbs ? rel : 0);
  if (A > 0) {
    // A subnormal scale would lose the precision the bound rests on: no buckets for such tolerances.
    if (A < 1e-290) return undefined;
    const u0 = A * ((1 - r) / r);
    const lnU0 = Math.log(u0);
    return (x) => {
      const q = Math.abs(x) / u0;
      // ln(1 + q), also where q overflows (then ln|x| − ln u0 is the same to double precision).
      const g = Number.isFinite(q) ? Math.log1p(q) : Math.log(Math.abs(x)) - lnU0;
      return Math.floor((Math.sign(x) * g) / unit);
    };
  }
  const lnNormal = Math.log(2 ** -1022);
  return (x) =>
    x === 0
      ? 0
      : Math.floor(Math.sign(x) * (1 + Math.max(0, Math.log(Math.abs(x)) - lnNormal) / unit));
}

/** FNV-1a of a string's UTF-16 code units, spread out (strings match only themselves). */
function stringBucket(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0) * 8;
}

/**
 * `Comparator.bucket` for `valuesCompare` in default mode: finite numbers by `numbers`, strings
 * by content (two strings match only when equal; a number never matches a string). Anything else
 * (and everything in reference mode, where `"1"` matches `1`) has none.
 */
function valueBucket(
  policy: ScoringPolicy,
  numbers: ((x: number) => number) | undefined,
): ((v: unknown) => number | undefined) | undefined {
  if (policy.valueSemantics === 'python-str' || numbers === undefined) return undefined;
  return (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? numbers(v) : undefined;
    return typeof v === 'string' ? stringBucket(v) : undefined;
  };
}

/** A comparator object, with `bucket` and `tolerances` only when there are some. */
function comparator(
  name: string,
  compare: Comparator['compare'],
  bucket: Comparator['bucket'],
  tolerances?: NumberTolerances,
): Comparator {
  const c: { -readonly [K in keyof Comparator]: Comparator[K] } = { name, compare };
  if (bucket !== undefined) c.bucket = bucket;
  if (tolerances !== undefined) c.tolerances = Object.freeze(tolerances);
  return c;
}

/**
 * `exact`: numbers compare by value (`1 == 1.0`). Default mode: an integer beyond 2^53 (read as a
 * `bigint`) compares exactly, to another integer or to a double (`2^64` ≠ `2^64 + 1`; `2^64`
 * equals the double `1.8446744073709552e19`, which is exactly 2^64). Reference mode: as doubles. Reference mode: anything else compares by
 * Python `str()` (so `"1"` matches `1`, `True` matches `"True"`). Default mode: anything else is
 * deep structural equality (key order ignored; `"1"` does not match `1`).
 */
export function exactComparator(policy: ScoringPolicy = DEFAULT_POLICY): Comparator {
  const exactInts = policy.valueSemantics !== 'python-str';
  const compare = valuesCompare(policy, (a, b) =>
    closeNumbers(a, b, 0, 0, policy.nanMatchesNan, false, exactInts),
  );
  return comparator('exact', compare, valueBucket(policy, numberBuckets(0, 0, false)));
}

/**
 * `numeric_tolerance`: two numbers match when `|a−b| <= max(tol·max(|a|,|b|), abs_tol)`
 * (Python `math.isclose`; `abs_tol` 0 unless given). Reference mode: non-numbers compare by
 * `str()`, and a golden 0 only matches an exact 0 (bug B9). Default mode: against an exact 0,
 * `tol` acts as an absolute tolerance unless `abs_tol` is set, and non-numbers compare deeply with
 * the same tolerance element-wise.
 */
export function toleranceComparator(
  policy: ScoringPolicy = DEFAULT_POLICY,
  tol: number = DEFAULT_TOL,
  absTol?: number,
): Comparator {
  const abs = absTol ?? 0;
  const zeroAbs = policy.zeroTolIsAbsolute && absTol === undefined;
  const exactInts = policy.valueSemantics !== 'python-str';
  const compare = valuesCompare(policy, (a, b) =>
    closeNumbers(a, b, tol, abs, policy.nanMatchesNan, zeroAbs, exactInts),
  );
  return comparator(
    'numeric_tolerance',
    compare,
    valueBucket(policy, numberBuckets(tol, abs, zeroAbs)),
    { rel: tol, abs, zeroAbs },
  );
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
export function deepComparator(
  _policy: ScoringPolicy = DEFAULT_POLICY,
  tol = 0,
  absTol?: number,
  match: 'equal' | 'subset' | 'superset' = 'equal',
): Comparator {
  // An envtrace extension: the same typed semantics in both modes (the reference has no `deep`).
  const num = numberTester((a, b) =>
    closeNumbers(a, b, tol, absTol ?? 0, true, absTol === undefined, true),
  );
  const name = match === 'equal' ? 'deep' : `deep(${match})`;
  const tolerances: NumberTolerances | undefined =
    tol > 0 || (absTol ?? 0) > 0
      ? { rel: tol, abs: absTol ?? 0, zeroAbs: absTol === undefined }
      : undefined;
  if (match === 'equal')
    return comparator(name, (a, b) => equals(a, b, [num, dateTester]), undefined, tolerances);
  const testers = [num, dateTester, iterableEquality, subsetEquality];
  // equals(object, subset-ish expected): the second argument is the "subset".
  if (match === 'subset')
    return comparator(name, (gt, pred) => equals(pred, gt, testers), undefined, tolerances);
  return comparator(name, (gt, pred) => equals(gt, pred, testers), undefined, tolerances);
}
