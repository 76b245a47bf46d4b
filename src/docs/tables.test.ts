import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALIGNERS } from '../align/registry.js';
import { COMPARATORS } from '../compare/registry.js';
import { FIXES } from '../policy/index.js';
import {
  formatCases,
  GENERATED_PAGES,
  GENERATED_TABLES,
  renderGenerated,
  tablesNamed,
} from './tables.js';

const page = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The page holding table `name`. */
function pageOf(name: string): string {
  const file = Object.entries(GENERATED_PAGES).find(([, names]) => names.includes(name))?.[0];
  expect(file, `a page holds table ${name}`).toBeDefined();
  return page(file!);
}

/** The rows of the docs table under the `<!-- generated:name -->` marker, as cells. */
function readmeRows(name: string): string[][] {
  const text = pageOf(name);
  const start = text.indexOf(`<!-- generated:${name} -->`);
  const end = text.indexOf(`<!-- /generated:${name} -->`);
  expect(start, `marker ${name}`).toBeGreaterThanOrEqual(0);
  return text
    .slice(start, end)
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .slice(2)
    .map((l) => l.slice(2, -2).split(/(?<!\\) \| /));
}

describe('docs tables', () => {
  it('are up to date with the registries and the policy (run npm run docs:tables)', () => {
    for (const [file, names] of Object.entries(GENERATED_PAGES)) {
      const text = page(file);
      expect(renderGenerated(text, tablesNamed(names)), file).toBe(text);
    }
  });

  it('every generated table lives on exactly one page', () => {
    const placed = Object.values(GENERATED_PAGES).flat().sort();
    expect(placed).toEqual(Object.keys(GENERATED_TABLES).sort());
    expect(() => tablesNamed(['nope'])).toThrow('no generated table named nope');
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
