/**
 * End-to-end harness: runs the real Vitest and Jest on fixture projects that install the packed
 * envtrace package.
 *
 * - `dist/` must exist (`npm test` builds first); the package is `npm pack`ed into `.tmp/e2e/`
 *   once per build (reused while it is newer than everything it contains).
 * - `makeProject(name)` copies `test/e2e/fixtures/<name>/` to `.tmp/e2e/<name>-<random>/` and
 *   extracts the tarball into its `node_modules/envtrace-js`. The runners and envtrace's own
 *   dependencies resolve from the repo's `node_modules` by Node's upward lookup (`.tmp` is
 *   inside the repo), so no registry is involved.
 * - `runVitest` / `runJest` spawn the runner with CI variables removed (pass `{ CI: 'true' }`
 *   to get CI behaviour), capture stdout/stderr, strip ANSI and normalise paths and durations.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { TEST_END_KEY } from '../../src/transport/channel.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const e2eRoot = path.join(repoRoot, '.tmp', 'e2e');
export const fixturesRoot = path.join(repoRoot, 'test', 'e2e', 'fixtures');

const VITEST_BIN = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const JEST_BIN = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');

/** Environment variables by which Vitest (std-env) and Jest (ci-info) detect CI. */
const CI_VARS = [
  'CI',
  'CONTINUOUS_INTEGRATION',
  'BUILD_NUMBER',
  'BUILD_ID',
  'RUN_ID',
  'GITHUB_ACTIONS',
  'GITLAB_CI',
  'BUILDKITE',
  'CIRCLECI',
  'TRAVIS',
  'TF_BUILD',
  'JENKINS_URL',
  'TEAMCITY_VERSION',
  'CODEBUILD_BUILD_ARN',
  'APPVEYOR',
  'DRONE',
  'SEMAPHORE',
  'BITBUCKET_COMMIT',
];

function newestMtime(p: string): number {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** The packed package (`.tmp/e2e/envtrace.tgz`), packing it if dist/ changed since. */
export function packedTarball(): string {
  for (const f of ['index.js', 'index.cjs', 'vitest.js', 'jest.cjs', 'expect.cjs']) {
    if (!fs.existsSync(path.join(repoRoot, 'dist', f))) {
      throw new Error(
        `dist/${f} is missing: run \`npm run build\` before the e2e tests (\`npm test\` does).`,
      );
    }
  }
  fs.mkdirSync(e2eRoot, { recursive: true });
  const tarball = path.join(e2eRoot, 'envtrace.tgz');
  const inputs = Math.max(
    newestMtime(path.join(repoRoot, 'dist')),
    newestMtime(path.join(repoRoot, 'matchers', 'types')),
    newestMtime(path.join(repoRoot, 'package.json')),
  );
  if (fs.existsSync(tarball) && fs.statSync(tarball).mtimeMs > inputs) return tarball;
  // Pack into a private directory, then rename: concurrent packers never see a partial file.
  const tmp = fs.mkdtempSync(path.join(e2eRoot, 'pack-'));
  const r = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  if (r.status !== 0) throw new Error(`npm pack failed (${r.status}):\n${r.stderr}`);
  const [info] = JSON.parse(r.stdout) as Array<{ filename: string }>;
  if (!info) throw new Error(`npm pack printed no file: ${r.stdout}`);
  fs.renameSync(path.join(tmp, info.filename), tarball);
  fs.rmSync(tmp, { recursive: true, force: true });
  return tarball;
}

/**
 * A fresh copy of fixture `name` with envtrace installed from the tarball. `files` adds or
 * replaces files (paths relative to the project).
 */
export function makeProject(fixtureName: string, files: Record<string, string> = {}): string {
  const tarball = packedTarball();
  const src = path.join(fixturesRoot, fixtureName);
  if (!fs.existsSync(src)) throw new Error(`no e2e fixture ${fixtureName} in ${fixturesRoot}`);
  const dir = path.join(e2eRoot, `${fixtureName}-${randomBytes(4).toString('hex')}`);
  fs.cpSync(src, dir, { recursive: true });
  const pkgDir = path.join(dir, 'node_modules', 'envtrace-js');
  fs.mkdirSync(pkgDir, { recursive: true });
  const r = spawnSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
  for (const [rel, text] of Object.entries(files)) writeProjectFile(dir, rel, text);
  return dir;
}

export function writeProjectFile(dir: string, rel: string, text: string): void {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Remove a project made by `makeProject` (kept when `ENVTRACE_E2E_KEEP` is set, for debugging). */
export function removeProject(dir: string): void {
  if (process.env['ENVTRACE_E2E_KEEP']) return;
  if (!dir.startsWith(e2eRoot + path.sep)) throw new Error(`refusing to remove ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * `project(name)` makes a fixture project like `makeProject`; every project it made is removed after
 * the calling test file's tests (call at the top level of a test file).
 */
export function projectsRemovedAfterAll(): (fixtureName: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const d of made) removeProject(d);
  });
  return (fixtureName) => {
    const dir = makeProject(fixtureName);
    made.push(dir);
    return dir;
  };
}

export interface RunResult {
  readonly code: number | null;
  /** Raw output. */
  readonly stdout: string;
  readonly stderr: string;
  /** stdout + stderr, ANSI stripped, project path → `<dir>`, durations → `<time>`. */
  readonly output: string;
}

const ANSI =
  /[\u001b\u009b][[\]()#;?]*(?:(?:(?:[a-zA-Z\d]*(?:;[a-zA-Z\d]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Strip ANSI, replace the project directory by `<dir>`, durations by `<time>`. */
export function normalizeOutput(text: string, dir: string): string {
  return stripAnsi(text)
    .split(dir)
    .join('<dir>')
    .replace(/\b\d+(?:\.\d+)?m?s\b/g, '<time>')
    .replace(/\r\n/g, '\n');
}

function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (CI_VARS.includes(k)) continue;
    // Variables of the Vitest process running these e2e tests must not leak into the child runner.
    if (
      k.startsWith('VITEST') ||
      k === 'JEST_WORKER_ID' ||
      k === 'NODE_ENV' ||
      k === 'TEST' ||
      k === 'NODE_OPTIONS'
    )
      continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

function run(
  bin: string,
  dir: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: dir,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${path.basename(bin)} ${args.join(' ')} timed out after ${timeoutMs} ms in ${dir}\n${stdout}\n${stderr}`,
        ),
      );
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: normalizeOutput(`${stdout}\n${stderr}`, dir) });
    });
  });
}

/** `vitest run <args>` in `dir`. */
export function runVitest(
  dir: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
  timeoutMs = 120_000,
): Promise<RunResult> {
  return run(VITEST_BIN, dir, ['run', ...args], env, timeoutMs);
}

/** `jest <args>` in `dir` (`--ci=false` unless CI is requested through `env`). */
export function runJest(
  dir: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
  timeoutMs = 120_000,
): Promise<RunResult> {
  const ci = env['CI'] !== undefined && env['CI'] !== '' && env['CI'] !== 'false';
  const extra = args.some((a) => a.startsWith('--ci')) ? [] : [ci ? '--ci' : '--ci=false'];
  return run(JEST_BIN, dir, [...extra, ...args], env, timeoutMs);
}

/** One test's outcome from a Jest-format JSON result file (Jest `--json`, Vitest `json` reporter). */
export interface TestOutcome {
  readonly fullName: string;
  readonly status: string;
  readonly failureMessages: readonly string[];
  readonly meta?: Record<string, unknown>;
}

export interface JsonResults {
  readonly tests: Map<string, TestOutcome>;
  readonly snapshot: { added: number; updated: number; matched: number; unmatched: number };
  readonly raw: unknown;
}

interface JestJson {
  snapshot: { added: number; updated: number; matched: number; unmatched: number };
  testResults: Array<{ assertionResults: TestOutcome[] }>;
}

export function readJsonResults(file: string): JsonResults {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as JestJson;
  const tests = new Map<string, TestOutcome>();
  for (const f of raw.testResults) {
    for (const t of f.assertionResults) {
      const failureMessages = t.failureMessages.map(stripAnsi);
      tests.set(t.fullName, { ...t, failureMessages });
    }
  }
  const { added, updated, matched, unmatched } = raw.snapshot;
  return { tests, snapshot: { added, updated, matched, unmatched }, raw };
}

/** The lines of the side-channel files in `dir`: records, or with `ends` the test-end lines. */
export function readSideChannel(dir: string, ends = false): Array<Record<string, unknown>> {
  if (!fs.existsSync(dir)) return [];
  const out: Array<Record<string, unknown>> = [];
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.jsonl')) continue;
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const v = JSON.parse(line) as Record<string, unknown>;
      if (TEST_END_KEY in v === ends) out.push(v);
    }
  }
  return out;
}
