/**
 * Making untrusted text (trace values, channel names, metric names, error messages) safe to
 * print on a terminal: no control characters, no ANSI escape sequences, no line breaks, no
 * bidi overrides, so a trace cannot rewrite the screen, fake a verdict or hide characters.
 */

// C0 controls, DEL, C1 controls (0x9B is an 8-bit CSI), Arabic letter mark, zero-width space,
// LRM/RLM, line/paragraph separators, bidi embeddings/overrides/isolates, word joiner, BOM,
// and lone surrogates (which terminals render unpredictably).
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

/**
 * Escape every character that could control a terminal or hide text: `\n` `\r` `\t` become
 * those two-character escapes, other code points below U+0100 become `\xHH`, the rest `\uHHHH`.
 * Printable text (including non-ASCII letters and emoji) is left alone; backslashes are not doubled.
 */
export function escapeForTerminal(s: string): string {
  return s.replace(UNSAFE, (ch) => {
    const named = NAMED[ch];
    if (named !== undefined) return named;
    const code = ch.charCodeAt(0);
    return code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  });
}

/** Number of code points (what Python's `len` counts), used for column widths. */
export function textLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Cut `s` to at most `width` code points, marking a cut with `…` (the reference's `_trim`). */
export function truncate(s: string, width: number): string {
  if (textLength(s) <= width) return s;
  const keep = Math.max(0, width - 1);
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n >= keep) break;
    out += ch;
    n++;
  }
  return `${out}…`;
}

/**
 * Cut `s` to at most `width` code points by removing its middle (`det:A…eTime`): for channel
 * names, whose prefix and suffix both matter (`det:Acquire` vs `det:AcquireTime`).
 */
export function truncateMiddle(s: string, width: number): string {
  const cps = [...s];
  if (cps.length <= width) return s;
  const keep = Math.max(0, width - 1);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return `${cps.slice(0, head).join('')}…${tail > 0 ? cps.slice(cps.length - tail).join('') : ''}`;
}

/** Pad with spaces to `width` code points: `<` left-aligned, `>` right-aligned, `^` centred (extra space on the right, like Python's format spec). */
export function pad(s: string, width: number, align: '<' | '>' | '^'): string {
  const fill = width - textLength(s);
  if (fill <= 0) return s;
  if (align === '<') return s + ' '.repeat(fill);
  if (align === '>') return ' '.repeat(fill) + s;
  const left = Math.floor(fill / 2);
  return ' '.repeat(left) + s + ' '.repeat(fill - left);
}
