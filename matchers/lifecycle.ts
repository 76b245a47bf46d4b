/**
 * The runner's view of a test file, as the golden store needs it: which tests the file declares
 * (in declaration order, with their full names and how-manieth test of that name each is), and
 * which of them ran to the end and passed. Vitest: the file task tree; Jest: the jest-circus
 * describe-block tree. Both are read, never changed.
 */
import { collidingNames, type GoldenNameForm } from './goldenName.js';
import type { TestInfo } from './runtime.js';

/** One test a file declares. */
export interface DeclaredTest {
  /** Full name, describe blocks joined by ' ' (the form `TestInfo.testName` has). */
  readonly name: string;
  /** 1-based: the how-manieth test of this full name in the file (declaration order). */
  readonly occurrence: number;
  /** Ran to its end and passed, so every golden it uses was used in this run. */
  readonly completed: boolean;
  /** The runner's object for the test. */
  readonly node: object;
}

/** Vitest: the file task and its children, as far as they are read here. */
export interface VitestTaskTree {
  readonly type: string;
  readonly name?: string;
  readonly mode?: string;
  /** `test.fails`: passes when it throws, so later goldens may be unused. */
  readonly fails?: boolean;
  /** Only on the file task. */
  readonly filepath?: string;
  readonly result?: { readonly state?: string };
  readonly tasks?: readonly VitestTaskTree[];
}

/** Jest (jest-circus): a describe block or a test. */
export interface CircusNode {
  readonly type: string;
  readonly name?: string;
  readonly status?: string | null;
  readonly failing?: boolean;
  readonly errors?: readonly unknown[];
  readonly children?: readonly CircusNode[];
  readonly parent?: CircusNode;
}

function numbered(list: { name: string; completed: boolean; node: object }[]): DeclaredTest[] {
  const seen = new Map<string, number>();
  return list.map((t) => {
    const occurrence = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, occurrence);
    return { ...t, occurrence };
  });
}

/** The tests of a Vitest file task, in declaration order. */
export function vitestTests(file: VitestTaskTree): DeclaredTest[] {
  const out: { name: string; completed: boolean; node: object }[] = [];
  const walk = (t: VitestTaskTree, names: readonly string[]): void => {
    if (t.type === 'test') {
      out.push({
        name: [...names, t.name ?? ''].join(' '),
        completed: t.mode === 'run' && t.result?.state === 'pass' && t.fails !== true,
        node: t,
      });
      return;
    }
    const inner = t.filepath === undefined && t !== file ? [...names, t.name ?? ''] : names;
    for (const c of t.tasks ?? []) walk(c, inner);
  };
  walk(file, []);
  return numbered(out);
}

/** The root describe block of the jest-circus test `test` (undefined for anything else). */
export function circusRoot(test: unknown): CircusNode | undefined {
  let node = test as CircusNode | undefined;
  if (!node || typeof node !== 'object' || node.type !== 'test') return undefined;
  while (node.parent) node = node.parent;
  return node;
}

/** The tests under a jest-circus root describe block, in declaration order. */
export function circusTests(root: CircusNode): DeclaredTest[] {
  const out: { name: string; completed: boolean; node: object }[] = [];
  const walk = (n: CircusNode, names: readonly string[]): void => {
    if (n.type === 'test') {
      out.push({
        name: [...names, n.name ?? ''].join(' '),
        completed:
          n.status === 'done' &&
          Array.isArray(n.errors) &&
          n.errors.length === 0 &&
          n.failing !== true,
        node: n,
      });
      return;
    }
    const inner = n === root ? names : [...names, n.name ?? ''];
    for (const c of n.children ?? []) walk(c, inner);
  };
  walk(root, []);
  return numbered(out);
}

/** The parts of Jest's `expect` state that can still fail a test when it ends. */
export interface JestExpectStateLike {
  readonly assertionCalls?: number;
  readonly expectedAssertionsNumber?: number | null;
  readonly isExpectingAssertions?: boolean;
  readonly suppressedErrors?: readonly unknown[];
}

/**
 * Whether the running jest-circus test attempt has failed so far, read from an `afterEach`.
 * jest-circus pushes every failure of the attempt onto the test's `errors` as it happens (the
 * body, a `beforeEach`, an `afterEach` that ran already, an error thrown into the test, a
 * `test.failing` body that passed; cleared on a retry); the `expect` state adds what circus only
 * turns into errors at `test_done`: suppressed matcher errors and `expect.assertions(n)` /
 * `expect.hasAssertions()` not met (the same rules, read without resetting the state).
 *
 * What it cannot see: a failure after the hook that reads it. Circus runs the `afterEach` hooks
 * of inner describe blocks first and those of one block in the order they were registered, so a
 * hook from a setup file sees the test file's describe-level `afterEach` hooks but not its
 * top-level ones, nor those of a setup file listed after it.
 */
export function circusAttemptFailed(test: CircusNode, expectState: JestExpectStateLike): boolean {
  if (Array.isArray(test.errors) && test.errors.length > 0) return true;
  if ((expectState.suppressedErrors?.length ?? 0) > 0) return true;
  const calls = expectState.assertionCalls ?? 0;
  const expected = expectState.expectedAssertionsNumber;
  if (typeof expected === 'number' && calls !== expected) return true;
  return expectState.isExpectingAssertions === true && calls === 0;
}

/** Occurrence numbers per tree root: the tree does not change once tests run. */
const occurrences = new WeakMap<object, Map<object, number>>();

function occurrenceIn(root: object, node: object, list: () => DeclaredTest[]): number {
  let byNode = occurrences.get(root);
  if (!byNode) {
    byNode = new Map(list().map((t) => [t.node, t.occurrence]));
    occurrences.set(root, byNode);
  }
  return byNode.get(node) ?? 1;
}

/**
 * The how-manieth test of its full name the running test is in its file (1 unless the file
 * declares several tests with the same full name, as `test.each` with repeated titles does).
 * Declaration order, so skipped tests, retries and `test.concurrent` do not shift the numbers.
 * 1 under the standalone `expect` (no test tree).
 */
export function occurrenceOf(info: TestInfo): number {
  const file = (info.task as { file?: VitestTaskTree } | undefined)?.file;
  if (info.task && file && typeof file === 'object')
    return occurrenceIn(file, info.task, () => vitestTests(file));
  const root = circusRoot(info.identity);
  if (root && info.identity) return occurrenceIn(root, info.identity, () => circusTests(root));
  return 1;
}

/** Per tree root: the test names whose readable golden names collide (see `goldenName.ts`). */
const collisions = new WeakMap<object, Set<string>>();

/**
 * The form of the running test's golden names: `escaped` when its readable name folds together
 * with another declared test's of the file (differs only in case or normalisation), else
 * `readable`. From the declared tests, so a filter (`-t`) or a skip never changes it. Under the
 * standalone `expect` (no test tree): `readable`; a collision is then caught when both run.
 */
export function goldenNameFormOf(info: TestInfo): GoldenNameForm {
  const file = (info.task as { file?: VitestTaskTree } | undefined)?.file;
  let root: object | undefined;
  let list: (() => DeclaredTest[]) | undefined;
  if (info.task && file && typeof file === 'object') {
    root = file;
    list = () => vitestTests(file);
  } else {
    const circus = circusRoot(info.identity);
    if (circus && info.identity) {
      root = circus;
      list = () => circusTests(circus);
    }
  }
  if (root === undefined || list === undefined) return 'readable';
  let set = collisions.get(root);
  if (!set) {
    set = collidingNames(list().map((t) => t.name));
    collisions.set(root, set);
  }
  return set.has(info.testName) ? 'escaped' : 'readable';
}
