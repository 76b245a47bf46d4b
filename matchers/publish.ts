/**
 * Handing each matcher call's record to the reporters (channel names: `src/transport/channel.ts`).
 *
 * - Vitest: pushed onto `task.meta.envtrace` (an array; one test collects one record per call
 *   per attempt, with `retry`/`repeat`/`seq` telling them apart). Reporters read `testCase.meta()`.
 * - Jest: one JSON line appended to `<ENVTRACE_RECORDS_DIR>/<pid>-<threadId>.jsonl` (the
 *   reporter creates the directory and sets the variable before workers start; when it is
 *   unset nothing is written).
 * - Standalone `expect`: the Jest side channel when the variable is set, else nothing.
 */
import * as fs from 'node:fs';
import { META_KEY, RECORDS_DIR_ENV, recordsFile } from '../src/transport/channel.js';
import type { EnvTraceRecord } from '../src/transport/record.js';
import type { TestInfo } from './runtime.js';

const madeDirs = new Set<string>();

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
    return;
  }
  const dir = env[RECORDS_DIR_ENV];
  if (dir === undefined || dir === '') return;
  if (!madeDirs.has(dir)) {
    // Normally the reporter has made it; a missing directory must not fail the test.
    fs.mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  // One write call per line: appends of a single short line do not interleave between processes.
  fs.appendFileSync(recordsFile(dir), `${JSON.stringify(record)}\n`, 'utf8');
}
