import { describe, expect, it } from 'vitest';
import { palette, processColorContext, shouldUseColors, terminalColors } from './colors.js';

const tty = (env: Record<string, string | undefined> = {}) => ({ env, isTTY: true });
const pipe = (env: Record<string, string | undefined> = {}) => ({ env, isTTY: false });

describe('shouldUseColors', () => {
  it.each([
    ['a terminal', tty(), true],
    ['a pipe', pipe(), false],
    ['a dumb terminal', tty({ TERM: 'dumb' }), false],
    ['NO_COLOR on a terminal', tty({ NO_COLOR: '1' }), false],
    ['empty NO_COLOR (ignored)', tty({ NO_COLOR: '' }), true],
    ['FORCE_COLOR on a pipe', pipe({ FORCE_COLOR: '1' }), true],
    ['FORCE_COLOR=true on a pipe', pipe({ FORCE_COLOR: 'true' }), true],
    ['FORCE_COLOR=0 on a terminal', tty({ FORCE_COLOR: '0' }), false],
    ['FORCE_COLOR=false on a terminal', tty({ FORCE_COLOR: 'FALSE' }), false],
    ['empty FORCE_COLOR (ignored) on a pipe', pipe({ FORCE_COLOR: '' }), false],
    ['NO_COLOR beats FORCE_COLOR', pipe({ NO_COLOR: '1', FORCE_COLOR: '1' }), false],
    ['FORCE_COLOR on a dumb terminal', tty({ TERM: 'dumb', FORCE_COLOR: '1' }), true],
    ['CI on a pipe', pipe({ CI: 'true' }), true],
    ['CI=0 on a pipe', pipe({ CI: '0' }), false],
    ['CI=false on a pipe', pipe({ CI: 'false' }), false],
    ['NO_COLOR in CI', pipe({ CI: 'true', NO_COLOR: 'x' }), false],
    ['FORCE_COLOR=0 in CI', pipe({ CI: '1', FORCE_COLOR: '0' }), false],
  ])('%s → %s', (_label, ctx, expected) => {
    expect(shouldUseColors(undefined, ctx)).toBe(expected);
  });

  it('an explicit choice wins over every variable', () => {
    expect(shouldUseColors(true, pipe({ NO_COLOR: '1' }))).toBe(true);
    expect(shouldUseColors(false, tty({ FORCE_COLOR: '1', CI: 'true' }))).toBe(false);
  });
});

describe('palettes', () => {
  it('terminalColors emits ANSI only when the policy says so', () => {
    expect(terminalColors(undefined, tty()).red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(terminalColors(undefined, pipe()).red('x')).toBe('x');
    expect(palette(false).bold('x')).toBe('x');
    expect(palette(true).bold('x')).toContain('\x1b[1m');
  });

  it('processColorContext reads the stream flag and the process environment', () => {
    expect(processColorContext({ isTTY: true })).toEqual({ env: process.env, isTTY: true });
    expect(processColorContext({}).isTTY).toBe(false);
  });
});
