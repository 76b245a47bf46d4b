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
}
