import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBestOf } from '../evaluate/evaluate.js';
import { formatTextReport } from '../report/text.js';

const ev = (channel: string, timestamp: number, value: unknown) => ({ channel, timestamp, value });
/** A beamline energy scan: 20 energies, one per second. */
const energies = (shift: (i: number) => number = () => 0) =>
  Array.from({ length: 20 }, (_, i) => ev('mono:energy', i, 8990 + 10 * i + shift(i)));

describe('toleranceSummary (through evaluate)', () => {
  it('marks a value matched only within tolerance with its Δ and the bound that absorbed it', () => {
    const r = evaluate(
      energies(),
      energies((i) => (i === 0 ? 5 : 0)),
    );
    expect(r.full_score).toBe(1); // scores do not change: the tolerance still absorbs it
    expect(r.tolerance?.rows).toEqual([
      {
        index: 1,
        channel: 'mono:energy',
        delta: 5,
        rel_delta: 5 / 8995,
        tol: expect.closeTo(8.995, 12) as number,
      },
    ]);
    expect(r.tolerance?.within).toBe(1);
    expect(r.tolerance?.channels).toEqual([
      {
        channel: 'mono:energy',
        comparator: 'numeric_tolerance',
        source: 'built-in',
        rel_tol: 1e-3,
        abs_tol: 0,
        within: 1,
        beyond: 0,
        max_abs_delta: 5,
        max_rel_delta: 5 / 8995,
      },
    ]);
  });

  it('counts numbers beyond the tolerance and names where the comparator came from', () => {
    const r = evaluate(
      energies(),
      energies((i) => (i === 1 ? 0.5 : i === 2 ? 50 : 0)),
      { comparators: { by_channel: { 'mono:energy': { type: 'numeric_tolerance', abs_tol: 1 } } } },
    );
    const [ch] = r.tolerance!.channels;
    expect(ch).toMatchObject({ source: 'channel', abs_tol: 1, within: 1, beyond: 1 });
    expect(r.tolerance!.rows.map((u) => [u.index, u.delta])).toEqual([[2, 0.5]]);
    const d = evaluate(
      energies(),
      energies((i) => (i === 2 ? 50 : 0)),
      {
        comparators: { default: { type: 'numeric_tolerance', tol: 0.01 } },
      },
    );
    expect(d.tolerance!.channels[0]).toMatchObject({ source: 'default', rel_tol: 0.01, within: 1 });
  });

  it('walks structured values for their largest differing number; exact comparators have none', () => {
    const gt = [ev('tool', 0, { args: [1, 2], result: { t: 60 } })];
    const pred = [ev('tool', 0, { args: [1, 2], result: { t: 60.02 } })];
    const r = evaluate(gt, pred, { comparators: { default: { type: 'deep', tol: 0.001 } } });
    expect(r.accuracy).toBe(true);
    expect(r.tolerance!.rows).toHaveLength(1);
    expect(r.tolerance!.rows[0]!.delta).toBeCloseTo(0.02, 12);
    const exact = evaluate(energies(), energies(), { comparators: { default: { type: 'exact' } } });
    expect(exact.tolerance).toEqual({ within: 0, rows: [], channels: [] });
  });

  it('is not part of the reference report shape (not enumerable) and survives best-of', () => {
    const r = evaluate(
      energies(),
      energies((i) => (i === 0 ? 5 : 0)),
    );
    expect(Object.keys(r)).not.toContain('tolerance');
    expect(JSON.stringify(r)).not.toContain('"tolerance"');
    const best = evaluateBestOf(
      [energies((i) => i), energies()],
      energies((i) => (i === 0 ? 5 : 0)),
    );
    expect(best.best_index).toBe(1);
    expect(best.tolerance?.within).toBe(1);
  });
});

describe('text report', () => {
  it('marks the row ≈ and lists the Δ, the tolerance and the default in force (default mode)', () => {
    const r = evaluate(
      energies(),
      energies((i) => (i === 0 ? 5 : 0)),
    );
    const text = formatTextReport(r, { width: 100 });
    expect(text).toMatch(/^ {2}1 \| mono:energy .* \| {3}≈ {2}$/m);
    expect(text).toContain('Tolerance: 1 value matched only within tolerance (≈)');
    expect(text).toContain('  · mono:energy: built-in default numeric_tolerance, rel 0.001');
    expect(text).toContain('    1 value matched only within tolerance, max Δ 5 (rel 5.559e-4)');
    expect(text).toContain('  ≈ row 1 mono:energy: 8990 | 8995 (Δ 5, tol 8.995)');
  });

  it('keeps the reference layout in reference mode', () => {
    const r = evaluate(
      energies(),
      energies((i) => (i === 0 ? 5 : 0)),
      { mode: 'reference' },
    );
    const text = formatTextReport(r);
    expect(text).not.toContain('≈');
    expect(text).not.toContain('Tolerance:');
  });
});
