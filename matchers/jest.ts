/**
 * Jest setup entry: `setupFilesAfterEnv: ['envtrace-js/jest']`. Registers the matchers on Jest's
 * `expect` and reports obsolete golden traces after each test file.
 */
import { afterAll, afterEach, expect } from '@jest/globals';
import type { SnapshotStateLike } from './context.js';
import { updateModeOf } from './golden.js';
import { installTraceMatching } from './asymmetric.js';
import { matchers } from './index.js';
import { reportObsoleteGoldens } from './goldenObsolete.js';
import { circusRoot, circusTests, type CircusNode } from './lifecycle.js';
import { setHost } from './runtime.js';

setHost({ name: 'jest' });

// The matchers type `this` structurally (./context.ts); Jest's MatcherContext satisfies it at run time.
expect.extend(matchers);
installTraceMatching(expect);

interface JestState {
  readonly testPath?: string;
  readonly snapshotState?: SnapshotStateLike | null;
  readonly currentTestIdentity?: () => object | undefined;
}

let root: CircusNode | undefined;
afterEach(() => {
  const state = expect.getState() as unknown as JestState;
  root ??= circusRoot(state.currentTestIdentity?.());
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
