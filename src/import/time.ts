/**
 * Exact times for importers. Nanosecond epoch times (~1.7e18) do not fit a double, and decimal
 * seconds (`1767571201.203`) are not exact in binary either, so every importer turns its time field
 * into an `ExactTime` (an integer times a power of ten), and only the differences to the earliest
 * event — small numbers — become doubles, each correctly rounded.
 */
import { TraceError } from '../errors.js';
import type { TraceEvent } from '../trace/types.js';
import { warn, type ImportWarning, type WarningAt } from './warnings.js';

/** `units × 10^exp` seconds, exactly. */
export class ExactTime {
  constructor(
    readonly units: bigint,
    readonly exp: number,
  ) {}
}

/** Largest decimal exponent accepted (keeps the BigInt arithmetic small; 1e400 s is no time). */
export const MAX_DECIMAL_EXPONENT = 400;
const MAX_EXP = MAX_DECIMAL_EXPONENT;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** A time from integer nanoseconds. */
export function timeFromNanos(ns: bigint): ExactTime {
  return new ExactTime(ns, -9);
}

/**
 * A time from a decimal number of seconds (`"12.5"`, `"-3e-2"`, `".5"`), exactly as written.
 * `undefined` when `text` is not a decimal number or its exponent is beyond ±400.
 */
export function timeFromDecimal(text: string): ExactTime | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return undefined;
  const exp = Number(m[4] ?? '0') - frac.length;
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > MAX_EXP) return undefined;
  const units = BigInt(`${int}${frac}` || '0');
  return new ExactTime(m[1] === '-' ? -units : units, exp);
}

/** A time from a finite double of seconds, exactly as its shortest decimal form (`String(x)`). */
export function timeFromNumber(x: number): ExactTime | undefined {
  if (!Number.isFinite(x)) return undefined;
  return timeFromDecimal(String(x));
}

/**
 * Integer nanoseconds from a JSON value: a string of decimal digits (OTLP's `fixed64` form), a
 * `bigint`, or an integral number. `undefined` for anything else (negative, fractional, `"1e9"`).
 */
export function nanosOf(v: unknown): bigint | undefined {
  if (typeof v === 'string') return /^\d+$/.test(v) ? BigInt(v) : undefined;
  if (typeof v === 'bigint') return v >= 0n ? v : undefined;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined;
  return undefined;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** The number of days of month `m` (1–12) of year `y` (proleptic Gregorian). */
export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!;
}

/** Days from 1970-01-01 to y-m-d (proleptic Gregorian; H. Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * Most fraction-of-a-second digits an ISO date-time may have. Nanoseconds are 9 digits; 30 leaves
 * room for any real clock while bounding the BigInt work: every `ExactTime` from `timeFromIso` has
 * `exp >= -30`, so `relativeEvents` scales each event by at most 10^30 (O(n) in the events).
 */
export const MAX_FRACTION_DIGITS = 30;

/**
 * Why `timeFromIso` refuses `text` for its precision (more than {@link MAX_FRACTION_DIGITS}
 * fraction digits), for the importer's message; `undefined` otherwise. Matches the date-time's pattern (anchored, no nested quantifiers: O(length of the text)).
 */
export function isoPrecisionProblem(text: string): string | undefined {
  const digits = ISO.exec(text)?.[7]?.length ?? 0;
  return digits > MAX_FRACTION_DIGITS
    ? `the fraction of a second has ${digits} digits; at most ${MAX_FRACTION_DIGITS} are accepted`
    : undefined;
}

/**
 * A time from an ISO 8601 date-time (`2026-01-20T09:15:00Z`, `…09:15:00.123456789+02:00`, or with a
 * space instead of `T`). All fraction digits are kept, up to {@link MAX_FRACTION_DIGITS} (more:
 * `undefined`; `isoPrecisionProblem` says why). Without a zone the time is read as UTC (only
 * differences matter, and the result must not depend on the machine's zone). `undefined` when the
 * text is not such a date-time or a field is out of range (month 13, Feb 30, 25:00).
 */
export function timeFromIso(text: string): ExactTime | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12) return undefined;
  if (d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 60) return undefined;
  let seconds = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
  if (m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    seconds -= (m[9] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  const frac = m[7] ?? '';
  if (frac.length > MAX_FRACTION_DIGITS) return undefined;
  return exactSeconds(seconds, frac);
}

/** Whole `seconds` and the digits of a fraction of a second (`"25"` for .25) as an exact time. */
export function exactSeconds(seconds: number, fraction: string): ExactTime {
  return new ExactTime(
    BigInt(seconds) * 10n ** BigInt(fraction.length) + BigInt(fraction || '0'),
    fraction === '' ? 0 : -fraction.length,
  );
}

/** An event as an importer reads it, before times are made relative. */
export interface RawEvent {
  readonly channel: string;
  readonly time: ExactTime;
  readonly value: unknown;
  readonly meta: Readonly<Record<string, unknown>>;
}

/**
 * Order `raw` by time (stable: equal times keep their input order) and make the times seconds
 * relative to the earliest one. The subtraction is exact; each result is the correctly rounded
 * double of the exact difference.
 */
export function relativeEvents(raw: readonly RawEvent[], file?: string): TraceEvent[] {
  if (raw.length === 0) return [];
  let exp = Infinity;
  for (const e of raw) if (e.time.exp < exp) exp = e.time.exp;
  const scaled = raw.map((e) =>
    e.time.exp === exp ? e.time.units : e.time.units * 10n ** BigInt(e.time.exp - exp),
  );
  let min = scaled[0]!;
  for (const s of scaled) if (s < min) min = s;
  const offsets = scaled.map((s) => s - min);
  const order = raw.map((_, i) => i);
  // Offsets within 2^53 compare as doubles exactly (the common case, and much faster than BigInt).
  const safe = offsets.every((d) => d <= MAX_SAFE);
  if (safe) {
    const keys = offsets.map(Number);
    order.sort((a, b) => keys[a]! - keys[b]! || a - b);
  } else {
    order.sort((a, b) => {
      const x = offsets[a]!;
      const y = offsets[b]!;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  }
  return order.map((i) => {
    const e = raw[i]!;
    const timestamp = toSeconds(offsets[i]!, exp);
    if (!Number.isFinite(timestamp))
      throw new TraceError('the times span more than a double can hold', { file });
    return { channel: e.channel, timestamp, value: e.value, meta: e.meta };
  });
}

/**
 * Events whose times are all integer nanoseconds, gathered one by one (the bag readers: 10^6
 * messages and more). Each event is made once, as the trace will hold it, beside 8 bytes of
 * time, where a `RawEvent` keeps an object, an `ExactTime` and a `bigint` and `relativeEvents`
 * then makes the event anew. The time column grows by doubling.
 */
export class NanoEvents {
  #ns = new BigUint64Array(1024);
  readonly #events: { channel: string; timestamp: number; value: unknown; meta: Meta }[] = [];

  get length(): number {
    return this.#events.length;
  }

  /** `ns` is below 2^64 (MCAP's uint64 log times, SQLite's int64 timestamps). */
  add(channel: string, ns: bigint, value: unknown, meta: Meta): void {
    const i = this.#events.length;
    if (i === this.#ns.length) {
      const grown = new BigUint64Array(2 * i);
      grown.set(this.#ns);
      this.#ns = grown;
    }
    this.#ns[i] = ns;
    // NaN, a double, until `relative` sets the time: the field then holds doubles from the
    // start and is overwritten in place, with no new number allocated per event.
    this.#events.push({ channel, timestamp: NaN, value, meta });
  }

  /**
   * The events as `relativeEvents` orders and times them (stable by time; seconds from the
   * earliest, each the correctly rounded double of the exact difference), without a `bigint`
   * kept per event. Call once: the events are timed in place.
   */
  relative(): TraceEvent[] {
    const events = this.#events;
    const n = events.length;
    if (n === 0) return [];
    const ns = this.#ns;
    let min = ns[0]!;
    for (let i = 1; i < n; i++) if (ns[i]! < min) min = ns[i]!;
    // Offsets within 2^53 are exact doubles: compared and divided as such (the common case).
    const keys = new Float64Array(n);
    let safe = true;
    let sorted = true;
    for (let i = 0; i < n; i++) {
      const d = ns[i]! - min;
      if (d > MAX_SAFE) safe = false;
      keys[i] = Number(d);
      if (i > 0 && keys[i]! < keys[i - 1]!) sorted = false;
      // For a safe offset this is `toSeconds`'s own division (one IEEE division, correctly rounded).
      events[i]!.timestamp = d <= MAX_SAFE ? keys[i]! / POW10[9]! : toSeconds(d, -9);
    }
    if (safe && sorted) return events;
    const order = Array.from({ length: n }, (_, i) => i);
    if (safe) order.sort((a, b) => keys[a]! - keys[b]! || a - b);
    else order.sort((a, b) => (ns[a]! < ns[b]! ? -1 : ns[a]! > ns[b]! ? 1 : a - b));
    return order.map((i) => events[i]!);
  }
}

type Meta = Readonly<Record<string, unknown>>;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Exact powers of ten: every 10^k for k <= 22 is a double. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * `d × 10^exp` as the nearest double. When `d` and `10^|exp|` are both exact doubles, one IEEE
 * division or multiplication is correctly rounded; otherwise the decimal text is parsed (also
 * correctly rounded, only slower).
 */
function toSeconds(d: bigint, exp: number): number {
  if (d <= MAX_SAFE && d >= -MAX_SAFE && exp >= -22 && exp <= 22)
    return exp < 0 ? Number(d) / POW10[-exp]! : Number(d) * POW10[exp]!;
  return Number(`${d}e${exp}`);
}

/** Seconds between two times as a double (for durations in `meta`). */
export function secondsBetween(from: ExactTime, to: ExactTime): number {
  const exp = Math.min(from.exp, to.exp);
  const a = from.units * 10n ** BigInt(from.exp - exp);
  const b = to.units * 10n ** BigInt(to.exp - exp);
  return toSeconds(b - a, exp);
}

/** Seconds of a gap beyond which a lone group of events counts as an outlier (30 days). */
export const OUTLIER_GAP_SECONDS = 30 * 86400;

/** An approximate double of a time (for comparing gaps, never for timestamps). */
function approxSeconds(t: ExactTime): number {
  return Number(t.units) * 10 ** t.exp;
}

/** `2026-01-05T00:00:01.203Z` for an absolute time (to the millisecond, for messages). */
function isoText(seconds: number): string {
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? `${seconds} s` : d.toISOString();
}

/** `150 s`, `3.2 h`, `22.0 years`: a duration for messages. */
export function durationText(seconds: number): string {
  const s = Math.abs(seconds);
  if (s < 120) return `${Number(s.toPrecision(4))} s`;
  if (s < 7200) return `${(s / 60).toFixed(1)} min`;
  if (s < 172800) return `${(s / 3600).toFixed(1)} h`;
  if (s < 2 * 365.25 * 86400) return `${(s / 86400).toFixed(1)} days`;
  return `${(s / (365.25 * 86400)).toFixed(1)} years`;
}

/**
 * `raw` without the events whose time lies far outside the span of the others — an IOC whose
 * clock or a record whose time was never set (EPICS `2000-01-01`, the Unix epoch) — each dropped
 * event reported as a `time-outlier` warning that says what the span is with and without it.
 * Kept, one such event would make every relative time meaningless (a 22-year trace).
 *
 * The rule: split the times at their largest gap; the smaller side (fewer events, at most a tenth
 * of them, or the one event of three) is dropped when the gap exceeds both `OUTLIER_GAP_SECONDS`
 * and 100× the span of the larger side. One split only; fewer than three events are kept as they
 * are (nothing tells which one is wrong). O(n log n) for the sort.
 */
export function dropTimeOutliers(
  raw: readonly RawEvent[],
  ctx: {
    readonly file?: string | undefined;
    readonly warn?: ((w: ImportWarning) => void) | undefined;
  },
  at: (index: number) => WarningAt,
): RawEvent[] {
  const n = raw.length;
  if (n < 3) return [...raw];
  const secs = raw.map((e) => approxSeconds(e.time));
  const order = secs.map((_, i) => i).sort((a, b) => secs[a]! - secs[b]!);
  let split = 0;
  let gap = -Infinity;
  for (let k = 0; k + 1 < n; k++) {
    const g = secs[order[k + 1]!]! - secs[order[k]!]!;
    if (g > gap) {
      gap = g;
      split = k + 1;
    }
  }
  const lowIsSmall = split < n - split;
  const small = lowIsSmall ? order.slice(0, split) : order.slice(split);
  const large = lowIsSmall ? order.slice(split) : order.slice(0, split);
  if (small.length > Math.max(1, Math.floor(n / 10))) return [...raw];
  const from = secs[large[0]!]!;
  const to = secs[large[large.length - 1]!]!;
  const span = to - from;
  if (!(gap > OUTLIER_GAP_SECONDS && gap > 100 * span)) return [...raw];
  const whole = secs[order[n - 1]!]! - secs[order[0]!]!;
  const dropped = new Set(small);
  for (const i of [...small].sort((a, b) => a - b)) {
    const e = raw[i]!;
    const away = lowIsSmall ? from - secs[i]! : secs[i]! - to;
    warn(
      ctx,
      'time-outlier',
      `${JSON.stringify(e.channel)} at ${isoText(secs[i]!)} lies ${durationText(away)} ${lowIsSmall ? 'before' : 'after'} the other ${large.length} events (${isoText(from)} to ${isoText(to)}); with it the trace would span ${durationText(whole)}, without it ${durationText(span)}: the event is dropped (a clock or time stamp never set?)`,
      at(i),
    );
  }
  return raw.filter((_, i) => !dropped.has(i));
}
