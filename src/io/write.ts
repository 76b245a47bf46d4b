/**
 * The one file writer of envtrace, used by the CLI (`--out`, `merge --out`), the run reporters
 * (`envtrace-report.json`) and the golden store of `toMatchGoldenTrace`.
 *
 * What gets written depends on what the path names (the final component is examined with
 * `lstat`, following symbolic links hop by hop):
 *
 * - **nothing** (or a dangling link): the file the path (or the link chain) ends at is created
 *   atomically, see below; a link stays a link.
 * - **a regular file** (directly or through links): replaced atomically at the link's target, so
 *   a symlinked report or golden keeps its link and its target gets the new content.
 * - **anything else that is not a directory** (a device such as `/dev/null`, a FIFO, a socket,
 *   and every path under `/dev/` or `/proc/`, e.g. `/dev/stdout`): written in place, opened for
 *   writing with no temporary file and no rename (a rename would replace the device node, or
 *   fail with "permission denied" next to it).
 * - **a directory**: refused with an `EISDIR` error naming the path; nothing is created.
 *
 * Atomic protocol: create missing parent directories; write a uniquely named temporary file in
 * the target's directory (same file system, so the rename is atomic); fsync it; rename it over
 * the target; fsync the directory where the platform allows it. Readers see the old or the new
 * content, never a partial file, and concurrent writers never produce a torn file (the last
 * rename wins). The temporary file is removed when any step fails.
 *
 * Temporary names say who made them and when (`.<name>.<pid>.<ms base 36>.<random>.tmp`). A
 * process killed mid-write cannot remove its temp file, so the first atomic write into a
 * directory in each process sweeps that directory's envtrace temp files whose process is gone
 * and which are older than an hour (`src/io/stale.ts`).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { lstat, mkdir, open, readlink, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isStale } from './stale.js';

/**
 * A fresh temporary name next to `file`: hidden, with the writer's pid, the time (ms since the
 * epoch, base 36) and a random suffix, ending in `.tmp` (`.report.json.4242.mhx1k2a0.9f3c….tmp`).
 */
export function tempPathFor(file: string, now: number = Date.now()): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${now.toString(36)}.${randomBytes(6).toString('hex')}.tmp`,
  );
}

/** A temp name made by {@link tempPathFor}: target name, pid, time (base 36). */
const TEMP_NAME = /^\.(.+)\.(\d+)\.([0-9a-z]+)\.[0-9a-f]{12}\.tmp$/;

/** What a name made by {@link tempPathFor} says: the target's name, the writer's pid and the time. */
export function parseTempName(
  name: string,
): { target: string; pid: number; createdMs: number } | undefined {
  const m = TEMP_NAME.exec(name);
  if (!m) return undefined;
  const createdMs = Number.parseInt(m[3] as string, 36);
  return { target: m[1] as string, pid: Number(m[2]), createdMs };
}

/** Directories already swept by this process (a sweep reads the directory: once is enough). */
const swept = new Set<string>();

/**
 * Remove the envtrace temp files in `dir` left by processes that are gone, older than an hour
 * (by their name's time and by their modification time, whichever is later). Returns the
 * removed paths. Never throws: a file that cannot be examined or removed is left alone.
 */
export function sweepStaleTempFiles(
  dir: string,
  now: number = Date.now(),
  alive?: (pid: number) => boolean,
): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const t = parseTempName(name);
    if (!t) continue;
    const file = path.join(dir, name);
    try {
      const st = fs.lstatSync(file);
      if (!st.isFile() || !isStale(t.pid, Math.max(st.mtimeMs, t.createdMs), now, alive)) continue;
      fs.unlinkSync(file);
      removed.push(file);
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

function sweepOnce(dir: string): void {
  if (swept.has(dir)) return;
  swept.add(dir);
  sweepStaleTempFiles(dir);
}

/**
 * A short reason for a failed file operation (`permission denied`, `is a directory`, …), without
 * the path in the error's own message (which may be a temp file's): callers name the path.
 */
export function describeFsError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a parent is not a directory';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EROFS':
      return 'read-only file system';
    default: {
      if (typeof err.message !== 'string') return String(e);
      // Node's `EIO: i/o error, open '/dir/.r.json.1.x.y.tmp'`: the words, without the (temp) path.
      const node = /^[A-Z][A-Z0-9_]*: ([^,]+), \w+ '/.exec(err.message);
      return node ? `${node[1]} (${err.code})` : err.message;
    }
  }
}

/** Where and how a write goes (see the module comment). */
export type WriteTarget =
  /** Replace (or create) `path` atomically: the end of the link chain, a regular file or nothing yet. */
  | { readonly kind: 'atomic'; readonly path: string }
  /** Open the path as given for writing and write in place (devices, FIFOs, `/dev/*`, `/proc/*`). */
  | { readonly kind: 'in-place'; readonly path: string };

/** Links followed before giving up with `ELOOP`, as Linux's `MAXSYMLINKS`. */
const MAX_LINK_HOPS = 40;

/** Files under these are written in place whatever they resolve to (`/dev/stdout` → `/proc/self/fd/1` → a pipe or a file). */
function isSystemPath(p: string): boolean {
  return process.platform !== 'win32' && /^\/(?:dev|proc)\//.test(p);
}

function fsError(code: 'EISDIR' | 'ELOOP', file: string, syscall: string): NodeJS.ErrnoException {
  const text =
    code === 'EISDIR' ? 'illegal operation on a directory' : 'too many symbolic links encountered';
  const e: NodeJS.ErrnoException = new Error(`${code}: ${text}, ${syscall} '${file}'`);
  e.code = code;
  e.syscall = syscall;
  e.path = file;
  return e;
}

type Lstat = (p: string) => fs.Stats | undefined;

/** The walk shared by the sync and async resolvers: one `lstat` result per hop. */
function* hops(
  file: string,
): Generator<string, WriteTarget, { stat: fs.Stats | undefined; link?: string }> {
  let p = path.resolve(file);
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    if (isSystemPath(p)) return { kind: 'in-place', path: file };
    const { stat, link } = yield p;
    if (stat === undefined) return { kind: 'atomic', path: p };
    if (stat.isSymbolicLink()) {
      p = path.resolve(path.dirname(p), link as string);
      continue;
    }
    if (stat.isDirectory()) throw fsError('EISDIR', file, 'open');
    return stat.isFile() ? { kind: 'atomic', path: p } : { kind: 'in-place', path: file };
  }
  throw fsError('ELOOP', file, 'open');
}

function missing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * What writing to `file` does: the path to replace atomically (the end of its link chain), or
 * write in place. Throws an `EISDIR` error (with `path`) for a directory, `ELOOP` for a link cycle.
 */
export function resolveWriteTargetSync(file: string): WriteTarget {
  const lstatOrUndefined: Lstat = (p) => {
    try {
      return fs.lstatSync(p);
    } catch (e) {
      if (missing(e)) return undefined;
      throw e;
    }
  };
  const walk = hops(file);
  let step = walk.next();
  while (!step.done) {
    const stat = lstatOrUndefined(step.value);
    step = walk.next({
      stat,
      ...(stat?.isSymbolicLink() ? { link: fs.readlinkSync(step.value) } : {}),
    });
  }
  return step.value;
}

/** Asynchronous {@link resolveWriteTargetSync}. */
export async function resolveWriteTarget(file: string): Promise<WriteTarget> {
  const walk = hops(file);
  let step = walk.next();
  while (!step.done) {
    let stat: fs.Stats | undefined;
    try {
      stat = await lstat(step.value);
    } catch (e) {
      if (!missing(e)) throw e;
    }
    step = walk.next({
      stat,
      ...(stat?.isSymbolicLink() ? { link: await readlink(step.value) } : {}),
    });
  }
  return step.value;
}

/**
 * The mode bits and owner of the file an atomic write replaces, to give the new file (a rename
 * puts a new inode in place: without this a 0600 report became 0644, and a file owned by another
 * user became root's after a run as root). `undefined` for a new file.
 */
interface Keep {
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
}

function keepOf(st: fs.Stats | undefined): Keep | undefined {
  return st?.isFile() ? { mode: st.mode & 0o7777, uid: st.uid, gid: st.gid } : undefined;
}

/** Only root may give a file away; another user's new file keeps its own owner. */
function mayChown(): boolean {
  return process.getuid?.() === 0;
}

function statOrUndefinedSync(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p);
  } catch (e) {
    if (missing(e)) return undefined;
    throw e;
  }
}

async function statOrUndefined(p: string): Promise<fs.Stats | undefined> {
  try {
    return await fs.promises.stat(p);
  } catch (e) {
    if (missing(e)) return undefined;
    throw e;
  }
}

/** Write `text`, or its chunks one after the other (each `writeFile` continues at the current position). */
async function writeAll(handle: FileHandle, text: string | Iterable<string>): Promise<void> {
  if (typeof text === 'string') return handle.writeFile(text, 'utf8');
  for (const chunk of text) await handle.writeFile(chunk, 'utf8');
}

/**
 * Write `text` (UTF-8) to `file` (see the module comment: atomic for regular files and new
 * files, through symbolic links; in place for devices and FIFOs; a directory is refused).
 * Missing parent directories of a new file are created. Rejects with the underlying `fs` error
 * (its `code` and `path` intact): `EISDIR` for a directory, `ENOSPC`, `EACCES`, ….
 * `text` may also be an iterable of chunks (a streamed report), written one after the other
 * without joining them; the atomic protocol is the same.
 */
export async function writeFileAtomic(
  file: string,
  text: string | Iterable<string>,
): Promise<void> {
  const target = await resolveWriteTarget(file);
  if (target.kind === 'in-place') {
    const handle = await open(target.path, 'w');
    try {
      await writeAll(handle, text);
    } finally {
      await handle.close();
    }
    return;
  }
  const dest = target.path;
  const dir = path.dirname(dest);
  await mkdirp(dir);
  sweepOnce(dir);
  const keep = keepOf(await statOrUndefined(dest));
  const tmp = tempPathFor(dest);
  let created = false;
  try {
    const handle = await open(tmp, 'wx', 0o644);
    created = true;
    try {
      if (keep) {
        await handle.chmod(keep.mode);
        if (mayChown()) await handle.chown(keep.uid, keep.gid);
      }
      await writeAll(handle, text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, dest);
    created = false;
  } catch (e) {
    if (created) await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncDir(dir);
}

/**
 * `mkdir -p`, with the real reason when it fails: Node's recursive mkdir reports ENOENT for a
 * parent it could not create on a read-only file system (EROFS) and in some other cases, so
 * "no such file or directory" was shown for a read-only disk. On ENOENT the first missing
 * folder is created alone, which fails with the true code (or succeeds, and the rest follows).
 */
function mkdirpSync(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    let missingDir = path.resolve(dir);
    while (!fs.existsSync(path.dirname(missingDir)) && path.dirname(missingDir) !== missingDir)
      missingDir = path.dirname(missingDir);
    fs.mkdirSync(missingDir);
    fs.mkdirSync(dir, { recursive: true });
  }
}

async function mkdirp(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    let missingDir = path.resolve(dir);
    while (!fs.existsSync(path.dirname(missingDir)) && path.dirname(missingDir) !== missingDir)
      missingDir = path.dirname(missingDir);
    await mkdir(missingDir);
    await mkdir(dir, { recursive: true });
  }
}

/** Options of {@link writeFileAtomicSync}. */
export interface WriteOptions {
  /**
   * A folder the write must stay in (the golden store's `__traces__`: its files are data from
   * the repository, and a committed symlink must not turn `vitest -u` into an overwrite of
   * `~/.bashrc`). A link whose target leaves it is replaced by a regular file; a path whose
   * folders lead out of it is refused.
   */
  readonly within?: string;
}

/** `p` with its longest existing prefix resolved through links (the rest may not exist yet). */
function realPathSync(p: string): string {
  const abs = path.resolve(p);
  const rest: string[] = [];
  for (let at = abs; ; at = path.dirname(at)) {
    try {
      return path.join(fs.realpathSync(at), ...rest);
    } catch (e) {
      if (!missing(e) || path.dirname(at) === at) throw e;
      rest.unshift(path.basename(at));
    }
  }
}

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function leaves(file: string, real: string, within: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(
    `${file} leads to ${real}, outside ${within}; not written (replace the link or folder with a regular one)`,
  );
  e.path = file;
  return e;
}

/** `target` when it stays in `within`; else the link `file` itself, replaced; else an error. */
function confined(file: string, target: WriteTarget, within: string): WriteTarget {
  // The folder itself as the repository has it: a `__traces__` that is a link elsewhere leaves.
  const root = path.join(realPathSync(path.dirname(within)), path.basename(within));
  const real = realPathSync(target.path);
  if (isInside(real, root)) return target;
  const self = path.join(realPathSync(path.dirname(file)), path.basename(file));
  let link = false;
  try {
    link = fs.lstatSync(self).isSymbolicLink();
  } catch (e) {
    if (!missing(e)) throw e;
  }
  if (link && isInside(self, root)) return { kind: 'atomic', path: self };
  throw leaves(file, real, within);
}

/** Synchronous {@link writeFileAtomic}, for callers that cannot await (synchronous matchers). */
export function writeFileAtomicSync(file: string, text: string, options: WriteOptions = {}): void {
  const resolved = resolveWriteTargetSync(file);
  const target = options.within === undefined ? resolved : confined(file, resolved, options.within);
  if (target.kind === 'in-place') {
    const fd = fs.openSync(target.path, 'w');
    try {
      fs.writeFileSync(fd, text, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
    return;
  }
  const dest = target.path;
  const dir = path.dirname(dest);
  mkdirpSync(dir);
  sweepOnce(dir);
  const keep = keepOf(statOrUndefinedSync(dest));
  const tmp = tempPathFor(dest);
  let created = false;
  try {
    const fd = fs.openSync(tmp, 'wx', 0o644);
    created = true;
    try {
      if (keep) {
        fs.fchmodSync(fd, keep.mode);
        if (mayChown()) fs.fchownSync(fd, keep.uid, keep.gid);
      }
      fs.writeFileSync(fd, text, 'utf8');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, dest);
    created = false;
  } catch (e) {
    if (created) {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // already gone
      }
    }
    throw e;
  }
  syncDirSync(dir);
}

// Directory fsync makes the rename durable. It is not supported everywhere (Windows, some
// network file systems); the rename itself is done either way, so a failure is ignored.
async function syncDir(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // unsupported: see above
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function syncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // unsupported: see above
  } finally {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // nothing to do
      }
    }
  }
}
