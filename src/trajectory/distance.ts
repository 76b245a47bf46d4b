/**
 * The weighted trajectory distance (the "ek" metric family): a cost-weighted edit distance over
 * tool-call steps, lower is better. A missing reference step costs its tool's weight, an extra
 * predicted step its tool's weight, a step with the right tool and different arguments the tool's
 * weight times the weighted fraction of differing arguments, a step with the wrong tool the cost
 * of deleting one and inserting the other.
 */
import { equals } from '@jest/expect-utils';
import { z } from 'zod';
import { ConfigError, inputPath, type InputPath } from '../errors.js';
import { minCostAssignment } from './bipartite.js';
import { formatValue, toolCalls, type ToolCall, type TrajectoryInput } from './calls.js';
import { valueKey } from './keys.js';

/**
 * `in_order`: weighted Needleman–Wunsch (gaps allowed); `exact`: 0 iff identical, else the full
 * mass; `any_order`: minimum-cost assignment (order ignored); `superset`: 0 iff every reference
 * call occurs, extra predicted steps free.
 */
export type TrajectoryScheme = 'in_order' | 'exact' | 'any_order' | 'superset';

/** Importance weights: per tool, and per argument (globally or per tool). Every weight is ≥ 0. */
export interface TrajectoryWeights {
  /** Weight of a tool not listed in `tools`. @default 1 */
  readonly default?: number;
  /** Per tool: a weight, or `{weight, args}` with per-argument weights for that tool. */
  readonly tools?: Readonly<
    Record<
      string,
      number | { readonly weight?: number; readonly args?: Readonly<Record<string, number>> }
    >
  >;
  /** Per-argument weights for every tool (a tool's own `args` win). An unlisted argument weighs 1. */
  readonly args?: Readonly<Record<string, number>>;
}

/** Canonicalises string arguments before comparison: a function, or the built-in steps. */
export type Canonicalize =
  | ((
      value: string,
      where: { readonly tool: string; readonly path: readonly (string | number)[] },
    ) => string)
  | { readonly case?: 'lower'; readonly whitespace?: 'trim' | 'collapse' };

/** Options of `trajectoryDistance`. */
export interface TrajectoryDistanceOptions {
  /** @default "in_order" */
  readonly scheme?: TrajectoryScheme;
  readonly weights?: TrajectoryWeights;
  readonly canonicalize?: Canonicalize;
}

/** `distance` in [0, max]; `score` = 1 − distance / max (1 when max is 0). */
export interface TrajectoryDistance {
  readonly scheme: TrajectoryScheme;
  readonly distance: number;
  /** The full mass: every reference step deleted and every predicted step inserted (`superset`: the reference steps only). */
  readonly max: number;
  readonly score: number;
}

const weight = z
  .number({ error: 'expected a number' })
  .finite({ error: 'expected a finite number' })
  .nonnegative({ error: 'expected a weight >= 0' });
const weightsSchema = z.strictObject({
  default: weight.optional(),
  tools: z
    .record(
      z.string(),
      z.union([
        weight,
        z.strictObject({
          weight: weight.optional(),
          args: z.record(z.string(), weight).optional(),
        }),
      ]),
    )
    .optional(),
  args: z.record(z.string(), weight).optional(),
});
const canonSchema = z.strictObject({
  case: z.literal('lower').optional(),
  whitespace: z.enum(['trim', 'collapse']).optional(),
});
const SCHEMES: readonly TrajectoryScheme[] = ['in_order', 'exact', 'any_order', 'superset'];

/**
 * Validate a weights object (from code or a config file): throws `ConfigError` naming `file` and
 * the path inside it (`weights.tools.delete_file: expected a weight >= 0`).
 */
export function parseTrajectoryWeights(
  value: unknown,
  loc: { file?: string; path?: InputPath } = {},
): TrajectoryWeights {
  const r = weightsSchema.safeParse(value);
  if (r.success) return r.data as TrajectoryWeights;
  const prefix = loc.path ?? ['weights'];
  throw ConfigError.fromIssues(
    r.error.issues.map((issue) => ({
      path: [...prefix, ...inputPath(issue.path)],
      message:
        issue.code === 'unrecognized_keys'
          ? `unknown key ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (weights have default, tools, args)`
          : issue.message,
    })),
    loc.file,
  );
}

function canonicaliser(
  c: Canonicalize | undefined,
): ((s: string, tool: string, path: readonly (string | number)[]) => string) | undefined {
  if (c === undefined) return undefined;
  if (typeof c === 'function') return (s, tool, path) => c(s, { tool, path });
  const r = canonSchema.safeParse(c);
  if (!r.success)
    throw ConfigError.fromIssues(
      r.error.issues.map((issue) => ({
        path: ['canonicalize', ...inputPath(issue.path)],
        message: issue.message,
      })),
      undefined,
    );
  return (s) => {
    let out = s;
    if (c.whitespace === 'collapse') out = out.trim().replace(/\s+/g, ' ');
    else if (c.whitespace === 'trim') out = out.trim();
    if (c.case === 'lower') out = out.toLowerCase();
    return out;
  };
}

function canonValue(
  v: unknown,
  f: (s: string, tool: string, path: readonly (string | number)[]) => string,
  tool: string,
  path: (string | number)[],
): unknown {
  if (typeof v === 'string') return f(v, tool, path);
  if (Array.isArray(v)) return v.map((x, i) => canonValue(x, f, tool, [...path, i]));
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, canonValue(x, f, tool, [...path, k])]),
    );
  }
  return v;
}

/** The cost model of one evaluation: step weights and the substitution cost of two steps. */
class Costs {
  constructor(private readonly w: TrajectoryWeights) {}

  tool(name: string): number {
    const t = this.w.tools?.[name];
    if (typeof t === 'number') return t;
    return t?.weight ?? this.w.default ?? 1;
  }

  /**
   * A call's key for ordering the calls of one turn: the tool and its arguments (canonical JSON,
   * arguments of weight 0 left out: they never cost anything). Equal keys cost 0 to substitute.
   */
  key(call: ToolCall): string {
    const a = call.arguments;
    let v = a;
    if (typeof a === 'object' && a !== null && !Array.isArray(a)) {
      const rec = a as Record<string, unknown>;
      v = Object.fromEntries(
        Object.keys(rec)
          .filter((k) => this.arg(call.name, k) !== 0)
          .map((k) => [k, rec[k]]),
      );
    }
    return `${JSON.stringify(call.name)}\u0000${valueKey(v) ?? formatValue(v)}`;
  }

  private arg(tool: string, key: string): number {
    const t = this.w.tools?.[tool];
    const own = typeof t === 'object' ? t.args?.[key] : undefined;
    return own ?? this.w.args?.[key] ?? 1;
  }

  /** 0 for equal steps; tool weight × weighted fraction of differing arguments; delete + insert for another tool. */
  substitute(r: ToolCall, p: ToolCall): number {
    if (r.name !== p.name) return this.tool(r.name) + this.tool(p.name);
    const a = r.arguments;
    const b = p.arguments;
    const isObj = (v: unknown): v is Record<string, unknown> =>
      typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!isObj(a) || !isObj(b)) return equals(a, b) ? 0 : this.tool(r.name);
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    let total = 0;
    let differing = 0;
    for (const k of keys) {
      const wk = this.arg(r.name, k);
      total += wk;
      if (!equals(a[k], b[k])) differing += wk;
    }
    return total === 0 ? 0 : (this.tool(r.name) * differing) / total;
  }
}

/** Weighted Needleman–Wunsch: minimum total cost of gaps and substitutions, order kept. */
function inOrder(ref: readonly ToolCall[], pred: readonly ToolCall[], c: Costs): number {
  let prev = new Array<number>(pred.length + 1).fill(0);
  for (let j = 1; j <= pred.length; j++) prev[j] = prev[j - 1]! + c.tool(pred[j - 1]!.name);
  for (let i = 1; i <= ref.length; i++) {
    const cur = new Array<number>(pred.length + 1).fill(0);
    cur[0] = prev[0]! + c.tool(ref[i - 1]!.name);
    for (let j = 1; j <= pred.length; j++) {
      cur[j] = Math.min(
        prev[j]! + c.tool(ref[i - 1]!.name),
        cur[j - 1]! + c.tool(pred[j - 1]!.name),
        prev[j - 1]! + c.substitute(ref[i - 1]!, pred[j - 1]!),
      );
    }
    prev = cur;
  }
  return prev[pred.length]!;
}

/** The turns of a list of calls: runs of calls with one `group`. */
function turnsOf(list: readonly ToolCall[]): ToolCall[][] {
  const turns: ToolCall[][] = [];
  for (const x of list) {
    const last = turns[turns.length - 1];
    if (last && last[0]!.group === x.group) last.push(x);
    else turns.push([x]);
  }
  return turns;
}

/** Each turn of `list` ordered by `rank` (a turn's calls have no order of their own). */
function orderTurns(
  list: readonly ToolCall[],
  rank: (turn: readonly ToolCall[]) => ToolCall[],
): ToolCall[] {
  return turnsOf(list).flatMap((t) => (t.length === 1 ? t : rank(t)));
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The calls of each turn by key: the same calls in any order give the same list. */
function canonicalOrder(list: readonly ToolCall[], c: Costs): ToolCall[] {
  // Ties (arguments of weight 0 apart) by the whole arguments, for the `exact` scheme.
  const whole = (x: ToolCall): string => valueKey(x.arguments) ?? formatValue(x.arguments);
  return orderTurns(list, (t) =>
    t
      .map((x) => ({ x, k: c.key(x), w: whole(x) }))
      .sort((a, b) => byText(a.k, b.k) || byText(a.w, b.w))
      .map((e) => e.x),
  );
}

/**
 * The calls of each turn of `list` in the order of their counterparts in `other`: the n-th call
 * of a key goes where the n-th call of that key is in `other`, a call without one where the first
 * call of its tool is (else last), ties by key. Independent of the order within `list`'s turns
 * (equal keys are equal calls to the cost model).
 */
function followOrder(list: readonly ToolCall[], other: readonly ToolCall[], c: Costs): ToolCall[] {
  const at = new Map<string, number[]>();
  const firstOfTool = new Map<string, number>();
  other.forEach((x, i) => {
    const k = c.key(x);
    const l = at.get(k);
    if (l) l.push(i);
    else at.set(k, [i]);
    if (!firstOfTool.has(x.name)) firstOfTool.set(x.name, i);
  });
  const seen = new Map<string, number>();
  const none = other.length;
  return orderTurns(list, (t) =>
    t
      .map((x) => {
        const k = c.key(x);
        const n = seen.get(k) ?? 0;
        seen.set(k, n + 1);
        const exact = at.get(k)?.[n];
        return exact !== undefined
          ? { x, k, pos: exact, tier: 0 }
          : { x, k, pos: firstOfTool.get(x.name) ?? none, tier: 1 };
      })
      .sort((a, b) => a.pos - b.pos || a.tier - b.tier || byText(a.k, b.k))
      .map((e) => e.x),
  );
}

/**
 * `inOrder` with the calls of one turn (one model step: `group`) in no order, on either side:
 * the cheaper of two orderings that do not depend on the order within a turn, both turns by key,
 * and the prediction's turns following the reference, then the reference's following the
 * prediction. A reordering inside a turn costs nothing; a turn's calls in another order than the
 * reference, across turns, still do. Two more alignments than `inOrder`: O(n·m).
 */
function inOrderByTurns(ref: readonly ToolCall[], pred: readonly ToolCall[], c: Costs): number {
  const r0 = canonicalOrder(ref, c);
  const p0 = canonicalOrder(pred, c);
  const byKey = inOrder(r0, p0, c);
  if (byKey === 0) return 0;
  const p1 = followOrder(p0, r0, c);
  const r1 = followOrder(r0, p1, c);
  return Math.min(byKey, inOrder(r1, p1, c));
}

/** Minimum-cost assignment with dummy rows/columns for deleted and inserted steps. */
function anyOrder(
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  c: Costs,
  insertCost: (p: ToolCall) => number,
): number {
  const n = ref.length + pred.length;
  const cost: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) {
      if (i < ref.length && j < pred.length) row.push(c.substitute(ref[i]!, pred[j]!));
      else if (i < ref.length)
        row.push(j - pred.length === i ? c.tool(ref[i]!.name) : Infinity); // ref i deleted
      else if (j < pred.length)
        row.push(i - ref.length === j ? insertCost(pred[j]!) : Infinity); // pred j inserted
      else row.push(0);
    }
    cost.push(row);
  }
  return minCostAssignment(cost.map((r) => r.map((x) => (x === Infinity ? 1e300 : x)))).total;
}

/**
 * The weighted distance between a reference trajectory and a predicted one (traces, event arrays,
 * `{name, arguments}` lists or trace files), with its maximum and normalised score.
 */
export function trajectoryDistance(
  reference: TrajectoryInput,
  calls: TrajectoryInput,
  options: TrajectoryDistanceOptions = {},
): TrajectoryDistance {
  return distanceCalculator(options)(toolCalls(reference, 'reference'), toolCalls(calls, 'calls'));
}

/**
 * Validate the options once and return the distance of extracted calls (canonicalised here).
 * Throws `ConfigError` for an unknown scheme, bad weights or a bad canonicaliser.
 */
export function distanceCalculator(
  options: TrajectoryDistanceOptions = {},
): (ref: readonly ToolCall[], pred: readonly ToolCall[]) => TrajectoryDistance {
  const scheme = options.scheme ?? 'in_order';
  if (!SCHEMES.includes(scheme))
    throw new ConfigError(
      `unknown trajectory scheme ${JSON.stringify(scheme)} (expected ${SCHEMES.join(', ')})`,
      { path: ['scheme'] },
    );
  const weights = options.weights === undefined ? {} : parseTrajectoryWeights(options.weights);
  const canon = canonicaliser(options.canonicalize);
  const prep = (list: readonly ToolCall[]): readonly ToolCall[] =>
    canon
      ? list.map((x) => ({ ...x, arguments: canonValue(x.arguments, canon, x.name, []) }))
      : list;
  return (ref, pred) => distanceOfCalls(prep(ref), prep(pred), scheme, weights);
}

/** `trajectoryDistance` on already-extracted (and canonicalised) calls. */
export function distanceOfCalls(
  ref: readonly ToolCall[],
  pred: readonly ToolCall[],
  scheme: TrajectoryScheme,
  weights: TrajectoryWeights,
): TrajectoryDistance {
  const c = new Costs(weights);
  const refMass = ref.reduce((s, x) => s + c.tool(x.name), 0);
  const predMass = pred.reduce((s, x) => s + c.tool(x.name), 0);
  let distance: number;
  let max = refMass + predMass;
  switch (scheme) {
    case 'in_order':
      distance = inOrderByTurns(ref, pred, c);
      break;
    case 'exact': {
      // Identical up to the order of calls within a turn.
      const r = canonicalOrder(ref, c);
      const p = canonicalOrder(pred, c);
      distance =
        r.length === p.length &&
        r.every((x, i) => x.name === p[i]!.name && equals(x.arguments, p[i]!.arguments))
          ? 0
          : max;
      break;
    }
    case 'any_order':
      distance = anyOrder(ref, pred, c, (p) => c.tool(p.name));
      break;
    case 'superset':
      max = refMass;
      distance = anyOrder(ref, pred, c, () => 0);
      break;
  }
  distance = Math.min(distance, max);
  return { scheme, distance, max, score: max === 0 ? 1 : 1 - distance / max };
}

/**
 * The corpus aggregate: total raw distance / total maximum distance (never a mean of ratios), as
 * `{distance, max, score}` summed over the runs.
 */
export function aggregateTrajectoryDistances(
  runs: Iterable<Pick<TrajectoryDistance, 'distance' | 'max'>>,
): { distance: number; max: number; score: number } {
  let distance = 0;
  let max = 0;
  for (const r of runs) {
    distance += r.distance;
    max += r.max;
  }
  return { distance, max, score: max === 0 ? 1 : 1 - distance / max };
}
