// Clock and statistics shared by the benchmarks (bench/README.md, "Clock").

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
