/**
 * The HTML report's timing plot on extreme times (issue 26 §13: points of ±1e300 drew NaN
 * coordinates). The plot functions are taken from the report's script and run on a small fake
 * DOM that records every attribute; the whole page runs in Chromium in `test/e2e/html-report`.
 */
import { describe, expect, it } from 'vitest';
import { REPORT_JS } from './client.js';

interface FakeNode {
  tag: string;
  attrs: Record<string, string>;
  kids: FakeNode[];
  textContent: string;
  setAttribute(k: string, v: string): void;
  appendChild(n: FakeNode): FakeNode;
}

function fakeDocument() {
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
function functions(...names: string[]): string {
  return names
    .map((name) => {
      const start = REPORT_JS.indexOf(`  function ${name}(`);
      expect(start, name).toBeGreaterThan(0);
      const end = REPORT_JS.indexOf('\n  function ', start + 1);
      return REPORT_JS.slice(start, end);
    })
    .join('\n');
}

type Plot = (tm: unknown) => FakeNode;
// The plot functions are pulled out of the shipped report script as text, so they are built
// with Function (the test's own, trusted source; nothing untrusted is evaluated).
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const timingPlot = new Function(
  'document',
  `var SVGNS = 'svg';\n${functions('sv', 'fmt', 'scale', 'axes', 'timingPlot')}\nreturn timingPlot;`,
)(fakeDocument()) as Plot;

function coordinates(n: FakeNode): string[] {
  const own = ['x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy']
    .filter((k) => k in n.attrs)
    .map((k) => n.attrs[k]!);
  return [...own, ...n.kids.flatMap(coordinates)];
}

describe('timing plot', () => {
  it.each([
    [
      '±1e300',
      [
        [-1e300, -1e300],
        [0, 1],
        [1e300, 1e300],
      ],
    ],
    [
      '1e308',
      [
        [0, 0],
        [1e308, 1.7e308],
        [1.7e308, 1e308],
      ],
    ],
    [
      'ordinary',
      [
        [0, 0],
        [1, 1.1],
        [2, 1.9],
      ],
    ],
  ])('draws only finite coordinates (%s), with the fit line', (_name, points) => {
    const g = timingPlot({ points, total: points.length, r2: 1, slope: 1, unit: 's' });
    const coords = coordinates(g);
    expect(coords.length).toBeGreaterThan(10);
    for (const c of coords) expect(Number.isFinite(Number(c)), c).toBe(true);
    expect(g.kids.some((k) => k.attrs['data-testid'] === 'fit-line')).toBe(true);
  });
});
