/**
 * `expect.traceMatching(golden, config?)`: an asymmetric matcher for use inside `toEqual`,
 * `toHaveBeenCalledWith`, `objectContaining`… Registered through `expect.extend`, which makes
 * both hosts expose it as `expect.traceMatching` and `expect.not.traceMatching`.
 *
 * Inside an equality check the compared value can be anything: a value that is not a trace
 * simply does not match (like `expect.any`). A bad golden or config is still misuse and throws.
 */
import { TraceMatchingArgs } from './asymmetric.js';
import { beginCall } from './call.js';
import type { MatcherContext } from './context.js';
import { loadGoldenArg, loadTraceArg, resolveConfig } from './inputs.js';
import { judge, type SyncMatcherResult } from './toMatchTraceBehavior.js';

export const MATCHER_NAME = 'traceMatching';

function isTraceLike(v: unknown): boolean {
  if (Array.isArray(v))
    return v.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e));
  return typeof v === 'object' && v !== null && Array.isArray((v as { events?: unknown }).events);
}

export function traceMatching(
  this: MatcherContext,
  received: unknown,
  goldenArg: unknown,
  configArg?: unknown,
): SyncMatcherResult {
  // expect.traceMatching(golden, config) passes its arguments wrapped (see ./asymmetric.ts).
  const golden = goldenArg instanceof TraceMatchingArgs ? goldenArg.golden : goldenArg;
  const config = goldenArg instanceof TraceMatchingArgs ? goldenArg.config : configArg;
  const args = goldenArg instanceof TraceMatchingArgs ? goldenArg : undefined;
  const isNot = this.isNot === true;
  const utils = this.utils;
  const hint = utils.matcherHint(MATCHER_NAME, 'received', 'golden', { isNot });
  const cfg = resolveConfig(config);
  const gold = loadGoldenArg(utils, hint, golden, cfg.mode);
  if (!isTraceLike(received)) {
    args?.remember({ problem: 'not a trace' });
    return {
      pass: false,
      message: () => `${hint}\n\nReceived value is not a trace: ${utils.printReceived(received)}`,
    };
  }
  let pred;
  try {
    pred = loadTraceArg(utils, hint, 'received', received, cfg.mode);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    args?.remember({ problem: 'not a valid trace' });
    return { pass: false, message: () => `${hint}\n\nReceived value is not a valid trace: ${why}` };
  }
  const call = beginCall(this);
  const { pass, message, result } = judge(utils, call, {
    matcher: 'traceMatching',
    isNot,
    gold,
    pred: pred.trace,
    predWarnings: pred.warnings,
    cfg,
  });
  // Kept on the arguments: the host prints them (see ./asymmetric.ts) when the enclosing check fails.
  args?.remember({ result, rule: cfg.rule, pass });
  return { pass, message };
}
