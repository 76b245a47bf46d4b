/** Aligners (layer 2): pair two key sequences. */
import { ConfigError } from '../errors.js';
import { DifflibAligner } from './difflib.js';
import { NeedlemanWunschAligner } from './nw.js';
import type { NwOptions } from './nw.js';
import type { Aligner } from './types.js';

export type { Aligner, AlignContext, IndexPair, PairTag } from './types.js';
export { DifflibAligner, difflibOpcodes, matchingBlocks, opcodesToPairs } from './difflib.js';
export type { MatchingBlock, Opcode } from './difflib.js';
export { NeedlemanWunschAligner, resolveNwOptions } from './nw.js';
export type { NwChannelGapCosts, NwOptions, ResolvedNwOptions } from './nw.js';

/** Interned channel keys of both traces. */
export interface InternedKeys {
  readonly gt: Int32Array;
  readonly pred: Int32Array;
  /** `channelNames[key]` is the channel of `key`. */
  readonly channelNames: string[];
}

/**
 * Map channel names to small integer keys, in first-seen order (gt first, then pred), so
 * that equal channels get equal keys across both traces.
 */
export function internKeys(gtChannels: readonly string[], predChannels: readonly string[]): InternedKeys {
  const ids = new Map<string, number>();
  const channelNames: string[] = [];
  const intern = (channels: readonly string[]): Int32Array => {
    const keys = new Int32Array(channels.length);
    for (let i = 0; i < channels.length; i++) {
      const ch = channels[i] as string;
      let id = ids.get(ch);
      if (id === undefined) {
        id = channelNames.length;
        ids.set(ch, id);
        channelNames.push(ch);
      }
      keys[i] = id;
    }
    return keys;
  };
  const gt = intern(gtChannels);
  const pred = intern(predChannels);
  return { gt, pred, channelNames };
}

/** What `createAligner` accepts (structurally the same as `AlignerInput` of `evaluate`). */
export type AlignerSpec =
  | 'difflib'
  | 'nw'
  | { readonly name: 'difflib' }
  | ({ readonly name: 'nw' } & NwOptions)
  | Aligner;

function isUserAligner(x: object): x is Aligner {
  return typeof (x as { name?: unknown }).name === 'string' && typeof (x as { align?: unknown }).align === 'function';
}

/**
 * Build an aligner from a name, a `{name, ...options}` spec, or pass a user `Aligner`
 * (any object with a string `name` and an `align` function) through unchanged.
 * @throws ConfigError for an unknown name, unknown keys, or invalid NW costs.
 */
export function createAligner(input: AlignerSpec, path = 'aligner'): Aligner {
  if (input === 'difflib') return new DifflibAligner();
  if (input === 'nw') return new NeedlemanWunschAligner();
  if (typeof input === 'object' && input !== null) {
    if (isUserAligner(input)) return input;
    const { name, ...rest } = input as { name?: unknown } & Record<string, unknown>;
    if (name === 'difflib') {
      const extra = Object.keys(rest);
      if (extra.length > 0) {
        throw new ConfigError(`the difflib aligner takes no options (got ${JSON.stringify(extra[0])})`, {
          path: `${path}.${extra[0]}`,
        });
      }
      return new DifflibAligner();
    }
    if (name === 'nw') {
      return new NeedlemanWunschAligner(rest as NwOptions, path);
    }
    throw new ConfigError(`unknown aligner ${JSON.stringify(name)} (expected "difflib", "nw" or an Aligner object)`, {
      path: `${path}.name`,
    });
  }
  throw new ConfigError(
    `must be "difflib", "nw", {name: "difflib"}, {name: "nw", ...costs} or an Aligner object, got ${
      typeof input === 'string' ? JSON.stringify(input) : input === null ? 'null' : typeof input
    }`,
    { path },
  );
}
