import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraceError } from '../errors.js';
import { Trace } from '../trace/trace.js';
import { createRecorder } from './recorder.js';

/** A manual clock: `tick(s)` advances it. */
function manualClock(t0 = 100): { clock: () => number; tick: (s: number) => void } {
  let t = t0;
  return { clock: () => t, tick: (s) => void (t += s) };
}

class Motor {
  #position = 0;
  moves = 0;
  get position(): number {
    return this.#position;
  }
  move(to: number): number {
    if (!Number.isFinite(to)) throw new RangeError(`cannot move to ${to}`);
    this.#position = to;
    this.moves += 1; // an internal write: not recorded again
    return this.#position;
  }
  async home(): Promise<string> {
    await Promise.resolve();
    this.#position = 0;
    return 'homed';
  }
  async fail(): Promise<never> {
    await Promise.resolve();
    throw new Error('stalled');
  }
}

describe('createRecorder', () => {
  it('records writes as prefix.path and calls as {args, result}, times from the clock origin', () => {
    const c = manualClock();
    const rec = createRecorder({ clock: c.clock });
    const dev = rec.track({ motor: { x: 0 }, move: (x: number) => x * 2 }, 'dev');
    c.tick(0.5);
    dev.motor.x = 2;
    c.tick(0.25);
    expect(dev.move(2)).toBe(4);
    expect(rec.events).toEqual([
      { channel: 'dev.motor.x', timestamp: 0.5, value: 2 },
      { channel: 'dev.move', timestamp: 0.75, value: { args: [2], result: 4 } },
    ]);
  });

  it("calls: 'judged' (default): void calls keep their arguments, zero-argument reads their result", () => {
    const rec = createRecorder({ clock: () => 0 });
    let t = 59.5;
    const oven = rec.track(
      {
        readTemperature: () => (t += 0.25),
        setHeater: (_on: boolean): void => undefined,
        chain(): object {
          return this;
        },
      },
      'oven',
    );
    oven.readTemperature();
    oven.readTemperature();
    oven.setHeater(true);
    oven.chain();
    expect(rec.events.map((e) => [e.channel, e.value, e.meta])).toEqual([
      ['oven.readTemperature', 59.75, undefined],
      ['oven.readTemperature', 60, undefined],
      ['oven.setHeater', [true], undefined],
      ['oven.chain', [], undefined],
    ]);
  });

  it("calls: 'args' keeps the arguments-only form, the result in meta (not compared)", async () => {
    const rec = createRecorder({ clock: () => 0, calls: 'args' });
    const dev = rec.track({ move: (x: number) => x * 2, read: () => 7 }, 'dev');
    dev.move(2);
    dev.read();
    const m = rec.track(new Motor(), 'm');
    const p = m.home();
    expect(rec.events[2]?.meta).toEqual({ pending: true });
    await p;
    expect(rec.events).toEqual([
      { channel: 'dev.move', timestamp: 0, value: [2], meta: { result: 4 } },
      { channel: 'dev.read', timestamp: 0, value: [], meta: { result: 7 } },
      { channel: 'm.home', timestamp: 0, value: [], meta: { result: 'homed' } },
    ]);
    expect(() => createRecorder({ calls: 'result' as 'args' })).toThrow(
      "options.calls must be 'judged' or 'args'",
    );
  });

  it('without a prefix the channel is the path', () => {
    const rec = createRecorder({ clock: () => 0 });
    const dev = rec.track({ a: { b: 1 } });
    dev.a.b = 3;
    expect(rec.events.map((e) => e.channel)).toEqual(['a.b']);
  });

  it('class instances: private fields, getters and internal writes behave as without the recorder', () => {
    const rec = createRecorder({ clock: () => 1, start: 0 });
    const m = rec.track(new Motor(), 'm');
    expect(m).toBeInstanceOf(Motor);
    expect(m.move(3)).toBe(3);
    expect(m.position).toBe(3);
    expect(m.moves).toBe(1);
    expect(rec.events).toEqual([
      { channel: 'm.move', timestamp: 1, value: { args: [3], result: 3 } },
    ]);
  });

  it('a thrown error is recorded in meta and rethrown unchanged', () => {
    const rec = createRecorder({ clock: () => 0 });
    const m = rec.track(new Motor(), 'm');
    expect(() => m.move(Number.NaN)).toThrow(RangeError);
    expect(rec.events[0]?.meta).toEqual({
      error: { name: 'RangeError', message: 'cannot move to NaN' },
    });
  });

  it('works across await: an async result becomes the value when it settles, a rejection lands in meta; the caller gets the original promise', async () => {
    const rec = createRecorder({ clock: () => 0 });
    const m = rec.track(new Motor(), 'm');
    const p = m.home();
    expect(rec.events[0]).toEqual({
      channel: 'm.home',
      timestamp: 0,
      value: [],
      meta: { pending: true },
    });
    await expect(p).resolves.toBe('homed');
    expect(rec.events[0]).toEqual({ channel: 'm.home', timestamp: 0, value: 'homed' });
    await expect(m.fail()).rejects.toThrow('stalled');
    expect(rec.events[1]?.meta).toEqual({ error: { name: 'Error', message: 'stalled' } });
  });

  it('Map, Set and Date keep working (methods run on the real object) and their calls are recorded', () => {
    const rec = createRecorder({ clock: () => 0 });
    const env = rec.track(
      { cache: new Map<string, number>(), seen: new Set<number>(), at: new Date(0) },
      'env',
    );
    env.cache.set('a', 1);
    expect(env.cache.get('a')).toBe(1);
    expect(env.cache.size).toBe(1);
    env.seen.add(5);
    expect([...env.seen]).toEqual([5]);
    expect(env.at.getTime()).toBe(0);
    expect(rec.events.map((e) => [e.channel, e.value])).toEqual([
      ['env.cache.set', ['a', 1]], // returns the map itself: nothing to judge
      ['env.cache.get', { args: ['a'], result: 1 }],
      ['env.seen.add', [5]],
      ['env.at.getTime', 0],
    ]);
  });

  it('arrays: element writes and mutating calls are recorded once', () => {
    const rec = createRecorder({ clock: () => 0 });
    const env = rec.track({ list: [1, 2] }, 'env');
    env.list.push(3);
    env.list[0] = 9;
    expect(env.list.length).toBe(3);
    expect(rec.events.map((e) => [e.channel, e.value])).toEqual([
      ['env.list.push', { args: [3], result: 3 }],
      ['env.list.0', 9],
    ]);
  });

  it('keeps identity: the same nested proxy and the same method wrapper on every read', () => {
    const rec = createRecorder({ clock: () => 0 });
    const raw = { motor: { x: 0 }, go(): void {} };
    const dev = rec.track(raw, 'dev');
    expect(dev.motor).toBe(dev.motor);
    expect(dev.go).toBe(dev.go);
    expect(rec.track(raw, 'dev')).toBe(dev);
    expect(dev.constructor).toBe(Object);
  });

  it('the naming function renames, keeps the default (undefined) or skips (null)', () => {
    const rec = createRecorder({
      clock: () => 0,
      name: (op) =>
        op.kind === 'call' && op.path[0] === 'wait'
          ? null
          : op.path[0] === 'pv'
            ? op.path[1]
            : undefined,
    });
    const bl = rec.track(
      { pv: {} as Record<string, unknown>, wait: (_s: number) => undefined, other: 0 },
      'bl',
    );
    bl.pv['XF:Mtr'] = 1;
    bl.wait(3);
    bl.other = 2;
    expect(rec.events).toEqual([
      { channel: 'XF:Mtr', timestamp: 0, value: 1 },
      { channel: 'bl.other', timestamp: 0, value: 2 },
    ]);
    const bad = createRecorder({ clock: () => 0, name: () => '' });
    expect(() => (bad.track({ a: 0 }).a = 1)).toThrow(
      'the naming function must return a non-empty string, null or undefined, got "" for a',
    );
  });

  it('frozen objects: members come back unwrapped (Proxy invariant), writes fail and are not recorded', () => {
    const rec = createRecorder({ clock: () => 0 });
    const f = rec.track(Object.freeze({ n: 1, inner: { x: 0 } }), 'f');
    expect(() => {
      'use strict';
      (f as { n: number }).n = 2;
    }).toThrow(TypeError);
    f.inner.x = 5; // the frozen object's member is the raw object: not recorded
    expect(rec.events).toEqual([]);
  });

  it('symbol-keyed writes and calls are forwarded without recording', () => {
    const rec = createRecorder({ clock: () => 0 });
    const s = Symbol('s');
    const env = rec.track({ [s]: 0, items: [1, 2] } as { [s]: number; items: number[] }, 'env');
    env[s] = 1;
    expect([...env.items]).toEqual([1, 2]);
    expect(rec.events).toEqual([]);
  });

  it('emit adds explicit events; trace() snapshots them; clear() empties', () => {
    const c = manualClock(0);
    const rec = createRecorder({ clock: c.clock });
    c.tick(2);
    const e = rec.emit('log:step', 'start', { note: 1 });
    expect(e).toEqual({ channel: 'log:step', timestamp: 2, value: 'start', meta: { note: 1 } });
    const t = rec.trace();
    expect(t).toBeInstanceOf(Trace);
    rec.emit('log:step', 'done');
    expect(t.length).toBe(1);
    expect(rec.events).toHaveLength(2);
    rec.clear();
    expect(rec.events).toEqual([]);
  });

  it('misuse throws typed errors', () => {
    const rec = createRecorder({ clock: () => 0 });
    expect(() => rec.track(null as unknown as object)).toThrow(
      'recorder.track: expected an object to track, got null',
    );
    expect(() => rec.track(42 as unknown as object)).toThrow('got number');
    expect(() => rec.emit('', 1)).toThrow('recorder.emit: the channel must be a non-empty string');
    const broken = createRecorder({ clock: () => Number.NaN, start: 0 });
    expect(() => broken.emit('a', 1)).toThrow(TraceError);
    expect(() => createRecorder({ clock: 5 as unknown as () => number })).toThrow(
      'options.clock must be a function',
    );
  });

  describe('default clock (Date.now) under fake timers', () => {
    afterEach(() => vi.useRealTimers());

    it('timestamps follow the fake clock exactly, across await', async () => {
      // A start time that is not a whole number of seconds: 1.75 s must still be exactly 1.75.
      vi.useFakeTimers({ now: 1_767_225_600_123 });
      const rec = createRecorder();
      const dev = rec.track(
        {
          x: 0,
          async settle(ms: number): Promise<void> {
            await new Promise((r) => setTimeout(r, ms));
          },
        },
        'dev',
      );
      vi.advanceTimersByTime(1500);
      dev.x = 1;
      const done = dev.settle(250);
      await vi.advanceTimersByTimeAsync(250);
      await done;
      dev.x = 2;
      expect(rec.events.map((e) => [e.channel, e.timestamp])).toEqual([
        ['dev.x', 1.5],
        ['dev.settle', 1.5],
        ['dev.x', 1.75],
      ]);
    });

    it('fake milliseconds convert exactly (50 ms is 0.05 s, not 0.05000019…)', () => {
      vi.useFakeTimers({ now: 1_767_225_600_123 });
      const rec = createRecorder();
      vi.advanceTimersByTime(50);
      expect(rec.emit('a', 1).timestamp).toBe(0.05);
      const given = createRecorder({ start: 1_767_225_600.123 });
      expect(given.emit('b', 1).timestamp).toBe(0.05);
    });

    it('with real timers the timestamps are non-negative and non-decreasing', async () => {
      const rec = createRecorder();
      rec.emit('a', 1);
      await new Promise((r) => setTimeout(r, 5));
      rec.emit('b', 2);
      const [a, b] = rec.events;
      expect(a!.timestamp).toBeGreaterThanOrEqual(0);
      expect(b!.timestamp).toBeGreaterThan(a!.timestamp);
    });
  });
});

describe('documented limits (docs/recorder.md)', () => {
  it('writes a method makes on `this` are not recorded; the write through the proxy is', () => {
    const rec = createRecorder({ clock: () => 0 });
    const dev = rec.track(
      {
        x: 0,
        y: 0,
        setBoth(v: number) {
          this.x = v;
          this.y = v;
        },
      },
      'dev',
    );
    dev.setBoth(1);
    dev.x = 2;
    expect(rec.events.map((e) => e.channel)).toEqual(['dev.setBoth', 'dev.x']);
    expect([dev.x, dev.y]).toEqual([2, 1]);
  });

  it('values are recorded by reference; call arguments are a shallow copy of the list', () => {
    const rec = createRecorder({ clock: () => 0 });
    const dev = rec.track({ cfg: {} as object, apply: (..._a: unknown[]) => undefined }, 'dev');
    const cfg = { gain: 1 };
    dev.cfg = cfg;
    const args: unknown[] = [cfg];
    dev.apply(...args);
    cfg.gain = 2;
    expect(rec.events[0]?.value).toEqual({ gain: 2 });
    expect(rec.events[1]?.value).toEqual([{ gain: 2 }]);
    expect(rec.events[1]?.value).not.toBe(args);
  });

  it('the proxy is not the object: another instance reading its private field fails', () => {
    class P {
      #v = 1;
      static read(p: P): number {
        return p.#v;
      }
    }
    const rec = createRecorder({ clock: () => 0 });
    const p = rec.track(new P());
    expect(() => P.read(p)).toThrow(TypeError);
  });
});

describe('proxies handed back to the environment', () => {
  it('are unwrapped: written values, call arguments and re-tracked proxies are the real objects', () => {
    class Part {
      #id = 7;
      id(): number {
        return this.#id;
      }
    }
    class Cell {
      held: Part | undefined;
      attach(p: Part): number {
        this.held = p;
        return Part.prototype.id.call(p);
      }
    }
    const rec = createRecorder({ clock: () => 0 });
    const raw = { cell: new Cell(), part: new Part(), slot: undefined as Part | undefined };
    const env = rec.track(raw, 'env');
    expect(env.cell.attach(env.part)).toBe(7);
    env.slot = env.part;
    expect(raw.cell.held).toBe(raw.part);
    expect(raw.slot).toBe(raw.part);
    expect(rec.events.map((e) => [e.channel, e.value])).toEqual([
      ['env.cell.attach', { args: [raw.part], result: 7 }],
      ['env.slot', raw.part],
    ]);
    const again = rec.track(env, 'env');
    expect(again).toBe(env);
    again.slot = undefined;
    expect(rec.events).toHaveLength(3);
  });
});

describe('documented limits: cloning', () => {
  it('structuredClone of a proxy throws; JSON.stringify works', () => {
    const rec = createRecorder({ clock: () => 0 });
    const dev = rec.track({ a: { b: 1 } }, 'dev');
    expect(() => structuredClone(dev)).toThrow();
    expect(JSON.stringify(dev)).toBe('{"a":{"b":1}}');
  });
});

describe('recorded results are judged (issue 25)', () => {
  /** A thermostat run: read the oven, switch the heater. */
  function run(reading: number, calls?: 'judged' | 'args') {
    let t = 0;
    const rec = createRecorder({ clock: () => (t += 1), start: 0, ...(calls ? { calls } : {}) });
    const oven = rec.track(
      { readTemperature: () => reading, setHeater: (_on: boolean) => undefined },
      'oven',
    );
    oven.readTemperature();
    oven.setHeater(reading < 60);
    return rec.events;
  }

  it('a different sensor reading is a different behaviour; within tolerance it is marked ≈', async () => {
    const { evaluate } = await import('../evaluate/evaluate.js');
    expect(evaluate(run(59.8), run(20)).accuracy).toBe(false);
    const close = evaluate(run(59.8), run(59.81));
    expect(close.accuracy).toBe(true);
    expect(close.tolerance?.rows.map((u) => u.channel)).toEqual(['oven.readTemperature']);
    // The arguments-only form cannot tell the readings apart (both `[]`) — only the heater differs.
    const old = evaluate(run(59.8, 'args'), run(59.9, 'args'));
    expect(old.accuracy).toBe(true);
  });
});
