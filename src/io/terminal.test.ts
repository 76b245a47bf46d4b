import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './terminal.js';

describe('escapeForTerminal', () => {
  it('leaves printable text alone (ASCII, non-ASCII letters, emoji, backslashes)', () => {
    for (const s of ['motor:x', 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 'Größe µm', '温度', '🙂 ok', 'a\\nb']) {
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

  it('keeps ZWJ/ZWNJ, which emoji sequences and scripts need', () => {
    expect(escapeForTerminal('👨\u200D👩\u200D👧')).toBe('👨\u200D👩\u200D👧');
    expect(escapeForTerminal('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });

  it('produces a single line for any input', () => {
    let all = '';
    for (let code = 0; code < 0x3000; code++) all += String.fromCharCode(code);
    const out = escapeForTerminal(all);
    expect(out.split('\n')).toHaveLength(1);
    expect(out.includes('\x1b')).toBe(false);
    expect(out.includes('\r')).toBe(false);
  });
});
