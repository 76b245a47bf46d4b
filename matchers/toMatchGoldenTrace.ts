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
import {
  GoldenCollisionError,
  bumpCounter,
  claimGolden,
  goldenPathFor,
  goldenText,
  legacyGoldenPathFor,
  ownerOf,
  readGoldenSync,
  readGoldenText,
  releaseGolden,
  sameOwner,
  updateModeOf,
  type GoldenOwner,
  GOLDEN_DIR,
} from './golden.js';
import { markTouched } from './goldenObsolete.js';
import { goldenNameFormOf, occurrenceOf } from './lifecycle.js';
import { loadTraceArg, resolveConfig } from './inputs.js';
import { failureMessage, passes } from './message.js';
import { layoutOf, withImportWarnings, type SyncMatcherResult } from './toMatchTraceBehavior.js';

export const MATCHER_NAME = 'toMatchGoldenTrace';

/** What the golden is called in the verdict sentence. */
const GOLDEN_NOUN = 'its golden trace';

export function toMatchGoldenTrace(
  this: MatcherContext,
  received: unknown,
  config?: unknown,
): SyncMatcherResult {
  const isNot = this.isNot === true;
  const utils = this.utils;
  const secondArgument = config === undefined ? undefined : 'config';
  const hint = utils.matcherHint(MATCHER_NAME, 'received', secondArgument ?? '', { isNot });
  if (isNot) {
    throw new Error(
      `${hint}\n\n${MATCHER_NAME} cannot be used with .not: a golden records the expected behaviour. Use .not.toMatchTraceBehavior(golden) instead.`,
    );
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
  const received_ = loadTraceArg(utils, hint, 'received', received, cfg.mode);
  const pred = received_.trace;

  const n = ++call.state.goldens;
  const owner: GoldenOwner = { testName: info.testName, occurrence: occurrenceOf(info), n };
  const file = goldenPathFor(
    info.testPath,
    info.testName,
    n,
    owner.occurrence,
    goldenNameFormOf(info),
  );
  const rel = (f: string): string => path.relative(process.cwd(), f) || f;
  const mode = updateModeOf(this);
  /** What rewrites goldens on this host: Jest's and Vitest's -u, the standalone expect's environment variable. */
  const updateFlag =
    goldenWording(this) === goldenWording('expect') ? 'ENVTRACE_UPDATE_GOLDENS=all' : '-u';
  let legacy: string | undefined;
  try {
    claimGolden(info.testPath, file, owner, escapeForTerminal(rel(file)));
    legacy = findLegacyGolden(info.testPath, file, owner, mode, call.writtenEarlier);
  } catch (e) {
    if (e instanceof GoldenCollisionError) e.message = `${hint}\n\n${e.message}`;
    throw e;
  }
  markTouched(info.testPath, file);
  if (legacy !== undefined) markTouched(info.testPath, legacy);
  const shown = escapeForTerminal(rel(legacy ?? file));
  const testId = info.task?.id ?? `${info.testPath}\u0000${info.testName}`;
  const snap = this.snapshotState;
  const bumps = call.state.bumps;
  const exists = legacy !== undefined || (fs.existsSync(file) && !call.writtenEarlier.has(file));
  // Encoded up front, so a value no golden can keep is refused whether or not this run writes.
  let text: string;
  try {
    text = goldenText(pred, cfg.mode, path.relative(process.cwd(), file) || file);
  } catch (e) {
    if (!(e instanceof TraceError)) throw e;
    throw e.framed(`${hint}\n\nThe received trace cannot be written as a golden trace: `);
  }

  const write = (content: string = text): void => {
    writeFileAtomicSync(file, content, {
      within: path.join(path.dirname(info.testPath), GOLDEN_DIR),
    });
    call.writtenNow.add(file);
    if (legacy !== undefined) {
      // Moved to its new name: the old one goes.
      fs.rmSync(legacy, { force: true });
      releaseGolden(info.testPath, legacy);
    }
  };
  const publish = (
    result: EvaluationResult,
    pass: boolean,
    goldenStatus: 'written' | 'updated' | 'compared' | 'missing',
    gt: Trace,
    failure?: string,
  ): void => {
    publishCall(call, {
      matcher: 'toMatchGoldenTrace',
      result,
      pass,
      isNot,
      rule: cfg.rule,
      options: cfg.options,
      golden: { kind: 'golden', paths: [rel(legacy ?? file)], count: 1 },
      goldenStatus,
      traces: { gt, pred },
      importWarnings: received_.warnings,
      goldenNoun: GOLDEN_NOUN,
      ...(failure === undefined ? {} : { failure }),
    });
  };

  if (!exists) {
    if (mode === 'none') {
      bumpCounter(snap, 'unmatched', testId, bumps);
      const missing = (at: string): string =>
        `No golden trace at ${at}, and ${goldenWording(this).noWriteReason}.`;
      publish(
        evaluate(new Trace([]), pred, cfg.options),
        false,
        'missing',
        new Trace([]),
        missing(shown),
      );
      return {
        pass: false,
        message: () =>
          `${hint}\n\n${missing(utils.EXPECTED_COLOR(shown))}\n${goldenWording(this).howToWrite}`,
      };
    }
    write();
    bumpCounter(snap, 'added', testId, bumps);
    publish(evaluate(pred, pred, cfg.options), true, 'written', pred);
    return { pass: true, message: () => `${hint}\n\nWrote golden trace ${shown}.` };
  }

  const source = legacy ?? file;
  let golden: Trace;
  try {
    golden = readGoldenSync(source, cfg.mode, {
      within: path.join(path.dirname(info.testPath), GOLDEN_DIR),
    });
  } catch (e) {
    // -u repairs a golden that cannot be read (hand-edited, truncated): it is rewritten.
    if (!(e instanceof TraceError)) throw e;
    if (mode !== 'all') {
      throw e.framed('', ` (run with ${updateFlag} to rewrite the golden trace)`);
    }
    write();
    bumpCounter(snap, 'updated', testId, bumps);
    publish(evaluate(pred, pred, cfg.options), true, 'updated', pred);
    return {
      pass: true,
      message: () =>
        `${hint}\n\nRewrote golden trace ${escapeForTerminal(rel(file))}, which could not be read: ${e.message}`,
    };
  }
  const result = evaluate(golden, pred, cfg.options);
  const pass = passes(result, cfg.rule);
  if (pass && legacy !== undefined && mode === 'all') {
    // Same behaviour, old name: move the file as it is to its new name.
    // Read with the same guards as the golden itself (it passed them a moment ago).
    write(readGoldenText(legacy, path.join(path.dirname(info.testPath), GOLDEN_DIR)));
    bumpCounter(snap, 'updated', testId, bumps);
    publish(result, true, 'updated', golden);
    return {
      pass: true,
      message: () => `${hint}\n\nMoved golden trace ${shown} to ${escapeForTerminal(rel(file))}.`,
    };
  }
  if (pass) {
    bumpCounter(snap, 'matched', testId, bumps);
    publish(result, true, 'compared', golden);
    return {
      pass: true,
      message: () => `${hint}\n\nThe received trace behaves like the golden trace ${shown}.`,
    };
  }
  if (mode === 'all') {
    write();
    bumpCounter(snap, 'updated', testId, bumps);
    publish(result, true, 'updated', golden);
    return {
      pass: true,
      message: () => `${hint}\n\nUpdated golden trace ${escapeForTerminal(rel(file))}.`,
    };
  }
  bumpCounter(snap, 'unmatched', testId, bumps);
  publish(result, false, 'compared', golden);
  return {
    pass: false,
    message: () =>
      withImportWarnings(
        failureMessage(utils, {
          matcherName: MATCHER_NAME,
          isNot,
          expectedLabel: secondArgument ?? '',
          result,
          rule: cfg.rule,
          goldenNoun: GOLDEN_NOUN,
          layout: layoutOf(cfg.options),
          notes: [
            `Golden: ${utils.EXPECTED_COLOR(shown)}` +
              (legacy !== undefined
                ? utils.DIM_COLOR(
                    ` (under its old name; ${updateFlag} moves it to ${escapeForTerminal(path.basename(file))})`,
                  )
                : '') +
              (mode === 'new'
                ? utils.DIM_COLOR(
                    ` (if the new behaviour is intended, ${goldenWording(this).update})`,
                  )
                : ''),
          ],
        }),
        received_.warnings,
      ),
  };
}

/**
 * The golden of `owner` under an older name, when only that exists: the escaped name envtrace
 * 0.1 wrote before readable names (any test), then the pre-encoding name (first test of a name
 * only: before, tests with the same name shared one file). `undefined` when the file exists,
 * an old name is the name itself, or there is no old file. A file another test of this run
 * already uses under its new name is that test's: a `GoldenCollisionError` names both, except
 * under `-u`, where the old file is left alone (and removed as obsolete at the end).
 */
function findLegacyGolden(
  testPath: string,
  file: string,
  owner: GoldenOwner,
  mode: string,
  writtenEarlier: ReadonlySet<string>,
): string | undefined {
  if (fs.existsSync(file) && !writtenEarlier.has(file)) return undefined;
  const candidates = [
    goldenPathFor(testPath, owner.testName, owner.n, owner.occurrence, 'escaped'),
    ...(owner.occurrence === 1 ? [legacyGoldenPathFor(testPath, owner.testName, owner.n)] : []),
  ];
  for (const old of candidates) {
    if (old === file || !fs.existsSync(old)) continue;
    const other = ownerOf(testPath, old);
    if (other !== undefined && !sameOwner(other, owner) && mode === 'all') continue;
    claimGolden(testPath, old, owner, escapeForTerminal(path.relative(process.cwd(), old) || old));
    return old;
  }
  return undefined;
}
