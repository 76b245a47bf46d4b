/**
 * The unit trace timestamps are in: a label only. Scores never depend on it (timing is fitted on
 * the numbers as they are); reports and failure messages print it after times and time offsets.
 */

/** Accepted `time_unit` values: seconds (the default), milli-, micro-, nanoseconds, minutes, hours. */
export const TIME_UNITS = ['s', 'ms', 'us', 'ns', 'min', 'h'] as const;

/** One of `TIME_UNITS`. */
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The unit when `time_unit` is not given. */
export const DEFAULT_TIME_UNIT: TimeUnit = 's';

/** Whether `v` is an accepted `time_unit`. */
export function isTimeUnit(v: unknown): v is TimeUnit {
  return typeof v === 'string' && (TIME_UNITS as readonly string[]).includes(v);
}
