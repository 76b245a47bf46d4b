/**
 * How a metric says it was not measured: its `details.reason` is a string (the timing metric
 * with no matched pair to time, `NO_PAIRS_REASON`; timing with no discrete event at all, B4; a
 * continuous channel with an empty or non-finite side; the combined continuous metric when none
 * of its channels was, B10; any `PolicyMetricOutcome`). Its `score` is then a stand-in the
 * aggregate and the decision use as they are, not a measurement.
 * A user metric signals it the same way. The one test of it: every report asks this function.
 */
import { orderedEntries } from '../py/value.js';

/** Why the metric (or one continuous channel's entry) was not measured; `undefined` when it was. */
export function notMeasuredReason(result: { readonly details?: unknown }): string | undefined {
  const d = result.details;
  let reason: unknown;
  if (d instanceof Map) reason = (d as Map<unknown, unknown>).get('reason');
  else if (typeof d === 'object' && d !== null && Object.prototype.hasOwnProperty.call(d, 'reason'))
    reason = (d as Record<string, unknown>)['reason'];
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * The continuous channels (`details.per_channel` of the combined continuous metric) that were not
 * measured, with why, in channel order; `total` counts every channel. Empty for any other details.
 */
export function unmeasuredChannels(details: unknown): {
  readonly unmeasured: ReadonlyArray<readonly [channel: string, reason: string]>;
  readonly total: number;
} {
  const perChannel = entry(details, 'per_channel');
  const entries: Array<[string, unknown]> =
    perChannel instanceof Map
      ? [...(perChannel as Map<unknown, unknown>)].map(([k, v]) => [String(k), v])
      : typeof perChannel === 'object' && perChannel !== null
        ? orderedEntries(perChannel)
        : [];
  const unmeasured: Array<readonly [string, string]> = [];
  for (const [channel, info] of entries) {
    const why = notMeasuredReason({ details: entry(info, 'details') });
    if (why !== undefined) unmeasured.push([channel, why]);
  }
  return { unmeasured, total: entries.length };
}

function entry(obj: unknown, key: string): unknown {
  if (obj instanceof Map) return (obj as Map<unknown, unknown>).get(key);
  if (typeof obj === 'object' && obj !== null && Object.prototype.hasOwnProperty.call(obj, key))
    return (obj as Record<string, unknown>)[key];
  return undefined;
}
