/** Agent tool-call trajectories: matching (`matchTrajectory`) and the weighted distance (see docs/agents.md). */
export { toolCalls, callsFromEvents, formatCall, formatValue } from './calls.js';
export type { ToolCall, ToolCallLike, TrajectoryInput } from './calls.js';
export { argsPredicate, argsMatcher } from './args.js';
export type { ArgsMatch, ArgsPredicate } from './args.js';
export { matchTrajectory, callPredicate, diagnosisPredicate } from './match.js';
export {
  closestCandidate,
  trajectoryIssues,
  type ClosestCandidate,
  type TrajectoryIssue,
} from './closest.js';
export type {
  TrajectoryMode,
  TrajectoryMatchOptions,
  FollowTrajectoryOptions,
  TrajectoryMatch,
  MatchedCall,
} from './match.js';
export {
  trajectoryDistance,
  distanceCalculator,
  parseTrajectoryWeights,
  aggregateTrajectoryDistances,
} from './distance.js';
export type {
  TrajectoryScheme,
  TrajectoryWeights,
  Canonicalize,
  TrajectoryDistanceOptions,
  TrajectoryDistance,
} from './distance.js';
export { trajectoryMetric, trajectoryMetricDistance, TRAJECTORY_METRIC_KIND } from './metric.js';
export type { TrajectoryMetricOptions } from './metric.js';
export { maximumMatching, minCostAssignment } from './bipartite.js';
