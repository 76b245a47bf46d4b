/**
 * The part of a matcher's `this` that Jest 30, Vitest 4 and the standalone `expect` package
 * share, typed structurally so the matchers need no `@ts-expect-error` and no host import;
 * plus what differs per host: the wording of the golden-update hints and the message width.
 */
import { reportWidth } from '../src/report/width.js';

/** The `expect` a setup entry registered the matchers with. */
export type HostName = 'vitest' | 'jest' | 'expect';

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
  matcherHint(
    matcherName: string,
    received?: string,
    expected?: string,
    options?: MatcherHintOptions,
  ): string;
  printExpected(value: unknown): string;
  printReceived(value: unknown): string;
  printWithType(name: string, value: unknown, print: (value: unknown) => string): string;
  /**
   * The structured diff `toEqual` prints (jest-diff in Jest and the `expect` package, Vitest's own
   * in Vitest); `null`/`undefined` when there is nothing to show. Optional: older hosts lack it.
   */
  diff?(expected: unknown, received: unknown, options?: DiffOptionsLike): string | null | undefined;
  readonly EXPECTED_COLOR: Colour;
  readonly RECEIVED_COLOR: Colour;
  readonly DIM_COLOR: Colour;
  readonly BOLD_WEIGHT: Colour;
}

/** The diff options both hosts' `diff` understand. */
export interface DiffOptionsLike {
  readonly omitAnnotationLines?: boolean;
  readonly expand?: boolean;
  readonly contextLines?: number;
  readonly aAnnotation?: string;
  readonly bAnnotation?: string;
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
  readonly file?: { readonly filepath: string; readonly projectName?: string | undefined };
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

/** How the golden-trace hints name the runner's update and CI switches. */
export interface GoldenWording {
  /** After a failed comparison, outside CI: how to accept the new behaviour. */
  readonly update: string;
  /** Why a missing golden is not written (the switches that turn writing off). */
  readonly noWriteReason: string;
  /** How to create the missing golden instead. */
  readonly howToWrite: string;
}

const WORDING: Readonly<Record<HostName, GoldenWording>> = {
  vitest: {
    update: 'run with -u to update it',
    noWriteReason: 'goldens are not written in CI (CI=true or --update=none)',
    howToWrite:
      'Run the tests locally (goldens are written on first run) or with -u, review the file and commit it.',
  },
  jest: {
    update: 'run with -u to update it',
    noWriteReason: 'goldens are not written in CI (CI=true or --ci)',
    howToWrite:
      'Run the tests locally without --ci (goldens are written on first run) or with -u, review the file and commit it.',
  },
  expect: {
    update: 'set ENVTRACE_UPDATE_GOLDENS=all to update it',
    noWriteReason: 'goldens are not written in CI (CI=true or ENVTRACE_UPDATE_GOLDENS=none)',
    howToWrite:
      'Run the tests locally (goldens are written on first run) or with ENVTRACE_UPDATE_GOLDENS=all, review the file and commit it.',
  },
};

/**
 * The golden-update wording for a host: each runner's own flags (Vitest `--update=none`, Jest
 * `--ci`, the `expect` package's `ENVTRACE_UPDATE_GOLDENS`). Given a matcher context, the host is
 * read from its snapshot state (Vitest 4 has `snapshotUpdateState`, Jest `_updateSnapshot`, the
 * standalone `expect` none).
 */
export function goldenWording(
  host: HostName | Pick<MatcherContext, 'snapshotState'>,
): GoldenWording {
  if (typeof host === 'string') return WORDING[host];
  const state = host.snapshotState;
  if (state?.snapshotUpdateState !== undefined) return WORDING.vitest;
  if (state?._updateSnapshot !== undefined) return WORDING.jest;
  return WORDING.expect;
}

/**
 * Width of the failure messages' alignment columns: `ENVTRACE_WIDTH`, else the terminal's columns
 * (when the test process writes to one), else 100 in CI, else 80 (see `reportWidth`).
 */
export function messageWidth(
  env: Readonly<Record<string, string | undefined>> = process.env,
): number {
  const out = process.stdout as { isTTY?: boolean; columns?: number } | undefined;
  return reportWidth({ env, columns: out?.isTTY === true ? out.columns : undefined });
}
