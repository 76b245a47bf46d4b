/**
 * `envtrace-js/reporters/vitest`: a Vitest (≥ 4.1) reporter that collects the envtrace records
 * the matchers put on `task.meta.envtrace`, writes the JSON run report, prints the summary and
 * fails the run on a missed gate. Add it next to the default reporter:
 *
 * ```ts
 * // vitest.config.ts
 * reporters: ['default', ['envtrace-js/reporters/vitest', { minMeanScore: 0.9 }]]
 * ```
 *
 * Records travel in task meta, so they also survive `--reporter=blob` + `--merge-reports`. A
 * worker killed before its results went out takes that meta with it, so the matchers also
 * append each record (and how each test ended) to a records directory this reporter creates in
 * `onInit`, before workers start (`src/transport/channel.ts`); the tests of a file that did not
 * finish get their records and status back from it.
 */
import path from 'node:path';
import type {
  Reporter,
  TestCase,
  TestModule,
  TestRunEndReason,
  TestSuite,
  Vitest,
} from 'vitest/node';
import type { RunnerTestStatus, RunTestInput } from '../src/report/run/model.js';
import {
  createRecordsDir,
  META_KEY,
  removeRecordsDir,
  sweepStaleRecordsDirs,
  VITEST_RECORDS_DIR_ENV,
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
  keptKey,
  stripSgr,
  validRecords,
  type EnvTraceReporterOptions,
  type KeptTest,
} from './common.js';

export type { EnvTraceReporterOptions } from './common.js';

/** Suite names above the test plus its name, joined by a space (as the matchers name tests). */
function fullName(test: TestCase): string {
  const names: string[] = [test.name];
  let parent: TestSuite | TestModule = test.parent;
  while (parent.type === 'suite') {
    names.unshift(parent.name);
    parent = parent.parent;
  }
  return names.join(' ');
}

/** The fields of a (serialised) error this reporter reads. */
interface SerializedErrorLike {
  readonly name?: string;
  readonly message?: string;
  readonly cause?: unknown;
}

/**
 * Whether `test` was meant to run (not `skip`/`todo`/filtered out) but did not because a hook of
 * a block around it threw (a `beforeAll` of its describe block or of the file): Vitest reports
 * such a test as skipped and the error on the block; Jest reports the test itself as failed, and
 * so does this reporter, so one throwing `beforeAll` counts the same under both runners.
 */
function stoppedByBlockHook(test: TestCase): boolean {
  if (test.result().state !== 'skipped') return false;
  if (test.options.mode !== 'run' && test.options.mode !== 'only') return false;
  for (let p: TestSuite | TestModule = test.parent; ; p = p.parent) {
    if (p.errors().length > 0) return true;
    if (p.type === 'module') return false;
  }
}

function errorLine(e: SerializedErrorLike | undefined): string {
  if (!e) return 'unknown error';
  const msg = stripSgr(e.message ?? '').split('\n')[0] ?? '';
  return e.name && !msg.startsWith(e.name) ? `${e.name}: ${msg}` : msg;
}

export default class EnvTraceVitestReporter implements Reporter {
  readonly #options: EnvTraceReporterOptions;
  readonly #state = new RunState();
  #vitest: Vitest | undefined;
  #gitCommit: string | null = null;
  /** The records directory the workers append a copy to (made in onInit). */
  #dir: string | undefined;
  /** Set when the run was cancelled (`--bail`, a key in watch mode): files it never started are not run, not crashed. */
  #cancelled = false;

  constructor(options: EnvTraceReporterOptions = {}) {
    this.#options = checkOptions(options, 'envtrace-js/reporters/vitest');
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
    this.#gitCommit = detectGitCommit(this.#options.gitCommit, vitest.config.root);
    if (this.#dir === undefined) {
      sweepStaleRecordsDirs();
      // Before Vitest starts its workers: they are spawned with a copy of process.env.
      this.#dir = createRecordsDir();
      process.env[VITEST_RECORDS_DIR_ENV] = this.#dir;
      removeOnExit(this.#dir);
    }
  }

  /** The records directory (for tests and debugging); undefined before onInit. */
  get recordsDir(): string | undefined {
    return this.#dir;
  }

  #warn = (msg: string): void => {
    if (this.#vitest) this.#vitest.logger.warn(msg);
    else process.stderr.write(`${msg}\n`);
  };

  #collect(
    module: TestModule,
    unhandled: readonly string[],
    kept: ReadonlyMap<string, KeptTest>,
    qualify: boolean,
  ): void {
    const project = module.project.name;
    // A file two projects run is two sets of results: name each test after its project too, as
    // Vitest's own reporters do, so neither replaces the other and a row says which one it is.
    const prefix = qualify ? `[${project}] ` : '';
    const tests: RunTestInput[] = [];
    const ms = module.state();
    const unfinished = ms === 'pending' || ms === 'queued';
    let pending = 0;
    let recovered = 0;
    for (const test of module.children.allTests()) {
      const result = test.result();
      const diag = test.diagnostic();
      const name = fullName(test);
      const state = result.state;
      // A test of a file whose worker died, with no result: what the worker's copy kept of it
      // in this project (the same file in another project is another run, with its own lines).
      const copy =
        unfinished && state === 'pending'
          ? kept.get(keptKey(module.moduleId, name, { project }))
          : undefined;
      if (copy) {
        recovered++;
        const input = keptTestInput(copy, this.#warn);
        tests.push(prefix ? { ...input, name: prefix + input.name } : input);
        continue;
      }
      const raw = (test.meta() as Record<string, unknown>)[META_KEY];
      const records = Array.isArray(raw) ? validRecords(raw, module.moduleId, this.#warn) : [];
      if (state === 'pending') pending++;
      const status: RunnerTestStatus =
        state === 'pending' ? 'skipped' : stoppedByBlockHook(test) ? 'failed' : state;
      tests.push({
        file: module.moduleId,
        name: prefix + name,
        status,
        durationMs: diag ? diag.duration : null,
        attempts: diag ? (diag.retryCount + 1) * (diag.repeatCount + 1) : 0,
        records,
      });
    }
    const errors = module.errors().map((e) => errorLine(e));
    // The run was cancelled (`--bail`, a key in watch mode) before this file started: not run, as
    // Vitest counts it (no error, its tests skipped), not a file that crashed.
    if (
      unfinished &&
      this.#cancelled &&
      recovered === 0 &&
      errors.length === 0 &&
      !unhandled.length
    ) {
      this.#state.set(
        { file: { file: module.moduleId, status: 'skipped', errors }, tests },
        JSON.stringify([project, module.moduleId]),
      );
      return;
    }
    // Still queued or running when the run ended: its worker died (a crash, a kill, out of
    // memory) or the run was cancelled. Say so, instead of reporting the file as skipped.
    if (unfinished) {
      errors.push(`did not finish${unhandled.length ? ` (${unhandled[0]})` : ''}`);
      // Vitest sends test results in batches: a worker killed before a batch went out takes the
      // results (and the records in their meta) of tests that did run with it. Those the
      // worker's copy kept are back; say in one line (as the Jest reporter does) what was not.
      if (pending + recovered > 0) {
        const root = this.#vitest?.config.root ?? process.cwd();
        const file = path.relative(root, module.moduleId) || module.moduleId;
        const n = (k: number): string => (k === 1 ? '1 test' : `${k} tests`);
        const copyOf =
          this.#dir === undefined
            ? 'shown as skipped, and the records of any that ran are not in the report'
            : `${recovered} kept from envtrace's copy of their records, ${pending} shown as skipped (not started, or stopped without an envtrace record)`;
        this.#warn(
          `envtrace: ${JSON.stringify(file)} did not finish (see its error); ${n(pending + recovered)} had not reported when its worker stopped: ${copyOf}`,
        );
      }
    }
    const status: RunnerTestStatus = ms === 'passed' || ms === 'failed' ? ms : 'skipped';
    this.#state.set(
      {
        file: { file: module.moduleId, status: errors.length ? 'failed' : status, errors },
        tests,
      },
      JSON.stringify([project, module.moduleId]),
    );
  }

  async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedErrorLike> = [],
    reason?: TestRunEndReason,
  ): Promise<void> {
    this.#cancelled = reason === 'interrupted';
    const unhandled = unhandledErrors.map((e) => {
      const cause = e.cause && typeof e.cause === 'object' ? errorLine(e.cause) : '';
      return cause ? `${errorLine(e)}: ${cause}` : errorLine(e);
    });
    // The copy the workers appended, by test; the files are consumed.
    const kept =
      this.#dir === undefined
        ? new Map<string, KeptTest>()
        : readKeptTests(recordsFiles(this.#dir), this.#warn, true);
    // In watch mode only the rerun files arrive here: the map keeps the others.
    const projectsOf = new Map<string, Set<string>>();
    for (const m of testModules) {
      const seen = projectsOf.get(m.moduleId) ?? new Set<string>();
      seen.add(m.project.name);
      projectsOf.set(m.moduleId, seen);
    }
    for (const m of testModules) {
      this.#collect(m, unhandled, kept, (projectsOf.get(m.moduleId)?.size ?? 0) > 1);
    }
    const vitest = this.#vitest;
    const root = vitest?.config.root ?? process.cwd();
    const shard = vitest?.config.shard
      ? { index: vitest.config.shard.index, count: vitest.config.shard.count }
      : null;
    const { missed, writeErrors } = await finishRun({
      options: this.#options,
      rootDir: root,
      runner: { name: 'vitest', version: vitest?.version ?? null },
      shard,
      gitCommit: this.#gitCommit,
      state: this.#state,
      log: (text) => {
        if (vitest) vitest.logger.log(text.replace(/\n$/, ''));
        else process.stdout.write(text);
      },
      error: (line) => {
        if (vitest) vitest.logger.error(line);
        else process.stderr.write(`${line}\n`);
      },
    });
    // Vitest sets exitCode = 1 for failed tests and never resets it; a missed gate or a report
    // that could not be written fails the run the same way (after the summary was printed).
    if (missed.length || writeErrors.length) process.exitCode = 1;
    // The run is over: outside watch mode no worker writes again (watch mode: at exit).
    if (this.#dir !== undefined && vitest?.config.watch !== true) this.dispose();
  }

  /** Remove the records directory (at the end of a run, on exit; harmless when repeated). */
  dispose(): void {
    if (this.#dir === undefined) return;
    removeRecordsDir(this.#dir);
    forgetOnExit(this.#dir);
    if (process.env[VITEST_RECORDS_DIR_ENV] === this.#dir)
      delete process.env[VITEST_RECORDS_DIR_ENV];
  }
}
