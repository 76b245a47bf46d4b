import { z } from 'zod';
import { strict, type OptionNumbers } from '../schema/helpers.js';
import { DEFAULT_TOL, toleranceComparator } from './comparators.js';
import type { ComparatorPlugin } from './plugin.js';

const schema = (n: OptionNumbers) =>
  strict({
    type: z.literal('numeric_tolerance'),
    tol: n.nonNegative.optional(),
    abs_tol: n.nonNegative.optional(),
  });

/** `{type: "numeric_tolerance", tol?, abs_tol?}`: `math.isclose` with a relative `tol` (default 1e-3). */
export const tolerancePlugin = {
  name: 'numeric_tolerance',
  aliases: ['tolerance', 'tol'],
  summary: 'numbers within a relative tol (math.isclose), default 1e-3; abs_tol optional',
  params: 'tol?: number ≥ 0 (1e-3), abs_tol?: number ≥ 0',
  schema,
  create: (spec, ctx) =>
    toleranceComparator(ctx.policy, spec.tol ?? DEFAULT_TOL, spec.abs_tol ?? ctx.absTolDefault),
} as const satisfies ComparatorPlugin<'numeric_tolerance', z.infer<ReturnType<typeof schema>>>;
