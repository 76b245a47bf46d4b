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
// word joiner, invisible operators U+2061–U+2064, BOM, interlinear annotation, TAG characters),
// every default-ignorable code point (which a terminal draws as nothing: the combining grapheme
// joiner U+034F, Khmer's inherent vowels U+17B4/U+17B5, Mongolian variation selectors, the
// variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, the Hangul fillers, the TAG block),
// the unassigned U+2065, the blank Braille pattern U+2800, line/paragraph separators, and lone
// surrogates (which terminals render unpredictably). Kept where text needs them (see `needed`):
// ZWJ between two emoji, VS15/VS16 right after an emoji or a keycap base, ZWNJ between two
// letters that are not ASCII.
const UNSAFE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2065\u2800\u{e0000}-\u{e007f}]/gu;

const EMOJI = /\p{Extended_Pictographic}/u;
/** A non-ASCII letter or mark (the scripts whose words ZWNJ shapes: Persian, the Indic scripts). */
const SCRIPT_LETTER = /(?![A-Za-z])[\p{L}\p{M}]/u;

/**
 * The sources of the escaper's patterns, for the HTML report's script (`report/html/client.ts`),
 * which escapes the same characters the same way in the browser (a unit test pins the two equal).
 */
export const UNSAFE_SOURCES = Object.freeze({
  unsafe: UNSAFE.source,
  emoji: EMOJI.source,
  scriptLetter: SCRIPT_LETTER.source,
});

/** The code point of `s` that ends just before `at`, and the one that starts at `at`. */
function before(s: string, at: number): string {
  const lo = s.charCodeAt(at - 1);
  return lo >= 0xdc00 && lo <= 0xdfff && at >= 2 ? s.slice(at - 2, at) : s.slice(at - 1, at);
}
function after(s: string, at: number): string {
  return String.fromCodePoint(s.codePointAt(at) ?? 0x20);
}

/** Whether the invisible `ch` at `at` is part of what the text shows (an emoji sequence, a word). */
function needed(ch: string, at: number, s: string): boolean {
  if (ch === '\u200d') {
    // 👨‍👩: emoji, optional VS16 or skin tone, ZWJ, emoji.
    let prev = before(s, at);
    if (prev === '\ufe0f' || /[\u{1f3fb}-\u{1f3ff}]/u.test(prev))
      prev = before(s, at - prev.length);
    return EMOJI.test(prev) && EMOJI.test(after(s, at + 1));
  }
  if (ch === '\ufe0e' || ch === '\ufe0f') {
    const prev = before(s, at);
    return EMOJI.test(prev) || /^[#*0-9]$/.test(prev);
  }
  if (ch === '\u200c')
    return SCRIPT_LETTER.test(before(s, at)) && SCRIPT_LETTER.test(after(s, at + 1));
  return false;
}

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

/**
 * `s` cut to at most `width` UTF-16 units, a cut marked with `…`: a user's text quoted in a
 * message (a cell, a span name, a received string), short enough to stay on one line.
 */
export function clipForMessage(s: string, width = 40): string {
  return s.length > width ? `${s.slice(0, width - 1)}…` : s;
}

/**
 * Escape every character that could control a terminal or hide text: `\n` `\r` `\t` become
 * those two-character escapes, other code points below U+0100 become `\xHH`, those up to U+FFFF
 * (and lone surrogates) `\uHHHH`, the rest `\u{HHHHH}`.
 * Printable text (including non-ASCII letters and emoji sequences) is left alone; backslashes are
 * not doubled. O(length): each match looks at most three code points around it.
 */
export function escapeForTerminal(s: string): string {
  return s.replace(UNSAFE, (ch: string, at: number) => {
    if (needed(ch, at, s)) return ch;
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
