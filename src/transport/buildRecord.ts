/**
 * Building the JSON-safe record a matcher call publishes for the reporters. Pure: no fs, no
 * process; the runner-specific publishing lives in `matchers/publish.ts`.
 */
import { createHash } from 'node:crypto';
import { boundedAlignmentNote, type EvaluationResult } from '../evaluate/types.js';
import { buildCheckDetail, timeUnitOf, type ContinuousSeriesInput } from '../report/run/detail.js';
import { checkMetrics } from '../report/run/model.js';
import { RECORD_VERSION, type EnvTraceRecord, type GoldenSource } from './record.js';
import type { ConfigWarning, TrajectoryMatchVerdict } from '../report/run/schema.js';
import { metricVerdicts } from './trajectory.js';
import type { ImportWarning } from '../import/warnings.js';

/** What the matcher knows about the call besides the evaluation itself. */
export interface RecordInfo {
  readonly matcher: EnvTraceRecord['matcher'];
  readonly testPath: string;
  readonly testName: string;
  readonly retry: number;
  readonly repeat: number;
  readonly seq: number;
  /** Whether the assertion passed, after `.not`. */
  readonly pass: boolean;
  readonly negated: boolean;
  readonly minScore: number | null;
  /** The effective options the evaluation ran with (digested, never stored). */
  readonly config: unknown;
  readonly golden: GoldenSource;
  readonly version: string;
  /** toMatchGoldenTrace only: what happened to the golden file. */
  readonly goldenStatus?: EnvTraceRecord['golden_status'];
  /** Continuous profiles for the drill-down (the result does not hold them). */
  readonly series?: readonly ContinuousSeriesInput[];
  /** The import warnings of the call's traces read from files (received first). */
  readonly importWarnings?: readonly ImportWarning[];
  /** The config entries that named no channel of the call's traces (`config_warnings`). */
  readonly configWarnings?: readonly ConfigWarning[];
  /** A failed call's verdict sentence (the matcher's, as in its failure message). */
  readonly failure?: string;
  /** Where in the test file the call was made. */
  readonly location?: EnvTraceRecord['location'];
}

/** The optional `failure` and `location` of a record, present only when given. */
function whyAndWhere(info: Pick<RecordInfo, 'failure' | 'location'>) {
  return {
    ...(info.failure === undefined ? {} : { failure: info.failure }),
    ...(info.location === undefined
      ? {}
      : { location: { line: info.location.line, column: info.location.column } }),
  };
}

/** A finite number, or null (JSON has no NaN/Infinity). */
export function finiteOrNull(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/**
 * A canonical text form of an options object for digesting: insertion order kept (weight
 * order changes floating-point sums, so it is part of the config), functions and objects
 * with methods named, `Map`s as entry lists, bigints and non-finite numbers as tagged strings.
 */
export function canonicalConfigText(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown): string => {
    switch (typeof v) {
      case 'string':
        return JSON.stringify(v);
      case 'number':
        if (Number.isFinite(v)) return Object.is(v, -0) ? '-0' : String(v);
        return JSON.stringify(`#${String(v)}`);
      case 'bigint':
        return JSON.stringify(`#bigint:${v.toString()}`);
      case 'boolean':
        return v ? 'true' : 'false';
      case 'undefined':
        return 'null';
      case 'function':
        return JSON.stringify(`#function:${v.name}`);
      case 'symbol':
        return JSON.stringify(`#symbol:${v.description ?? ''}`);
      default:
        break;
    }
    if (v === null) return 'null';
    const obj = v as object;
    if (seen.has(obj)) return JSON.stringify('#circular');
    seen.add(obj);
    let out: string;
    if (Array.isArray(obj)) {
      out = `[${obj.map((x: unknown) => walk(x)).join(',')}]`;
    } else if (obj instanceof Map) {
      out = `{"#map":[${Array.from(obj as Map<unknown, unknown>, ([k, x]) => `[${walk(k)},${walk(x)}]`).join(',')}]}`;
    } else {
      const proto: unknown = Object.getPrototypeOf(obj);
      const parts = Object.entries(obj).map(([k, x]) => `${JSON.stringify(k)}:${walk(x)}`);
      if (proto !== Object.prototype && proto !== null) {
        const ctor = (proto as { constructor?: { name?: string } }).constructor?.name ?? '';
        parts.unshift(`"#class":${JSON.stringify(ctor)}`);
      }
      out = `{${parts.join(',')}}`;
    }
    seen.delete(obj);
    return out;
  };
  return walk(value);
}

/** Short stable digest (sha256, first 12 hex digits) of an options object. */
export function configDigest(config: unknown): string {
  return createHash('sha256')
    .update(canonicalConfigText(config ?? {}))
    .digest('hex')
    .slice(0, 12);
}

/** Which matcher call a record is of: the test, its attempt, the call's order and outcome. */
function callOf(info: TrajectoryRecordInfo) {
  const { testPath, testName, retry, repeat, seq, pass, negated } = info;
  return { testPath, testName, retry, repeat, seq, pass, negated };
}

/** A plain copy of a record's golden source (`paths` only when there are paths). */
function goldenSourceOf(g: GoldenSource): GoldenSource {
  return g.paths === undefined
    ? { kind: g.kind, count: g.count }
    : { kind: g.kind, paths: [...g.paths], count: g.count };
}

/**
 * The record of one matcher call. Plain data: safe for `JSON.stringify` and structured clone.
 * A missing golden (`goldenStatus: 'missing'`) compared nothing: its record has no score, no
 * metrics and no detail (the run report counts it as a file error, never as a 0.000).
 */
export function buildRecord(result: EvaluationResult, info: RecordInfo): EnvTraceRecord {
  if (info.goldenStatus === 'missing') {
    return {
      v: RECORD_VERSION,
      matcher: info.matcher,
      ...callOf(info),
      mode: result.mode,
      full_score: null,
      accuracy: false,
      metrics: {},
      decision: {},
      min_score: info.minScore,
      config_digest: configDigest(info.config),
      golden: goldenSourceOf(info.golden),
      best_index: null,
      envtrace_version: info.version,
      golden_status: 'missing',
      ...whyAndWhere(info),
    };
  }
  const metrics = checkMetrics(result);
  const decision: Record<string, boolean> = {};
  for (const [name, ok] of Object.entries(result.decision.passes)) decision[name] = ok === true;
  const golden = goldenSourceOf(info.golden);
  const trajectory = metricVerdicts(result);
  const record: EnvTraceRecord = {
    v: RECORD_VERSION,
    matcher: info.matcher,
    ...callOf(info),
    mode: result.mode,
    full_score: finiteOrNull(result.full_score),
    accuracy: result.accuracy === true,
    metrics,
    decision,
    min_score: info.minScore,
    config_digest: configDigest(info.config),
    golden,
    best_index: typeof result.best_index === 'number' ? result.best_index : null,
    ...(boundedAlignmentNote(result) !== undefined ? { bounded_alignment: true as const } : {}),
    envtrace_version: info.version,
    ...(info.goldenStatus === undefined ? {} : { golden_status: info.goldenStatus }),
    detail: buildCheckDetail(result, info.series, timeUnitOf(info.config)),
    ...(trajectory.length ? { trajectory } : {}),
    ...(info.importWarnings?.length
      ? { import_warnings: info.importWarnings.map((w) => ({ ...w })) }
      : {}),
    ...(info.configWarnings?.length
      ? { config_warnings: info.configWarnings.map((w) => ({ ...w })) }
      : {}),
    ...whyAndWhere(info),
  };
  return record;
}

/** What a toFollowTrajectory call knows besides its verdict (a `RecordInfo` without the evaluation parts). */
export type TrajectoryRecordInfo = Omit<
  RecordInfo,
  'matcher' | 'minScore' | 'goldenStatus' | 'series'
>;

/**
 * The record of one toFollowTrajectory call: no full score, no metrics; `accuracy` is whether
 * the calls followed the reference (before `.not`), `trajectory` holds the verdict.
 */
export function buildTrajectoryRecord(
  verdict: TrajectoryMatchVerdict,
  info: TrajectoryRecordInfo,
): EnvTraceRecord {
  const golden = goldenSourceOf(info.golden);
  return {
    v: RECORD_VERSION,
    matcher: 'toFollowTrajectory',
    ...callOf(info),
    mode: 'default',
    full_score: null,
    accuracy: verdict.pass,
    metrics: {},
    decision: {},
    min_score: null,
    config_digest: configDigest(info.config),
    golden,
    best_index: null,
    envtrace_version: info.version,
    trajectory: [verdict],
    ...whyAndWhere(info),
  };
}
