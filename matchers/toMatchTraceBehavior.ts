/**
 * `expect(received).toMatchTraceBehavior(golden, config?)`: the received trace behaves like the
 * golden one (or the best of several goldens), judged by the envtrace evaluation.
 */
import {
  evaluate,
  evaluateBestOf,
  type EvaluationResult,
  type ImportWarning,
  type Trace,
} from '../src/index.js';
import { InputError } from '../src/errors.js';
import { warningLines } from '../src/import/warnings.js';
import { escapeForTerminal } from '../src/io/terminal.js';
import { beginCall, publishCall, type CallInfo } from './call.js';
import { messageWidth, type MatcherContext } from './context.js';
import { loadGoldenArg, loadTraceArg, resolveConfig } from './inputs.js';
import { failureMessage, passes, type LayoutOptions } from './message.js';

export const MATCHER_NAME = 'toMatchTraceBehavior';

export interface SyncMatcherResult {
  pass: boolean;
  message: () => string;
}

/**
 * Evaluate against one golden, or best-of when there are several. A problem found in one of
 * several goldens while scoring names it (`golden[2]`), or its file when it was read from one
 * (`files`, per golden).
 */
export function evaluateAgainst(
  goldens: readonly Trace[],
  pred: Trace,
  options: Parameters<typeof evaluate>[2],
  files: readonly (string | undefined)[] = [],
): EvaluationResult {
  const only = goldens.length === 1 ? goldens[0] : undefined;
  if (only !== undefined) return evaluate(only, pred, options);
  try {
    return evaluateBestOf(goldens, pred, options);
  } catch (e) {
    const file =
      e instanceof InputError && e.candidate !== undefined ? files[e.candidate] : undefined;
    if (file !== undefined && e instanceof InputError) {
      e.file = file;
      e.label = undefined;
    }
    throw e;
  }
}

/** How failure messages are laid out: the terminal's width, the config's time unit. */
export function layoutOf(options: {
  readonly time_unit?: LayoutOptions['timeUnit'];
}): LayoutOptions {
  return options.time_unit === undefined
    ? { width: messageWidth() }
    : { width: messageWidth(), timeUnit: options.time_unit };
}

/**
 * The part every trace-comparing matcher shares: evaluate against the golden(s), publish the
 * record of the call, and build the result with its failure message.
 */
export function judge(
  utils: MatcherContext['utils'],
  call: CallInfo,
  input: {
    readonly matcher: 'toMatchTraceBehavior' | 'traceMatching';
    readonly isNot: boolean;
    readonly gold: ReturnType<typeof loadGoldenArg>;
    readonly pred: Trace;
    readonly cfg: ReturnType<typeof resolveConfig>;
    readonly secondArgument?: string | undefined;
    /** The received trace's import warnings (the goldens' are in `gold`). */
    readonly predWarnings?: readonly ImportWarning[];
  },
): SyncMatcherResult & { readonly result: EvaluationResult } {
  const { matcher, isNot, gold, cfg, secondArgument } = input;
  const result = evaluateAgainst(gold.traces, input.pred, cfg.options, gold.files);
  const pass = passes(result, cfg.rule);
  const warnings = [...(input.predWarnings ?? []), ...gold.warnings];
  const goldenNoun = gold.traces.length > 1 ? 'the best of the golden traces' : 'the golden trace';
  const best =
    gold.traces[
      typeof result.best_index === 'number' && result.best_index >= 0 ? result.best_index : 0
    ];
  publishCall(call, {
    matcher,
    result,
    pass,
    isNot,
    rule: cfg.rule,
    options: cfg.options,
    golden: gold.source,
    ...(best === undefined ? {} : { traces: { gt: best, pred: input.pred } }),
    judged: [...gold.traces, input.pred],
    importWarnings: warnings,
    goldenNoun,
  });
  return {
    pass,
    result,
    message: () =>
      withImportWarnings(
        failureMessage(utils, {
          matcherName: matcher,
          isNot,
          expectedLabel: 'golden',
          ...(secondArgument === undefined ? {} : { secondArgument }),
          result,
          rule: cfg.rule,
          goldenNoun,
          layout: layoutOf(cfg.options),
        }),
        warnings,
      ),
  };
}

/**
 * A failure message followed by the import warnings of the traces read from files (what the
 * importer skipped may be why the traces differ): one line each, the rest counted after ten.
 */
export function withImportWarnings(message: string, warnings: readonly ImportWarning[]): string {
  if (warnings.length === 0) return message;
  const lines = warningLines(warnings).map((l) => `  ${escapeForTerminal(l)}`);
  return `${message}\n\nImport warnings (${warnings.length}):\n${lines.join('\n')}`;
}

export function toMatchTraceBehavior(
  this: MatcherContext,
  received: unknown,
  golden: unknown,
  config?: unknown,
): SyncMatcherResult {
  const isNot = this.isNot === true;
  const secondArgument = config === undefined ? undefined : 'config';
  const hint = this.utils.matcherHint(
    MATCHER_NAME,
    'received',
    'golden',
    secondArgument === undefined ? { isNot } : { isNot, secondArgument },
  );
  const call = beginCall(this);
  const cfg = resolveConfig(config);
  const pred = loadTraceArg(this.utils, hint, 'received', received, cfg.mode);
  const gold = loadGoldenArg(this.utils, hint, golden, cfg.mode);
  const { pass, message } = judge(this.utils, call, {
    matcher: 'toMatchTraceBehavior',
    isNot,
    gold,
    pred: pred.trace,
    predWarnings: pred.warnings,
    cfg,
    secondArgument,
  });
  return { pass, message };
}
