import { describe, expect, it } from 'vitest';
import {
  CI_WIDTH,
  FALLBACK_WIDTH,
  MAX_REPORT_WIDTH,
  MIN_REPORT_WIDTH,
  reportWidth,
} from './width.js';

describe('reportWidth', () => {
  it('an explicit width wins, then ENVTRACE_WIDTH, then the terminal, then CI or the fallback', () => {
    const env = { ENVTRACE_WIDTH: '120', CI: 'true' };
    expect(reportWidth({ width: 90, env, columns: 150 })).toBe(90);
    expect(reportWidth({ env, columns: 150 })).toBe(120);
    expect(reportWidth({ env: { CI: 'true' }, columns: 150 })).toBe(150);
    expect(reportWidth({ env: { CI: 'true' } })).toBe(CI_WIDTH);
    expect(reportWidth({ env: { CI: 'false' } })).toBe(FALLBACK_WIDTH);
    expect(reportWidth({ env: { CI: '0' } })).toBe(FALLBACK_WIDTH);
    expect(reportWidth()).toBe(FALLBACK_WIDTH);
  });

  it('clamps to a readable range and ignores a malformed ENVTRACE_WIDTH', () => {
    expect(reportWidth({ columns: 20 })).toBe(MIN_REPORT_WIDTH);
    expect(reportWidth({ columns: 1000 })).toBe(MAX_REPORT_WIDTH);
    expect(reportWidth({ env: { ENVTRACE_WIDTH: '1000' } })).toBe(MAX_REPORT_WIDTH);
    // an explicit --width is taken as asked, above the floor
    expect(reportWidth({ width: 300 })).toBe(300);
    expect(reportWidth({ width: 10 })).toBe(MIN_REPORT_WIDTH);
    expect(reportWidth({ env: { ENVTRACE_WIDTH: 'wide' }, columns: 132 })).toBe(132);
    expect(reportWidth({ env: { ENVTRACE_WIDTH: '-5' } })).toBe(FALLBACK_WIDTH);
    expect(reportWidth({ width: Number.NaN, columns: 0 })).toBe(FALLBACK_WIDTH);
  });
});
