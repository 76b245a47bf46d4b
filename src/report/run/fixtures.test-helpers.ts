/**
 * Shared test fixtures for the run-report unit tests (not a test file itself).
 * The scenario's statistics are computed by hand in model.test.ts.
 */
import type { BuildRunReportInput, RecordInput, RunTestInput } from './model.js';

export const ROOT = '/proj';

export function rec(
  file: string,
  name: string,
  over: Partial<Omit<RecordInput, 'metrics'>> & { metrics?: Record<string, number | null> } = {},
): RecordInput {
  const { metrics: m, ...rest } = over;
  const metrics: Record<string, { score: number | null; binary_pass: boolean }> = {};
  for (const [k, v] of Object.entries(m ?? { discrete: 1, timing: 1 }))
    metrics[k] = { score: v, binary_pass: v === 1 };
  return {
    v: 1,
    matcher: 'toMatchTraceBehavior',
    testPath: `${ROOT}/${file}`,
    testName: name,
    retry: 0,
    repeat: 0,
    seq: 0,
    pass: true,
    negated: false,
    mode: 'default',
    full_score: 1,
    accuracy: true,
    metrics,
    decision: { discrete_exact: true },
    min_score: null,
    config_digest: 'abc123abc123',
    golden: { kind: 'inline', count: 1 },
    best_index: null,
    envtrace_version: '0.1.0',
    ...rest,
  };
}

function t(
  file: string,
  name: string,
  status: RunTestInput['status'],
  records: RecordInput[],
  attempts = 1,
): RunTestInput {
  return { file: `${ROOT}/${file}`, name, status, durationMs: 12.5, attempts, records };
}

const G = { kind: 'file' as const, paths: ['goldens/task.json'], count: 1 };

/**
 * The scenario:
 * - A: two repeats of one inline-golden test, scores 0.9 and 0.7, both pass;
 * - B: one failing sample, score 0.4, discrete not measurable (NaN);
 * - C: a passing test with no envtrace record; D: a failing test with none (threw first);
 * - E: only a negated call (left out of the statistics);
 * - F1..F3: test.each over samples of one task (same golden file): 0.8 pass, 0.3 fail, 0.6 pass.
 */
export function scenario(): BuildRunReportInput {
  const a = 'src/a.test.ts';
  const b = 'src/b.test.ts';
  return {
    rootDir: ROOT,
    createdAt: new Date('2025-01-02T03:04:05.000Z'),
    runner: { name: 'vitest', version: '4.1.12' },
    envtraceVersion: '0.1.0',
    shard: null,
    gitCommit: '0123456789abcdef0123456789abcdef01234567',
    files: [
      { file: `${ROOT}/${b}`, status: 'failed', errors: [] },
      { file: `${ROOT}/${a}`, status: 'failed', errors: [] },
      { file: `${ROOT}/src/broken.test.ts`, status: 'failed', errors: ['Error: boom at import'] },
    ],
    tests: [
      t(
        a,
        'A one',
        'passed',
        [
          rec(a, 'A one', { repeat: 1, full_score: 0.7, metrics: { discrete: 1, timing: 0.4 } }),
          rec(a, 'A one', { repeat: 0, full_score: 0.9, metrics: { discrete: 1, timing: 0.8 } }),
        ],
        2,
      ),
      t(a, 'B two', 'failed', [
        rec(a, 'B two', {
          full_score: 0.4,
          pass: false,
          accuracy: false,
          metrics: { discrete: null, timing: 0.5 },
        }),
      ]),
      t(a, 'C plain', 'passed', []),
      t(a, 'D throws', 'failed', []),
      t(a, 'E differs', 'passed', [
        rec(a, 'E differs', { negated: true, full_score: 0.1, accuracy: false }),
      ]),
      t(b, 'F sample 1', 'passed', [
        rec(b, 'F sample 1', { golden: G, full_score: 0.8, metrics: { discrete: 1, timing: 0.6 } }),
      ]),
      t(b, 'F sample 2', 'failed', [
        rec(b, 'F sample 2', {
          golden: G,
          full_score: 0.3,
          pass: false,
          accuracy: false,
          metrics: { discrete: 0, timing: 0.6 },
        }),
      ]),
      t(b, 'F sample 3', 'passed', [
        rec(b, 'F sample 3', { golden: G, full_score: 0.6, metrics: { discrete: 1, timing: 0.2 } }),
      ]),
      t(b, 'G todo', 'todo', [], 0),
    ],
    config: { k: [1, 2, 5], gates: { minMeanScore: 0.7, minPassRate: 0.6, minPassAtK: 0.9, k: 2 } },
  };
}
