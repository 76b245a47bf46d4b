import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate.js';
import { formatTextReport } from './text.js';
import { SCAN_30, evaluateOnlyFirstMove, evaluateRenamed } from './unmeasured.test-helpers.js';
import { ABS_2, ENERGY_SCAN, evaluateNearMiss, shiftedScan } from './values-off.test-helpers.js';
import {
  CAUSE_CAP,
  continuousFailures,
  failedParts,
  rowCounts,
  unitMixUp,
  valuesOffText,
  verdictSentence,
  verdictText,
} from './verdict.js';
import type { AlignmentRow } from '../evaluate/types.js';
import { robotRun } from './ros-run.test-helpers.js';

const rule = { requireAccuracy: true, minScore: undefined };
const ev = (channel: string, timestamp: number) => ({ channel, timestamp, value: channel });

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

  it('says how many intervals zero in the golden the interval error left out (B11)', () => {
    // A golden logged in whole seconds (two events each second); the prediction runs twice as slow.
    const secs = [0, 1, 2, 3];
    const gt = { events: secs.flatMap((t) => [ev('a', t), ev('b', t)]) };
    const pred = { events: secs.flatMap((t) => [ev('a', 2 * t), ev('b', 2 * t + 0.5)]) };
    // By hand: Sxx 10, Sxy 20, Syy 40.5 → slope 2, r² 400/405; duration 6.5/3; the 3 non-zero
    // golden intervals of 1 s took 1.5 s → 0.5.
    expect(failedParts(evaluate(gt, pred), rule)).toEqual([
      'timing failed (r² 0.988, slope 2.000, duration ratio 2.167, interval error 0.500 (4 intervals zero in the golden left out))',
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

describe('a topic that publishes late (a ROS 2 bag)', () => {
  // Each /status ("ok") 15 ms late, so after the /joint_states message it preceded: every status
  // is there, on time but for the delay. An alignment keeps each side's order, so per step either
  // the status or the joint state pairs; the other is a missing and an extra event.
  it('the late status is the moved event, with its delay; the on-time topics pair', async () => {
    const gt = await robotRun();
    const result = evaluate(gt, await robotRun({ statusLateNs: 15_000_000n }));
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: 40 events out of order (all on /status, each 15 ms late)',
    ]);
    const rows = result.alignment_rows;
    const paired = rows.filter((r) => r.gt && r.pred);
    // Before: each status paired with the next step's (85 ms apart), every command but the first
    // missing and extra, and the timing fit failed on those pairs (interval error 8.8).
    expect(new Set(paired.map((r) => r.gt!.channel))).toEqual(
      new Set(['/cmd_speed', '/joint_states']),
    );
    expect(paired.every((r) => r.gt!.timestamp === r.pred!.timestamp)).toBe(true);
    expect(result.metrics['timing']!.binary_pass).toBe(true);
    expect(
      rows.filter((r) => !(r.gt && r.pred)).every((r) => (r.gt ?? r.pred)!.channel === '/status'),
    ).toBe(true);
  });

  it('a prediction ahead of the golden: early (a single move, above, names no delay)', async () => {
    const gt = await robotRun();
    const early = evaluate(await robotRun({ statusLateNs: 15_000_000n }), gt);
    expect(failedParts(early, rule)).toEqual([
      'discrete not exact: 40 events out of order (all on /status, each 15 ms early)',
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
    // 4507 for 4500 under the default relative 1e-3 (bound 4.507): a near miss, so named.
    const why =
      'discrete not exact: every event present and in order, 1 value off (on x, Δ 7, tolerance rel 0.001: just beyond it, by 2.493) at row 4501';
    expect(failedParts(r, { requireAccuracy: true, minScore: undefined })).toEqual([why]);
    expect(formatTextReport(r)).toContain(`\nWhy:        ${why}\n`);
    expect(lazy()).toBe(true);
  });
});

describe('values off on aligned pairs of one channel', () => {
  const evalShift = (shift: (i: number) => number, options = ABS_2) =>
    evaluate(ENERGY_SCAN, shiftedScan(shift), options);

  it('every energy 2.1 off with abs 2: all there, in order, each just beyond, not "30 mismatches"', () => {
    const result = evaluateNearMiss();
    expect(result.full_score).toBe(0); // the score is the metrics', unchanged
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 2.1, tolerance abs 2: each just beyond it, the closest by 0.1)',
      'timing not measured (no matching PV/value pairs for timing evaluation)',
    ]);
    // The same score as an empty prediction, which the verdict tells apart.
    const empty = evaluate(ENERGY_SCAN, { events: [] }, ABS_2);
    expect(empty.full_score).toBe(0);
    expect(failedParts(empty, rule)[0]).toBe('discrete not exact: 30 missing events');
  });

  it('names the range of Δ and how many are near misses, the closest first', () => {
    // Every third energy 43 off (far, and no other golden energy), the others 2.5 off (just
    // beyond abs 2, by 0.5).
    const result = evalShift((i) => (i % 3 === 0 ? 43 : 2.5));
    expect(failedParts(result, rule)[0]).toBe(
      'discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 2.5–43, tolerance abs 2: 20 just beyond it, the closest by 0.5)',
    );
    // Far off only (and no other golden energy): the tolerance, no near miss.
    expect(
      failedParts(
        evalShift(() => 55),
        rule,
      )[0],
    ).toBe(
      'discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 55, tolerance abs 2)',
    );
  });

  it('a single value: named when it is a near miss, else quoted with its row and values', () => {
    expect(
      failedParts(
        evalShift((i) => (i === 4 ? 2.1 : 0)),
        rule,
      )[0],
    ).toBe(
      'discrete not exact: every event present and in order, 1 value off (on mono:energy, Δ 2.1, tolerance abs 2: just beyond it, by 0.1) at row 5',
    );
    expect(
      failedParts(
        evalShift((i) => (i === 4 ? 500 : 0)),
        rule,
      )[0],
    ).toBe('discrete not exact: 1 mismatch (row 5 mono:energy: 8540 instead of 8040)');
  });

  it('"every event present and in order" only when nothing else differs', () => {
    const { events } = shiftedScan(() => 2.1);
    const result = evaluate(ENERGY_SCAN, { events: events.slice(0, -1) }, ABS_2);
    expect(failedParts(result, rule)[0]).toBe(
      'discrete not exact: 29 values off (all on mono:energy, Δ 2.1, tolerance abs 2: each just beyond it, the closest by 0.1), 1 missing event',
    );
  });

  it('values that are not numbers: "values differ", one example clipped and escaped', () => {
    const text = (i: number) => `mode \u001b[2J${'x'.repeat(60)}${i}`;
    const golden = { events: ENERGY_SCAN.events.map((e, i) => ({ ...e, value: `mode ${i}` })) };
    const result = evaluate(golden, {
      events: golden.events.map((e, i) => (i < 3 ? { ...e, value: text(i) } : e)),
    });
    expect(failedParts(result, rule)[0]).toBe(
      'discrete not exact: every event present and in order, 3 values differ (all on mono:energy, e.g. "mode \\u001b[2Jxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" instead of "mode 0") at rows 1, 2 and 3',
    );
  });

  it('numbers written as text: the verdict says so, within the tolerance, either way round', () => {
    const asText = evaluate(ENERGY_SCAN, {
      events: ENERGY_SCAN.events.map((e) => ({ ...e, value: String(e.value) })),
    });
    expect(failedParts(asText, rule)[0]).toMatch(
      /^discrete not exact: every event present and in order, \d+ values differ \(all on mono:energy, each the golden's number as text, e\.g\. "\d+" instead of \d+\)$/,
    );
    const rows: AlignmentRow[] = [
      {
        index: 1,
        gt: side('a', 0, '7000.0'),
        pred: side('a', 0, 7000.5),
        match: false,
        ignored: false,
      },
      { index: 2, gt: side('a', 1, 'on'), pred: side('a', 1, 1), match: false, ignored: false },
      { index: 3, gt: side('a', 2, ' 12 '), pred: side('a', 2, 99), match: false, ignored: false },
    ];
    // 7000.5 is "7000.0" within abs 1; 99 is not " 12 ", and "on" spells no number.
    expect(valuesOffText(rowCounts(rows, true, () => RULE_ABS_1).valuesOff!)).toBe(
      '3 values differ (all on a, 1 of them the golden\'s text as a number, e.g. 7000.5 instead of "7000.0")',
    );
    expect(valuesOffText(rowCounts(rows.slice(0, 1), true, () => RULE_ABS_1).valuesOff!)).toBe(
      '1 value differs (on a, the golden\'s text as a number, e.g. 7000.5 instead of "7000.0")',
    );
  });

  it('numbers and other values together, on several channels, and channel mismatches apart', () => {
    const rows: AlignmentRow[] = [
      { index: 1, gt: side('a', 0, 1), pred: side('a', 0, 1.5), match: false, ignored: false },
      { index: 2, gt: side('b', 1, 'on'), pred: side('b', 1, 'off'), match: false, ignored: false },
      { index: 3, gt: side('c', 2, 10), pred: side('c', 2, 30), match: false, ignored: false },
      { index: 4, gt: side('d', 3, 0), pred: side('e', 3, 0), match: false, ignored: false },
    ];
    const counts = rowCounts(rows, true, (ch) => (ch === 'd' ? undefined : RULE_ABS_1));
    expect(counts.valuesOff).toMatchObject({ count: 3, numbers: 2, nearMisses: 0 });
    expect(valuesOffText(counts.valuesOff!)).toBe(
      '3 values off (on a, b and c; 2 numbers, Δ 0.5–20, tolerance abs 1; 1 other value, e.g. "off" instead of "on")',
    );
    // Different tolerances: none quoted; a near miss is then beyond "its tolerance".
    const mixed = rowCounts(rows, true, (ch) =>
      ch === 'a' ? RULE_ABS_1 : { rel_tol: 0, abs_tol: 15 },
    );
    expect(valuesOffText(mixed.valuesOff!)).toBe(
      '3 values off (on a, b and c; 2 numbers, Δ 0.5–20: 1 just beyond its tolerance, the closest by 5; 1 other value, e.g. "off" instead of "on")',
    );
    // Four channels and more are counted, not named.
    const many = ['p', 'q', 'r', 's'].map((ch, i): AlignmentRow => ({
      index: i + 1,
      gt: side(ch, i, 1),
      pred: side(ch, i, 2),
      match: false,
      ignored: false,
    }));
    expect(valuesOffText(rowCounts(many, true).valuesOff!)).toBe(
      '4 values off (on 4 channels, Δ 1)',
    );
  });

  it('in a verdict, the channel mismatches are counted apart', () => {
    const golden = { events: [side('a', 0, 1), side('a', 1, 2), side('b', 2, 3)] };
    const pred = { events: [side('a', 0, 1.5), side('a', 1, 2.5), side('c', 2, 3)] };
    expect(failedParts(evaluate(golden, pred, { aligner: 'difflib' }), rule)[0]).toBe(
      'discrete not exact: 2 values off (all on a, Δ 0.5, tolerance rel 0.001) at rows 1 and 2, 1 channel mismatch (row 3: c 3 instead of b 3)',
    );
  });

  it('a result read back from JSON has no tolerance summary: the Δ without the tolerance', () => {
    const read = JSON.parse(JSON.stringify(evaluateNearMiss())) as ReturnType<typeof evaluate>;
    expect(read.tolerance).toBeUndefined();
    expect(failedParts(read, rule)[0]).toBe(
      'discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 2.1)',
    );
  });

  it('reference mode: counts only', () => {
    expect(failedParts(evaluateNearMiss('reference'), rule)).toEqual([
      'discrete not exact: 30 mismatches',
      'timing failed: no matching PV/value pairs for timing evaluation',
    ]);
  });

  it('is bounded: past CAUSE_CAP values off no value is read and none is named', () => {
    // Rows whose values count their reads: the cause reads each value of a pair once, and
    // no value at all once CAUSE_CAP pairs are off (a plain count carries on).
    let reads = 0;
    const counted = (channel: string, value: unknown) => ({
      channel,
      timestamp: 0,
      get value() {
        reads++;
        return value;
      },
    });
    function* offRows(n: number): Generator<AlignmentRow> {
      for (let k = 0; k < n; k++)
        yield {
          index: k + 1,
          gt: counted('x', 'on'),
          pred: counted('x', 'off'),
          match: false,
          ignored: false,
        };
    }
    const atCap = rowCounts(offRows(CAUSE_CAP), true);
    expect(atCap.valuesOff?.count).toBe(CAUSE_CAP);
    expect(reads).toBe(2 * CAUSE_CAP + 2); // and the first pair's again for its example
    reads = 0;
    const beyond = rowCounts(offRows(5 * CAUSE_CAP), true);
    expect(beyond.mismatches).toBe(5 * CAUSE_CAP);
    expect(beyond.valuesOff).toBeUndefined();
    expect(reads).toBe(2 * CAUSE_CAP + 2);
    // Without causes (reference mode) no value is read.
    reads = 0;
    expect(rowCounts(offRows(100)).valuesOff).toBeUndefined();
    expect(reads).toBe(0);
  });
});

/** An event, or an alignment row's side. */
function side(channel: string, timestamp: number, value: unknown) {
  return { channel, timestamp, value };
}

const RULE_ABS_1 = { rel_tol: 0, abs_tol: 1 };

describe('a continuous channel that failed names the measure and its threshold', () => {
  const golden = Array.from({ length: 5 }, (_, i) => [
    { channel: 'x', timestamp: i, value: i },
    { channel: 'ring:current', timestamp: i + 0.5, value: 400 + i },
  ]).flat();
  const ring = (off: (i: number) => number) =>
    golden.map((e, i) => (e.channel === 'ring:current' ? { ...e, value: e.value + off(i) } : e));
  const tight = { continuous_channels: { 'ring:current': { mae_thresh: 1.0, final_thresh: 1.0 } } };

  it('default mode: "mae 3 > 1, final value off by 3 > 1", only the measures over', () => {
    expect(
      failedParts(
        evaluate(
          golden,
          ring(() => 3),
          tight,
        ),
        rule,
      ),
    ).toEqual([
      'continuous failed (score 0.819): ring:current mae 3 > 1, final value off by 3 > 1',
    ]);
    // Off only at the end: the mean stays under its threshold, the final value does not.
    expect(
      failedParts(
        evaluate(
          golden,
          ring((i) => (i === 9 ? 4 : 0)),
          tight,
        ),
        rule,
      ),
    ).toEqual(['continuous failed (score 0.893): ring:current final value off by 4 > 1']);
  });

  it('the text report says it on the channel line; reference mode keeps the reference line', () => {
    expect(
      formatTextReport(
        evaluate(
          golden,
          ring(() => 3),
          tight,
        ),
      ),
    ).toContain(
      '\n  · ring:current: score=0.819, pass=false (mae 3 > 1, final value off by 3 > 1)\n',
    );
    const r = evaluate(
      golden,
      ring(() => 3),
      { ...tight, mode: 'reference' },
    );
    expect(formatTextReport(r)).toContain('\n  · ring:current: score=0.819, pass=False\n');
    // Its details have the measures only, as the reference's.
    const per = r.metrics['continuous']!.details['per_channel'] as Record<
      string,
      { details: unknown }
    >;
    expect(continuousFailures(per['ring:current']!.details)).toEqual([]);
    expect(Object.keys(per['ring:current']!.details as object)).toEqual([
      'mae',
      'final_diff',
      'mae_score',
      'final_score',
      'score',
    ]);
  });
});
