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
import { unknownChannelEntries } from '../src/evaluate/channel-keys.js';
import { optionsFile, selectPolicy } from '../src/evaluate/options.js';
import { continuousSeries } from '../src/report/run/detail.js';
import type { ConfigWarning } from '../src/report/run/schema.js';
import { configWarningsOf } from '../src/report/run/warnings.js';
import { buildRecord } from '../src/transport/buildRecord.js';
import type { EnvTraceRecord, GoldenSource } from '../src/transport/record.js';
import type { ImportWarning } from '../src/import/warnings.js';
import type { MatcherContext } from './context.js';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { rollBackCounters } from './golden.js';
import { verdictSentence, type PassRule } from './message.js';
import { publishRecord } from './publish.js';
import { attemptState, testInfo, type AttemptState, type TestInfo } from './runtime.js';

export interface CallInfo {
  readonly info: TestInfo;
  readonly state: AttemptState;
  readonly writtenEarlier: Set<string>;
  readonly writtenNow: Set<string>;
  /**
   * The call stack at the matcher call, captured but not yet formatted: formatting maps every
   * frame through the test file's source map (~0.5 ms under Vitest, as much as a small
   * evaluation), so only a failed check's record reads it (`locationOf`).
   */
  readonly stack: { readonly stack?: string };
}

/** Frames read to find the test file: the matcher sits under the runner's expect wrappers. */
const STACK_FRAMES = 40;

/**
 * The innermost frame of the call stack in `testPath` (line and column, 1-based), or undefined.
 * Both runners map stack positions through the test file's source map, so these are the lines of
 * the file as written. A frame is `at fn (path:line:col)` or `at path:line:col`, the path maybe a
 * `file://` URL.
 */
export function callSite(
  testPath: string,
  stack: string | undefined = stackHere(),
): { line: number; column: number } | undefined {
  if (testPath === '' || stack === undefined) return undefined;
  const want = path.resolve(testPath);
  for (const line of stack.split('\n')) {
    const m = /^\s*at (?:.*\()?(.+?):(\d+):(\d+)\)?\s*$/.exec(line);
    if (!m) continue;
    let file = m[1]!;
    if (file.startsWith('file://')) {
      try {
        file = fileURLToPath(file);
      } catch {
        continue;
      }
    }
    if (path.isAbsolute(file) && path.resolve(file) === want)
      return { line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

function stackHere(): string | undefined {
  return captureStack().stack;
}

/** An error holding the current call stack; V8 formats it on the first read of `.stack`. */
function captureStack(): { readonly stack?: string } {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = STACK_FRAMES;
  try {
    return new Error();
  } finally {
    Error.stackTraceLimit = limit;
  }
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
  return { info, state, writtenEarlier, writtenNow, stack: captureStack() };
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
  /**
   * Every trace the evaluation read (all goldens of a best-of, then the received one), which the
   * config's channel-keyed entries are judged against for `config_warnings`. Default: `traces`.
   */
  readonly judged?: readonly Trace[];
  /** Import warnings of the traces read from files (received first), for the record. */
  readonly importWarnings?: readonly ImportWarning[];
  /** What the golden is called in the verdict sentence (as in the failure message). */
  readonly goldenNoun?: string;
  /** The verdict sentence of a failed call when it is not the evaluation's (a missing golden). */
  readonly failure?: string;
}

/** `{location}` of a failed call for its record, or nothing when the stack does not show the test file. */
export function locationOf(call: CallInfo): { location?: { line: number; column: number } } {
  const location = callSite(call.info.testPath, call.stack.stack);
  return location === undefined ? {} : { location };
}

/**
 * The call's `config_warnings` (default mode): the config entries keyed by a channel that no trace
 * the evaluation read has — the same entries, judged on the same traces, as the result's
 * `warnings`, and written as the batch CLI writes a pair's, so the run report says once each entry
 * no check used (`summary.config_warnings`) whichever wrote the records.
 */
export function callConfigWarnings(
  input: Pick<PublishInput, 'result' | 'options' | 'traces' | 'judged'>,
): ConfigWarning[] {
  if (!selectPolicy(input.result).warnUnknownChannelKeys) return [];
  const traces = input.judged ?? (input.traces ? [input.traces.gt, input.traces.pred] : []);
  if (traces.length === 0) return [];
  return configWarningsOf(unknownChannelEntries(input.options, traces), optionsFile(input.options));
}

/** Publish the record of one call (Vitest `task.meta`, Jest side channel). */
export function publishCall(call: CallInfo, input: PublishInput): EnvTraceRecord {
  const seq = call.state.seq++;
  const passed = input.isNot ? !input.pass : input.pass;
  const failure = passed
    ? undefined
    : (input.failure ?? verdictSentence(input.result, input.rule, input.isNot, input.goldenNoun));
  const record = buildRecord(input.result, {
    matcher: input.matcher,
    testPath: call.info.testPath,
    testName: call.info.testName,
    retry: call.info.retry,
    repeat: call.info.repeat,
    seq,
    pass: passed,
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
    configWarnings: callConfigWarnings(input),
    ...(failure === undefined ? {} : { failure }),
    ...(failure === undefined ? {} : locationOf(call)),
    ...(input.traces === undefined
      ? {}
      : { series: continuousSeries(input.traces.gt, input.traces.pred, input.options) }),
  });
  publishRecord(record, call.info);
  return record;
}
