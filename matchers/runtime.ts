/**
 * Where a matcher call happens: which runner, which test, which attempt. The setup entries
 * (`vitest.ts`, `jest.ts`, `expect.ts`) tell this module which host they registered with;
 * everything else reads the matcher's `this`.
 */
import type { HostName, MatcherContext, VitestSuiteLike, VitestTaskLike } from './context.js';

export type { HostName } from './context.js';

export interface Host {
  readonly name: HostName;
  /** Vitest: `TestRunner.getCurrentTest()`, for asymmetric matchers (where `this.task` is undefined). */
  readonly currentTask?: () => VitestTaskLike | undefined;
}

let host: Host = { name: 'expect' };

/** Called once by a setup entry. */
export function setHost(h: Host): void {
  host = h;
}

export function getHost(): Host {
  return host;
}

/** The test a matcher call belongs to. */
export interface TestInfo {
  readonly host: HostName;
  /** Absolute test file path ('' when the host does not say). */
  readonly testPath: string;
  /** Full test name, describe blocks joined by ' ' (as Jest reports it). */
  readonly testName: string;
  readonly retry: number;
  readonly repeat: number;
  /** The runner's object for this test (Vitest task, jest-circus test), when known. */
  readonly identity: object | undefined;
  readonly task: VitestTaskLike | undefined;
}

function suiteNames(suite: VitestSuiteLike | undefined): string[] {
  const names: string[] = [];
  // describe blocks up the chain; the file (which has a filepath) is not part of the name.
  for (let s = suite; s; s = s.suite) if (s.filepath === undefined) names.unshift(s.name);
  return names;
}

/** Vitest: the test's full name with describe blocks joined by ' ', matching Jest's form. */
export function vitestTestName(task: VitestTaskLike): string {
  return [...suiteNames(task.suite), task.name].join(' ');
}

interface JestTestLike {
  readonly invocations?: number;
}

export function testInfo(ctx: MatcherContext): TestInfo {
  let task = ctx.task;
  if (task === undefined && host.currentTask) {
    const t = host.currentTask();
    if (t && t.type === 'test') task = t;
  }
  if (task !== undefined) {
    return {
      host: 'vitest',
      testPath: task.file?.filepath ?? ctx.testPath ?? '',
      testName: vitestTestName(task),
      retry: task.result?.retryCount ?? 0,
      repeat: task.result?.repeatCount ?? 0,
      identity: task,
      task,
    };
  }
  const identity =
    typeof ctx.currentTestIdentity === 'function' ? ctx.currentTestIdentity() : undefined;
  const concurrentName =
    typeof ctx.currentConcurrentTestName === 'function'
      ? ctx.currentConcurrentTestName()
      : undefined;
  const invocations = (identity as JestTestLike | undefined)?.invocations;
  return {
    host: host.name,
    testPath: ctx.testPath ?? '',
    testName: concurrentName ?? ctx.currentTestName ?? '',
    retry: typeof invocations === 'number' && invocations > 0 ? invocations - 1 : 0,
    repeat: 0,
    identity,
    task: undefined,
  };
}

/** Per test attempt bookkeeping: call order, golden numbering, counter bumps to roll back. */
export interface AttemptState {
  readonly attempt: string;
  /** Calls made so far in this attempt (the next call's `seq`). */
  seq: number;
  /** toMatchGoldenTrace calls so far in this attempt (the next golden's number − 1). */
  goldens: number;
  /** Jest snapshot counters bumped in this attempt (numbers; rolled back on a new attempt). */
  readonly bumps: Map<string, number>;
}

/** Goldens written by an earlier attempt of the same test: a retry must see them as new again. */
interface TestState {
  current: AttemptState;
  readonly writtenByEarlierAttempts: Set<string>;
  readonly writtenThisAttempt: Set<string>;
}

const byIdentity = new WeakMap<object, TestState>();
const byName = new Map<string, TestState>();

function freshAttempt(attempt: string): AttemptState {
  return { attempt, seq: 0, goldens: 0, bumps: new Map() };
}

/**
 * The state of the current attempt of the test `info` describes. A new retry/repeat starts a
 * fresh one; `onNewAttempt` gets the previous one (to roll back its counter bumps).
 */
export function attemptState(
  info: TestInfo,
  onNewAttempt?: (previous: AttemptState) => void,
): {
  state: AttemptState;
  writtenEarlier: Set<string>;
  writtenNow: Set<string>;
} {
  const attempt = `${info.retry}:${info.repeat}`;
  let ts: TestState | undefined;
  if (info.identity !== undefined) ts = byIdentity.get(info.identity);
  else ts = byName.get(`${info.testPath}\u0000${info.testName}`);
  if (ts === undefined) {
    ts = {
      current: freshAttempt(attempt),
      writtenByEarlierAttempts: new Set(),
      writtenThisAttempt: new Set(),
    };
    if (info.identity !== undefined) byIdentity.set(info.identity, ts);
    else byName.set(`${info.testPath}\u0000${info.testName}`, ts);
  } else if (ts.current.attempt !== attempt) {
    onNewAttempt?.(ts.current);
    for (const p of ts.writtenThisAttempt) ts.writtenByEarlierAttempts.add(p);
    ts.writtenThisAttempt.clear();
    ts.current = freshAttempt(attempt);
  }
  return {
    state: ts.current,
    writtenEarlier: ts.writtenByEarlierAttempts,
    writtenNow: ts.writtenThisAttempt,
  };
}

/** Forget the name-keyed state of one test (standalone `expect` has no per-test identity). */
export function forgetTest(testPath: string, testName: string): void {
  byName.delete(`${testPath}\u0000${testName}`);
}
