/**
 * `npm run docs:tables`: rewrite the generated README tables (aligners, comparators, metrics, the
 * differences from the reference) from the registries and the policy. `--check` only reports
 * whether README.md is up to date (exit 1 if not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderGenerated } from '../src/docs/tables.js';

const file = new URL('../README.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = renderGenerated(before);
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error('README.md tables are out of date: run npm run docs:tables');
    process.exitCode = 1;
  }
} else if (after !== before) {
  writeFileSync(file, after);
  console.log('README.md: generated tables updated');
} else {
  console.log('README.md: generated tables already up to date');
}
