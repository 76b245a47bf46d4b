/**
 * Handing each matcher call's record to the reporters (channel names: `src/transport/channel.ts`).
 *
 * - Vitest: pushed onto `task.meta.envtrace` (an array; one test collects one record per call
 *   per attempt, with `retry`/`repeat`/`seq` telling them apart). Reporters read `testCase.meta()`.
 *   When the Vitest reporter named a directory in `ENVTRACE_VITEST_RECORDS_DIR`, the record is
 *   also appended there (with a line at the end of each test attempt, {@link publishTestEnd}):
 *   the copy the reporter reads back when the worker dies before its results went out.
 * - Jest: one JSON line appended to `<ENVTRACE_RECORDS_DIR>/<pid>-<threadId>.jsonl` (the
 *   reporter creates the directory and sets the variable before workers start; when it is
 *   unset nothing is written), and a line at the end of each test attempt
 *   ({@link publishTestEnd}): what the reporter rebuilds the tests of a file whose worker died from.
 * - Standalone `expect`: the Jest side channel when the variable is set, else nothing.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import {
  META_KEY,
  RECORDS_DIR_ENV,
  recordsFile,
  TEST_END_KEY,
  VITEST_RECORDS_DIR_ENV,
  type LineOrigin,
  type TestEndLine,
} from '../src/transport/channel.js';
import type { EnvTraceRecord } from '../src/transport/record.js';
import type { TestInfo } from './runtime.js';

const madeDirs = new Set<string>();

/** Append one JSON line to this thread's file in `dir`; nothing when `dir` is unset. */
function appendLine(dir: string | undefined, value: unknown): void {
  if (dir === undefined || dir === '') return;
  if (!madeDirs.has(dir)) {
    // Normally the reporter has made it; a missing directory must not fail the test.
    fs.mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  // One write call per line, flushed before the call returns: appends of a single short line
  // do not interleave between processes, and a SIGKILL right after loses nothing written.
  fs.appendFileSync(recordsFile(dir), `${JSON.stringify(value)}\n`, 'utf8');
}

/**
 * This run of the test file: one id per load of this module, which both runners load afresh for
 * each test file they run (per project), so two projects' runs of one file never share one.
 */
const RUN_ID = randomUUID();

/** Where a side-channel line comes from (`LineOrigin` in `src/transport/channel.ts`). */
export function lineOrigin(info: Pick<TestInfo, 'task' | 'identity'>): LineOrigin {
  if (info.task !== undefined) return { project: info.task.file?.projectName ?? '' };
  const startedAt = (info.identity as { readonly startedAt?: unknown } | undefined)?.startedAt;
  return typeof startedAt === 'number' ? { run: RUN_ID, started_at: startedAt } : { run: RUN_ID };
}

/** Publish one record for the reporters (see the module comment); a no-op when no reporter listens. */
export function publishRecord(
  record: EnvTraceRecord,
  info: TestInfo,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (info.task !== undefined) {
    const meta = info.task.meta;
    const list = meta[META_KEY];
    if (Array.isArray(list)) list.push(record);
    else meta[META_KEY] = [record];
    appendLine(env[VITEST_RECORDS_DIR_ENV], { ...record, ...lineOrigin(info) });
    return;
  }
  appendLine(env[RECORDS_DIR_ENV], { ...record, ...lineOrigin(info) });
}

/**
 * Tell the reporter's copy that a test attempt ended and how (called from the setup entry's
 * `afterEach`; `matchers/vitest.ts` and `matchers/jest.ts` say what the state counts). One line
 * format for both runners, in the directory that runner's records go to; a no-op when the
 * reporter named none.
 */
export function publishTestEnd(
  host: 'vitest' | 'jest',
  end: Omit<TestEndLine, typeof TEST_END_KEY | keyof LineOrigin>,
  origin: LineOrigin,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const { testPath, testName, retry, repeat, state } = end;
  const line: TestEndLine = {
    [TEST_END_KEY]: 1,
    testPath,
    testName,
    retry,
    repeat,
    state,
    ...origin,
  };
  appendLine(env[host === 'vitest' ? VITEST_RECORDS_DIR_ENV : RECORDS_DIR_ENV], line);
}
