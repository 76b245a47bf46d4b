import { z } from 'zod';
import { custom, record, strict, type OptionNumbers } from '../../schema/helpers.js';
import { MAX_COST } from '../costs.js';
import { NeedlemanWunschAligner } from '../nw.js';
import type { AlignerPlugin } from '../plugin.js';

/** Needleman–Wunsch costs: finite, >= 0, match <= mismatch (defaults 0 and 2). */
const schema = (_n: OptionNumbers) => {
  const cost = z.number().min(0).max(MAX_COST).optional();
  const gap = strict({ gap_open: cost, gap_extend: cost });
  return strict({
    name: z.literal('nw'),
    match: cost,
    mismatch: cost,
    gap_open: cost,
    gap_extend: cost,
    by_channel: record(gap).optional(),
  }).superRefine((spec, ctx) => {
    const match = spec.match ?? 0;
    const mismatch = spec.mismatch ?? 2;
    if (match > mismatch)
      custom(ctx, spec.match, `must not exceed mismatch (${mismatch}), received ${match}`, [
        'match',
      ]);
  });
};

/** `"nw"`: optimal affine-gap global alignment of channel names (wavefronts or banded DP). */
export const nwPlugin = {
  name: 'nw',
  aliases: [],
  summary: 'optimal affine-gap global alignment of channel names (wavefronts or banded DP)',
  params:
    'match?: 0, mismatch?: 2, gap_open?: 1, gap_extend?: 1, by_channel?: {channel: {gap_open?, gap_extend?}}',
  schema,
  create: (spec, path) => {
    const { name: _name, ...costs } = spec;
    return new NeedlemanWunschAligner(costs, path);
  },
} as const satisfies AlignerPlugin<'nw', z.infer<ReturnType<typeof schema>>>;
