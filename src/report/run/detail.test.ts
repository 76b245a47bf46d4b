import { describe, expect, it } from 'vitest';
import { evaluate } from '../../evaluate/evaluate.js';
import {
  buildCheckDetail,
  CheckDetailSchema,
  continuousSeries,
  DETAIL_ALL_ROWS,
  DETAIL_MAX_ROWS,
  DETAIL_VALUE_CHARS,
  subsample,
  timeUnitOf,
} from './detail.js';
import { evaluateRenamed, RENAMED_GT, RENAMED_PRED } from '../unmeasured.test-helpers.js';

const ev = (channel: string, timestamp: number, value: unknown) => ({ channel, timestamp, value });

/** A 10-point scan: move, then acquire, per point. */
function scan(points: number, skip = -1) {
  const out = [];
  for (let i = 0; i < points; i++) {
    out.push(ev('motor:x', i, i * 0.5));
    if (i !== skip) out.push(ev('det:Acquire', i + 0.5, 1));
  }
  return out;
}

describe('time unit of a check', () => {
  it("labels the timing detail with the check's time_unit (seconds by default) and still reads details without one", () => {
    const gt = [ev('a', 0, 1), ev('b', 5, 2)];
    expect(buildCheckDetail(evaluate(gt, gt)).timing.unit).toBe('s');
    const ms = buildCheckDetail(
      evaluate(gt, gt, { time_unit: 'ms' }),
      [],
      timeUnitOf({ time_unit: 'ms' }),
    );
    expect(ms.timing.unit).toBe('ms');
    expect(CheckDetailSchema.parse(ms)).toEqual(ms);
    const { unit: _unit, ...old } = ms.timing;
    expect(CheckDetailSchema.parse({ ...ms, timing: old }).timing.unit).toBeUndefined();
  });

  it('timeUnitOf reads a valid time_unit and falls back to seconds', () => {
    expect(timeUnitOf({ time_unit: 'ns' })).toBe('ns');
    expect(timeUnitOf({ time_unit: 'fortnights' })).toBe('s');
    expect(timeUnitOf(undefined)).toBe('s');
    expect(timeUnitOf(null)).toBe('s');
  });
});

describe('buildCheckDetail', () => {
  it('keeps every row of a short alignment and counts the differing ones', () => {
    const gt = [ev('a', 0, 1), ev('b', 1, 'x'), ev('c', 2, 3)];
    const pred = [ev('a', 0, 1), ev('b', 1.1, 'y')];
    const d = buildCheckDetail(evaluate(gt, pred));
    expect(CheckDetailSchema.parse(d)).toEqual(d);
    expect(d.rows).toMatchObject({ total: 3, differing: 2, cut: 0 });
    expect(d.rows.items.map((r) => r.match)).toEqual([true, false, null]);
    expect(d.rows.items[1]).toEqual({
      index: 2,
      gt: { channel: 'b', t: 1, value: '"x"' },
      pred: { channel: 'b', t: 1.1, value: '"y"' },
      match: false,
    });
    expect(d.rows.items[2]!.pred).toBeNull();
    // One matched pair: the timing plot has one point at the origin.
    expect(d.timing.points).toEqual([[0, 0]]);
    expect(d.timing.total).toBe(1);
    expect(d.aggregation.weights).toEqual({ discrete: 0.8, timing: 0.2 });
    expect(d.aggregation.contributions!['_sum']).toBeCloseTo(evaluate(gt, pred).full_score, 12);
  });

  it('timing points are matched timestamps relative to the first matched pair', () => {
    const gt = scan(4);
    const pred = scan(4).map((e) => ({ ...e, timestamp: 10 + e.timestamp * 2 }));
    const d = buildCheckDetail(evaluate(gt, pred));
    expect(d.timing.points).toHaveLength(8);
    for (const [x, y] of d.timing.points) expect(y).toBeCloseTo(2 * x, 12);
    expect(d.timing.slope).toBeCloseTo(2, 9);
  });

  it('a long alignment keeps the differing rows with one row of context, and says how many were cut', () => {
    const gt = scan(150);
    const pred = scan(150, 75); // one acquire missing in the middle
    const r = evaluate(gt, pred, { aligner: 'nw' });
    expect(r.alignment_rows.length).toBeGreaterThan(DETAIL_MAX_ROWS);
    const d = buildCheckDetail(r);
    const differing = r.alignment_rows.filter((x) => x.match !== true).length;
    expect(d.rows.differing).toBe(differing);
    expect(d.rows.items.length).toBeLessThanOrEqual(DETAIL_MAX_ROWS);
    expect(d.rows.items.filter((x) => x.match !== true)).toHaveLength(differing);
    expect(d.rows.cut).toBe(r.alignment_rows.length - d.rows.items.length);
    const idx = d.rows.items.map((x) => x.index);
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
    // The dropped acquire and its neighbours only.
    expect(d.rows.items).toHaveLength(3);
  });

  it('a long alignment that matches everywhere keeps no rows and says how many matched', () => {
    const r = evaluate(scan(30), scan(30));
    expect(r.alignment_rows.length).toBeGreaterThan(DETAIL_ALL_ROWS);
    expect(buildCheckDetail(r).rows).toEqual({ total: 60, differing: 0, cut: 60, items: [] });
  });

  it('renders values as capped display text, never as live objects', () => {
    const big = 'z'.repeat(5000);
    const d = buildCheckDetail(evaluate([ev('s', 0, { q: big })], [ev('s', 0, { q: 'other' })]));
    const v = d.rows.items[0]!.gt!.value;
    expect(typeof v).toBe('string');
    expect(v.length).toBeLessThan(2100);
    expect(v.endsWith('…')).toBe(true);
  });
});

describe('continuousSeries', () => {
  it('extracts the aliased, time-sorted numeric profile of each configured channel in config order', () => {
    const gt = [ev('T', 2, 30), ev('temp', 1, 20), ev('x', 0, 1), ev('p', 0, 5)];
    const pred = [ev('temp', 1, 21), ev('temp', 3, true)];
    const s = continuousSeries(gt, pred, {
      aliases: { T: 'temp' },
      continuous_channels: { temp: {}, p: {} },
    });
    expect(s).toEqual([
      { channel: 'temp', gt: [20, 30], pred: [21, 1] },
      { channel: 'p', gt: [5], pred: [] },
    ]);
    expect(continuousSeries(gt, pred, {})).toEqual([]);
  });

  it('reaches the detail with the channel score', () => {
    const gt = [ev('temp', 0, 20), ev('temp', 1, 25)];
    const pred = [ev('temp', 0, 20), ev('temp', 1, 24)];
    const opts = { continuous_channels: { temp: {} } };
    const d = buildCheckDetail(evaluate(gt, pred, opts), continuousSeries(gt, pred, opts));
    expect(d.continuous).toHaveLength(1);
    expect(d.continuous[0]).toMatchObject({ channel: 'temp', gt: [20, 25], pred: [20, 24] });
    expect(d.continuous[0]!.score).toBeGreaterThan(0.9);
  });
});

describe('subsample', () => {
  it('keeps first and last, evenly spaced, and leaves short lists alone', () => {
    expect(subsample([1, 2, 3], 5)).toEqual([1, 2, 3]);
    const xs = Array.from({ length: 101 }, (_, i) => i);
    expect(subsample(xs, 5)).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('values matched only within tolerance', () => {
  it('carries the ≈ marker (Δ, tol) on the row and the count, also in a long alignment', () => {
    const energies = (off: number) =>
      Array.from({ length: 100 }, (_, i) => ev('mono:energy', i, 8990 + i + (i === 70 ? off : 0)));
    const d = buildCheckDetail(evaluate(energies(0), energies(5)));
    expect(CheckDetailSchema.parse(d)).toEqual(d);
    expect(d.rows.differing).toBe(0);
    expect(d.rows.within_tolerance).toBe(1);
    const row = d.rows.items.find((r) => r.index === 71);
    expect(row?.match).toBe(true);
    expect(row?.approx?.delta).toBe(5);
    expect(row?.approx?.tol).toBeCloseTo(9.065, 9);
    expect(d.rows.items.filter((r) => r.approx !== undefined)).toHaveLength(1);
    // Without such values the field stays absent (reports before it existed look the same).
    expect(buildCheckDetail(evaluate(energies(0), energies(0))).rows.within_tolerance).toBe(
      undefined,
    );
  });
});

describe('buildCheckDetail of a continuous channel that was not measured', () => {
  const options = { continuous_channels: { 'stage:temp': {} } };
  const series = continuousSeries(RENAMED_GT, RENAMED_PRED, options);

  it('default mode: the profile says why beside its stand-in score', () => {
    const d = buildCheckDetail(evaluateRenamed('default'), series);
    expect(d.continuous).toEqual([
      { channel: 'stage:temp', gt: [20, 21], pred: [], score: 0, not_measured: 'one empty' },
    ]);
    expect(CheckDetailSchema.safeParse(d).success).toBe(true);
  });

  it('reference mode: the score only', () => {
    const d = buildCheckDetail(evaluateRenamed('reference'), series);
    expect(d.continuous).toEqual([{ channel: 'stage:temp', gt: [20, 21], pred: [], score: 0 }]);
  });
});

describe('a mismatched long value', () => {
  it('keeps the part that differs: both sides cut around their first difference', () => {
    // A joint state of 400 joints whose last position differs: rendered, well past 2000 chars.
    const joints = (last: number) => ({
      name: Array.from({ length: 400 }, (_, i) => `joint_${i}`),
      position: [...Array.from({ length: 399 }, (_, i) => i / 100), last],
    });
    const detail = buildCheckDetail(
      evaluate([ev('/joint_states', 0, joints(0.5))], [ev('/joint_states', 0, joints(0.75))]),
    );
    const row = detail.rows.items[0]!;
    expect(row.match).toBe(false);
    expect(row.gt!.value).toMatch(/0\.5\]\}$/);
    expect(row.pred!.value).toMatch(/0\.75\]\}$/);
    expect([...row.gt!.value].length).toBeLessThanOrEqual(DETAIL_VALUE_CHARS);
    expect([...row.pred!.value].length).toBeLessThanOrEqual(DETAIL_VALUE_CHARS);
    expect(CheckDetailSchema.parse(detail)).toEqual(detail);
  });
});
