import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  RECORDS_DIR_ENV,
  recordsFile,
  TEST_END_KEY,
  VITEST_RECORDS_DIR_ENV,
} from '../src/transport/channel.js';
import { publishTestEnd } from './publish.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'envtrace-publish-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('publishTestEnd', () => {
  const end = { testPath: '/p/a.test.ts', testName: 's t', retry: 1, repeat: 0 } as const;
  it('writes one end line, in the directory of the runner it is told (one format for both)', () => {
    const jestDir = path.join(root, 'jest');
    const vitestDir = path.join(root, 'vitest');
    const env = { [RECORDS_DIR_ENV]: jestDir, [VITEST_RECORDS_DIR_ENV]: vitestDir };
    publishTestEnd('jest', { ...end, state: 'failed' }, env);
    publishTestEnd('vitest', { ...end, state: 'passed' }, env);
    const line = (dir: string): unknown =>
      JSON.parse(readFileSync(recordsFile(dir), 'utf8').trimEnd());
    expect(line(jestDir)).toEqual({ [TEST_END_KEY]: 1, ...end, state: 'failed' });
    expect(line(vitestDir)).toEqual({ [TEST_END_KEY]: 1, ...end, state: 'passed' });
  });

  it('is a no-op when the reporter named no directory', () => {
    publishTestEnd('jest', { ...end, state: 'passed' }, { [VITEST_RECORDS_DIR_ENV]: root });
    publishTestEnd('vitest', { ...end, state: 'passed' }, { [RECORDS_DIR_ENV]: root });
    expect(readdirSync(root)).toEqual([]);
  });
});
