/**
 * The part of a matcher's `this` that Jest 30, Vitest 4 and the standalone `expect` package
 * share, typed structurally so the matchers need no `@ts-expect-error` and no host import.
 */

/** A colour function from the host (`chalk`/`tinyrainbow` style): identity when colours are off. */
export type Colour = (text: string) => string;

export interface MatcherHintOptions {
  readonly isNot?: boolean;
  readonly promise?: string;
  readonly comment?: string;
  readonly secondArgument?: string;
  readonly isDirectExpectCall?: boolean;
}

/** `this.utils`: the subset of jest-matcher-utils both hosts provide. */
export interface MatcherUtils {
  matcherHint(matcherName: string, received?: string, expected?: string, options?: MatcherHintOptions): string;
  printExpected(value: unknown): string;
  printReceived(value: unknown): string;
  printWithType(name: string, value: unknown, print: (value: unknown) => string): string;
  readonly EXPECTED_COLOR: Colour;
  readonly RECEIVED_COLOR: Colour;
  readonly DIM_COLOR: Colour;
  readonly BOLD_WEIGHT: Colour;
}

/** Jest: plain numbers. Vitest 4: a `CounterMap` keyed by test id. */
export interface CounterMapLike {
  increment(key: string): void;
}
export type SnapshotCounter = number | CounterMapLike;

/** The runner's per-file snapshot state (Jest `SnapshotState`, Vitest `SnapshotState`). */
export interface SnapshotStateLike {
  /** Vitest 4. */
  readonly snapshotUpdateState?: string;
  /** Jest (and older Vitest). */
  readonly _updateSnapshot?: string;
  added: SnapshotCounter;
  updated: SnapshotCounter;
  matched: SnapshotCounter;
  unmatched: SnapshotCounter;
}

/** The Vitest task object, as far as the matchers read it. */
export interface VitestTaskLike {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly concurrent?: boolean;
  readonly meta: Record<string, unknown>;
  readonly file?: { readonly filepath: string };
  readonly suite?: VitestSuiteLike;
  readonly result?: { readonly retryCount?: number; readonly repeatCount?: number };
  readonly context?: { readonly _local?: boolean };
}
export interface VitestSuiteLike {
  readonly name: string;
  readonly type?: string;
  readonly suite?: VitestSuiteLike;
  readonly filepath?: string;
}

/** `this` inside a matcher (or an asymmetric matcher) in any of the three hosts. */
export interface MatcherContext {
  readonly isNot?: boolean;
  readonly promise?: string;
  readonly utils: MatcherUtils;
  readonly currentTestName?: string;
  readonly testPath?: string;
  readonly snapshotState?: SnapshotStateLike | null;
  /** Jest 30: the right name under `test.concurrent`. */
  readonly currentConcurrentTestName?: () => string | undefined;
  /** Jest 30: the jest-circus test object of the running attempt. */
  readonly currentTestIdentity?: () => object | undefined;
  /** Vitest: the running test (undefined inside asymmetric matchers). */
  readonly task?: VitestTaskLike;
}
