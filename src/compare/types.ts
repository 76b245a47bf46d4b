/** The comparator interface and how comparators are written in options. */
export type { Comparator } from './comparator.js';
import type { Comparator } from './comparator.js';

/** A comparator as it is written in a config file: the union of the registry's spec schemas. */
export type { ComparatorSpec } from './registry.js';
import type { ComparatorSpec } from './registry.js';

/** What may stand where a comparator is expected in options: a spec, a Comparator, or a plain function. */
export type ComparatorInput =
  | ComparatorSpec
  | Comparator
  | ((gtValue: unknown, predValue: unknown, channel: string) => boolean);
