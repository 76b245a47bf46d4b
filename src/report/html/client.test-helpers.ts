/**
 * Running pieces of the HTML report's script in a unit test: the named top-level functions of
 * `REPORT_JS` as source text, and a small fake DOM that records every attribute (the whole
 * page runs in Chromium in `test/e2e/html-report`).
 */
import { expect } from 'vitest';
import { REPORT_JS } from './client.js';

export interface FakeNode {
  tag: string;
  attrs: Record<string, string>;
  kids: FakeNode[];
  textContent: string;
  /** Set by the script's `el` for a `class`. */
  className?: string;
  setAttribute(k: string, v: string): void;
  appendChild(n: FakeNode): FakeNode;
}

export function fakeDocument() {
  const node = (tag: string): FakeNode => ({
    tag,
    attrs: {},
    kids: [],
    textContent: '',
    setAttribute(k, v) {
      this.attrs[k] = v;
    },
    appendChild(n) {
      this.kids.push(n);
      return n;
    },
  });
  const text = (t: string): FakeNode => ({ ...node('#text'), textContent: t });
  return {
    createElementNS: (_ns: string, tag: string) => node(tag),
    createElement: node,
    createTextNode: text,
  };
}

/**
 * The script's escaper (its patterns and functions, between `// ESCAPER START` and `// ESCAPER
 * END`), which `el` and `sv` call.
 */
export function escaperSource(): string {
  const start = REPORT_JS.indexOf('  // ESCAPER START');
  const end = REPORT_JS.indexOf('  // ESCAPER END');
  expect(start).toBeGreaterThan(0);
  return REPORT_JS.slice(start, end);
}

/** The source of the named top-level functions of the report script, after its escaper. */
export function functions(...names: string[]): string {
  return (
    escaperSource() +
    names
      .map((name) => {
        const start = REPORT_JS.indexOf(`  function ${name}(`);
        expect(start, name).toBeGreaterThan(0);
        // Up to the next top-level function, or for the last one the end of the script's IIFE.
        const next = REPORT_JS.indexOf('\n  function ', start + 1);
        return REPORT_JS.slice(start, next < 0 ? REPORT_JS.lastIndexOf('\n})();') : next);
      })
      .join('\n')
  );
}
