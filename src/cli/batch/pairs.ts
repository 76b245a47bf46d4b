/**
 * Batch mode pairing (`envtrace evaluate --gt-dir DIR --pred-dir DIR`): find the trace files of
 * both directories and pair them by name.
 *
 * Pairing rule: a trace file is a regular file (or a symlink to one) whose name ends in one of
 * {@link TRACE_EXTENSIONS} (any case: `.mcap` and `.db3` are ROS 2 bags), or a directory holding
 * a `metadata.yaml` (a rosbag2 run directory, not entered: its storage files are one trace). Each
 * is read by `importFile`, which reads bags with the asynchronous rosbag2 reader. A trace's key
 * drops the extension, a run directory's key is its path. Directories are searched recursively;
 * entries whose name starts with `.` and symlinked directories are not entered. A trace's *key*
 * is its path relative to the directory, with `/` separators and the trace extension removed
 * (`scans/a.json` → `scans/a`); a golden and a prediction with the same key form a pair, so the
 * two sides may use different formats (`a.json` ↔ `a.jsonl`). Two traces of one side with the
 * same key (`a.json` and `a.csv`) are an error: the pairing would be ambiguous. A trace without a
 * partner is kept as a pair with one side missing (the run reports it); other files are listed
 * as ignored. envtrace's own reports (a run report, an evaluation's JSON report), told by their
 * first bytes whatever their name, are never traces: see {@link setAsideReports}.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeReport, reportKindOfFile, type EnvtraceReportKind } from '../reports.js';
import { describeFsError } from '../run.js';
import { CliIOError } from '../types.js';

/**
 * File name endings read as traces (matched case-insensitively; none is a suffix of another):
 * the text formats, then ROS 2 bag storage files (MCAP, rosbag2's SQLite `.db3`).
 */
export const TRACE_EXTENSIONS: readonly string[] = [
  '.ndjson',
  '.jsonl',
  '.json',
  '.csv',
  '.txt',
  '.mcap',
  '.db3',
];

/** The extensions of ROS 2 bag storage files (binary: never sniffed for a report). */
const BAG_EXTENSIONS: ReadonlySet<string> = new Set(['.mcap', '.db3']);

/** The file a run directory (rosbag2 export) is recognised by. */
export const RUN_DIRECTORY_MARKER = 'metadata.yaml';

/** One trace found in a directory. */
export interface TraceFile {
  /** Relative path without the trace extension, `/` separators: the pairing key. */
  readonly key: string;
  /** Relative path as found (with extension), `/` separators. */
  readonly rel: string;
  /** The directory given joined with `rel` (relative when the directory was). */
  readonly path: string;
  /** Size in bytes (a run directory: of the files directly in it); unknown = Infinity. */
  readonly bytes: number;
  /** Why this trace is not read (a link leaving its directory, a name that is not UTF-8): its pair fails with this. */
  readonly refused?: string;
  /** Set when the file is one of envtrace's own reports, not a trace (`reportKindOf`). */
  readonly report?: EnvtraceReportKind;
}

/** Options of {@link scanTraceDir}. */
export interface ScanOptions {
  /** Links to files outside the directory are refused, not followed (`--pred-dir`). */
  readonly confine?: boolean;
  /** Absolute paths that are never traces (the run's own `--out` report). */
  readonly exclude?: ReadonlySet<string>;
}

/** `name` as a readable string with each byte that is not UTF-8 shown as `\xNN`; `undefined` when it is UTF-8. */
export function nonUtf8Name(name: Buffer): string | undefined {
  const text = name.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(name)) return undefined;
  let out = '';
  for (let i = 0; i < name.length;) {
    let n = 1;
    // The longest piece (up to one UTF-8 sequence) from i that round-trips; else one byte as \xNN.
    for (let k = 4; k >= 1; k--) {
      const piece = name.subarray(i, i + k);
      const t = piece.toString('utf8');
      if (piece.length === k && !t.includes('\ufffd') && Buffer.from(t, 'utf8').equals(piece)) {
        out += t;
        n = k;
        break;
      }
      if (k === 1) out += `\\x${name[i]!.toString(16).padStart(2, '0')}`;
    }
    i += n;
  }
  return out;
}

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** What a directory holds: its traces (sorted by key) and the files that are not traces. */
export interface ScanResult {
  readonly traces: readonly TraceFile[];
  /** envtrace's own reports found among the trace files (sorted by key), with `report` set. */
  readonly reports: readonly TraceFile[];
  /** Relative paths of files that are not traces (sorted). */
  readonly ignored: readonly string[];
}

/** A golden and a prediction with the same key; one side is null when it has no partner. */
export interface TracePair {
  readonly key: string;
  readonly gt: TraceFile | null;
  readonly pred: TraceFile | null;
}

/** Code point order (the report's order, independent of the locale). */
export function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The trace extension `name` ends with (as written), or undefined when it is not a trace file name. */
export function traceExtension(name: string): string | undefined {
  const lower = name.toLowerCase();
  const ext = TRACE_EXTENSIONS.find((e) => lower.endsWith(e) && lower.length > e.length);
  return ext === undefined ? undefined : name.slice(name.length - ext.length);
}

/**
 * The bytes of a rosbag2 run directory: its regular files (the storage files and metadata.yaml
 * sit directly in it), for choosing `--jobs`; Infinity when it cannot be listed.
 */
async function runDirectoryBytes(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    let total = 0;
    for (const e of entries) if (e.isFile()) total += (await stat(path.join(dir, e.name))).size;
    return total;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Every trace under `root` (see the module comment). `label` names the directory in errors
 * (`--gt-dir gts`). Throws `CliIOError` when `root` is not a readable directory or two traces
 * share a key.
 */
export async function scanTraceDir(
  root: string,
  label: string,
  options: ScanOptions = {},
): Promise<ScanResult> {
  let realRoot: string;
  try {
    if (!(await stat(root)).isDirectory()) throw new CliIOError(`${label}: not a directory`);
    realRoot = await realpath(root);
  } catch (e) {
    if (e instanceof CliIOError) throw e;
    throw new CliIOError(`${label}: ${describeFsError(e)}`, { cause: e });
  }
  const traces: TraceFile[] = [];
  const ignored: string[] = [];
  const walk = async (dir: string, relDir: string): Promise<void> => {
    let entries: Dirent<Buffer>[];
    try {
      entries = await readdir(dir, { withFileTypes: true, encoding: 'buffer' });
    } catch (e) {
      throw new CliIOError(
        `${label}: cannot read ${relDir === '' ? 'the directory' : relDir} (${describeFsError(e)})`,
        { cause: e },
      );
    }
    const named = entries.map((entry) => ({ entry, name: entry.name.toString('utf8') }));
    named.sort((a, b) => byKey(a.name, b.name));
    for (const { entry, name } of named) {
      if (name.startsWith('.')) continue;
      const abs = path.join(dir, name);
      const rel = relDir === '' ? name : `${relDir}/${name}`;
      // A name that is not UTF-8 reads as U+FFFD, a name that does not exist: reported by its bytes.
      const bytes = nonUtf8Name(entry.name);
      if (bytes !== undefined) {
        const shown = relDir === '' ? bytes : `${relDir}/${bytes}`;
        const ext = traceExtension(bytes);
        if (ext === undefined) ignored.push(shown);
        else
          traces.push({
            key: shown.slice(0, shown.length - ext.length),
            rel: shown,
            path: abs,
            bytes: 0,
            refused: `the file name ${shown} is not valid UTF-8 (shown by its bytes); rename it`,
          });
        continue;
      }
      if (options.exclude?.has(path.resolve(abs))) continue;
      let isFile = entry.isFile();
      let refused: string | undefined;
      if (entry.isSymbolicLink()) {
        // Follow links to files; a linked directory is not entered (it could loop).
        isFile = await stat(abs).then(
          (s) => s.isFile(),
          () => false,
        );
        if (!isFile) {
          ignored.push(rel);
          continue;
        }
        if (options.confine) {
          const target = await realpath(abs);
          if (!isInside(target, realRoot))
            refused = `${rel} is a symbolic link leading out of ${label.replace(/^--\S+ /, '')} (to ${target}); not read`;
        }
      }
      if (entry.isDirectory()) {
        const isRun = await stat(path.join(abs, RUN_DIRECTORY_MARKER)).then(
          (s) => s.isFile(),
          () => false,
        );
        if (isRun) traces.push({ key: rel, rel, path: abs, bytes: await runDirectoryBytes(abs) });
        else await walk(abs, rel);
        continue;
      }
      const ext = isFile ? traceExtension(name) : undefined;
      if (ext === undefined) ignored.push(rel);
      else {
        const bytes = await stat(abs).then(
          (s) => s.size,
          () => Number.POSITIVE_INFINITY,
        );
        // A report is told by its first bytes: kept (as `--out report.json` or `> eval.json` left
        // it) beside the traces, it would otherwise be read, and fail, as a trace.
        const report =
          refused === undefined && !BAG_EXTENSIONS.has(ext.toLowerCase())
            ? await reportKindOfFile(abs)
            : undefined;
        traces.push({
          key: rel.slice(0, rel.length - ext.length),
          rel,
          path: abs,
          bytes,
          ...(refused !== undefined ? { refused } : {}),
          ...(report !== undefined ? { report } : {}),
        });
      }
    }
  };
  await walk(root, '');
  traces.sort((a, b) => byKey(a.key, b.key) || byKey(a.rel, b.rel));
  // Reports are set aside before names are checked: `a.json` (a report) beside `a.jsonl` is no clash.
  const reports = traces.filter((t) => t.report !== undefined);
  if (reports.length > 0)
    traces.splice(0, traces.length, ...traces.filter((t) => t.report === undefined));
  for (let i = 1; i < traces.length; i++) {
    const prev = traces[i - 1]!;
    const cur = traces[i]!;
    if (prev.key === cur.key) {
      throw new CliIOError(
        `${label}: ${prev.rel} and ${cur.rel} have the same name without their extension; traces are paired by that name, so keep one of them`,
      );
    }
  }
  return { traces, reports, ignored: ignored.sort(byKey) };
}

/** A report skipped in a batch: the side it was found on and the file. */
export interface SkippedReport {
  readonly side: 'gt' | 'pred';
  readonly file: TraceFile & { readonly report: EnvtraceReportKind };
}

/**
 * The traces of both sides with the reports the scans set aside: a report is never a trace. It is
 * skipped (`skipped`, for a warning naming it) unless a trace of the other side has its name and
 * none of its own side does; then skipping it would leave that trace without a partner for no
 * visible reason, so the report stays in as a trace that is `refused`: its pair fails, saying the
 * file is a report.
 */
export function setAsideReports(
  gt: ScanResult,
  pred: ScanResult,
  dirs: { readonly gtDir: string; readonly predDir: string },
): { gts: TraceFile[]; preds: TraceFile[]; skipped: SkippedReport[] } {
  const skipped: SkippedReport[] = [];
  const side = (own: ScanResult, other: ScanResult, name: 'gt' | 'pred'): TraceFile[] => {
    const ownKeys = new Set(own.traces.map((t) => t.key));
    const otherKeys = new Set(other.traces.map((t) => t.key));
    const kept = [...own.traces];
    for (const r of own.reports) {
      const report = r.report!;
      if (!ownKeys.has(r.key) && otherKeys.has(r.key)) {
        const flag = name === 'gt' ? '--gt-dir' : '--pred-dir';
        const dir = name === 'gt' ? dirs.gtDir : dirs.predDir;
        kept.push({
          ...r,
          refused: `${joinRel(dir, r.rel)} is ${describeReport(report)}, not a ${name === 'gt' ? 'golden' : 'predicted'} trace; move it out of ${flag} (or put the trace of that name there)`,
        });
      } else skipped.push({ side: name, file: { ...r, report } });
    }
    return kept.sort((a, b) => byKey(a.key, b.key) || byKey(a.rel, b.rel));
  };
  const gts = side(gt, pred, 'gt');
  const preds = side(pred, gt, 'pred');
  return { gts, preds, skipped };
}

/** Pair goldens and predictions by key; the result is sorted by key and holds every trace of both sides once. */
export function pairTraces(gts: readonly TraceFile[], preds: readonly TraceFile[]): TracePair[] {
  const byKeyMap = new Map<string, { gt: TraceFile | null; pred: TraceFile | null }>();
  for (const gt of gts) byKeyMap.set(gt.key, { gt, pred: null });
  for (const pred of preds) {
    const entry = byKeyMap.get(pred.key);
    if (entry) entry.pred = pred;
    else byKeyMap.set(pred.key, { gt: null, pred });
  }
  return [...byKeyMap.entries()]
    .sort(([a], [b]) => byKey(a, b))
    .map(([key, { gt, pred }]) => ({ key, gt, pred }));
}

/** The one-line reason a pair has no partner, naming the file that is there and where the other was looked for. */
export function missingPartnerMessage(
  pair: TracePair,
  dirs: { readonly gtDir: string; readonly predDir: string },
): string {
  const alternatives = `${pair.key}{${TRACE_EXTENSIONS.join(',')}}`;
  if (pair.gt && !pair.pred)
    return `no predicted trace for golden ${joinRel(dirs.gtDir, pair.gt.rel)} (looked for ${joinRel(dirs.predDir, alternatives)})`;
  if (pair.pred && !pair.gt)
    return `no golden trace for prediction ${joinRel(dirs.predDir, pair.pred.rel)} (looked for ${joinRel(dirs.gtDir, alternatives)})`;
  throw new Error(`pair ${pair.key} has both sides`);
}

/** `dir/rel` as the user would type it (`/` separators, no `./` prefix). */
export function joinRel(dir: string, rel: string): string {
  const d = dir.split(path.sep).join('/').replace(/\/+$/, '');
  return d === '' || d === '.' ? rel : `${d}/${rel}`;
}
