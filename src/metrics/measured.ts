/**
 * How a metric says it was not measured: its `details.reason` is a string (the timing metric
 * with no matched pair to time, `NO_PAIRS_REASON`; timing with no discrete event at all, B4; a
 * continuous channel with an empty or non-finite side; any `PolicyMetricOutcome`). Its `score`
 * is then a stand-in the aggregate and the decision use as they are, not a measurement.
 * A user metric signals it the same way. The one test of it: every report asks this function.
 */

/** Why the metric (or one continuous channel's entry) was not measured; `undefined` when it was. */
export function notMeasuredReason(result: { readonly details?: unknown }): string | undefined {
  const d = result.details;
  let reason: unknown;
  if (d instanceof Map) reason = (d as Map<unknown, unknown>).get('reason');
  else if (typeof d === 'object' && d !== null && Object.prototype.hasOwnProperty.call(d, 'reason'))
    reason = (d as Record<string, unknown>)['reason'];
  return typeof reason === 'string' ? reason : undefined;
}
