/**
 * Config entries keyed by a channel that name no channel of the traces evaluated (S1, default
 * mode): a misspelt `comparators.by_channel` key or `ignore_channels` entry is otherwise silently
 * never used, and the user believes the tolerance was tightened or the channel dropped.
 */
import { formatPath } from '../errors.js';
import { didYouMean } from '../schema/suggest.js';
import type { Trace } from '../trace/trace.js';
import type { EvaluateOptions } from './types.js';

/** Channels a warning lists when no known channel is close to the key. */
const LISTED_CHANNELS = 10;

/**
 * One line per channel-keyed config entry that names no channel of `traces`, in options order:
 * `comparators.by_channel["mono:enrgy"] names no channel of either trace; did you mean
 * "mono:energy"?`, or the traces' channels when none is close. `aliases` keys are matched with the
 * channels as written in the traces, every other entry with the channels after aliasing.
 */
export function unknownChannelKeys(
  opts: Readonly<EvaluateOptions>,
  traces: readonly Trace[],
): string[] {
  const which = traces.length === 2 ? 'either trace' : 'the traces';
  return unknownChannelEntries(opts, traces).map((u) => unknownChannelLine(u, which));
}

/**
 * Codes of the warnings a config draws from the traces it is used on: `unknown-channel-key`, a
 * channel-keyed entry that names no channel of the traces (`unknownChannelEntries`).
 */
export const CONFIG_WARNING_CODES = ['unknown-channel-key'] as const;

/** A channel-keyed config entry that names no channel: where it is, and what to say about it. */
export interface UnknownChannelEntry {
  /** The entry, as a config path (`comparators.by_channel["mono:enrgy"]`, `ignore_channels[0] ("x")`). */
  readonly where: string;
  /** `did you mean "mono:energy"?`, or the channels there are. */
  readonly hint: string;
}

/** `<where> names no channel of <which>; <hint>`: the words of every such warning. */
export function unknownChannelLine(u: UnknownChannelEntry, which: string): string {
  return `${u.where} names no channel of ${which}; ${u.hint}`;
}

/** The entries of `unknownChannelKeys`, unworded (batch mode words those of every pair). */
export function unknownChannelEntries(
  opts: Readonly<EvaluateOptions>,
  traces: readonly Trace[],
): UnknownChannelEntry[] {
  // The entries first: a config with none (the common case) never walks the events.
  const aliases = opts.aliases ?? {};
  const at = (...path: PropertyKey[]): string => formatPath(path);
  /**
   * Each entry: its section, where it is, the channel it names, and whether it names one as
   * written (before aliasing).
   */
  const entries: { section: string; where: string; key: string; asWritten: boolean }[] = [];
  for (const key of Object.keys(aliases))
    entries.push({ section: 'aliases', where: at('aliases', key), key, asWritten: true });
  (opts.ignore_channels ?? []).forEach((ch, i) =>
    entries.push({
      section: 'ignore_channels',
      where: `${at('ignore_channels', i)} (${JSON.stringify(ch)})`,
      key: ch,
      asWritten: false,
    }),
  );
  for (const key of Object.keys(opts.comparators?.by_channel ?? {}))
    entries.push({
      section: 'comparators',
      where: at('comparators', 'by_channel', key),
      key,
      asWritten: false,
    });
  for (const key of Object.keys(opts.continuous_channels ?? {}))
    entries.push({
      section: 'continuous_channels',
      where: at('continuous_channels', key),
      key,
      asWritten: false,
    });
  const aligner = opts.aligner;
  if (typeof aligner === 'object' && 'by_channel' in aligner) {
    const byChannel = (aligner as { by_channel?: unknown }).by_channel;
    if (typeof byChannel === 'object' && byChannel !== null)
      for (const key of Object.keys(byChannel))
        entries.push({
          section: 'aligner',
          where: at('aligner', 'by_channel', key),
          key,
          asWritten: false,
        });
  }
  if (entries.length === 0) return [];
  // A name repeated within one section (YAML aliases can repeat one 4,000 times) is said once.
  const said = new Set<string>();
  const distinct = entries.filter((e) => {
    const id = `${e.section}\u0000${e.key}`;
    if (said.has(id)) return false;
    said.add(id);
    return true;
  });
  const raw = new Set<string>();
  for (const t of traces) for (const e of t.events) raw.add(e.channel);
  const canonical = new Set<string>();
  for (const ch of raw)
    canonical.add(Object.prototype.hasOwnProperty.call(aliases, ch) ? aliases[ch]! : ch);
  const out: UnknownChannelEntry[] = [];
  const check = (where: string, key: string, known: ReadonlySet<string>): void => {
    if (known.has(key)) return;
    const names = [...known];
    const aliased = known === canonical && Object.prototype.hasOwnProperty.call(aliases, key);
    const close = aliased ? undefined : didYouMean(key, names);
    const hint = aliased
      ? `did you mean ${JSON.stringify(aliases[key])}? (aliases renames ${JSON.stringify(key)} to it first)`
      : close !== undefined
        ? `did you mean ${JSON.stringify(close)}?`
        : names.length === 0
          ? 'the traces have no events'
          : `the channels: ${names
              .slice(0, LISTED_CHANNELS)
              .map((n) => JSON.stringify(n))
              .join(', ')}${names.length > LISTED_CHANNELS ? `, … (${names.length} in all)` : ''}`;
    out.push({ where, hint });
  };
  for (const { where, key, asWritten } of distinct) check(where, key, asWritten ? raw : canonical);
  return out;
}
