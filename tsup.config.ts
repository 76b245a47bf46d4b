import { defineConfig } from 'tsup';

// One entry per public subpath. ESM + CJS with .d.ts/.d.cts for everything Jest may require;
// the CLI is ESM only (it is run, never required).
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: false, // the build script empties dist/ once; per-config cleaning races between configs
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
  {
    // Matcher setup entries; their declarations are hand-written in matchers/types (shipped).
    entry: { jest: 'matchers/jest.ts', expect: 'matchers/expect.ts' },
    format: ['esm', 'cjs'],
    dts: false,
    sourcemap: true,
    target: 'node20',
    outDir: 'dist',
    external: ['vitest', '@jest/globals', 'expect'],
  },
  {
    // envtrace/vitest is ESM only (RUNNERS.md).
    entry: { vitest: 'matchers/vitest.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    target: 'node20',
    outDir: 'dist',
    external: ['vitest', '@jest/globals', 'expect'],
  },
  {
    // Run reporters: the Vitest one is ESM only, the Jest one ESM + CJS (Jest may require it).
    entry: { 'reporters/vitest': 'reporters/vitest.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    outDir: 'dist',
    external: ['vitest', 'jest'],
  },
  {
    entry: { 'reporters/jest': 'reporters/jest.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    outDir: 'dist',
    external: ['vitest', 'jest'],
  },
]);
