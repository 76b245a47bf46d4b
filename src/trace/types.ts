/** One observation of the environment: a channel changed to `value` at `timestamp` (seconds). */
export interface TraceEvent {
  readonly channel: string;
  readonly timestamp: number;
  /**
   * Any JSON-like value. In reference mode a value read from JSON text may hold a
   * `PyFloat` (an integral float such as `1.0`) or a `bigint` (an integer beyond 2^53),
   * so the Python int/float distinction survives (see `src/py/value.ts`).
   */
  readonly value: unknown;
  /**
   * Free-form metadata; never influences scoring, except `parallel_group` in default mode: the
   * calls of one model response (consecutive events sharing it) align in one canonical order.
   */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** `[channel, timestamp, value]` — the reference's event tuple, used in reports. */
export type EventTuple = readonly [channel: string, timestamp: number, value: unknown];

/** What every API that takes a trace accepts. */
export type TraceLike = { readonly events: readonly TraceEvent[] } | readonly TraceEvent[];
