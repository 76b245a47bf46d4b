import { describe, expect, it } from 'vitest';
import { Trace, eventTuple, traceOwning } from './trace.js';

const ev = (channel: string, timestamp: number, value: unknown = null) => ({
  channel,
  timestamp,
  value,
});

describe('Trace helpers', () => {
  const t = new Trace([ev('b', 2), ev('a', 1), ev('c', 1), ev('a', 3)]);

  it('sorts stably by time and never mutates', () => {
    expect(t.sortByTime().events.map((e) => e.channel)).toEqual(['a', 'c', 'b', 'a']);
    expect(t.events.map((e) => e.channel)).toEqual(['b', 'a', 'c', 'a']);
    expect(Object.isFrozen(t.events)).toBe(true);
  });

  it('zeroTime: earliest by default, first event in reference mode (B10), or an explicit zero', () => {
    expect(t.zeroTime().events.map((e) => e.timestamp)).toEqual([1, 0, 0, 2]);
    expect(t.zeroTime({ mode: 'reference' }).events.map((e) => e.timestamp)).toEqual([
      0, -1, -1, 1,
    ]);
    expect(t.zeroTime({ zeroAt: 10 }).events.map((e) => e.timestamp)).toEqual([-8, -9, -9, -7]);
    expect(new Trace().zeroTime().length).toBe(0);
  });

  it('filters by channel and by an inclusive time window', () => {
    expect(t.filterByChannels(['a']).length).toBe(2);
    expect(t.filterByTimeWindow(1, 2).events.map((e) => e.timestamp)).toEqual([2, 1, 1]);
    expect(t.filterByTimeWindow(undefined, 1).length).toBe(2);
  });

  it('canonicalizes one step, not transitively', () => {
    const c = new Trace([ev('a', 0), ev('b', 1)]).canonicalize({ a: 'b', b: 'c' });
    expect(c.events.map((e) => e.channel)).toEqual(['b', 'c']);
    expect(new Trace([ev('toString', 0)]).canonicalize({}).events[0]!.channel).toBe('toString');
  });

  it('deduplicate chains bursts into the newest event and only merges consecutive same-channel events', () => {
    const burst = new Trace([
      ev('m', 0, 1),
      ev('m', 0.008, 2),
      ev('m', 0.016, 3),
      ev('m', 0.024, 4),
      ev('d', 0.025),
      ev('m', 0.03, 5),
    ]);
    expect(burst.deduplicate(0.01).events.map((e) => e.value)).toEqual([4, null, 5]);
    expect(burst.deduplicate().length).toBe(6);
    expect(new Trace([ev('m', 1.0), ev('m', 1.1)]).deduplicate(0.1).length).toBe(2); // |1.1 - 1.0| > 0.1 in IEEE
  });

  it('eventTuple', () => {
    expect(eventTuple(ev('a', 1, 2))).toEqual(['a', 1, 2]);
    expect(eventTuple(null)).toBeNull();
  });
});

describe('traceOwning', () => {
  it('keeps the array it is handed (frozen), while new Trace still copies its input', () => {
    const events = [{ channel: 'a', timestamp: 0, value: 1 }];
    const owned = traceOwning(events);
    expect(owned.events).toBe(events);
    expect(Object.isFrozen(owned.events)).toBe(true);

    const input = [{ channel: 'a', timestamp: 0, value: 1 }];
    const copied = new Trace(input);
    expect(copied.events).not.toBe(input);
    input.push({ channel: 'b', timestamp: 1, value: 2 });
    expect(copied.length).toBe(1);
    // The hand-over applies to that one call only.
    expect(new Trace(events).events).not.toBe(events);
  });
});
