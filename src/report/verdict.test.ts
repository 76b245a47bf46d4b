import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate.js';
import { formatTextReport } from './text.js';
import { SCAN_30, evaluateOnlyFirstMove, evaluateRenamed } from './unmeasured.test-helpers.js';
import { failedParts, rowCounts, unitMixUp, verdictSentence, verdictText } from './verdict.js';

const rule = { requireAccuracy: true, minScore: undefined };

describe('the verdict of metrics that were not measured', () => {
  it('default mode: timing and the continuous channel are "not measured", with why', () => {
    const result = evaluateRenamed('default');
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: 3 missing events, 3 extra events (all on MOTOR_X and DET_ACQ, channels not in the golden)',
      'timing not measured (no matching PV/value pairs for timing evaluation)',
      'continuous not measured (stage:temp: one empty)',
    ]);
    expect(verdictSentence(result, rule, false)).toBe(
      'Expected the received trace to behave like the golden trace, but score 0.000, accuracy false: ' +
        'discrete not exact: 3 missing events, 3 extra events (all on MOTOR_X and DET_ACQ, channels not in the golden); ' +
        'timing not measured (no matching PV/value pairs for timing evaluation); ' +
        'continuous not measured (stage:temp: one empty).',
    );
  });

  it('reference mode keeps "failed: <reason>"', () => {
    expect(failedParts(evaluateRenamed('reference'), rule)).toEqual([
      'discrete not exact: 3 mismatches',
      'timing failed: no matching PV/value pairs for timing evaluation',
    ]);
  });
});

describe('the verdict when one pair of a 30-event golden matched (B4)', () => {
  it('default mode: timing not measured (no interval to time), not a perfect 1.000', () => {
    const result = evaluateOnlyFirstMove('default');
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: 29 missing events',
      'timing not measured (only one matched pair: no interval to time)',
    ]);
    expect(verdictText(result, rule)).toMatch(/^score 0\.027, accuracy false: /);
  });

  it('reference mode: timing passes with 1.000, so only discrete is named', () => {
    const result = evaluateOnlyFirstMove('reference');
    expect(failedParts(result, rule)).toEqual(['discrete not exact: 29 missing events']);
    expect(verdictText(result, rule)).toMatch(/^score 0\.227, accuracy false: /);
  });
});

describe('a timing failure that looks like a time-unit mix-up', () => {
  const scanInMs = () => ({
    events: SCAN_30.events.map((e) => ({ ...e, timestamp: e.timestamp * 1000 })),
  });

  it('default mode: names the factor and the likely units', () => {
    const result = evaluate(SCAN_30, scanInMs());
    expect(failedParts(result, rule)).toEqual([
      "timing failed (r² 1.000, slope 1000.000, duration ratio 1000.000, interval error 999.000): predicted times are 1000× the golden's: a time unit mix-up (ms for s?)",
    ]);
  });

  it('reference mode: the measures only', () => {
    expect(failedParts(evaluate(SCAN_30, scanInMs(), { mode: 'reference' }), rule)).toEqual([
      'timing failed (r² 1.000, slope 1000.000, duration ratio 1000.000, interval error 999.000)',
    ]);
  });

  it('needs slope and duration ratio both within 5 % of one factor', () => {
    expect(unitMixUp(1000, 1000)).toMatch(/1000× the golden's: .*\(ms for s\?\)$/);
    expect(unitMixUp(1040, 960)).toMatch(/1000×/);
    expect(unitMixUp(0.001, 0.00102)).toMatch(/1\/1000 of the golden's: .*\(s for ms\?\)$/);
    expect(unitMixUp(59, 61)).toMatch(/60× .*\(s for min\?\)/);
    expect(unitMixUp(1000, 500)).toBeUndefined();
    expect(unitMixUp(1060, 1000)).toBeUndefined();
    expect(unitMixUp(1.1, 1.1)).toBeUndefined();
    expect(unitMixUp(Number.NaN, 1000)).toBeUndefined();
    expect(unitMixUp(undefined, 1000)).toBeUndefined();
  });
});

describe('events out of order', () => {
  // Step 7's detector read and step 8's move swapped in time (the read came late).
  const swapped = () => {
    const events = SCAN_30.events.map((e) => ({ ...e }));
    [events[14]!.timestamp, events[15]!.timestamp] = [events[15]!.timestamp, events[14]!.timestamp];
    return { events };
  };

  it('default mode: a missing and an extra event with the same channel and value are one move', () => {
    const result = evaluate(SCAN_30, swapped());
    expect(rowCounts(result.alignment_rows, true)).toEqual({
      mismatches: 0,
      missing: 1,
      extra: 1,
      moved: 1,
      newChannels: [],
      repeats: 0,
    });
    expect(failedParts(result, rule)).toEqual(['discrete not exact: 1 event out of order']);
  });

  it('a moved event beside a dropped one: each is said', () => {
    const { events } = swapped();
    const result = evaluate(SCAN_30, { events: events.filter((_, i) => i !== 3) });
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: 1 event out of order, 1 missing event',
    ]);
  });

  it('a different value or channel is no move', () => {
    const { events } = swapped();
    const late = events.find((e) => e.timestamp === SCAN_30.events[15]!.timestamp)!;
    late.value = 99;
    expect(failedParts(evaluate(SCAN_30, { events }), rule)).toEqual([
      'discrete not exact: 1 missing event, 1 extra event',
    ]);
    // Renamed channels (evaluateRenamed) stay missing and extra: see the first test above.
  });

  it('reference mode: counts only', () => {
    const result = evaluate(SCAN_30, swapped(), { mode: 'reference', aligner: 'behavior' });
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: 1 missing event, 1 extra event',
    ]);
  });
});

describe('extra events on channels the golden does not have', () => {
  const withHeartbeat = (channels: readonly string[]) => ({
    events: [
      ...SCAN_30.events,
      ...channels.flatMap((channel) =>
        [0, 5, 10].map((t) => ({ channel, timestamp: t + 0.05, value: 1 })),
      ),
    ],
  });

  it('default mode: names the channel', () => {
    expect(failedParts(evaluate(SCAN_30, withHeartbeat(['heartbeat'])), rule)).toEqual([
      'discrete not exact: 3 extra events (all on heartbeat, a channel not in the golden)',
    ]);
    expect(failedParts(evaluate(SCAN_30, withHeartbeat(['hb', 'log\u001b[2J'])), rule)).toEqual([
      'discrete not exact: 6 extra events (all on hb and log\\x1b[2J, channels not in the golden)',
    ]);
  });

  it('not when some extra event is on a golden channel, nor for more than 3 channels', () => {
    const { events } = withHeartbeat(['heartbeat']);
    events.push({ channel: 'motor:x', timestamp: 14.9, value: 7 });
    expect(failedParts(evaluate(SCAN_30, { events }), rule)).toEqual([
      'discrete not exact: 4 extra events',
    ]);
    expect(failedParts(evaluate(SCAN_30, withHeartbeat(['a', 'b', 'c', 'd'])), rule)).toEqual([
      'discrete not exact: 12 extra events',
    ]);
  });

  it('reference mode: counts only', () => {
    const result = evaluate(SCAN_30, withHeartbeat(['heartbeat']), {
      mode: 'reference',
      aligner: 'behavior',
    });
    expect(failedParts(result, rule)).toEqual(['discrete not exact: 3 extra events']);
  });
});

describe('extra events that repeat the event next to them', () => {
  const twice = (i: number) => {
    const e = SCAN_30.events[i]!;
    return { ...e, timestamp: e.timestamp + 0.01 };
  };

  it('default mode: a step done twice is a repeat', () => {
    const events = [...SCAN_30.events];
    events.splice(11, 0, twice(10));
    expect(failedParts(evaluate(SCAN_30, { events }), rule)).toEqual([
      'discrete not exact: 1 extra event (the same event twice in a row)',
    ]);
    // Done just before instead: the row after the extra event holds the same event.
    const early = [...SCAN_30.events];
    early.splice(10, 0, {
      ...SCAN_30.events[10]!,
      timestamp: SCAN_30.events[10]!.timestamp - 0.01,
    });
    expect(failedParts(evaluate(SCAN_30, { events: early }), rule)).toEqual([
      'discrete not exact: 1 extra event (the same event twice in a row)',
    ]);
    const all = SCAN_30.events.flatMap((e, i) => [e, twice(i)]);
    expect(failedParts(evaluate(SCAN_30, { events: all }), rule)).toEqual([
      'discrete not exact: 30 extra events (each the same event twice in a row)',
    ]);
  });

  it('not when some extra event is no repeat', () => {
    const events = [...SCAN_30.events];
    events.splice(11, 0, twice(10));
    events.push({ channel: 'motor:x', timestamp: 20, value: 42 });
    expect(failedParts(evaluate(SCAN_30, { events }), rule)).toEqual([
      'discrete not exact: 2 extra events',
    ]);
  });
});

describe('failedParts counts the rows without building them for good', () => {
  it('leaves a lazy alignment_rows lazy (a long evaluation never keeps every row for a count)', () => {
    // 9,000 rows, one changed value: more than one block of rows.
    const scan = (off: number) =>
      Array.from({ length: 9000 }, (_, i) => ({
        channel: 'x',
        timestamp: i,
        value: i === 4500 ? i + off : i,
      }));
    const r = evaluate(scan(0), scan(7));
    const lazy = () => Object.getOwnPropertyDescriptor(r, 'alignment_rows')?.get !== undefined;
    expect(lazy()).toBe(true);
    expect(failedParts(r, { requireAccuracy: true, minScore: undefined })).toEqual([
      'discrete not exact: 1 mismatch',
    ]);
    expect(formatTextReport(r)).toContain('\nWhy:        discrete not exact: 1 mismatch\n');
    expect(lazy()).toBe(true);
  });
});
