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
import { resolveTraceTest, type TestContextLike } from './traceTest.js';

setHost({ name: 'expect' });

expect.extend(matchers);
installTraceMatching(expect);

/**
 * Start a test for the trace matchers: its file (absolute path or `file:` URL; golden traces go
 * to `__traces__/<file name>/` beside it) and its full name — or node:test's `TestContext`
 * (`setTraceTest(t)`: the name is `t.fullName`, else `t.name`; the file is `t.filePath`, else the
 * second argument, else the running script, which is the test file under `node --test`). Call it
 * at the start of every test (and of every retry) that uses `toMatchGoldenTrace`.
 */
export function setTraceTest(testPath: string, testName: string): void;
export function setTraceTest(context: TestContextLike, testFile?: string): void;
export function setTraceTest(first: string | TestContextLike, second?: string): void {
  const { testPath, testName } = resolveTraceTest(first, second);
  forgetTest(testPath, testName);
  expect.setState({ testPath, currentTestName: testName });
}

export { expect, matchers };
