/**
 * A metric only partly measured: the combined continuous metric some, not all, of whose channels
 * were not measured (default mode). Its score is the mean over every channel, the unmeasured
 * ones' stand-ins included, so every report that shows it says how many channels it holds no
 * measurement of, in the words of `channelsNotMeasuredText` (`../verdict.ts`), as the text report
 * (`- continuous: score=0.500, pass=false (1 of 2 channels not measured)`) and the matcher's
 * metric table print them.
 */
import { notMeasuredReason, unmeasuredChannels } from '../../metrics/measured.js';
import { truncate } from '../escape.js';
import { channelsNotMeasuredText } from '../verdict.js';
import { DETAIL_REASON_CHARS } from './detail.js';

/**
 * Channels a record names in `channels_not_measured` at most (the count covers them all); each
 * name and reason is cut to `DETAIL_REASON_CHARS`.
 */
export const MAX_UNMEASURED_CHANNELS = 20;

/** What a record keeps of a partly measured metric (`RecordMetric.channels_not_measured`). */
export interface ChannelsNotMeasured {
  /** Channels not measured (≥ 1, < `total`). */
  readonly count: number;
  /** Channels of the metric. */
  readonly total: number;
  /** The first of them, in channel order, with why (`details.reason`). */
  readonly channels: Array<{ channel: string; reason: string }>;
}

export { channelsNotMeasuredText };

/**
 * `1 of 2 channels not measured: stage:rh (one empty)`, the channels the record names (`, …` when
 * it names fewer than `count`). Raw text: the caller escapes it (channel names and reasons come
 * from the configuration and user metrics).
 */
export function channelsNotMeasuredNote(c: Readonly<ChannelsNotMeasured>): string {
  const named = c.channels.map((x) => `${x.channel} (${x.reason})`);
  if (c.channels.length < c.count) named.push('…');
  return `${channelsNotMeasuredText(c.count, c.total)}: ${named.join(', ')}`;
}

/**
 * The channels of a metric result that were not measured, as a record keeps them, when `show`
 * (`ReportStyle.showUnmeasured`, the default mode) and the metric itself was measured (a metric
 * none of whose channels was carries `not_measured` instead); `undefined` otherwise.
 */
export function keptUnmeasuredChannels(
  result: { readonly details?: unknown },
  show: boolean,
): ChannelsNotMeasured | undefined {
  if (!show || notMeasuredReason(result) !== undefined) return undefined;
  const { unmeasured, total } = unmeasuredChannels(result.details);
  if (unmeasured.length === 0) return undefined;
  return {
    count: unmeasured.length,
    total,
    channels: unmeasured.slice(0, MAX_UNMEASURED_CHANNELS).map(([channel, reason]) => ({
      channel: truncate(channel, DETAIL_REASON_CHARS),
      reason: truncate(reason, DETAIL_REASON_CHARS),
    })),
  };
}
