import { describe, expect, it } from 'vitest';
import { rec, ROOT } from './fixtures.test-helpers.js';
import { formatConsoleSummary, formatMarkdownSummary } from './console.js';
import { buildRunReport, type RecordInput } from './model.js';
import { parseRunReport, mergeRunReports } from './merge.js';
import { RunReportSchema, type TrajectoryVerdict } from './schema.js';
import {
  summarizeTrajectories,
  testTrajectoryFigures,
  trajectorySummaryText,
  trajectoryVerdicts,
} from './trajectory.js';

const dist = (distance: number, max: number, scheme: 'in_order' | 'any_order' = 'in_order') => ({
  scheme,
  distance,
  max,
  score: max === 0 ? 1 : 1 - distance / max,
});
const match = (pass: boolean, d: ReturnType<typeof dist> | null = null): TrajectoryVerdict => ({
  check: 'match',
  pass,
  mode: 'strict',
  args: 'exact',
  tool_args: {},
  matched: pass ? 3 : 2,
  unmatched_reference: pass ? 0 : 1,
  unexpected: 0,
  distance: d,
  issues: pass
    ? []
    : [
        {
          side: 'reference',
          index: 2,
          call: 'open({"id":1})',
          closest: { index: 2, call: 'open({"id":2})', reason: 'arguments' },
        },
      ],
});
const metric = (pass: boolean, d: ReturnType<typeof dist>): TrajectoryVerdict => ({
  check: 'metric',
  metric: 'trajectory',
  pass,
  distance: d,
});

/** A toFollowTrajectory record as the matcher builds it. */
function trajRec(
  file: string,
  name: string,
  v: TrajectoryVerdict,
  over: Partial<Omit<RecordInput, 'metrics'>> = {},
): RecordInput {
  return rec(file, name, {
    v: 2,
    matcher: 'toFollowTrajectory',
    full_score: null,
    accuracy: v.pass,
    pass: v.pass,
    metrics: {},
    decision: {},
    trajectory: [v],
    ...over,
  });
}

describe('summarizeTrajectories', () => {
  it('corpus distance = total distance / total max, never a mean of ratios (3 checks, different max)', () => {
    // distances 1 of 2, 0 of 10, 6 of 12: ratios 0.5, 0, 0.5 (mean 1/3) but the corpus is 7/24.
    const s = summarizeTrajectories([
      match(false, dist(1, 2)),
      metric(true, dist(0, 10, 'any_order')),
      match(false, dist(6, 12)),
      match(true),
    ]);
    expect(s).toEqual({
      checks: 4,
      passed: 2,
      rate: 0.5,
      distance: { checks: 3, distance: 7, max: 24, ratio: 7 / 24, score: 1 - 7 / 24 },
    });
    expect(s!.distance!.ratio).not.toBeCloseTo(1 / 3, 3);
  });

  it('is undefined without verdicts; a null distance without any distance; a null ratio when every max is 0', () => {
    expect(summarizeTrajectories([])).toBeUndefined();
    expect(summarizeTrajectories([match(true), match(false)])).toEqual({
      checks: 2,
      passed: 1,
      rate: 0.5,
      distance: null,
    });
    expect(summarizeTrajectories([match(true, dist(0, 0))])!.distance).toEqual({
      checks: 1,
      distance: 0,
      max: 0,
      ratio: null,
      score: null,
    });
  });

  it('in words, for the console and Markdown', () => {
    expect(
      trajectorySummaryText(
        summarizeTrajectories([match(false, dist(1, 2)), match(true, dist(2.5, 10))])!,
      ),
    ).toBe(
      'trajectories 1/2 passed (50.0%) · corpus distance 0.2917 (3.5 / 12 over 2 checks, score 0.7083)',
    );
    expect(trajectorySummaryText(summarizeTrajectories([match(true)])!, (x) => `<${x}>`)).toBe(
      'trajectories <1/1 passed> (100.0%)',
    );
    expect(trajectorySummaryText(summarizeTrajectories([match(true, dist(0, 0))])!)).toBe(
      'trajectories 1/1 passed (100.0%) · corpus distance — (0 / 0 over 1 check: nothing to compare)',
    );
  });

  it('per test: verdicts of non-negated records only', () => {
    expect(
      testTrajectoryFigures([
        { negated: false, trajectory: [match(true), metric(false, dist(1, 2))] },
        { negated: true, trajectory: [match(true)] },
        { negated: false },
      ]),
    ).toEqual({
      passed: 1,
      checks: 2,
    });
    expect(testTrajectoryFigures([{ negated: false }])).toBeNull();
    expect(trajectoryVerdicts([{}, { trajectory: [match(true)] }])).toHaveLength(1);
  });
});

describe('the run report with trajectory checks', () => {
  const file = 'src/agent.test.ts';
  const input = () => ({
    rootDir: ROOT,
    createdAt: new Date('2025-01-02T03:04:05.000Z'),
    runner: { name: 'vitest' as const, version: '4.1.12' },
    envtraceVersion: '0.2.0',
    shard: null,
    gitCommit: null,
    files: [{ file: `${ROOT}/${file}`, status: 'failed' as const, errors: [] }],
    tests: [
      {
        file: `${ROOT}/${file}`,
        name: 'books a trip',
        status: 'passed' as const,
        durationMs: 3,
        attempts: 1,
        records: [trajRec(file, 'books a trip', match(true, dist(0, 10)))],
      },
      {
        file: `${ROOT}/${file}`,
        name: 'wrong agent',
        status: 'failed' as const,
        durationMs: 3,
        attempts: 1,
        records: [trajRec(file, 'wrong agent', match(false, dist(3, 12)))],
      },
      // An evaluation that used trajectoryMetric: scored as usual, and its verdict counts too.
      {
        file: `${ROOT}/${file}`,
        name: 'scored',
        status: 'passed' as const,
        durationMs: 3,
        attempts: 1,
        records: [
          rec(file, 'scored', { v: 2, full_score: 0.9, trajectory: [metric(true, dist(1, 2))] }),
        ],
      },
      // .not calls are not samples: their verdicts are not counted either.
      {
        file: `${ROOT}/${file}`,
        name: 'negated',
        status: 'passed' as const,
        durationMs: 3,
        attempts: 1,
        records: [
          trajRec(file, 'negated', match(false, dist(5, 5)), { negated: true, pass: true }),
        ],
      },
    ],
  });

  it('summary.trajectory: pass rate and corpus distance; toFollowTrajectory calls are pass-rate samples without a score', () => {
    const report = buildRunReport(input());
    expect(RunReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
    const s = report.summary;
    expect(s.trajectory).toEqual({
      checks: 3,
      passed: 2,
      rate: 2 / 3,
      distance: { checks: 3, distance: 4, max: 24, ratio: 4 / 24, score: 20 / 24 },
    });
    // Only the evaluation has a full score; the trajectory calls are neither scored nor NaN.
    expect(s.score).toMatchObject({ n: 1, nan_count: 0, mean: 0.9 });
    expect(s.pass_rate).toMatchObject({ n: 3, passed: 2 });
    expect(s.metrics['discrete']?.coverage).toEqual({ scored: 1, missing: 0, failed: 0 });
  });

  it('the console and Markdown summaries show it; a run without trajectory checks does not', () => {
    const report = buildRunReport(input());
    const line =
      'trajectories 2/3 passed (66.7%) · corpus distance 0.1667 (4 / 24 over 3 checks, score 0.8333)';
    expect(formatConsoleSummary(report)).toContain(`  Tool use  ${line}\n`);
    expect(formatMarkdownSummary(report)).toContain(`- **Tool use:** ${line}\n`);
    const plain = buildRunReport({
      ...input(),
      tests: [input().tests[2]!].map((t) => ({ ...t, records: [rec(file, 'scored')] })),
    });
    expect(plain.summary).not.toHaveProperty('trajectory');
    expect(formatConsoleSummary(plain)).not.toContain('Tool use');
  });

  it('old reports (version 1 records, no trajectory) still parse, merge and render next to new ones', () => {
    const old = buildRunReport({
      ...input(),
      files: [{ file: `${ROOT}/src/old.test.ts`, status: 'passed', errors: [] }],
      tests: [
        {
          file: `${ROOT}/src/old.test.ts`,
          name: 'legacy',
          status: 'passed',
          durationMs: 1,
          attempts: 1,
          records: [rec('src/old.test.ts', 'legacy', { v: 1 })],
        },
      ],
    });
    const oldText = JSON.stringify(old);
    expect(oldText).not.toContain('trajectory');
    const merged = mergeRunReports(
      [
        { file: 'old.json', report: parseRunReport(oldText, 'old.json') },
        {
          file: 'new.json',
          report: parseRunReport(JSON.stringify(buildRunReport(input())), 'new.json'),
        },
      ],
      { createdAt: new Date('2025-01-03T00:00:00.000Z'), envtraceVersion: '0.2.0' },
    );
    expect(merged.tests.map((t) => t.records[0]?.v)).toEqual([2, 2, 2, 2, 1]);
    expect(merged.summary.trajectory).toEqual(buildRunReport(input()).summary.trajectory);
    expect(formatConsoleSummary(parseRunReport(oldText, 'old.json'))).not.toContain('Tool use');
  });

  it('a malformed verdict is refused by the schema with its path', () => {
    const report = JSON.parse(JSON.stringify(buildRunReport(input()))) as {
      tests: Array<{ records: Array<{ trajectory: Array<Record<string, unknown>> }> }>;
    };
    report.tests[0]!.records[0]!.trajectory[0]!['mode'] = 'sideways';
    expect(() => parseRunReport(JSON.stringify(report), 'bad.json')).toThrow(
      /^bad\.json: tests\[0\]\.records\[0\]\.trajectory\[0\]/,
    );
  });
});
