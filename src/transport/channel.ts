/**
 * The names both ends of the matcher → reporter channel must agree on. The matchers
 * (`matchers/publish.ts`) write records here and the reporters read them; neither imports
 * the other, so the names live in this one place.
 *
 * - Vitest: records are pushed onto `task.meta[META_KEY]` (an array).
 * - Jest: the reporter creates a directory and names it in `process.env[RECORDS_DIR_ENV]`
 *   before workers start; each worker thread appends JSON lines to its own
 *   {@link recordsFile} (`<pid>-<threadId>.jsonl`) in it.
 */
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** Environment variable naming the Jest side-channel directory. */
export const RECORDS_DIR_ENV = 'ENVTRACE_RECORDS_DIR';

/** Key under Vitest's `task.meta` holding the records of a test. */
export const META_KEY = 'envtrace';

/** Suffix of the side-channel files (JSON Lines). */
export const RECORDS_FILE_SUFFIX = '.jsonl';

/** The side-channel file of this process and thread inside `dir`. */
export function recordsFile(dir: string): string {
  return path.join(dir, `${process.pid}-${threadId}${RECORDS_FILE_SUFFIX}`);
}
