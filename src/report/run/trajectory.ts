/**
 * The trajectory part of a run: the verdicts a record carries (`record.trajectory`: one per
 * `toFollowTrajectory` call, one per `trajectoryMetric` of an evaluation) summed over the
 * run's samples into a pass rate and the corpus distance. The corpus distance is the total raw
 * distance over the total maximum distance, never a mean of per-check ratios: a long trajectory
 * weighs as much as its mass, so ten perfect one-step checks cannot hide one failed fifty-step one.
 */
import { aggregateTrajectoryDistances } from '../../trajectory/distance.js';
import type { ReportRecord, TrajectorySummary, TrajectoryVerdict } from './schema.js';

/** The trajectory verdicts of the given records, in record order. */
export function trajectoryVerdicts(
  records: Iterable<Pick<ReportRecord, 'trajectory'>>,
): TrajectoryVerdict[] {
  const out: TrajectoryVerdict[] = [];
  for (const r of records) if (r.trajectory) out.push(...r.trajectory);
  return out;
}

/**
 * Pass rate and corpus distance of `verdicts` (from non-negated records); `undefined` when there
 * are none, so a run without trajectory checks has no `summary.trajectory`.
 */
export function summarizeTrajectories(
  verdicts: readonly TrajectoryVerdict[],
): TrajectorySummary | undefined {
  if (verdicts.length === 0) return undefined;
  const passed = verdicts.filter((v) => v.pass).length;
  const withDistance = verdicts.flatMap((v) => (v.distance ? [v.distance] : []));
  let distance: TrajectorySummary['distance'] = null;
  if (withDistance.length > 0) {
    const total = aggregateTrajectoryDistances(withDistance);
    const ratio = total.max > 0 ? total.distance / total.max : null;
    distance = {
      checks: withDistance.length,
      distance: total.distance,
      max: total.max,
      ratio,
      score: ratio === null ? null : 1 - ratio,
    };
  }
  return { checks: verdicts.length, passed, rate: passed / verdicts.length, distance };
}

/** Per test: how many of its sample verdicts passed (`null` when it has none). */
export function testTrajectoryFigures(
  records: readonly Pick<ReportRecord, 'trajectory' | 'negated'>[],
): { passed: number; checks: number } | null {
  const verdicts = trajectoryVerdicts(records.filter((r) => !r.negated));
  return verdicts.length
    ? { passed: verdicts.filter((v) => v.pass).length, checks: verdicts.length }
    : null;
}

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * The summary in words (console, Markdown): `trajectories 3/4 passed (75.0%) · corpus distance
 * 0.2917 (3.5 / 12 over 3 checks, score 0.7083)`; `color` wraps the `3/4 passed` part.
 */
export function trajectorySummaryText(
  t: TrajectorySummary,
  color: (s: string) => string = (s) => s,
): string {
  const rate = t.rate === null ? '—' : `${(t.rate * 100).toFixed(1)}%`;
  const head = `trajectories ${color(`${t.passed}/${t.checks} passed`)} (${rate})`;
  const d = t.distance;
  if (d === null) return head;
  const over = `${num(d.distance)} / ${num(d.max)} over ${d.checks} check${d.checks === 1 ? '' : 's'}`;
  if (d.ratio === null || d.score === null)
    return `${head} · corpus distance — (${over}: nothing to compare)`;
  return `${head} · corpus distance ${d.ratio.toFixed(4)} (${over}, score ${d.score.toFixed(4)})`;
}
