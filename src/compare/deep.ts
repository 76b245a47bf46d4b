import { z } from 'zod';
import { strict, type OptionNumbers } from '../schema/helpers.js';
import { deepComparator } from './comparators.js';
import type { ComparatorPlugin } from './plugin.js';

const schema = (n: OptionNumbers) =>
  strict({
    type: z.literal('deep'),
    tol: n.nonNegative.optional(),
    abs_tol: n.nonNegative.optional(),
    match: z.enum(['equal', 'subset', 'superset']).optional(),
  });

/** `{type: "deep", tol?, abs_tol?, match?}`: objects and arrays compared structurally (envtrace only). */
export const deepPlugin = {
  name: 'deep',
  aliases: [],
  summary:
    'objects/arrays structurally, key order ignored, numbers within tol; match: equal | subset | superset',
  params: 'tol?: number ≥ 0 (0), abs_tol?: number ≥ 0, match?: "equal" | "subset" | "superset"',
  schema,
  create: (spec, ctx) =>
    deepComparator(
      ctx.policy,
      spec.tol ?? 0,
      spec.abs_tol ?? ctx.absTolDefault,
      spec.match ?? 'equal',
    ),
} as const satisfies ComparatorPlugin<'deep', z.infer<ReturnType<typeof schema>>>;
