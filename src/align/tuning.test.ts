import { describe, expect, it } from 'vitest';
import { editedPair } from './alignment.test-helpers.js';
import { BehaviorAligner } from './behavior-aligner.js';
import { alignerTuning, withAlignerTuning } from './tuning.js';
import type { WfaStats } from './tuning.js';

describe('aligner tuning (tests only)', () => {
  it('reaches the aligner object for one call, then is gone; the alignment is the same', () => {
    const { a, b, vm } = editedPair(400, 23_11);
    const al = new BehaviorAligner();
    const context = { channelNames: [], valuesMatch: vm };
    const plain = al.alignWithOutcome(a, b, context);
    const stats: WfaStats = { cells: 0, bandedLoads: 0, fullLoads: 0 };
    // Checkpoints after 64 cells, so the traceback recomputes blocks: counted in `stats`.
    const tuned = withAlignerTuning(
      { behavior: { engine: 'wfa' }, wfa: { maxCells: 64 }, stats: { wfa: stats } },
      () => al.alignWithOutcome(a, b, context),
    );
    expect(stats.cells).toBeGreaterThan(0);
    expect(stats.bandedLoads + stats.fullLoads).toBeGreaterThan(0);
    expect(tuned).toEqual(plain);
    expect(alignerTuning()).toEqual({});
    const before = stats.cells;
    al.alignWithOutcome(a, b, context);
    expect(stats.cells).toBe(before);
  });

  it('is restored when the call throws', () => {
    expect(() =>
      withAlignerTuning({ behavior: { engine: 'dp' } }, () => {
        throw new Error('x');
      }),
    ).toThrow('x');
    expect(alignerTuning()).toEqual({});
  });
});
