/**
 * The affine cost model of the exact aligners, in one place: `AffineCosts` (a pair of one channel
 * whose values match costs 0, whose values differ `value_mismatch`, a pair across channels
 * `mismatch`, a run of L unpaired events on one side `gap_open + (L − 1)·gap_extend`), its
 * defaults, validation and help text from one zod schema, the scaling that makes the costs
 * integers for exact comparisons, and the cost functions every engine and check sums by.
 *
 * `behavior` is this model with the channels' comparators asked for `valuesMatch`; `nw` is the
 * same model with every same-channel pair matching, its `match` cost shifted away
 * (`nwAffineCosts`; per-channel gap costs are the one thing only the Gotoh solver takes). The
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
 * pin them equal, with and without the work budget (`../bounded.test.ts`, "one tie rule"). The one
 * exception: the unbudgeted exact API (`behaviorAlign`, `nw`) hands over to the linear-memory
 * Gotoh solver (`../nw-gotoh.ts`, its own rule) when even the banded DP's checkpoints exceed
 * `BehaviorTuning.maxBandCells`; under the default aligner's work budget that solver never runs
 * (its n·m cells exceed any budget first), so `optimal: true` always comes with this rule.
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
  .map((k) => `${k}?: ${BEHAVIOR_DEFAULTS[k as keyof AffineCosts]}`)
  .join(', ');

/**
 * `nw`'s costs as this model, when they can be: the affine costs the engines align with
 * (`costs`, every same-channel pair matching) and how an optimum under them converts back to
 * `nw`'s units (`nwCost`), or `undefined` when only the Gotoh solver takes them (`../nw.ts`).
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
 * The per-channel gap costs (`by_channel`) must all equal the global ones: the engines charge one
 * gap cost for every channel.
 */
export function nwAffineCosts(o: {
  readonly match: number;
  readonly mismatch: number;
  readonly gap_open: number;
  readonly gap_extend: number;
  readonly by_channel: ReadonlyMap<
    string,
    { readonly gap_open: number; readonly gap_extend: number }
  >;
}): NwAsAffine | undefined {
  for (const g of o.by_channel.values())
    if (g.gap_open !== o.gap_open || g.gap_extend !== o.gap_extend) return undefined;
  const c = o.match;
  if (!(2 * Math.min(o.gap_open, o.gap_extend) > c)) return undefined;
  if (c === 0) {
    return {
      costs: {
        value_mismatch: 0,
        mismatch: o.mismatch,
        gap_open: o.gap_open,
        gap_extend: o.gap_extend,
      },
      nwCost: (cost) => cost,
    };
  }
  return {
    costs: {
      value_mismatch: 0,
      mismatch: 2 * (o.mismatch - c),
      gap_open: 2 * o.gap_open - c,
      gap_extend: 2 * o.gap_extend - c,
    },
    nwCost: (cost, events) => (cost + c * events) / 2,
  };
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
  const scale = integerScale(all);
  if (scale === undefined || Math.max(...all) * scale * (events + 1) >= 2 ** 53) return o;
  const k = (c: number): number => Math.round(c * scale);
  return {
    value_mismatch: k(o.value_mismatch),
    mismatch: k(o.mismatch),
    gap_open: k(o.gap_open),
    gap_extend: k(o.gap_extend),
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

/** Cost of a run of `len` unpaired events. */
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
    side = s;
    if (s === 0) cost += pairCost(a, b, valuesMatch, p.gt!, p.pred!, c);
    else run++;
  }
  return cost + gapRun(run, c);
}
