import { defineConfig } from 'tsup';

// One entry per public subpath. ESM + CJS with .d.ts/.d.cts for everything Jest may require;
// the CLI is ESM only (it is run, never required).
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    outDir: 'dist',
  },
  {
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    target: 'node20',
    outDir: 'dist',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
