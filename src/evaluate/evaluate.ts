import { aggregate } from '../aggregate/weighted.js';
import { createAligner, internKeys } from '../align/index.js';
import { ComparatorSet } from '../compare/set.js';
import { compareAlignment, type EventPair } from '../compare/verdicts.js';
import { decide, decisionParams } from '../decide/decision.js';
import { ConfigError, TraceError } from '../errors.js';
import { builtInMetrics } from '../metrics/registry.js';
import type { MetricContext, MetricResult, PairVerdict } from '../metrics/types.js';
import { policyFor, type ScoringPolicy } from '../policy/index.js';
import { assertTraceDepth, parseTrace } from '../trace/parse.js';
import { Trace, eventTuple } from '../trace/trace.js';
import type { TraceEvent, TraceLike } from '../trace/types.js';
import { optionsFile, validateOptions } from './options.js';
import type { AlignmentRow, EvaluateOptions, EvaluationResult } from './types.js';

/** An event with its position in the input `events` array. */
export interface Indexed {
  readonly e: TraceEvent;
  readonly i: number;
}

/** Both traces after preprocessing (README Q4). */
export interface Prepared {
  /** Aliased and stably time-sorted, every channel. */
  readonly gtSorted: readonly Indexed[];
  readonly predSorted: readonly Indexed[];
  /** `gtSorted`/`predSorted` without ignored and continuous channels: what gets aligned. */
  readonly gtAlign: readonly Indexed[];
  readonly predAlign: readonly Indexed[];
}

/** The aligned pairs, with each side's position in the input arrays. */
interface Aligned {
  readonly pairs: readonly EventPair[];
  readonly index: ReadonlyArray<readonly [number | null, number | null]>;
}

function toTrace(t: TraceLike | Trace, policy: ScoringPolicy, side: string): Trace {
  if (t instanceof Trace) return assertTraceDepth(t, side);
  if (t === null || typeof t !== 'object') {
    throw new TraceError(`expected a trace (an array of {channel, timestamp, value} or {events: [...]}), got ${t === null ? 'null' : typeof t}`, { file: side });
  }
  return parseTrace(t, { mode: policy.mode, file: side });
}

function aliasFn(aliases: Readonly<Record<string, string>> | undefined): (ch: string) => string {
  if (!aliases) return (ch) => ch;
  return (ch) => (Object.prototype.hasOwnProperty.call(aliases, ch) ? aliases[ch]! : ch);
}

/** Alias (one step) then stable time sort, keeping input positions. */
function sortAliased(trace: Trace, alias: (ch: string) => string): Indexed[] {
  const out: Indexed[] = trace.events.map((e, i) => {
    const ch = alias(e.channel);
    return { e: ch === e.channel ? e : { ...e, channel: ch }, i };
  });
  return out.sort((a, b) => a.e.timestamp - b.e.timestamp);
}

/** Alias → stable time sort → drop `ignore_channels` ∪ continuous channels (README Q4). */
function prepare(gt: Trace, pred: Trace, opts: EvaluateOptions): Prepared {
  const alias = aliasFn(opts.aliases);
  const gtSorted = sortAliased(gt, alias);
  const predSorted = sortAliased(pred, alias);
  const exclude = new Set<string>(opts.ignore_channels ?? []);
  for (const ch of Object.keys(opts.continuous_channels ?? {})) exclude.add(ch);
  const keep = (xs: Indexed[]) => (exclude.size ? xs.filter((x) => !exclude.has(x.e.channel)) : xs);
  return { gtSorted, predSorted, gtAlign: keep(gtSorted), predAlign: keep(predSorted) };
}

/** Align channel keys with the configured aligner; value-aware aligners ask the comparators. */
function align(prep: Prepared, comparators: ComparatorSet, opts: EvaluateOptions, policy: ScoringPolicy): Aligned {
  const { gtAlign, predAlign } = prep;
  const keys = internKeys(
    gtAlign.map((x) => x.e.channel),
    predAlign.map((x) => x.e.channel),
  );
  const aligner = createAligner(opts.aligner ?? policy.defaultAligner);
  const indexPairs = aligner.align(keys.gt, keys.pred, {
    channelNames: keys.channelNames,
    valuesMatch: (i, j) => {
      const g = gtAlign[i]!.e;
      return comparators.for(g.channel).compare(g.value, predAlign[j]!.e.value, g.channel);
    },
  });
  const pairs: EventPair[] = new Array(indexPairs.length);
  const index: Array<readonly [number | null, number | null]> = new Array(indexPairs.length);
  for (let k = 0; k < indexPairs.length; k++) {
    const p = indexPairs[k]!;
    const g = p.gt === null ? null : gtAlign[p.gt]!;
    const r = p.pred === null ? null : predAlign[p.pred]!;
    pairs[k] = [g ? g.e : null, r ? r.e : null];
    index[k] = [g ? g.i : null, r ? r.i : null];
  }
  return { pairs, index };
}

/** Built-in metrics in the reference's order, then the user's metrics. */
function computeMetrics(ctx: MetricContext, opts: EvaluateOptions): Record<string, MetricResult> {
  const metrics: Record<string, MetricResult> = {};
  for (const m of builtInMetrics(opts)) metrics[m.name] = m.compute(ctx);
  for (const m of opts.metrics ?? []) {
    if (Object.prototype.hasOwnProperty.call(metrics, m.name)) {
      throw new ConfigError(`custom metric name ${JSON.stringify(m.name)} clashes with a built-in metric`, { path: 'metrics' });
    }
    const r = m.compute(ctx);
    metrics[m.name] = { name: m.name, score: Number(r.score), binary_pass: Boolean(r.binary_pass), details: r.details ?? {} };
  }
  return metrics;
}

function rowSide(e: TraceEvent | null): AlignmentRow['gt'] {
  return e === null ? null : { channel: e.channel, timestamp: e.timestamp, value: e.value };
}

/** The report's alignment rows: `match` is null for a gap, false when the channels differ. */
function alignmentRows(verdicts: readonly PairVerdict[]): AlignmentRow[] {
  return verdicts.map((v, k) => ({
    index: k + 1,
    gt: rowSide(v.gt),
    pred: rowSide(v.pred),
    match: v.gt === null || v.pred === null ? null : v.sameChannel ? v.valueMatch : false,
    ignored: false,
  }));
}

/** Run `step`; a `ConfigError` it throws without a file names the config file `opts` came from. */
function inOptionsFile<T>(opts: EvaluateOptions, step: () => T): T {
  try {
    return step();
  } catch (e) {
    const file = optionsFile(opts);
    if (e instanceof ConfigError && e.file === undefined && file !== undefined) throw new ConfigError(e.message, { file }, { cause: e });
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
 */
export function evaluate(gt: TraceLike | Trace, pred: TraceLike | Trace, options: EvaluateOptions = {}): EvaluationResult {
  const opts = validateOptions(options);
  return evaluateValidated(gt, pred, opts, policyFor(opts.mode));
}

function evaluateValidated(gtIn: TraceLike | Trace, predIn: TraceLike | Trace, opts: EvaluateOptions, policy: ScoringPolicy): EvaluationResult {
  const prep = prepare(toTrace(gtIn, policy, 'gt'), toTrace(predIn, policy, 'pred'), opts);
  const comparators = ComparatorSet.fromOptions(opts.comparators, policy, opts.abs_tol);
  const { pairs, index } = align(prep, comparators, opts, policy);
  const verdicts = compareAlignment(pairs, comparators, policy);
  const metrics = computeMetrics({ mode: policy.mode, policy, verdicts, prepared: prep, gt: prep.gtSorted.map((x) => x.e), pred: prep.predSorted.map((x) => x.e) }, opts);
  const { full_score, report } = inOptionsFile(opts, () => aggregate(
    metrics,
    {
      weights: opts.aggregation?.weights,
      formula: opts.aggregation?.formula,
      // The reference's aggregator: `use_continuous or bool(continuous_channels)`.
      useContinuous: Boolean(opts.use_continuous) || Object.keys(opts.continuous_channels ?? {}).length > 0,
    },
    policy,
  ));
  const params = inOptionsFile(opts, () => decisionParams(metrics, opts.decision, policy));
  const decision = decide(metrics, params);
  return {
    mode: policy.mode,
    full_score,
    accuracy: decision.accuracy,
    metrics,
    alignment: pairs.map(([g, p]) => [eventTuple(g), eventTuple(p)] as const),
    alignment_index: index,
    alignment_rows: alignmentRows(verdicts),
    aggregation: report,
    decision: { ...params, required_metrics: [...params.required_metrics], passes: decision.passes },
  };
}

/** The options each best-of candidate is evaluated with (B5). */
function forwardedOptions(opts: EvaluateOptions, keys: readonly string[] | 'all'): EvaluateOptions {
  if (keys === 'all') return opts;
  const out: Record<string, unknown> = { mode: opts.mode };
  for (const k of keys) if ((opts as Record<string, unknown>)[k] !== undefined) out[k] = (opts as Record<string, unknown>)[k];
  return out as EvaluateOptions;
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
export function evaluateBestOf(gts: ReadonlyArray<TraceLike | Trace>, pred: TraceLike | Trace, options: EvaluateOptions = {}): EvaluationResult {
  const opts = validateOptions(options);
  const policy = policyFor(opts.mode);
  const rules = policy.bestOf;
  if (!Array.isArray(gts)) throw new TraceError('expected an array of golden traces', { file: 'gts' });
  if (rules.needsGoldens && gts.length === 0) throw new ConfigError('evaluateBestOf needs at least one golden trace');

  const perCandidate = forwardedOptions(opts, rules.forwarded);
  const scores: number[] = [];
  let best: EvaluationResult | undefined;
  let bestIndex = -1;
  let bestScore = rules.initialBest;
  gts.forEach((gt, i) => {
    const r = evaluateValidated(gt, pred, perCandidate, policy);
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
      best = evaluateValidated(gts[0]!, pred, perCandidate, policy);
      bestIndex = 0;
    }
  }
  return { ...best, best_index: bestIndex, candidate_full_scores: scores };
}
