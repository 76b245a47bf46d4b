import { z } from 'zod';
import { strict } from '../../schema/helpers.js';
import { DifflibAligner } from '../difflib.js';
import type { AlignerPlugin } from '../plugin.js';

/** `"difflib"`: Python's `SequenceMatcher(autojunk=False)` on the channel names, exactly (the reference's aligner). */
export const difflibPlugin = {
  name: 'difflib',
  aliases: [],
  summary:
    "Python's difflib.SequenceMatcher(autojunk=False) on channel names, exactly (the reference's)",
  params: '',
  schema: () => strict({ name: z.literal('difflib') }),
  create: () => new DifflibAligner(),
} as const satisfies AlignerPlugin<'difflib'>;
