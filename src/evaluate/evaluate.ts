import { WEIGHTS_NO_CONTINUOUS, WEIGHTS_WITH_CONTINUOUS, weightedSum } from '../aggregate/weighted.js';
import { createAligner, internKeys } from '../align/index.js';
import { ComparatorSet } from '../compare/comparators.js';
import { compareAlignment, type EventPair } from '../compare/verdicts.js';
import { decide } from '../decide/decision.js';
import { ConfigError, TraceError } from '../errors.js';
import { combineContinuous, continuousProfile, DEFAULT_CONTINUOUS, type ChannelOutcome } from '../metrics/continuous.js';
import { discreteMetric } from '../metrics/discrete.js';
import { structureMetric } from '../metrics/structure.js';
import { DEFAULT_TIMING, timingMetric } from '../metrics/timing.js';
import type { MetricContext, MetricResult } from '../metrics/types.js';
import { pyFloat } from '../py/float.js';
import { isPyNumber, orderedEntries, toDouble, withKeyOrder } from '../py/value.js';
import { parseTrace } from '../trace/parse.js';
import { Trace, eventTuple } from '../trace/trace.js';
import type { TraceEvent, TraceLike } from '../trace/types.js';
import { validateOptions } from './options.js';
import type { AlignmentRow, ContinuousChannelSpec, EvaluateOptions, EvaluationResult, Mode } from './types.js';

/** An event with its position in the input `events` array. */
interface Indexed {
  readonly e: TraceEvent;
  readonly i: number;
}

function toTrace(t: TraceLike | Trace, mode: Mode, side: string): Trace {
  if (t instanceof Trace) return t;
  if (t === null || typeof t !== 'object') {
    throw new TraceError(`expected a trace (an array of {channel, timestamp, value} or {events: [...]}), got ${t === null ? 'null' : typeof t}`, { file: side });
  }
  return parseTrace(t, { mode, file: side });
}

function aliasFn(aliases: Readonly<Record<string, string>> | undefined): (ch: string) => string {
  if (!aliases) return (ch) => ch;
  return (ch) => (Object.prototype.hasOwnProperty.call(aliases, ch) ? aliases[ch]! : ch);
}

/** Alias (one step) then stable time sort, keeping input positions. */
function prepare(trace: Trace, alias: (ch: string) => string): Indexed[] {
  const out: Indexed[] = trace.events.map((e, i) => {
    const ch = alias(e.channel);
    return { e: ch === e.channel ? e : { ...e, channel: ch }, i };
  });
  return out.sort((a, b) => a.e.timestamp - b.e.timestamp);
}

function side(e: TraceEvent | null): AlignmentRow['gt'] {
  return e === null ? null : { channel: e.channel, timestamp: e.timestamp, value: e.value };
}

function continuousValue(v: unknown, mode: Mode, channel: string, which: 'gt' | 'pred', index: number): number {
  if (mode === 'reference') return pyFloat(v);
  if (isPyNumber(v)) return toDouble(v);
  throw new TraceError(
    `continuous channel "${channel}" needs numeric values, got ${v === null ? 'null' : typeof v === 'string' ? JSON.stringify(v) : typeof v}`,
    { file: which, path: `events[${index}].value` },
    undefined,
    typeof v === 'string' ? 'ValueError' : 'TypeError', // what the reference raises for the same value
  );
}

function requireMetric(metrics: Readonly<Record<string, MetricResult>>, name: string, path: string): void {
  if (!Object.prototype.hasOwnProperty.call(metrics, name)) {
    throw new ConfigError(`metric ${JSON.stringify(name)} is not computed (computed: ${Object.keys(metrics).join(', ')})`, { path });
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
  return evaluateValidated(gt, pred, opts);
}

function evaluateValidated(gtIn: TraceLike | Trace, predIn: TraceLike | Trace, opts: EvaluateOptions): EvaluationResult {
  const mode: Mode = opts.mode ?? 'default';
  const gtTrace = toTrace(gtIn, mode, 'gt');
  const predTrace = toTrace(predIn, mode, 'pred');

  const alias = aliasFn(opts.aliases);
  const gtSorted = prepare(gtTrace, alias);
  const predSorted = prepare(predTrace, alias);

  const continuousSpecs: Array<[string, ContinuousChannelSpec]> = opts.continuous_channels
    ? (orderedEntries(opts.continuous_channels) as Array<[string, ContinuousChannelSpec]>)
    : [];
  const exclude = new Set<string>(opts.ignore_channels ?? []);
  for (const [ch] of continuousSpecs) exclude.add(ch);
  const gtAlign = exclude.size ? gtSorted.filter((x) => !exclude.has(x.e.channel)) : gtSorted;
  const predAlign = exclude.size ? predSorted.filter((x) => !exclude.has(x.e.channel)) : predSorted;

  // Align channel keys.
  const keys = internKeys(
    gtAlign.map((x) => x.e.channel),
    predAlign.map((x) => x.e.channel),
  );
  // The comparators judge every pair once (below); value-aware aligners ask them too.
  const comparators = ComparatorSet.fromOptions(opts.comparators, mode, opts.abs_tol);
  const aligner = createAligner(opts.aligner ?? 'difflib');
  const indexPairs = aligner.align(keys.gt, keys.pred, {
    channelNames: keys.channelNames,
    valuesMatch: (i, j) => {
      const g = gtAlign[i]!.e;
      return comparators.for(g.channel).compare(g.value, predAlign[j]!.e.value, g.channel);
    },
  });

  const pairs: EventPair[] = new Array(indexPairs.length);
  const alignmentIndex: Array<readonly [number | null, number | null]> = new Array(indexPairs.length);
  for (let k = 0; k < indexPairs.length; k++) {
    const p = indexPairs[k]!;
    const g = p.gt === null ? null : gtAlign[p.gt]!;
    const r = p.pred === null ? null : predAlign[p.pred]!;
    pairs[k] = [g ? g.e : null, r ? r.e : null];
    alignmentIndex[k] = [g ? g.i : null, r ? r.i : null];
  }

  // Judge each pair once.
  const verdicts = compareAlignment(pairs, comparators, mode);

  // Metrics, in the reference's order.
  const metrics: Record<string, MetricResult> = {};
  metrics['discrete'] = discreteMetric(verdicts);
  metrics['timing'] = timingMetric(verdicts, { ...DEFAULT_TIMING, ...opts.timing }, mode, gtAlign.length + predAlign.length > 0);
  if (opts.include_structure ?? true) metrics['structure'] = structureMetric(verdicts);

  if (continuousSpecs.length > 0) {
    const outcomes: ChannelOutcome[] = [];
    for (const [ch, spec] of continuousSpecs) {
      const s = { ...DEFAULT_CONTINUOUS, ...spec };
      const gtSeries: Array<[number, number]> = [];
      for (const x of gtSorted) if (x.e.channel === ch) gtSeries.push([x.e.timestamp, continuousValue(x.e.value, mode, ch, 'gt', x.i)]);
      const prSeries: Array<[number, number]> = [];
      for (const x of predSorted) if (x.e.channel === ch) prSeries.push([x.e.timestamp, continuousValue(x.e.value, mode, ch, 'pred', x.i)]);
      const result = opts.continuous_metric
        ? opts.continuous_metric.evaluate(gtSeries, prSeries, { channel: ch, spec })
        : continuousProfile(
            gtSeries.map((p) => p[1]),
            prSeries.map((p) => p[1]),
            s,
            mode,
          );
      outcomes.push({ channel: ch, weight: s.weight, result });
    }
    const combined = combineContinuous(outcomes);
    const perChannel = (combined.details as { per_channel: object }).per_channel;
    withKeyOrder(perChannel, continuousSpecs.map(([ch]) => ch));
    metrics['continuous'] = combined;
  }

  if (opts.metrics && opts.metrics.length > 0) {
    const ctx: MetricContext = { mode, verdicts, gt: gtSorted.map((x) => x.e), pred: predSorted.map((x) => x.e) };
    for (const m of opts.metrics) {
      if (Object.prototype.hasOwnProperty.call(metrics, m.name)) {
        throw new ConfigError(`custom metric name ${JSON.stringify(m.name)} clashes with a built-in metric`, { path: 'metrics' });
      }
      const r = m.compute(ctx);
      metrics[m.name] = { name: m.name, score: Number(r.score), binary_pass: Boolean(r.binary_pass), details: r.details ?? {} };
    }
  }

  // Aggregate.
  let fullScore: number;
  let aggregation: EvaluationResult['aggregation'];
  const givenWeights = opts.aggregation?.weights ? (orderedEntries(opts.aggregation.weights) as Array<[string, number]>) : [];
  if (opts.aggregation?.formula) {
    const scores: Record<string, number> = {};
    for (const [name, m] of Object.entries(metrics)) scores[name] = m.score;
    fullScore = Number(opts.aggregation.formula(Object.freeze(scores)));
    aggregation = { info: 'custom_formula' };
  } else {
    const hasContinuous = Object.prototype.hasOwnProperty.call(metrics, 'continuous');
    let used: Array<[string, number]>;
    let shown: Array<[string, number]>;
    if (givenWeights.length > 0) {
      if (mode === 'default') for (const [name] of givenWeights) requireMetric(metrics, name, `aggregation.weights[${JSON.stringify(name)}]`);
      used = givenWeights;
      shown = givenWeights;
    } else if (mode === 'reference') {
      // The aggregator picks by use_continuous or continuous channels; the report by the presence
      // of the continuous metric (bug B3: they can disagree).
      const useCont = Boolean(opts.use_continuous) || continuousSpecs.length > 0;
      used = Object.entries(useCont ? WEIGHTS_WITH_CONTINUOUS : WEIGHTS_NO_CONTINUOUS);
      shown = Object.entries(hasContinuous ? WEIGHTS_WITH_CONTINUOUS : WEIGHTS_NO_CONTINUOUS);
    } else {
      used = Object.entries(hasContinuous ? WEIGHTS_WITH_CONTINUOUS : WEIGHTS_NO_CONTINUOUS);
      shown = used;
    }
    fullScore = weightedSum(metrics, used).total;
    const shownSum = weightedSum(metrics, shown);
    const contributions: Record<string, number> = {};
    for (const [name, part] of shownSum.contributions) contributions[name] = part;
    contributions['_sum'] = shownSum.total;
    const weights: Record<string, number> = {};
    for (const [name, w] of shown) weights[name] = w;
    aggregation = {
      weights: withKeyOrder(weights, shown.map(([n]) => n)),
      contributions: withKeyOrder(contributions, [...shownSum.contributions.map(([n]) => n), '_sum']),
    };
  }

  // Decide.
  const requireDiscreteExact = opts.decision?.require_discrete_exact ?? true;
  const timingName = opts.decision?.timing_metric_name ?? 'timing';
  const required = [...(opts.decision?.required_metrics ?? [])];
  if (mode === 'default') {
    requireMetric(metrics, timingName, 'decision.timing_metric_name');
    required.forEach((name, i) => requireMetric(metrics, name, `decision.required_metrics[${i}]`));
    // B7: configured continuous channels count for accuracy.
    if (Object.prototype.hasOwnProperty.call(metrics, 'continuous') && !required.includes('continuous') && timingName !== 'continuous') {
      required.push('continuous');
    }
  }
  const decision = decide(metrics, { require_discrete_exact: requireDiscreteExact, timing_metric_name: timingName, required_metrics: required });

  const rows: AlignmentRow[] = verdicts.map((v, k) => ({
    index: k + 1,
    gt: side(v.gt),
    pred: side(v.pred),
    match: v.gt === null || v.pred === null ? null : v.sameChannel ? v.valueMatch : false,
    ignored: false,
  }));

  return {
    mode,
    full_score: fullScore,
    accuracy: decision.accuracy,
    metrics,
    alignment: pairs.map(([g, p]) => [eventTuple(g), eventTuple(p)] as const),
    alignment_index: alignmentIndex,
    alignment_rows: rows,
    aggregation,
    decision: {
      require_discrete_exact: requireDiscreteExact,
      timing_metric_name: timingName,
      required_metrics: required,
      passes: decision.passes,
    },
  };
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
  const mode = opts.mode ?? 'default';
  if (!Array.isArray(gts)) throw new TraceError('expected an array of golden traces', { file: 'gts' });

  let perCandidate: EvaluateOptions = opts;
  if (mode === 'reference') {
    perCandidate = { mode };
    const keep = ['comparators', 'ignore_channels', 'aliases', 'use_continuous', 'aligner', 'abs_tol', 'aggregation', 'decision'] as const;
    for (const k of keep) if (opts[k] !== undefined) (perCandidate as Record<string, unknown>)[k] = opts[k];
  } else if (gts.length === 0) {
    throw new ConfigError('evaluateBestOf needs at least one golden trace');
  }

  const scores: number[] = [];
  let best: EvaluationResult | undefined;
  let bestIndex = -1;
  let bestScore = mode === 'reference' ? -1.0 : -Infinity;
  gts.forEach((gt, i) => {
    const r = evaluateValidated(gt, pred, perCandidate);
    scores.push(r.full_score);
    if (r.full_score > bestScore) {
      best = r;
      bestIndex = i;
      bestScore = r.full_score;
    }
  });

  if (best === undefined) {
    if (mode === 'reference') {
      const fallback: EvaluateOptions = { mode };
      if (opts.aggregation !== undefined) fallback.aggregation = opts.aggregation;
      if (opts.decision !== undefined) fallback.decision = opts.decision;
      best = evaluateValidated([], pred, fallback);
      bestIndex = -1;
    } else {
      // Every candidate scored NaN: keep the first so the caller sees why.
      best = evaluateValidated(gts[0]!, pred, perCandidate);
      bestIndex = 0;
    }
  }
  return { ...best, best_index: bestIndex, candidate_full_scores: scores };
}
