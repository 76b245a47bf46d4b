/**
 * Docs tables generated from the registries, the policy and the CLI's exit codes (`npm run docs:tables` rewrites them
 * between `<!-- generated:<name> -->` … `<!-- /generated:<name> -->` markers in the pages of
 * `GENERATED_PAGES`; a test checks the pages are up to date). Pure functions: no fs.
 */
import { ALIGNERS } from '../align/registry.js';
import { COMPARATORS } from '../compare/registry.js';
import { METRICS } from '../metrics/registry.js';
import { EXIT_CODES } from '../cli/types.js';
import { FIXES } from '../policy/index.js';
import type { Fix } from '../policy/index.js';

/** A table cell: pipes escaped, newlines folded. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map((r) => line(r.map(cell)))].join(
    '\n',
  );
}

/**
 * Corpus case ids in the README's short form: `pub-013, 016, 040`, runs of three or more as
 * `pub-066…075`.
 */
export function formatCases(cases: readonly string[]): string {
  const nums = cases.map((c) => /^pub-(\d+)$/.exec(c)?.[1] ?? c);
  const parts: string[] = [];
  for (let i = 0; i < nums.length;) {
    let j = i;
    while (
      j + 1 < nums.length &&
      Number(nums[j + 1]) === Number(nums[j]) + 1 &&
      /^\d+$/.test(nums[j + 1]!)
    )
      j++;
    parts.push(j - i >= 2 ? `${nums[i]}…${nums[j]}` : nums[i]!);
    if (j - i === 1) parts.push(nums[j]!);
    i = j + 1;
  }
  return parts.length ? `pub-${parts.join(', ')}` : '';
}

/** The "differences from the Python reference" table: one row per fix of the default policy. */
export function fixesTable(fixes: readonly Fix[] = FIXES): string {
  return table(
    ['id', 'fix', 'the reference', 'envtrace default', 'why', 'corpus cases'],
    fixes.map((f) => [f.id, f.title, f.reference, f.fixed, f.reason, formatCases(f.cases)]),
  );
}

const code = (s: string) => `\`${s}\``;

/** The aligners table (name, parameters, what it does). */
export function alignersTable(): string {
  return table(
    ['aligner', 'aliases', 'parameters', 'what'],
    ALIGNERS.map((p) => [
      code(p.name),
      (p.aliases as readonly string[]).map(code).join(', ') || '—',
      p.params ? code(p.params) : '—',
      p.summary,
    ]),
  );
}

/** The comparator types table (type, aliases, parameters, what it does). */
export function comparatorsTable(): string {
  return table(
    ['comparator `type`', 'aliases', 'parameters', 'what'],
    COMPARATORS.map((p) => [
      code(p.name),
      (p.aliases as readonly string[]).map(code).join(', ') || '—',
      p.params ? code(p.params) : '—',
      p.summary,
    ]),
  );
}

/** The built-in metrics table (name, options key, what it measures). */
export function metricsTable(): string {
  return table(
    ['metric', 'options key', 'what'],
    METRICS.map((p) => [code(p.name), 'option' in p ? code(p.option.key) : '—', p.summary]),
  );
}

/** The CLI's exit codes (`EXIT_CODES`, which the help's "Exit codes:" lines come from too). */
export function exitCodesTable(): string {
  return table(
    ['exit code', 'meaning'],
    EXIT_CODES.map((e) => [String(e.code), e.meaning]),
  );
}

/** Every generated table by marker name. */
export const GENERATED_TABLES: Readonly<Record<string, () => string>> = Object.freeze({
  aligners: alignersTable,
  comparators: comparatorsTable,
  metrics: metricsTable,
  fixes: () => fixesTable(),
  'exit-codes': exitCodesTable,
});

/** The docs pages holding generated tables (repository-relative) and the tables each holds. */
export const GENERATED_PAGES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'docs/config.md': ['aligners', 'comparators', 'metrics'],
  'docs/modes.md': ['fixes'],
  'docs/cli.md': ['exit-codes'],
});

/** The renderers of the tables named `names` (a subset of `GENERATED_TABLES`). */
export function tablesNamed(names: readonly string[]): Record<string, () => string> {
  return Object.fromEntries(
    names.map((name) => {
      const render = GENERATED_TABLES[name];
      if (render === undefined) throw new Error(`no generated table named ${name}`);
      return [name, render];
    }),
  );
}

/**
 * `text` with every `<!-- generated:<name> -->` … `<!-- /generated:<name> -->` region replaced by
 * the current table. Throws if a region of `GENERATED_TABLES` is missing or unterminated.
 */
export function renderGenerated(
  text: string,
  tables: Readonly<Record<string, () => string>> = GENERATED_TABLES,
): string {
  let out = text;
  for (const [name, render] of Object.entries(tables)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close);
    if (a < 0 || b < a) throw new Error(`missing or unterminated marker ${open} … ${close}`);
    out = `${out.slice(0, a + open.length)}\n${render()}\n${out.slice(b)}`;
  }
  return out;
}
