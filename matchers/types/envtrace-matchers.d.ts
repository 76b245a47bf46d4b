/**
 * The envtrace matcher interface, shared by every host, plus the Jest/`expect` augmentations.
 * (Vitest's augmentation is in vitest.d.ts: ESM only.)
 */
import type {
  EvaluateOptions,
  Trace,
  TraceLike,
  TrajectoryInput,
  FollowTrajectoryOptions,
} from '../../dist/index.js';

/** A trace: a `Trace`, `{events}`, an array of events, or a trace file path (relative to the cwd). */
export type TraceInput = Trace | TraceLike | string;

/** One golden trace, or several (best-of: the best-scoring golden decides). */
export type GoldenInput = TraceInput | readonly TraceInput[];

/** The config-file shape plus the matchers' pass rule. */
export type TraceMatcherConfig = EvaluateOptions & {
  /** Pass requires `full_score >= minScore` (in addition to accuracy unless `requireAccuracy: false`). */
  readonly minScore?: number;
  /** Pass requires the evaluation's `accuracy`. @default true */
  readonly requireAccuracy?: boolean;
};

export interface EnvTraceMatchers<R = unknown> {
  /**
   * The received trace behaves like the golden trace (or the best of several goldens):
   * `accuracy` (and `full_score >= minScore` when given). `config` is an options object or a
   * config file path.
   */
  toMatchTraceBehavior(golden: GoldenInput, config?: TraceMatcherConfig | string): R;
  /**
   * Compare with this test's golden trace in `__traces__/<test file>/<test name>[-n].trace.json`,
   * written on first run, rewritten with `-u` when the behaviour changed, never written in CI.
   * Values read back as themselves (NaN, ±Infinity, -0, BigInt, Date, nested undefined, typed
   * arrays); a function, Map, Set, class instance or cycle throws a `TraceError` naming its path.
   */
  toMatchGoldenTrace(config?: TraceMatcherConfig | string): R;
  /**
   * The received tool calls follow the reference trajectory: `mode` strict (same order; calls of
   * one turn as a set), unordered, subset or superset; `args` exact, ignore, superset, subset,
   * argument names or a predicate; `toolArgs` per tool. Calls and reference are traces, event
   * arrays, `{name, arguments}` lists or trace files. `distance` also computes the weighted
   * trajectory distance (message and run report only; it never changes the verdict).
   */
  toFollowTrajectory(reference: TrajectoryInput, options?: FollowTrajectoryOptions): R;
}

export interface EnvTraceAsymmetricMatchers {
  /** Matches a value that is a trace behaving like `golden` (inside `toEqual`, `toHaveBeenCalledWith`…). */

  traceMatching(golden: GoldenInput, config?: TraceMatcherConfig | string): any;
}

declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends EnvTraceMatchers<R> {}
    interface Expect extends EnvTraceAsymmetricMatchers {}
    interface InverseAsymmetricMatchers extends EnvTraceAsymmetricMatchers {}
  }
}

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends EnvTraceMatchers<R> {}
  interface AsymmetricMatchers extends EnvTraceAsymmetricMatchers {}
}
