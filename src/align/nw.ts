/**
 * The `nw` aligner: optimal global alignment of the channel keys with affine gap costs
 * (Needleman–Wunsch / Gotoh cost model).
 *
 * Cost model (minimised):
 * - a pair of two events costs `match` if their keys (channels) are equal, else `mismatch`;
 * - a run of consecutive unpaired events on the same side (a run of deletes = gt events
 *   left unpaired, or a run of inserts = pred events left unpaired) costs
 *   `gap_open(e1) + gap_extend(e2) + … + gap_extend(eL)`, where `e1..eL` are the events of
 *   the run in order and `gap_open(e)`/`gap_extend(e)` are the costs of `e`'s channel
 *   (`by_channel[channel]`, falling back to the global `gap_open`/`gap_extend`). With no
 *   per-channel costs a gap of length L costs `gap_open + (L - 1) * gap_extend`.
 *   A delete run directly followed by an insert run (or vice versa) is two runs: each opens.
 *
 * One engine for every setting: `nw` is a cost object over the affine engine of `behavior`
 * (`./affine/`), with every same-channel pair matching —
 * - `match = 0` (the defaults) as it is, `match = c > 0` shifted away: every pair costs c less and
 *   every unpaired event c/2 less, which lowers every alignment's cost by the same c·(n + m)/2, so
 *   the optimal alignments are the same (`nwAffineCosts`, `./affine/costs.ts`; the reported cost is
 *   converted back, in `nw`'s units). It applies whenever every gap cost (global and per channel)
 *   exceeds `match / 2`;
 * - the dispatcher (`./affine/dispatch.ts`) runs the gap-affine wavefront aligner (`./wfa.ts`),
 *   O((n + m) + s·w) for the optimal cost s, or its exact banded DP where the wavefronts do not
 *   apply (per-channel gap costs, costs that no scale makes integral, `mismatch = match`,
 *   `gap_open < gap_extend`), O((n + m)·d) for d ≈ s / (the smallest gap cost − match/2).
 *   Ties: `behavior`'s rule — among the minimal-cost alignments, the one whose operations read from
 *   the first are lexicographically smallest with pair < delete < insert (unpaired events as late
 *   as possible), whatever the costs.
 *
 * The linear-memory Gotoh solver of `./nw-gotoh.ts` (O(n·m) worst case, with its own tie rule:
 * minimal cost, then the most pairs, then the order of its divide steps) remains only for a gap
 * cost of at most `match / 2` (a free gap after the shift), which the affine model cannot take. It
 * is no memory fallback of the dispatcher: a band too large for `BehaviorTuning.maxBandCells`
 * keeps checkpoint rows on more levels, with the tie rule above.
 */
import { ConfigError, type InputPath } from '../errors.js';
import { describeReceived } from '../io/input.js';
import { MAX_COST, MAX_COST_MESSAGE } from './costs.js';
import type { AlignContext, Aligner, AlignmentOutcome, IndexPair } from './types.js';
import { isObjectRecord } from '../py/value.js';
import { nwAffineCosts } from './affine/costs.js';
import { behaviorAlign } from './affine/dispatch.js';
import { gotohAlign } from './nw-gotoh.js';
import type { ResolvedNwOptions } from './nw-gotoh.js';
import { alignerTuning } from './tuning.js';

export { gotohAlign, nwAlignValueAware } from './nw-gotoh.js';
export type { ResolvedNwOptions, ValueAwareCosts } from './nw-gotoh.js';

/** Per-channel gap costs: an event of this channel left unpaired. */
export interface NwChannelGapCosts {
  gap_open?: number;
  gap_extend?: number;
}

/** Costs of the Needleman–Wunsch aligner; lower total cost wins. */
export interface NwOptions {
  /** Cost of pairing two events of the same channel. @default 0 */
  match?: number;
  /** Cost of pairing two events of different channels. @default 2 */
  mismatch?: number;
  /** Cost of the first event of a gap run. @default 1 */
  gap_open?: number;
  /** Cost of each further event of a gap run. @default 1 */
  gap_extend?: number;
  /** Per-channel gap costs, applied to the event left unpaired. */
  by_channel?: Record<string, NwChannelGapCosts>;
}

const OPTION_KEYS = new Set(['match', 'mismatch', 'gap_open', 'gap_extend', 'by_channel']);
const CHANNEL_KEYS = new Set(['gap_open', 'gap_extend']);

function cost(value: unknown, fallback: number, path: InputPath): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ConfigError(`must be a finite non-negative number, got ${describeReceived(value)}`, {
      path,
    });
  }
  if (value > MAX_COST) throw new ConfigError(`${MAX_COST_MESSAGE}, got ${value}`, { path });
  return value;
}

/**
 * Validate NW options (`path` prefixes error paths, e.g. `aligner`). Throws `ConfigError` on
 * unknown keys, non-finite or negative costs, or `match > mismatch`.
 */
export function resolveNwOptions(
  options: unknown = {},
  path: InputPath = ['aligner'],
): ResolvedNwOptions {
  if (!isObjectRecord(options))
    throw new ConfigError(`must be an object, got ${describeReceived(options)}`, { path });
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) {
      throw new ConfigError(
        `unknown option ${JSON.stringify(key)} (expected one of ${[...OPTION_KEYS].join(', ')})`,
        { path: [...path, key] },
      );
    }
  }
  const match = cost(options['match'], 0, [...path, 'match']);
  const mismatch = cost(options['mismatch'], 2, [...path, 'mismatch']);
  const gap_open = cost(options['gap_open'], 1, [...path, 'gap_open']);
  const gap_extend = cost(options['gap_extend'], 1, [...path, 'gap_extend']);
  if (match > mismatch) {
    throw new ConfigError(`match (${match}) must not exceed mismatch (${mismatch})`, {
      path: [...path, 'match'],
    });
  }
  const by_channel = new Map<string, { gap_open: number; gap_extend: number }>();
  const raw = options['by_channel'];
  if (raw !== undefined) {
    if (!isObjectRecord(raw)) {
      throw new ConfigError(`must be an object, got ${describeReceived(raw)}`, {
        path: [...path, 'by_channel'],
      });
    }
    for (const [channel, spec] of Object.entries(raw)) {
      const p = [...path, 'by_channel', channel];
      if (!isObjectRecord(spec))
        throw new ConfigError(`must be an object, got ${describeReceived(spec)}`, { path: p });
      for (const key of Object.keys(spec)) {
        if (!CHANNEL_KEYS.has(key)) {
          throw new ConfigError(
            `unknown option ${JSON.stringify(key)} (expected gap_open, gap_extend)`,
            {
              path: [...p, key],
            },
          );
        }
      }
      by_channel.set(channel, {
        gap_open: cost(spec['gap_open'], gap_open, [...p, 'gap_open']),
        gap_extend: cost(spec['gap_extend'], gap_extend, [...p, 'gap_extend']),
      });
    }
  }
  return { match, mismatch, gap_open, gap_extend, by_channel };
}

/**
 * Optimal global alignment of the keys under affine gap costs (see the module comment for
 * the exact cost convention, the engines and the tie-breaking).
 */
export class NeedlemanWunschAligner implements Aligner {
  readonly name = 'nw';
  readonly options: ResolvedNwOptions;

  /**
   * @param path where the options came from, for error messages (e.g. `aligner`).
   * @throws ConfigError on invalid options.
   */
  constructor(options: NwOptions = {}, path: InputPath = ['aligner']) {
    this.options = resolveNwOptions(options, path);
  }

  align(gtKeys: Int32Array, predKeys: Int32Array, context: AlignContext): IndexPair[] {
    return nwAlign(gtKeys, predKeys, this.options, context.channelNames);
  }

  /**
   * `align`'s alignment, always proven optimal: every engine is exact and unbudgeted (`nw` has no
   * bounded path), so the outcome is `optimal: true` with the alignment's total cost in `nw`'s
   * units (the engine's optimum converted back when it knows it, else the alignment's sum).
   */
  alignWithOutcome(
    gtKeys: Int32Array,
    predKeys: Int32Array,
    context: AlignContext,
  ): { readonly pairs: IndexPair[]; readonly outcome: AlignmentOutcome } {
    const names = context.channelNames;
    const r = nwAlignScored(gtKeys, predKeys, this.options, names);
    const cost = r.cost ?? nwAlignmentCost(gtKeys, predKeys, r.pairs, this.options, names);
    return { pairs: r.pairs, outcome: { optimal: true, cost } };
  }
}

/**
 * Total cost of `pairs` under the `nw` cost model (module comment): `match` / `mismatch` per pair,
 * and per run of unpaired events on one side the first event's channel `gap_open`, then each
 * further event's channel `gap_extend`.
 */
export function nwAlignmentCost(
  a: Int32Array,
  b: Int32Array,
  pairs: readonly IndexPair[],
  o: ResolvedNwOptions,
  channelNames: readonly string[],
): number {
  const gap = (key: number, first: boolean): number => {
    const name = channelNames[key];
    const spec = name === undefined ? undefined : o.by_channel.get(name);
    return first ? (spec?.gap_open ?? o.gap_open) : (spec?.gap_extend ?? o.gap_extend);
  };
  let cost = 0;
  let side = 0; // of the previous row: 0 a pair (or the start), 1 gt unpaired, 2 pred unpaired
  for (const p of pairs) {
    if (p.gt !== null && p.pred !== null) {
      cost += a[p.gt] === b[p.pred] ? o.match : o.mismatch;
      side = 0;
    } else if (p.gt !== null) {
      cost += gap(a[p.gt]!, side !== 1);
      side = 1;
    } else if (p.pred !== null) {
      cost += gap(b[p.pred]!, side !== 2);
      side = 2;
    }
  }
  return cost;
}

/**
 * The aligner as a function: optimal alignment of `gtKeys` with `predKeys` under validated
 * options (`resolveNwOptions`); `channelNames[key]` selects per-channel gap costs.
 */
export function nwAlign(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  options: ResolvedNwOptions,
  channelNames: readonly string[],
): IndexPair[] {
  return nwAlignScored(gtKeys, predKeys, options, channelNames).pairs;
}

/**
 * `nwAlign`'s alignment and its cost in `nw`'s units when the engine that found it knows that cost
 * exactly (`undefined` otherwise: the caller sums it, `nwAlignmentCost`).
 */
function nwAlignScored(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  options: ResolvedNwOptions,
  channelNames: readonly string[],
): { readonly pairs: IndexPair[]; readonly cost: number | undefined } {
  const knobs = alignerTuning(); // tests only (`./tuning.ts`): `NwAlignTuning.engine`, the counters
  let keyCount = channelNames.length;
  for (const keys of [gtKeys, predKeys])
    for (let i = 0; i < keys.length; i++) if (keys[i]! >= keyCount) keyCount = keys[i]! + 1;
  const affine =
    knobs.nw?.engine === 'gotoh' ? undefined : nwAffineCosts(options, channelNames, keyCount);
  if (affine !== undefined) {
    const r = behaviorAlign(gtKeys, predKeys, affine.costs);
    const events = gtKeys.length + predKeys.length;
    return {
      pairs: r.pairs,
      cost: r.cost === undefined ? undefined : affine.nwCost(r.cost, events),
    };
  }
  const engines = knobs.stats?.engines;
  if (engines !== undefined) engines.gotoh++;
  return { pairs: gotohAlign(gtKeys, predKeys, options, channelNames), cost: undefined };
}
