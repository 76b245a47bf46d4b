/**
 * The names both ends of the matcher → reporter channel must agree on. The matchers
 * (`matchers/publish.ts`) write records here and the reporters read them; neither imports
 * the other, so the names live in this one place.
 *
 * - Vitest: records are pushed onto `task.meta[META_KEY]` (an array).
 * - Jest: the reporter creates a directory and names it in `process.env[RECORDS_DIR_ENV]`
 *   before workers start; each worker thread appends JSON lines to its own
 *   {@link recordsFile} (`<pid>-<threadId>.jsonl`) in it.
 * - Vitest, a second copy: a worker killed before its results went out (Vitest sends them in
 *   batches) takes the meta of the tests that ran with it. So the Vitest reporter creates a
 *   directory too (named in `process.env[VITEST_RECORDS_DIR_ENV]`), and each matcher call also
 *   appends its record there.
 * - Both: the setup entry appends one {@link TestEndLine} to the same file when a test attempt
 *   ends. A file whose worker died has no results from its runner (Jest reports no test of it,
 *   Vitest none it had not sent yet): the reporters rebuild its tests from these lines
 *   (`reporters/common.ts`).
 *
 * The Jest directory is `<tmp>/envtrace-records-<pid>-<random>` ({@link createRecordsDir}): the
 * reporter removes it when the run ends (and on exit); directories of earlier runs whose reporter
 * process is gone and which are older than an hour are swept by the next run
 * ({@link sweepStaleRecordsDirs}).
 */
import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { isStale, processAlive, STALE_AFTER_MS } from '../io/stale.js';

/** Environment variable naming the Jest side-channel directory. */
export const RECORDS_DIR_ENV = 'ENVTRACE_RECORDS_DIR';

/** Environment variable naming the Vitest reporter's copy of the records (see the module comment). */
export const VITEST_RECORDS_DIR_ENV = 'ENVTRACE_VITEST_RECORDS_DIR';

/** The key that marks a {@link TestEndLine}. */
export const TEST_END_KEY = 'envtrace_test_end';

/**
 * The line a worker appends when a test attempt ends (from an `afterEach` of the setup entry), so
 * a test whose result died with its worker keeps the status it had. Told apart from a record by
 * {@link TEST_END_KEY}; `testPath`, `testName`, `retry` and `repeat` as the test's records carry
 * them, so a record made in an attempt that has no end line shows the attempt that was running.
 */
export interface TestEndLine extends LineOrigin {
  readonly [TEST_END_KEY]: 1;
  readonly testPath: string;
  readonly testName: string;
  readonly retry: number;
  readonly repeat: number;
  readonly state: 'passed' | 'failed';
}

/**
 * Which run of its test file a side-channel line (a record or a {@link TestEndLine}) came from.
 * One file may run in several projects of one run (Vitest `projects`, Jest `projects`): its
 * lines must not be merged, nor one run's taken for a crashed earlier run of the same file.
 *
 * - Vitest: `project`, the project's name (`''` for an unnamed one), as `TestProject.name`.
 * - Jest: a worker cannot see its project, so `run` names the run of the test file (one id per
 *   load of the setup entry, which Jest does once per test file and project), and `started_at`
 *   the instant the test attempt started (jest-circus `startedAt`, the `startAt` Jest reports for
 *   the test's last attempt): the reporter gives each project's results the run whose tests
 *   started when that project's did.
 */
export interface LineOrigin {
  readonly project?: string;
  readonly run?: string;
  readonly started_at?: number;
}

/** Key under Vitest's `task.meta` holding the records of a test. */
export const META_KEY = 'envtrace';

/** Suffix of the side-channel files (JSON Lines). */
export const RECORDS_FILE_SUFFIX = '.jsonl';

/** Name prefix of the Jest records directories in the temp directory. */
export const RECORDS_DIR_PREFIX = 'envtrace-records-';

/** The side-channel file of this process and thread inside `dir`. */
export function recordsFile(dir: string): string {
  return path.join(dir, `${process.pid}-${threadId}${RECORDS_FILE_SUFFIX}`);
}

/** A fresh records directory `<parent>/envtrace-records-<pid>-<random>` (parent: the OS temp directory). */
export function createRecordsDir(parent: string = os.tmpdir()): string {
  return fs.mkdtempSync(path.join(parent, `${RECORDS_DIR_PREFIX}${process.pid}-`));
}

/** The pid in a records directory's name, or `undefined` for another name (or one of an older envtrace without a pid). */
export function recordsDirPid(name: string): number | undefined {
  const m = /^envtrace-records-(\d+)-[^-]+$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/**
 * Remove the records directories in `parent` left by earlier runs: those whose reporter process
 * is gone and that are older than an hour, plus empty directories of older envtrace versions
 * (named without a pid) older than an hour. Returns the removed paths; never throws.
 */
export function sweepStaleRecordsDirs(
  parent: string = os.tmpdir(),
  now: number = Date.now(),
  alive: (pid: number) => boolean = processAlive,
): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(RECORDS_DIR_PREFIX)) continue;
    const dir = path.join(parent, name);
    try {
      const st = fs.lstatSync(dir);
      if (!st.isDirectory()) continue;
      const pid = recordsDirPid(name);
      if (pid !== undefined) {
        if (!isStale(pid, st.mtimeMs, now, alive)) continue;
      } else if (now - st.mtimeMs < STALE_AFTER_MS || fs.readdirSync(dir).length > 0) {
        // An old-style name carries no owner: only an old, empty one is certainly a leftover.
        continue;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // in use, gone already, or not ours to remove
    }
  }
  return removed;
}

/** Remove a records directory and what is in it; never throws. */
export function removeRecordsDir(dir: string): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // nothing more to do at exit
  }
}
