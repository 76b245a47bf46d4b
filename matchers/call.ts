/**
 * What every matcher call does besides its own check: find the test it belongs to, number the
 * call within the test attempt, and publish the record of its evaluation.
 */
import {
  ENVTRACE_VERSION,
  type EvaluateOptions,
  type EvaluationResult,
  type Trace,
} from '../src/index.js';
import { continuousSeries } from '../src/report/run/detail.js';
import { buildRecord } from '../src/transport/buildRecord.js';
import type { EnvTraceRecord, GoldenSource } from '../src/transport/record.js';
import type { ImportWarning } from '../src/import/warnings.js';
import type { MatcherContext } from './context.js';
import { rollBackCounters } from './golden.js';
import type { PassRule } from './message.js';
import { publishRecord } from './publish.js';
import { attemptState, testInfo, type AttemptState, type TestInfo } from './runtime.js';

export interface CallInfo {
  readonly info: TestInfo;
  readonly state: AttemptState;
  readonly writtenEarlier: Set<string>;
  readonly writtenNow: Set<string>;
}

const warned = new WeakSet<object>();

/**
 * Under Vitest's `test.concurrent`, the global `expect` cannot tell which test is calling
 * (Vitest docs: use the test context's `expect`). The record would be filed under whichever
 * test ran last, so warn once per test.
 */
export function concurrentGlobalExpect(info: TestInfo): boolean {
  const task = info.task;
  return task !== undefined && task.concurrent === true && task.context?._local !== true;
}

/** Start a call: the test, its attempt state (rolling back a previous attempt's counter bumps). */
export function beginCall(ctx: MatcherContext): CallInfo {
  const info = testInfo(ctx);
  const { state, writtenEarlier, writtenNow } = attemptState(info, (previous) =>
    rollBackCounters(ctx.snapshotState, previous.bumps),
  );
  if (concurrentGlobalExpect(info) && info.task && !warned.has(info.task)) {
    warned.add(info.task);
    process.emitWarning(
      `envtrace: test.concurrent "${info.testName}" uses the global expect; results may be filed under another test. Use the test context's expect: test.concurrent('…', ({ expect }) => …)`,
    );
  }
  return { info, state, writtenEarlier, writtenNow };
}

export interface PublishInput {
  readonly matcher: EnvTraceRecord['matcher'];
  readonly result: EvaluationResult;
  /** Passed before `.not`. */
  readonly pass: boolean;
  readonly isNot: boolean;
  readonly rule: PassRule;
  readonly options: EvaluateOptions;
  readonly golden: GoldenSource;
  readonly goldenStatus?: EnvTraceRecord['golden_status'];
  /** The golden trace the result was judged against and the received one (for the continuous profiles of the drill-down). */
  readonly traces?: { readonly gt: Trace; readonly pred: Trace };
  /** Import warnings of the traces read from files (received first), for the record. */
  readonly importWarnings?: readonly ImportWarning[];
}

/** Publish the record of one call (Vitest `task.meta`, Jest side channel). */
export function publishCall(call: CallInfo, input: PublishInput): EnvTraceRecord {
  const seq = call.state.seq++;
  const record = buildRecord(input.result, {
    matcher: input.matcher,
    testPath: call.info.testPath,
    testName: call.info.testName,
    retry: call.info.retry,
    repeat: call.info.repeat,
    seq,
    pass: input.isNot ? !input.pass : input.pass,
    negated: input.isNot,
    minScore: input.rule.minScore ?? null,
    config: {
      ...input.options,
      minScore: input.rule.minScore,
      requireAccuracy: input.rule.requireAccuracy,
    },
    golden: input.golden,
    version: ENVTRACE_VERSION,
    ...(input.goldenStatus === undefined ? {} : { goldenStatus: input.goldenStatus }),
    ...(input.importWarnings === undefined ? {} : { importWarnings: input.importWarnings }),
    ...(input.traces === undefined
      ? {}
      : { series: continuousSeries(input.traces.gt, input.traces.pred, input.options) }),
  });
  publishRecord(record, call.info);
  return record;
}
