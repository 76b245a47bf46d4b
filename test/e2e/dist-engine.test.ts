/**
 * The built package holds one engine per module format (issue 7 §1): every class and every
 * core function is defined in exactly one file of `dist/` per format, so a value made through
 * one entry (`envtrace-js`) is an instance of the same class in another (`envtrace-js/vitest`).
 * Needs `dist/` (`npm run build`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const dist = path.join(repoRoot, 'dist');

function filesOf(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesOf(p));
    else out.push(p);
  }
  return out;
}

/** Files of one format, with their text. */
function sources(ext: '.js' | '.cjs'): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of filesOf(dist))
    if (f.endsWith(ext)) m.set(path.relative(dist, f), fs.readFileSync(f, 'utf8'));
  return m;
}

/** Where each class is defined (`class X` / `var X = class` / `var X = (_class = class`, as esbuild writes them). */
function classDefinitions(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const where = new Map<string, string[]>();
  const re =
    /(?:^|[^\w$.])(?:class\s+([A-Za-z_$][\w$]*)|(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:\(\s*[\w$]+\s*=\s*)?class\b)/g;
  for (const [file, text] of files) {
    const names = new Set<string>();
    for (const m of text.matchAll(re)) names.add((m[1] ?? m[2])!);
    for (const n of names) where.set(n, [...(where.get(n) ?? []), file]);
  }
  return where;
}

/** Engine functions that must be bundled once per format (each defined by `function name(`). */
const ENGINE_FUNCTIONS = [
  'evaluate',
  'evaluateBestOf',
  'parseTrace',
  'loadTraceSync',
  'parsePyJson',
  'pyStr',
  'buildRecord',
  'escapeForTerminal',
  'validateOptions',
];

describe.each([
  ['ESM', '.js'],
  ['CJS', '.cjs'],
] as const)('dist/ (%s)', (_label, ext) => {
  const ready = fs.existsSync(path.join(dist, `index${ext}`));

  it('was built', () => {
    expect(ready, 'dist/ is missing: run `npm run build` first').toBe(true);
  });

  it.runIf(ready)('defines every class in exactly one file', () => {
    const defs = classDefinitions(sources(ext));
    // The engine classes are there at all (else the check below proves nothing).
    for (const c of [
      'PyFloat',
      'Trace',
      'EnvTraceError',
      'TraceError',
      'ConfigError',
      'TraceMatchingArgs',
    ]) {
      expect(defs.get(c), `class ${c} not found in dist/*${ext}`).toHaveLength(1);
    }
    const twice = [...defs].filter(([, files]) => files.length > 1);
    expect(twice, 'classes bundled into several files').toEqual([]);
  });

  it.runIf(ready)('defines every engine function in exactly one file', () => {
    const files = sources(ext);
    for (const fn of ENGINE_FUNCTIONS) {
      const re = new RegExp(`(?:^|[^\\w$.])function\\s+${fn}\\s*\\(`);
      const where = [...files].filter(([, text]) => re.test(text)).map(([f]) => f);
      expect(where, `function ${fn}`).toHaveLength(1);
    }
  });

  it.runIf(ready)('ships no source maps', () => {
    expect(filesOf(dist).filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it.runIf(ready)('stays small (docs/api.md states the package size)', () => {
    const bytes = [...sources(ext).values()].reduce((n, text) => n + Buffer.byteLength(text), 0);
    // ~1,000 kB ESM, ~960 kB CJS in 0.1.0 (engine, importers with the bag, agent and spreadsheet
    // readers, recorder, trajectories, the HTML report page; docs/api.md); a second engine copy per
    // entry would be about twice that.
    expect(bytes).toBeLessThan(1_100_000);
  });
});

describe('classDefinitions', () => {
  it('finds both spellings and reports a class defined in two files', () => {
    const defs = classDefinitions(
      new Map([
        ['a.js', 'var Trace = class {\n};\nclass PyFloat {}'],
        ['b.js', 'var Trace = class extends X {}; foo.class = 1; "myclass Y"'],
        ['c.js', 'var Args = (_class = class {\n}, _class.x = 1, _class);'],
      ]),
    );
    expect(defs.get('Trace')).toEqual(['a.js', 'b.js']);
    expect(defs.get('PyFloat')).toEqual(['a.js']);
    expect(defs.get('Args')).toEqual(['c.js']);
    expect(defs.has('Y')).toBe(false);
  });
});
