import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');

export default defineConfig({
  root: here,
  test: {
    // In your own project (after `npm i -D envtrace-js`) this is just: setupFiles: ['envtrace-js/vitest']
    setupFiles: ['envtrace-js/vitest'],
    include: ['**/*.test.ts'],
    // In your own project: reporters: ['default', ['envtrace-js/reporters/vitest', { html: 'envtrace-report.html' }]]
    reporters: [
      'default',
      [path.join(dist, 'reporters', 'vitest.js'), { html: 'envtrace-report.html' }],
    ],
  },
  resolve: {
    // This example runs inside the envtrace repository against the built package (npm run build).
    // A user's project resolves `envtrace-js/*` from node_modules and needs no alias.
    alias: [
      { find: /^envtrace-js\/vitest$/, replacement: path.join(dist, 'vitest.js') },
      { find: /^envtrace-js$/, replacement: path.join(dist, 'index.js') },
    ],
  },
});
