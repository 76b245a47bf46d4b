/**
 * The envtrace matchers as one framework-neutral object for `expect.extend` (Vitest, Jest and
 * the standalone `expect` package all accept it). The setup entries register it for you.
 */
import { toFollowTrajectory } from './toFollowTrajectory.js';
import { toMatchGoldenTrace } from './toMatchGoldenTrace.js';
import { toMatchTraceBehavior } from './toMatchTraceBehavior.js';
import { traceMatching } from './traceMatching.js';

export const matchers = {
  toMatchTraceBehavior,
  toMatchGoldenTrace,
  traceMatching,
  toFollowTrajectory,
} as const;

export { toFollowTrajectory, toMatchGoldenTrace, toMatchTraceBehavior, traceMatching };
export type { TraceMatcherConfig } from './inputs.js';
export type { MatcherContext } from './context.js';
