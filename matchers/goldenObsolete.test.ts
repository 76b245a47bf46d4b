import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomicSync } from '../src/io/write.js';
import { goldenPathFor, legacyGoldenPathFor } from './golden.js';
import {
  belongsToTests,
  collectObsolete,
  countInSnapshotSummary,
  formatObsolete,
  goneTestFileDirs,
  markTouched,
  obsoleteKeys,
  reportObsoleteGoldens,
} from './goldenObsolete.js';
import type { DeclaredTest } from './lifecycle.js';

let tmp = '';
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-obsolete-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const declared = (name: string, completed: boolean, occurrence = 1): DeclaredTest => ({
  name,
  occurrence,
  completed,
  node: {},
});
const touch = (f: string): string => {
  writeFileAtomicSync(f, '{}');
  return f;
};

describe('collectObsolete', () => {
  it('lists goldens no test used, keeps those of tests that did not complete, deletes under -u', () => {
    const test = touch(path.join(tmp, 'x.test.ts'));
    const used = touch(goldenPathFor(test, 'used', 1));
    const stale = touch(goldenPathFor(test, 'stale', 1));
    const staleCall = touch(goldenPathFor(test, 'used', 2));
    const skipped = touch(goldenPathFor(test, 'skipped', 1));
    const skipped2 = touch(goldenPathFor(test, 'skipped', 4));
    const skippedDup = touch(goldenPathFor(test, 'dup', 1, 2));
    const completedDup = touch(goldenPathFor(test, 'dup', 1, 1));
    const tests = [
      declared('used', true),
      declared('skipped', false),
      declared('dup', true),
      declared('dup', false, 2),
    ];
    markTouched(test, used);
    expect(collectObsolete(test, 'new', tests)).toEqual({
      testPath: test,
      obsolete: [completedDup, stale, staleCall].sort(),
      orphaned: [],
      removed: false,
    });
    for (const f of [used, stale, staleCall, skipped, skipped2, skippedDup, completedDup])
      expect(fs.existsSync(f)).toBe(true);
    markTouched(test, used);
    expect(collectObsolete(test, 'all', tests)?.removed).toBe(true);
    for (const f of [stale, staleCall, completedDup]) expect(fs.existsSync(f)).toBe(false);
    for (const f of [used, skipped, skipped2, skippedDup]) expect(fs.existsSync(f)).toBe(true);
  });

  it('matches touched goldens as a case-folding file system would, and keeps legacy goldens of incomplete tests', () => {
    const test = touch(path.join(tmp, 'y.test.ts'));
    const legacy = touch(legacyGoldenPathFor(test, 'a/b', 1));
    const legacy2 = touch(legacyGoldenPathFor(test, 'a/b', 2));
    const upper = touch(path.join(path.dirname(legacy), 'Written Elsewhere.trace.json'));
    markTouched(test, path.join(path.dirname(legacy), 'written elsewhere.trace.json'));
    expect(collectObsolete(test, 'new', [declared('a/b', false)])).toBeUndefined();
    expect(collectObsolete(test, 'new', [])?.obsolete).toEqual([legacy, legacy2, upper].sort());
  });

  it('without the test list (no test ran) checks nothing per test', () => {
    const test = touch(path.join(tmp, 'z.test.ts'));
    touch(goldenPathFor(test, 'whatever', 1));
    expect(collectObsolete(test, 'all', undefined)).toBeUndefined();
  });

  it('reports the goldens of deleted test files once per directory, and removes them under -u', () => {
    const a = touch(path.join(tmp, 'a.test.ts'));
    const b = touch(path.join(tmp, 'b.test.ts'));
    touch(goldenPathFor(a, 't', 1));
    const gone = touch(goldenPathFor(path.join(tmp, 'gone.test.ts'), 't', 1));
    const notOurs = touch(path.join(tmp, '__traces__', 'gone.test.ts', 'notes.txt'));
    fs.mkdirSync(path.join(tmp, '__traces__', 'empty.test.ts'));
    expect(goneTestFileDirs(b)).toEqual([]);
    expect(goneTestFileDirs(a)).toEqual([path.dirname(gone)]);
    const report = collectObsolete(a, 'new', [declared('t', true)]);
    expect(report).toEqual({
      testPath: a,
      obsolete: [goldenPathFor(a, 't', 1)],
      orphaned: [gone],
      removed: false,
    });
    expect(obsoleteKeys(report!)).toEqual([
      'golden trace __traces__/a.test.ts/t.trace.json',
      'golden trace __traces__/gone.test.ts/t.trace.json (test file gone.test.ts is gone)',
    ]);
    markTouched(a, goldenPathFor(a, 't', 1));
    expect(collectObsolete(a, 'all', [declared('t', true)])?.orphaned).toEqual([gone]);
    expect(fs.existsSync(gone)).toBe(false);
    expect(fs.existsSync(notOurs)).toBe(true);
    expect(fs.existsSync(goldenPathFor(a, 't', 1))).toBe(true);
  });
});

describe('belongsToTests', () => {
  it('matches by name part and occurrence, any call number, and legacy names for the first test of a name', () => {
    const belongs = belongsToTests([
      { name: 'Moves X', occurrence: 2 },
      { name: 'a/b', occurrence: 1 },
    ]);
    expect(belongs('^moves ^x (2).trace.json')).toBe(true);
    expect(belongs('^moves ^x (2)-7.trace.json')).toBe(true);
    expect(belongs('^moves ^x.trace.json')).toBe(false);
    expect(belongs('^moves ^x (3).trace.json')).toBe(false);
    expect(belongs(path.basename(legacyGoldenPathFor('/p/t.test.ts', 'a/b', 3)))).toBe(true);
    expect(belongs('a~2fb-2.trace.json')).toBe(true);
  });

  it('knows a golden under its readable name and under the escaped name of 0.1 (issue 25 §7)', () => {
    const belongs = belongsToTests([
      { name: 'thermostat PID reaches 60 °C', occurrence: 1 },
      { name: 'Moves X', occurrence: 2 },
    ]);
    expect(belongs('thermostat PID reaches 60 °C.trace.json')).toBe(true);
    expect(belongs('thermostat PID reaches 60 °C-2.trace.json')).toBe(true);
    expect(belongs('thermostat ^p^i^d reaches 60 °^c.trace.json')).toBe(true);
    // Read back by a case-folding file system in another case or in NFD: still the same file.
    expect(belongs('Thermostat pid reaches 60 °c.trace.json')).toBe(true);
    expect(belongs('Moves X (2).trace.json')).toBe(true);
    expect(belongs('Moves X.trace.json')).toBe(false);
    expect(belongs('thermostat PID reaches 70 °C.trace.json')).toBe(false);
  });
});

describe('runner summary', () => {
  const report = {
    testPath: '/p/a.test.ts',
    obsolete: ['/p/__traces__/a.test.ts/old.trace.json'],
    orphaned: [],
    removed: false,
  };

  it('adds keys to the unchecked keys as the golden they name (no counter), never over a real snapshot', () => {
    const jest = {
      _uncheckedKeys: new Set<string>(['real 1']),
      _snapshotData: { 'real 1': 'x', 'golden trace taken': 'y' },
      // Jest's own: it reads `<name> <counter>` off every unchecked key and throws on a key without one.
      markSnapshotsAsCheckedForTest(this: { _uncheckedKeys: Set<string> }, name: string): void {
        for (const k of this._uncheckedKeys) {
          if (!/ \d+$/.test(k)) throw new Error('Snapshot keys must end with a number.');
          if (k.replace(/ \d+$/, '') === name) this._uncheckedKeys.delete(k);
        }
      },
    };
    expect(
      countInSnapshotSummary(jest, 'jest', '/p/a.test.ts', [
        'golden trace __traces__/a.test.ts/old.trace.json',
        'golden trace taken',
      ]),
    ).toBe(true);
    expect([...jest._uncheckedKeys]).toEqual([
      'real 1',
      'golden trace __traces__/a.test.ts/old.trace.json',
    ]);
    // A skipped test's snapshots are marked checked (as Jest does after the file): envtrace's key
    // is neither parsed (no throw) nor dropped; a second file's worth of keys wraps nothing twice.
    jest.markSnapshotsAsCheckedForTest('real');
    expect([...jest._uncheckedKeys]).toEqual(['golden trace __traces__/a.test.ts/old.trace.json']);
    expect(countInSnapshotSummary(jest, 'jest', '/p/a.test.ts', ['golden trace b'])).toBe(true);
    jest.markSnapshotsAsCheckedForTest('other');
    expect([...jest._uncheckedKeys].sort()).toEqual([
      'golden trace __traces__/a.test.ts/old.trace.json',
      'golden trace b',
    ]);
    const vitest = { _uncheckedKeys: new Set<string>(), testFilePath: '/p/a.test.ts' };
    expect(countInSnapshotSummary(vitest, 'vitest', '/p/a.test.ts', ['k'])).toBe(true);
    expect([...vitest._uncheckedKeys]).toEqual(['k']);
    expect(
      countInSnapshotSummary(
        { _uncheckedKeys: new Set(), testFilePath: '/p/other.test.ts' },
        'vitest',
        '/p/a.test.ts',
        ['k'],
      ),
    ).toBe(false);
    expect(countInSnapshotSummary(undefined, 'jest', '/p/a.test.ts', ['k'])).toBe(false);
    expect(countInSnapshotSummary({ _uncheckedKeys: [] }, 'jest', '/p/a.test.ts', ['k'])).toBe(
      false,
    );
    // A Jest state without the method the keys must be shielded from: not counted there (stderr).
    expect(
      countInSnapshotSummary({ _uncheckedKeys: new Set() }, 'jest', '/p/a.test.ts', ['k']),
    ).toBe(false);
  });

  it('falls back to one stderr line', () => {
    expect(formatObsolete(report, '/p')).toBe(
      'envtrace: 1 obsolete golden trace (no test uses them; run with -u to remove): __traces__/a.test.ts/old.trace.json\n',
    );
    expect(formatObsolete({ ...report, removed: true }, '/p')).toBe(
      'envtrace: removed 1 obsolete golden trace: __traces__/a.test.ts/old.trace.json\n',
    );
    const test = touch(path.join(tmp, 'w.test.ts'));
    touch(goldenPathFor(test, 'old', 1));
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(reportObsoleteGoldens(test, 'new', [], undefined, 'jest')?.obsolete).toHaveLength(1);
      expect(write).toHaveBeenCalledTimes(1);
      expect(
        reportObsoleteGoldens('relative.test.ts', 'new', [], undefined, 'jest'),
      ).toBeUndefined();
    } finally {
      write.mockRestore();
    }
  });
});
