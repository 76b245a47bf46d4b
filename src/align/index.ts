/** Aligners (layer 2): pair two key sequences. */
import { ConfigError, inputPath, type InputPath } from '../errors.js';
import { CHECKED_NUMBERS, describeIssue } from '../schema/helpers.js';
import {
  alignerNamesText,
  alignerPlugin,
  type AlignerName,
  type AlignerSpecObject,
} from './registry.js';
import type { Aligner } from './types.js';

export type {
  Aligner,
  AlignContext,
  AlignmentColumns,
  AlignmentOutcome,
  IndexPair,
  PairTag,
  ValueBuckets,
} from './types.js';
export { alignColumns, alignColumnsWithOutcome, pairsToColumns } from './columns.js';
export {
  DifflibAligner,
  difflibColumns,
  difflibOpcodes,
  matchingBlocks,
  opcodesToColumns,
  opcodesToPairs,
} from './difflib.js';
export type { MatchingBlock, Opcode } from './difflib.js';
export { NeedlemanWunschAligner, resolveNwOptions } from './nw.js';
export type { NwChannelGapCosts, NwOptions, ResolvedNwOptions } from './nw.js';
export { ALIGNERS, alignerPlugin, type AlignerName, type AlignerSpecObject } from './registry.js';
export type { AlignerPlugin } from './plugin.js';

/** Interned channel keys of both traces. */
export interface InternedKeys {
  readonly gt: Int32Array;
  readonly pred: Int32Array;
  /** `channelNames[key]` is the channel of `key`. */
  readonly channelNames: string[];
}

/** Assigns small integer keys to channel names in first-seen order. */
class KeyInterner {
  private readonly ids = new Map<string, number>();
  readonly channelNames: string[] = [];

  key(ch: string): number {
    let id = this.ids.get(ch);
    if (id === undefined) {
      id = this.channelNames.length;
      this.ids.set(ch, id);
      this.channelNames.push(ch);
    }
    return id;
  }
}

/**
 * Map channel names to small integer keys, in first-seen order (gt first, then pred), so
 * that equal channels get equal keys across both traces.
 */
export function internKeys(
  gtChannels: readonly string[],
  predChannels: readonly string[],
): InternedKeys {
  const interner = new KeyInterner();
  const gt = keysOfNames(interner, gtChannels);
  const pred = keysOfNames(interner, predChannels);
  return { gt, pred, channelNames: interner.channelNames };
}

function keysOfNames(interner: KeyInterner, channels: readonly string[]): Int32Array {
  const keys = new Int32Array(channels.length);
  for (let i = 0; i < channels.length; i++) keys[i] = interner.key(channels[i]!);
  return keys;
}

/**
 * `internKeys` of the events' channels, read straight into the key arrays (no array of channel
 * names per trace).
 */
export function internEventKeys(
  gtEvents: readonly { readonly channel: string }[],
  predEvents: readonly { readonly channel: string }[],
): InternedKeys {
  const interner = new KeyInterner();
  const gt = keysOfEvents(interner, gtEvents);
  const pred = keysOfEvents(interner, predEvents);
  return { gt, pred, channelNames: interner.channelNames };
}

/**
 * The keys of the events' channels. A module function, not a closure made per call: V8 keeps the
 * code it compiles for this loop (100,000s of events) only for the function it compiled.
 */
function keysOfEvents(
  interner: KeyInterner,
  events: readonly { readonly channel: string }[],
): Int32Array {
  const keys = new Int32Array(events.length);
  for (let i = 0; i < events.length; i++) keys[i] = interner.key(events[i]!.channel);
  return keys;
}

/** What `createAligner` accepts (structurally the same as `AlignerInput` of `evaluate`). */
export type AlignerSpec = AlignerName | AlignerSpecObject | Aligner;

function isUserAligner(x: object): x is Aligner {
  return (
    typeof (x as { name?: unknown }).name === 'string' &&
    typeof (x as { align?: unknown }).align === 'function'
  );
}

/**
 * Build an aligner from a registered name, a `{name, ...params}` spec (validated against the
 * plug-in's schema), or pass a user `Aligner` (any object with a string `name` and an `align`
 * function) through unchanged.
 *
 * @throws ConfigError for an unknown name, unknown keys, or invalid parameters.
 */
export function createAligner(input: AlignerSpec, path: InputPath = ['aligner']): Aligner {
  if (typeof input === 'string') {
    const plugin = alignerPlugin(input);
    if (plugin) return plugin.create({ name: plugin.name } as never, path);
    // JS callers and config files can pass null: the declared type is not a guarantee.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  } else if (typeof input === 'object' && input !== null) {
    if (isUserAligner(input)) return input;
    const name = (input as { name?: unknown }).name;
    const plugin = typeof name === 'string' ? alignerPlugin(name) : undefined;
    if (!plugin) {
      throw new ConfigError(
        `unknown aligner ${JSON.stringify(name)} (expected ${alignerNamesText()} or an Aligner object)`,
        { path: [...path, 'name'] },
      );
    }
    const r = plugin.schema(CHECKED_NUMBERS).safeParse({ ...input, name: plugin.name });
    if (!r.success) {
      // Every issue is kept (zod's model: issues as data, the message computed from them).
      throw ConfigError.fromIssues(
        r.error.issues.map((issue) => ({
          path: [
            ...path,
            ...inputPath(issue.path),
            ...(issue.code === 'unrecognized_keys' ? [issue.keys[0]!] : []),
          ],
          message: describeIssue(issue),
        })),
        undefined,
      );
    }
    return plugin.create(r.data, path);
  }
  throw new ConfigError(
    `must be one of ${alignerNamesText()}, a {name, ...params} spec or an Aligner object, got ${
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- null from JS callers
      typeof input === 'string' ? JSON.stringify(input) : input === null ? 'null' : typeof input
    }`,
    { path },
  );
}
