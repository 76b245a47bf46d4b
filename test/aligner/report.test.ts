import { describe, expect, it } from 'vitest';
import { rng } from '../support/rng.js';
import { buildRunReport } from '../../src/report/run/model.js';
import { rec, scenario } from '../../src/report/run/fixtures.test-helpers.js';
import { stringifyReport } from '../../src/report/json.js';
import { formatTextReport } from '../../src/report/text.js';
import { buildRecord, type RecordInfo } from '../../src/transport/buildRecord.js';
import { verdictText } from '../../matchers/message.js';
import { evaluate } from '../../src/evaluate/evaluate.js';
import { BOUNDED_ALIGNMENT_NOTE } from '../../src/evaluate/types.js';
import { testRecordInfo } from '../../src/transport/info.test-helpers.js';

/** A trace of `n` events on 20 channels with random values (seeded). */
function trace(n: number, seed: number, prefix = 'ch') {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => ({
    channel: `${prefix}${Math.floor(r() * 20)}`,
    timestamp: i,
    value: Math.floor(r() * 1000),
  }));
}

const RULE = { requireAccuracy: true, minScore: undefined };

const info: RecordInfo = testRecordInfo({ testName: 'unrelated', version: '0.1.0' });

describe('the report’s aligner field', () => {
  it('a small pair: behavior, proven optimal, with its cost; no bounded note anywhere', () => {
    const gt = trace(200, 1);
    const pred = [...gt.slice(0, 100), ...gt.slice(101)]; // one event dropped: one gap
    const r = evaluate(gt, pred);
    expect(r.aligner).toEqual({ name: 'behavior', optimal: true, cost: 2 });
    expect((JSON.parse(stringifyReport(r)) as { aligner: unknown }).aligner).toEqual(r.aligner);
    expect(formatTextReport(r)).not.toContain(BOUNDED_ALIGNMENT_NOTE);
    expect(verdictText(r, RULE)).not.toContain(BOUNDED_ALIGNMENT_NOTE);
    expect(buildRecord(r, info)).not.toHaveProperty('bounded_alignment');
  });

  it('no channel in common: the closed-form optimum, proven', () => {
    const r = evaluate(trace(5000, 2), trace(5000, 3, 'other'));
    expect(r.aligner).toEqual({ name: 'behavior', optimal: true, cost: 2 * (2 + 4999) });
  });

  it('nw: its exact engines always prove the optimum, with the cost under nw’s costs', () => {
    const gt = trace(300, 7);
    const pred = [...gt.slice(0, 100), ...gt.slice(103)]; // three events dropped: one gap run
    expect(evaluate(gt, pred, { aligner: 'nw' }).aligner).toEqual({
      name: 'nw',
      optimal: true,
      cost: 1 + 2 * 1, // gap_open 1, gap_extend 1
    });
    // Per-channel gap costs run the Gotoh solver: still exact, the run priced by its events' channels.
    const byChannel = { name: 'nw' as const, by_channel: { [gt[100]!.channel]: { gap_open: 5 } } };
    const r = evaluate(gt, pred, { aligner: byChannel });
    expect(r.aligner.optimal).toBe(true);
    expect(r.aligner.cost).toBeGreaterThan(0);
    expect(evaluate(gt, gt, { aligner: 'nw' }).aligner).toEqual({
      name: 'nw',
      optimal: true,
      cost: 0,
    });
  });

  it('aligners without a cost model report null', () => {
    const gt = trace(50, 4);
    expect(evaluate(gt, gt, { aligner: 'difflib' }).aligner).toEqual({
      name: 'difflib',
      optimal: null,
      cost: null,
    });
  });

  it('an unrelated pair too large to prove: bounded, said in the text, the message and the run report', () => {
    const r = evaluate(trace(3000, 5), trace(3000, 6));
    expect(r.aligner.name).toBe('behavior');
    expect(r.aligner.optimal).toBe(false);
    expect(r.aligner.cost).toBeGreaterThan(0);
    expect(formatTextReport(r)).toContain(`Aligner:    behavior ${BOUNDED_ALIGNMENT_NOTE}`);
    expect(verdictText(r, RULE)).toContain(BOUNDED_ALIGNMENT_NOTE);
    const record = buildRecord(r, info);
    expect(record.bounded_alignment).toBe(true);
    const input = scenario();
    const [first, ...rest] = input.tests;
    const report = buildRunReport({
      ...input,
      tests: [
        {
          ...first!,
          records: [...first!.records, rec('src/a.test.ts', 'A one', { bounded_alignment: true })],
        },
        ...rest,
      ],
    });
    expect(report.summary.records.bounded_alignment).toBe(1);
    expect(buildRunReport(scenario()).summary.records).not.toHaveProperty('bounded_alignment');
  });
});
