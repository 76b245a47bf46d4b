import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DifflibAligner, difflibOpcodes, matchingBlocks, opcodesToPairs } from './difflib.js';
import type { Opcode } from './difflib.js';
import type { IndexPair } from './types.js';

/** Keys from a string, one character per event (`'abxab'` → [97, 98, 120, 97, 98]). */
function keys(s: string): Int32Array {
  return Int32Array.from([...s].map((c) => c.charCodeAt(0)));
}

function ops(a: string, b: string): [string, number, number, number, number][] {
  return difflibOpcodes(keys(a), keys(b)).map((o) => [o.tag, o.i1, o.i2, o.j1, o.j2]);
}

function pairs(a: string, b: string): [number | null, number | null][] {
  return new DifflibAligner()
    .align(keys(a), keys(b), { channelNames: [] })
    .map((p) => [p.gt, p.pred]);
}

/**
 * Straightforward port of CPython 3.11 `SequenceMatcher` (isjunk=None, autojunk=False) with
 * plain arrays and dicts, kept close to the Python text — including the four
 * "extend the match" loops that the optimized port omits.
 */
function referenceOpcodes(
  a: readonly number[],
  b: readonly number[],
): [string, number, number, number, number][] {
  const b2j = new Map<number, number[]>();
  b.forEach((elt, i) => {
    const indices = b2j.get(elt) ?? [];
    indices.push(i);
    b2j.set(elt, indices);
  });
  const isbjunk = (_x: number): boolean => false; // bjunk is empty with isjunk=None
  const findLongestMatch = (
    alo: number,
    ahi: number,
    blo: number,
    bhi: number,
  ): [number, number, number] => {
    let [besti, bestj, bestsize] = [alo, blo, 0];
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const newj2len = new Map<number, number>();
      for (const j of b2j.get(a[i]!) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        newj2len.set(j, k);
        if (k > bestsize) [besti, bestj, bestsize] = [i - k + 1, j - k + 1, k];
      }
      j2len = newj2len;
    }
    while (besti > alo && bestj > blo && !isbjunk(b[bestj - 1]!) && a[besti - 1] === b[bestj - 1]) {
      [besti, bestj, bestsize] = [besti - 1, bestj - 1, bestsize + 1];
    }
    while (
      besti + bestsize < ahi &&
      bestj + bestsize < bhi &&
      !isbjunk(b[bestj + bestsize]!) &&
      a[besti + bestsize] === b[bestj + bestsize]
    ) {
      bestsize += 1;
    }
    while (besti > alo && bestj > blo && isbjunk(b[bestj - 1]!) && a[besti - 1] === b[bestj - 1]) {
      [besti, bestj, bestsize] = [besti - 1, bestj - 1, bestsize + 1];
    }
    while (
      besti + bestsize < ahi &&
      bestj + bestsize < bhi &&
      isbjunk(b[bestj + bestsize]!) &&
      a[besti + bestsize] === b[bestj + bestsize]
    ) {
      bestsize += 1;
    }
    return [besti, bestj, bestsize];
  };
  const [la, lb] = [a.length, b.length];
  const queue: [number, number, number, number][] = [[0, la, 0, lb]];
  const blocks: [number, number, number][] = [];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const x = findLongestMatch(alo, ahi, blo, bhi);
    const [i, j, k] = x;
    if (k) {
      blocks.push(x);
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  blocks.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  let [i1, j1, k1] = [0, 0, 0];
  const nonAdjacent: [number, number, number][] = [];
  for (const [i2, j2, k2] of blocks) {
    if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
    else {
      if (k1) nonAdjacent.push([i1, j1, k1]);
      [i1, j1, k1] = [i2, j2, k2];
    }
  }
  if (k1) nonAdjacent.push([i1, j1, k1]);
  nonAdjacent.push([la, lb, 0]);
  let [i, j] = [0, 0];
  const answer: [string, number, number, number, number][] = [];
  for (const [ai, bj, size] of nonAdjacent) {
    let tag = '';
    if (i < ai && j < bj) tag = 'replace';
    else if (i < ai) tag = 'delete';
    else if (j < bj) tag = 'insert';
    if (tag) answer.push([tag, i, ai, j, bj]);
    [i, j] = [ai + size, bj + size];
    if (size) answer.push(['equal', ai, i, bj, j]);
  }
  return answer;
}

/** Every index of both sides exactly once, increasing; equal pairs have equal keys. */
function checkInvariants(a: Int32Array, b: Int32Array, result: readonly IndexPair[]): void {
  let nextGt = 0;
  let nextPred = 0;
  for (const p of result) {
    expect(p.gt !== null || p.pred !== null).toBe(true);
    if (p.gt !== null) expect(p.gt).toBe(nextGt++);
    if (p.pred !== null) expect(p.pred).toBe(nextPred++);
    if (p.tag === 'equal') expect(a[p.gt!]).toBe(b[p.pred!]);
    if (p.tag === 'delete') expect(p.pred).toBeNull();
    if (p.tag === 'insert') expect(p.gt).toBeNull();
  }
  expect(nextGt).toBe(a.length);
  expect(nextPred).toBe(b.length);
}

describe('difflibOpcodes: README Q2 hand cases', () => {
  it('ab vs ba: equal-length blocks, the smaller gt index wins (a)', () => {
    expect(ops('ab', 'ba')).toEqual([
      ['insert', 0, 0, 0, 1],
      ['equal', 0, 1, 1, 2],
      ['delete', 1, 2, 2, 2],
    ]);
  });

  it('abcd vs cdab: ab and cd are both length 2, ab (smaller gt index) wins', () => {
    expect(ops('abcd', 'cdab')).toEqual([
      ['insert', 0, 0, 0, 2],
      ['equal', 0, 2, 2, 4],
      ['delete', 2, 4, 4, 4],
    ]);
  });

  it('abxab vs ab: a repeated block matches its first occurrence', () => {
    expect(ops('abxab', 'ab')).toEqual([
      ['equal', 0, 2, 0, 2],
      ['delete', 2, 5, 2, 2],
    ]);
  });

  it('aaa vs aa: the block starts at the smallest indices, the tail is deleted', () => {
    expect(ops('aaa', 'aa')).toEqual([
      ['equal', 0, 2, 0, 2],
      ['delete', 2, 3, 2, 2],
    ]);
    expect(ops('aa', 'aaa')).toEqual([
      ['equal', 0, 2, 0, 2],
      ['insert', 2, 2, 2, 3],
    ]);
  });

  it('ababa vs baba: longest block baba wins over the earlier shorter ones', () => {
    expect(ops('ababa', 'baba')).toEqual([
      ['delete', 0, 1, 0, 0],
      ['equal', 1, 5, 0, 4],
    ]);
  });

  it('ties on gt index go to the smallest pred index', () => {
    // a matches pred 0, 2 and 4; all blocks have length 1 and the same gt index 0.
    expect(ops('a', 'bacada')).toEqual([
      ['insert', 0, 0, 0, 1],
      ['equal', 0, 1, 1, 2],
      ['insert', 1, 1, 2, 6],
    ]);
  });

  it('recurses left and right of the longest block', () => {
    // Longest block "cde" (gt 2, pred 1); left: "ab" vs "x" (replace); right: "f" vs "fg".
    expect(ops('abcdef', 'xcdefg')).toEqual([
      ['replace', 0, 2, 0, 1],
      ['equal', 2, 6, 1, 5],
      ['insert', 6, 6, 5, 6],
    ]);
  });

  it('empty sides', () => {
    expect(ops('', '')).toEqual([]);
    expect(ops('', 'ab')).toEqual([['insert', 0, 0, 0, 2]]);
    expect(ops('ab', '')).toEqual([['delete', 0, 2, 0, 0]]);
    expect(ops('ab', 'cd')).toEqual([['replace', 0, 2, 0, 2]]);
  });

  it('matchingBlocks ends with the (len a, len b, 0) sentinel', () => {
    expect(matchingBlocks(keys('abxab'), keys('ab'))).toEqual([
      { a: 0, b: 0, size: 2 },
      { a: 5, b: 2, size: 0 },
    ]);
    expect(matchingBlocks(keys(''), keys(''))).toEqual([{ a: 0, b: 0, size: 0 }]);
  });

  it('works with arbitrary (negative, large) int32 keys', () => {
    const a = Int32Array.from([-5, 2 ** 31 - 1, 7, -5]);
    const b = Int32Array.from([2 ** 31 - 1, 7, -5, 0]);
    expect(difflibOpcodes(a, b).map((o) => [o.tag, o.i1, o.i2, o.j1, o.j2])).toEqual([
      ['delete', 0, 1, 0, 0],
      ['equal', 1, 4, 0, 3],
      ['insert', 4, 4, 3, 4],
    ]);
  });
});

describe('opcodesToPairs / DifflibAligner', () => {
  it('replace pairs positionally and pads the shorter side at the end of the span (Q3)', () => {
    // abc XY de vs abc PQR de: replace gt[3:5] with pred[3:6].
    expect(pairs('abcXYde', 'abcPQRde')).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [null, 5],
      [5, 6],
      [6, 7],
    ]);
    expect(pairs('abcPQRde', 'abcXYde')).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, null],
      [6, 5],
      [7, 6],
    ]);
  });

  it('tags pairs by opcode', () => {
    const ocs: Opcode[] = [
      { tag: 'equal', i1: 0, i2: 1, j1: 0, j2: 1 },
      { tag: 'replace', i1: 1, i2: 2, j1: 1, j2: 3 },
      { tag: 'delete', i1: 2, i2: 3, j1: 3, j2: 3 },
      { tag: 'insert', i1: 3, i2: 3, j1: 3, j2: 4 },
    ];
    expect(opcodesToPairs(ocs)).toEqual([
      { gt: 0, pred: 0, tag: 'equal' },
      { gt: 1, pred: 1, tag: 'replace' },
      { gt: null, pred: 2, tag: 'replace' },
      { gt: 2, pred: null, tag: 'delete' },
      { gt: null, pred: 3, tag: 'insert' },
    ]);
  });

  it('ab vs ba as index pairs', () => {
    expect(pairs('ab', 'ba')).toEqual([
      [null, 0],
      [0, 1],
      [1, null],
    ]);
  });
});

describe('difflib properties', () => {
  const seq = (alphabet: number, maxLength: number) =>
    fc.array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength });
  const twoSeqs = fc.integer({ min: 1, max: 4 }).chain((k) => fc.tuple(seq(k, 40), seq(k, 40)));

  it('matches a plain port of CPython SequenceMatcher on random sequences over 1–4 symbols', () => {
    fc.assert(
      fc.property(twoSeqs, ([a, b]) => {
        const got = difflibOpcodes(Int32Array.from(a), Int32Array.from(b)).map(
          (o) => [o.tag, o.i1, o.i2, o.j1, o.j2] as const,
        );
        expect(got).toEqual(referenceOpcodes(a, b));
      }),
      { numRuns: 1500 },
    );
  });

  it('matches the reference port on longer sequences too (recursion, scratch-row reuse)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((k) => fc.tuple(seq(k, 300), seq(k, 300))),
        ([a, b]) => {
          const got = difflibOpcodes(Int32Array.from(a), Int32Array.from(b)).map(
            (o) => [o.tag, o.i1, o.i2, o.j1, o.j2] as const,
          );
          expect(got).toEqual(referenceOpcodes(a, b));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('aligner output: every index once and in order, equal pairs have equal keys', () => {
    fc.assert(
      fc.property(twoSeqs, ([a, b]) => {
        const ka = Int32Array.from(a);
        const kb = Int32Array.from(b);
        checkInvariants(ka, kb, new DifflibAligner().align(ka, kb, { channelNames: [] }));
      }),
      { numRuns: 500 },
    );
  });

  it('identical sequences align on the diagonal', () => {
    fc.assert(
      fc.property(seq(3, 60), (a) => {
        const k = Int32Array.from(a);
        const result = new DifflibAligner().align(k, k, { channelNames: [] });
        expect(result).toEqual(a.map((_, i) => ({ gt: i, pred: i, tag: 'equal' })));
      }),
    );
  });
});
