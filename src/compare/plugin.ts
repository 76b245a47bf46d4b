import type { z } from 'zod';
import type { ScoringPolicy } from '../policy/index.js';
import type { OptionNumbers } from '../schema/helpers.js';
import type { Comparator } from './comparator.js';

/** What a comparator's `create` gets besides its parameters. */
export interface ComparatorCreateContext {
  readonly policy: ScoringPolicy;
  /** The options' top-level `abs_tol`, for comparators that take one and were not given their own. */
  readonly absTolDefault: number | undefined;
}

/**
 * One comparator type: its name as written in `{type: …}`, the aliases accepted for it
 * (case-insensitive), a one-line summary (CLI help, README), the zod schema of its spec, and the
 * factory. Adding a comparator = one file exporting one of these + one line in `./registry.ts`.
 */
export interface ComparatorPlugin<
  Name extends string = string,
  Spec extends { type: Name } = { type: Name },
> {
  readonly name: Name;
  readonly aliases: readonly string[];
  readonly summary: string;
  /** Parameters besides `type`, for the docs: `"tol?: number ≥ 0"`. */
  readonly params: string;
  /** The strict zod schema of the spec, `type` included (numbers per the mode's rule). */
  schema(numbers: OptionNumbers): z.ZodType<Spec>;
  create(spec: Spec, ctx: ComparatorCreateContext): Comparator;
}
