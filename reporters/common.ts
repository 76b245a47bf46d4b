/**
 * What the Vitest and Jest reporters share: options, record validation, the per-file state
 * that survives watch reruns, and the side effects at the end of a run (atomic JSON write,
 * console summary, `GITHUB_STEP_SUMMARY`). All rendering is in `src/report/run`.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { expected, parseInput } from '../src/io/input.js';
import { describeFsError, writeFileAtomic } from '../src/io/write.js';
import { renderHtmlReport } from '../src/report/html/render.js';
import { terminalColors, processColorContext, type ColorContext } from '../src/report/colors.js';
import { escapeForTerminal } from '../src/report/escape.js';
import { formatConsoleSummary, formatMarkdownSummary } from '../src/report/run/console.js';
import { missedGateLines } from '../src/report/run/gates.js';
import {
  buildRunReport,
  type RunFileInput,
  type RunnerTestStatus,
  type RunTestInput,
} from '../src/report/run/model.js';
import { ReportRecordSchema, type RunMeta, type RunReport } from '../src/report/run/schema.js';
import type { EnvTraceRecord } from '../src/transport/record.js';
import {
  RECORDS_FILE_SUFFIX,
  removeRecordsDir,
  TEST_END_KEY,
  type LineOrigin,
  type TestEndLine,
} from '../src/transport/channel.js';
import { ENVTRACE_VERSION } from '../src/version.js';

/** Options of both envtrace reporters. */
export interface EnvTraceReporterOptions {
  /**
   * Where to write the JSON run report, relative to the project root. `false` disables it.
   * @default "envtrace-report.json"
   */
  outputFile?: string | false;
  /**
   * Also write the self-contained HTML report here, relative to the project root (see
   * `envtrace report --html`). Off unless given.
   */
  html?: string | false;
  /** Gate: minimum mean full score over all samples (0–1). A miss fails the run. */
  minMeanScore?: number;
  /** Gate: minimum pass rate over all samples (0–1). A miss fails the run. */
  minPassRate?: number;
  /** Gate: minimum pass@k (0–1), with `k`. A miss fails the run. */
  minPassAtK?: number;
  /**
   * k of `minPassAtK`.
   * @default 1
   */
  k?: number;
  /**
   * k values of pass@k / pass^k reported in the summary.
   * @default [1, 5, 10]
   */
  passAtK?: number[];
  /**
   * Print the summary after the runner's own output.
   * @default true
   */
  console?: boolean;
  /**
   * Rows of the per-test table (worst first).
   * @default 20
   */
  maxRows?: number;
  /**
   * Colours in the console summary. Default: envtrace's colour policy (off with `NO_COLOR`,
   * on with `FORCE_COLOR`, else on for a terminal or in CI).
   */
  colors?: boolean;
  /**
   * Append a Markdown summary to the file named by `GITHUB_STEP_SUMMARY` when it is set.
   * @default true
   */
  githubSummary?: boolean;
  /**
   * Git commit recorded in the report. Default: `GITHUB_SHA`/`CI_COMMIT_SHA`/`GIT_COMMIT` if
   * set, else `git rev-parse HEAD` in the project root; `false` records none.
   */
  gitCommit?: string | false;
}

const unit = z
  .number(expected('a number in [0, 1]'))
  .min(0, expected('a number in [0, 1]'))
  .max(1, expected('a number in [0, 1]'));
const positiveInt = z
  .number(expected('an integer ≥ 1'))
  .int(expected('an integer ≥ 1'))
  .min(1, expected('an integer ≥ 1'));

/** The reporter options schema (strict: a typo must not silently disable a gate). */
export const ReporterOptionsSchema = z.strictObject(
  {
    outputFile: z
      .union(
        [z.string().min(1, expected('a non-empty file name or false')), z.literal(false)],
        expected('a non-empty file name or false'),
      )
      .optional(),
    minMeanScore: unit.optional(),
    minPassRate: unit.optional(),
    minPassAtK: unit.optional(),
    k: positiveInt.optional(),
    html: z
      .union(
        [z.string().min(1, expected('a non-empty file name or false')), z.literal(false)],
        expected('a non-empty file name or false'),
      )
      .optional(),
    passAtK: z.array(positiveInt, expected('an array of integers ≥ 1')).optional(),
    console: z.boolean(expected('a boolean')).optional(),
    maxRows: z
      .number(expected('an integer ≥ 0'))
      .int(expected('an integer ≥ 0'))
      .min(0, expected('an integer ≥ 0'))
      .optional(),
    colors: z.boolean(expected('a boolean')).optional(),
    githubSummary: z.boolean(expected('a boolean')).optional(),
    gitCommit: z
      .union([z.string(), z.literal(false)], expected('a commit string or false'))
      .optional(),
  },
  expected('an options object'),
);

/**
 * Validate reporter options at construction.
 * @throws ConfigError `<reporter> options: <option>: expected …, received …` for an unknown
 * option or a malformed value.
 */
export function checkOptions(options: unknown, reporter: string): EnvTraceReporterOptions {
  if (options === undefined || options === null) return {};
  const parsed: EnvTraceReporterOptions = parseInput(
    ReporterOptionsSchema,
    options,
    `${reporter} options`,
  );
  return parsed;
}

/** A record as a side channel carries it: with its test, and where it came from (`LineOrigin`). */
const RecordSchema = ReportRecordSchema.extend({
  testPath: z.string(),
  testName: z.string(),
  project: z.string().optional(),
  run: z.string().optional(),
  started_at: z.number().optional(),
});

/**
 * Keep the values that are well-formed records; report the others on `warn` (a malformed
 * record is a bug or a version mismatch, never silently scored).
 */
export function validRecords(
  values: readonly unknown[],
  where: string,
  warn: (msg: string) => void,
): EnvTraceRecord[] {
  const out: EnvTraceRecord[] = [];
  for (const v of values) {
    const parsed = RecordSchema.safeParse(v);
    if (parsed.success) out.push(parsed.data as EnvTraceRecord);
    else {
      const issue = parsed.error.issues[0];
      warn(
        `envtrace: ignored a malformed record in ${escapeForTerminal(where)} (${escapeForTerminal(issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid')})`,
      );
    }
  }
  return out;
}

/** The key of a test in a records directory: its file and full name. */
export function testKey(file: string, name: string): string {
  return `${file}\u0000${name}`;
}

/**
 * The key of a test's lines from one run of its file ({@link LineOrigin}): its file and full name,
 * and the Vitest project or the Jest run they came from (none: lines of an older envtrace).
 */
export function keptKey(file: string, name: string, origin: LineOrigin = {}): string {
  return JSON.stringify([file, name, origin.project ?? null, origin.run ?? null]);
}

/** What a records directory kept of one test in one run of its file (as its records name it). */
export interface KeptTest {
  readonly file: string;
  readonly name: string;
  /** Vitest: the project that ran it. */
  readonly project: string | undefined;
  /** Jest: the run of the test file (see `LineOrigin`). */
  readonly run: string | undefined;
  /** Its records, as written (validate them with {@link validRecords} when used). */
  readonly records: unknown[];
  /** The attempts (`retry:repeat`) that ended, with how; in the order their end lines came. */
  readonly ended: Map<string, TestEndLine['state']>;
  /** The attempts (`retry:repeat`) its records were made in. */
  readonly recorded: Set<string>;
  /** Jest: when its attempts started (`started_at` of its lines). */
  readonly started: Set<number>;
}

function attemptOf(v: { readonly retry?: unknown; readonly repeat?: unknown }): string {
  const n = (x: unknown): number => (typeof x === 'number' ? x : 0);
  return `${n(v.retry)}:${n(v.repeat)}`;
}

function originOf(o: Record<string, unknown>): LineOrigin {
  const origin: { project?: string; run?: string; started_at?: number } = {};
  if (typeof o['project'] === 'string') origin.project = o['project'];
  if (typeof o['run'] === 'string') origin.run = o['run'];
  if (typeof o['started_at'] === 'number') origin.started_at = o['started_at'];
  return origin;
}

function isTestEnd(v: unknown): v is TestEndLine {
  if (typeof v !== 'object' || v === null || !(TEST_END_KEY in v)) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o['testPath'] === 'string' &&
    typeof o['testName'] === 'string' &&
    typeof o['retry'] === 'number' &&
    typeof o['repeat'] === 'number' &&
    (o['state'] === 'passed' || o['state'] === 'failed')
  );
}

/**
 * The side-channel files in a records directory, the least recently written first (then by
 * name; [] when the directory cannot be read): a worker that died stopped writing before the
 * one that ran its file again.
 */
export function recordsFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(RECORDS_FILE_SUFFIX));
  } catch {
    return [];
  }
  const files = names.map((f) => {
    const file = path.join(dir, f);
    let mtime = 0n;
    try {
      mtime = statSync(file, { bigint: true }).mtimeNs;
    } catch {
      // gone since it was listed: reading it will skip it
    }
    return { file, mtime };
  });
  const order = (a: bigint | string, b: bigint | string): number => (a < b ? -1 : a > b ? 1 : 0);
  files.sort((a, b) => order(a.mtime, b.mtime) || order(a.file, b.file));
  return files.map((f) => f.file);
}

/**
 * Read the side-channel files the workers appended to (records and end lines, `matchers/publish.ts`),
 * grouped by test and run of its file ({@link keptKey}) in the order each first appears (a
 * worker's file is in run order). A partial line (a worker killed mid-write) and a record that
 * names no test are told on `warn`. `consume` removes each file read.
 *
 * One run of a test file happens in one worker, so its lines all come from one side-channel
 * file. Lines that carry a Jest `run` id are kept per run: the Jest reporter picks each
 * project's run (`pickRuns`). Other lines (Vitest: per project) of one test file found in several
 * side-channel files mean the runner ran it again after its worker crashed (jest-worker retries
 * a call whose process exited with an error code, up to 3 times): only the last run's lines are
 * kept (`files` least recently written first, as {@link recordsFiles} lists them), so the records
 * of one run are never mixed with those of a run that died — per project, so one project's run
 * never drops another's.
 *
 * Worst case O(L + F·T) for L lines, F side-channel files and T tests read (a file's tests are
 * dropped at most once per side-channel file).
 */
export function readKeptTests(
  files: readonly string[],
  warn: (msg: string) => void,
  consume = false,
): Map<string, KeptTest> {
  const kept = new Map<string, KeptTest>();
  /** Test file and project → the side-channel file its lines were read from. */
  const sourceOf = new Map<string, string>();
  let source = '';
  const get = (file: string, name: string, origin: LineOrigin): KeptTest => {
    if (origin.run === undefined) {
      const unit = JSON.stringify([file, origin.project ?? null]);
      const from = sourceOf.get(unit);
      if (from !== source) {
        // A later run of this test file (in this project): forget the earlier run's lines.
        if (from !== undefined)
          for (const [k, t] of kept)
            if (t.file === file && t.run === undefined && t.project === origin.project)
              kept.delete(k);
        sourceOf.set(unit, source);
      }
    }
    const k = keptKey(file, name, origin);
    let t = kept.get(k);
    if (!t) {
      t = {
        file,
        name,
        project: origin.project,
        run: origin.run,
        records: [],
        ended: new Map(),
        recorded: new Set(),
        started: new Set(),
      };
      kept.set(k, t);
    }
    if (origin.started_at !== undefined) t.started.add(origin.started_at);
    return t;
  };
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
      if (consume) unlinkSync(file);
    } catch {
      continue;
    }
    source = file;
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        // A partial line can only come from a worker killed mid-write.
        warn(`envtrace: ignored an unreadable record line (${path.basename(file)}:${i + 1})`);
        return;
      }
      if (isTestEnd(v)) {
        const t = get(v.testPath, v.testName, originOf(v as unknown as Record<string, unknown>));
        const a = attemptOf(v);
        // Re-set so the map's order is that of the last end of each attempt.
        t.ended.delete(a);
        t.ended.set(a, v.state);
        return;
      }
      const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
      if (o && typeof o['testPath'] === 'string' && typeof o['testName'] === 'string') {
        const t = get(o['testPath'], o['testName'], originOf(o));
        t.records.push(v);
        t.recorded.add(attemptOf(o));
      } else validRecords([v], path.basename(file), warn);
    });
  }
  return kept;
}

/**
 * The run-report entry of a test whose runner never reported it (its worker died), rebuilt from
 * what the records directory kept. An attempt with records but no end line was running when the
 * worker died: the test failed. Otherwise the test has the state of its last attempt that ended.
 * An attempt that was running but had made no record yet cannot be seen. The same for every
 * runner: one rule for what a killed worker's tests become.
 */
export function keptTestInput(t: KeptTest, warn: (msg: string) => void): RunTestInput {
  const running = [...t.recorded].some((a) => !t.ended.has(a));
  const last = [...t.ended.values()].at(-1);
  const status: RunnerTestStatus = running || last === undefined ? 'failed' : last;
  return {
    file: t.file,
    name: t.name,
    status,
    durationMs: null,
    attempts: new Set([...t.ended.keys(), ...t.recorded]).size,
    records: validRecords(t.records, t.file, warn),
  };
}

/** The git commit to record (see {@link EnvTraceReporterOptions.gitCommit}). */
export function detectGitCommit(
  option: string | false | undefined,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (option === false) return null;
  if (typeof option === 'string') return option;
  for (const k of ['GITHUB_SHA', 'CI_COMMIT_SHA', 'GIT_COMMIT']) {
    const v = env[k];
    if (v) return v;
  }
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 3000,
      encoding: 'utf8',
    }).trim();
    return /^[0-9a-f]{7,64}$/.test(out) ? out : null;
  } catch {
    return null;
  }
}

/** One test file's results, kept across watch reruns. */
export interface FileEntry {
  readonly file: RunFileInput;
  readonly tests: readonly RunTestInput[];
}

/** Per-file state: a rerun replaces only the files it ran, so the others' results stay in the report. */
export class RunState {
  readonly #files = new Map<string, FileEntry>();
  /**
   * Keep `entry` under `key` (default: its file), replacing what an earlier run kept there. Vitest
   * passes the project too: one file run by two projects is two entries.
   */
  set(entry: FileEntry, key: string = entry.file.file): void {
    this.#files.set(key, entry);
  }
  delete(file: string): void {
    this.#files.delete(file);
  }
  get size(): number {
    return this.#files.size;
  }
  files(): RunFileInput[] {
    return [...this.#files.values()].map((e) => e.file);
  }
  tests(): RunTestInput[] {
    return [...this.#files.values()].flatMap((e) => e.tests);
  }
}

export interface FinishInput {
  readonly options: EnvTraceReporterOptions;
  readonly rootDir: string;
  readonly runner: RunMeta['runner'];
  readonly shard: RunMeta['shard'];
  readonly gitCommit: string | null;
  readonly state: RunState;
  /** Where the summary goes (the runner's logger or stdout). */
  readonly log: (text: string) => void;
  /** Where a failed report write is told (one line each; the runner's error logger or stderr). */
  readonly error: (line: string) => void;
  readonly env?: NodeJS.ProcessEnv;
  /** Where colours are decided from. Default: this process's stdout and environment. */
  readonly colorContext?: ColorContext;
}

/** What {@link finishRun} did. */
export interface FinishResult {
  readonly report: RunReport;
  /** One line per missed gate. */
  readonly missed: string[];
  /** One line per report file that could not be written (already printed on `error`); the run must fail. */
  readonly writeErrors: string[];
}

/**
 * The line told when a report file cannot be written: the output path as configured, resolved
 * (never the temp file the writer used), and the reason in words.
 */
export function writeFailureLine(kind: string, file: string, e: unknown): string {
  return `envtrace: could not write the ${kind} to ${escapeForTerminal(file)}: ${escapeForTerminal(describeFsError(e).split('\n')[0] ?? '')}`;
}

async function writeReport(
  kind: string,
  file: string,
  text: () => string,
  errors: string[],
): Promise<boolean> {
  try {
    await writeFileAtomic(file, text());
    return true;
  } catch (e) {
    errors.push(writeFailureLine(kind, file, e));
    return false;
  }
}

/**
 * `i/n` when `file` is an envtrace run report of another shard of an `n`-shard run (about to be
 * replaced by this shard's), else null. Anything unreadable or not a run report: null.
 */
function otherShardIn(
  file: string,
  shard: { readonly index: number; readonly count: number },
): string | null {
  let meta: unknown;
  try {
    const st = statSync(file);
    if (!st.isFile() || st.size > 64 * 1024 * 1024) return null;
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    meta =
      data !== null && typeof data === 'object' ? (data as { meta?: unknown }).meta : undefined;
  } catch {
    return null;
  }
  const s =
    meta !== null && typeof meta === 'object' ? (meta as { shard?: unknown }).shard : undefined;
  if (s === null || typeof s !== 'object') return null;
  const { index, count } = s as { index?: unknown; count?: unknown };
  return typeof index === 'number' && count === shard.count && index !== shard.index
    ? `${index}/${String(count)}`
    : null;
}

/**
 * The last line of a run: which report files were written, relative to the working directory
 * (so a terminal can open them), e.g. `envtrace: wrote envtrace-report.json and report.html`.
 */
export function writtenLine(files: readonly string[], cwd: string = process.cwd()): string {
  const shown = files.map((f) => escapeForTerminal(path.relative(cwd, f) || f));
  return `envtrace: wrote ${shown.length === 2 ? `${shown[0]!} and ${shown[1]!}` : shown.join(', ')}`;
}

/**
 * Build the report, print the summary, write the report files atomically, tell each failed
 * write in one line, append the CI summary. A failed write never hides the summary, the gate
 * lines or the other files: it is returned in `writeErrors` for the reporter to fail the run.
 */
export async function finishRun(input: FinishInput): Promise<FinishResult> {
  const { options } = input;
  const env = input.env ?? process.env;
  const gates: Record<string, number> = {};
  for (const k of ['minMeanScore', 'minPassRate', 'minPassAtK', 'k'] as const) {
    const v = options[k];
    if (v !== undefined) gates[k] = v;
  }
  const report = buildRunReport({
    rootDir: input.rootDir,
    createdAt: new Date(),
    runner: input.runner,
    envtraceVersion: ENVTRACE_VERSION,
    shard: input.shard,
    gitCommit: input.gitCommit,
    files: input.state.files(),
    tests: input.state.tests(),
    config: { ...(options.passAtK ? { k: options.passAtK } : {}), gates },
  });
  if (options.console !== false) {
    const colors = terminalColors(options.colors, input.colorContext ?? processColorContext());
    input.log(
      formatConsoleSummary(report, {
        colors,
        ...(options.maxRows !== undefined ? { maxRows: options.maxRows } : {}),
      }),
    );
  }
  const writeErrors: string[] = [];
  const written: string[] = [];
  // Shards of one run write one report each: by default each under its own name, so a second
  // shard run in the same directory never replaces the first one's report.
  const outputFile =
    options.outputFile ??
    (input.shard
      ? `envtrace-report.shard-${input.shard.index}-of-${input.shard.count}.json`
      : 'envtrace-report.json');
  if (outputFile !== false) {
    const file = path.resolve(input.rootDir, outputFile);
    const other = input.shard ? otherShardIn(file, input.shard) : null;
    if (other) {
      input.error(
        `envtrace: ${escapeForTerminal(path.relative(process.cwd(), file) || file)} holds the report of shard ${other}; shard ${input.shard!.index}/${input.shard!.count} replaces it. Give each shard its own outputFile (e.g. \`report-\${process.env.SHARD}.json\`) and merge them with \`envtrace merge\``,
      );
    }
    if (
      await writeReport(
        'JSON run report',
        file,
        () => `${JSON.stringify(report, null, 2)}\n`,
        writeErrors,
      )
    )
      written.push(file);
  }
  if (typeof options.html === 'string') {
    const file = path.resolve(input.rootDir, options.html);
    if (await writeReport('HTML report', file, () => renderHtmlReport(report), writeErrors))
      written.push(file);
  }
  for (const line of writeErrors) input.error(line);
  if (written.length && options.console !== false) input.log(`${writtenLine(written)}\n`);
  const summaryFile = env['GITHUB_STEP_SUMMARY'];
  if (options.githubSummary !== false && summaryFile) {
    try {
      appendFileSync(summaryFile, formatMarkdownSummary(report));
    } catch (e) {
      input.log(
        `envtrace: could not append to GITHUB_STEP_SUMMARY (${escapeForTerminal(describeFsError(e))})\n`,
      );
    }
  }
  return { report, missed: missedGateLines(report.summary.gates.results), writeErrors };
}

/**
 * Remove SGR sequences (colours and styles: `ESC [ … m`, also the 8-bit `CSI … m`) from error text
 * a runner or a compiler produced (ts-jest diagnostics are coloured), so the summary shows the
 * text instead of escaped codes like `\x1b[96m`. Nothing else is removed: the caller still
 * escapes what is left, so any other control sequence stays visible and inert.
 */
export function stripSgr(text: string): string {
  return text.replace(/(?:\u001b\[|\u009b)[0-9;:]*m/g, '');
}

/** Records directories of this process still to remove when it ends. */
const onExit = new Set<string>();
let hooked = false;

/**
 * Remove the records directory `dir` when the process exits, including on SIGINT/SIGTERM (the
 * signal is then raised again so the process ends as it would have: only when no one else
 * handles it).
 */
export function removeOnExit(dir: string): void {
  onExit.add(dir);
  if (hooked) return;
  hooked = true;
  const removeAll = (): void => {
    for (const d of onExit) removeRecordsDir(d);
    onExit.clear();
  };
  process.once('exit', removeAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const handler = (): void => {
      removeAll();
      // Another listener (Jest's watch mode) decides what the signal does; else end as unhandled.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.once(signal, handler);
  }
}

/** A records directory removed already: nothing to do for it at exit. */
export function forgetOnExit(dir: string): void {
  onExit.delete(dir);
}
