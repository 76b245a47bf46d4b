/**
 * `envtrace-js/jest`: setup entry for Jest 30 (`setupFilesAfterEnv: ['envtrace-js/jest']`). Importing
 * it (or listing it in `compilerOptions.types`) brings the matcher types for the global
 * `expect` and for `@jest/globals`.
 */
import './envtrace-matchers.js';

export type {
  EnvTraceAsymmetricMatchers,
  EnvTraceMatchers,
  GoldenInput,
  TraceInput,
  TraceMatcherConfig,
} from './envtrace-matchers.js';

/** The matcher object registered with `expect.extend` (already done by this entry). */
export declare const matchers: Readonly<
  Record<
    'toMatchTraceBehavior' | 'toMatchGoldenTrace' | 'traceMatching' | 'toFollowTrajectory',
    (...args: never[]) => unknown
  >
>;
