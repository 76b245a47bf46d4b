/**
 * Jest setup entry: `setupFilesAfterEnv: ['envtrace-js/jest']`. Registers the matchers on Jest's
 * `expect`, reports obsolete golden traces after each test file, and tells the reporter how each
 * test attempt ended (`./publish.ts`), so the tests of a worker that dies keep their status.
 */
import { afterAll, afterEach, expect } from '@jest/globals';
import type { MatcherContext, SnapshotStateLike } from './context.js';
import { updateModeOf } from './golden.js';
import { installTraceMatching } from './asymmetric.js';
import { matchers } from './index.js';
import { reportObsoleteGoldens } from './goldenObsolete.js';
import {
  circusAttemptFailed,
  circusRoot,
  circusTests,
  type CircusNode,
  type JestExpectStateLike,
} from './lifecycle.js';
import { lineOrigin, publishTestEnd } from './publish.js';
import { setHost, testInfo } from './runtime.js';

setHost({ name: 'jest' });

// The matchers type `this` structurally (./context.ts); Jest's MatcherContext satisfies it at run time.
expect.extend(matchers);
installTraceMatching(expect);

interface JestState extends JestExpectStateLike {
  readonly testPath?: string;
  readonly snapshotState?: SnapshotStateLike | null;
  readonly currentTestIdentity?: () => object | undefined;
}

let root: CircusNode | undefined;
// Registered before the test file's hooks, in the root describe block: it runs after the
// describe-level afterEach hooks of the test file but before its top-level ones (circus runs one
// block's hooks in registration order); `circusAttemptFailed` says what it can see.
// `test.concurrent` tests run no afterEach hooks: they write no end line.
afterEach(() => {
  const state = expect.getState() as unknown as JestState;
  const test = state.currentTestIdentity?.();
  const testRoot = circusRoot(test);
  root ??= testRoot;
  if (testRoot === undefined) return;
  // The path, name and attempt exactly as this attempt's records carry them.
  const info = testInfo(state as unknown as MatcherContext);
  publishTestEnd(
    'jest',
    {
      testPath: info.testPath,
      testName: info.testName,
      retry: info.retry,
      repeat: info.repeat,
      state: circusAttemptFailed(test as CircusNode, state) ? 'failed' : 'passed',
    },
    lineOrigin(info),
  );
});

afterAll(() => {
  const state = expect.getState() as unknown as JestState;
  // No test ran (all skipped): the tree is out of reach, so only deleted test files are checked.
  reportObsoleteGoldens(
    state.testPath ?? '',
    updateModeOf(state),
    root === undefined ? undefined : circusTests(root),
    state.snapshotState,
    'jest',
  );
});

export { matchers };
