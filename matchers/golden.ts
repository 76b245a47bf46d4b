/**
 * The golden-trace store behind `toMatchGoldenTrace`: where goldens live, how file names are
 * made safe (written with the atomic writer of `src/io/write.ts`), the golden file format (values
 * through the codec of `src/io/codec.ts`, so every value reads back as itself), the update mode,
 * counting in the runner's snapshot summary, and obsolete-golden detection.
 *
 * Layout: `<dir of test file>/__traces__/<test file name>/<test name>[ (k)][-n].trace.json`, the
 * test name as written where file systems allow, escaped injectively on a collision
 * (`goldenName.ts`). Obsolete goldens: `goldenObsolete.ts`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EnvTraceError, Trace, TraceError, parseTrace, type Mode } from '../src/index.js';
import { policyFor } from '../src/engine.js';
import { decodeValue, encodeValue, type CodecOptions } from '../src/io/codec.js';
import { MAX_WHOLE_READ, readWholeSync } from '../src/io/read.js';
import { parsePyJson, stringifyPyJson } from '../src/py/json.js';
import { brandClass } from '../src/brand.js';
import type { CounterMapLike, SnapshotCounter, SnapshotStateLike } from './context.js';
import {
  foldFileName,
  GOLDEN_SUFFIX,
  goldenFileName,
  legacyGoldenFileName,
  type GoldenNameForm,
} from './goldenName.js';

export const GOLDEN_DIR = '__traces__';
export { GOLDEN_SUFFIX };

/** `new`: write missing goldens (local default); `all`: rewrite (`-u`); `none`: never write (CI, `--ci`). */
export type UpdateMode = 'new' | 'all' | 'none';

/** The directory holding the goldens of one test file. */
export function goldenDirFor(testPath: string): string {
  return path.join(path.dirname(testPath), GOLDEN_DIR, path.basename(testPath));
}

function inGoldenDir(testPath: string, fileName: string): string {
  if (!path.isAbsolute(testPath)) {
    throw new Error(
      `envtrace: toMatchGoldenTrace needs the absolute path of the test file, got ${JSON.stringify(testPath)}`,
    );
  }
  const dir = goldenDirFor(testPath);
  const file = path.join(dir, fileName);
  const rel = path.relative(dir, file);
  // Defence in depth: the encoding already escapes separators and leading dots.
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel.includes(path.sep) || rel.includes('/')) {
    throw new Error(`envtrace: refusing golden path outside ${dir}: ${file}`);
  }
  return file;
}

/**
 * The golden of the `n`-th (1-based) `toMatchGoldenTrace` call of the `occurrence`-th test
 * named `testName` in its file, its name in `form` (see `goldenName.ts`: readable unless the
 * name collides with another test's).
 */
export function goldenPathFor(
  testPath: string,
  testName: string,
  n: number,
  occurrence = 1,
  form: GoldenNameForm = 'readable',
): string {
  return inGoldenDir(testPath, goldenFileName(testName, occurrence, n, form));
}

/** Where envtrace before the injective encoding kept the same golden (first test of a name only). */
export function legacyGoldenPathFor(testPath: string, testName: string, n: number): string {
  return inGoldenDir(testPath, legacyGoldenFileName(testName, n));
}

export { foldFileName };

/** Which test a golden file belongs to. */
export interface GoldenOwner {
  readonly testName: string;
  /** 1-based: the how-manieth test of this full name in its file. */
  readonly occurrence: number;
  /** 1-based call number within the test. */
  readonly n: number;
}

function describeOwner(o: GoldenOwner): string {
  return `${JSON.stringify(o.testName)}${o.occurrence > 1 ? ` (test ${o.occurrence} of that name)` : ''}${o.n > 1 ? `, call ${o.n}` : ''}`;
}

/**
 * Two tests would share one golden file: a name cut to fit the file-name limit whose hash
 * collides, or a golden still under its pre-0.x name that now belongs to another test. Never a
 * silent share: the matcher throws this.
 */
export class GoldenCollisionError extends EnvTraceError {
  readonly file: string;
  constructor(file: string, first: GoldenOwner, second: GoldenOwner) {
    super(
      'ERR_GOLDEN_COLLISION',
      `golden trace ${file} would be shared by test ${describeOwner(first)} and test ${describeOwner(second)}. ` +
        `Rename one of the tests (a golden under its old name is moved to its new name by one run with -u).`,
    );
    this.name = 'GoldenCollisionError';
    this.file = file;
  }
}
brandClass(GoldenCollisionError, 'GoldenCollisionError');

interface Claim {
  readonly file: string;
  readonly owner: GoldenOwner;
}

/** Per test file: folded golden file name → the goldens of that folded name used in this run, and by whom. */
const claims = new Map<string, Map<string, Claim[]>>();

/** The same test and call. */
export function sameOwner(a: GoldenOwner, b: GoldenOwner): boolean {
  return a.testName === b.testName && a.occurrence === b.occurrence && a.n === b.n;
}

/**
 * Whether two paths that differ at most in case and normalisation name one file: the same path,
 * or two existing names of the same inode (a case-folding or normalising file system). Two such
 * names on a case-sensitive file system are two files, and two tests may use them.
 */
function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const sa = fs.statSync(a);
    const sb = fs.statSync(b);
    return sa.ino === sb.ino && sa.dev === sb.dev;
  } catch {
    return false;
  }
}

function claimsFor(testPath: string, file: string): Claim[] {
  let byFile = claims.get(testPath);
  if (!byFile) claims.set(testPath, (byFile = new Map<string, Claim[]>()));
  const key = foldFileName(path.basename(file));
  let list = byFile.get(key);
  if (!list) byFile.set(key, (list = []));
  return list;
}

/** The test that uses `file` in this run, if any. */
export function ownerOf(testPath: string, file: string): GoldenOwner | undefined {
  return claims
    .get(testPath)
    ?.get(foldFileName(path.basename(file)))
    ?.find((c) => sameFile(c.file, file))?.owner;
}

/**
 * Record that `owner` uses `file` in this run. Throws a `GoldenCollisionError` naming both tests
 * when another test already uses that file (also under another case or normalisation of its
 * name, where the file system folds them together).
 */
export function claimGolden(
  testPath: string,
  file: string,
  owner: GoldenOwner,
  shown: string = file,
): void {
  const list = claimsFor(testPath, file);
  const previous = list.find((c) => sameFile(c.file, file));
  if (previous && !sameOwner(previous.owner, owner))
    throw new GoldenCollisionError(shown, previous.owner, owner);
  if (!previous) list.push({ file, owner });
}

/** Give up a claim (a legacy golden moved to its new name). */
export function releaseGolden(testPath: string, file: string): void {
  const list = claims.get(testPath)?.get(foldFileName(path.basename(file)));
  if (!list) return;
  const i = list.findIndex((c) => c.file === file);
  if (i >= 0) list.splice(i, 1);
}

/** Forget the claims of a test file (its run is over). */
export function forgetClaims(testPath: string): void {
  claims.delete(testPath);
}

function isUpdateMode(v: unknown): v is UpdateMode {
  return v === 'new' || v === 'all' || v === 'none';
}

/**
 * The update mode, read from the runner's snapshot state the same way in Jest and Vitest.
 * Without one (standalone `expect`): `ENVTRACE_UPDATE_GOLDENS` (`new`/`all`/`none`), else
 * `none` when `CI` is set (to anything but `0`/`false`), else `new`.
 */
export function updateModeOf(
  ctx: { readonly snapshotState?: unknown },
  env: NodeJS.ProcessEnv = process.env,
): UpdateMode {
  const s = ctx.snapshotState as
    Pick<SnapshotStateLike, 'snapshotUpdateState' | '_updateSnapshot'> | null | undefined;
  const fromRunner = s?.snapshotUpdateState ?? s?._updateSnapshot;
  if (isUpdateMode(fromRunner)) return fromRunner;
  const fromEnv = env['ENVTRACE_UPDATE_GOLDENS'];
  if (isUpdateMode(fromEnv)) return fromEnv;
  const ci = env['CI'];
  if (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false') return 'none';
  return 'new';
}

export type CounterName = 'added' | 'updated' | 'matched' | 'unmatched';

function isCounterMap(c: SnapshotCounter): c is CounterMapLike {
  // Jest hands a number, Vitest 4 a CounterMap; anything else is counted as a number would be.
  return typeof c === 'object' && typeof (c as Partial<CounterMapLike>).increment === 'function';
}

/**
 * Count a golden in the runner's snapshot summary. Vitest 4 keeps per-test `CounterMap`s (it
 * clears a test's counts itself before a retry); Jest keeps numbers, so the caller records the
 * bump in `bumps` and rolls it back with `rollBackCounters` when the test is retried.
 */
export function bumpCounter(
  state: SnapshotStateLike | null | undefined,
  name: CounterName,
  testId: string,
  bumps: Map<string, number>,
): void {
  if (!state) return;
  const c = state[name];
  if (isCounterMap(c)) {
    c.increment(testId);
  } else if (typeof c === 'number') {
    state[name] = c + 1;
    bumps.set(name, (bumps.get(name) ?? 0) + 1);
  }
}

export function rollBackCounters(
  state: SnapshotStateLike | null | undefined,
  bumps: ReadonlyMap<string, number>,
): void {
  if (!state) return;
  for (const [name, n] of bumps) {
    const key = name as CounterName;
    const c = state[key];
    if (typeof c === 'number') state[key] = Math.max(0, c - n);
  }
}

/** How golden values are encoded in `mode`: Python number text in reference mode (T1), else plain JSON numbers. */
function codecNumbers(mode: Mode): NonNullable<CodecOptions['numbers']> {
  return policyFor(mode).readValues === 'python' ? 'python' : 'json';
}

/**
 * A golden file's text: one event per line, so reviews and diffs read event by event. Values and
 * meta go through `encodeValue`, so NaN, ±Infinity, -0, BigInt, Date, nested `undefined` and typed
 * arrays are written in the codec's tagged form and read back by `readGoldenSync` as themselves.
 * Reference mode keeps Python's number text (`1.0` stays a float). Throws a `TraceError` naming
 * `file` and the value's path (`events[3].value.a[2]`) for a value the codec refuses (a function,
 * a Map, a class instance, a circular reference).
 */
export function goldenText(trace: Trace, mode: Mode, file?: string): string {
  const numbers = codecNumbers(mode);
  const stringify = (v: unknown): string =>
    numbers === 'python' ? stringifyPyJson(v) : JSON.stringify(v);
  const lines = trace.events.map((e, i) => {
    const at = (key: string): CodecOptions => ({ file, numbers, path: ['events', i, key] });
    const ev: Record<string, unknown> = {
      channel: e.channel,
      timestamp: e.timestamp,
      value: e.value === undefined ? null : encodeValue(e.value, at('value')),
    };
    if (e.meta !== undefined && Object.keys(e.meta).length > 0)
      ev['meta'] = encodeValue(e.meta, at('meta'));
    return `    ${stringify(ev)}`;
  });
  return `{\n  "schema_version": "1",\n  "events": [${lines.length ? `\n${lines.join(',\n')}\n  ` : ''}]\n}\n`;
}

/** The document of a golden file with its event values and meta decoded (other parts left to `parseTrace` to check). */
function decodeGoldenDocument(
  doc: unknown,
  file: string,
  numbers: CodecOptions['numbers'],
): unknown {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  const events = (doc as Record<string, unknown>)['events'];
  if (!Array.isArray(events)) return doc;
  const decoded = events.map((ev: unknown, i) => {
    if (typeof ev !== 'object' || ev === null || Array.isArray(ev)) return ev;
    const out: Record<string, unknown> = { ...(ev as Record<string, unknown>) };
    for (const key of ['value', 'meta'] as const) {
      if (key in out) out[key] = decodeValue(out[key], { file, numbers, path: ['events', i, key] });
    }
    return out;
  });
  return { ...(doc as Record<string, unknown>), events: decoded };
}

/** Whether `p` is `dir` or inside it (both absolute). */
function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Options of {@link readGoldenSync}. */
export interface ReadGoldenOptions {
  /**
   * The `__traces__` folder the golden must stay in (after following links). Default: the
   * folder two levels up from the file (`<dir>/__traces__/<test file>/<golden>`).
   */
  readonly within?: string;
}

/**
 * The text of a golden file, read with the guards of every input read (`src/io/read.ts`: no
 * device, no FIFO or pipe, at most `MAX_WHOLE_READ` bytes) and never through a link whose target
 * leaves `within`: golden files are data in the repository, and a committed link to
 * `/etc/shadow` must not put that file's lines into a failure message. (`-u` replaces such a
 * link with a regular file, as the writer does.) Throws a `TraceError` naming the file.
 */
export function readGoldenText(file: string, within: string): string {
  const fail = (reason: string, cause?: unknown): TraceError =>
    new TraceError(
      `cannot read golden trace: ${reason}`,
      { file },
      cause === undefined ? {} : { cause },
    );
  let real: string;
  let root: string;
  try {
    real = fs.realpathSync(file);
    // The folder itself as the repository has it: a `__traces__` that is a link elsewhere leaves.
    root = path.join(fs.realpathSync(path.dirname(within)), path.basename(within));
  } catch (e) {
    throw fail(readFailure(e), e);
  }
  if (!isInside(real, root))
    throw fail(
      `it leads to ${real}, outside ${within}; not followed (replace the link with a regular file)`,
    );
  try {
    return readWholeSync(real, MAX_WHOLE_READ, { regularOnly: true }).toString('utf8');
  } catch (e) {
    throw fail(readFailure(e), e);
  }
}

function readFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  return String((e as Partial<Error>).message ?? e);
}

/**
 * Read a golden file written by `goldenText`: the JSON (Python JSON in reference mode), its values
 * decoded from the codec's tagged form, then checked as a trace. Only golden files are decoded
 * this way; ordinary trace files (`loadTrace`, `toMatchTraceBehavior('x.json')`) are read as plain
 * JSON. The file is read with the input guards and confined to its `__traces__` folder (see
 * {@link readGoldenText}). Throws a `TraceError` naming the file (and the path of a malformed
 * value).
 */
export function readGoldenSync(file: string, mode: Mode, options: ReadGoldenOptions = {}): Trace {
  const text = readGoldenText(
    file,
    path.resolve(options.within ?? path.dirname(path.dirname(file))),
  );
  const numbers = codecNumbers(mode);
  let doc: unknown;
  try {
    if (numbers === 'python') doc = parsePyJson(text, { file, preserveNumberKinds: true });
    else {
      try {
        doc = JSON.parse(text);
      } catch {
        // Our own parser words the error with line and column.
        doc = parsePyJson(text, { file, preserveNumberKinds: false });
      }
    }
  } catch (e) {
    if (e instanceof EnvTraceError && !(e instanceof TraceError))
      throw new TraceError(e.message, {}, { cause: e });
    throw e;
  }
  return parseTrace(decodeGoldenDocument(doc, file, numbers), { mode, file });
}
