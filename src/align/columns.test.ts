import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { alignColumns, pairsToColumns } from './columns.js';
import {
  DifflibAligner,
  difflibColumns,
  difflibOpcodes,
  opcodesToColumns,
  opcodesToPairs,
} from './difflib.js';
import { internEventKeys, internKeys, NeedlemanWunschAligner } from './index.js';
import type { AlignContext, Aligner, IndexPair } from './types.js';

const CTX: AlignContext = { channelNames: [] };

function cols(c: { gtIdx: Int32Array; predIdx: Int32Array }): [number[], number[]] {
  return [Array.from(c.gtIdx), Array.from(c.predIdx)];
}

/** Keys over a small alphabet, so that equal blocks, replaces and gaps all occur. */
const keyArray = fc
  .array(fc.integer({ min: 0, max: 4 }), { maxLength: 60 })
  .map((xs) => Int32Array.from(xs));

describe('pairsToColumns', () => {
  it('turns null sides into -1 and keeps the row order', () => {
    const pairs: IndexPair[] = [
      { gt: 0, pred: 0, tag: 'equal' },
      { gt: 1, pred: null, tag: 'delete' },
      { gt: null, pred: 1, tag: 'insert' },
    ];
    expect(cols(pairsToColumns(pairs))).toEqual([
      [0, 1, -1],
      [0, -1, 1],
    ]);
  });
});

describe('opcodesToColumns / difflibColumns', () => {
  it('pads the shorter side of a replace span at its end', () => {
    // a b c d vs a x y d: replace b c -> x y; then a b c vs a x y z: replace padded with a gt gap.
    expect(cols(opcodesToColumns([{ tag: 'replace', i1: 0, i2: 1, j1: 0, j2: 3 }]))).toEqual([
      [0, -1, -1],
      [0, 1, 2],
    ]);
    expect(cols(opcodesToColumns([{ tag: 'replace', i1: 2, i2: 5, j1: 4, j2: 5 }]))).toEqual([
      [2, 3, 4],
      [4, -1, -1],
    ]);
  });

  it('has exactly the rows of the DifflibAligner, for any keys', () => {
    fc.assert(
      fc.property(keyArray, keyArray, (a, b) => {
        const expected = cols(pairsToColumns(opcodesToPairs(difflibOpcodes(a, b))));
        expect(cols(difflibColumns(a, b))).toEqual(expected);
        expect(cols(alignColumns(new DifflibAligner(), a, b, CTX))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('alignColumns', () => {
  it('calls any other aligner through its public align', () => {
    let calls = 0;
    const user: Aligner = {
      name: 'reversed-pairs',
      align: (gt, pred) => {
        calls++;
        const n = Math.max(gt.length, pred.length);
        return Array.from({ length: n }, (_, k) => ({
          gt: k < gt.length ? k : null,
          pred: k < pred.length ? k : null,
          tag: 'replace' as const,
        }));
      },
    };
    expect(cols(alignColumns(user, Int32Array.of(1, 2), Int32Array.of(3), CTX))).toEqual([
      [0, 1],
      [0, -1],
    ]);
    expect(calls).toBe(1);
  });

  it('honours a subclass that overrides align (the fast path is only for the built-in align)', () => {
    class AllGaps extends DifflibAligner {
      override align(gt: Int32Array, pred: Int32Array): IndexPair[] {
        return [
          ...Array.from(gt, (_, i) => ({ gt: i, pred: null, tag: 'delete' as const })),
          ...Array.from(pred, (_, j) => ({ gt: null, pred: j, tag: 'insert' as const })),
        ];
      }
    }
    expect(cols(alignColumns(new AllGaps(), Int32Array.of(1), Int32Array.of(1), CTX))).toEqual([
      [0, -1],
      [-1, 0],
    ]);
  });

  it('gives the rows of the NW aligner through the adapter', () => {
    const nw = new NeedlemanWunschAligner();
    const a = Int32Array.of(0, 1, 2, 1);
    const b = Int32Array.of(0, 2, 2);
    expect(cols(alignColumns(nw, a, b, CTX))).toEqual(cols(pairsToColumns(nw.align(a, b, CTX))));
  });
});

describe('internEventKeys', () => {
  it('gives the keys internKeys gives for the same channels', () => {
    const gt = ['motor:y', 'det', 'motor:y', '__proto__'].map((channel) => ({ channel }));
    const pred = ['temp', 'det', 'motor:x', '__proto__'].map((channel) => ({ channel }));
    const a = internEventKeys(gt, pred);
    const b = internKeys(
      gt.map((e) => e.channel),
      pred.map((e) => e.channel),
    );
    expect([Array.from(a.gt), Array.from(a.pred), a.channelNames]).toEqual([
      Array.from(b.gt),
      Array.from(b.pred),
      b.channelNames,
    ]);
  });
});
