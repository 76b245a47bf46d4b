/**
 * `expect(received).toMatchGoldenTrace(config?)`: snapshot-style goldens compared by behaviour.
 *
 * The golden of a test lives at `__traces__/<test file>/<test name>[-n].trace.json` beside the
 * test file. Update mode from the runner's snapshot state: `new` (local default) writes a
 * missing golden; `all` (`-u`) rewrites one whose behaviour changed; `none` (CI, `--ci`) never
 * writes and fails on a missing golden. The runner's snapshot summary counts goldens written,
 * updated, matched and failed. Values are written and read through the value codec
 * (`src/io/codec.ts`, see `goldenText`/`readGoldenSync`), so every accepted value round-trips.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Trace, TraceError, evaluate, type EvaluationResult } from '../src/index.js';
import { escapeForTerminal } from '../src/report/escape.js';
import { beginCall, concurrentGlobalExpect, publishCall } from './call.js';
import { goldenWording, type MatcherContext } from './context.js';
import { writeFileAtomicSync } from '../src/io/write.js';
import { bumpCounter, goldenPathFor, goldenText, markTouched, readGoldenSync, updateModeOf } from './golden.js';
import { loadTraceArg, resolveConfig } from './inputs.js';
import { failureMessage, passes } from './message.js';
import { layoutOf, type SyncMatcherResult } from './toMatchTraceBehavior.js';

export const MATCHER_NAME = 'toMatchGoldenTrace';

export function toMatchGoldenTrace(this: MatcherContext, received: unknown, config?: unknown): SyncMatcherResult {
  const isNot = this.isNot === true;
  const utils = this.utils;
  const secondArgument = config === undefined ? undefined : 'config';
  const hint = utils.matcherHint(MATCHER_NAME, 'received', secondArgument ?? '', { isNot });
  if (isNot) {
    throw new Error(`${hint}\n\n${MATCHER_NAME} cannot be used with .not: a golden records the expected behaviour. Use .not.toMatchTraceBehavior(golden) instead.`);
  }
  const call = beginCall(this);
  const { info } = call;
  if (!path.isAbsolute(info.testPath) || info.testName === '') {
    throw new Error(
      `${hint}\n\n${MATCHER_NAME} needs to know the test file and test name (run it inside a Vitest or Jest test; with the standalone expect package call setTraceTest() first).`,
    );
  }
  if (concurrentGlobalExpect(info)) {
    throw new Error(
      `${hint}\n\n${MATCHER_NAME} in test.concurrent needs the test context's expect, or the golden could be filed under another test: test.concurrent('…', ({ expect }) => { expect(trace).${MATCHER_NAME}() })`,
    );
  }
  const cfg = resolveConfig(config);
  const pred = loadTraceArg(utils, hint, 'received', received, cfg.mode).trace;

  const n = ++call.state.goldens;
  const file = goldenPathFor(info.testPath, info.testName, n);
  markTouched(info.testPath, file);
  const shown = escapeForTerminal(path.relative(process.cwd(), file) || file);
  const mode = updateModeOf(this);
  const testId = info.task?.id ?? `${info.testPath}\u0000${info.testName}`;
  const snap = this.snapshotState;
  const bumps = call.state.bumps;
  const exists = fs.existsSync(file) && !call.writtenEarlier.has(file);
  // Encoded up front, so a value no golden can keep is refused whether or not this run writes.
  let text: string;
  try {
    text = goldenText(pred, cfg.mode, path.relative(process.cwd(), file) || file);
  } catch (e) {
    if (!(e instanceof TraceError)) throw e;
    const err = new TraceError(`${hint}\n\nThe received trace cannot be written as a golden trace: ${e.message}`, {}, { cause: e });
    Object.defineProperty(err, 'path', { value: e.path, enumerable: true });
    Object.defineProperty(err, 'file', { value: e.file, enumerable: true });
    throw err;
  }

  const write = (): void => {
    writeFileAtomicSync(file, text);
    call.writtenNow.add(file);
  };
  const publish = (result: EvaluationResult, pass: boolean, goldenStatus: 'written' | 'updated' | 'compared' | 'missing', gt: Trace): void => {
    publishCall(call, {
      matcher: 'toMatchGoldenTrace',
      result,
      pass,
      isNot,
      rule: cfg.rule,
      options: cfg.options,
      golden: { kind: 'golden', paths: [path.relative(process.cwd(), file) || file], count: 1 },
      goldenStatus,
      traces: { gt, pred },
    });
  };

  if (!exists) {
    if (mode === 'none') {
      bumpCounter(snap, 'unmatched', testId, bumps);
      publish(evaluate(new Trace([]), pred, cfg.options), false, 'missing', new Trace([]));
      return {
        pass: false,
        message: () =>
          `${hint}\n\nNo golden trace at ${utils.EXPECTED_COLOR(shown)}, and ${goldenWording(this).noWriteReason}.\n${goldenWording(this).howToWrite}`,
      };
    }
    write();
    bumpCounter(snap, 'added', testId, bumps);
    publish(evaluate(pred, pred, cfg.options), true, 'written', pred);
    return { pass: true, message: () => `${hint}\n\nWrote golden trace ${shown}.` };
  }

  const golden = readGoldenSync(file, cfg.mode);
  const result = evaluate(golden, pred, cfg.options);
  const pass = passes(result, cfg.rule);
  if (pass) {
    bumpCounter(snap, 'matched', testId, bumps);
    publish(result, true, 'compared', golden);
    return { pass: true, message: () => `${hint}\n\nThe received trace behaves like the golden trace ${shown}.` };
  }
  if (mode === 'all') {
    write();
    bumpCounter(snap, 'updated', testId, bumps);
    publish(result, true, 'updated', golden);
    return { pass: true, message: () => `${hint}\n\nUpdated golden trace ${shown}.` };
  }
  bumpCounter(snap, 'unmatched', testId, bumps);
  publish(result, false, 'compared', golden);
  return {
    pass: false,
    message: () =>
      failureMessage(utils, {
        matcherName: MATCHER_NAME,
        isNot,
        expectedLabel: secondArgument ?? '',
        result,
        rule: cfg.rule,
        goldenNoun: 'its golden trace',
        layout: layoutOf(cfg.options),
        notes: [
          `Golden: ${utils.EXPECTED_COLOR(shown)}` +
            (mode === 'new' ? utils.DIM_COLOR(` (if the new behaviour is intended, ${goldenWording(this).update})`) : ''),
        ],
      }),
  };
}
