// Clock and statistics shared by the benchmarks (bench/README.md, "Clock").

import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * A `now()` in milliseconds: process CPU time (user + system, GC helper threads included) for
 * `cpu`, `performance.now()` for `wall`.
 */
export function clockOf(kind) {
  if (kind === 'wall') return () => performance.now();
  return () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
}

/** The median of a non-empty list of numbers (the mean of the two middle ones for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * CPU milliseconds of this process's main thread and of all its other threads (V8's background
 * compiler and GC helpers, libuv's pool), from `/proc/self/task/<tid>/stat` (utime + stime, in
 * clock ticks of 10 ms): `{ main, others }`, or `undefined` where there is no such file (not Linux).
 * Threads that ended are not counted; V8's workers live as long as the process.
 */
export function threadCpu() {
  let tids;
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const tickMs = 10; // USER_HZ is 100 on every Linux architecture Node supports
  let main = 0;
  let others = 0;
  for (const tid of tids) {
    let stat;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    // Fields after the command name (which may hold spaces, inside parentheses): state is field 3,
    // utime and stime are fields 14 and 15.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(f[11]) + Number(f[12])) * tickMs;
    if (Number(tid) === process.pid) main += ms;
    else others += ms;
  }
  return { main, others };
}
