import { z } from 'zod';
import { strict } from '../schema/helpers.js';
import { exactComparator } from './comparators.js';
import type { ComparatorPlugin } from './plugin.js';

/** `{type: "exact"}`: numbers numerically, everything else by the policy's value semantics. */
export const exactPlugin = {
  name: 'exact',
  aliases: ['equals', 'eq'],
  summary: 'equal values (numbers numerically: 1 == 1.0)',
  params: '',
  schema: () => strict({ type: z.literal('exact') }),
  create: (_spec, ctx) => exactComparator(ctx.policy),
} as const satisfies ComparatorPlugin<'exact'>;
