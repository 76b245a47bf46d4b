/**
 * Which matches a tolerance decided: pairs whose values matched although they are not equal
 * (numbers that differ by a Δ the comparator's tolerance absorbed), and per channel how many and
 * how large. Judged here, in `compare/`, from the verdicts; reports only render it.
 *
 * Worst case O(n · s) for n aligned pairs whose values have s number leaves each (a pair is
 * walked only when it matched and its two values are not identical); O(n) for number values.
 */
import { isPlainObject, isPyNumber, orderedKeys, toDouble } from '../py/value.js';
import type { NumberTolerances } from './comparator.js';
import type { ComparatorSet } from './set.js';
import { VerdictBit, type VerdictColumns } from './verdict-columns.js';

/** One value matched only within tolerance: its largest differing number. */
export interface ToleranceUse {
  /** 1-based alignment row (as `alignment_rows[k].index`). */
  readonly index: number;
  readonly channel: string;
  /** |golden − predicted| of the number that differs most. */
  readonly delta: number;
  /** `delta / max(|golden|, |predicted|)` (0 when both are 0). */
  readonly rel_delta: number;
  /** The bound the difference was within: `max(rel·max(|a|,|b|), abs)` (or `rel` against an exact 0). */
  readonly tol: number;
}

/** Per channel: the tolerance in force and what it absorbed or let through. */
export interface ChannelTolerance {
  readonly channel: string;
  /** The comparator's name (`numeric_tolerance`, `deep`, …). */
  readonly comparator: string;
  /**
   * Where the comparator came from: `'channel'` (`comparators.by_channel`), `'default'` (the
   * configured `comparators.default`) or `'built-in'` (the built-in default, no comparator given).
   */
  readonly source: 'channel' | 'default' | 'built-in';
  readonly rel_tol: number;
  readonly abs_tol: number;
  /** Values that matched only within tolerance. */
  readonly within: number;
  /** Number values on this channel that differ beyond the tolerance (mismatches). */
  readonly beyond: number;
  /** Largest Δ among the values matched within tolerance (0 when none). */
  readonly max_abs_delta: number;
  readonly max_rel_delta: number;
}

export interface ToleranceSummary {
  /** Values that matched only within tolerance, over all channels. */
  readonly within: number;
  /** In alignment order. */
  readonly rows: readonly ToleranceUse[];
  /** Channels whose comparator has a tolerance and that had differing numbers, in first-seen order. */
  readonly channels: readonly ChannelTolerance[];
}

interface Largest {
  delta: number;
  rel: number;
  tol: number;
}

/** Bound of `|x − y|` under `t` (see `closeNumbers` in comparators.ts). */
/** The largest difference `t` lets two numbers `x`, `y` match by (`NumberTolerances`). */
export function boundOf(x: number, y: number, t: NumberTolerances): number {
  const b = Math.max(t.rel * Math.max(Math.abs(x), Math.abs(y)), t.abs);
  return t.zeroAbs && (x === 0 || y === 0) ? Math.max(b, t.rel) : b;
}

/**
 * The number leaf that differs most between two values (numbers, or arrays / plain objects of
 * them walked in parallel by the golden's keys), or undefined when no number differs.
 */
function largestDifference(
  a: unknown,
  b: unknown,
  t: NumberTolerances,
  depth = 0,
): Largest | undefined {
  if (isPyNumber(a) && isPyNumber(b)) {
    if (typeof a === 'bigint' || typeof b === 'bigint') {
      if (a === b) return undefined;
    }
    const x = toDouble(a);
    const y = toDouble(b);
    if (x === y || !Number.isFinite(x) || !Number.isFinite(y)) return undefined;
    const delta = Math.abs(x - y);
    const m = Math.max(Math.abs(x), Math.abs(y));
    return { delta, rel: m === 0 ? 0 : delta / m, tol: boundOf(x, y, t) };
  }
  if (depth > 64 || typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return undefined;
  let best: Largest | undefined;
  const take = (x: unknown, y: unknown): void => {
    const d = largestDifference(x, y, t, depth + 1);
    if (d !== undefined && (best === undefined || d.delta > best.delta)) best = d;
  };
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) take(a[i], b[i]);
  } else if (isPlainObject(a) && isPlainObject(b)) {
    for (const k of orderedKeys(a))
      if (Object.prototype.hasOwnProperty.call(b, k)) take(a[k], b[k]);
  }
  return best;
}

/**
 * The tolerance summary of judged columns: for every same-channel pair whose comparator has
 * tolerances, whether a differing number matched within them (a `ToleranceUse`) or not.
 */
export function toleranceSummary(
  cols: VerdictColumns,
  comparators: ComparatorSet,
): ToleranceSummary {
  const rows: ToleranceUse[] = [];
  const byChannel = new Map<
    string,
    { -readonly [K in keyof ChannelTolerance]: ChannelTolerance[K] }
  >();
  const both = VerdictBit.Gt | VerdictBit.Pred | VerdictBit.SameChannel;
  for (let k = 0; k < cols.length; k++) {
    const code = cols.codes[k]!;
    if ((code & both) !== both || (code & VerdictBit.Ignored) !== 0) continue;
    const gt = cols.gtEvents[cols.gtIdx[k]!]!;
    const pred = cols.predEvents[cols.predIdx[k]!]!;
    if (gt.value === pred.value) continue;
    const c = comparators.for(gt.channel);
    const t = c.tolerances;
    if (t === undefined) continue;
    const d = largestDifference(gt.value, pred.value, t);
    if (d === undefined) continue;
    const matched = (code & VerdictBit.ValueMatch) !== 0;
    // A mismatch of structured values may differ elsewhere than in its numbers: only plain
    // numbers count as "beyond the tolerance".
    if (!matched && !(isPyNumber(gt.value) && isPyNumber(pred.value))) continue;
    let ch = byChannel.get(gt.channel);
    if (ch === undefined) {
      ch = {
        channel: gt.channel,
        comparator: c.name,
        source: comparators.hasOwn(gt.channel)
          ? 'channel'
          : comparators.fallbackBuiltIn
            ? 'built-in'
            : 'default',
        rel_tol: t.rel,
        abs_tol: t.abs,
        within: 0,
        beyond: 0,
        max_abs_delta: 0,
        max_rel_delta: 0,
      };
      byChannel.set(gt.channel, ch);
    }
    if (!matched) {
      ch.beyond++;
      continue;
    }
    ch.within++;
    ch.max_abs_delta = Math.max(ch.max_abs_delta, d.delta);
    ch.max_rel_delta = Math.max(ch.max_rel_delta, d.rel);
    rows.push({ index: k + 1, channel: gt.channel, delta: d.delta, rel_delta: d.rel, tol: d.tol });
  }
  return { within: rows.length, rows, channels: [...byChannel.values()] };
}
