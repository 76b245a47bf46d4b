/**
 * Which test `setTraceTest` names: from `(testPath, testName)` or node:test's `TestContext`.
 * Pure (reads `process.argv[1]` only as the last fallback for the file).
 */
import { fileURLToPath } from 'node:url';

/** What `setTraceTest` reads of node:test's `TestContext` (`t` in `test('…', (t) => …)`). */
export interface TestContextLike {
  readonly name: string;
  /** The names of the enclosing suites and the test, `outer > inner` (Node ≥ 20.16). */
  readonly fullName?: string;
  /** The test file (Node ≥ 22.6). */
  readonly filePath?: string;
}

/** A path, or a `file:` URL (`import.meta.url`) as a path. */
function pathOf(file: string): string {
  return file.startsWith('file:') ? fileURLToPath(file) : file;
}

/**
 * The test file and full name `setTraceTest` was given: `(testPath, testName)` (a `file:` URL
 * is read as its path), or a `TestContext` (name `t.fullName`, else `t.name`; file `t.filePath`,
 * else `second`, else the running script — the test file under `node --test`).
 */
export function resolveTraceTest(
  first: string | TestContextLike,
  second: string | undefined,
): { testPath: string; testName: string } {
  // Typed callers pass a string or a context; JavaScript callers may pass anything.
  const given: unknown = first;
  if (typeof given === 'object' && given !== null) {
    first = given as TestContextLike;
    const name: unknown = first.fullName ?? first.name;
    const file: unknown = first.filePath ?? second ?? process.argv[1];
    if (typeof name !== 'string' || typeof file !== 'string')
      throw new TypeError(
        'setTraceTest(t): expected a node:test TestContext with a name (and a test file: t.filePath or a second argument)',
      );
    return { testPath: pathOf(file), testName: name };
  }
  if (typeof given !== 'string' || typeof second !== 'string')
    throw new TypeError('setTraceTest: expected (testPath, testName) or a node:test TestContext');
  return { testPath: pathOf(given), testName: second };
}
