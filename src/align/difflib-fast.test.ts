import { describe, expect, it } from 'vitest';
import type { FastDifflibOptions, FastDifflibStats } from './tuning.js';
import { portMatchingBlocks } from '../../test/oracles/difflib-port.js';
import { fastMatchingBlocksWith } from './tuning.test-helpers.js';

/** Keys from a string, one character per event. */
function keys(s: string): Int32Array {
  return Int32Array.from([...s].map((c) => c.charCodeAt(0)));
}

function run(
  a: Int32Array,
  b: Int32Array,
  options: FastDifflibOptions = {},
): { blocks: [number, number, number][]; stats: FastDifflibStats } {
  const stats: FastDifflibStats = {
    path: 'direct',
    q: 0,
    minSeedLength: 0,
    mems: 0,
    hits: 0,
    seededBlocks: 0,
    sweptBlocks: 0,
  };
  const blocks = fastMatchingBlocksWith(a, b, options, stats).map((x): [number, number, number] => [
    x.a,
    x.b,
    x.size,
  ]);
  return { blocks, stats };
}

const port = (a: Int32Array, b: Int32Array): [number, number, number][] =>
  portMatchingBlocks(a, b).map((x) => [x.a, x.b, x.size]);

/** Repeat a pattern to length n. */
function periodic(pattern: string, n: number): Int32Array {
  return keys(pattern.repeat(Math.ceil(n / pattern.length)).slice(0, n));
}

describe('fastMatchingBlocks', () => {
  it("gives CPython's blocks on small examples, ties to the smallest a then b start", () => {
    // difflib.SequenceMatcher(None, "abxcd", "abcd", autojunk=False).get_matching_blocks()
    expect(run(keys('abxcd'), keys('abcd')).blocks).toEqual([
      [0, 0, 2],
      [3, 2, 2],
      [5, 4, 0],
    ]);
    // Two equally long matches: "ab" at a=0 wins over "cd"; then "cd" is right of it.
    expect(run(keys('abcd'), keys('cdab')).blocks).toEqual([
      [0, 2, 2],
      [4, 4, 0],
    ]);
    expect(run(keys(''), keys('abc')).blocks).toEqual([[0, 3, 0]]);
    expect(run(keys('abc'), keys('')).blocks).toEqual([[3, 0, 0]]);
  });

  it('takes the seeded path on long low-edit pairs and the sweep on short-block pairs, same blocks as the port', () => {
    const a = periodic('abcdefghijklmnopqrstuvwxyz0123456789', 3000);
    const b = Int32Array.from([...a.slice(0, 1200), 35, ...a.slice(1200, 2500), ...a.slice(2600)]);
    const seeded = run(a, b);
    expect(seeded.stats.path).toBe('seeded');
    expect(seeded.stats.seededBlocks).toBeGreaterThan(0);
    expect(seeded.blocks).toEqual(port(a, b));
    // Every 4th key of b replaced by a key of its own: no equal block is longer than 3.
    const c = keys(
      Array.from({ length: 3000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 13))).join(''),
    );
    const d = c.map((x, i) => (i % 4 === 3 ? 64 : x));
    const swept = run(c, d);
    expect(swept.stats.path).toBe('seeded');
    expect(swept.stats.sweptBlocks).toBeGreaterThan(0);
    expect(swept.blocks).toEqual(port(c, d));
  });

  it('runs the sweep alone on a single repeated key, where seeding would examine every pair', () => {
    const a = periodic('x', 5000);
    const b = periodic('x', 4990);
    const { blocks, stats } = run(a, b);
    expect(stats.path).toBe('sweep');
    expect(blocks).toEqual([
      [0, 0, 4990],
      [5000, 4990, 0],
    ]);
  });

  it('gives the same blocks for every setting', () => {
    const a = periodic('abcabdabcabe', 700);
    const b = Int32Array.from([...a.slice(5, 300), 120, ...a.slice(300, 690)]);
    const expected = port(a, b);
    for (const options of [
      {},
      { q: 1, step: 1 },
      { q: 3, step: 5, smallGapCells: 0 },
      { hitBudgetPerElement: 0 },
      { smallGapCells: 1_000_000 },
    ]) {
      expect(run(a, b, options).blocks, JSON.stringify(options)).toEqual(expected);
    }
  });

  it('rejects settings that are not integers in range', () => {
    const a = keys('abc');
    expect(() => fastMatchingBlocksWith(a, a, { q: 0 })).toThrow(
      'fastMatchingBlocks: options.q must be an integer >= 1, got 0',
    );
    expect(() => fastMatchingBlocksWith(a, a, { step: 1.5 })).toThrow(RangeError);
    expect(() => fastMatchingBlocksWith(a, a, { smallGapCells: -1 })).toThrow(RangeError);
  });
});
