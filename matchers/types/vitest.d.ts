/**
 * `envtrace-js/vitest`: setup entry for Vitest 4 (`setupFiles: ['envtrace-js/vitest']`). Importing
 * it (or listing it in `compilerOptions.types`) also brings the matcher types.
 */
import type { EnvTraceAsymmetricMatchers, EnvTraceMatchers } from './envtrace-matchers.js';
import type { EnvTraceRecord } from '../../dist/index.js';

export type {
  EnvTraceAsymmetricMatchers,
  EnvTraceMatchers,
  GoldenInput,
  TraceInput,
  TraceMatcherConfig,
} from './envtrace-matchers.js';

declare module 'vitest' {
  // Vitest 4 reads `Matchers<T>`; returning T would clash with its own members (TS2320).
  interface Matchers<T = any> extends EnvTraceMatchers<void> {}
  interface AsymmetricMatchersContaining extends EnvTraceAsymmetricMatchers {}
  interface TaskMeta {
    /** One record per envtrace matcher call (per attempt), read by envtrace's Vitest reporter. */
    envtrace?: EnvTraceRecord[];
  }
}

/** The matcher object registered with `expect.extend` (already done by this entry). */
export declare const matchers: Readonly<
  Record<
    'toMatchTraceBehavior' | 'toMatchGoldenTrace' | 'traceMatching' | 'toFollowTrajectory',
    (...args: never[]) => unknown
  >
>;
