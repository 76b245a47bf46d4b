/**
 * One batch pair's work: load both traces, evaluate, and turn the result into a run-report
 * record. Runs in a worker thread (`batch-worker.ts`) or in-process (`--jobs 1`); everything that
 * crosses the thread boundary here is plain, structured-clone-safe data.
 */
import { configWarningsOf } from '../../report/run/warnings.js';
import { unknownChannelEntries, type UnknownChannelEntry } from '../../evaluate/channel-keys.js';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../config/index.js';
import { EnvTraceError, InputError } from '../../errors.js';
import { evaluate } from '../../evaluate/evaluate.js';
import { resolveOptions, validateOptions, type ResolvedOptions } from '../../evaluate/options.js';
import {
  boundedAlignmentNote,
  type EvaluateOptions,
  type EvaluationResult,
  type Mode,
} from '../../evaluate/types.js';
import { importFile } from '../../import/read.js';
import type { TraceReading } from '../args.js';
import { buildCheckDetail, continuousSeries, timeUnitOf } from '../../report/run/detail.js';
import { checkMetrics, toReportRecord } from '../../report/run/model.js';
import type { ReportRecord } from '../../report/run/schema.js';
import { verdictSentence, type PassRule } from '../../report/verdict.js';
import { configDigest } from '../../transport/buildRecord.js';
import { RECORD_VERSION } from '../../transport/record.js';
import { ENVTRACE_VERSION } from '../../version.js';
import { describeFsError } from '../run.js';
import { DETAIL_DEPTH, rawJsonText } from './report-json.js';

/** How a batch reads its traces: a format is never given (each trace's is told from its content). */
export type BatchReading = Omit<TraceReading, 'format'>;

/** What every evaluation of a batch shares (sent to each worker once, as `workerData`). */
export interface BatchSettings {
  /** The config file (resolved against the CLI's cwd, which worker threads share); absent = the default options. */
  readonly config?: string | undefined;
  /** The config file as given on the command line (records name it so); absent = `config`. */
  readonly configLabel?: string | undefined;
  /** `--compat`; absent = the config's `mode`, else `"default"`. */
  readonly compat?: Mode | undefined;
  /** `--min-score`: a pair passes only when its full score reaches it (and the decision passes). */
  readonly minScore?: number | undefined;
  /** How every trace is read (`--columns`, `--time-unit`, `--date-order`; see `BatchRun`). */
  readonly reading?: BatchReading | undefined;
  /**
   * Indentation of the report (0 = compact; see `reportSpace`): a worker thread serialises each
   * pair's drill-down, indented for its place in the report (`report-json.ts`).
   * @default 0
   */
  readonly indent?: 0 | 2 | undefined;
}

/** One complete pair to evaluate. */
export interface PairJob {
  /** Position of the pair in the sorted pair list (results are stored by it). */
  readonly index: number;
  readonly key: string;
  /** The two files, resolved against the CLI's cwd (as typed when that is the process's cwd, so messages name them so). */
  readonly gtPath: string;
  readonly predPath: string;
  /** The golden as shown in the report (`gt-dir/rel`, `/` separators). */
  readonly gtLabel: string;
}

/** The outcome of one pair: a record, or the one-line reason it could not be evaluated. */
export type PairOutcome =
  | {
      readonly kind: 'ok';
      readonly index: number;
      /** The record; from a worker thread without its `detail`, which travels as `detailJson`. */
      readonly record: ReportRecord;
      /** From a worker: the record's drill-down as JSON text (`rawJsonText` at `DETAIL_DEPTH`). */
      readonly detailJson?: string;
      readonly durationMs: number;
    }
  | {
      readonly kind: 'error';
      readonly index: number;
      readonly message: string;
      /** True for a bug (not a bad input): the run exits 70 after writing its report. */
      readonly internal: boolean;
      readonly durationMs: number | null;
    };

/**
 * `outcome` to send from a worker thread: its record's drill-down as JSON text. The drill-down is
 * most of a record (thousands of small objects); as one string it crosses the thread boundary as
 * a copy of its bytes instead of being structured-cloned and serialised again by the main thread.
 */
export function forTransfer(outcome: PairOutcome, settings: BatchSettings): PairOutcome {
  if (outcome.kind !== 'ok' || outcome.record.detail === undefined) return outcome;
  const { detail, ...record } = outcome.record;
  return {
    ...outcome,
    record,
    detailJson: rawJsonText(detail, settings.indent ?? 0, DETAIL_DEPTH),
  };
}

/** Evaluates pairs with one batch's settings. */
export type PairEvaluator = (job: PairJob) => Promise<PairOutcome>;

/**
 * The evaluation options and policy of a batch: the config is read and validated once here, and
 * every pair is evaluated (and its traces read) with these, without validating them again.
 */
export async function resolveBatchOptions(settings: BatchSettings): Promise<ResolvedOptions> {
  const compat = settings.compat !== undefined ? { mode: settings.compat } : {};
  return resolveOptions(
    settings.config !== undefined
      ? await loadConfig(settings.config, compat)
      : validateOptions({}, compat),
  );
}

/**
 * A `PairEvaluator` for `settings`. A config that fails to load makes every pair an error with
 * the config's message (the main thread loads it first, so this only happens if the file changed).
 */
export function createPairEvaluator(settings: BatchSettings): PairEvaluator {
  const options = resolveBatchOptions(settings);
  // Settled here so an early failure is never an unhandled rejection; each job re-reads it.
  options.catch(() => undefined);
  return async (job) => {
    const start = performance.now();
    try {
      const { options: opts, policy } = await options;
      const reading = { policy, ...settings.reading };
      const [gt, pred] = await Promise.all([
        importFile(job.gtPath, reading),
        importFile(job.predPath, reading),
      ]);
      const result = evaluate(gt.trace, pred.trace, opts);
      const series = continuousSeries(gt.trace, pred.trace, opts);
      const unknown = policy.warnUnknownChannelKeys
        ? unknownChannelEntries(opts, [gt.trace, pred.trace])
        : [];
      const record = pairRecord(result, {
        minScore: settings.minScore,
        options: opts,
        gtLabel: job.gtLabel,
        series,
        unknownChannels: unknown,
        ...(settings.config !== undefined
          ? { configFile: settings.configLabel ?? settings.config }
          : {}),
      });
      return {
        kind: 'ok',
        index: job.index,
        record,
        durationMs: performance.now() - start,
      };
    } catch (e) {
      // A problem found while scoring names its side (`gt`, `pred`): name the file instead.
      if (e instanceof InputError && (e.file === 'gt' || e.file === 'pred'))
        e.file = e.file === 'gt' ? job.gtPath : job.predPath;
      return {
        kind: 'error',
        index: job.index,
        ...describePairError(e),
        durationMs: performance.now() - start,
      };
    }
  };
}

/** Whether a pair passes: its decision passes and, with `--min-score`, its full score reaches it. */
export function pairPasses(
  result: Pick<EvaluationResult, 'accuracy' | 'full_score'>,
  minScore: number | undefined,
): boolean {
  return result.accuracy === true && (minScore === undefined || result.full_score >= minScore);
}

/**
 * The run-report record of one evaluated pair (matcher `evaluate`, golden kind `file`). A failed
 * pair carries `failure`: the verdict sentence `toMatchTraceBehavior(pred, gt, { minScore })`
 * would print for this evaluation (the same pass rule: the decision and `--min-score`). It has no
 * `location`: a pair has no call line, and the pair's file is the test's `file` already.
 */
export function pairRecord(
  result: EvaluationResult,
  info: {
    readonly minScore: number | undefined;
    readonly options: EvaluateOptions;
    readonly gtLabel: string;
    readonly series?: ReturnType<typeof continuousSeries>;
    /** The config entries that named no channel of the pair's traces (`config_warnings`). */
    readonly unknownChannels?: readonly UnknownChannelEntry[];
    /** The config file, as the record names it; absent: the default options. */
    readonly configFile?: string;
  },
): ReportRecord {
  const metrics = checkMetrics(result);
  const decision: Record<string, boolean> = {};
  for (const [name, ok] of Object.entries(result.decision.passes)) decision[name] = ok === true;
  const pass = pairPasses(result, info.minScore);
  const rule: PassRule = { requireAccuracy: true, minScore: info.minScore };
  return toReportRecord({
    v: RECORD_VERSION,
    matcher: 'evaluate',
    retry: 0,
    repeat: 0,
    seq: 0,
    pass,
    negated: false,
    mode: result.mode,
    full_score: result.full_score,
    accuracy: result.accuracy === true,
    metrics,
    decision,
    min_score: info.minScore ?? null,
    config_digest: configDigest(info.options),
    golden: { kind: 'file', paths: [info.gtLabel], count: 1 },
    best_index: null,
    ...(boundedAlignmentNote(result) !== undefined ? { bounded_alignment: true as const } : {}),
    envtrace_version: ENVTRACE_VERSION,
    detail: buildCheckDetail(result, info.series ?? [], timeUnitOf(info.options)),
    ...(pass ? {} : { failure: verdictSentence(result, rule, false) }),
    ...(info.unknownChannels !== undefined && info.unknownChannels.length > 0
      ? { config_warnings: configWarningsOf(info.unknownChannels, info.configFile) }
      : {}),
  });
}

/** One line for a pair that failed: the input's own message, or a bug marked as one. */
export function describePairError(e: unknown): { message: string; internal: boolean } {
  if (e instanceof EnvTraceError) return { message: oneLine(e.message), internal: false };
  const fs = e as NodeJS.ErrnoException & { path?: string };
  if (e instanceof Error && typeof fs.code === 'string' && typeof fs.syscall === 'string') {
    return {
      message: oneLine(`${fs.path !== undefined ? `${fs.path}: ` : ''}${describeFsError(e)}`),
      internal: false,
    };
  }
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return {
    message: `internal error: ${oneLine(text)} (this is a bug, please report it)`,
    internal: true,
  };
}

function oneLine(message: string): string {
  return message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('; ');
}
