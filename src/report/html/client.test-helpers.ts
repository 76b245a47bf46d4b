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
  return { createElementNS: (_ns: string, tag: string) => node(tag), createElement: node };
}

/** The source of the named top-level functions of the report script. */
export function functions(...names: string[]): string {
  return names
    .map((name) => {
      const start = REPORT_JS.indexOf(`  function ${name}(`);
      expect(start, name).toBeGreaterThan(0);
      // Up to the next top-level function, or for the last one the end of the script's IIFE.
      const next = REPORT_JS.indexOf('\n  function ', start + 1);
      return REPORT_JS.slice(start, next < 0 ? REPORT_JS.lastIndexOf('\n})();') : next);
    })
    .join('\n');
}
