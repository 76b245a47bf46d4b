/**
 * Words for the tolerance summary (`compare/tolerance-use.ts`): which tolerance absorbed a
 * value's difference, and per channel which comparator (and which default) was in force. Pure
 * formatting of data the compare layer judged; nothing here compares values.
 */
import {
  boundOf,
  type ChannelTolerance,
  type ToleranceSummary,
  type ToleranceUse,
} from '../compare/tolerance-use.js';
import { escapeForTerminal } from './escape.js';

/** A difference or tolerance in at most 4 significant digits (`5`, `8.995`, `5.562e-4`). */
export function shortNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e-3 && a < 1e6) return String(Number(x.toPrecision(4)));
  const [m, e] = x.toExponential(3).split('e');
  return `${String(Number(m))}e${Number(e)}`;
}

/** `(Δ 5, tol 8.99)`: the difference and the bound that absorbed it. */
export function deltaText(use: Pick<ToleranceUse, 'delta' | 'tol'>): string {
  return `(Δ ${shortNumber(use.delta)}, tol ${shortNumber(use.tol)})`;
}

/** Where a channel's comparator came from, in words. */
function sourceText(c: ChannelTolerance): string {
  return c.source === 'channel'
    ? 'by_channel'
    : c.source === 'default'
      ? 'comparators.default'
      : 'built-in default';
}

/** A channel's tolerances in words: `rel 0.001`, `abs 2`, both, or none (an exact comparison). */
function toleranceBits(c: Pick<ChannelTolerance, 'rel_tol' | 'abs_tol'>): string[] {
  const bits: string[] = [];
  if (c.rel_tol > 0) bits.push(`rel ${shortNumber(c.rel_tol)}`);
  if (c.abs_tol > 0) bits.push(`abs ${shortNumber(c.abs_tol)}`);
  return bits;
}

/** `numeric_tolerance, rel 0.001` (plus `abs …` when set). */
export function ruleText(c: Pick<ChannelTolerance, 'comparator' | 'rel_tol' | 'abs_tol'>): string {
  return [c.comparator, ...toleranceBits(c)].join(', ');
}

/**
 * `abs 2`, `rel 0.001 or abs 2` (either bound lets a difference through), `0`: the tolerance a
 * verdict quotes for values off beyond it.
 */
export function toleranceWords(c: Pick<ChannelTolerance, 'rel_tol' | 'abs_tol'>): string {
  const bits = toleranceBits(c);
  return bits.length ? bits.join(' or ') : '0';
}

/**
 * How far two numbers that mismatched are beyond their channel's tolerance, and the bound
 * (`boundOf`, as the comparators bound a difference). `undefined` against an exact 0 under a
 * relative tolerance alone: whether `rel` then acted as an absolute one (B9) is not in the
 * summary, so the bound is unknown.
 */
export function beyondTolerance(
  g: number,
  p: number,
  c: Pick<ChannelTolerance, 'rel_tol' | 'abs_tol'>,
): { readonly excess: number; readonly bound: number } | undefined {
  if ((g === 0 || p === 0) && c.rel_tol > 0 && c.abs_tol === 0) return undefined;
  const bound = boundOf(g, p, { rel: c.rel_tol, abs: c.abs_tol, zeroAbs: false });
  return { excess: Math.abs(g - p) - bound, bound };
}

/** `mono.energy: built-in default numeric_tolerance, rel 0.001` (channel escaped for the terminal). */
export function channelRuleLine(c: ChannelTolerance): string {
  return `${escapeForTerminal(c.channel)}: ${sourceText(c)} ${ruleText(c)}`;
}

/**
 * What the tolerance did on a channel: `2 values matched only within tolerance, max Δ 5 (rel
 * 5.562e-4)`, and how many numbers differed beyond it.
 */
export function channelCountsLine(c: ChannelTolerance): string {
  const bits: string[] = [];
  if (c.within > 0)
    bits.push(
      `${c.within} ${c.within === 1 ? 'value' : 'values'} matched only within tolerance, max Δ ${shortNumber(c.max_abs_delta)} (rel ${shortNumber(c.max_rel_delta)})`,
    );
  if (c.beyond > 0)
    bits.push(`${c.beyond} ${c.beyond === 1 ? 'number differs' : 'numbers differ'} beyond it`);
  return bits.join('; ');
}

/** Channels a within-tolerance phrase names at most (more: `on 5 channels`). */
const CHANNELS_NAMED = 3;

/**
 * `30 values matched only within tolerance (all on mono:energy, Δ 5)`: what the tolerance let
 * through, over all channels, with the range of Δ (`Δ 2–5`); `undefined` when nothing. Channels
 * escaped for the terminal.
 */
export function withinToleranceText(t: ToleranceSummary): string | undefined {
  if (t.within === 0) return undefined;
  const on = t.channels.filter((c) => c.within > 0).map((c) => escapeForTerminal(c.channel));
  const where =
    on.length > CHANNELS_NAMED
      ? `on ${on.length} channels`
      : `${t.within > 1 && on.length === 1 ? 'all on' : 'on'} ${
          on.length <= 1 ? (on[0] ?? '') : `${on.slice(0, -1).join(', ')} and ${on.at(-1)!}`
        }`;
  let lo = Infinity;
  let hi = 0;
  for (const u of t.rows) {
    lo = Math.min(lo, u.delta);
    hi = Math.max(hi, u.delta);
  }
  const a = shortNumber(lo);
  const b = shortNumber(hi);
  return `${t.within} ${t.within === 1 ? 'value' : 'values'} matched only within tolerance (${where}, Δ ${a === b ? a : `${a}–${b}`})`;
}
