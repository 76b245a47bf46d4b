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
 * The records directory (`<tmp>/envtrace-records-<pid>-<random>`) is removed when the run ends
 * (in watch mode: when Jest exits, also on SIGINT/SIGTERM); directories left by earlier runs that
 * were killed are swept when a reporter starts (`src/transport/channel.ts`).
 */
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RunnerTestStatus, RunTestInput } from '../src/report/run/model.js';
import {
  createRecordsDir,
  RECORDS_DIR_ENV,
  RECORDS_FILE_SUFFIX,
  removeRecordsDir,
  sweepStaleRecordsDirs,
} from '../src/transport/channel.js';
import type { EnvTraceRecord } from '../src/transport/record.js';
import {
  checkOptions,
  detectGitCommit,
  finishRun,
  forgetOnExit,
  removeOnExit,
  RunState,
  stripSgr,
  validRecords,
  type EnvTraceReporterOptions,
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
}
interface JestTestResultLike {
  readonly testFilePath: string;
  readonly testResults: readonly JestAssertionResultLike[];
  readonly testExecError?: { readonly message?: string } | null;
  readonly failureMessage?: string | null;
  readonly numFailingTests?: number;
  readonly skipped?: boolean;
}

function key(file: string, name: string): string {
  return `${file}\u0000${name}`;
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
  /** Per file: the test results of the last run of that file. */
  readonly #results = new Map<string, JestTestResultLike>();
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

  onTestResult(_test: unknown, testResult: JestTestResultLike): void {
    this.#results.set(testResult.testFilePath, testResult);
  }

  /** Called once per attempt in Jest 30 (retries); the records carry the attempt, so nothing to do here. */
  onTestCaseResult(): void {}

  #listFiles(): string[] {
    try {
      return readdirSync(this.#dir)
        .filter((f) => f.endsWith(RECORDS_FILE_SUFFIX))
        .map((f) => path.join(this.#dir, f));
    } catch {
      return [];
    }
  }

  #readRecords(): Map<string, EnvTraceRecord[]> {
    const byTest = new Map<string, EnvTraceRecord[]>();
    const warn = (msg: string): void => {
      process.stderr.write(`${msg}\n`);
    };
    for (const file of this.#listFiles().sort()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      const values: unknown[] = [];
      lines.forEach((line, i) => {
        if (line.trim() === '') return;
        try {
          values.push(JSON.parse(line));
        } catch {
          // A partial line can only come from a worker killed mid-write.
          warn(`envtrace: ignored an unreadable record line (${path.basename(file)}:${i + 1})`);
        }
      });
      for (const r of validRecords(values, path.basename(file), warn)) {
        const k = key(r.testPath, r.testName);
        const list = byTest.get(k) ?? [];
        list.push(r);
        byTest.set(k, list);
      }
    }
    return byTest;
  }

  async onRunComplete(): Promise<void> {
    const records = this.#readRecords();
    const used = new Set<string>();
    for (const [file, result] of this.#results) {
      const tests: RunTestInput[] = [];
      const seen = new Set<string>();
      for (const a of result.testResults) {
        const name = [...a.ancestorTitles, a.title].join(' ');
        const k = key(file, name);
        // Two tests with the same full name share records (the side channel cannot tell them apart): give them to the first.
        const recs = seen.has(k) ? [] : (records.get(k) ?? []);
        seen.add(k);
        if (recs.length) used.add(k);
        const status = statusOf(a.status);
        tests.push({
          file,
          name,
          status,
          durationMs: typeof a.duration === 'number' ? a.duration : null,
          attempts: status === 'passed' || status === 'failed' ? (a.invocations ?? 1) : 0,
          records: recs,
        });
      }
      const execError = result.testExecError
        ? [firstLine(result.testExecError.message ?? result.failureMessage)]
        : [];
      const failed = execError.length > 0 || (result.numFailingTests ?? 0) > 0;
      this.#state.set({
        file: {
          file,
          status: failed ? 'failed' : result.skipped ? 'skipped' : 'passed',
          errors: execError,
        },
        tests,
      });
    }
    // This run's files are merged into the state; records of files not run this time were consumed earlier.
    this.#results.clear();
    const unfinished = new Map<string, number>();
    for (const k of records.keys()) {
      if (used.has(k)) continue;
      const [file = '', name = ''] = k.split('\u0000');
      if (this.#state.failedToRun(file)) {
        // The file's worker died or the file failed to load: Jest reports no tests for it.
        unfinished.set(file, (unfinished.get(file) ?? 0) + 1);
      } else
        process.stderr.write(
          `envtrace: records for an unknown test were ignored: ${JSON.stringify(name)} in ${JSON.stringify(file)}\n`,
        );
    }
    for (const [file, n] of unfinished) {
      process.stderr.write(
        `envtrace: ${JSON.stringify(file)} did not finish (see its error); the records of its ${n === 1 ? '1 test' : `${n} tests`} that ran are not in the report\n`,
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
