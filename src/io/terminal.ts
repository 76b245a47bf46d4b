/**
 * The one terminal escaper of envtrace. Makes untrusted text (trace values, channel and metric
 * names, config keys, file names, error messages) safe to print on a terminal: no control
 * characters, no ANSI escape sequences, no line breaks, no bidi overrides, no invisible
 * characters, so an input cannot rewrite the screen, fake a verdict or hide characters.
 * Base layer, so error messages of every layer use it; `src/report/escape.ts` re-exports it
 * next to the column helpers.
 */

// C0 controls, DEL, C1 controls (0x9B is an 8-bit CSI), soft hyphen, Arabic letter mark,
// zero-width space, LRM/RLM, line/paragraph separators, bidi embeddings/overrides/isolates,
// word joiner and invisible operators, BOM, and lone surrogates (which terminals render
// unpredictably). ZWNJ/ZWJ (U+200C/U+200D) are kept: scripts and emoji sequences need them.
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

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
