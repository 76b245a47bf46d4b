/**
 * The layering rules of envtrace and a checker for them, used by `architecture.test.ts`.
 *
 * Layers of `src/`, low → high (a module may import its own layer and the layers below):
 * base (`errors`, `version`, `py/`, `io/`, `policy/`) → `trace` → `align` → `compare` →
 * `metrics` → `aggregate` → `decide` → `evaluate` → `config` → `report` → `transport` → `cli`.
 * `src/index.ts`, `src/engine.ts`, `src/otel.ts`, `src/openai-agents.ts` and `src/python.ts` (the
 * entry points) may import anything in `src/`.
 * `src/` never imports `matchers/` or `reporters/`; those two never import each other.
 * Test files (`*.test.ts`, `*.test-helpers.ts`) are not part of the graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Layer of each `src/` top-level module (a directory or a `.ts` file without extension). */
export const SRC_LAYERS: Readonly<Record<string, number>> = {
  errors: 0,
  version: 0,
  brand: 0,
  py: 0,
  io: 0,
  schema: 0,
  policy: 0,
  trace: 1,
  // Importers and the recorder produce traces from other formats / live objects: above trace only.
  import: 1.5,
  record: 1.5,
  align: 2,
  compare: 3,
  metrics: 4,
  // Tool-call trajectories: read traces, provide a Metric.
  trajectory: 4.5,
  aggregate: 5,
  decide: 6,
  evaluate: 7,
  config: 8,
  report: 9,
  transport: 10,
  cli: 11,
  // Generates README tables from the registries (scripts and tests only).
  docs: 12,
};

/** Entry points of `src/` that may import any `src/` module. */
export const SRC_ENTRY_POINTS: readonly string[] = [
  'src/index.ts',
  'src/engine.ts',
  'src/otel.ts',
  'src/openai-agents.ts',
  'src/python.ts',
];

const ENTRY_LAYER = Number.POSITIVE_INFINITY;

/** An import graph: repository-relative file (with `/`) → files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Where a file sits: its area and, for `src/`, its layer. */
export interface Placement {
  readonly area: 'src' | 'matchers' | 'reporters' | 'other';
  /** Layer number (src only); `Infinity` for the entry points; undefined when unassigned. */
  readonly layer?: number;
  /** The top-level module name under `src/` (e.g. `report`). */
  readonly module?: string;
}

/** The area and layer of a repository-relative path. */
export function placementOf(file: string): Placement {
  const [area, first] = file.split('/');
  if (area === 'matchers' || area === 'reporters') return { area };
  if (area !== 'src' || first === undefined) return { area: 'other' };
  if (SRC_ENTRY_POINTS.includes(file))
    return { area: 'src', layer: ENTRY_LAYER, module: first.replace(/\.ts$/, '') };
  const module = first.replace(/\.ts$/, '');
  const layer = SRC_LAYERS[module];
  return layer === undefined ? { area: 'src', module } : { area: 'src', layer, module };
}

function describe(file: string, p: Placement): string {
  if (p.area !== 'src') return file;
  if (p.layer === ENTRY_LAYER) return `${file} (entry point)`;
  return `${file} (${p.module}, layer ${p.layer})`;
}

/** Layering violations of one import edge, as messages (empty when the edge is allowed). */
export function edgeViolation(from: string, to: string): string | undefined {
  const a = placementOf(from);
  const b = placementOf(to);
  if (a.area === 'other' || b.area === 'other') return undefined;
  if (a.area === 'src' && (b.area === 'matchers' || b.area === 'reporters')) {
    return `${from} imports ${to}: src/ must not import ${b.area}/`;
  }
  if (
    (a.area === 'matchers' && b.area === 'reporters') ||
    (a.area === 'reporters' && b.area === 'matchers')
  ) {
    return `${from} imports ${to}: ${a.area}/ must not import ${b.area}/`;
  }
  if (a.area === 'src' && b.area === 'src') {
    if (a.layer === undefined)
      return `${from}: src/${a.module} has no layer; add it to SRC_LAYERS in test/architecture.ts`;
    if (b.layer === undefined)
      return `${to}: src/${b.module} has no layer; add it to SRC_LAYERS in test/architecture.ts`;
    if (b.layer === ENTRY_LAYER && a.layer !== ENTRY_LAYER)
      return `${from} imports the entry point ${to}: import the module itself`;
    if (b.layer > a.layer) return `upward import: ${describe(from, a)} imports ${describe(to, b)}`;
  }
  return undefined;
}

/** Every layering violation of a graph, sorted. */
export function layerViolations(graph: ImportGraph): string[] {
  const out = new Set<string>();
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const v = edgeViolation(from, to);
      if (v !== undefined) out.add(v);
    }
  }
  return [...out].sort();
}

/**
 * The import cycles of a graph: one cycle path per strongly connected component with more
 * than one file (or a file importing itself), each as `[a, b, …, a]` starting at its
 * alphabetically first file.
 */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components, iterative.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const nodes = [...graph.keys()].sort();
  const succ = (n: string): readonly string[] => (graph.get(n) ?? []).filter((m) => graph.has(m));

  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: root, i: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const children = succ(top.node);
      if (top.i < children.length) {
        const child = children[top.i++]!;
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, i: 0 });
        } else if (onStack.has(child)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const comp: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          comp.push(n);
        } while (n !== top.node);
        const selfLoop = comp.length === 1 && succ(comp[0]!).includes(comp[0]!);
        if (comp.length > 1 || selfLoop) components.push(comp.sort());
      }
    }
  }
  return components
    .map((comp) => cyclePath(graph, new Set(comp), comp[0]!))
    .sort((a, b) => a.join().localeCompare(b.join()));
}

/** A shortest cycle through `start` inside one component (breadth-first). */
function cyclePath(graph: ImportGraph, comp: ReadonlySet<string>, start: string): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const n = queue.shift()!;
    for (const m of [...(graph.get(n) ?? [])].sort()) {
      if (!comp.has(m)) continue;
      if (m === start) {
        const path = [start];
        for (let k: string | undefined = n; k !== undefined && k !== start; k = prev.get(k))
          path.splice(1, 0, k);
        return [...path, start];
      }
      if (!seen.has(m)) {
        seen.add(m);
        prev.set(m, n);
        queue.push(m);
      }
    }
  }
  return [start, start];
}

const TEST_FILE = /\.test\.ts$|\.test-helpers\.ts$/;

function listTs(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (
        entry.name === 'node_modules' ||
        entry.name === '__snapshots__' ||
        rel === 'matchers/types'
      )
        continue;
      out.push(...listTs(root, rel));
    } else if (
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.d.ts') &&
      !TEST_FILE.test(entry.name)
    ) {
      out.push(rel);
    }
  }
  return out;
}

/** Repository-relative import targets of one source text (relative specifiers only; `.js` → `.ts`). */
export function importsOf(file: string, text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    const spec = ref.fileName;
    if (!spec.startsWith('.')) continue; // packages and node: builtins
    const target = path.posix
      .normalize(path.posix.join(path.posix.dirname(file), spec))
      .replace(/\.(c|m)?js$/, '.ts');
    out.push(target.endsWith('.ts') ? target : `${target}.ts`);
  }
  return out;
}

/** The import graph of every non-test `.ts` file under `src/`, `matchers/` and `reporters/`. */
export function readImportGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of ['src', 'matchers', 'reporters']) {
    for (const file of listTs(root, dir)) {
      graph.set(file, importsOf(file, readFileSync(path.join(root, file), 'utf8')));
    }
  }
  return graph;
}
