/**
 * A comparator decides whether a predicted value matches a golden one.
 * `compare(gt, pred)` — the golden value comes first (the reference's argument order).
 * It may throw `ReferenceRaise` (e.g. a negative tolerance in reference mode).
 */
export interface Comparator {
  readonly name: string;
  compare(gtValue: unknown, predValue: unknown, channel: string): boolean;
}

/**
 * A comparator as it is written in a config file. `type` is a canonical name or one of its aliases
 * (`exact`: `equals`, `eq`; `numeric_tolerance`: `tolerance`, `tol`; `always_true`: `any`, `ignore`),
 * the same list `validateOptions` accepts.
 */
export type ComparatorSpec =
  | { type: 'exact' | 'equals' | 'eq' }
  | { type: 'numeric_tolerance' | 'tolerance' | 'tol'; tol?: number; abs_tol?: number }
  | { type: 'always_true' | 'any' | 'ignore' }
  | { type: 'deep'; tol?: number; abs_tol?: number; match?: 'equal' | 'subset' | 'superset' };

/** What may stand where a comparator is expected in options: a spec, a Comparator, or a plain function. */
export type ComparatorInput = ComparatorSpec | Comparator | ((gtValue: unknown, predValue: unknown, channel: string) => boolean);
