/**
 * Standalone `expect` package entry (node:test, mocha…): `import { expect } from 'envtrace-js/expect'`
 * gives the `expect` package's `expect` with the envtrace matchers registered.
 *
 * There is no runner snapshot state here: golden traces are written unless `CI` is set;
 * `ENVTRACE_UPDATE_GOLDENS=all|new|none` overrides. Tell the matchers which test is running
 * with `setTraceTest(file, name)` before using `toMatchGoldenTrace`.
 */
import { expect } from 'expect';
import { installTraceMatching } from './asymmetric.js';
import { matchers } from './index.js';
import { forgetTest, setHost } from './runtime.js';

setHost({ name: 'expect' });

expect.extend(matchers);
installTraceMatching(expect);

/**
 * Start a test for the trace matchers: its file (absolute path; golden traces go to
 * `__traces__/<file name>/` beside it) and its full name. Call it at the start of every test
 * (and of every retry) that uses `toMatchGoldenTrace`.
 */
export function setTraceTest(testPath: string, testName: string): void {
  forgetTest(testPath, testName);
  expect.setState({ testPath, currentTestName: testName });
}

export { expect, matchers };
