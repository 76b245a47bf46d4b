/** File output of the CLI. */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Write `text` to `file` atomically: write a temporary file in the same directory, fsync it,
 * then rename it over `file` (readers see the old or the new content, never a partial file).
 * The temporary file is removed if anything fails. The directory is fsynced afterwards where
 * the platform allows it.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
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

async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported everywhere (e.g. Windows, some network file systems); the rename is done.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
