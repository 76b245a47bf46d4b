/**
 * Counts the docs state of things the code can count (the bad-input corpus, its generated inputs,
 * the importers, the conformance corpus) equal the counts of the code, so they cannot go stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importers } from '../src/import/registry.js';
import { listCases } from './bad-inputs/cases.js';
import { generated } from './bad-inputs/generate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = (rel: string): string =>
  readFileSync(path.join(root, rel), 'utf8').replace(/\s+/g, ' ');

/** The numbers `pattern` (one capture group per number, thousands with `,`) finds in `rel`. */
function stated(rel: string, pattern: RegExp): number[] {
  const m = pattern.exec(doc(rel));
  expect(m, `${rel} no longer says ${String(pattern)}: update this test with the text`).not.toBe(
    null,
  );
  return m!.slice(1).map((n) => Number(n.replace(/,/g, '')));
}

describe('counts stated in the docs', () => {
  it('docs/limits.md: the bad-input corpus, its generated inputs, the fuzzed importers', () => {
    const cases = listCases();
    const categories = new Set(cases.map((c) => c.id.split('/')[0]));
    expect(stated('docs/limits.md', /\*\*([\d,]+) cases\*\* in (\d+) categories/)).toEqual([
      cases.length,
      categories.size,
    ]);
    expect(stated('docs/limits.md', /and (\d+) inputs of [^ ]+ nesting levels/)).toEqual([
      generated.size,
    ]);
    expect(stated('docs/limits.md', /each of the (\d+) importers/)).toEqual([importers.length]);
  });

  it('docs/modes.md and docs/development.md: the conformance corpus', () => {
    const index = JSON.parse(
      readFileSync(path.join(root, 'test/conformance/cases/index.json'), 'utf8'),
    ) as unknown[];
    expect(stated('docs/modes.md', /all (\d+) cases of the conformance corpus/)).toEqual([
      index.length,
    ]);
    expect(stated('docs/development.md', /the (\d+) cases and `index\.json`/)).toEqual([
      index.length,
    ]);
  });
});
