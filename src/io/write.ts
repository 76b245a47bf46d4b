/**
 * The one atomic file writer of envtrace, used by the CLI (`--out`, `merge --out`), the run
 * reporters (`envtrace-report.json`) and the golden store of `toMatchGoldenTrace`.
 *
 * Protocol: create missing parent directories; write a uniquely named temporary file in the
 * target's directory (same file system, so the rename is atomic); fsync it; rename it over
 * the target; fsync the directory where the platform allows it. Readers see the old or the
 * new content, never a partial file, and concurrent writers never produce a torn file (the
 * last rename wins). The temporary file is removed when any step fails.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** A fresh temporary name next to `file` (hidden, pid + random suffix, `.tmp`). */
export function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Write `text` (UTF-8) to `file` atomically (see the module comment). Missing parent
 * directories are created. Rejects with the underlying `fs` error (its `code` intact) when
 * the file cannot be written, e.g. `EISDIR` when `file` is a directory.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = tempPathFor(file);
  let created = false;
  try {
    const handle = await open(tmp, 'wx', 0o644);
    created = true;
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    created = false;
  } catch (e) {
    if (created) await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncDir(dir);
}

/** Synchronous {@link writeFileAtomic}, for callers that cannot await (synchronous matchers). */
export function writeFileAtomicSync(file: string, text: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = tempPathFor(file);
  let created = false;
  try {
    const fd = fs.openSync(tmp, 'wx', 0o644);
    created = true;
    try {
      fs.writeFileSync(fd, text, 'utf8');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
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
