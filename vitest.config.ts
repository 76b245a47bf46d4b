import { defineConfig } from 'vitest/config';

/**
 * Two projects (README "Development"):
 *
 * - `unit`: everything that runs in-process on the sources: src, matchers, reporters,
 *   test/conformance (the vendored corpus) and any other test/* file that is not e2e. No build,
 *   no child runners; `npm run test:unit` runs only this project.
 * - `e2e`: everything that needs `dist/` or spawns a program: test/e2e (real Vitest and Jest on
 *   fixture projects, the examples' run scripts), test/types (tsc on each host's typings) and the
 *   built-CLI test. `npm test` builds first, then runs it after the unit project.
 */

/** Files that need dist/ or spawn runners/tsc: the e2e project, never the unit one. */
const E2E_FILES = ['test/e2e/**/*.test.ts', 'test/types/**/*.test.ts', 'src/cli/bin.test.ts'];

const EXCLUDE = [
  '**/node_modules/**',
  'test/fixtures/**',
  'test/e2e/fixtures/**',
  'test/types/*/**',
  'examples/**',
  '.tmp/**',
  'dist/**',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'matchers/**/*.test.ts',
            'reporters/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: [...EXCLUDE, ...E2E_FILES],
          // In-process tests: a single test is milliseconds to a few seconds (the property tests
          // and the 165-case corpus run). 30 s leaves room for a loaded 2-core machine shared by
          // other jobs; anything slower is a bug (or belongs in e2e), not a reason to wait.
          testTimeout: 30_000,
          // Unit hooks only make temp folders and read fixtures; same bound as a test.
          hookTimeout: 30_000,
          // Most of the project's CPU is the fixed cost of each file's fresh worker and module
          // graph, not the tests: a worker thread costs less than a child process (about 12 %
          // of the project's CPU, bench/RESULTS.md "Test suite"). Every file stays isolated.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'e2e',
          include: E2E_FILES,
          exclude: EXCLUDE,
          // A `beforeAll` here packs the package and runs a whole Jest or Vitest suite in a
          // fixture project (test/e2e/scenarios.ts); the runner helpers kill a child after 120 s
          // (test/e2e/helpers.ts) and some tests run several children in a row. Measured on a
          // loaded 2-core machine a hook takes 10–60 s; Vitest's default 10 s hook timeout made
          // the suite flaky ("Hook timed out in 10000ms"). 5 minutes is above every child's own
          // kill timer, so a hang is reported by the helper (with the child's output) first.
          hookTimeout: 300_000,
          testTimeout: 300_000,
          // One e2e file at a time: each file spawns a runner that itself starts workers, and
          // several of them at once on 2 cores starve each other into timeouts. Serial files are
          // also what keeps the shared `.tmp/e2e/` (one packed tarball, per-project folders with
          // random names) free of races beyond the atomic rename in packedTarball().
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
