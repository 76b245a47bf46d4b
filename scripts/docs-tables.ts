/**
 * `npm run docs:tables`: rewrite the generated docs tables (aligners, comparators, metrics in
 * docs/config.md; the differences from the reference in docs/modes.md) from the registries and the
 * policy. `--check` only reports whether the pages are up to date (exit 1 if not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_PAGES, renderGenerated, tablesNamed } from '../src/docs/tables.js';

const check = process.argv.includes('--check');
for (const [page, names] of Object.entries(GENERATED_PAGES)) {
  const file = new URL(`../${page}`, import.meta.url);
  const before = readFileSync(file, 'utf8');
  const after = renderGenerated(before, tablesNamed(names));
  if (check) {
    if (after !== before) {
      console.error(`${page}: generated tables are out of date: run npm run docs:tables`);
      process.exitCode = 1;
    }
  } else if (after !== before) {
    writeFileSync(file, after);
    console.log(`${page}: generated tables updated`);
  } else {
    console.log(`${page}: generated tables already up to date`);
  }
}
