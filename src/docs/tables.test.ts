import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALIGNERS } from '../align/registry.js';
import { COMPARATORS } from '../compare/registry.js';
import { FIXES } from '../policy/index.js';
import { formatCases, GENERATED_TABLES, renderGenerated } from './tables.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The rows of the README table under the `<!-- generated:name -->` marker, as cells. */
function readmeRows(name: string): string[][] {
  const start = README.indexOf(`<!-- generated:${name} -->`);
  const end = README.indexOf(`<!-- /generated:${name} -->`);
  expect(start, `marker ${name}`).toBeGreaterThanOrEqual(0);
  return README.slice(start, end)
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .slice(2)
    .map((l) => l.slice(2, -2).split(/(?<!\\) \| /));
}

describe('README tables', () => {
  it('are up to date with the registries and the policy (run npm run docs:tables)', () => {
    expect(renderGenerated(README)).toBe(README);
  });

  it('the differences table lists exactly the default policy fixes, with their titles', () => {
    const rows = readmeRows('fixes');
    expect(rows.map((r) => [r[0], r[1]])).toEqual(FIXES.map((f) => [f.id, f.title]));
  });

  it('the aligner and comparator tables list every registered name', () => {
    expect(readmeRows('aligners').map((r) => r[0])).toEqual(ALIGNERS.map((p) => `\`${p.name}\``));
    expect(readmeRows('comparators').map((r) => r[0])).toEqual(
      COMPARATORS.map((p) => `\`${p.name}\``),
    );
  });

  it('renderGenerated refuses a README without the markers', () => {
    expect(() => renderGenerated('no markers', GENERATED_TABLES)).toThrow(
      /missing or unterminated marker/,
    );
  });
});

describe('formatCases', () => {
  it('shortens case ids, runs of three or more as ranges', () => {
    expect(formatCases(['pub-013', 'pub-016', 'pub-017', 'pub-040'])).toBe(
      'pub-013, 016, 017, 040',
    );
    expect(formatCases(['pub-066', 'pub-067', 'pub-068', 'pub-075'])).toBe('pub-066…068, 075');
    expect(formatCases([])).toBe('');
  });
});
