import type { EvaluationResult, Mode } from '../evaluate/types.js';
import type { CheckDetail } from '../report/run/detail.js';
import type { ConfigWarning, RecordMetric, TrajectoryVerdict } from '../report/run/schema.js';
import type { ImportWarning } from '../import/warnings.js';

export type { TrajectoryVerdict };

/**
 * Version of the record envelope the matchers write; bump on any incompatible change.
 * 2 added the `toFollowTrajectory` matcher and the `trajectory` verdicts; readers still accept
 * records of version 1 (reports written before), which have neither.
 */
export const RECORD_VERSION = 2 as const;

/** Record versions the reporters, `merge` and `compare` read. */
export type RecordVersion = 1 | typeof RECORD_VERSION;

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
  readonly v: RecordVersion;
  readonly matcher:
    'toMatchTraceBehavior' | 'toMatchGoldenTrace' | 'traceMatching' | 'toFollowTrajectory';
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
  /** The evaluation mode (`default` for toFollowTrajectory, which has no reference mode). */
  readonly mode: Mode;
  /** Weighted full score; null when not finite, and always null for toFollowTrajectory. */
  readonly full_score: number | null;
  /** The evaluation's accuracy; for toFollowTrajectory, whether the calls followed the reference (before `.not`). */
  readonly accuracy: boolean;
  /** Metric scores by name (null = NaN / not measurable; `not_measured`: why, when not measured). */
  readonly metrics: Readonly<Record<string, Readonly<RecordMetric>>>;
  /** Decision parts by name, as in `EvaluationResult.decision.passes`. */
  readonly decision: Readonly<Record<string, boolean>>;
  /** `minScore` used by the matcher, if any. */
  readonly min_score: number | null;
  /** Short stable digest (sha256, 12 hex) of the effective config. */
  readonly config_digest: string;
  readonly golden: GoldenSource;
  readonly best_index: number | null;
  /** Present (true) when the evaluation's alignment is bounded, not proven optimal (`aligner.optimal` false). */
  readonly bounded_alignment?: true;
  readonly envtrace_version: string;
  /**
   * toMatchGoldenTrace only: `written` (missing golden created), `updated` (rewritten by `-u`),
   * `compared` (checked against an existing golden), `missing` (absent and not written: CI).
   */
  readonly golden_status?: 'written' | 'updated' | 'compared' | 'missing';
  /** Drill-down for reports: aggregation, alignment rows (capped), timing points, continuous profiles. */
  readonly detail?: CheckDetail;
  /**
   * Trajectory verdicts: one for a toFollowTrajectory call, one per `trajectoryMetric` result of
   * an evaluation (version 2); absent when the call had none.
   */
  readonly trajectory?: readonly TrajectoryVerdict[];
  /** A failed check's verdict sentence (the first line of its failure message after the hint); absent when it passed. */
  readonly failure?: string;
  /** Where in the test file a failed check's matcher was called (1-based); absent for a passed check or when the call stack does not show it. */
  readonly location?: { readonly line: number; readonly column: number };
  /** What the importers skipped or doubted reading this call's traces from files; absent when nothing. */
  readonly import_warnings?: readonly ImportWarning[];
  /**
   * Default mode: the channel-keyed config entries that named no channel of the call's traces
   * (as the batch CLI's records carry them); absent when none.
   */
  readonly config_warnings?: readonly ConfigWarning[];
}

export type { EvaluationResult };
