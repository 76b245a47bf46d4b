/**
 * Obsolete golden traces, found after each test file and reported like obsolete snapshots.
 *
 * - **Tests that no longer exist.** A golden in `__traces__/<test file>/` that no test used in
 *   this run and that does not belong to a declared test which did not complete (skipped, todo,
 *   filtered out by `-t` or `.only`, failed, `fails`/`failing`) is obsolete. The goldens of a
 *   test that did not complete are kept, not checked: one skipped test does not disable the
 *   check for the rest of its file.
 * - **Test files that no longer exist.** `__traces__/<name>/` beside a test file whose `<name>`
 *   is gone: its goldens are obsolete. Checked by one test file per directory (the first, by
 *   name, of the `*.test.*`/`*.spec.*` files there), so they are counted once; a run that does
 *   not include that file (a file filter) does not check.
 *
 * They are counted in the runner's snapshot summary ("N obsolete" / "N removed", one line per
 * golden, under the test file), with the runner's rules: Jest fails a run with obsolete
 * snapshots unless `-u`, Vitest fails the file under `--ci`/`--update=none`. Under `-u`
 * (update mode `all`) they are deleted. Without a runner's snapshot state, one line goes to
 * stderr.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { escapeForTerminal } from '../src/io/terminal.js';
import {
  GOLDEN_DIR,
  GOLDEN_SUFFIX,
  foldFileName,
  forgetClaims,
  goldenDirFor,
  type UpdateMode,
} from './golden.js';
import { goldenBaseName, legacyGoldenFileName, parseGoldenFileName } from './goldenName.js';
import type { DeclaredTest } from './lifecycle.js';

/** Goldens used (read or written) in this run, per test file: folded file names. */
const touched = new Map<string, Set<string>>();

/** Record that a test of `testPath` used the golden `file` in this run. */
export function markTouched(testPath: string, file: string): void {
  let set = touched.get(testPath);
  if (!set) touched.set(testPath, (set = new Set()));
  set.add(foldFileName(path.basename(file)));
}

function goldenFilesIn(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith(GOLDEN_SUFFIX)).sort();
}

/** Golden files of one test file that exist on disk (sorted, absolute). */
export function listGoldens(testPath: string): string[] {
  const dir = goldenDirFor(testPath);
  return goldenFilesIn(dir).map((n) => path.join(dir, n));
}

/**
 * A test over file names: does the golden belong to one of `tests` (by name and occurrence, any
 * call number)? Under either of its names: readable (compared as a case-folding file system
 * would: the readable names of one file's tests never fold together, see `goldenName.ts`) or
 * escaped, and the pre-encoding name.
 */
export function belongsToTests(
  tests: readonly Pick<DeclaredTest, 'name' | 'occurrence'>[],
): (fileName: string) => boolean {
  const current = new Set<string>();
  const readable = new Set<string>();
  const legacy = new Set<string>();
  for (const t of tests) {
    current.add(`${t.occurrence}\u0000${goldenBaseName(t.name, 'escaped')}`);
    readable.add(`${t.occurrence}\u0000${foldFileName(goldenBaseName(t.name, 'readable'))}`);
    if (t.occurrence === 1)
      legacy.add(legacyGoldenFileName(t.name, 1).slice(0, -GOLDEN_SUFFIX.length));
  }
  return (fileName) => {
    const parsed = parseGoldenFileName(fileName);
    if (parsed && current.has(`${parsed.occurrence}\u0000${parsed.base}`)) return true;
    if (parsed && readable.has(`${parsed.occurrence}\u0000${foldFileName(parsed.base)}`))
      return true;
    const stem = fileName.slice(0, -GOLDEN_SUFFIX.length);
    return legacy.has(stem) || legacy.has(stem.replace(/-[1-9]\d*$/, ''));
  };
}

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * Golden directories beside `testPath` whose test file is gone, when `testPath` is the file that
 * checks its directory (the first test file there by name); otherwise none.
 */
export function goneTestFileDirs(testPath: string): string[] {
  const dir = path.dirname(testPath);
  const self = path.basename(testPath);
  let siblings: string[];
  let goldenDirs: fs.Dirent[];
  try {
    siblings = fs.readdirSync(dir);
    goldenDirs = fs.readdirSync(path.join(dir, GOLDEN_DIR), { withFileTypes: true });
  } catch {
    return [];
  }
  const checker = [self, ...siblings.filter((n) => TEST_FILE.test(n))].sort()[0];
  if (checker !== self) return [];
  const present = new Set(siblings);
  return goldenDirs
    .filter((d) => d.isDirectory() && !present.has(d.name))
    .map((d) => path.join(dir, GOLDEN_DIR, d.name))
    .filter((d) => goldenFilesIn(d).length > 0)
    .sort();
}

/** The obsolete goldens after one test file. */
export interface ObsoleteReport {
  readonly testPath: string;
  /** Goldens of tests that no longer exist (absolute paths). */
  readonly obsolete: readonly string[];
  /** Goldens of test files that no longer exist (absolute paths). */
  readonly orphaned: readonly string[];
  /** True when they were deleted (update mode `all`). */
  readonly removed: boolean;
}

function removeEmptyDir(dir: string): void {
  try {
    if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  } catch {
    // already gone, or not empty
  }
}

/**
 * After a test file: its obsolete goldens (see the module comment), deleted in update mode
 * `all`. `tests` are the file's declared tests; `undefined` when the runner did not show them
 * (no test ran), which skips the per-test check but not the check for deleted test files.
 * Forgets the file's bookkeeping either way.
 */
export function collectObsolete(
  testPath: string,
  mode: UpdateMode,
  tests: readonly DeclaredTest[] | undefined,
): ObsoleteReport | undefined {
  const seen = touched.get(testPath) ?? new Set<string>();
  touched.delete(testPath);
  forgetClaims(testPath);
  let obsolete: string[] = [];
  if (tests !== undefined) {
    const kept = belongsToTests(tests.filter((t) => !t.completed));
    obsolete = listGoldens(testPath).filter((f) => {
      const name = path.basename(f);
      return !seen.has(foldFileName(name)) && !kept(name);
    });
  }
  const goneDirs = goneTestFileDirs(testPath);
  const orphaned = goneDirs.flatMap((d) => goldenFilesIn(d).map((n) => path.join(d, n)));
  if (obsolete.length === 0 && orphaned.length === 0) return undefined;
  if (mode === 'all') {
    for (const f of [...obsolete, ...orphaned]) fs.rmSync(f, { force: true });
    for (const d of [goldenDirFor(testPath), ...goneDirs]) removeEmptyDir(d);
    removeEmptyDir(path.join(path.dirname(testPath), GOLDEN_DIR));
  }
  return { testPath, obsolete, orphaned, removed: mode === 'all' };
}

/**
 * The lines naming each obsolete golden, relative to the test file's directory
 * (`__traces__/scan.test.ts/old name.trace.json`), escaped for a terminal.
 */
export function obsoleteKeys(report: ObsoleteReport): string[] {
  const dir = path.dirname(report.testPath);
  const rel = (f: string): string =>
    escapeForTerminal(path.relative(dir, f).split(path.sep).join('/'));
  return [
    ...report.obsolete.map((f) => `golden trace ${rel(f)}`),
    ...report.orphaned.map(
      (f) =>
        `golden trace ${rel(f)} (test file ${escapeForTerminal(path.basename(path.dirname(f)))} is gone)`,
    ),
  ];
}

/** One line for stderr, when there is no runner summary to count them in. Paths relative to `cwd`. */
export function formatObsolete(report: ObsoleteReport, cwd: string = process.cwd()): string {
  const files = [...report.obsolete, ...report.orphaned].map((f) =>
    escapeForTerminal(path.relative(cwd, f)),
  );
  const what = files.length === 1 ? 'golden trace' : 'golden traces';
  return report.removed
    ? `envtrace: removed ${files.length} obsolete ${what}: ${files.join(', ')}\n`
    : `envtrace: ${files.length} obsolete ${what} (no test uses them; run with -u to remove): ${files.join(', ')}\n`;
}

/** The part of Jest's and Vitest's `SnapshotState` that lists obsolete ("unchecked") snapshot keys. */
interface UncheckedKeys {
  readonly _uncheckedKeys?: unknown;
  readonly _snapshotData?: unknown;
  /** Vitest: the test file the state belongs to. */
  readonly testFilePath?: unknown;
  /** Jest: called per skipped or failed test; reads a snapshot number off every unchecked key. */
  markSnapshotsAsCheckedForTest?: unknown;
}

/** Per Jest snapshot state: the keys envtrace added (see {@link shieldFromJestCounter}). */
const envtraceKeys = new WeakMap<object, Set<string>>();

/**
 * Jest's `markSnapshotsAsCheckedForTest` (called for each skipped or failed test of the file,
 * after envtrace added its keys) parses every unchecked key as `<test name> <counter>` and throws
 * "Snapshot keys must end with a number." on a key without one. envtrace's keys name a golden
 * file, not a snapshot: they used to end in a made-up counter (` 1`) that Jest then printed
 * (`• golden trace __traces__/a.test.ts/old.trace.json 1`). Instead, this state's method steps
 * over them: they are held out of the set while Jest's own method runs, then put back. Jest
 * never marks a golden as checked (envtrace keeps the goldens of tests that did not complete
 * itself, see the module comment). Returns false when the state has no such method to wrap.
 */
function shieldFromJestCounter(s: UncheckedKeys, keys: Set<string>): boolean {
  const mark = s.markSnapshotsAsCheckedForTest;
  if (typeof mark !== 'function') return false;
  if (envtraceKeys.has(s)) return true;
  envtraceKeys.set(s, keys);
  const target = s as { markSnapshotsAsCheckedForTest: (this: UncheckedKeys, n: string) => void };
  target.markSnapshotsAsCheckedForTest = function (this: UncheckedKeys, testName: string): void {
    const unchecked = this._uncheckedKeys instanceof Set ? this._uncheckedKeys : undefined;
    const held = unchecked ? [...keys].filter((k) => unchecked.delete(k)) : [];
    try {
      (mark as (this: UncheckedKeys, n: string) => void).call(this, testName);
    } finally {
      for (const k of held) unchecked?.add(k);
    }
  };
  return true;
}

/**
 * Count obsolete goldens in the runner's snapshot summary: added to the snapshot state's
 * unchecked keys, which the runner turns into its "obsolete"/"removed" counts and lists after
 * the file (Jest: `addSnapshotData`; Vitest: `SnapshotState.pack`). The key is the line a user
 * reads (`golden trace __traces__/a.test.ts/old.trace.json`), with no snapshot counter: Jest's
 * check of the keys is stepped over ({@link shieldFromJestCounter}), and Vitest reads no number
 * off them (one would make it treat them as snapshots of any skipped test). Returns false when
 * the state cannot take them.
 */
export function countInSnapshotSummary(
  state: unknown,
  host: 'vitest' | 'jest',
  testPath: string,
  keys: readonly string[],
): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const s = state as UncheckedKeys;
  if (!(s._uncheckedKeys instanceof Set)) return false;
  if (typeof s.testFilePath === 'string' && s.testFilePath !== testPath) return false;
  const data =
    typeof s._snapshotData === 'object' && s._snapshotData !== null
      ? (s._snapshotData as Record<string, unknown>)
      : {};
  const ours = envtraceKeys.get(s) ?? new Set<string>();
  if (host === 'jest' && !shieldFromJestCounter(s, ours)) return false;
  for (const key of keys) {
    // Never shadow a real snapshot: under -u the runner deletes the data of unchecked keys.
    if (Object.prototype.hasOwnProperty.call(data, key)) continue;
    s._uncheckedKeys.add(key);
    ours.add(key);
  }
  return true;
}

/**
 * The end-of-file step of the setup entries: collect the obsolete goldens of `testPath`, delete
 * them under `-u`, and count them in the runner's snapshot summary (or print one line to stderr).
 */
export function reportObsoleteGoldens(
  testPath: string,
  mode: UpdateMode,
  tests: readonly DeclaredTest[] | undefined,
  snapshotState: unknown,
  host: 'vitest' | 'jest',
): ObsoleteReport | undefined {
  if (testPath === '' || !path.isAbsolute(testPath)) return undefined;
  const report = collectObsolete(testPath, mode, tests);
  if (report && !countInSnapshotSummary(snapshotState, host, testPath, obsoleteKeys(report)))
    process.stderr.write(formatObsolete(report));
  return report;
}
