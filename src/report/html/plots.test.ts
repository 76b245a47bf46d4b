/**
 * The HTML report's timing plot on extreme times (issue 26 §13: points of ±1e300 drew NaN
 * coordinates). The plot functions are taken from the report's script and run on a small fake
 * DOM that records every attribute; the whole page runs in Chromium in `test/e2e/html-report`.
 */
import { describe, expect, it } from 'vitest';
import { fakeDocument, functions, type FakeNode } from './client.test-helpers.js';

type Plot = (tm: unknown) => FakeNode;
// The plot functions are pulled out of the shipped report script as text, so they are built
// with Function (the test's own, trusted source; nothing untrusted is evaluated).
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const timingPlot = new Function(
  'document',
  `var SVGNS = 'svg';\n${functions('sv', 'fmt', 'num4', 'scale', 'timingPlot')}\nreturn timingPlot;`,
)(fakeDocument()) as Plot;

interface Bins {
  lo: number;
  step: number;
  counts: number[];
  below: number;
  nan: number;
  digits: number;
}
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const histBins = new Function(
  `${functions('niceStep', 'decimals', 'histBins')}\nreturn histBins;`,
)() as (xs: unknown[]) => Bins;

function coordinates(n: FakeNode): string[] {
  const own = ['x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy']
    .filter((k) => k in n.attrs)
    .map((k) => n.attrs[k]!);
  return [...own, ...n.kids.flatMap(coordinates)];
}

const circles = (g: FakeNode, cls: string) =>
  g.kids.filter((k) => k.tag === 'circle' && k.attrs['class']!.split(' ').includes(cls));

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
  ])('draws only finite coordinates (%s), every point of both series', (_name, points) => {
    const g = timingPlot({ points, total: points.length, r2: 1, slope: 1, unit: 's' });
    const coords = coordinates(g);
    expect(coords.length).toBeGreaterThan(10);
    for (const c of coords) expect(Number.isFinite(Number(c)), c).toBe(true);
    expect(circles(g, 'gt')).toHaveLength(points.length);
    expect(circles(g, 'pred')).toHaveLength(points.length);
  });

  it('a prediction 300× slower: both series spread over the plot, each on its own axis', () => {
    // Golden events every 0.1 s; the prediction takes 30 s per step, with some jitter.
    const points = Array.from({ length: 20 }, (_, i) => [0.1 * i, 30 * i + (i % 3)]);
    const g = timingPlot({ points, total: 20, r2: 0.99, slope: 300, unit: 's' });
    for (const cls of ['gt', 'pred']) {
      const ys = circles(g, cls).map((c) => Number(c.attrs['cy']));
      const xs = circles(g, cls).map((c) => Number(c.attrs['cx']));
      expect(ys.every(Number.isFinite) && xs.every(Number.isFinite)).toBe(true);
      // Points in distinct pixels, over most of the plot's height (180 px between the axes' ends).
      expect(new Set(ys.map(Math.round)).size, cls).toBe(20);
      expect(Math.max(...ys) - Math.min(...ys), cls).toBeGreaterThan(150);
    }
    const texts = g.kids.filter((k) => k.tag === 'text').map((k) => k.textContent);
    // 571 / 1.9
    expect(texts).toContain('separate axes: the predicted span is 300.5× the golden span');
    expect(texts.some((t) => t.startsWith('● golden t − t0 (s) 0.00–1.90, left axis'))).toBe(true);
    expect(texts.some((t) => t.startsWith('● predicted (s) 0.00–571.00, right axis'))).toBe(true);
  });
});

describe('score histogram bins', () => {
  const edges = (b: Bins) => b.counts.map((_, k) => +(b.lo + k * b.step).toFixed(b.digits));

  it('scores in [0.95, 1]: zoomed to them in bins of 0.005, none holding most of them', () => {
    const xs = Array.from({ length: 200 }, (_, i) => 0.95 + (0.05 * i) / 199);
    const b = histBins(xs);
    expect([b.lo, b.step, b.counts.length, b.below]).toEqual([0.95, 0.005, 10, 0]);
    expect(b.counts.reduce((a, c) => a + c, 0)).toBe(200);
    expect(Math.max(...b.counts)).toBeLessThanOrEqual(21);
    expect(b.counts.filter((c) => c > 0)).toHaveLength(10);
    expect(edges(b)[9]).toBe(0.995);
  });

  it('an outlier far below the cluster gets its own "below" bar; the cluster keeps its bins', () => {
    const xs = [0.1, ...Array.from({ length: 39 }, (_, i) => 0.95 + (0.05 * i) / 38)];
    const b = histBins(xs);
    expect([b.lo, b.step, b.below]).toEqual([0.95, 0.005, 1]);
    expect(b.counts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('scores spread over [0, 1] keep ten bins of 0.1; equal scores one bin ending at 1; NaN counted apart', () => {
    const spread = histBins(Array.from({ length: 100 }, (_, i) => i / 100));
    expect([spread.lo, spread.step, spread.counts.length, spread.below]).toEqual([0, 0.1, 10, 0]);
    expect(spread.counts).toEqual(Array(10).fill(10));
    const ones = histBins([1, 1, 1, null, Number.NaN]);
    expect([ones.lo, ones.step, ones.counts, ones.nan]).toEqual([0.999, 0.001, [3], 2]);
    expect(histBins([]).counts).toHaveLength(10);
  });
});
