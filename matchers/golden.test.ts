import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GoldenCollisionError,
  bumpCounter,
  claimGolden,
  forgetClaims,
  goldenPathFor,
  legacyGoldenPathFor,
  ownerOf,
  releaseGolden,
  rollBackCounters,
  updateModeOf,
} from './golden.js';
import { EnvTraceError } from '../src/index.js';

let tmp = '';
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-golden-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('goldenPathFor', () => {
  it('puts goldens in __traces__/<test file>/ beside the test, numbered from the second', () => {
    const test = path.join(tmp, 'src', 'scan.test.ts');
    expect(goldenPathFor(test, 'moves x', 1)).toBe(
      path.join(tmp, 'src', '__traces__', 'scan.test.ts', 'moves x.trace.json'),
    );
    expect(goldenPathFor(test, 'moves x', 2)).toBe(
      path.join(tmp, 'src', '__traces__', 'scan.test.ts', 'moves x-2.trace.json'),
    );
    expect(goldenPathFor(test, 'moves x', 1, 2)).toBe(
      path.join(tmp, 'src', '__traces__', 'scan.test.ts', 'moves x (2).trace.json'),
    );
    expect(legacyGoldenPathFor(test, 'a/b', 1)).toMatch(
      /__traces__\/scan\.test\.ts\/a_b-[0-9a-f]{8}\.trace\.json$/,
    );
  });

  it('stays inside the golden directory for hostile names', () => {
    const test = path.join(tmp, 'a.test.ts');
    const dir = path.join(tmp, '__traces__', 'a.test.ts');
    for (const name of ['../../../../tmp/x', '..', '/abs/path', 'C:\\win']) {
      expect(path.dirname(goldenPathFor(test, name, 1))).toBe(dir);
    }
  });

  it('needs an absolute test path', () => {
    expect(() => goldenPathFor('rel.test.ts', 'x', 1)).toThrow(/absolute path/);
  });
});

describe('updateModeOf', () => {
  it('reads Vitest 4 and Jest snapshot state', () => {
    expect(updateModeOf({ snapshotState: { snapshotUpdateState: 'all' } })).toBe('all');
    expect(updateModeOf({ snapshotState: { _updateSnapshot: 'none' } })).toBe('none');
  });

  it('without a runner: ENVTRACE_UPDATE_GOLDENS, else CI, else new', () => {
    expect(updateModeOf({}, { ENVTRACE_UPDATE_GOLDENS: 'all', CI: 'true' })).toBe('all');
    expect(updateModeOf({}, { CI: 'true' })).toBe('none');
    expect(updateModeOf({}, { CI: 'false' })).toBe('new');
    expect(updateModeOf({}, { CI: '0' })).toBe('new');
    expect(updateModeOf({}, {})).toBe('new');
  });
});

describe('snapshot counters', () => {
  it('increments Vitest CounterMaps per test and Jest numbers with a rollback record', () => {
    const keys: string[] = [];
    const counterMap = { increment: (k: string) => keys.push(k) };
    const vitestState = {
      added: counterMap,
      updated: counterMap,
      matched: counterMap,
      unmatched: counterMap,
    };
    const bumps = new Map<string, number>();
    bumpCounter(vitestState, 'added', 'test-1', bumps);
    expect(keys).toEqual(['test-1']);
    expect(bumps.size).toBe(0);

    const jestState = { added: 5, updated: 0, matched: 2, unmatched: 0 };
    bumpCounter(jestState, 'added', 'x', bumps);
    bumpCounter(jestState, 'matched', 'x', bumps);
    bumpCounter(jestState, 'matched', 'x', bumps);
    expect(jestState).toEqual({ added: 6, updated: 0, matched: 4, unmatched: 0 });
    rollBackCounters(jestState, bumps);
    expect(jestState).toEqual({ added: 5, updated: 0, matched: 2, unmatched: 0 });
  });
});

describe('claims: one golden file, one test', () => {
  it('lets the same test claim again and refuses a second test', () => {
    const test = path.join(tmp, 'c.test.ts');
    const a = { testName: 'first', occurrence: 1, n: 1 };
    const b = { testName: 'second', occurrence: 2, n: 3 };
    const file = path.join(tmp, '__traces__', 'c.test.ts', 'Same.trace.json');
    claimGolden(test, file, a);
    claimGolden(test, file, { ...a });
    expect(ownerOf(test, file)).toEqual(a);
    let err: unknown;
    try {
      claimGolden(test, file, b, 'shown/path.trace.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GoldenCollisionError);
    expect(err).toBeInstanceOf(EnvTraceError);
    expect((err as GoldenCollisionError).code).toBe('ERR_GOLDEN_COLLISION');
    expect((err as Error).message).toBe(
      'golden trace shown/path.trace.json would be shared by test "first" and test "second" (test 2 of that name), call 3. ' +
        'Rename one of the tests (a golden under its old name is moved to its new name by one run with -u).',
    );
    releaseGolden(test, file);
    expect(() => claimGolden(test, file, b)).not.toThrow();
    forgetClaims(test);
    expect(ownerOf(test, file)).toBeUndefined();
  });

  it('names that differ only in case collide only where they are one file', () => {
    const test = path.join(tmp, 'd.test.ts');
    const upper = path.join(tmp, '__traces__', 'd.test.ts', 'Case.trace.json');
    const lower = path.join(tmp, '__traces__', 'd.test.ts', 'case.trace.json');
    fs.mkdirSync(path.dirname(upper), { recursive: true });
    fs.writeFileSync(upper, '{}');
    claimGolden(test, upper, { testName: 'Case', occurrence: 1, n: 1 });
    // Another name of the same file, as a case-folding file system has it.
    fs.linkSync(upper, lower);
    expect(() => claimGolden(test, lower, { testName: 'case', occurrence: 1, n: 1 })).toThrow(
      GoldenCollisionError,
    );
    // Two files (a case-sensitive file system): both tests keep their own.
    fs.rmSync(lower);
    fs.writeFileSync(lower, '{}');
    expect(() => claimGolden(test, lower, { testName: 'case', occurrence: 1, n: 1 })).not.toThrow();
    expect(ownerOf(test, lower)).toEqual({ testName: 'case', occurrence: 1, n: 1 });
    expect(ownerOf(test, upper)).toEqual({ testName: 'Case', occurrence: 1, n: 1 });
  });
});
