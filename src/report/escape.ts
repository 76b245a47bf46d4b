/**
 * Terminal text helpers: the escaper (implemented once in `src/io/terminal.ts`) and column
 * layout by code points (length, cutting with `…`, padding).
 */

export { escapeForTerminal } from '../io/terminal.js';

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

/**
 * Index (in code points) of the first position where `a` and `b` differ, or `undefined` when
 * they are equal. A string that is a prefix of the other differs at its end.
 */
export function firstDifference(a: string, b: string): number | undefined {
  const x = [...a];
  const y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return i;
  return x.length === y.length ? undefined : n;
}

/**
 * Cut `s` to at most `width` code points keeping the window around code point `at` (centred on
 * it where the string allows), marking each cut end with `…`: `{"q": "x", … "year": 2024}` →
 * `…"year": 2024}`. Used for a differing value so the part that differs is never cut away.
 * Without `at` (or when the start already shows it) this is `truncate`.
 */
export function truncateAround(s: string, width: number, at: number | undefined): string {
  const cps = [...s];
  if (cps.length <= width) return s;
  if (width <= 2 || at === undefined) return truncate(s, width);
  const pos = Math.max(0, Math.min(at, cps.length - 1));
  // Both ends cut: width - 2 code points of content with the difference in the middle.
  const inner = width - 2;
  const start = pos - Math.floor(inner / 2);
  if (start <= 0) return truncate(s, width);
  // Near the end: only the start is cut, so one more code point fits.
  if (start + inner >= cps.length) return `…${cps.slice(cps.length - (width - 1)).join('')}`;
  return `…${cps.slice(start, start + inner).join('')}…`;
}
