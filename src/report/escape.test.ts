import { describe, expect, it } from 'vitest';
import {
  escapeForTerminal as reexported,
  firstDifference,
  pad,
  textLength,
  truncate,
  truncateAround,
  truncateMiddle,
} from './escape.js';
import { escapeForTerminal } from '../io/terminal.js';

describe('truncate / pad / textLength', () => {
  it('cuts to the width with an ellipsis, like the reference _trim', () => {
    expect(truncate('det:AcquireTime', 16)).toBe('det:AcquireTime');
    expect(truncate('XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 16)).toBe('XF:11BMB-ES{Chm…');
    expect(textLength(truncate('XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 16))).toBe(16);
    expect(truncate('abc', 1)).toBe('…');
    expect(truncate('abc', 0)).toBe('…');
  });

  it('cuts channel names in the middle so prefix and suffix stay visible', () => {
    expect(truncateMiddle('det:AcquireTime', 11)).toBe('det:A…eTime');
    expect(truncateMiddle('det:Acquire', 11)).toBe('det:Acquire');
    expect(truncateMiddle('XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 12)).toBe('XF:11B…X}Mtr');
    expect(textLength(truncateMiddle('XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 12))).toBe(12);
    expect(truncateMiddle('abcdef', 2)).toBe('a…');
    expect(truncateMiddle('abcdef', 1)).toBe('…');
    expect(truncateMiddle('🙂🙂🙂🙂', 3)).toBe('🙂…🙂');
  });

  it('counts code points, not UTF-16 units (Python len)', () => {
    expect(textLength('🙂🙂')).toBe(2);
    expect(truncate('🙂🙂🙂🙂', 3)).toBe('🙂🙂…');
    expect(pad('🙂', 3, '<')).toBe('🙂  ');
  });

  it('pads like Python format specs (< > ^, centre puts the odd space on the right)', () => {
    expect(pad('ab', 5, '<')).toBe('ab   ');
    expect(pad('ab', 5, '>')).toBe('   ab');
    expect(pad('ab', 5, '^')).toBe(' ab  ');
    expect(pad('MATCH', 7, '^')).toBe(' MATCH ');
    expect(pad('toolong', 3, '<')).toBe('toolong');
  });
});

describe('escapeForTerminal re-export', () => {
  it('is the base-layer escaper itself', () => {
    expect(reexported).toBe(escapeForTerminal);
  });
});

describe('firstDifference / truncateAround', () => {
  it('finds the first differing code point', () => {
    expect(firstDifference('abc', 'abd')).toBe(2);
    expect(firstDifference('abc', 'abc')).toBeUndefined();
    expect(firstDifference('ab', 'abc')).toBe(2);
    expect(firstDifference('😀x', '😀y')).toBe(1);
  });

  it('keeps the region that differs, centred, with … on each cut end', () => {
    const a = '{"name": "search", "args": {"q": "flights", "filters": {"year": 2024}}}';
    const b = '{"name": "search", "args": {"q": "flights", "filters": {"year": 2023}}}';
    const at = firstDifference(a, b);
    const cutA = truncateAround(a, 24, at);
    const cutB = truncateAround(b, 24, at);
    expect(textLength(cutA)).toBe(24);
    expect(cutA).toContain('2024');
    expect(cutB).toContain('2023');
    expect(cutA.startsWith('…')).toBe(true);
    // the same window in both, so the two cells line up
    expect(cutA.replace('2024', '2023')).toBe(cutB);
  });

  it('cuts only the end when the difference is near the start, only the start near the end', () => {
    const s = 'abcdefghijklmnopqrstuvwxyz';
    expect(truncateAround(s, 10, 2)).toBe('abcdefghi…');
    expect(truncateAround(s, 10, 25)).toBe('…rstuvwxyz');
    expect(truncateAround(s, 10, 12)).toBe('…ijklmnop…');
    expect(truncateAround(s, 10, undefined)).toBe('abcdefghi…');
    expect(truncateAround('short', 10, 3)).toBe('short');
    expect(truncateAround(s, 2, 20)).toBe('a…');
  });
});
