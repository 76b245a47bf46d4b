/**
 * A comparator decides whether a predicted value matches a golden one.
 * `compare(gt, pred)` — the golden value comes first (the reference's argument order).
 * It may throw `ReferenceRaise` (e.g. a negative tolerance in reference mode).
 */
export interface Comparator {
  readonly name: string;
  compare(gtValue: unknown, predValue: unknown, channel: string): boolean;
}
