/**
 * Handing each matcher call's record to the reporters.
 *
 * - Vitest: pushed onto `task.meta.envtrace` (an array; one test collects one record per call
 *   per attempt, with `retry`/`repeat`/`seq` telling them apart). Reporters read `testCase.meta()`.
 * - Jest: one JSON line appended to `<ENVTRACE_RECORDS_DIR>/<pid>-<threadId>.jsonl` (the
 *   reporter creates the directory and sets the variable before workers start; when it is
 *   unset nothing is written).
 * - Standalone `expect`: the Jest side channel when the variable is set, else nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { EnvTraceRecord } from '../src/transport/record.js';
import type { TestInfo } from './runtime.js';

export const RECORDS_DIR_ENV = 'ENVTRACE_RECORDS_DIR';

/** Key under Vitest's `task.meta`. */
export const META_KEY = 'envtrace';

/** The side-channel file of this process/thread. */
export function recordsFile(dir: string): string {
  return path.join(dir, `${process.pid}-${threadId}.jsonl`);
}

const madeDirs = new Set<string>();

export function publishRecord(record: EnvTraceRecord, info: TestInfo, env: NodeJS.ProcessEnv = process.env): void {
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
