/**
 * Vitest setup entry: `setupFiles: ['envtrace-js/vitest']`. Registers the matchers on Vitest's
 * `expect` and reports obsolete golden traces after each test file.
 */
import { TestRunner, afterAll, expect } from 'vitest';
import type { VitestTaskLike } from './context.js';
import { updateModeOf } from './golden.js';
import { installTraceMatching } from './asymmetric.js';
import { matchers } from './index.js';
import { reportObsoleteGoldens } from './goldenObsolete.js';
import { vitestTests } from './lifecycle.js';
import { setHost } from './runtime.js';

setHost({
  name: 'vitest',
  currentTask: () => TestRunner.getCurrentTest() as unknown as VitestTaskLike | undefined,
});

// The matchers type `this` structurally (./context.ts); Vitest's MatcherState satisfies it at run time.
expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
installTraceMatching(expect);

// Vitest passes the fixtures context first (it must be a destructuring pattern), the suite second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const file = suite.file;
  const state = expect.getState();
  reportObsoleteGoldens(
    file.filepath,
    updateModeOf(state),
    vitestTests(file),
    state.snapshotState,
    'vitest',
  );
});

export { matchers };
