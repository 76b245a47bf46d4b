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
import { lineOrigin, publishTestEnd } from './publish.js';

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
    publishTestEnd('jest', { ...end, state: 'failed' }, { run: 'r1', started_at: 5 }, env);
    publishTestEnd('vitest', { ...end, state: 'passed' }, { project: 'p' }, env);
    const line = (dir: string): unknown =>
      JSON.parse(readFileSync(recordsFile(dir), 'utf8').trimEnd());
    expect(line(jestDir)).toEqual({
      [TEST_END_KEY]: 1,
      ...end,
      state: 'failed',
      run: 'r1',
      started_at: 5,
    });
    expect(line(vitestDir)).toEqual({ [TEST_END_KEY]: 1, ...end, state: 'passed', project: 'p' });
  });

  it('is a no-op when the reporter named no directory', () => {
    publishTestEnd('jest', { ...end, state: 'passed' }, {}, { [VITEST_RECORDS_DIR_ENV]: root });
    publishTestEnd('vitest', { ...end, state: 'passed' }, {}, { [RECORDS_DIR_ENV]: root });
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('lineOrigin', () => {
  it('Vitest: the project (unnamed: empty); Jest: this file run and when the attempt started', () => {
    const task = { id: 't', name: 't', type: 'test', meta: {} };
    expect(
      lineOrigin({
        task: { ...task, file: { filepath: '/a', projectName: 'b' } },
        identity: undefined,
      }),
    ).toEqual({ project: 'b' });
    expect(
      lineOrigin({ task: { ...task, file: { filepath: '/a' } }, identity: undefined }),
    ).toEqual({ project: '' });
    const a = lineOrigin({ task: undefined, identity: { startedAt: 12 } });
    const b = lineOrigin({ task: undefined, identity: {} });
    expect(a).toEqual({ run: expect.any(String), started_at: 12 });
    // One id per load of the module (one per test file run): the same for every line of it.
    expect(b).toEqual({ run: a.run });
  });
});
