/**
 * `envtrace evaluate --gt-dir DIR --pred-dir DIR`: pair the traces of two directories, evaluate
 * every pair (worker threads, or in-process with `--jobs 1`), show progress on stderr, write one
 * run report (`--out`), print the run summary and return the exit code:
 *
 * - 0: every pair was evaluated and passed, and every gate was met;
 * - 1: a pair failed (decision or `--min-score`), could not be evaluated (missing partner, bad
 *   trace: reported on stderr and in the report), or a gate was missed;
 * - 2: the batch could not start (bad flags, a directory that cannot be read, two traces with the
 *   same name, a bad config, no trace at all) or `--out` cannot be written;
 * - 70: a pair hit an internal error (a bug); the report is still written.
 */
import { statSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  formatConsoleSummary,
  formatMarkdownSummary,
  verdictText,
} from '../../report/run/console.js';
import type { GateConfig, RunReport } from '../../report/run/schema.js';
import { escapeForTerminal } from '../../io/terminal.js';
import { writeFileAtomic } from '../../io/write.js';
import { resolvePath } from '../args.js';
import { checkOut } from '../out.js';
import { describeFsError } from '../run.js';
import { CliIOError, EXIT_GATE, EXIT_INTERNAL, EXIT_OK, UsageError, type CliIO } from '../types.js';
import type { Colors } from '../../report/colors.js';
import { describeReport, reportKindOfFileSync } from '../reports.js';
import {
  joinRel,
  missingPartnerMessage,
  pairTraces,
  scanTraceDir,
  setAsideReports,
  TRACE_EXTENSIONS,
  type TraceFile,
} from './pairs.js';
import { runPairs, type WorkerFactory } from './pool.js';
import { Progress } from './progress.js';
import { selectShard, type Shard } from './shard.js';
import { batchReportChunks, buildBatchReport, commitFromEnv, type BatchEntry } from './report.js';
import {
  resolveBatchOptions,
  type BatchReading,
  type BatchSettings,
  type PairJob,
  type PairOutcome,
} from './task.js';
import type { Mode } from '../../evaluate/types.js';

/** Stderr lines listing failed pairs, at most this many (the report has all). */
export const MAX_ERROR_LINES = 20;

/**
 * Above this many pairs the report is written as compact JSON: with its drill-down detail a pair
 * takes ~30 kB compact but ~4× that indented, and a large batch must stay below V8's string limit.
 */
export const PRETTY_MAX_PAIRS = 1000;

/**
 * Without `--jobs`, a batch whose traces total fewer bytes than this runs in-process: each worker
 * loads the engine and warms up its own JIT, a fixed cost that outweighs the gain on a small
 * batch (the measurement behind 8 MB: bench/RESULTS.md, "Tuning constants").
 */
export const WORKERS_MIN_BYTES = 8 * 1024 * 1024;

/** The worker threads to use: `--jobs`, else 1 for a small batch, else the available parallelism. */
export function defaultJobs(
  jobs: number | undefined,
  inputBytes: number,
  parallelism: number,
): number {
  if (jobs !== undefined) return jobs;
  return inputBytes < WORKERS_MIN_BYTES ? 1 : parallelism;
}

/** The report's indentation: like the reporters' reports, compact for large batches. */
export function reportSpace(pairs: number): 0 | 2 {
  return pairs > PRETTY_MAX_PAIRS ? 0 : 2;
}

export interface BatchRun {
  readonly gtDir: string;
  readonly predDir: string;
  readonly config?: string | undefined;
  readonly compat?: Mode | undefined;
  /**
   * How every trace is read (`--columns`: as CSV with these header names, other traces refused;
   * `--time-unit`, `--date-order`). No format: each trace's is told from its content.
   */
  readonly reading?: BatchReading | undefined;
  readonly out?: string | undefined;
  /** Print the run report (JSON) on stdout instead of the summary. */
  readonly json: boolean;
  /** Worker threads; absent = available parallelism. */
  readonly jobs?: number | undefined;
  /** `--shard i/n`: evaluate only this shard of the pairs (see `shard.ts`); recorded in the report. */
  readonly shard?: Shard | undefined;
  readonly minScore?: number | undefined;
  readonly gates: GateConfig;
  /** No progress and no summary (problems still go to stderr). */
  readonly quiet: boolean;
  readonly colors: Colors;
  /** Rows of the summary table. */
  readonly maxRows?: number | undefined;
  /** Tests inject fake workers and a clock. */
  readonly createWorker?: WorkerFactory;
  readonly now?: () => number;
  readonly createdAt?: Date;
}

/** Run a batch; returns the exit code. Throws `EnvTraceError`s for problems that stop it before it runs. */
/** Whether two directory paths name one directory (through links: by device and inode). */
function sameDirectory(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false; // the scan reports a missing directory
  }
}

/**
 * With `--columns` every trace is read as CSV (as `--gt`/`--pred` are), so a trace that is not a
 * `.csv` file could only fail as CSV: the run refuses it before any pair runs, naming the first
 * (in key order, golden side first) and how many there are, instead of one failed pair each.
 */
function refuseNonCsv(run: BatchRun, gts: readonly TraceFile[], preds: readonly TraceFile[]): void {
  const notCsv = (t: TraceFile) => !t.rel.toLowerCase().endsWith('.csv');
  const others = [
    ...gts.filter(notCsv).map((t) => joinRel(run.gtDir, t.rel)),
    ...preds.filter(notCsv).map((t) => joinRel(run.predDir, t.rel)),
  ];
  if (others.length === 0) return;
  const more = others.length > 1 ? ` and ${others.length - 1} more` : '';
  throw new UsageError(
    `--columns reads every trace as CSV, but ${others[0]!}${more} ${others.length > 1 ? 'are not .csv files' : 'is not a .csv file'}: give --columns to a batch of CSV files only (or convert the others first)`,
  );
}

/** Whether `file` starts like a run report (`"kind": "envtrace-run-report"` in its first 512 bytes). */
function isRunReport(file: string): boolean {
  return reportKindOfFileSync(file) === 'run report';
}

export async function runBatch(run: BatchRun, io: CliIO): Promise<number> {
  const base: BatchSettings = {
    ...(run.config !== undefined
      ? { config: resolvePath(io, run.config), configLabel: run.config }
      : {}),
    ...(run.compat !== undefined ? { compat: run.compat } : {}),
    ...(run.minScore !== undefined ? { minScore: run.minScore } : {}),
    reading: run.reading,
  };
  // A bad config stops the batch with exit 2 before any pair runs (each worker reads it again).
  await resolveBatchOptions(base);
  const gtDir = resolvePath(io, run.gtDir);
  const predDir = resolvePath(io, run.predDir);
  if (sameDirectory(gtDir, predDir))
    throw new UsageError(
      `--gt-dir ${run.gtDir} and --pred-dir ${run.predDir} are the same directory: every trace would be scored against itself`,
    );
  // An --out inside a directory may replace an earlier run report, never a trace.
  checkOut(io, run.out, [run.gtDir, run.predDir], { replaceable: isRunReport });
  // The run's own report is never read back as a trace (a report kept inside --pred-dir).
  const exclude = new Set(run.out !== undefined ? [path.resolve(resolvePath(io, run.out))] : []);
  const [gts, preds] = await Promise.all([
    scanTraceDir(gtDir, `--gt-dir ${run.gtDir}`, { exclude }),
    // A prediction that links to its golden (or to /etc/shadow) is not a prediction.
    scanTraceDir(predDir, `--pred-dir ${run.predDir}`, { confine: true, exclude }),
  ]);
  // envtrace's own reports kept in a trace directory (an earlier run's, an evaluation's --json
  // output) are never scored as traces: skipped with a warning each, even with --quiet.
  const sides = setAsideReports(gts, preds, run);
  for (const { side, file } of sides.skipped)
    io.stderr.write(
      `envtrace: warning: skipped ${escapeForTerminal(joinRel(side === 'gt' ? run.gtDir : run.predDir, file.rel))}: ${describeReport(file.report)}, not a trace\n`,
    );
  if (run.reading?.columns !== undefined) refuseNonCsv(run, sides.gts, sides.preds);
  const allPairs = pairTraces(sides.gts, sides.preds);
  if (allPairs.length === 0)
    throw new UsageError(
      `no trace files in --gt-dir ${run.gtDir} or --pred-dir ${run.predDir} (looked for ${TRACE_EXTENSIONS.join(', ')} files and rosbag2 run directories)`,
    );
  // Sharded by pair, partners or not: a missing partner is reported by exactly one shard.
  const pairs = run.shard ? selectShard(allPairs, run.shard) : allPairs;
  // Every pair is one test of the report, so its indentation is known before any pair runs.
  const space = reportSpace(pairs.length);
  const settings: BatchSettings = { ...base, indent: space };

  const ignored = [
    ...gts.ignored.map((f) => joinRel(run.gtDir, f)),
    ...preds.ignored.map((f) => joinRel(run.predDir, f)),
  ];
  if (ignored.length > 0 && !run.quiet) {
    const shown = ignored.slice(0, 5).map(escapeForTerminal).join(', ');
    io.stderr.write(
      `envtrace: ignored ${ignored.length} ${ignored.length === 1 ? 'file that is' : 'files that are'} not a trace: ${shown}${ignored.length > 5 ? ', …' : ''}\n`,
    );
  }

  const outcomes: Array<PairOutcome | undefined> = new Array<PairOutcome | undefined>(pairs.length);
  const jobs: PairJob[] = [];
  let inputBytes = 0;
  pairs.forEach((p, index) => {
    const refused = p.pred?.refused ?? p.gt?.refused;
    if (refused !== undefined)
      outcomes[index] = {
        kind: 'error',
        index,
        message: refused,
        internal: false,
        durationMs: null,
      };
    else if (p.gt && p.pred) {
      jobs.push({
        index,
        key: p.key,
        gtPath: p.gt.path,
        predPath: p.pred.path,
        gtLabel: joinRel(run.gtDir, p.gt.rel),
      });
      inputBytes += p.gt.bytes + p.pred.bytes;
    } else
      outcomes[index] = {
        kind: 'error',
        index,
        message: missingPartnerMessage(p, run),
        internal: false,
        durationMs: null,
      };
  });

  const progress = run.quiet
    ? undefined
    : new Progress({
        total: jobs.length,
        write: (s) => io.stderr.write(s),
        tty: io.stderrIsTTY === true,
        columns: io.stderrColumns,
        ...(run.now ? { now: run.now } : {}),
      });
  let evaluated: PairOutcome[];
  try {
    evaluated = await runPairs(jobs, {
      jobs: defaultJobs(run.jobs, inputBytes, availableParallelism()),
      settings,
      ...(run.createWorker ? { createWorker: run.createWorker } : {}),
      onOutcome: () => progress?.update(),
    });
  } finally {
    progress?.done();
  }
  for (const o of evaluated) outcomes[o.index] = o;

  const entries: BatchEntry[] = pairs.map((p, i) => ({ key: p.key, outcome: outcomes[i]! }));
  const failed = entries.filter((e) => e.outcome.kind === 'error');
  for (const e of failed.slice(0, MAX_ERROR_LINES)) {
    if (e.outcome.kind === 'error')
      io.stderr.write(
        `envtrace: ${escapeForTerminal(e.key)}: ${escapeForTerminal(e.outcome.message)}\n`,
      );
  }
  if (failed.length > MAX_ERROR_LINES) {
    io.stderr.write(
      `envtrace: … and ${failed.length - MAX_ERROR_LINES} more pairs that could not be evaluated (all are in the report)\n`,
    );
  }

  const report = buildBatchReport({
    entries,
    createdAt: run.createdAt ?? new Date(),
    gitCommit: commitFromEnv(io.env),
    gates: run.gates,
    shard: run.shard ?? null,
  });
  // The config entries that named no channel in any pair (default mode), as the report says them:
  // once each, however many pairs share the config.
  for (const w of report.summary.config_warnings ?? [])
    io.stderr.write(`envtrace: warning: ${escapeForTerminal(w.message)}\n`);
  // Generated as written, once per destination: the whole text is never held (~170 MB indented
  // for 1,000 pairs of 1,000 events).
  const text = function* (): Generator<string> {
    yield* batchReportChunks(report, entries, space);
    yield '\n';
  };
  if (run.out !== undefined) await writeReport(io, run.out, text());
  if (run.json) for (const chunk of text()) io.stdout.write(chunk);
  if (!run.json && !run.quiet) {
    if (run.shard)
      io.stdout.write(
        `shard ${run.shard.index}/${run.shard.count}: ${pairs.length} of ${allPairs.length} pairs\n`,
      );
    io.stdout.write(
      formatConsoleSummary(report, {
        colors: run.colors,
        ...(run.maxRows !== undefined ? { maxRows: run.maxRows } : {}),
      }),
    );
  }
  await appendStepSummary(io, report);
  if (entries.some((e) => e.outcome.kind === 'error' && e.outcome.internal)) return EXIT_INTERNAL;
  if (report.summary.verdict.passed) return EXIT_OK;
  if (run.quiet || run.json) io.stderr.write(`envtrace: ${verdictText(report.summary)}\n`);
  return EXIT_GATE;
}

/** In GitHub Actions (`GITHUB_STEP_SUMMARY` set), append the Markdown summary, as the reporters do; a failure is one line on stderr. */
async function appendStepSummary(io: CliIO, report: RunReport): Promise<void> {
  const file = io.env['GITHUB_STEP_SUMMARY'];
  if (!file) return;
  try {
    await appendFile(file, formatMarkdownSummary(report));
  } catch (e) {
    io.stderr.write(
      `envtrace: could not append to GITHUB_STEP_SUMMARY (${escapeForTerminal(describeFsError(e))})\n`,
    );
  }
}

async function writeReport(io: CliIO, out: string, chunks: Iterable<string>): Promise<void> {
  try {
    await writeFileAtomic(resolvePath(io, out), chunks);
  } catch (e) {
    throw new CliIOError(`${out}: cannot write the report: ${describeFsError(e)}`, { cause: e });
  }
}
