/**
 * Trajectory verdicts for records: the verdict of a `toFollowTrajectory` call, and the verdicts
 * of the `trajectoryMetric`s of an evaluation. Pure, JSON-safe output.
 */
import type { EvaluationResult } from '../evaluate/types.js';
import { truncate } from '../report/escape.js';
import {
  TRAJECTORY_ISSUES_LISTED,
  type TrajectoryMatchVerdict,
  type TrajectoryMetricVerdict,
} from '../report/run/schema.js';
import type {
  ArgsMatch,
  ToolCall,
  TrajectoryDistance,
  TrajectoryIssue,
  TrajectoryMatch,
  TrajectoryMatchOptions,
} from '../trajectory/index.js';
import {
  diagnosisPredicate,
  formatCall,
  formatValue,
  trajectoryIssues,
  trajectoryMetricDistance,
} from '../trajectory/index.js';

/** Width of a call's text, and of its result's, in a verdict. */
const CALL_WIDTH = 200;

function callText(c: ToolCall): string {
  return truncate(formatCall(c), CALL_WIDTH);
}

/**
 * `{result}` with what the call returned, rendered and cut like its text (`{}` when unknown), and
 * `result_status: "error"` when the call failed.
 */
function resultText(c: ToolCall): { result?: string; result_status?: 'error' } {
  return {
    ...('result' in c ? { result: truncate(formatValue(c.result), CALL_WIDTH) } : {}),
    ...(c.resultStatus === 'error' ? { result_status: 'error' as const } : {}),
  };
}

function issueData(
  side: 'reference' | 'call',
  list: readonly TrajectoryIssue[],
): TrajectoryMatchVerdict['issues'] {
  return list.map(({ call, closest }) => ({
    side,
    index: call.index,
    call: callText(call),
    ...resultText(call),
    closest: closest
      ? {
          index: closest.call.index,
          call: callText(closest.call),
          ...resultText(closest.call),
          reason: closest.reason,
        }
      : null,
  }));
}

type ArgsRule = TrajectoryMatchVerdict['args'];

/** An `ArgsMatch` as data: the rule name, `custom` for a predicate, or the argument names. */
export function describeArgsRule(spec: ArgsMatch | undefined): ArgsRule {
  if (spec === undefined) return 'exact';
  if (typeof spec === 'function') return 'custom';
  if (Array.isArray(spec)) return [...(spec as readonly string[])];
  return spec as Exclude<ArgsRule, string[]>;
}

function distanceData(d: TrajectoryDistance): TrajectoryMatchVerdict['distance'] & object {
  return { scheme: d.scheme, distance: d.distance, max: d.max, score: d.score };
}

/**
 * The verdict of one `matchTrajectory` run (and its distance, when one was computed), with the
 * calls that made it fail and their closest candidates (as the failure message lists them).
 */
export function matchVerdict(
  match: TrajectoryMatch,
  options: TrajectoryMatchOptions,
  distance?: TrajectoryDistance,
): TrajectoryMatchVerdict {
  const issues = trajectoryIssues(match, diagnosisPredicate(options), TRAJECTORY_ISSUES_LISTED);
  const toolArgs: Record<string, ArgsRule> = {};
  for (const [tool, spec] of Object.entries(options.toolArgs ?? {}))
    toolArgs[tool] = describeArgsRule(spec);
  return {
    check: 'match',
    pass: match.pass,
    mode: match.mode,
    args: describeArgsRule(options.args),
    tool_args: toolArgs,
    ...(options.turns === 'exact' ? { turns: 'exact' as const } : {}),
    matched: match.matched.length,
    unmatched_reference: match.unmatchedReference.length,
    unexpected: match.unexpected.length,
    distance: distance === undefined ? null : distanceData(distance),
    issues: [...issueData('reference', issues.missing), ...issueData('call', issues.extra)],
  };
}

/** One verdict per `trajectoryMetric` result of an evaluation, in `metrics` order. */
export function metricVerdicts(
  result: Pick<EvaluationResult, 'metrics'>,
): TrajectoryMetricVerdict[] {
  const out: TrajectoryMetricVerdict[] = [];
  for (const [name, m] of Object.entries(result.metrics)) {
    const d = trajectoryMetricDistance(m);
    if (d !== undefined)
      out.push({
        check: 'metric',
        metric: name,
        pass: m.binary_pass === true,
        distance: distanceData(d),
      });
  }
  return out;
}
