/**
 * A recorder for environment objects: `createRecorder().track(device, 'dev')` returns a Proxy that
 * records property writes and method calls as trace events, so a test does not hand-write its
 * event log. See docs/recorder.md for what cannot be proxied.
 */
import { TraceError } from '../errors.js';
import { Trace } from '../trace/trace.js';
import type { TraceEvent } from '../trace/types.js';

/** What the recorder is about to record; passed to the naming function. */
export interface RecordedOperation {
  /** `write`: a property assignment; `call`: a method call. */
  readonly kind: 'write' | 'call';
  /** The prefix given to `track()`, if any. */
  readonly prefix: string | undefined;
  /** Property names from the tracked object to the written property or called method. */
  readonly path: readonly string[];
  /** The default channel: `prefix.path` joined with dots (`dev.motor.x`, `dev.move`). */
  readonly channel: string;
  /** The written value, or the call's argument list. */
  readonly value: unknown;
}

/**
 * Names the channel of an operation: a string is the channel, `undefined` keeps the default
 * (`prefix.path`), `null` does not record the operation (it still happens).
 */
export type ChannelNamer = (op: RecordedOperation) => string | null | undefined;

/** Options of `createRecorder()`. */
export interface RecorderOptions {
  /**
   * The clock, in seconds. Timestamps are `clock() - start`. The default reads `Date.now()` at
   * each event, so Vitest's and Jest's fake timers make recorded timing deterministic.
   * @default () => Date.now() / 1000
   */
  readonly clock?: () => number;
  /**
   * The clock reading that counts as time 0. @default the clock's reading at `createRecorder()`
   * (give it when the clock is already relative, e.g. a simulation time starting at 0).
   */
  readonly start?: number;
  /** Names channels (or skips operations by returning `null`). @default `prefix.path` */
  readonly name?: ChannelNamer;
  /**
   * What a method call's event value is (see docs/recorder.md, "What a call records"):
   * - `'judged'`: what the call returns is part of the behaviour. A call that returns nothing
   *   (`undefined`) records its argument list (`dev.move = [5]`); a call without arguments that
   *   returns something records the result alone (a read: `oven.readTemperature = 59.8`); any
   *   other call records `{args, result}`. The default comparator compares these deeply, numbers
   *   within its tolerance. An async call's value becomes final when its promise settles.
   * - `'args'`: the argument list alone, the result in `meta.result` (never compared), as before.
   * @default 'judged'
   */
  readonly calls?: 'judged' | 'args';
}

/** Records events from tracked objects and explicit `emit()` calls. */
export interface Recorder {
  /**
   * A Proxy of `target` (nested objects are tracked too, lazily) that records property writes
   * (value = the written value) and method calls (value = what the call was given and returned,
   * see `RecorderOptions.calls`; a thrown error in `meta.error`). Reads are not recorded. Tracking the same object twice with the same
   * prefix returns the same proxy.
   */
  track<T extends object>(target: T, prefix?: string): T;
  /** Record an explicit event; returns it. */
  emit(channel: string, value: unknown, meta?: Readonly<Record<string, unknown>>): TraceEvent;
  /** The recorded events, in recording order: a plain array, usable as any matcher's received value. */
  readonly events: readonly TraceEvent[];
  /** The recorded events as a `Trace` (a snapshot: later events are not in it). */
  trace(): Trace;
  /** Forget the recorded events (the clock's origin stays). */
  clear(): void;
}

/** A mutable event while it is being recorded (a call's result arrives after its event). */
interface OpenEvent {
  channel: string;
  timestamp: number;
  value: unknown;
  meta?: Record<string, unknown>;
}

/**
 * The value of a call that returned `result` (`'judged'` mode): the arguments for a call that
 * returned nothing (or its own object), the result alone for a call without arguments, else
 * `{args, result}`. The result is stored as returned (not copied): an object the environment
 * changes later changes in the event too, as a written value does.
 */
function judgedValue(args: readonly unknown[], result: unknown): unknown {
  if (result === undefined) return args;
  if (args.length === 0) return result;
  return { args, result };
}

function defaultClockMs(): number {
  return Date.now();
}

/** `{name, message}` of a thrown value: plain data, safe for reports and golden files. */
function describeError(e: unknown): { name: string; message: string } {
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: typeof e, message: String(e) };
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    (typeof v === 'object' || typeof v === 'function') &&
    v !== null &&
    typeof (v as { then?: unknown }).then === 'function'
  );
}

/** Objects the recorder descends into: everything but promises (whose `then` calls would be noise). */
function isTrackable(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !isThenable(v);
}

/**
 * A property whose value the proxy must return unchanged (Proxy invariant): a non-configurable,
 * non-writable own data property, e.g. every property of a frozen object.
 */
function isFixed(target: object, key: PropertyKey): boolean {
  const d = Reflect.getOwnPropertyDescriptor(target, key);
  return d !== undefined && d.configurable === false && 'value' in d && d.writable === false;
}

/** Create a recorder. See `Recorder` and docs/recorder.md. */
export function createRecorder(options: RecorderOptions = {}): Recorder {
  if (options.clock !== undefined && typeof options.clock !== 'function')
    throw new TypeError('createRecorder: options.clock must be a function returning seconds');
  // The default clock works in integer milliseconds and divides last, so 50 ms of fake time is
  // exactly 0.05 s (not 0.05000019… from subtracting two large second counts).
  const clock = options.clock ?? defaultClockMs;
  const scale = options.clock === undefined ? 1000 : 1;
  const start = options.start === undefined ? clock() : options.start * scale;
  const namer = options.name;
  const calls: unknown = options.calls ?? 'judged';
  // A JavaScript caller may pass anything.
  if (calls !== 'judged' && calls !== 'args')
    throw new TypeError(
      `createRecorder: options.calls must be 'judged' or 'args', got ${JSON.stringify(calls)}`,
    );
  const judged = calls === 'judged';
  const events: TraceEvent[] = [];
  /** Proxy → its real object: proxies handed back to the environment are unwrapped. */
  const targets = new WeakMap<object, object>();
  const unwrap = (v: unknown): unknown =>
    typeof v === 'object' && v !== null ? (targets.get(v) ?? v) : v;
  /** One proxy per (target, channel path), so `p.motor === p.motor`. */
  const proxies = new WeakMap<object, Map<string, object>>();
  /** One wrapper per (function, owner, channel path), so `p.move === p.move`. */
  const wrappers = new WeakMap<
    object,
    WeakMap<object, Map<string, (...args: unknown[]) => unknown>>
  >();

  function now(): number {
    const t = (clock() - start) / scale;
    if (!Number.isFinite(t))
      throw new TraceError(`the recorder's clock returned a non-finite time (${String(t)})`, {
        path: ['clock'],
      });
    return t;
  }

  function open(
    kind: 'write' | 'call',
    prefix: string | undefined,
    path: readonly string[],
    value: unknown,
  ): OpenEvent | null {
    const fallback = [...(prefix === undefined || prefix === '' ? [] : [prefix]), ...path].join(
      '.',
    );
    const named = namer ? namer({ kind, prefix, path, channel: fallback, value }) : undefined;
    if (named === null) return null;
    const channel = named ?? fallback;
    if (typeof channel !== 'string' || channel === '') {
      throw new TypeError(
        `createRecorder: the naming function must return a non-empty string, null or undefined, got ${JSON.stringify(channel)} for ${fallback}`,
      );
    }
    const e: OpenEvent = { channel, timestamp: now(), value };
    events.push(e);
    return e;
  }

  function wrapMethod(
    fn: (...args: unknown[]) => unknown,
    owner: object,
    prefix: string | undefined,
    path: readonly string[] | null,
  ): (...args: unknown[]) => unknown {
    // path null: a symbol-keyed method (an iterator, a custom inspect): run on the real object, not recorded.
    const key = path === null ? '' : JSON.stringify([prefix ?? null, path]);
    let byOwner = wrappers.get(fn);
    if (!byOwner) wrappers.set(fn, (byOwner = new WeakMap()));
    let byPath = byOwner.get(owner);
    if (!byPath) byOwner.set(owner, (byPath = new Map<string, (...args: unknown[]) => unknown>()));
    const cached = byPath.get(key);
    if (cached) return cached;
    const wrapper = function recordedCall(this: unknown, ...given: unknown[]): unknown {
      // A tracked object passed back in (`dev.attach(dev.part)`) reaches the method as itself.
      const args = given.map(unwrap);
      const e = path === null ? null : open('call', prefix, path, args.slice());
      let result: unknown;
      try {
        // The real object is `this`, so private fields and internal slots (Map, Set, Date) work.
        result = Reflect.apply(fn, owner, args);
      } catch (err) {
        if (e) e.meta = { error: describeError(err) };
        throw err;
      }
      if (e) {
        if (isThenable(result)) {
          e.meta = { pending: true };
          // Observe the settlement without consuming it: the caller still gets the original promise.
          Promise.resolve(result).then(
            (v) => {
              if (judged) {
                e.value = judgedValue(args, v === owner ? undefined : v);
                delete e.meta;
              } else e.meta = v === undefined ? {} : { result: v };
            },
            (err: unknown) => void (e.meta = { error: describeError(err) }),
          );
        } else if (judged) {
          // A method that returns its own object (chaining: `set.add(x)`, `map.set(k, v)`)
          // returned nothing to judge.
          e.value = judgedValue(args, result === owner ? undefined : result);
        } else if (result !== undefined) {
          e.meta = { result };
        }
      }
      return result;
    };
    Object.defineProperty(wrapper, 'name', { value: fn.name });
    byPath.set(key, wrapper);
    return wrapper;
  }

  function proxyOf<T extends object>(
    target: T,
    prefix: string | undefined,
    path: readonly string[],
  ): T {
    const key = JSON.stringify([prefix ?? null, path]);
    let byPath = proxies.get(target);
    if (!byPath) proxies.set(target, (byPath = new Map<string, object>()));
    const cached = byPath.get(key);
    if (cached) return cached as T;
    const proxy = new Proxy(target, {
      get(t, prop) {
        // The real object as receiver: getters that read private fields or internal slots work.
        const v: unknown = Reflect.get(t, prop, t);
        if (isFixed(t, prop)) return v;
        if (typeof prop === 'symbol')
          return typeof v === 'function'
            ? wrapMethod(v as (...args: unknown[]) => unknown, t, prefix, null)
            : v;
        if (typeof v === 'function') {
          if (prop === 'constructor') return v;
          return wrapMethod(v as (...args: unknown[]) => unknown, t, prefix, [...path, prop]);
        }
        return isTrackable(v) ? proxyOf(v, prefix, [...path, prop]) : v;
      },
      set(t, prop, given) {
        // Store the real object, never a proxy, so the environment's own code stays unrecorded.
        const value = unwrap(given);
        if (typeof prop === 'symbol') return Reflect.set(t, prop, value, t);
        const e = open('write', prefix, [...path, prop], value);
        // The real object as receiver: a setter runs with `this` = the target, so the device's own
        // writes inside it are not recorded again (emit() them if they matter).
        const ok = Reflect.set(t, prop, value, t);
        if (!ok && e) events.splice(events.indexOf(e), 1);
        return ok;
      },
    });
    byPath.set(key, proxy);
    targets.set(proxy, target);
    return proxy;
  }

  return {
    track<T extends object>(target: T, prefix?: string): T {
      // JS callers can pass anything: the declared type is not a guarantee.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (typeof target !== 'object' || target === null) {
        throw new TypeError(
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
          `recorder.track: expected an object to track, got ${target === null ? 'null' : typeof target}`,
        );
      }
      if (prefix !== undefined && typeof prefix !== 'string')
        throw new TypeError(`recorder.track: the prefix must be a string, got ${typeof prefix}`);
      return proxyOf(unwrap(target) as T, prefix, []);
    },
    emit(channel: string, value: unknown, meta?: Readonly<Record<string, unknown>>): TraceEvent {
      if (typeof channel !== 'string' || channel === '')
        throw new TypeError(
          `recorder.emit: the channel must be a non-empty string, got ${JSON.stringify(channel)}`,
        );
      const e: OpenEvent = { channel, timestamp: now(), value };
      if (meta !== undefined) e.meta = { ...meta };
      events.push(e);
      return e;
    },
    get events(): readonly TraceEvent[] {
      return events;
    },
    trace(): Trace {
      return new Trace(events.map((e) => ({ ...e })));
    },
    clear(): void {
      events.length = 0;
    },
  };
}
