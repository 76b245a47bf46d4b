/** The evaluation flow shared by `envtrace align` and `envtrace evaluate`. */
import { loadConfig } from '../config/index.js';
import { evaluate, evaluateBestOf } from '../evaluate/evaluate.js';
import { resolveOptions, validateOptions } from '../evaluate/options.js';
import type { EvaluationResult, Mode } from '../evaluate/types.js';
import { escapeForTerminal } from '../report/escape.js';
import { digitsApart, pyFixed } from '../report/format.js';
import { formatTextReport, reportChunks } from '../report/index.js';
import { reportWidth } from '../report/width.js';
import { importFile, type ImportedTrace } from '../import/read.js';
import { warningLines } from '../import/warnings.js';
import { InputError, TraceError } from '../errors.js';
import { resolvePath, type TraceReading } from './args.js';
import { checkOut } from './out.js';
import { describeReport, reportKindOfFile } from './reports.js';
import { describeFsError, writeFileAtomic } from '../io/write.js';
import { CliIOError, EXIT_GATE, EXIT_OK, type CliIO } from './types.js';

export interface EvaluationRun {
  /** One or more golden trace files (several: best of). */
  readonly gts: readonly string[];
  readonly pred: string;
  /** Config file; absent = default options (the reference's `envtrace align`). */
  readonly config?: string | undefined;
  /** `--compat`; absent = the config's `mode`, else `"default"`. */
  readonly compat?: Mode | undefined;
  readonly out?: string | undefined;
  readonly json: boolean;
  readonly minScore?: number | undefined;
  readonly requirePass: boolean;
  readonly colors: boolean;
  readonly maxRows?: number | undefined;
  readonly width?: number | undefined;
  /**
   * How the inputs are read (`--columns`: as CSV with these header names; `--format`: in this
   * format, else told per file; `--time-unit`, `--date-order`: CSV time cells).
   */
  readonly reading?: TraceReading | undefined;
}

/** Load inputs, evaluate, print the report, write `--out`, check the gates. Returns the exit code. */
export async function runEvaluation(run: EvaluationRun, io: CliIO): Promise<number> {
  checkOut(io, run.out, [run.pred, ...run.gts, run.config]);
  // The config decides how the traces are read (reference mode keeps Python's int/float
  // distinction), so it is loaded first, as the reference CLI does. Its options are validated
  // once, with the run's policy (`--compat`, else the config's `mode`); evaluate() and the
  // trace readers take that policy as it is.
  const compat = run.compat !== undefined ? { mode: run.compat } : {};
  const { options, policy } = resolveOptions(
    run.config !== undefined
      ? await loadConfig(resolvePath(io, run.config), compat)
      : validateOptions({}, compat),
  );
  const imported = await Promise.all(
    [run.pred, ...run.gts].map((f, i) =>
      importFile(resolvePath(io, f), {
        policy,
        ...run.reading,
      }).catch(async (e: unknown) => {
        const flag = i === 0 ? '--pred' : '--gt';
        throw await reportGivenAsTrace(
          directoryHint(e, flag),
          resolvePath(io, f),
          f,
          `give ${flag} the trace itself`,
        );
      }),
    ),
  );
  for (const r of imported) printImportWarnings(io, r);
  const [pred, ...gts] = imported.map((r) => r.trace);
  if (pred === undefined) throw new Error('no predicted trace loaded');
  let result: EvaluationResult;
  try {
    result =
      gts.length === 1 ? evaluate(gts[0]!, pred, options) : evaluateBestOf(gts, pred, options);
  } catch (e) {
    // A problem found while scoring (a continuous value that is not a number) names its side,
    // `gt` or `pred`, or with several --gt the candidate (`golden[i]`): name the file it was read from.
    if (e instanceof InputError) {
      const file =
        e.file === 'pred'
          ? imported[0]?.file
          : e.file === 'gt' && gts.length === 1
            ? imported[1]?.file
            : e.candidate !== undefined
              ? imported[1 + e.candidate]?.file
              : undefined;
      if (file !== undefined) {
        e.file = file;
        if (e.candidate !== undefined) e.label = undefined;
      }
    }
    throw e;
  }
  // Config entries the evaluation used none of (default mode), as import warnings are printed.
  for (const line of result.warnings ?? [])
    io.stderr.write(
      `envtrace: warning: ${escapeForTerminal(`${run.config ?? 'options'}: ${line}`)}\n`,
    );

  if (run.out !== undefined) {
    const target = resolvePath(io, run.out);
    try {
      await writeFileAtomic(target, reportLines(result));
    } catch (e) {
      throw new CliIOError(`${run.out}: cannot write the report: ${describeFsError(e)}`, {
        cause: e,
      });
    }
  }
  if (run.json) {
    for (const chunk of reportLines(result)) io.stdout.write(chunk);
  } else {
    io.stdout.write(
      `${formatTextReport(result, {
        colors: run.colors,
        ...(run.maxRows !== undefined ? { maxRows: run.maxRows } : {}),
        // Default mode fits the terminal (ENVTRACE_WIDTH, CI 100, else 80); reference mode keeps
        // the reference's 80 columns unless --width says otherwise.
        ...(policy.report.fitTerminal
          ? { width: reportWidth({ width: run.width, env: io.env, columns: io.columns }) }
          : run.width !== undefined
            ? { width: run.width }
            : {}),
        ...(options.time_unit !== undefined ? { timeUnit: options.time_unit } : {}),
      })}\n`,
    );
  }

  const failures = gateFailures(result, run);
  if (failures.length > 0) {
    io.stderr.write(`envtrace: gate failed: ${failures.join('; ')}\n`);
    return EXIT_GATE;
  }
  return EXIT_OK;
}

/** The JSON report and its final newline, in chunks (a large report is never held as one string). */
function* reportLines(result: EvaluationResult): Generator<string, void, undefined> {
  yield* reportChunks(result);
  yield '\n';
}

/** Which gates the result misses, each as a phrase saying by how much. */
export function gateFailures(
  result: EvaluationResult,
  gates: { minScore?: number | undefined; requirePass: boolean },
): string[] {
  const out: string[] = [];
  if (gates.minScore !== undefined) {
    const s = result.full_score;
    if (Number.isNaN(s)) {
      out.push(`full score is nan, not >= --min-score ${gates.minScore}`);
    } else if (!(s >= gates.minScore)) {
      // Enough decimals that the score and its shortfall read as below the bound (not 1.0000 < 1).
      const d = Math.max(digitsApart(s, gates.minScore, 4), digitsApart(gates.minScore - s, 0, 4));
      out.push(
        `full score ${pyFixed(s, d)} < --min-score ${gates.minScore} (short by ${pyFixed(gates.minScore - s, d)})`,
      );
    }
  }
  if (gates.requirePass && !result.accuracy) {
    const failed = Object.entries(result.decision.passes)
      .filter(([, ok]) => !ok)
      .map(([name]) => escapeForTerminal(name));
    out.push(
      `--require-pass: decision is fail${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`,
    );
  }
  return out;
}

/** A short reason for a file-system error (`no such file or directory`, …): one helper, in `src/io/write.ts`. */
export { describeFsError };

/**
 * An import's warnings on stderr, one line each (`envtrace: warning: file:3: … (skipped-line)`),
 * the first ten and then a count of the rest; escaped, since they quote the input.
 */
export function printImportWarnings(io: CliIO, imported: Pick<ImportedTrace, 'warnings'>): void {
  for (const line of warningLines(imported.warnings))
    io.stderr.write(`envtrace: warning: ${escapeForTerminal(line)}\n`);
}

/**
 * A directory given to `--gt`/`--pred` that is not a run directory: the error says so and points
 * at batch mode (`--gt-dir`/`--pred-dir`), which evaluates every pair of two directories.
 */
function directoryHint(e: unknown, flag: '--gt' | '--pred'): unknown {
  if (!(e instanceof TraceError) || !e.message.includes('cannot read trace: is a directory'))
    return e;
  // The message already names the file (the error's location prefix).
  return new TraceError(
    `${e.message} (to evaluate every pair of two directories, use --gt-dir DIR --pred-dir DIR instead of ${flag})`,
    {},
    { cause: e },
  );
}

/**
 * One of envtrace's own reports given where a trace goes (`--pred envtrace-report.json`) fails to
 * read as a trace; the error then says what the file is (by content, `reportKindOfFile`) and what
 * reads it, instead of what a trace would have needed; `instead` says what to do (`give --pred
 * the trace itself`). Other errors pass through.
 */
export async function reportGivenAsTrace(
  e: unknown,
  file: string,
  shown: string,
  instead: string,
): Promise<unknown> {
  if (!(e instanceof TraceError)) return e;
  const kind = await reportKindOfFile(file);
  if (kind === undefined) return e;
  const readBy =
    kind === 'run report'
      ? "; a run report is read by 'envtrace report', 'merge' and 'compare'"
      : '';
  return new TraceError(
    `is ${describeReport(kind)}, not a trace: ${instead}${readBy}`,
    { file: shown },
    { cause: e },
  );
}
