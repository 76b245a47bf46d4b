import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { META_KEY, RECORDS_DIR_ENV, RECORDS_FILE_SUFFIX, recordsFile } from './channel.js';

describe('matcher → reporter channel names', () => {
  it('are the documented, stable names', () => {
    // Published in the README and set by users' CI scripts: changing them breaks setups.
    expect(RECORDS_DIR_ENV).toBe('ENVTRACE_RECORDS_DIR');
    expect(META_KEY).toBe('envtrace');
  });

  it('recordsFile is unique per process and thread, inside the directory', () => {
    const f = recordsFile('/tmp/recs');
    expect(path.dirname(f)).toBe('/tmp/recs');
    expect(path.basename(f)).toBe(`${process.pid}-${threadId}${RECORDS_FILE_SUFFIX}`);
  });
});
