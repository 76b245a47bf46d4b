import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bumpCounter,
  collectObsolete,
  goldenPathFor,
  markTouched,
  rollBackCounters,
  sanitizeTestName,
  updateModeOf,
} from './golden.js';
import { writeFileAtomicSync } from '../src/io/write.js';

let tmp = '';
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-golden-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('sanitizeTestName', () => {
  it('keeps ordinary names as they are', () => {
    expect(sanitizeTestName('beamline scan matches its golden')).toBe('beamline scan matches its golden');
    expect(sanitizeTestName('pick (v2), place #3 — ok!')).toBe('pick (v2), place #3 — ok!');
  });

  it('replaces separators and reserved characters and adds a hash of the original', () => {
    const s = sanitizeTestName('a/b\\c:d*e?f"g<h>i|j');
    expect(s).toMatch(/^a_b_c_d_e_f_g_h_i_j-[0-9a-f]{8}$/);
    // two names that sanitise alike still get different files
    expect(sanitizeTestName('a/b')).not.toBe(sanitizeTestName('a:b'));
  });

  it('never yields a path escape, a hidden file or an empty name', () => {
    for (const name of ['..', '../../etc/passwd', '.hidden', '   ', '', '\u0000\u001b[31m', 'x\n/..']) {
      const s = sanitizeTestName(name);
      expect(s).not.toMatch(/^[.\s]/);
      expect(s).not.toContain('/');
      expect(s).not.toContain('\\');
      expect(s).not.toMatch(/[\u0000-\u001f]/);
      expect(s.length).toBeGreaterThan(0);
    }
  });

  it('cuts long names and prefixes Windows device names', () => {
    const long = sanitizeTestName('x'.repeat(500));
    expect(long.length).toBeLessThanOrEqual(120 + 9);
    expect(sanitizeTestName('con')).toMatch(/^_con-[0-9a-f]{8}$/);
  });
});

describe('goldenPathFor', () => {
  it('puts goldens in __traces__/<test file>/ beside the test, numbered from the second', () => {
    const test = path.join(tmp, 'src', 'scan.test.ts');
    expect(goldenPathFor(test, 'moves x', 1)).toBe(path.join(tmp, 'src', '__traces__', 'scan.test.ts', 'moves x.trace.json'));
    expect(goldenPathFor(test, 'moves x', 2)).toBe(path.join(tmp, 'src', '__traces__', 'scan.test.ts', 'moves x-2.trace.json'));
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
    const vitestState = { added: counterMap, updated: counterMap, matched: counterMap, unmatched: counterMap };
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

describe('collectObsolete', () => {
  it('lists untouched goldens, and deletes them in update mode all', () => {
    const test = path.join(tmp, 'x.test.ts');
    const used = goldenPathFor(test, 'used', 1);
    const stale = goldenPathFor(test, 'stale', 1);
    writeFileAtomicSync(used, '{}');
    writeFileAtomicSync(stale, '{}');
    markTouched(test, used);
    expect(collectObsolete(test, 'new')).toEqual({ testPath: test, obsolete: [stale], removed: false });
    expect(fs.existsSync(stale)).toBe(true);
    markTouched(test, used);
    expect(collectObsolete(test, 'all')).toEqual({ testPath: test, obsolete: [stale], removed: true });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(used)).toBe(true);
  });
});
