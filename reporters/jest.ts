/**
 * `envtrace-js/reporters/jest`: a Jest (≥ 29.6) reporter. Jest has no channel from a test to a
 * reporter, so the constructor creates a records directory and sets `ENVTRACE_RECORDS_DIR`
 * before the workers spawn (they inherit it); each matcher call appends one JSON line to
 * `<dir>/<pid>-<threadId>.jsonl`, and the reporter joins records to tests on test file +
 * full name when the run completes. Add it next to the default reporter:
 *
 * ```js
 * // jest.config.js
 * reporters: ['default', ['envtrace-js/reporters/jest', { minMeanScore: 0.9 }]]
 * ```
 *
 * A missed gate or a report file that cannot be written is returned by `getLastError()`, which
 * makes Jest exit non-zero (the summary and Jest's own lines are printed first).
 *
 * A worker that dies (SIGKILL, out of memory) takes its file's results with it: Jest reports the
 * file with an error and no tests. The setup entry also appends a line when each test attempt
 * ends, so the tests of such a file are rebuilt from the records directory (`./common.ts`): the
 * tests that ended keep their records and status, the one with records but no end (the worker
 * died in it) is failed.
 *
 * The records directory (`<tmp>/envtrace-records-<pid>-<random>`) is removed when the run ends
 * (in watch mode: when Jest exits, also on SIGINT/SIGTERM); directories left by earlier runs that
 * were killed are swept when a reporter starts (`src/transport/channel.ts`).
 */
import { unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RunnerTestStatus, RunTestInput } from '../src/report/run/model.js';
import {
  createRecordsDir,
  RECORDS_DIR_ENV,
  removeRecordsDir,
  sweepStaleRecordsDirs,
} from '../src/transport/channel.js';
import {
  checkOptions,
  detectGitCommit,
  finishRun,
  forgetOnExit,
  keptTestInput,
  readKeptTests,
  recordsFiles,
  removeOnExit,
  RunState,
  stripSgr,
  validRecords,
  type EnvTraceReporterOptions,
  type KeptTest,
} from './common.js';

export type { EnvTraceReporterOptions } from './common.js';

/** The parts of Jest's reporter API this reporter reads (structural, so no Jest types are needed). */
export interface JestGlobalConfigLike {
  readonly rootDir: string;
  readonly shard?: { readonly shardIndex: number; readonly shardCount: number } | null;
  /** Watch mode (`--watch` / `--watchAll`): the records directory lives until Jest exits. */
  readonly watch?: boolean;
  readonly watchAll?: boolean;
}
interface JestAssertionResultLike {
  readonly ancestorTitles: readonly string[];
  readonly title: string;
  readonly fullName?: string;
  readonly status: string;
  readonly duration?: number | null;
  readonly invocations?: number;
  /** When its last attempt started (jest-circus `startedAt`; absent in older Jest versions). */
  readonly startAt?: number | null;
}
/** The test file Jest ran, in the project it ran it for. */
interface JestTestLike {
  readonly context?: {
    readonly config?: {
      readonly id?: string;
      readonly displayName?: { readonly name?: string } | string | null;
    };
  };
}

/** The project a file ran in: its config id (unique per project) and the name a user gave it. */
interface JestProject {
  readonly id: string;
  readonly name: string;
}

function projectOf(test: unknown, result: JestTestResultLike): JestProject {
  const config = (test as JestTestLike | null | undefined)?.context?.config;
  const shown = config?.displayName ?? result.displayName;
  const name = typeof shown === 'string' ? shown : (shown?.name ?? '');
  return { id: config?.id ?? name, name: name || (config?.id ?? '') };
}

/**
 * Which run of a test file (its side-channel lines, grouped by the run id each load of the setup
 * entry makes) belongs to which project's results of that file: `runs[j]` for `results[i]` at
 * index i of the answer, `undefined` for none. A Jest worker cannot see its project, but each of
 * its lines carries when the test attempt started (`started_at`), which Jest reports as the
 * test's `startAt`: a result takes the run whose tests started when its tests did (most tests
 * agreeing first, then the later run: a run the runner did again after a crash replaces the run
 * that died). Results no start time places (a Jest without `startAt`, a file that reported no test) take the
 * remaining runs, latest first. Each run goes to one result at most, so two projects' runs of a
 * file are never merged.
 */
export function pickRuns(
  results: ReadonlyArray<
    ReadonlyArray<{ readonly name: string; readonly startAt?: number | null }>
  >,
  runs: ReadonlyArray<ReadonlyArray<Pick<KeptTest, 'name' | 'started'>>>,
): Array<number | undefined> {
  const pairs: Array<{ i: number; j: number; score: number }> = [];
  results.forEach((tests, i) => {
    runs.forEach((run, j) => {
      const started = new Map(run.map((t) => [t.name, t.started]));
      const score = tests.filter(
        (t) => typeof t.startAt === 'number' && started.get(t.name)?.has(t.startAt) === true,
      ).length;
      if (score > 0) pairs.push({ i, j, score });
    });
  });
  pairs.sort((a, b) => b.score - a.score || b.j - a.j || a.i - b.i);
  const picked: Array<number | undefined> = results.map(() => undefined);
  const taken = new Set<number>();
  for (const { i, j } of pairs) {
    if (picked[i] !== undefined || taken.has(j)) continue;
    picked[i] = j;
    taken.add(j);
  }
  let next = runs.length - 1;
  for (let i = 0; i < results.length; i++) {
    if (picked[i] !== undefined) continue;
    while (next >= 0 && taken.has(next)) next--;
    if (next < 0) break;
    picked[i] = next;
    taken.add(next);
  }
  return picked;
}
interface JestTestResultLike {
  readonly testFilePath: string;
  readonly displayName?: { readonly name?: string } | string | null;
  readonly testResults: readonly JestAssertionResultLike[];
  readonly testExecError?: { readonly message?: string } | null;
  readonly failureMessage?: string | null;
  readonly numFailingTests?: number;
  readonly skipped?: boolean;
}

function statusOf(s: string): RunnerTestStatus {
  switch (s) {
    case 'passed':
    case 'failed':
    case 'skipped':
    case 'pending':
    case 'todo':
    case 'disabled':
    case 'focused':
      return s;
    default:
      return 'skipped';
  }
}

function firstLine(s: string | null | undefined): string {
  // ts-jest and Babel colour their diagnostics: the summary shows the text, not escaped codes.
  const line = stripSgr(s ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('●'));
  return line ?? 'test file failed to run';
}

export default class EnvTraceJestReporter {
  readonly #options: EnvTraceReporterOptions;
  readonly #globalConfig: JestGlobalConfigLike;
  readonly #dir: string;
  readonly #state = new RunState();
  /**
   * Per project and file: the test results of the last run of that file in that project (one
   * file in two projects is two runs, both kept, as in the Vitest reporter).
   */
  readonly #results = new Map<
    string,
    { readonly project: JestProject; readonly result: JestTestResultLike }
  >();
  #lastError: Error | undefined;

  constructor(globalConfig: JestGlobalConfigLike, options?: EnvTraceReporterOptions) {
    this.#options = checkOptions(options, 'envtrace-js/reporters/jest');
    this.#globalConfig = globalConfig;
    sweepStaleRecordsDirs();
    // Created here, before Jest spawns its workers, so they inherit the variable.
    this.#dir = createRecordsDir();
    process.env[RECORDS_DIR_ENV] = this.#dir;
    removeOnExit(this.#dir);
  }

  /** The records directory (for tests and debugging). */
  get recordsDir(): string {
    return this.#dir;
  }

  onRunStart(): void {
    this.#lastError = undefined;
    // Records of an earlier (watch) run were consumed already.
    for (const f of this.#listFiles()) unlinkSync(f);
  }

  onTestResult(test: unknown, testResult: JestTestResultLike): void {
    const project = projectOf(test, testResult);
    this.#results.set(JSON.stringify([project.id, testResult.testFilePath]), {
      project,
      result: testResult,
    });
  }

  /** Called once per attempt in Jest 30 (retries); the records carry the attempt, so nothing to do here. */
  onTestCaseResult(): void {}

  #listFiles(): string[] {
    return recordsFiles(this.#dir);
  }

  async onRunComplete(): Promise<void> {
    const warn = (msg: string): void => {
      process.stderr.write(`${msg}\n`);
    };
    const kept = readKeptTests(this.#listFiles(), warn);
    const used = new Set<KeptTest>();
    /** Per test file: its runs (the lines of one load of the setup entry each), first seen first. */
    const runsOf = new Map<string, Map<string, KeptTest[]>>();
    for (const t of kept.values()) {
      const runs = runsOf.get(t.file) ?? new Map<string, KeptTest[]>();
      runsOf.set(t.file, runs);
      const run = runs.get(t.run ?? '');
      if (run) run.push(t);
      else runs.set(t.run ?? '', [t]);
    }
    /** Per test file: its results, one per project that ran it. */
    const resultsOf = new Map<
      string,
      Array<{ project: JestProject; result: JestTestResultLike }>
    >();
    for (const entry of this.#results.values()) {
      const list = resultsOf.get(entry.result.testFilePath);
      if (list) list.push(entry);
      else resultsOf.set(entry.result.testFilePath, [entry]);
    }
    /** Per file whose worker died: the tests rebuilt from the records directory. */
    const rebuilt: Array<{ file: string; tests: RunTestInput[] }> = [];
    for (const [file, entries] of resultsOf) {
      const runs = [...(runsOf.get(file)?.values() ?? [])];
      const named = entries.map(({ result }) =>
        result.testResults.map((a) => ({
          name: [...a.ancestorTitles, a.title].join(' '),
          startAt: a.startAt ?? null,
        })),
      );
      const picked = pickRuns(named, runs);
      // A file two projects ran is two sets of results: name each test after its project too (as
      // the Vitest reporter does), so neither replaces the other and a row says which one it is.
      const qualify = entries.length > 1;
      entries.forEach(({ project, result }, i) => {
        const j = picked[i];
        const run = j === undefined ? [] : (runs[j] ?? []);
        const byName = new Map(run.map((t) => [t.name, t]));
        const prefix = qualify ? `[${project.name}] ` : '';
        const tests: RunTestInput[] = [];
        const seen = new Set<string>();
        result.testResults.forEach((a, n) => {
          const name = named[i]![n]!.name;
          // Two tests with the same full name share records (the side channel cannot tell them apart): give them to the first.
          const copy = seen.has(name) ? undefined : byName.get(name);
          seen.add(name);
          if (copy) used.add(copy);
          const status = statusOf(a.status);
          tests.push({
            file,
            name: prefix + name,
            status,
            durationMs: typeof a.duration === 'number' ? a.duration : null,
            attempts: status === 'passed' || status === 'failed' ? (a.invocations ?? 1) : 0,
            records: validRecords(copy?.records ?? [], file, warn),
          });
        });
        const execError = result.testExecError
          ? [firstLine(result.testExecError.message ?? result.failureMessage)]
          : [];
        if (execError.length && result.testResults.length === 0) {
          // The file failed to load, or its worker died: Jest reports none of its tests. Those that
          // ended or recorded before the worker died are in the records directory.
          for (const t of run) {
            used.add(t);
            const input = keptTestInput(t, warn);
            tests.push({ ...input, name: prefix + input.name });
          }
          if (tests.length) rebuilt.push({ file, tests });
        }
        const failed = execError.length > 0 || (result.numFailingTests ?? 0) > 0;
        this.#state.set(
          {
            file: {
              file,
              status: failed ? 'failed' : result.skipped ? 'skipped' : 'passed',
              errors: execError,
            },
            tests,
          },
          JSON.stringify([project.id, file]),
        );
      });
      // The runs no project took are earlier runs of the file whose worker crashed (jest-worker
      // ran the file again): never mixed into the run that finished.
      for (const run of runs) if (!run.some((t) => used.has(t))) for (const t of run) used.add(t);
    }
    // This run's files are merged into the state; records of files not run this time were consumed earlier.
    this.#results.clear();
    for (const t of kept.values()) {
      if (used.has(t) || t.records.length === 0) continue;
      warn(
        `envtrace: records for an unknown test were ignored: ${JSON.stringify(t.name)} in ${JSON.stringify(t.file)}`,
      );
    }
    // Said in one line per file, as the Vitest reporter does: what was kept, and what cannot be.
    for (const { file, tests } of rebuilt) {
      const shown = path.relative(this.#globalConfig.rootDir, file) || file;
      warn(
        `envtrace: ${JSON.stringify(shown)} did not finish (see its error); Jest reported none of its tests: ${tests.length} kept from envtrace's copy of their records, any that had not started or stopped without an envtrace record are not listed`,
      );
    }

    const rootDir = this.#globalConfig.rootDir;
    const shard = this.#globalConfig.shard
      ? { index: this.#globalConfig.shard.shardIndex, count: this.#globalConfig.shard.shardCount }
      : null;
    const { missed, writeErrors } = await finishRun({
      options: this.#options,
      rootDir,
      runner: { name: 'jest', version: jestVersion(rootDir) },
      shard,
      gitCommit: detectGitCommit(this.#options.gitCommit, rootDir),
      state: this.#state,
      log: (text) => {
        process.stdout.write(text);
      },
      error: (line) => {
        process.stderr.write(`${line}\n`);
      },
    });
    const problems = [
      ...(missed.length ? ['envtrace gate missed:', ...missed] : []),
      ...writeErrors,
    ];
    this.#lastError = problems.length ? new Error(problems.join('\n')) : undefined;
    if (this.#globalConfig.watch || this.#globalConfig.watchAll) {
      for (const f of this.#listFiles()) unlinkSync(f);
    } else {
      // The run is over: nothing will write records again.
      this.dispose();
    }
  }

  /** A missed gate or a failed report write as an Error (Jest then exits non-zero). */
  getLastError(): Error | undefined {
    return this.#lastError;
  }

  /** Remove the records directory (at the end of a run, on exit; harmless when repeated). */
  dispose(): void {
    removeRecordsDir(this.#dir);
    forgetOnExit(this.#dir);
  }
}

function jestVersion(rootDir: string): string | null {
  try {
    const req = createRequire(path.join(rootDir, 'package.json'));
    const pkg = req('jest/package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : null;
  } catch {
    return null;
  }
}
