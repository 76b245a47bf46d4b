/**
 * End-to-end: a Vitest watch-mode rerun keeps the other files' results in `envtrace-report.json`.
 *
 * Real `vitest watch` on the `reporter-vitest` fixture (files a, b, c, broken, samples, trajectory: see
 * reporters.test.ts). After the first full run, one test file (a.test.ts) is edited so that its
 * `jitter` test now fails; Vitest reruns only that file and hands the reporter only that module.
 * The report must still hold all six files, the untouched files' entries unchanged, a.test.ts's
 * entries replaced by the rerun's, and the summary recomputed over the whole map.
 *
 * The watcher is a child process (threads pool, so no worker outlives it) killed in `finally`;
 * every wait has a deadline so the test cannot hang CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import type { RunReport } from '../../src/report/run/schema.js';
import { RunReportSchema } from '../../src/report/run/schema.js';
import { makeProject, removeProject, repoRoot, stripAnsi, writeProjectFile } from './helpers.js';

const VITEST_BIN = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
/** Vitest's idle line in watch mode: "PASS  Waiting for file changes..." / "FAIL  Tests failed. Watching for file changes...". */
const IDLE = /(?:Waiting|Watching) for file changes/;

/**
 * The environment of the child runner: like the harness's (helpers.ts does not export it),
 * without CI detection variables (CI would disable watch mode) and without this Vitest's own.
 */
function watchEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const ciVars =
    /^(CI|CONTINUOUS_INTEGRATION|BUILD_NUMBER|BUILD_ID|RUN_ID|GITHUB_ACTIONS|GITLAB_CI|BUILDKITE|CIRCLECI|TRAVIS|TF_BUILD|JENKINS_URL|TEAMCITY_VERSION|CODEBUILD_BUILD_ARN|APPVEYOR|DRONE|SEMAPHORE|BITBUCKET_COMMIT|GITHUB_STEP_SUMMARY)$/;
  for (const [k, v] of Object.entries(process.env)) {
    if (
      ciVars.test(k) ||
      k.startsWith('VITEST') ||
      k === 'JEST_WORKER_ID' ||
      k === 'NODE_ENV' ||
      k === 'TEST' ||
      k === 'NODE_OPTIONS'
    )
      continue;
    env[k] = v;
  }
  return env;
}

function readReportIfComplete(file: string): RunReport | undefined {
  if (!fs.existsSync(file)) return undefined;
  // Written atomically (temp file + rename): a file that exists is complete.
  return RunReportSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Poll until `get` returns a value, or fail at the deadline with the runner's output. */
async function waitFor<T>(
  what: string,
  deadline: number,
  output: () => string,
  get: () => T | undefined,
): Promise<T> {
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; vitest output:\n${stripAnsi(output())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, then SIGKILL if it has not exited after 5 s; resolves when it has exited. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The report minus what legitimately changes between runs (timings, creation time). */
function byFile(r: RunReport): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const f of r.files) {
    out.set(f.file, {
      file: f,
      tests: r.tests.filter((t) => t.file === f.file).map((t) => ({ ...t, duration_ms: null })),
    });
  }
  return out;
}

// Two full runs of a five-file fixture in a child Vitest (start-up, first run, rerun): seconds on
// an idle machine, but well over a minute on a loaded 2-core one. The polling deadline stays below
// the test timeout so a hang fails with the child's output rather than a bare timeout.
it(
  'watch-mode rerun of one file keeps the other files in envtrace-report.json',
  { timeout: 200_000 },
  async () => {
    const deadline = Date.now() + 180_000;
    const dir = makeProject('reporter-vitest');
    const reportFile = path.join(dir, 'envtrace-report.json');
    let output = '';
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, [VITEST_BIN, 'watch', '--pool=threads', '--no-color'], {
        cwd: dir,
        env: watchEnv(),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child.stdout?.setEncoding('utf8').on('data', (d: string) => (output += d));
      child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
      const exited = (): string | undefined =>
        child && (child.exitCode !== null || child.signalCode !== null)
          ? `vitest exited early (${child.exitCode ?? child.signalCode})`
          : undefined;

      // First run: all six files; then Vitest idles, watching.
      const first = await waitFor(
        'the first report',
        deadline,
        () => output,
        () => {
          const e = exited();
          if (e) throw new Error(`${e}:\n${stripAnsi(output)}`);
          return readReportIfComplete(reportFile);
        },
      );
      await waitFor(
        'watch mode to idle',
        deadline,
        () => output,
        () => (IDLE.test(stripAnsi(output)) ? true : undefined),
      );
      expect(first.files.map((f) => f.file)).toEqual([
        'a.test.ts',
        'b.test.ts',
        'broken.test.ts',
        'c.test.ts',
        'samples.test.ts',
        'trajectory.test.ts',
      ]);
      expect(first.tests).toHaveLength(12);
      expect(first.summary.pass_rate).toMatchObject({ n: 12, passed: 9 });
      const jitterBefore = first.tests.find((t) => t.name === 'file a jitter');
      expect(jitterBefore?.status).toBe('passed');
      expect(jitterBefore?.records[0]?.pass).toBe(true);

      // Edit one file: its jitter test now compares the wrong trace and fails.
      const aSource = fs.readFileSync(path.join(dir, 'a.test.ts'), 'utf8');
      const edited = aSource
        .replace(
          "import { golden, good } from './traces.js';",
          "import { bad, golden } from './traces.js';",
        )
        .replace('expect(good)', 'expect(bad)');
      expect(edited).not.toBe(aSource);
      writeProjectFile(dir, 'a.test.ts', edited);

      // The rerun rewrites the report (new creation time).
      const second = await waitFor(
        'the rerun report',
        deadline,
        () => output,
        () => {
          const e = exited();
          if (e) throw new Error(`${e}:\n${stripAnsi(output)}`);
          const r = readReportIfComplete(reportFile);
          return r && r.meta.created_at !== first.meta.created_at ? r : undefined;
        },
      );
      // The rerun was partial: Vitest reran the edited file (and, as it does, the files that had
      // failed) but not b.test.ts / c.test.ts, so the reporter got only some modules.
      const rerunOutput = stripAnsi(output).split(IDLE).slice(1).join('');
      const rerunFiles = /Test Files\s+[^\n]*\((\d+)\)/.exec(rerunOutput);
      expect(rerunFiles, rerunOutput).not.toBeNull();
      expect(Number(rerunFiles?.[1])).toBeGreaterThanOrEqual(1);
      expect(Number(rerunFiles?.[1])).toBeLessThan(6);

      // Every file is still there; the untouched ones unchanged.
      expect(second.files.map((f) => f.file)).toEqual([
        'a.test.ts',
        'b.test.ts',
        'broken.test.ts',
        'c.test.ts',
        'samples.test.ts',
        'trajectory.test.ts',
      ]);
      expect(second.tests).toHaveLength(12);
      const before = byFile(first);
      const after = byFile(second);
      for (const f of [
        'b.test.ts',
        'broken.test.ts',
        'c.test.ts',
        'samples.test.ts',
        'trajectory.test.ts',
      ])
        expect(after.get(f)).toEqual(before.get(f));
      expect(second.files.find((f) => f.file === 'broken.test.ts')?.errors.join('\n')).toContain(
        'fixture: broken at import',
      );

      // a.test.ts carries the rerun's results.
      const identical = second.tests.find((t) => t.name === 'file a identical');
      expect(identical?.status).toBe('passed');
      expect(identical?.records).toHaveLength(1);
      const jitter = second.tests.find((t) => t.name === 'file a jitter');
      expect(jitter?.status).toBe('failed');
      expect(jitter?.records).toHaveLength(1);
      expect(jitter?.records[0]?.pass).toBe(false);
      expect(jitter?.records[0]?.accuracy).toBe(false); // motor:x 5 instead of 1

      // The summary is recomputed over all files: one more failing sample than before (8/12).
      expect(second.summary.records).toEqual({ total: 12, samples: 12, negated: 0 });
      expect(second.summary.pass_rate).toMatchObject({ n: 12, passed: 8 });
      expect(second.summary.trajectory).toEqual(first.summary.trajectory);
      // One task per test (tasks are test identities, not shared goldens), none repeated.
      expect(second.summary.tasks).toEqual({ total: 12, repeated: 0 });
    } finally {
      if (child) await stop(child);
      removeProject(dir);
    }
  },
);
