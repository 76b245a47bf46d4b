import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createRecordsDir,
  META_KEY,
  RECORDS_DIR_ENV,
  RECORDS_FILE_SUFFIX,
  recordsDirPid,
  recordsFile,
  removeRecordsDir,
  sweepStaleRecordsDirs,
} from './channel.js';

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

describe('records directories', () => {
  const HOUR = 60 * 60 * 1000;
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'envtrace-chan-'));
  });
  afterEach(() => {
    rmSync(parent, { recursive: true, force: true });
  });

  function dirAt(name: string, at: number, files: string[] = []): string {
    const d = path.join(parent, name);
    mkdirSync(d);
    for (const f of files) writeFileSync(path.join(d, f), '{}\n');
    utimesSync(d, at / 1000, at / 1000);
    return d;
  }

  it('are named with the reporter pid, and removeRecordsDir removes one with its files', () => {
    const d = createRecordsDir(parent);
    expect(path.basename(d)).toMatch(new RegExp(`^envtrace-records-${process.pid}-[^-]+$`));
    expect(recordsDirPid(path.basename(d))).toBe(process.pid);
    writeFileSync(recordsFile(d), '{}\n');
    removeRecordsDir(d);
    removeRecordsDir(d);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('sweeps directories of gone processes older than an hour, and old empty ones of earlier versions', () => {
    const now = Date.now();
    const alive = (pid: number) => pid === 100;
    const dead = dirAt('envtrace-records-200-abc123', now - 2 * HOUR, ['200-0.jsonl']);
    dirAt('envtrace-records-201-abc123', now - 5 * 60 * 1000); // recent: its run may still be starting
    dirAt('envtrace-records-100-abc123', now - 5 * HOUR); // owner alive (a long watch session)
    const legacyEmpty = dirAt('envtrace-records-Xy12Ab', now - 2 * HOUR);
    dirAt('envtrace-records-Zz12Ab', now - 2 * HOUR, ['1-0.jsonl']); // no owner known, not empty: kept
    dirAt('envtrace-records-Qq12Ab', now - 60 * 1000); // recent legacy: kept
    writeFileSync(path.join(parent, 'envtrace-records-300-file'), 'not a directory');
    dirAt('other-200-abc123', now - 2 * HOUR);
    expect(sweepStaleRecordsDirs(parent, now, alive).sort()).toEqual([dead, legacyEmpty].sort());
    expect(readdirSync(parent).sort()).toEqual(
      [
        'envtrace-records-100-abc123',
        'envtrace-records-201-abc123',
        'envtrace-records-300-file',
        'envtrace-records-Qq12Ab',
        'envtrace-records-Zz12Ab',
        'other-200-abc123',
      ].sort(),
    );
  });

  it('a missing parent is not an error', () => {
    expect(sweepStaleRecordsDirs(path.join(parent, 'nope'))).toEqual([]);
  });
});
