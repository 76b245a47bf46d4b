/**
 * `expect(received).toMatchTraceBehavior(golden, config?)`: the received trace behaves like the
 * golden one (or the best of several goldens), judged by the envtrace evaluation.
 */
import { evaluate, evaluateBestOf, type EvaluationResult, type Trace } from '../src/index.js';
import { beginCall, publishCall } from './call.js';
import type { MatcherContext } from './context.js';
import { loadGoldenArg, loadTraceArg, resolveConfig } from './inputs.js';
import { failureMessage, passes } from './message.js';

export const MATCHER_NAME = 'toMatchTraceBehavior';

export interface SyncMatcherResult {
  pass: boolean;
  message: () => string;
}

/** Evaluate against one golden, or best-of when there are several. */
export function evaluateAgainst(goldens: readonly Trace[], pred: Trace, options: Parameters<typeof evaluate>[2]): EvaluationResult {
  const only = goldens.length === 1 ? goldens[0] : undefined;
  return only !== undefined ? evaluate(only, pred, options) : evaluateBestOf(goldens, pred, options);
}

export function toMatchTraceBehavior(this: MatcherContext, received: unknown, golden: unknown, config?: unknown): SyncMatcherResult {
  const isNot = this.isNot === true;
  const secondArgument = config === undefined ? undefined : 'config';
  const hint = this.utils.matcherHint(MATCHER_NAME, 'received', 'golden', secondArgument === undefined ? { isNot } : { isNot, secondArgument });
  const call = beginCall(this);
  const cfg = resolveConfig(config);
  const pred = loadTraceArg(this.utils, hint, 'received', received, cfg.mode);
  const gold = loadGoldenArg(this.utils, hint, golden, cfg.mode);
  const result = evaluateAgainst(gold.traces, pred.trace, cfg.options);
  const pass = passes(result, cfg.rule);
  publishCall(call, { matcher: 'toMatchTraceBehavior', result, pass, isNot, rule: cfg.rule, options: cfg.options, golden: gold.source });
  const utils = this.utils;
  return {
    pass,
    message: () =>
      failureMessage(utils, {
        matcherName: MATCHER_NAME,
        isNot,
        expectedLabel: 'golden',
        ...(secondArgument === undefined ? {} : { secondArgument }),
        result,
        rule: cfg.rule,
        goldenNoun: gold.traces.length > 1 ? 'the best of the golden traces' : 'the golden trace',
      }),
  };
}
