import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../trace/types.js';
import { ComparatorSet } from './set.js';
import { columnsOfVerdicts, judgeColumns, verdictsOf } from './verdict-columns.js';
import { compareAlignment, type EventPair } from './verdicts.js';
import { policyFor } from '../policy/index.js';

const ev = (channel: string, timestamp: number, value: unknown): TraceEvent => ({
  channel,
  timestamp,
  value,
});

describe('judgeColumns', () => {
  const gt = [ev('a', 0, 1), ev('b', 1, 2), ev('c', 2, 'x'), ev('a', 3, 5)];
  const pred = [ev('a', 0, 1), ev('b', 1, 3), ev('x', 2, 'x'), ev('c', 3, 'x')];
  const gtIdx = Int32Array.from([0, 1, 2, -1, 3]);
  const predIdx = Int32Array.from([0, 1, 2, 3, -1]);
  const pairs: EventPair[] = Array.from(
    gtIdx,
    (g, k) => [g < 0 ? null : gt[g]!, predIdx[k]! < 0 ? null : pred[predIdx[k]!]!] as const,
  );

  for (const mode of ['default', 'reference'] as const) {
    it(`says what compareAlignment says (${mode} mode), with and without ignored channels`, () => {
      const cmp = ComparatorSet.fromOptions(undefined, policyFor(mode));
      for (const ignore of [undefined, new Set(['b'])]) {
        const cols = judgeColumns(gt, pred, gtIdx, predIdx, cmp, policyFor(mode), ignore);
        const want = compareAlignment(pairs, cmp, policyFor(mode), ignore);
        expect(verdictsOf(cols)).toEqual(want);
        expect(verdictsOf(columnsOfVerdicts(want))).toEqual(want);
      }
    });
  }
});
