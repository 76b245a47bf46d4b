import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'matchers/**/*.test.ts', 'reporters/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**', 'test/e2e/fixtures/**', 'examples/**', '.tmp/**'],
    testTimeout: 30_000,
  },
});
