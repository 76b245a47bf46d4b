/**
 * The golden-trace store behind `toMatchGoldenTrace`: where goldens live, how file names are
 * made safe (written with the atomic writer of `src/io/write.ts`), the golden file format (values
 * through the codec of `src/io/codec.ts`, so every value reads back as itself), the update mode,
 * counting in the runner's snapshot summary, and obsolete-golden detection.
 *
 * Layout: `<dir of test file>/__traces__/<test file name>/<test name>[-n].trace.json`.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EnvTraceError, Trace, TraceError, parseTrace, policyFor, type Mode } from '../src/index.js';
import { decodeValue, encodeValue, type CodecOptions } from '../src/io/codec.js';
import { parsePyJson, stringifyPyJson } from '../src/py/json.js';
import type { CounterMapLike, SnapshotCounter, SnapshotStateLike } from './context.js';

export const GOLDEN_DIR = '__traces__';
export const GOLDEN_SUFFIX = '.trace.json';

/** `new`: write missing goldens (local default); `all`: rewrite (`-u`); `none`: never write (CI, `--ci`). */
export type UpdateMode = 'new' | 'all' | 'none';

const MAX_NAME = 120;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/**
 * A file-name-safe form of a test name. Letters, digits, dashes, spaces and `_ . , ( ) + = @ # & ' ! ~ -`
 * are kept; anything else (path separators, `:`, `*`, `?`, quotes, `<`, `>`, `|`, control
 * characters) becomes `_`. Leading/trailing dots and spaces are trimmed (no `..`, no hidden
 * files), long names are cut, Windows device names are prefixed. A name that had to be changed
 * gets a short hash of the original, so two names that sanitise alike do not share a golden.
 */
export function sanitizeTestName(name: string): string {
  let out = name.replace(/[^\p{L}\p{N}\p{Pd} _.,()+=@#&'!~-]/gu, '_').replace(/_{2,}/g, '_');
  out = out.replace(/^[\s.]+|[\s.]+$/g, '');
  let changed = out !== name;
  if (out.length > MAX_NAME) {
    out = out.slice(0, MAX_NAME).replace(/[\s.]+$/, '');
    changed = true;
  }
  if (out === '') {
    out = 'test';
    changed = true;
  }
  if (WINDOWS_RESERVED.test(out)) {
    out = `_${out}`;
    changed = true;
  }
  return changed ? `${out}-${shortHash(name)}` : out;
}

/** The directory holding the goldens of one test file. */
export function goldenDirFor(testPath: string): string {
  return path.join(path.dirname(testPath), GOLDEN_DIR, path.basename(testPath));
}

/** The golden of the `n`-th (1-based) `toMatchGoldenTrace` call of a test. */
export function goldenPathFor(testPath: string, testName: string, n: number): string {
  if (!path.isAbsolute(testPath)) {
    throw new Error(`envtrace: toMatchGoldenTrace needs the absolute path of the test file, got ${JSON.stringify(testPath)}`);
  }
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`golden number must be a positive integer, got ${n}`);
  const dir = goldenDirFor(testPath);
  const file = path.join(dir, `${sanitizeTestName(testName)}${n > 1 ? `-${n}` : ''}${GOLDEN_SUFFIX}`);
  const rel = path.relative(dir, file);
  // Defence in depth: sanitising already removed separators and leading dots.
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel.includes(path.sep)) {
    throw new Error(`envtrace: refusing golden path outside ${dir}: ${file}`);
  }
  return file;
}

function isUpdateMode(v: unknown): v is UpdateMode {
  return v === 'new' || v === 'all' || v === 'none';
}

/**
 * The update mode, read from the runner's snapshot state the same way in Jest and Vitest.
 * Without one (standalone `expect`): `ENVTRACE_UPDATE_GOLDENS` (`new`/`all`/`none`), else
 * `none` when `CI` is set (to anything but `0`/`false`), else `new`.
 */
export function updateModeOf(ctx: { readonly snapshotState?: unknown }, env: NodeJS.ProcessEnv = process.env): UpdateMode {
  const s = ctx.snapshotState as Pick<SnapshotStateLike, 'snapshotUpdateState' | '_updateSnapshot'> | null | undefined;
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
  return typeof c === 'object' && c !== null && typeof (c as CounterMapLike).increment === 'function';
}

/**
 * Count a golden in the runner's snapshot summary. Vitest 4 keeps per-test `CounterMap`s (it
 * clears a test's counts itself before a retry); Jest keeps numbers, so the caller records the
 * bump in `bumps` and rolls it back with `rollBackCounters` when the test is retried.
 */
export function bumpCounter(state: SnapshotStateLike | null | undefined, name: CounterName, testId: string, bumps: Map<string, number>): void {
  if (!state) return;
  const c = state[name];
  if (isCounterMap(c)) {
    c.increment(testId);
  } else if (typeof c === 'number') {
    state[name] = c + 1;
    bumps.set(name, (bumps.get(name) ?? 0) + 1);
  }
}

export function rollBackCounters(state: SnapshotStateLike | null | undefined, bumps: ReadonlyMap<string, number>): void {
  if (!state) return;
  for (const [name, n] of bumps) {
    const key = name as CounterName;
    const c = state[key];
    if (typeof c === 'number') state[key] = Math.max(0, c - n);
  }
}

/** Golden files of one test file that exist on disk (sorted). */
export function listGoldens(testPath: string): string[] {
  const dir = goldenDirFor(testPath);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(GOLDEN_SUFFIX))
    .sort()
    .map((n) => path.join(dir, n));
}

/** Goldens touched (read or written) in this run, per test file. */
const touched = new Map<string, Set<string>>();

export function markTouched(testPath: string, file: string): void {
  let set = touched.get(testPath);
  if (!set) touched.set(testPath, (set = new Set()));
  set.add(file);
}

export interface ObsoleteReport {
  readonly testPath: string;
  readonly obsolete: readonly string[];
  /** True when they were deleted (update mode `all`). */
  readonly removed: boolean;
}

/**
 * After a test file: goldens nobody touched. Only meaningful when every test of the file ran
 * and passed (a test failing midway leaves its later goldens untouched); the caller checks.
 * In update mode `all` they are deleted, like obsolete snapshots under `-u`.
 */
export function collectObsolete(testPath: string, mode: UpdateMode): ObsoleteReport | undefined {
  const seen = touched.get(testPath) ?? new Set<string>();
  const obsolete = listGoldens(testPath).filter((f) => !seen.has(f));
  touched.delete(testPath);
  if (obsolete.length === 0) return undefined;
  if (mode === 'all') {
    for (const f of obsolete) fs.rmSync(f, { force: true });
    const dir = goldenDirFor(testPath);
    try {
      if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
    } catch {
      // directory already gone or not empty
    }
  }
  return { testPath, obsolete, removed: mode === 'all' };
}

/** One line per report, for the runner's stderr. Paths relative to `cwd`. */
export function formatObsolete(report: ObsoleteReport, cwd: string = process.cwd()): string {
  const files = report.obsolete.map((f) => path.relative(cwd, f));
  const what = report.obsolete.length === 1 ? 'golden trace' : 'golden traces';
  return report.removed
    ? `envtrace: removed ${report.obsolete.length} obsolete ${what}: ${files.join(', ')}\n`
    : `envtrace: ${report.obsolete.length} obsolete ${what} (no test uses them; run with -u to remove): ${files.join(', ')}\n`;
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
  const stringify = (v: unknown): string => (numbers === 'python' ? stringifyPyJson(v) : JSON.stringify(v));
  const lines = trace.events.map((e, i) => {
    const at = (key: string): CodecOptions => ({ file, numbers, path: ['events', i, key] });
    const ev: Record<string, unknown> = { channel: e.channel, timestamp: e.timestamp, value: e.value === undefined ? null : encodeValue(e.value, at('value')) };
    if (e.meta !== undefined && Object.keys(e.meta).length > 0) ev['meta'] = encodeValue(e.meta, at('meta'));
    return `    ${stringify(ev)}`;
  });
  return `{\n  "schema_version": "1",\n  "events": [${lines.length ? `\n${lines.join(',\n')}\n  ` : ''}]\n}\n`;
}

/** The document of a golden file with its event values and meta decoded (other parts left to `parseTrace` to check). */
function decodeGoldenDocument(doc: unknown, file: string, numbers: CodecOptions['numbers']): unknown {
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

/**
 * Read a golden file written by `goldenText`: the JSON (Python JSON in reference mode), its values
 * decoded from the codec's tagged form, then checked as a trace. Only golden files are decoded
 * this way; ordinary trace files (`loadTrace`, `toMatchTraceBehavior('x.json')`) are read as plain
 * JSON. Throws a `TraceError` naming the file (and the path of a malformed value).
 */
export function readGoldenSync(file: string, mode: Mode): Trace {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new TraceError(`cannot read golden trace: ${code === 'ENOENT' ? 'no such file' : String((e as Error).message ?? e)}`, { file }, { cause: e });
  }
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
    if (e instanceof EnvTraceError && !(e instanceof TraceError)) throw new TraceError(e.message, {}, { cause: e });
    throw e;
  }
  return parseTrace(decodeGoldenDocument(doc, file, numbers), { mode, file });
}
