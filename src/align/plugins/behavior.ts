import { z } from 'zod';
import { BEHAVIOR_COST_SHAPE, BEHAVIOR_PARAMS, checkBehaviorCosts } from '../affine/costs.js';
import { BehaviorAligner } from '../behavior-aligner.js';
import type { AlignerPlugin } from '../plugin.js';

/** The `{name: "behavior", …costs}` spec: the aligner's own strict options schema plus its name. */
const schema = () =>
  z
    .strictObject({ name: z.literal('behavior'), ...BEHAVIOR_COST_SHAPE })
    .superRefine(checkBehaviorCosts);

/**
 * `"behavior"`: value-aware optimal global alignment (the default mode's aligner): pairs of the same
 * channel cost 0 when the channel's comparator says the values match, `value_mismatch` when not,
 * `mismatch` across channels, affine gaps.
 */
export const behaviorPlugin = {
  name: 'behavior',
  aliases: [],
  summary:
    'value-aware optimal alignment: asks the channel comparators, a dropped or changed event costs one row (default mode)',
  params: BEHAVIOR_PARAMS,
  schema,
  create: (spec, path) => {
    const { name: _name, ...costs } = spec;
    return new BehaviorAligner(costs, path);
  },
} as const satisfies AlignerPlugin<'behavior', z.infer<ReturnType<typeof schema>>>;
