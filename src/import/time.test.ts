import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExactTime,
  NanoEvents,
  nanosOf,
  relativeEvents,
  secondsBetween,
  timeFromDecimal,
  timeFromIso,
  isoPrecisionProblem,
  timeFromNanos,
  timeFromNumber,
} from './time.js';

const raw = (channel: string, time: ExactTime) => ({ channel, time, value: null, meta: {} });

describe('exact times', () => {
  it('reads decimals exactly, with sign and exponent', () => {
    expect(timeFromDecimal('12.50')).toEqual(new ExactTime(1250n, -2));
    expect(timeFromDecimal('-3e-2')).toEqual(new ExactTime(-3n, -2));
    expect(timeFromDecimal('.5')).toEqual(new ExactTime(5n, -1));
    expect(timeFromDecimal('7.')).toEqual(new ExactTime(7n, 0));
    for (const bad of ['', '.', 'abc', '1e', '1e999', '0x10', 'NaN', '1,5'])
      expect(timeFromDecimal(bad)).toBeUndefined();
  });

  it('reads a double as its shortest decimal', () => {
    expect(timeFromNumber(1767571201.203)).toEqual(new ExactTime(1767571201203n, -3));
    expect(timeFromNumber(1e21)).toEqual(new ExactTime(1n, 21));
    expect(timeFromNumber(Number.NaN)).toBeUndefined();
  });

  it('reads nanoseconds only from digits or integers', () => {
    expect(nanosOf('18446744073709551615')).toBe(18446744073709551615n);
    expect(nanosOf(12)).toBe(12n);
    expect(nanosOf(5n)).toBe(5n);
    for (const bad of ['1e9', '-1', 1.5, -3, '', null, undefined, {}])
      expect(nanosOf(bad)).toBeUndefined();
  });

  it('reads ISO 8601 date-times with fractions and offsets', () => {
    expect(timeFromIso('1970-01-01T00:00:00Z')).toEqual(new ExactTime(0n, 0));
    expect(timeFromIso('2026-01-20T09:15:00Z')).toEqual(
      new ExactTime(BigInt(Date.UTC(2026, 0, 20, 9, 15) / 1000), 0),
    );
    // +01:00 is one hour earlier in UTC; the fraction keeps every digit.
    expect(timeFromIso('2026-01-20T10:15:00.123456789+01:00')).toEqual(
      new ExactTime(BigInt(Date.UTC(2026, 0, 20, 9, 15) / 1000) * 10n ** 9n + 123456789n, -9),
    );
    expect(timeFromIso('2024-02-29 12:00:00')).toEqual(
      new ExactTime(BigInt(Date.UTC(2024, 1, 29, 12) / 1000), 0),
    );
    for (const bad of [
      '2026-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01',
      '2026-01-01T00:00:00+25:00',
      'yesterday',
    ]) {
      expect(timeFromIso(bad)).toBeUndefined();
    }
  });

  it('keeps up to 30 fraction digits and says why it refuses more', () => {
    const at = `2026-01-20T09:15:00.${'1'.repeat(30)}Z`;
    expect(timeFromIso(at)?.exp).toBe(-30);
    expect(isoPrecisionProblem(at)).toBeUndefined();
    const over = `2026-01-20T09:15:00.${'1'.repeat(31)}Z`;
    expect(timeFromIso(over)).toBeUndefined();
    expect(isoPrecisionProblem(over)).toBe(
      'the fraction of a second has 31 digits; at most 30 are accepted',
    );
    expect(isoPrecisionProblem('yesterday')).toBeUndefined();
  });

  it('makes times relative to the earliest event exactly, ordered and stable', () => {
    const events = relativeEvents([
      raw('c', timeFromDecimal('0.3')!),
      raw('a', timeFromDecimal('0.1')!),
      raw('b', timeFromDecimal('0.3')!),
      raw('d', timeFromNanos(100_000_000n)),
    ]);
    // 0.3 - 0.1 in doubles is 0.19999999999999998; the exact difference is 0.2.
    expect(events.map((e) => [e.channel, e.timestamp])).toEqual([
      ['a', 0],
      ['d', 0],
      ['c', 0.2],
      ['b', 0.2],
    ]);
  });

  it('keeps one nanosecond apart at 2^64 nanoseconds', () => {
    const events = relativeEvents([
      raw('late', timeFromNanos(18446744073709551615n)),
      raw('early', timeFromNanos(18446744073709551614n)),
    ]);
    expect(events.map((e) => [e.channel, e.timestamp])).toEqual([
      ['early', 0],
      ['late', 1e-9],
    ]);
    expect(relativeEvents([])).toEqual([]);
  });

  it('measures durations exactly', () => {
    expect(
      secondsBetween(timeFromNanos(1767225603400000000n), timeFromNanos(1767225604700000000n)),
    ).toBe(1.3);
  });
});

describe('relativeEvents (property)', () => {
  it('orders stably by exact time, starts at 0, and rounds each exact difference once', () => {
    const ns = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
    fc.assert(
      fc.property(
        fc.array(ns, { maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        (times, base) => {
          // Odd events are written as decimal seconds with one more digit (exp -10), even ones as nanoseconds (exp -9).
          const nanos = times.map((t) => base + (t % 1_000_000_000_000n));
          const raw = nanos.map((n, i) => ({
            channel: String(i),
            time: i % 2 ? timeFromDecimal(`${n}0e-10`)! : timeFromNanos(n),
            value: null,
            meta: {},
          }));
          const events = relativeEvents(raw);
          if (raw.length === 0) return events.length === 0;
          const min = nanos.reduce((m, n) => (n < m ? n : m), nanos[0]!);
          expect(events[0]!.timestamp).toBe(0);
          for (let k = 0; k < events.length; k++) {
            const i = Number(events[k]!.channel);
            // The double nearest to the exact difference in seconds.
            expect(events[k]!.timestamp).toBe(Number(`${nanos[i]! - min}e-9`));
            if (k > 0) {
              const j = Number(events[k - 1]!.channel);
              const prev = nanos[j]!;
              const cur = nanos[i]!;
              expect(prev < cur || (prev === cur && j < i)).toBe(true);
            }
          }
          return true;
        },
      ),
    );
  });
});

describe('NanoEvents', () => {
  it('gives the events relativeEvents gives for the same nanosecond times', () => {
    // Offsets both within and beyond 2^53 ns (the double and the bigint paths), ties, any order.
    const ns = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
      fc.bigInt({ min: 1767830400000000000n, max: 1767830400000000100n }),
    );
    fc.assert(
      fc.property(fc.array(ns, { maxLength: 40 }), (times) => {
        const columns = new NanoEvents();
        const raw = times.map((n, i) => {
          const meta = { log_time: String(n) };
          columns.add(String(i), n, { i }, meta);
          return { channel: String(i), time: timeFromNanos(n), value: { i }, meta };
        });
        expect(columns.length).toBe(times.length);
        expect(columns.relative()).toEqual(relativeEvents(raw));
      }),
    );
  });

  it('grows past its first capacity and keeps every event in order', () => {
    const columns = new NanoEvents();
    for (let i = 0; i < 5000; i++) columns.add('c', 1000n * BigInt(5000 - i), i, {});
    const events = columns.relative();
    expect(events.map((e) => e.value)).toEqual(Array.from({ length: 5000 }, (_, i) => 4999 - i));
    expect(events.at(-1)!.timestamp).toBe(4999e-6);
  });
});
