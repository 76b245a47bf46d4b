/**
 * The exact entries with knobs and counters for one call, for the tests (not part of the package):
 * each sets them through `withAlignerTuning` (`./tuning.ts`), the only way knobs reach an aligner.
 * The knobs are written nested, as the tests think of them: a `behavior` call's wavefront knobs
 * under `wfa`, the counters of the wavefronts under `wfa.stats`, `nw`'s `behavior` knobs under
 * `behavior`.
 */
import type { AffineCosts } from './affine/costs.js';
import { behaviorAlign } from './affine/dispatch.js';
import { fastMatchingBlocks } from './difflib-fast.js';
import { gotohAlign, nwAlign, nwAlignValueAware, type ResolvedNwOptions } from './nw.js';
import {
  withAlignerTuning,
  type AlignerTuning,
  type BehaviorTuning,
  type EngineStats,
  type FastDifflibOptions,
  type FastDifflibStats,
  type NwAlignTuning,
  type NwTuning,
  type WfaStats,
  type WfaTuning,
} from './tuning.js';
import type { IndexPair, MatchingBlock, ValueBuckets } from './types.js';
import { wfaAlign, type WfaCosts } from './wfa.js';

/** The wavefronts' knobs, with the counters to add to. */
export interface WfaKnobs extends WfaTuning {
  readonly stats?: WfaStats | undefined;
}

/** `behaviorAlign`'s knobs, with those of the wavefronts under it. */
export interface BehaviorKnobs extends BehaviorTuning {
  readonly wfa?: WfaKnobs;
}

/**
 * `nwAlign`'s knobs, with those of the `behavior` engine it runs on (every setting but per-channel
 * gap costs), and the counters of the engines that ran (`engines`).
 */
export interface NwKnobs extends NwAlignTuning {
  readonly behavior?: BehaviorKnobs;
  readonly engines?: EngineStats | undefined;
}

function wfaPart(knobs: WfaKnobs | undefined): AlignerTuning {
  if (knobs === undefined) return {};
  const { stats, ...wfa } = knobs;
  return stats === undefined ? { wfa } : { wfa, stats: { wfa: stats } };
}

function behaviorPart(knobs: BehaviorKnobs | undefined): AlignerTuning {
  if (knobs === undefined) return {};
  const { wfa, ...behavior } = knobs;
  return { behavior, ...wfaPart(wfa) };
}

/** The `AlignerTuning` of nested knobs. */
export function tuningOf(knobs: NwKnobs): AlignerTuning {
  const { behavior, engines, ...nw } = knobs;
  const part = behaviorPart(behavior);
  return engines === undefined
    ? { nw, ...part }
    : { nw, ...part, stats: { ...part.stats, engines } };
}

/** `behaviorAlign`'s knobs, and the counters of the engines that ran (`engines`). */
export interface BehaviorCallKnobs extends BehaviorKnobs {
  readonly engines?: EngineStats | undefined;
}

export function behaviorAlignWith(
  a: Int32Array,
  b: Int32Array,
  o: AffineCosts,
  vm?: (i: number, j: number) => boolean,
  knobs: BehaviorCallKnobs = {},
  buckets?: () => ValueBuckets | undefined,
): IndexPair[] {
  const { engines, ...rest } = knobs;
  const part = behaviorPart(rest);
  const tuning = engines === undefined ? part : { ...part, stats: { ...part.stats, engines } };
  return withAlignerTuning(tuning, () => behaviorAlign(a, b, o, vm, buckets).pairs);
}

export function wfaAlignWith(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  vm: ((i: number, j: number) => boolean) | undefined,
  upperBound: number,
  knobs: WfaKnobs = {},
  buckets?: () => ValueBuckets | undefined,
  guide?: { readonly lo: number; readonly hi: number },
): IndexPair[] {
  return withAlignerTuning(
    wfaPart(knobs),
    () => wfaAlign(a, b, costs, vm, upperBound, buckets, guide).pairs,
  );
}

export function nwAlignWith(
  a: Int32Array,
  b: Int32Array,
  o: ResolvedNwOptions,
  channelNames: readonly string[],
  knobs: NwKnobs = {},
): IndexPair[] {
  return withAlignerTuning(tuningOf(knobs), () => nwAlign(a, b, o, channelNames));
}

export function gotohAlignWith(
  a: Int32Array,
  b: Int32Array,
  o: ResolvedNwOptions,
  channelNames: readonly string[],
  knobs: NwTuning = {},
): IndexPair[] {
  return withAlignerTuning({ nw: knobs }, () => gotohAlign(a, b, o, channelNames));
}

export function nwAlignValueAwareWith(
  a: Int32Array,
  b: Int32Array,
  costs: AffineCosts,
  vm?: (i: number, j: number) => boolean,
  knobs: NwTuning = {},
): IndexPair[] {
  return withAlignerTuning({ nw: knobs }, () => nwAlignValueAware(a, b, costs, vm));
}

export function fastMatchingBlocksWith(
  a: Int32Array,
  b: Int32Array,
  options: FastDifflibOptions = {},
  stats?: FastDifflibStats,
): MatchingBlock[] {
  const tuning: AlignerTuning =
    stats === undefined ? { difflib: options } : { difflib: options, stats: { difflib: stats } };
  return withAlignerTuning(tuning, () => fastMatchingBlocks(a, b));
}
