import { brandClass } from '../brand.js';
import type { Mode } from '../policy/mode.js';
import { policyFor, type ScoringPolicy } from '../policy/index.js';
import type { EventTuple, TraceEvent, TraceLike } from './types.js';

/** How a reader chooses its policy: an already resolved one, or a mode name. */
export interface ReadPolicyOptions {
  /** @default "default" */
  readonly mode?: Mode | undefined;
  /** A resolved policy (`evaluate` and the CLI pass theirs); wins over `mode`. */
  readonly policy?: ScoringPolicy | undefined;
}

/**
 * The policy a trace reader's options choose: `policy` if given, else the policy of `mode`. The one
 * place where the mode given to a reader (`parseTrace`, `importFile`, `zeroTime`, …) becomes a
 * policy; the reader resolves it once, at its entry, and passes the object down.
 */
export function readPolicy(opts: ReadPolicyOptions): ScoringPolicy {
  return opts.policy ?? policyFor(opts.mode);
}

/** Stable sort by timestamp (ties keep input order — the reference uses Python's stable `sorted`). */
export function sortEventsByTime<E extends { readonly timestamp: number }>(
  events: readonly E[],
): E[] {
  // Array.prototype.sort is stable since ES2019.
  return events.slice().sort((a, b) => a.timestamp - b.timestamp);
}

/** `[channel, timestamp, value]`, the reference's event tuple (`null` stays `null`). */
export function eventTuple(e: TraceEvent | null): EventTuple | null {
  return e === null ? null : [e.channel, e.timestamp, e.value];
}

/** The events of any trace-like input. */
export function eventsOf(trace: TraceLike): readonly TraceEvent[] {
  return Array.isArray(trace)
    ? (trace as readonly TraceEvent[])
    : (trace as { readonly events: readonly TraceEvent[] }).events;
}

function withChannel(e: TraceEvent, channel: string): TraceEvent {
  return e.meta === undefined
    ? { channel, timestamp: e.timestamp, value: e.value }
    : { channel, timestamp: e.timestamp, value: e.value, meta: e.meta };
}

function withTimestamp(e: TraceEvent, timestamp: number): TraceEvent {
  return e.meta === undefined
    ? { channel: e.channel, timestamp, value: e.value }
    : { channel: e.channel, timestamp, value: e.value, meta: e.meta };
}

/** The array `traceOwning` is handing to the `Trace` constructor (set only during that call). */
let handedOver: TraceEvent[] | undefined;

/**
 * A `Trace` over `events` without copying them: for arrays that the caller has just built and
 * hands over (no other reference is kept). Not part of the public API.
 */
export function traceOwning(events: TraceEvent[]): Trace {
  handedOver = events;
  try {
    return new Trace(events);
  } finally {
    handedOver = undefined;
  }
}

/**
 * An execution trace: time-ordered (or not yet ordered) events. Immutable: every helper
 * returns a new `Trace`. The helpers follow the reference's rules exactly (README §4 Q20),
 * except `zeroTime()` in default mode (see its doc).
 */
export class Trace {
  readonly events: readonly TraceEvent[];

  constructor(events: Iterable<TraceEvent> = []) {
    // An array handed over by `traceOwning` is kept (nobody else holds it); any other input is copied.
    const owned = handedOver === events;
    handedOver = undefined;
    this.events = Object.freeze(owned ? (events as TraceEvent[]) : Array.from(events));
  }

  /** Wrap a trace-like value (a `Trace`, `{events}` or an array of events). */
  static from(trace: TraceLike | Trace): Trace {
    return trace instanceof Trace ? trace : new Trace(eventsOf(trace));
  }

  get length(): number {
    return this.events.length;
  }

  [Symbol.iterator](): Iterator<TraceEvent> {
    return this.events[Symbol.iterator]();
  }

  /** Stable sort by timestamp; equal timestamps keep their input order. */
  sortByTime(): Trace {
    return new Trace(sortEventsByTime(this.events));
  }

  /**
   * Subtract `zeroAt` from every timestamp. Without `zeroAt`: the reference subtracts the
   * **first** event's timestamp (`mode: "reference"`, bug B10: unsorted input gets negative
   * times); the default subtracts the **earliest** one. An empty trace is returned unchanged.
   */
  zeroTime(options: { zeroAt?: number } & ReadPolicyOptions = {}): Trace {
    if (this.events.length === 0) return new Trace([]);
    let zeroAt = options.zeroAt;
    if (zeroAt === undefined) {
      if (readPolicy(options).zeroTimeAt === 'first') zeroAt = this.events[0]!.timestamp;
      else zeroAt = this.events.reduce((m, e) => (e.timestamp < m ? e.timestamp : m), Infinity);
    }
    const z = zeroAt;
    return new Trace(this.events.map((e) => withTimestamp(e, e.timestamp - z)));
  }

  /** Keep only events whose channel is listed. */
  filterByChannels(channels: Iterable<string>): Trace {
    const keep = new Set(channels);
    return new Trace(this.events.filter((e) => keep.has(e.channel)));
  }

  /** Keep events with `start <= timestamp <= end` (both inclusive; an omitted bound is open). */
  filterByTimeWindow(start?: number | null, end?: number | null): Trace {
    return new Trace(
      this.events.filter(
        (e) =>
          (start === undefined || start === null || e.timestamp >= start) &&
          (end === undefined || end === null || e.timestamp <= end),
      ),
    );
  }

  /** Rename channels by `aliases` — one step, not transitive (`a→b, b→c` maps `a` to `b`). */
  canonicalize(aliases: Readonly<Record<string, string>> | ReadonlyMap<string, string>): Trace {
    const get: (ch: string) => string | undefined =
      aliases instanceof Map
        ? (ch: string) => (aliases as ReadonlyMap<string, string>).get(ch)
        : (ch: string) =>
            Object.prototype.hasOwnProperty.call(aliases, ch)
              ? (aliases as Record<string, string>)[ch]
              : undefined;
    return new Trace(
      this.events.map((e) => {
        const to = get(e.channel);
        return to === undefined ? e : withChannel(e, to);
      }),
    );
  }

  /**
   * Coalesce bursts: a run of **consecutive** events on the same channel whose timestamps are
   * within `coalesceWindow` of the last kept one collapses into its **newest** event (so bursts
   * chain: 0, 8, 16, 24 ms with a 10 ms window keep only the 24 ms event). `|Δt|` is used, so
   * decreasing times coalesce too. Without a window the trace is copied unchanged.
   */
  deduplicate(coalesceWindow?: number | null): Trace {
    if (coalesceWindow === undefined || coalesceWindow === null || this.events.length === 0)
      return new Trace(this.events);
    const out: TraceEvent[] = [];
    for (const e of this.events) {
      const last = out[out.length - 1];
      if (
        last !== undefined &&
        e.channel === last.channel &&
        Math.abs(e.timestamp - last.timestamp) <= coalesceWindow
      ) {
        out[out.length - 1] = e;
      } else {
        out.push(e);
      }
    }
    return new Trace(out);
  }

  /** The trace file form: `{schema_version: "1", events: [{channel, timestamp, value, meta}]}`. */
  toJSON(): {
    schema_version: '1';
    events: Array<{
      channel: string;
      timestamp: number;
      value: unknown;
      meta: Record<string, unknown>;
    }>;
  } {
    return {
      schema_version: '1',
      events: this.events.map((e) => ({
        channel: e.channel,
        timestamp: e.timestamp,
        value: e.value,
        meta: { ...(e.meta ?? {}) },
      })),
    };
  }
}
// `instanceof Trace` holds for a Trace from another copy of envtrace-js (ESM vs CJS).
brandClass(Trace, 'Trace');
