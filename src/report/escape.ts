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
