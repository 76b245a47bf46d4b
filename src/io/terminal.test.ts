import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './terminal.js';

describe('escapeForTerminal', () => {
  it('leaves printable text alone (ASCII, non-ASCII letters, emoji, backslashes)', () => {
    for (const s of [
      'motor:x',
      'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr',
      'Größe µm',
      '温度',
      '🙂 ok',
      'a\\nb',
    ]) {
      expect(escapeForTerminal(s)).toBe(s);
    }
  });

  it('escapes line breaks and tabs as two-character escapes', () => {
    expect(escapeForTerminal('a\nb\r\nc\td')).toBe('a\\nb\\r\\nc\\td');
  });

  it('neutralises ANSI escape sequences (ESC and 8-bit CSI)', () => {
    expect(escapeForTerminal('\x1b[31mFAKE PASS\x1b[0m')).toBe('\\x1b[31mFAKE PASS\\x1b[0m');
    expect(escapeForTerminal('\x9b2J')).toBe('\\x9b2J');
    expect(escapeForTerminal('\x1b]0;title\x07')).toBe('\\x1b]0;title\\x07');
  });

  it('escapes every C0 control, DEL and C1 control', () => {
    for (let code = 0; code < 0x20; code++) {
      const out = escapeForTerminal(String.fromCharCode(code));
      expect(out.startsWith('\\')).toBe(true);
      expect(/[\u0000-\u001f]/.test(out)).toBe(false);
    }
    expect(escapeForTerminal('\x00')).toBe('\\x00');
    expect(escapeForTerminal('\x7f')).toBe('\\x7f');
    expect(escapeForTerminal('\x85')).toBe('\\x85');
  });

  it('escapes bidi overrides, invisible characters, Unicode line separators and lone surrogates', () => {
    expect(escapeForTerminal('abc\u202Efed')).toBe('abc\\u202efed');
    expect(escapeForTerminal('\u2066x\u2069')).toBe('\\u2066x\\u2069');
    expect(escapeForTerminal('motor:x\u200B')).toBe('motor:x\\u200b');
    expect(escapeForTerminal('\uFEFFa')).toBe('\\ufeffa');
    expect(escapeForTerminal('a\u2028b\u2029')).toBe('a\\u2028b\\u2029');
    expect(escapeForTerminal('x\uD800y')).toBe('x\\ud800y');
    expect(escapeForTerminal('x\uDC00')).toBe('x\\udc00');
    expect(escapeForTerminal('in\u00ADvisible')).toBe('in\\xadvisible');
    expect(escapeForTerminal('a\u2062b')).toBe('a\\u2062b');
  });

  it('escapes TAG characters (U+E0000–U+E007F) as \\u{…}, invisible operators and other format characters', () => {
    expect(escapeForTerminal('PASS\u{E0001}\u{E0041}\u{E007F}')).toBe(
      'PASS\\u{e0001}\\u{e0041}\\u{e007f}',
    );
    expect(escapeForTerminal('\u{E0000}')).toBe('\\u{e0000}');
    for (const ch of [
      '\u2061',
      '\u2062',
      '\u2063',
      '\u2064',
      '\u2065',
      '\u206A',
      '\u206F',
      '\uFFF9',
      '\uFFFB',
      '\u180E',
      '\u0600',
      '\u{1D173}',
      '\u{110BD}',
    ]) {
      const out = escapeForTerminal(`a${ch}b`);
      expect(out, ch.codePointAt(0)!.toString(16)).toMatch(/^a\\u(\{[0-9a-f]{5}\}|[0-9a-f]{4})b$/);
    }
    // Hangul fillers render as blanks: they could hide a difference between two names.
    expect(escapeForTerminal('a\u3164b\u115F\u1160\uFFA0')).toBe('a\\u3164b\\u115f\\u1160\\uffa0');
  });

  it('leaves the next letter of an escaped astral format character alone, and astral letters too', () => {
    expect(escapeForTerminal('\u{E0041}\u{1F600}\u{20000}')).toBe('\\u{e0041}\u{1F600}\u{20000}');
  });

  it('keeps ZWJ, ZWNJ and emoji variation selectors only where emoji sequences and scripts need them', () => {
    for (const kept of [
      '👨\u200D👩\u200D👧',
      'می\u200Cخواهم',
      '❤\uFE0F',
      '👩🏽\u200D💻',
      '☺\uFE0E',
      '#\uFE0F\u20E3',
      '👁\uFE0F\u200D🗨\uFE0F',
    ])
      expect(escapeForTerminal(kept)).toBe(kept);
    expect(escapeForTerminal('a\u200Db')).toBe('a\\u200db');
    expect(escapeForTerminal('a\u200Cb')).toBe('a\\u200cb');
    expect(escapeForTerminal('a\uFE0Fb')).toBe('a\\ufe0fb');
    expect(escapeForTerminal('\u200D👩')).toBe('\\u200d👩');
  });

  it('escapes default-ignorable code points and variation selectors (issue 26 §10)', () => {
    // Each renders as nothing: `a<it>b` looked exactly like `ab` on a report row.
    for (const [ch, shown] of [
      ['\u034F', '\\u034f'],
      ['\u17B4', '\\u17b4'],
      ['\u17B5', '\\u17b5'],
      ['\u180B', '\\u180b'],
      ['\uFE00', '\\ufe00'],
      ['\uFE0F', '\\ufe0f'],
      ['\u{E0100}', '\\u{e0100}'],
      ['\u{E01EF}', '\\u{e01ef}'],
      ['\u2800', '\\u2800'],
      ['\u200D', '\\u200d'],
    ] as const)
      expect(escapeForTerminal(`a${ch}b`)).toBe(`a${shown}b`);
  });

  it('produces a single line for any input', () => {
    let all = '';
    for (let code = 0; code < 0x3000; code++) all += String.fromCharCode(code);
    for (let code = 0xe0000; code <= 0xe007f; code++) all += String.fromCodePoint(code);
    const out = escapeForTerminal(all);
    expect(out.split('\n')).toHaveLength(1);
    expect(out.includes('\x1b')).toBe(false);
    expect(out.includes('\r')).toBe(false);
    expect(/[\p{Cf}\p{Cc}\u{E0000}-\u{E007F}]/u.test(out.replace(/[\u200c\u200d]/g, ''))).toBe(
      false,
    );
  });
});
