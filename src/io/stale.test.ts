import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isStale, processAlive, STALE_AFTER_MS } from './stale.js';

describe('processAlive', () => {
  it('this process and its parent are alive; an exited child is not', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(process.ppid)).toBe(true);
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const pid = Number(child.stdout);
    expect(pid).toBeGreaterThan(0);
    expect(processAlive(pid)).toBe(false);
  });

  it('an invalid pid counts as alive (nothing is removed on a guess)', () => {
    for (const pid of [0, -1, 1.5, Number.NaN, 2 ** 60]) expect(processAlive(pid)).toBe(true);
  });
});

describe('isStale', () => {
  const now = 10 * STALE_AFTER_MS;
  it('needs both: the owner gone and older than the limit', () => {
    expect(isStale(7, now - STALE_AFTER_MS, now, () => false)).toBe(true);
    expect(isStale(7, now - STALE_AFTER_MS + 1, now, () => false)).toBe(false);
    expect(isStale(7, now - 5 * STALE_AFTER_MS, now, () => true)).toBe(false);
  });
});
