/**
 * `envtrace-js/expect`: the standalone `expect` package with the envtrace matchers registered, for
 * node:test, mocha and other runners without their own `expect`.
 */
import './envtrace-matchers.js';

export type {
  EnvTraceAsymmetricMatchers,
  EnvTraceMatchers,
  GoldenInput,
  TraceInput,
  TraceMatcherConfig,
} from './envtrace-matchers.js';
export { expect } from 'expect';

/**
 * Tell the matchers which test is running (absolute test file path, full test name) before
 * `toMatchGoldenTrace`; call it at the start of every test and every retry.
 */
export declare function setTraceTest(testPath: string, testName: string): void;
/**
 * The same from node:test's `TestContext`: `setTraceTest(t)` (name `t.fullName ?? t.name`, file
 * `t.filePath`, else `testFile`, else the running script — the test file under `node --test`).
 */
export declare function setTraceTest(
  context: { readonly name: string; readonly fullName?: string; readonly filePath?: string },
  testFile?: string,
): void;

/** The matcher object registered with `expect.extend` (already done by this entry). */
export declare const matchers: Readonly<
  Record<
    'toMatchTraceBehavior' | 'toMatchGoldenTrace' | 'traceMatching' | 'toFollowTrajectory',
    (...args: never[]) => unknown
  >
>;
