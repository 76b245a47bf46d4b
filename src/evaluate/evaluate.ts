import { aggregate } from '../aggregate/weighted.js';
import {
  alignColumnsWithOutcome,
  createAligner,
  internEventKeys,
  type AlignmentColumns,
  type ValueBuckets,
} from '../align/index.js';
import type { AlignerReport } from './types.js';
import { ComparatorSet } from '../compare/set.js';
import type { Comparator } from '../compare/comparator.js';
import {
  gtAt,
  judgeColumns,
  predAt,
  valueMatchOf,
  VerdictBit,
  verdictsOf,
  type VerdictColumns,
} from '../compare/verdict-columns.js';
import { toleranceSummary, type ToleranceSummary } from '../compare/tolerance-use.js';
import { decide, decisionParams } from '../decide/decision.js';
import { ConfigError, InputError, TraceError } from '../errors.js';
import { copyLazyAware, defineLazyList } from '../metrics/lazy.js';
import { builtInMetrics } from '../metrics/registry.js';
import type { IndexedEvent, MetricContext, MetricResult, PairVerdict } from '../metrics/types.js';
import type { ScoringPolicy } from '../policy/index.js';
import { assertTraceDepth, parseEnvtrace } from '../trace/parse.js';
import { Trace, eventTuple } from '../trace/trace.js';
import { valueKey } from '../trajectory/keys.js';
import type { TraceEvent, TraceLike } from '../trace/types.js';
import { optionsFile, resolveOptions } from './options.js';
import { unknownChannelKeys } from './channel-keys.js';
import type { AlignmentRow, EvaluateOptions, EvaluationResult } from './types.js';

/**
 * One side after preprocessing, as columns: `sorted[k]` is the k-th event in time order (aliased),
 * `sortedPos[k]` its position in the input `events` array; `align`/`alignPos` the same without
 * ignored and continuous channels (the very arrays when nothing is dropped).
 */
interface Side {
  readonly sorted: readonly TraceEvent[];
  /** `null` when the input was in time order: `sorted[k]` is `events[k]`. */
  readonly sortedPos: Int32Array | null;
  readonly align: readonly TraceEvent[];
  readonly alignPos: Int32Array | null;
}

/** `pos[k]`, where `null` stands for the identity. */
function posAt(pos: Int32Array | null, k: number): number {
  return pos === null ? k : pos[k]!;
}

function toTrace(t: TraceLike | Trace, policy: ScoringPolicy, side: string): Trace {
  if (t instanceof Trace) return assertTraceDepth(t, side);
  // JS callers can pass anything: the declared type is not a guarantee.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (t === null || typeof t !== 'object') {
    throw new TraceError(
      `expected a trace (an array of {channel, timestamp, value} or {events: [...]}), got ${
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
        t === null ? 'null' : typeof t
      }`,
      { file: side },
    );
  }
  return parseEnvtrace(t, { policy, file: side });
}

function aliasFn(
  aliases: Readonly<Record<string, string>> | undefined,
): ((ch: string) => string) | undefined {
  if (!aliases) return undefined;
  return (ch) => (Object.prototype.hasOwnProperty.call(aliases, ch) ? aliases[ch]! : ch);
}

/**
 * Whether a stable sort by timestamp leaves `events` as they are: every timestamp a number, none
 * NaN (the sort's comparator would be inconsistent), and none smaller than the one before.
 */
function inTimeOrder(events: readonly TraceEvent[]): boolean {
  let prev = -Infinity;
  for (let i = 0; i < events.length; i++) {
    const t = events[i]!.timestamp;
    if (typeof t !== 'number' || !(t >= prev)) return false;
    prev = t;
  }
  return true;
}

/** `events` with `alias` applied to each channel: the same array when no channel changes. */
function aliasEvents(
  events: readonly TraceEvent[],
  alias: ((ch: string) => string) | undefined,
): readonly TraceEvent[] {
  if (alias === undefined) return events;
  let copy: TraceEvent[] | undefined;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const ch = alias(e.channel);
    if (ch === e.channel) continue;
    copy ??= events.slice();
    copy[i] = { ...e, channel: ch };
  }
  return copy ?? events;
}

/**
 * Alias (one step) then stable time sort, keeping input positions; then drop `exclude`d channels.
 * The sort is `Array.prototype.sort` over positions with the same comparator as over the events,
 * so the order (ties included) is the same. Input already in time order (the common case) is
 * not copied: the sort would leave it as it is.
 */
function prepareSide(
  trace: Trace,
  alias: ((ch: string) => string) | undefined,
  exclude: ReadonlySet<string>,
): Side {
  const events = trace.events;
  const n = events.length;
  const aliased = aliasEvents(events, alias);
  let sorted: readonly TraceEvent[];
  let sortedPos: Int32Array | null = null;
  if (inTimeOrder(events)) {
    sorted = aliased;
  } else {
    sortedPos = new Int32Array(n);
    const ts = new Float64Array(n);
    for (let i = 0; i < n; i++) ts[i] = events[i]!.timestamp;
    const order = new Array<number>(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => ts[a]! - ts[b]!);
    const out = new Array<TraceEvent>(n);
    for (let k = 0; k < n; k++) {
      out[k] = aliased[order[k]!]!;
      sortedPos[k] = order[k]!;
    }
    sorted = out;
  }
  if (exclude.size === 0) return { sorted, sortedPos, align: sorted, alignPos: sortedPos };
  let kept = 0;
  for (let k = 0; k < n; k++) if (!exclude.has(sorted[k]!.channel)) kept++;
  const align = new Array<TraceEvent>(kept);
  const alignPos = new Int32Array(kept);
  for (let k = 0, j = 0; k < n; k++) {
    if (exclude.has(sorted[k]!.channel)) continue;
    align[j] = sorted[k]!;
    alignPos[j++] = posAt(sortedPos, k);
  }
  return { sorted, sortedPos, align, alignPos };
}

/** A parallel call's sort key within its group: its channel, then its value's canonical JSON. */
function callOrderKey(e: TraceEvent): string {
  // A value with no canonical key (not plain data) sorts first in its channel, in logged order.
  return `${e.channel}\u0000${valueKey(e.value) ?? ''}`;
}

/**
 * The runs `[a, b)` of two or more consecutive events sharing a `meta.parallel_group` (the calls
 * of one model response, as the agent importers group them), in order. O(n).
 */
function parallelRuns(events: readonly TraceEvent[]): Array<readonly [number, number]> {
  const runs: Array<readonly [number, number]> = [];
  const n = events.length;
  for (let a = 0; a < n;) {
    const group = events[a]!.meta?.['parallel_group'];
    let b = a + 1;
    if (group !== undefined && group !== null)
      while (b < n && events[b]!.meta?.['parallel_group'] === group) b++;
    if (b - a >= 2) runs.push([a, b]);
    a = b;
  }
  return runs;
}

/**
 * `side` with each of `runs` (its `parallelRuns`) in one canonical order (A1, default mode):
 * sorted by channel, then value (`callOrderKey`), stably, so the same calls logged in any order
 * align alike. `alignPos` keeps each event's input position, so the rows still name the events as
 * given. The side itself when no run changes (no copy). O(n) plus a sort per run.
 */
function inCanonicalOrder(side: Side, runs: ReadonlyArray<readonly [number, number]>): Side {
  const events = side.align;
  let align: TraceEvent[] | undefined;
  let alignPos: Int32Array | undefined;
  for (const [a, b] of runs) {
    const run = Array.from({ length: b - a }, (_, i) => ({
      k: a + i,
      key: callOrderKey(events[a + i]!),
    }));
    run.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.k - y.k));
    if (run.every((r, i) => r.k === a + i)) continue;
    align ??= events.slice();
    alignPos ??= Int32Array.from({ length: events.length }, (_, k) => posAt(side.alignPos, k));
    const pos = run.map((r) => posAt(side.alignPos, r.k));
    run.forEach((r, i) => {
      align![a + i] = events[r.k]!;
      alignPos![a + i] = pos[i]!;
    });
  }
  return align === undefined ? side : { ...side, align, alignPos: alignPos! };
}

/** `Indexed` objects of a side, for `MetricContext.prepared` (built only when a metric reads it). */
function indexed(events: readonly TraceEvent[], pos: Int32Array | null): IndexedEvent[] {
  const out = new Array<IndexedEvent>(events.length);
  for (let k = 0; k < events.length; k++) out[k] = { e: events[k]!, i: posAt(pos, k) };
  return out;
}

/** Align channel keys with the configured aligner; value-aware aligners ask the comparators. */
function align(
  gt: Side,
  pred: Side,
  comparators: ComparatorSet,
  opts: EvaluateOptions,
  policy: ScoringPolicy,
): { readonly columns: AlignmentColumns; readonly aligner: AlignerReport } {
  const gtAlign = gt.align;
  const predAlign = pred.align;
  const keys = internEventKeys(gtAlign, predAlign);
  const aligner = createAligner(opts.aligner ?? policy.defaultAligner);
  // The gt event's comparator, looked up once per channel key, and the values copied out of the
  // event objects once: value-aware aligners ask about pairs all over the two traces (millions
  // at 10^5 events), and a flat array of values (unboxed doubles when every value is a number) is
  // far cheaper to read at random than the events.
  const questions = new ValueQuestions(
    keys.gt,
    keys.pred,
    keys.channelNames,
    keys.channelNames.map((ch) => comparators.for(ch)),
    gtAlign,
    predAlign,
  );
  const outer = asking;
  asking = questions;
  try {
    const { columns, outcome } = alignColumnsWithOutcome(aligner, keys.gt, keys.pred, {
      channelNames: keys.channelNames,
      valuesMatch,
      valuesIdentical,
      timeApart,
      valueBuckets: () => questions.buckets(),
    });
    return {
      columns,
      aligner: {
        name: aligner.name,
        optimal: outcome?.optimal ?? null,
        cost: outcome?.cost ?? null,
      },
    };
  } finally {
    asking = outer;
  }
}

/**
 * The value questions of one evaluation's aligner run (`AlignContext.valuesMatch`). The aligners
 * get one module-level function for every evaluation, which asks the run in progress (`asking`;
 * a comparator may itself evaluate, hence the save and restore around the run), not a closure
 * per evaluation: V8 compiles the aligners' loops with the function they call, and a new one each
 * time made `behavior` evaluations over 10 % slower (`bench/aligners.mjs`; bench/RESULTS.md).
 */
class ValueQuestions {
  private gv: unknown[] | undefined;
  private pv: unknown[] | undefined;

  constructor(
    private readonly gtKeys: Int32Array,
    private readonly predKeys: Int32Array,
    private readonly names: readonly string[],
    private readonly byKey: readonly Comparator[],
    private readonly gtEvents: readonly { readonly value: unknown; readonly timestamp: number }[],
    private readonly predEvents: readonly { readonly value: unknown; readonly timestamp: number }[],
  ) {}

  private load(): void {
    this.gv = valuesOf(this.gtEvents);
    this.pv = valuesOf(this.predEvents);
  }

  match(i: number, j: number): boolean {
    if (this.gv === undefined) this.load();
    const key = this.gtKeys[i]!;
    return this.byKey[key]!.compare(this.gv![i], this.pv![j], this.names[key]!);
  }

  identical(i: number, j: number): boolean {
    if (this.gv === undefined) this.load();
    return sameValue(this.gv![i], this.pv![j]);
  }

  /** `AlignContext.timeApart`: each side's times from its first (earliest) event. */
  apart(i: number, j: number): number {
    const g = this.gtEvents;
    const p = this.predEvents;
    return Math.abs(g[i]!.timestamp - g[0]!.timestamp - (p[j]!.timestamp - p[0]!.timestamp));
  }

  buckets(): ValueBuckets | undefined {
    if (this.gv === undefined) this.load();
    return valueBuckets(this.gtKeys, this.predKeys, this.gv!, this.pv!, this.byKey);
  }
}

/** The events' values, in order. */
function valuesOf(events: readonly { readonly value: unknown }[]): unknown[] {
  const out: unknown[] = []; // grown by push: packed elements (`new Array(n)` makes holes, or a dictionary when long)
  for (let i = 0; i < events.length; i++) out.push(events[i]!.value);
  return out;
}

let asking: ValueQuestions | undefined;

function valuesMatch(i: number, j: number): boolean {
  if (asking === undefined)
    throw new Error(
      'valuesMatch was called after the aligner returned (AlignContext.valuesMatch holds during align only)',
    );
  return asking.match(i, j);
}

function timeApart(i: number, j: number): number {
  if (asking === undefined)
    throw new Error(
      'timeApart was called after the aligner returned (AlignContext.timeApart holds during align only)',
    );
  return asking.apart(i, j);
}

function valuesIdentical(i: number, j: number): boolean {
  if (asking === undefined)
    throw new Error(
      'valuesIdentical was called after the aligner returned (AlignContext.valuesIdentical holds during align only)',
    );
  return asking.identical(i, j);
}

/**
 * Whether two values are the same (`AlignContext.valuesIdentical`): `===` (or both NaN), else the
 * same plain data (`valueKey`: arrays and plain objects, key order ignored). A value with no key
 * (a class instance, a bigint inside an object, …) is the same only as itself. Asked only for pairs
 * whose values matched, and only beside unpaired events (`src/align/exact-pairs.ts`).
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  const k = valueKey(a);
  return k !== undefined && k === valueKey(b);
}

/**
 * `AlignContext.valueBuckets`: each event's bucket by its channel's comparator (`Comparator.bucket`).
 * A channel whose comparator has no buckets, or one of whose values (on either side) has none, puts
 * all its events in bucket 0 — which keeps the promise, since pairs are only asked within a channel.
 * `undefined` when no channel has buckets.
 */
function valueBuckets(
  gtKeys: Int32Array,
  predKeys: Int32Array,
  gtValues: readonly unknown[],
  predValues: readonly unknown[],
  byKey: readonly Comparator[],
): ValueBuckets | undefined {
  const usable = Uint8Array.from(byKey, (c) => (c.bucket === undefined ? 0 : 1));
  const fill = (keys: Int32Array, values: readonly unknown[]): Float64Array => {
    const out = new Float64Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (usable[key] === 0) continue;
      const b = byKey[key]!.bucket!(values[i]);
      if (b === undefined || !Number.isSafeInteger(b)) usable[key] = 0;
      else out[i] = b;
    }
    return out;
  };
  const gt = fill(gtKeys, gtValues);
  const pred = fill(predKeys, predValues);
  if (!usable.includes(1)) return undefined;
  // A channel found unusable late may have filled some buckets already: bucket 0 for all its events.
  for (let i = 0; i < gt.length; i++) if (usable[gtKeys[i]!] === 0) gt[i] = 0;
  for (let j = 0; j < pred.length; j++) if (usable[predKeys[j]!] === 0) pred[j] = 0;
  return { gt, pred };
}

/** Built-in metrics in the reference's order, then the user's metrics. */
function computeMetrics(ctx: MetricContext, opts: EvaluateOptions): Record<string, MetricResult> {
  const metrics: Record<string, MetricResult> = {};
  for (const m of builtInMetrics(opts)) metrics[m.name] = m.compute(ctx);
  for (const m of opts.metrics ?? []) {
    if (Object.prototype.hasOwnProperty.call(metrics, m.name)) {
      throw new ConfigError(
        `custom metric name ${JSON.stringify(m.name)} clashes with a built-in metric`,
        { path: ['metrics'] },
      );
    }
    const r = m.compute(ctx);
    metrics[m.name] = {
      name: m.name,
      score: Number(r.score),
      binary_pass: Boolean(r.binary_pass),
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a user metric may omit it
      details: r.details ?? {},
    };
  }
  return metrics;
}

/** A metric context whose object-per-event and object-per-pair fields are built on first read. */
function metricContext(
  policy: ScoringPolicy,
  cols: VerdictColumns,
  gt: Side,
  pred: Side,
): MetricContext {
  let verdicts: PairVerdict[] | undefined;
  let prepared: MetricContext['prepared'] | undefined;
  return {
    mode: policy.mode,
    policy,
    columns: cols,
    get verdicts() {
      return (verdicts ??= verdictsOf(cols));
    },
    gt: gt.sorted,
    pred: pred.sorted,
    get prepared() {
      return (prepared ??= {
        gtSorted: indexed(gt.sorted, gt.sortedPos),
        predSorted: indexed(pred.sorted, pred.sortedPos),
      });
    },
  };
}

function rowSide(e: TraceEvent | null): AlignmentRow['gt'] {
  return e === null ? null : { channel: e.channel, timestamp: e.timestamp, value: e.value };
}

/** Report alignment row `k`: `match` is null for a gap, false when the channels differ. */
function alignmentRow(cols: VerdictColumns, k: number): AlignmentRow {
  const code = cols.codes[k]!;
  const both = VerdictBit.Gt | VerdictBit.Pred;
  return {
    index: k + 1,
    gt: rowSide(gtAt(cols, k)),
    pred: rowSide(predAt(cols, k)),
    match:
      (code & both) !== both
        ? null
        : (code & VerdictBit.SameChannel) !== 0
          ? valueMatchOf(code)
          : false,
    ignored: false,
  };
}

/** Run `step`; a `ConfigError` it throws without a file is told the config file `opts` came from. */
function inOptionsFile<T>(opts: EvaluateOptions, step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof ConfigError) e.inFile(optionsFile(opts));
    throw e;
  }
}

/**
 * Evaluate a predicted trace against a golden one: alias → stable time sort → drop ignored and
 * continuous channels → align → judge each pair → metrics → aggregate → decide.
 *
 * `options` takes the config-file shape (see `EvaluateOptions`); `mode: "reference"` reproduces the
 * Python reference's numbers, bugs included. The result is plain data in the reference's
 * report shape. Throws `TraceError`/`ConfigError` on bad input, `ReferenceRaise` where the
 * reference raises (reference mode).
 *
 * The per-pair lists (`alignment`, `alignment_index`, `alignment_rows` and the discrete metric's
 * `aligned_gt`/`aligned_pred`) are built on first read: they are enumerable getters that turn
 * into plain arrays when read, so a caller who reads only scores never pays for them.
 */
export function evaluate(
  gt: TraceLike | Trace,
  pred: TraceLike | Trace,
  options: EvaluateOptions = {},
): EvaluationResult {
  const { options: opts, policy } = resolveOptions(options);
  return evaluateValidated(gt, pred, opts, policy);
}

function evaluateValidated(
  gtIn: TraceLike | Trace,
  predIn: TraceLike | Trace,
  opts: EvaluateOptions,
  policy: ScoringPolicy,
): EvaluationResult {
  const gtTrace = toTrace(gtIn, policy, 'gt');
  const predTrace = toTrace(predIn, policy, 'pred');
  const alias = aliasFn(opts.aliases);
  const exclude = new Set<string>(opts.ignore_channels ?? []);
  for (const ch of Object.keys(opts.continuous_channels ?? {})) exclude.add(ch);
  let gt = prepareSide(gtTrace, alias, exclude);
  let pred = prepareSide(predTrace, alias, exclude);
  if (policy.parallelCallsUnordered) {
    // Only when both traces group their calls: against a trace recorded without groups (the
    // calls as they ran), reordering one side alone would part calls both logged alike.
    const gtRuns = parallelRuns(gt.align);
    const predRuns = gtRuns.length > 0 ? parallelRuns(pred.align) : [];
    if (predRuns.length > 0) {
      gt = inCanonicalOrder(gt, gtRuns);
      pred = inCanonicalOrder(pred, predRuns);
    }
  }
  const comparators = ComparatorSet.fromOptions(opts.comparators, policy, opts.abs_tol);
  const aligned = align(gt, pred, comparators, opts, policy);
  const { gtIdx, predIdx } = aligned.columns;
  const cols = judgeColumns(gt.align, pred.align, gtIdx, predIdx, comparators, policy);
  const metrics = computeMetrics(metricContext(policy, cols, gt, pred), opts);
  const { full_score, report } = inOptionsFile(opts, () =>
    aggregate(
      metrics,
      {
        weights: opts.aggregation?.weights,
        formula: opts.aggregation?.formula,
        // The reference's aggregator: `use_continuous or bool(continuous_channels)`.
        useContinuous:
          Boolean(opts.use_continuous) || Object.keys(opts.continuous_channels ?? {}).length > 0,
      },
      policy,
    ),
  );
  const params = inOptionsFile(opts, () => decisionParams(metrics, opts.decision, policy));
  const decision = decide(metrics, params);
  const n = cols.length;
  const result = { mode: policy.mode, full_score, accuracy: decision.accuracy, metrics } as Record<
    string,
    unknown
  >;
  defineLazyList(result, 'alignment', {
    length: n,
    item: (k) => [eventTuple(gtAt(cols, k)), eventTuple(predAt(cols, k))] as const,
  });
  defineLazyList(result, 'alignment_index', {
    length: n,
    item: (k) =>
      [
        gtIdx[k]! < 0 ? null : posAt(gt.alignPos, gtIdx[k]!),
        predIdx[k]! < 0 ? null : posAt(pred.alignPos, predIdx[k]!),
      ] as const,
  });
  defineLazyList(result, 'alignment_rows', { length: n, item: (k) => alignmentRow(cols, k) });
  defineTolerance(result, () => toleranceSummary(cols, comparators));
  result.aggregation = report;
  result.decision = {
    ...params,
    required_metrics: [...params.required_metrics],
    passes: decision.passes,
  };
  result.aligner = aligned.aligner;
  if (policy.warnUnknownChannelKeys) {
    const warnings = unknownChannelKeys(opts, [gtTrace, predTrace]);
    if (warnings.length > 0) result.warnings = warnings;
  }
  return result as unknown as EvaluationResult;
}

/**
 * `result.tolerance`: a non-enumerable getter that builds the summary on first read (one pass over
 * the pairs), so the reference's report shape is unchanged and scoring-only callers never pay.
 */
function defineTolerance(result: object, build: () => ToleranceSummary): void {
  let value: ToleranceSummary | undefined;
  Object.defineProperty(result, 'tolerance', {
    enumerable: false,
    configurable: true,
    get: () => (value ??= deepFreeze(build())),
  });
}

function deepFreeze(s: ToleranceSummary): ToleranceSummary {
  for (const r of s.rows) Object.freeze(r);
  for (const c of s.channels) Object.freeze(c);
  Object.freeze(s.rows);
  Object.freeze(s.channels);
  return Object.freeze(s);
}

/** The options each best-of candidate is evaluated with (B5). */
function forwardedOptions(opts: EvaluateOptions, keys: readonly string[] | 'all'): EvaluateOptions {
  if (keys === 'all') return opts;
  const out: Record<string, unknown> = { mode: opts.mode };
  for (const k of keys)
    if ((opts as Record<string, unknown>)[k] !== undefined)
      out[k] = (opts as Record<string, unknown>)[k];
  return out;
}

/**
 * `step()` on best-of candidate `i`: a problem found in the golden (an input error naming the side
 * `gt`) names the candidate instead, `golden[i]`, and keeps its index (`candidate`), so that a
 * caller who read the candidates from files names the file.
 */
function asCandidate<T>(i: number, step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof InputError && e.file === 'gt' && e.candidate === undefined) {
      e.file = undefined;
      e.candidate = i;
      e.labelled(`golden[${i}]`);
    }
    throw e;
  }
}

/**
 * Evaluate a prediction against several acceptable goldens and keep the best (the first with the
 * highest full score; NaN never wins).
 *
 * Default mode forwards every option to every candidate and needs at least one golden.
 * Reference mode reproduces the reference (B5): only comparators, ignore_channels, aliases,
 * use_continuous and the aligner are forwarded (continuous channels, include_structure, timing
 * thresholds and custom metrics are dropped), the best score starts at −1.0, and when nothing wins
 * (no goldens, or every score ≤ −1) the prediction is evaluated against an empty golden with
 * default options (`best_index: -1`).
 */
export function evaluateBestOf(
  gts: ReadonlyArray<TraceLike | Trace>,
  pred: TraceLike | Trace,
  options: EvaluateOptions = {},
): EvaluationResult {
  const { options: opts, policy } = resolveOptions(options);
  const rules = policy.bestOf;
  if (!Array.isArray(gts))
    throw new TraceError('expected an array of golden traces', { file: 'gts' });
  // Array.isArray narrows to any[]; the declared element type is what the checks below assume.
  const goldens: ReadonlyArray<TraceLike | Trace> = gts;
  if (rules.needsGoldens && goldens.length === 0)
    throw new ConfigError('evaluateBestOf needs at least one golden trace');

  const perCandidate = forwardedOptions(opts, rules.forwarded);
  // Default mode reads every trace once up front: the warnings judge the config against all of them.
  const warn = policy.warnUnknownChannelKeys;
  const candidates = warn
    ? goldens.map((gt, i) => asCandidate(i, () => toTrace(gt, policy, 'gt')))
    : goldens;
  const predicted = warn ? toTrace(pred, policy, 'pred') : pred;
  const scores: number[] = [];
  let best: EvaluationResult | undefined;
  let bestIndex = -1;
  let bestScore = rules.initialBest;
  candidates.forEach((gt, i) => {
    const r = asCandidate(i, () => evaluateValidated(gt, predicted, perCandidate, policy));
    scores.push(r.full_score);
    if (r.full_score > bestScore) {
      best = r;
      bestIndex = i;
      bestScore = r.full_score;
    }
  });

  if (best === undefined) {
    if (rules.noWinner === 'empty-golden') {
      best = evaluateValidated([], pred, forwardedOptions(opts, rules.fallbackKeys), policy);
      bestIndex = -1;
    } else {
      // Every candidate scored NaN: keep the first so the caller sees why.
      best = asCandidate(0, () =>
        evaluateValidated(candidates[0]!, predicted, perCandidate, policy),
      );
      bestIndex = 0;
    }
  }
  // A copy that keeps the per-pair lists unbuilt (spreading would build them).
  const out = copyLazyAware(best as object) as Record<string, unknown>;
  const winner = best;
  defineTolerance(out, () => winner.tolerance!);
  out.best_index = bestIndex;
  out.candidate_full_scores = scores;
  // Judged against every golden evaluated and the prediction, not the winner's alone.
  delete out.warnings;
  if (warn) {
    const warnings = unknownChannelKeys(perCandidate, [
      ...(candidates as Trace[]),
      predicted as Trace,
    ]);
    if (warnings.length > 0) out.warnings = warnings;
  }
  return out as unknown as EvaluationResult;
}
