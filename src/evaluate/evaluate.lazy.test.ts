import { describe, expect, it } from 'vitest';
import type { Metric } from '../metrics/types.js';
import { evaluate, evaluateBestOf } from './evaluate.js';

const gt = [
  { channel: 'a', timestamp: 0, value: 1 },
  { channel: 'b', timestamp: 1, value: 2 },
  { channel: 'a', timestamp: 2, value: 3 },
];
const pred = [
  { channel: 'a', timestamp: 0, value: 1 },
  { channel: 'b', timestamp: 1.1, value: 5 },
];

const isGetter = (o: object, k: string) =>
  typeof Object.getOwnPropertyDescriptor(o, k)?.get === 'function';

describe('evaluate builds per-pair lists only when read', () => {
  it('leaves alignment, alignment_index, alignment_rows and aligned_gt/aligned_pred unbuilt until read', () => {
    const r = evaluate(gt, pred, { aligner: 'difflib' });
    expect(r.full_score).toBeGreaterThan(0);
    for (const k of ['alignment', 'alignment_index', 'alignment_rows'])
      expect(isGetter(r, k)).toBe(true);
    expect(isGetter(r.metrics['discrete']!.details, 'aligned_gt')).toBe(true);
    expect(r.alignment_rows.map((row) => row.match)).toEqual([true, false, null]);
    expect(isGetter(r, 'alignment_rows')).toBe(false);
    expect(r.alignment_index).toEqual([
      [0, 0],
      [1, 1],
      [2, null],
    ]);
    expect(r.alignment[2]).toEqual([['a', 2, 3], null]);
    expect(r.metrics['discrete']!.details['aligned_pred']).toEqual([
      ['a', 0, 1],
      ['b', 1.1, 5],
      null,
    ]);
    expect(Object.keys(r)).toEqual([
      'mode',
      'full_score',
      'accuracy',
      'metrics',
      'alignment',
      'alignment_index',
      'alignment_rows',
      'aggregation',
      'decision',
      'aligner',
    ]);
  });

  it('gives a custom metric the verdicts (built on demand) and their columns', () => {
    let seen: unknown;
    const probe: Metric = {
      name: 'probe',
      compute(ctx) {
        seen = {
          n: ctx.columns?.length,
          verdicts: ctx.verdicts.map((v) => [
            v.gt?.channel ?? null,
            v.pred?.channel ?? null,
            v.counts,
          ]),
          first: ctx.prepared.gtSorted[0],
        };
        return { name: 'probe', score: 1, binary_pass: true, details: {} };
      },
    };
    evaluate(gt, pred, { aligner: 'difflib', metrics: [probe] });
    expect(seen).toEqual({
      n: 3,
      verdicts: [
        ['a', 'a', true],
        ['b', 'b', false],
        ['a', null, false],
      ],
      first: { e: gt[0], i: 0 },
    });
  });

  it('best-of keeps the winner lazy and equal to a direct evaluation', () => {
    const best = evaluateBestOf([pred, gt], pred, { aligner: 'difflib' });
    expect(isGetter(best, 'alignment')).toBe(true);
    expect(best.best_index).toBe(0);
    expect(JSON.parse(JSON.stringify(best))).toEqual(
      JSON.parse(
        JSON.stringify({
          ...evaluate(pred, pred, { aligner: 'difflib' }),
          best_index: 0,
          candidate_full_scores: best.candidate_full_scores,
        }),
      ),
    );
  });
});
