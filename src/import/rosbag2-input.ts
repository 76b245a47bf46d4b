/**
 * Telling a ROS 2 bag from other inputs, cheaply (the readers themselves, with their WebAssembly
 * and message libraries, are loaded only when a bag is read: `rosbag2-bag.ts`).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { TraceError } from '../errors.js';

const MCAP_MAGIC = [0x89, 0x4d, 0x43, 0x41, 0x50, 0x30, 0x0d, 0x0a]; // \x89MCAP0\r\n
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** Bytes enough to tell a storage file (the SQLite header string is the longest). */
export const MAGIC_BYTES = 16;

/** A storage file's kind, from its first bytes. */
export type StorageKind = 'mcap' | 'sqlite';

/** What a path is as a bag: a run directory, or a storage file of a kind. */
export type BagInput = { readonly kind: 'directory' } | { readonly kind: StorageKind };

/** The storage kind `head` (a file's first bytes) starts with, if any. */
export function storageKindOf(head: Uint8Array): StorageKind | undefined {
  if (head.length >= MCAP_MAGIC.length && MCAP_MAGIC.every((b, i) => head[i] === b)) return 'mcap';
  if (head.length >= SQLITE_MAGIC.length && SQLITE_MAGIC.every((b, i) => head[i] === b))
    return 'sqlite';
  return undefined;
}

/**
 * `file` as a bag input, or `undefined` when it is not one: a directory holding `metadata.yaml`,
 * or a regular file starting with the MCAP or SQLite magic. File-system errors are thrown (the
 * caller names the file).
 */
export async function bagInputOf(file: string): Promise<BagInput | undefined> {
  const st = await stat(file);
  if (st.isDirectory()) {
    const meta = await stat(path.join(file, 'metadata.yaml')).catch(() => undefined);
    return meta ? { kind: 'directory' } : undefined;
  }
  if (!st.isFile()) return undefined;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC_BYTES);
    const { bytesRead } = await handle.read(head, 0, MAGIC_BYTES, 0);
    const kind = storageKindOf(head.subarray(0, bytesRead));
    return kind && { kind };
  } finally {
    await handle.close();
  }
}

/** Synchronous `bagInputOf` (the synchronous readers use it to refuse a bag clearly). */
export function bagInputOfSync(file: string): BagInput | undefined {
  const st = statSync(file);
  if (st.isDirectory()) {
    try {
      statSync(path.join(file, 'metadata.yaml'));
      return { kind: 'directory' };
    } catch {
      return undefined;
    }
  }
  if (!st.isFile()) return undefined;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC_BYTES);
    const n = readSync(fd, head, 0, MAGIC_BYTES, 0);
    const kind = storageKindOf(head.subarray(0, n));
    return kind && { kind };
  } finally {
    closeSync(fd);
  }
}

/** The error the synchronous readers give for a bag. */
export function syncBagError(file: string): TraceError {
  return new TraceError(
    'a ROS 2 bag (MCAP or SQLite) is read by the asynchronous loadTrace / importFile (its decompressors and SQLite are WebAssembly, loaded asynchronously); await loadTrace(path) and pass the trace',
    { file },
  );
}
