/**
 * A comparator decides whether a predicted value matches a golden one.
 * `compare(gt, pred)` — the golden value comes first (the reference's argument order).
 * It may throw `ReferenceRaise` (e.g. a negative tolerance in reference mode).
 */
export interface Comparator {
  readonly name: string;
  compare(gtValue: unknown, predValue: unknown, channel: string): boolean;
  /**
   * Optional: an integer bucket for a value, such that whenever `compare(a, b)` holds and both
   * have a bucket, the buckets differ by at most 2 (`undefined`: this value has none). Lets
   * value-aware aligners index events by value; it never decides a match. The built-in `exact`
   * and `numeric_tolerance` give one to finite numbers and strings in default mode.
   */
  bucket?(value: unknown): number | undefined;
  /**
   * Optional: the tolerances this comparator compares numbers with (numbers in structures too),
   * for reports that show which tolerance absorbed a difference (`toleranceSummary`). Never
   * decides a match. `zeroAbs`: against an exact 0, `rel` acts as an absolute tolerance.
   */
  readonly tolerances?: NumberTolerances;
}

/** How a comparator compares two numbers: `|a−b| <= max(rel·max(|a|,|b|), abs)`. */
export interface NumberTolerances {
  readonly rel: number;
  readonly abs: number;
  readonly zeroAbs: boolean;
}
