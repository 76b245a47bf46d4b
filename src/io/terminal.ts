/**
 * The one terminal escaper of envtrace. Makes untrusted text (trace values, channel and metric
 * names, config keys, file names, error messages) safe to print on a terminal: no control
 * characters, no ANSI escape sequences, no line breaks, no bidi overrides, no invisible
 * characters, so an input cannot rewrite the screen, fake a verdict or hide characters.
 * Base layer, so error messages of every layer use it; `src/report/escape.ts` re-exports it
 * next to the column helpers.
 */

// Control characters (C0, DEL, C1: 0x9B is an 8-bit CSI), every format character (Unicode
// category Cf: soft hyphen, bidi marks, embeddings, overrides and isolates, zero-width space,
// word joiner, invisible operators U+2061–U+2064, BOM, interlinear annotation, TAG characters
// U+E0001 and U+E0020–U+E007F), the rest of the TAG block (U+E0000–U+E007F), the unassigned
// U+2065 between the invisible operators and the isolates, the Hangul fillers (blank letters),
// line/paragraph separators, and lone surrogates (which terminals render unpredictably).
// ZWNJ/ZWJ (U+200C/U+200D) are kept: scripts and emoji sequences need them.
const UNSAFE =
  /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u2065\u115f\u1160\u3164\uffa0\u{e0000}-\u{e007f}]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

/**
 * Escape every character that could control a terminal or hide text: `\n` `\r` `\t` become
 * those two-character escapes, other code points below U+0100 become `\xHH`, those up to U+FFFF
 * (and lone surrogates) `\uHHHH`, the rest `\u{HHHHH}`.
 * Printable text (including non-ASCII letters and emoji) is left alone; backslashes are not doubled.
 */
export function escapeForTerminal(s: string): string {
  return s.replace(UNSAFE, (ch) => {
    const named = NAMED[ch];
    if (named !== undefined) return named;
    const code = ch.codePointAt(0)!;
    return code < 0x100
      ? `\\x${hex(code, 2)}`
      : code < 0x10000
        ? `\\u${hex(code, 4)}`
        : `\\u{${hex(code, 5)}}`;
  });
}
