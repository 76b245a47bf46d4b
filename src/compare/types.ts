/**
 * A comparator decides whether a predicted value matches a golden one.
 * `compare(gt, pred)` — the golden value comes first (the reference's argument order).
 * It may throw `ReferenceRaise` (e.g. a negative tolerance in reference mode).
 */
export interface Comparator {
  readonly name: string;
  compare(gtValue: unknown, predValue: unknown, channel: string): boolean;
}

/** A comparator as it is written in a config file: the union of the registry's spec schemas. */
export type { ComparatorSpec } from './registry.js';
import type { ComparatorSpec } from './registry.js';

/** What may stand where a comparator is expected in options: a spec, a Comparator, or a plain function. */
export type ComparatorInput = ComparatorSpec | Comparator | ((gtValue: unknown, predValue: unknown, channel: string) => boolean);
