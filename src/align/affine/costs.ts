/**
 * The affine cost model of the exact aligners, in one place: `AffineCosts` (a pair of one channel
 * whose values match costs 0, whose values differ `value_mismatch`, a pair across channels
 * `mismatch`, a run of L unpaired events on one side `gap_open + (L − 1)·gap_extend`), its
 * defaults, validation and help text from one zod schema, the scaling that makes the costs
 * integers for exact comparisons, and the cost functions every engine and check sums by.
 *
 * `behavior` is this model with the channels' comparators asked for `valuesMatch`; `nw` is the
 * same model with every same-channel pair matching, its `match` cost shifted away
 * (`nwAffineCosts`), its per-channel gap costs as per-key ones (`by_key`, the banded DP's). The
 * engines' kernels (`../wfa.ts`, `../behavior.ts`'s `Band`, `../bounded.ts`'s corridor) read these
 * four numbers from the object they are given; `pairCost` / `gapRun` / `alignmentCost` are the
 * reference sums they are tested against.
 *
 * **The tie rule** (every exact engine of this model, and the bounded corridor within its
 * corridor): among the alignments of minimal total cost, the one whose sequence of operations,
 * read from the first row, is lexicographically smallest with pair < delete (gt event unpaired) <
 * insert (pred event unpaired). Equivalently: walking from the start, take a pair whenever some
 * optimal alignment continues with one, else leave the gt event unpaired if that can still be
 * optimal, else the pred event. The wavefronts' traceback (`../wfa.ts`), the banded DP's walk
 * (`../behavior.ts`, `Band.trace`), the corridor's walk and the closed form for traces with no
 * channel in common (`../bounded.ts`) each implement it on their own cells; the differential tests
 * pin them equal, with and without the work budget (`../bounded.test.ts`, "one tie rule"). Memory
 * does not change it: a band past `BehaviorTuning.maxBandCells` keeps checkpoint rows on more
 * levels instead of handing over to the Gotoh solver and its own rule, as it once did, so
 * `optimal: true` always comes with this rule. (`nw` with a gap cost ≤ match / 2 is not this
 * model: it keeps the Gotoh solver, `../nw.ts`.)
 */
import { z } from 'zod';
import { ConfigError, inputPath, type InputPath } from '../../errors.js';
import { MAX_COST } from '../costs.js';
import type { IndexPair, ValueBuckets } from '../types.js';

/** Costs of the behaviour aligner; lower total cost wins. All finite, ≥ 0. */
export interface BehaviorOptions {
  /** Pairing two events of the same channel whose values do not match. @default 1 */
  value_mismatch?: number;
  /** Pairing two events of different channels. @default 3 */
  mismatch?: number;
  /** The first event of a run of unpaired events (> 0). @default 2 */
  gap_open?: number;
  /** Each further event of a run of unpaired events (> 0). @default 1 */
  gap_extend?: number;
}

/** Validated affine costs, defaults filled in (the behaviour aligner's resolved options). */
export interface AffineCosts {
  readonly value_mismatch: number;
  readonly mismatch: number;
  readonly gap_open: number;
  readonly gap_extend: number;
  /**
   * Gap costs per key, in place of `gap_open` / `gap_extend` for every event (`nw`'s
   * `by_channel`, from `nwAffineCosts`). Only the unbudgeted exact API takes them
   * (`behaviorAlign`: the banded DP); the wavefronts do not
   * (`wfaCostsOf` refuses them) and the budgeted entry refuses them.
   */
  readonly by_key?: KeyGapCosts;
}

/**
 * Per-key gap costs (`AffineCosts.by_key`): an unpaired event of key k costs `gap_open[k]` when it
 * opens a run, `gap_extend[k]` when it continues one (the run's cost is the sum over its events).
 * Every key of the inputs has an entry.
 */
export interface KeyGapCosts {
  readonly gap_open: Float64Array;
  readonly gap_extend: Float64Array;
}

/** Gap cost of one unpaired event of key `key`: its `gap_open` when it opens a run, else its `gap_extend`. */
export function gapCost(c: AffineCosts, key: number, opens: boolean): number {
  const k = c.by_key;
  if (k === undefined) return opens ? c.gap_open : c.gap_extend;
  return (opens ? k.gap_open[key] : k.gap_extend[key]) as number;
}

/**
 * The smallest cost of one unpaired event of `a` or `b`: what the band certificate and the pruning
 * charge per unpaired event. O(n + m) with per-key gap costs, O(1) without.
 */
export function gapMinOf(c: AffineCosts, a: Int32Array, b: Int32Array): number {
  const k = c.by_key;
  let min = Math.min(c.gap_open, c.gap_extend);
  if (k === undefined || a.length + b.length === 0) return min;
  min = Infinity;
  for (const keys of [a, b]) {
    for (let i = 0; i < keys.length; i++) {
      const o = k.gap_open[keys[i]!]!;
      const e = k.gap_extend[keys[i]!]!;
      if (o < min) min = o;
      if (e < min) min = e;
    }
  }
  return min;
}

/** The behaviour aligner's resolved options: the affine costs. */
export type ResolvedBehaviorOptions = AffineCosts;

/** The default costs (see the module comment for why). */
export const BEHAVIOR_DEFAULTS: AffineCosts = Object.freeze({
  value_mismatch: 1,
  mismatch: 3,
  gap_open: 2,
  gap_extend: 1,
});

const nonNegative = z.number().finite().min(0).max(MAX_COST);
const positive = z
  .number()
  .finite()
  .gt(0, { message: 'must be > 0 (a free gap makes leaving everything unpaired optimal)' })
  .max(MAX_COST);

/** The behaviour aligner's cost options, as a zod shape (shared by its options and registry schemas). */
export const BEHAVIOR_COST_SHAPE = {
  value_mismatch: nonNegative.optional(),
  mismatch: nonNegative.optional(),
  gap_open: positive.optional(),
  gap_extend: positive.optional(),
};

/** `value_mismatch ≤ mismatch`: a changed value must not cost more than a wrong channel. */
export function checkBehaviorCosts(
  o: { value_mismatch?: number | undefined; mismatch?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const vm = o.value_mismatch ?? BEHAVIOR_DEFAULTS.value_mismatch;
  const mm = o.mismatch ?? BEHAVIOR_DEFAULTS.mismatch;
  if (vm > mm) {
    ctx.addIssue({
      code: 'custom',
      path: ['value_mismatch'],
      message: `must not exceed mismatch (${mm}), received ${vm}`,
    });
  }
}

/**
 * Zod schema of the behaviour aligner's options (strict: unknown keys are rejected). Also checks
 * `value_mismatch ≤ mismatch` (a changed value must not cost more than a wrong channel).
 */
export const behaviorOptionsSchema = z
  .strictObject(BEHAVIOR_COST_SHAPE)
  .superRefine(checkBehaviorCosts);

/**
 * Validate behaviour-aligner options (`path` prefixes error paths, e.g. `aligner`).
 * @throws ConfigError naming the offending option, e.g. `aligner.gap_open: must be > 0 …`.
 */
export function resolveBehaviorOptions(
  options: unknown = {},
  path: InputPath = ['aligner'],
): AffineCosts {
  const r = behaviorOptionsSchema.safeParse(options);
  if (!r.success) {
    // Every issue is kept; one is shown inline, several one per line.
    throw ConfigError.fromIssues(
      r.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({
              path: [...path, key],
              message: `unknown option ${JSON.stringify(key)} (expected one of value_mismatch, mismatch, gap_open, gap_extend)`,
            }))
          : [{ path: [...path, ...inputPath(issue.path)], message: issue.message }],
      ),
      undefined,
    );
  }
  return { ...BEHAVIOR_DEFAULTS, ...stripUndefined(r.data) };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The help text of the costs, from the schema's keys and the defaults: `value_mismatch?: 1, …`. */
export const BEHAVIOR_PARAMS = Object.keys(BEHAVIOR_COST_SHAPE)
  .map((k) => `${k}?: ${BEHAVIOR_DEFAULTS[k as keyof typeof BEHAVIOR_COST_SHAPE]}`)
  .join(', ');

/** `nw`'s costs, validated and with their defaults (`resolveNwOptions`, `../nw.ts`). */
export interface NwCosts {
  readonly match: number;
  readonly mismatch: number;
  readonly gap_open: number;
  readonly gap_extend: number;
  /** Gap costs of the events of a channel, where they differ from the global ones. */
  readonly by_channel: ReadonlyMap<
    string,
    { readonly gap_open: number; readonly gap_extend: number }
  >;
}

/**
 * `nw`'s costs as this model, when they can be: the affine costs the engines align with
 * (`costs`, every same-channel pair matching) and how an optimum under them converts back to
 * `nw`'s units (`nwCost`), or `undefined` when only the Gotoh solver takes them (`../nw.ts`): a gap
 * cost (global or per channel) of at most `match / 2`.
 *
 * `match = 0`: the costs as they are. `match = c > 0` is shifted away: an alignment of n + m events
 * with P pairs leaves U = n + m − 2P events unpaired, so charging every pair c less and every
 * unpaired event (its `gap_open` or `gap_extend`) c/2 less lowers **every** alignment's cost by
 * the same c·(n + m)/2 — the optimal alignments, and their order under the tie rule, are those of
 * `nw`'s costs. The shifted costs are doubled (pairs `2·(mismatch − c)`, gaps `2·gap − c`) so
 * that decimal costs keep their digits (c/2 of a 6-digit decimal would not scale to an integer).
 * They must meet the engines' requirements: `mismatch − c ≥ 0` holds (`match ≤ mismatch`), and
 * each shifted gap cost must stay > 0 (`gap_open, gap_extend > c/2`), since the banded DP proves
 * its band by a positive cost per unpaired event (with a free event it would be the full matrix).
 * Per-channel gap costs (`by_channel`) become per-key ones (`AffineCosts.by_key`, shifted the
 * same way) for the keys whose channel has costs differing from the global ones.
 */
export function nwAffineCosts(
  o: NwCosts,
  /** `channelNames[key]`: the channel of each key, for its `by_channel` gap costs. */
  channelNames: readonly string[] = [],
  /** Keys 0 … keyCount − 1 get gap costs (keys without a name the global ones). */
  keyCount: number = channelNames.length,
): NwAsAffine | undefined {
  const c = o.match;
  // Every gap cost that may be charged, shifted, must stay > 0.
  const gaps = [o.gap_open, o.gap_extend];
  for (const g of o.by_channel.values()) gaps.push(g.gap_open, g.gap_extend);
  if (!gaps.every((g) => 2 * g > c)) return undefined;
  const k = c === 0 ? 1 : 2;
  const shifted = (g: number): number => (c === 0 ? g : 2 * g - c);
  let byKey: KeyGapCosts | undefined;
  if (
    [...o.by_channel.values()].some(
      (g) => g.gap_open !== o.gap_open || g.gap_extend !== o.gap_extend,
    )
  ) {
    const open = new Float64Array(keyCount).fill(shifted(o.gap_open));
    const extend = new Float64Array(keyCount).fill(shifted(o.gap_extend));
    let differs = false;
    for (let key = 0; key < keyCount; key++) {
      const name = channelNames[key];
      const g = name === undefined ? undefined : o.by_channel.get(name);
      if (g === undefined || (g.gap_open === o.gap_open && g.gap_extend === o.gap_extend)) continue;
      open[key] = shifted(g.gap_open);
      extend[key] = shifted(g.gap_extend);
      differs = true;
    }
    if (differs) byKey = { gap_open: open, gap_extend: extend };
  }
  const costs: AffineCosts = {
    value_mismatch: 0,
    mismatch: k * (o.mismatch - c),
    gap_open: shifted(o.gap_open),
    gap_extend: shifted(o.gap_extend),
    ...(byKey === undefined ? {} : { by_key: byKey }),
  };
  return { costs, nwCost: c === 0 ? (cost) => cost : (cost, events) => (cost + c * events) / 2 };
}

/** `nw`'s costs as the affine model (`nwAffineCosts`). */
export interface NwAsAffine {
  /** The costs the engines align with. */
  readonly costs: AffineCosts;
  /** The `nw` cost of an alignment of `events` (n + m) events whose cost under `costs` is `cost`. */
  nwCost(cost: number, events: number): number;
}

/** Scales tried to turn every cost into an integer (decimals first, then binary fractions). */
const SCALES: readonly number[] = [
  1,
  10,
  100,
  1_000,
  10_000,
  100_000,
  1_000_000,
  ...Array.from({ length: 30 }, (_, k) => 2 ** (k + 1)),
];

function isScaledInteger(c: number, s: number): boolean {
  const x = c * s;
  // A positive cost that rounds to 0 at this scale (5e-324, 1e-13) is not an integer multiple of
  // 1/s: scaling it would make it free (and, in the behavior DP, a zero gap cost sized its bands
  // from 0/0 and looped forever).
  if (c !== 0 && Math.round(x) === 0) return false;
  return Math.abs(x - Math.round(x)) <= 1e-12 * Math.max(1, Math.abs(x));
}

/**
 * The first scale of `SCALES` that makes every cost an integer, if any: the one rule by which every
 * engine decides whether it can run on exact integer costs (the caller still checks that its own
 * largest sum stays below 2^53 at that scale).
 */
export function integerScale(costs: readonly number[]): number | undefined {
  return SCALES.find((s) => costs.every((c) => isScaledInteger(c, s)));
}

/** Costs as used by the DP: integers when some scale makes every cost integral. */
export function scaledCosts(o: AffineCosts, events: number): AffineCosts {
  const all = [o.value_mismatch, o.mismatch, o.gap_open, o.gap_extend];
  const byKey = o.by_key;
  if (byKey !== undefined)
    for (let k = 0; k < byKey.gap_open.length; k++)
      all.push(byKey.gap_open[k]!, byKey.gap_extend[k]!);
  const scale = integerScale(all);
  if (scale === undefined || all.reduce((x, y) => Math.max(x, y)) * scale * (events + 1) >= 2 ** 53)
    return o;
  const k = (c: number): number => Math.round(c * scale);
  return {
    value_mismatch: k(o.value_mismatch),
    mismatch: k(o.mismatch),
    gap_open: k(o.gap_open),
    gap_extend: k(o.gap_extend),
    ...(byKey === undefined
      ? {}
      : { by_key: { gap_open: byKey.gap_open.map(k), gap_extend: byKey.gap_extend.map(k) } }),
  };
}

/**
 * Cost of pairing gt event i with pred event j: 0 for the same key with matching values,
 * `value_mismatch` for the same key otherwise, `mismatch` across keys.
 */
export function pairCost(
  a: Int32Array,
  b: Int32Array,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
  i: number,
  j: number,
  c: AffineCosts,
  /** Value buckets (`AlignContext.valueBuckets`): values whose buckets are > 2 apart do not match, without asking. */
  buckets?: ValueBuckets,
): number {
  return a[i] !== b[j]
    ? c.mismatch
    : valuesMatch === undefined ||
        ((buckets === undefined || Math.abs(buckets.gt[i]! - buckets.pred[j]!) <= 2) &&
          valuesMatch(i, j))
      ? 0
      : c.value_mismatch;
}

/** Cost of a run of `len` unpaired events (uniform gap costs: not for `by_key`). */
export function gapRun(len: number, c: AffineCosts): number {
  return len > 0 ? c.gap_open + (len - 1) * c.gap_extend : 0;
}

/** Total cost of `pairs` under `c` (start state: a pair), by the engines' cost functions. */
export function alignmentCost(
  a: Int32Array,
  b: Int32Array,
  pairs: readonly IndexPair[],
  c: AffineCosts,
  valuesMatch: ((i: number, j: number) => boolean) | undefined,
): number {
  let cost = 0;
  let run = 0; // length of the current gap run
  let side = 0; // 1: gt events unpaired, 2: pred events unpaired
  for (const p of pairs) {
    const s = p.gt !== null && p.pred !== null ? 0 : p.gt !== null ? 1 : 2;
    if (s !== side && run > 0) {
      cost += gapRun(run, c);
      run = 0;
    }
    if (s === 0) cost += pairCost(a, b, valuesMatch, p.gt!, p.pred!, c);
    else if (c.by_key !== undefined)
      cost += gapCost(c, s === 1 ? a[p.gt!]! : b[p.pred!]!, s !== side); // event by event
    else run++;
    side = s;
  }
  return cost + gapRun(run, c);
}
