/**
 * The HTML report shows what the terminal escaper escapes (bidi overrides, zero-width and other
 * invisible characters, control characters) as visible escapes: the page script's escaper, run
 * here on the fake DOM, gives the terminal escaper's text, with each escape in a span.
 */
import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from '../../io/terminal.js';
import { escaperSource, fakeDocument, functions, type FakeNode } from './client.test-helpers.js';
import { REPORT_JS } from './client.js';
import { renderHtmlReport } from './render.js';
import { renamedRunReport } from '../unmeasured.test-helpers.js';

// The functions are pulled out of the shipped report script as text, so they are built with
// Function (the test's own, trusted source; nothing untrusted is evaluated).
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const { visibleText, el, sv } = new Function(
  'document',
  `var SVGNS = 'svg';\n${functions('el', 'sv')}\nreturn { visibleText, el, sv };`,
)(fakeDocument()) as {
  visibleText: (s: string) => string;
  el: (tag: string, attrs: Record<string, unknown>, kids?: unknown[]) => FakeNode;
  sv: (tag: string, attrs: Record<string, unknown>) => FakeNode;
};

/** Strings with every kind of character the terminal escaper looks at. */
const CORPUS = [
  'plain text, ünïcödé, 日本語',
  'git commit -m "\u202etxt" (other arguments)',
  '\u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069 \u200b\u200c\u200d\u200e\u200f \u061c',
  'a\u00adb \u2060 \u2061 \ufeff \ufff9 \u2065 \u2800 \u034f \u17b4 \u180b \ufe00 \u{e0100} \u3164',
  'line\nbreak\r\ttab \u0000 \u001b[2J \u007f \u009b \u2028 \u2029',
  'tags \u{e0001}\u{e0041}\u{e007f} lone \ud800 surrogate \udc00',
  'family 👨\u200d👩\u200d👧 heart ❤\ufe0f keycap 1\ufe0f\u20e3 skin 👍🏽\u200d',
  'Persian می\u200cخواهم, ASCII a\u200cb, x\ufe0f',
];

describe('HTML report: invisible and bidi characters in untrusted text', () => {
  it('the page script escapes exactly as the terminal escaper does (one set, one form)', () => {
    for (const s of CORPUS) expect(visibleText(s), JSON.stringify(s)).toBe(escapeForTerminal(s));
  });

  it('text shows each escape in a span of class esc, so U+202E cannot reverse the page', () => {
    const cell = el('td', { text: 'cmd = "… \u202etxt"', title: 'a\u202eb' });
    expect(cell.kids.map((k) => [k.tag, k.className ?? null, k.textContent])).toEqual([
      ['#text', null, 'cmd = "… '],
      ['span', 'esc', '\\u202e'],
      ['#text', null, 'txt"'],
    ]);
    expect(cell.attrs['title']).toBe('a\\u202eb');
    // Safe text stays one text node, as before.
    expect(el('td', { text: 'open' }).textContent).toBe('open');
    // A string child and SVG text go through the escaper too.
    const withKid = el('p', {}, ['x\u200by']);
    expect(withKid.kids[0]!.kids.map((k) => k.textContent)).toEqual(['x', '\\u200b', 'y']);
    expect(sv('text', { text: 'ch\u2066' }).textContent).toBe('ch\\u2066');
  });

  it("the shipped page carries the terminal escaper's pattern and the esc style", () => {
    expect(REPORT_JS).not.toContain('__UNSAFE__');
    expect(escaperSource()).toContain('\\\\p{Cf}');
    const html = renderHtmlReport(renamedRunReport('default'));
    expect(html).toContain('.esc {');
    expect(html).toContain('new RegExp("[\\\\p{Cc}\\\\p{Cf}');
  });
});
