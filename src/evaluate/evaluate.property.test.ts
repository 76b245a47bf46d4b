import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DifflibAligner } from '../align/difflib.js';
import { internKeys } from '../align/index.js';
import { NeedlemanWunschAligner } from '../align/nw.js';
import type { TraceEvent } from '../trace/types.js';
import { evaluate } from './evaluate.js';

const channel = fc.constantFrom(
  'motor:x',
  'motor:y',
  'det:Acquire',
  'gripper:cmd',
  'log:step',
  'stage:temp',
);
const value = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constantFrom('open', 'close', ''),
  fc.constant(null),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', 'b', '10'), fc.integer(), { maxKeys: 2 }),
);
const event: fc.Arbitrary<TraceEvent> = fc.record({
  channel,
  timestamp: fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e4 }),
  value,
});
const trace = fc.array(event, { maxLength: 40 });
const numericTrace = fc.array(
  fc.record({
    channel,
    timestamp: fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e4 }),
    value: fc.double({ noNaN: true, noDefaultInfinity: true, min: -100, max: 100 }),
  }),
  { maxLength: 30 },
);

describe('evaluate() invariants (default mode)', () => {
  it('identical traces score 1 and pass', () => {
    fc.assert(
      fc.property(trace, (events) => {
        const r = evaluate(events, events);
        expect(r.full_score).toBe(1);
        expect(r.accuracy).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('identical traces score 1 and pass with continuous channels and the nw aligner', () => {
    fc.assert(
      fc.property(
        numericTrace,
        fc.constantFrom<'difflib' | 'nw'>('difflib', 'nw'),
        (events, aligner) => {
          const r = evaluate(events, events, {
            aligner,
            continuous_channels: { 'stage:temp': {} },
          });
          expect(r.full_score).toBe(1);
          expect(r.accuracy).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('with default weights every score is in [0, 1]', () => {
    fc.assert(
      fc.property(trace, trace, fc.boolean(), (gt, pred, cont) => {
        const numeric = (t: TraceEvent[]) =>
          t.map((e) =>
            e.channel === 'stage:temp'
              ? { ...e, value: typeof e.value === 'number' ? e.value : 0 }
              : e,
          );
        const r = evaluate(
          numeric(gt),
          numeric(pred),
          cont ? { continuous_channels: { 'stage:temp': {} } } : {},
        );
        expect(r.full_score).toBeGreaterThanOrEqual(0);
        expect(r.full_score).toBeLessThanOrEqual(1);
        for (const m of Object.values(r.metrics)) {
          expect(m.score).toBeGreaterThanOrEqual(0);
          expect(m.score).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every event appears exactly once, in order, in the alignment', () => {
    fc.assert(
      fc.property(
        trace,
        trace,
        fc.constantFrom<'difflib' | 'nw'>('difflib', 'nw'),
        (gt, pred, aligner) => {
          const r = evaluate(gt, pred, { aligner });
          const gi = r.alignment_index.map((p) => p[0]).filter((i): i is number => i !== null);
          const pi = r.alignment_index.map((p) => p[1]).filter((i): i is number => i !== null);
          expect([...gi].sort((a, b) => a - b)).toEqual(gt.map((_, i) => i));
          expect([...pi].sort((a, b) => a - b)).toEqual(pred.map((_, i) => i));
          // In time order: the paired events' timestamps never decrease on either side.
          const ts = (side: 0 | 1) =>
            r.alignment
              .map((p) => p[side])
              .filter((e) => e !== null)
              .map((e) => e[1]);
          for (const s of [ts(0), ts(1)])
            for (let k = 1; k < s.length; k++) expect(s[k]!).toBeGreaterThanOrEqual(s[k - 1]!);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('difflib and nw agree on identical key sequences', () => {
    fc.assert(
      fc.property(fc.array(channel, { maxLength: 60 }), (chs) => {
        const k = internKeys(chs, chs);
        const ctx = { channelNames: k.channelNames };
        const a = new DifflibAligner().align(k.gt, k.pred, ctx);
        const b = new NeedlemanWunschAligner().align(k.gt, k.pred, ctx);
        expect(b).toEqual(a);
        expect(a.every((p) => p.tag === 'equal' && p.gt === p.pred)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('input already in time order (not copied) scores like the same events given shuffled', () => {
    const sortByTime = (t: readonly TraceEvent[]) =>
      t.slice().sort((a, b) => a.timestamp - b.timestamp);
    // Latest first, equal times still in input order: the stable time sort gives sortByTime(t) back.
    const latestFirst = (t: readonly TraceEvent[]) =>
      sortByTime(t).sort((a, b) => b.timestamp - a.timestamp);
    fc.assert(
      fc.property(trace, trace, (gt, pred) => {
        const sorted = evaluate(sortByTime(gt), sortByTime(pred), {
          aligner: 'difflib',
          aliases: { 'motor:x': 'motor:y' },
        });
        const shuffled = evaluate(latestFirst(gt), latestFirst(pred), {
          aligner: 'difflib',
          aliases: { 'motor:x': 'motor:y' },
        });
        expect(sorted.full_score).toBe(shuffled.full_score);
        expect(sorted.metrics).toEqual(shuffled.metrics);
        expect(sorted.alignment).toEqual(shuffled.alignment);
        // Positions refer to each call's own input (the sorted input needs no position map).
        const gtIn = sortByTime(gt);
        sorted.alignment_index.forEach(([g], k) => {
          const row = sorted.alignment[k]![0];
          expect(g === null ? null : [gtIn[g]!.timestamp, gtIn[g]!.value]).toEqual(
            row === null ? null : [row[1], row[2]],
          );
        });
      }),
      { numRuns: 300 },
    );
  });
});
