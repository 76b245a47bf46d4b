/**
 * Trajectory verdicts for records: the verdict of a `toFollowTrajectory` call, and the verdicts
 * of the `trajectoryMetric`s of an evaluation. Pure, JSON-safe output.
 */
import type { EvaluationResult } from '../evaluate/types.js';
import { truncate } from '../report/escape.js';
import {
  TRAJECTORY_ARGUMENTS_LISTED,
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
import { callArgumentDifferences, formatArgumentPath } from '../trajectory/differences.js';
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

type ArgumentsData = NonNullable<
  NonNullable<TrajectoryMatchVerdict['issues'][number]['closest']>['arguments']
>;

/**
 * Where a reference call and a call of its tool differ under the argument rule, as data (values
 * as JSON text, cut like a call); undefined when either's arguments did not parse.
 */
function argumentsData(
  reference: ToolCall,
  call: ToolCall,
  options: TrajectoryMatchOptions,
): ArgumentsData | undefined {
  const diff = callArgumentDifferences(reference, call, options, TRAJECTORY_ARGUMENTS_LISTED);
  if (diff === undefined) return undefined;
  return {
    by: diff.by,
    count: diff.count,
    differences: diff.list.map((d) => ({
      path: formatArgumentPath(d.path),
      kind: d.kind,
      ...(d.kind !== 'extra' ? { reference: truncate(formatValue(d.reference), CALL_WIDTH) } : {}),
      ...(d.kind !== 'missing' ? { call: truncate(formatValue(d.call), CALL_WIDTH) } : {}),
    })),
  };
}

function issueData(
  side: 'reference' | 'call',
  list: readonly TrajectoryIssue[],
  options: TrajectoryMatchOptions,
): TrajectoryMatchVerdict['issues'] {
  return list.map(({ call, closest }) => {
    const args =
      closest?.reason === 'arguments'
        ? side === 'reference'
          ? argumentsData(call, closest.call, options)
          : argumentsData(closest.call, call, options)
        : undefined;
    return {
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
            ...(args !== undefined ? { arguments: args } : {}),
          }
        : null,
    };
  });
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
    issues: [
      ...issueData('reference', issues.missing, options),
      ...issueData('call', issues.extra, options),
    ],
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
