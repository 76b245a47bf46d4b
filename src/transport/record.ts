import type { EvaluationResult, Mode } from '../evaluate/types.js';
import type { CheckDetail } from '../report/run/detail.js';

/** Version of the record envelope; bump on any incompatible change. */
export const RECORD_VERSION = 1 as const;

/** Where the golden trace(s) of a check came from. */
export interface GoldenSource {
  /** `inline`: objects/arrays passed in code; `file`: trace file path(s); `golden`: a `__traces__` golden managed by toMatchGoldenTrace. */
  readonly kind: 'inline' | 'file' | 'golden';
  /** File path(s), relative to the project root, when known. */
  readonly paths?: readonly string[];
  /** Number of goldens (best-of when > 1). */
  readonly count: number;
}

/**
 * One matcher call's evaluation, published by the matchers (Vitest: `task.meta.envtrace`,
 * an array; Jest: one JSON line in the side-channel directory) and read by the reporters.
 * Plain, JSON-safe data: non-finite numbers are `null`.
 */
export interface EnvTraceRecord {
  readonly v: typeof RECORD_VERSION;
  readonly matcher: 'toMatchTraceBehavior' | 'toMatchGoldenTrace' | 'traceMatching';
  /** Absolute test file path. */
  readonly testPath: string;
  /** Full test name (describe blocks joined by ' '), as the runner reports it. */
  readonly testName: string;
  /** Retry attempt (0-based) and repeat index (0-based) the call was made in. */
  readonly retry: number;
  readonly repeat: number;
  /** Order of this call within its test attempt (0-based). */
  readonly seq: number;
  /** Whether the assertion passed (after `.not`). */
  readonly pass: boolean;
  readonly negated: boolean;
  readonly mode: Mode;
  readonly full_score: number | null;
  readonly accuracy: boolean;
  /** Metric scores by name (null = NaN / not measurable). */
  readonly metrics: Readonly<Record<string, { readonly score: number | null; readonly binary_pass: boolean }>>;
  /** Decision parts by name, as in `EvaluationResult.decision.passes`. */
  readonly decision: Readonly<Record<string, boolean>>;
  /** `minScore` used by the matcher, if any. */
  readonly min_score: number | null;
  /** Short stable digest (sha256, 12 hex) of the effective config. */
  readonly config_digest: string;
  readonly golden: GoldenSource;
  readonly best_index: number | null;
  readonly envtrace_version: string;
  /**
   * toMatchGoldenTrace only: `written` (missing golden created), `updated` (rewritten by `-u`),
   * `compared` (checked against an existing golden), `missing` (absent and not written: CI).
   */
  readonly golden_status?: 'written' | 'updated' | 'compared' | 'missing';
  /** Drill-down for reports: aggregation, alignment rows (capped), timing points, continuous profiles. */
  readonly detail?: CheckDetail;
}

export type { EvaluationResult };
