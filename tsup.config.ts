import { defineConfig, type Options } from 'tsup';

/**
 * One engine per module format (issue 7 §1). Every public entry of a format is built in ONE
 * esbuild graph with code splitting, so `Trace`, `PyFloat`, `ConfigError`… exist in exactly one
 * file per format and a value made through `envtrace-js` is the same class in `envtrace-js/vitest`,
 * `/jest`, `/expect`, the reporters and the CLI. (ESM and CJS still hold one copy each; the
 * `Symbol.for` brands in src/brand.ts make `instanceof` hold across those two.)
 *
 * CJS: tsup's CJS code splitting (`splitting: true` with format `cjs`: esbuild splits the ESM graph,
 * tsup rewrites the chunks to CommonJS). Chosen over CJS entries that `require('envtrace-js')` for
 * the engine because the matchers and reporters use engine internals (record building, report
 * rendering, atomic writes) that are deliberately not public API; a self-reference would force
 * them into the root export. `test/e2e/dist-engine.test.ts` checks that no engine class is bundled twice.
 *
 * No source maps are shipped: they would point at `src/*.ts`, which the tarball does not contain,
 * and made up most of its size.
 */
const shared: Options = {
  target: 'node20',
  outDir: 'dist',
  clean: false, // the build script empties dist/ once; per-config cleaning races between configs
  sourcemap: false,
  splitting: true,
  // Peer dependencies and the runners stay imports.
  external: ['vitest', 'jest', '@jest/globals', 'expect'],
};

/** Entries with an ESM and a CJS build (Jest may `require` them). */
const dual = {
  index: 'src/index.ts',
  engine: 'src/engine.ts',
  otel: 'src/otel.ts',
  'openai-agents': 'src/openai-agents.ts',
  python: 'src/python.ts',
  jest: 'matchers/jest.ts',
  expect: 'matchers/expect.ts',
  'reporters/jest': 'reporters/jest.ts',
};

/** ESM-only entries: Vitest's matchers and reporter (RUNNERS.md) and the CLI (run, never required). */
const esmOnly = {
  vitest: 'matchers/vitest.ts',
  'reporters/vitest': 'reporters/vitest.ts',
  cli: 'src/cli/bin.ts', // src/cli/bin.ts starts with `#!/usr/bin/env node`, kept by esbuild
  // The CLI's batch worker thread: `new URL('./batch-worker.js', import.meta.url)` from the CLI's
  // code (dist/cli.js or a dist/ chunk, both beside it). Same graph, so it shares the engine chunks.
  'batch-worker': 'src/cli/batch/batch-worker.ts',
};

export default defineConfig([
  {
    ...shared,
    entry: { ...dual, ...esmOnly },
    format: ['esm'],
    // Declarations of the library entries; the matcher entries' are hand-written in matchers/types.
    dts: {
      entry: {
        index: dual.index,
        engine: dual.engine,
        otel: dual.otel,
        'openai-agents': dual['openai-agents'],
        python: dual.python,
        'reporters/jest': dual['reporters/jest'],
        'reporters/vitest': esmOnly['reporters/vitest'],
      },
    },
  },
  {
    ...shared,
    entry: dual,
    format: ['cjs'],
    dts: {
      entry: {
        index: dual.index,
        engine: dual.engine,
        otel: dual.otel,
        'openai-agents': dual['openai-agents'],
        python: dual.python,
        'reporters/jest': dual['reporters/jest'],
      },
    },
  },
]);
