/**
 * Leftovers of earlier runs: temporary files and folders that name the process that made them
 * (its pid) are removed by later runs once that process is gone and they are old enough.
 * Both conditions are required: a pid alone can be reused (and is meaningless on a file system
 * shared between hosts or containers), an age alone would remove the files of a long, live run.
 */

/** How old a leftover must be before a later run removes it: one hour. */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Whether a process with this pid exists on this host (`kill(pid, 0)`: `ESRCH` means gone; `EPERM`
 * means it exists but belongs to another user). Invalid pids count as alive, so nothing is removed
 * on a guess.
 */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether a leftover made by `pid`, last modified at `mtimeMs`, may be removed at `now`. */
export function isStale(
  pid: number,
  mtimeMs: number,
  now: number = Date.now(),
  alive: (pid: number) => boolean = processAlive,
): boolean {
  return now - mtimeMs >= STALE_AFTER_MS && !alive(pid);
}
