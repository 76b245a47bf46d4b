import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, check, loadCase, loadIndex, runCase } from './harness.js';
import { DEFAULT_MODE_DEVIATIONS } from './deviations.js';

const index = existsSync(CORPUS_DIR) ? loadIndex() : [];

describe('conformance corpus', () => {
  it('is vendored in test/conformance/cases', () => {
    expect(existsSync(CORPUS_DIR), `missing ${CORPUS_DIR}`).toBe(true);
    expect(index.length).toBe(165);
  });
});

describe('reference mode reproduces every case', () => {
  it.each(index.map((e) => [e.id, e] as const))('%s', (_id, entry) => {
    const c = loadCase(entry);
    expect(check(c, runCase(c, 'reference'))).toEqual([]);
  });
});

describe('default mode matches or deviates for a documented reason', () => {
  const deviating: string[] = [];
  it.each(index.map((e) => [e.id, e] as const))('%s', (id, entry) => {
    const c = loadCase(entry, 'default');
    const diffs = check(c, runCase(c, 'default'));
    if (diffs.length > 0) deviating.push(id);
    const reason = DEFAULT_MODE_DEVIATIONS[id];
    if (reason === undefined) expect(diffs).toEqual([]);
    else expect(diffs.length, `${id} is listed as a deviation (${reason}) but matches the reference`).toBeGreaterThan(0);
  });
  it('every listed deviation names a reason id', () => {
    for (const [id, reason] of Object.entries(DEFAULT_MODE_DEVIATIONS)) {
      expect(reason, id).toMatch(/^(B(10|[1-9])|T1|S1)(\+(B(10|[1-9])|T1|S1))*: /);
      expect(index.some((e) => e.id === id), `${id} is not a corpus case`).toBe(true);
    }
  });
});
