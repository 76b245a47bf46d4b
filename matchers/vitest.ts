/**
 * Vitest setup entry: `setupFiles: ['envtrace-js/vitest']`. Registers the matchers on Vitest's
 * `expect`, reports obsolete golden traces after each test file, and tells the reporter's copy of
 * the records how each test attempt ended (`./publish.ts`).
 */
import { TestRunner, afterAll, afterEach, expect } from 'vitest';
import type { VitestTaskLike } from './context.js';
import { updateModeOf } from './golden.js';
import { installTraceMatching } from './asymmetric.js';
import { matchers } from './index.js';
import { reportObsoleteGoldens } from './goldenObsolete.js';
import { vitestTests } from './lifecycle.js';
import { lineOrigin, publishTestEnd } from './publish.js';
import { setHost, vitestTestName } from './runtime.js';

setHost({
  name: 'vitest',
  currentTask: () => TestRunner.getCurrentTest() as unknown as VitestTaskLike | undefined,
});

// The matchers type `this` structurally (./context.ts); Vitest's MatcherState satisfies it at run time.
expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
installTraceMatching(expect);

// Registered before the test file's own hooks, so (afterEach hooks run last-registered first) it
// runs last: the state then counts the body and every other hook. `fails` tests flip after it.
afterEach(({ task }) => {
  const state = task.result?.state === 'fail' ? 'failed' : 'passed';
  const flipped = task.fails ? (state === 'failed' ? 'passed' : 'failed') : state;
  // The name and attempt as the records of this attempt carry them (./runtime.ts `testInfo`).
  publishTestEnd(
    'vitest',
    {
      testPath: task.file.filepath,
      testName: vitestTestName(task as unknown as VitestTaskLike),
      retry: task.result?.retryCount ?? 0,
      repeat: task.result?.repeatCount ?? 0,
      state: flipped,
    },
    lineOrigin({ task: task as unknown as VitestTaskLike, identity: task }),
  );
});

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
