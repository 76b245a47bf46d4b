/**
 * Layering is enforced: the import graph of `src/`, `matchers/` and `reporters/` has no cycle
 * and no import from a higher layer (rules in `./architecture.ts`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  edgeViolation,
  findCycles,
  importsOf,
  layerViolations,
  placementOf,
  readImportGraph,
} from './architecture.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Violations being fixed in another workstream, tolerated until then. The coordinator empties
 * this list at merge; a violation listed here that no longer occurs fails the test, so the list
 * cannot go stale.
 * - `compare/verdicts.ts` → `metrics/types.ts`: `PairVerdict` moves to `compare/` (workstream core).
 */
const KNOWN_VIOLATIONS: readonly string[] = [];

describe('the import graph of envtrace', () => {
  const graph = readImportGraph(root);

  it('covers every layer and resolves every relative import to a file in the graph', () => {
    expect(graph.size).toBeGreaterThan(50);
    for (const f of [
      'src/errors.ts',
      'src/trace/trace.ts',
      'src/cli/main.ts',
      'matchers/inputs.ts',
      'reporters/common.ts',
    ]) {
      expect(graph.has(f), f).toBe(true);
    }
    const unresolved = [...graph].flatMap(([from, tos]) =>
      tos.filter((t) => !graph.has(t)).map((t) => `${from} → ${t}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('has no import from a higher layer and no src → matchers/reporters or matchers ↔ reporters import', () => {
    const violations = layerViolations(graph);
    expect(violations.filter((v) => !KNOWN_VIOLATIONS.includes(v))).toEqual([]);
    // A fixed violation must leave the list.
    expect(KNOWN_VIOLATIONS.filter((v) => !violations.includes(v))).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });
});

describe('the checker', () => {
  it('places files in their layer', () => {
    expect(placementOf('src/errors.ts')).toEqual({ area: 'src', layer: 0, module: 'errors' });
    expect(placementOf('src/report/run/model.ts')).toEqual({
      area: 'src',
      layer: 9,
      module: 'report',
    });
    expect(placementOf('src/index.ts').layer).toBe(Number.POSITIVE_INFINITY);
    expect(placementOf('matchers/golden.ts')).toEqual({ area: 'matchers' });
    expect(placementOf('src/newthing/x.ts')).toEqual({ area: 'src', module: 'newthing' });
  });

  it('reads every import form: import, import type, export from, side-effect and dynamic import', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b/b.js';",
      "export * from './c.js';",
      "export { d } from './d.js';",
      "import './e.js';",
      "const f = await import('./f.js');",
      "import { z } from 'zod';",
      "import path from 'node:path';",
    ].join('\n');
    expect(importsOf('src/x/y.ts', text)).toEqual([
      'src/x/a.ts',
      'src/b/b.ts',
      'src/x/c.ts',
      'src/x/d.ts',
      'src/x/e.ts',
      'src/x/f.ts',
    ]);
  });

  it('flags an upward import, naming both files and layers', () => {
    const g = new Map([
      ['src/trace/parse.ts', ['src/errors.ts', 'src/evaluate/evaluate.ts']],
      ['src/errors.ts', []],
      ['src/evaluate/evaluate.ts', ['src/trace/parse.ts']],
    ]);
    expect(layerViolations(g)).toEqual([
      'upward import: src/trace/parse.ts (trace, layer 1) imports src/evaluate/evaluate.ts (evaluate, layer 7)',
    ]);
  });

  it('flags src → matchers/reporters, matchers ↔ reporters, entry-point imports and unassigned modules', () => {
    expect(edgeViolation('src/cli/main.ts', 'matchers/golden.ts')).toBe(
      'src/cli/main.ts imports matchers/golden.ts: src/ must not import matchers/',
    );
    expect(edgeViolation('src/index.ts', 'reporters/common.ts')).toBe(
      'src/index.ts imports reporters/common.ts: src/ must not import reporters/',
    );
    expect(edgeViolation('reporters/jest.ts', 'matchers/publish.ts')).toBe(
      'reporters/jest.ts imports matchers/publish.ts: reporters/ must not import matchers/',
    );
    expect(edgeViolation('matchers/call.ts', 'reporters/common.ts')).toBe(
      'matchers/call.ts imports reporters/common.ts: matchers/ must not import reporters/',
    );
    expect(edgeViolation('src/report/text.ts', 'src/index.ts')).toBe(
      'src/report/text.ts imports the entry point src/index.ts: import the module itself',
    );
    expect(edgeViolation('src/cli/main.ts', 'src/newthing/x.ts')).toBe(
      'src/newthing/x.ts: src/newthing has no layer; add it to SRC_LAYERS in test/architecture.ts',
    );
  });

  it('allows same-layer, downward, entry-point and matchers/reporters → src imports', () => {
    expect(edgeViolation('src/report/text.ts', 'src/report/escape.ts')).toBeUndefined();
    expect(edgeViolation('src/cli/run.ts', 'src/io/write.ts')).toBeUndefined();
    expect(edgeViolation('src/index.ts', 'src/cli/main.ts')).toBeUndefined();
    expect(edgeViolation('src/python.ts', 'src/transport/record.ts')).toBeUndefined();
    expect(edgeViolation('matchers/inputs.ts', 'src/index.ts')).toBeUndefined();
    expect(edgeViolation('reporters/common.ts', 'src/report/run/model.ts')).toBeUndefined();
  });

  it('reports a cycle as a path, and only real cycles', () => {
    const g = new Map([
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/c.ts', 'src/d.ts']],
      ['src/c.ts', ['src/a.ts']],
      ['src/d.ts', []],
      ['src/e.ts', ['src/e.ts']],
      ['src/f.ts', ['src/d.ts', 'node_modules/x.ts']],
    ]);
    expect(findCycles(g)).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'],
      ['src/e.ts', 'src/e.ts'],
    ]);
    expect(
      findCycles(
        new Map([
          ['src/a.ts', ['src/b.ts']],
          ['src/b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
