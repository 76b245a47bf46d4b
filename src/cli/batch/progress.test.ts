import { describe, expect, it } from 'vitest';
import {
  formatBar,
  formatDuration,
  formatEta,
  formatProgressLine,
  formatRate,
  formatStatus,
  Progress,
} from './progress.js';

function fakeClock(start = 1000): { now: () => number; advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe('formatting', () => {
  it('durations', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(849.6)).toBe('850ms');
    expect(formatDuration(12_340)).toBe('12.3s');
    expect(formatDuration(245_000)).toBe('4m05s');
    expect(formatDuration(7_380_000)).toBe('2h03m');
    expect(formatDuration(Number.NaN)).toBe('?');
  });
  it('rate and ETA from the items done so far', () => {
    expect(formatRate(0, 1000)).toBe('–/s');
    expect(formatRate(3, 8000)).toBe('0.375/s');
    expect(formatRate(75, 2000)).toBe('37.5/s');
    expect(formatRate(5000, 2000)).toBe('2500/s');
    expect(formatEta(0, 10, 500)).toBe('?');
    expect(formatEta(5, 20, 10_000)).toBe('30.0s'); // 15 left at 2 s each
    expect(formatEta(20, 20, 10_000)).toBe('0s');
  });
  it('status, bar and a line that fits the terminal', () => {
    expect(formatStatus(12, 20, 4000)).toBe('12/20 pairs (60%) · 3/s · ETA 2.7s');
    expect(formatBar(5, 20, 8)).toBe('[##······]');
    expect(formatBar(0, 0, 4)).toBe('[####]');
    const line = formatProgressLine(12, 20, 4000, 80);
    expect(line).toBe('[##################············] 12/20 pairs (60%) · 3/s · ETA 2.7s');
    expect(line.length).toBeLessThan(80);
    // The bar keeps its width while the status text changes length.
    expect(formatProgressLine(0, 20, 0, 80).indexOf(']')).toBe(line.indexOf(']'));
    const narrow = formatProgressLine(12, 20, 4000, 60);
    expect(narrow).toBe('[#######······] 12/20 pairs (60%) · 3/s · ETA 2.7s');
    expect(formatProgressLine(12, 20, 4000, 20)).toBe('12/20 pairs (60%) ·'); // no room for a bar: cut, never wrapped
  });
});

describe('Progress on a terminal', () => {
  it('redraws one line in place at most every redrawMs, always at the end, and clears it', () => {
    const clock = fakeClock();
    let out = '';
    const p = new Progress({
      total: 4,
      write: (s) => (out += s),
      tty: true,
      columns: 60,
      now: clock.now,
      redrawMs: 100,
    });
    expect(out).toBe(`\r\x1b[2K[${'·'.repeat(13)}] 0/4 pairs (0%) · –/s · ETA ?`);
    out = '';
    clock.advance(50);
    p.update(); // too soon: no redraw
    expect(out).toBe('');
    clock.advance(60);
    p.update();
    expect(out).toBe(
      `\r\x1b[2K[${'#'.repeat(6)}${'·'.repeat(7)}] 2/4 pairs (50%) · 18.2/s · ETA 110ms`,
    );
    expect(out).not.toContain('\n');
    out = '';
    clock.advance(1);
    p.update();
    expect(out).toBe('');
    p.update(); // the last one always draws
    expect(out).toContain('4/4 pairs (100%)');
    out = '';
    p.done();
    // The bar is cleared and the closing line stays (issue 25: a terminal kept nothing).
    expect(out.startsWith('\r\x1b[2K')).toBe(true);
    expect(out.slice(5)).toMatch(/^envtrace: 4\/4 pairs evaluated in \S+ \(\S+\/s\)\n$/);
  });

  it('a terminal of unknown width (columns 0, as under `script`) gets an 80-column line, not an empty one', () => {
    let out = '';
    new Progress({
      total: 2,
      write: (s) => (out += s),
      tty: true,
      columns: 0,
      now: fakeClock().now,
    });
    expect(out).toBe(`\r\x1b[2K[${'·'.repeat(30)}] 0/2 pairs (0%) · –/s · ETA ?`);
  });
});

describe('Progress in a log (not a terminal)', () => {
  it('prints a line per 10 % step, or after intervalMs, then one closing line', () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const p = new Progress({
      total: 100,
      write: (s) => lines.push(s),
      tty: false,
      now: clock.now,
      intervalMs: 5000,
    });
    expect(lines).toEqual([]);
    for (let i = 0; i < 9; i++) {
      clock.advance(10);
      p.update();
    }
    expect(lines).toEqual([]); // 9 % done, 90 ms: nothing yet
    clock.advance(10);
    p.update();
    expect(lines).toEqual(['envtrace: 10/100 pairs (10%) · 100/s · ETA 900ms\n']);
    clock.advance(6000); // slow pair: the interval forces a line
    p.update();
    expect(lines[1]).toBe('envtrace: 11/100 pairs (11%) · 1.8/s · ETA 49.4s\n');
    for (let i = 0; i < 89; i++) p.update();
    expect(lines).toHaveLength(10); // 20 % … 90 %; 100 % is left to the closing line
    expect(lines.every((l) => l.endsWith('\n') && !l.includes('\r'))).toBe(true);
    p.done();
    expect(lines.at(-1)).toBe('envtrace: 100/100 pairs evaluated in 6.1s (16.4/s)\n');
  });
});
