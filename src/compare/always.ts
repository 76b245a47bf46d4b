import { z } from 'zod';
import { strict } from '../schema/helpers.js';
import { alwaysTrueComparator } from './comparators.js';
import type { ComparatorPlugin } from './plugin.js';

/** `{type: "always_true"}`: anything matches (markers whose text does not matter). */
export const alwaysTruePlugin = {
  name: 'always_true',
  aliases: ['any', 'ignore'],
  summary: 'anything matches (log markers whose text does not matter)',
  params: '',
  schema: () => strict({ type: z.literal('always_true') }),
  create: () => alwaysTrueComparator(),
} as const satisfies ComparatorPlugin<'always_true'>;
