import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { BehaviorAligner } from '../../src/align/behavior-aligner.js';
import { evaluate, formatTextReport } from '../../src/index.js';
import { renderTable, runScenario } from './run.js';
import type { ScenarioOutcome } from './run.js';
import {
  SCENARIOS,
  agentRun,
  drop,
  energyScan,
  irregularLog,
  robotCycle,
  stepScan,
  swap,
} from './scenarios.js';

const TABLE = fileURLToPath(new URL('./TABLE.md', import.meta.url));
const DOC = fileURLToPath(new URL('../../docs/alignment.md', import.meta.url));
const START = '<!-- alignment-scenarios:start -->\n';
const END = '<!-- alignment-scenarios:end -->';

const outcomes: ScenarioOutcome[] = SCENARIOS.map(runScenario);

describe('alignment scenarios', () => {
  it.each(outcomes.map((o) => [o.scenario.name, o] as const))(
    'behavior reports exactly the injected difference: %s',
    (_, o) => {
      const b = o.byAligner['behavior']!;
      expect(b.differing).toEqual(o.expected);
      expect(b.exact).toBe(true);
    },
  );

  it('behavior never reports more differing rows than difflib or nw', () => {
    for (const o of outcomes) {
      const b = o.byAligner['behavior']!.differing.length;
      expect(b, o.scenario.name).toBeLessThanOrEqual(o.byAligner['difflib']!.differing.length);
      expect(b, o.scenario.name).toBeLessThanOrEqual(o.byAligner['nw']!.differing.length);
    }
  });

  it('the table shows the failure it fixes: channel-only difflib slides on a dropped detector stop', () => {
    const o = outcomes.find((x) => x.scenario.name === 'scan 10 pts: a detector stop missing')!;
    expect(o.byAligner['difflib']!.exact).toBe(false);
    expect(o.byAligner['difflib']!.differing.length).toBeGreaterThan(3);
  });

  it('TABLE.md and the docs/alignment.md copy are up to date (UPDATE_SCENARIOS=1 rewrites both)', () => {
    const table = renderTable(outcomes);
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END, start);
    expect(start, 'docs/alignment.md lacks the alignment-scenarios markers').toBeGreaterThanOrEqual(
      0,
    );
    expect(end).toBeGreaterThan(start);
    if (process.env['UPDATE_SCENARIOS'] === '1') {
      writeFileSync(TABLE, table);
      writeFileSync(DOC, doc.slice(0, start + START.length) + table + doc.slice(end));
    }
    expect(readFileSync(TABLE, 'utf8')).toBe(table);
    const now = readFileSync(DOC, 'utf8');
    expect(now.slice(now.indexOf(START) + START.length, now.indexOf(END))).toBe(table);
  });
});

describe('scenario generators and edits', () => {
  it('generate sorted traces of the stated sizes', () => {
    for (const t of [stepScan(10), robotCycle(25), irregularLog(40), agentRun()]) {
      expect(t.every((e, i) => i === 0 || t[i - 1]!.timestamp < e.timestamp)).toBe(true);
    }
    expect(stepScan(10)).toHaveLength(40);
    expect(robotCycle(25)).toHaveLength(100);
  });

  it('the irregular log never repeats a channel twice in a row (so a swap moves one event)', () => {
    const log = irregularLog(40);
    expect(log.every((e, i) => i === 0 || log[i - 1]!.channel !== e.channel)).toBe(true);
  });

  it('edits keep the surviving events and their timestamps', () => {
    const gt = robotCycle(2);
    expect(drop(-1).apply(gt)).toEqual(gt.slice(0, -1));
    const swapped = swap(0).apply(gt);
    expect(swapped.map((e) => e.timestamp)).toEqual(gt.map((e) => e.timestamp));
    expect(swapped.slice(0, 2).map((e) => e.channel)).toEqual([gt[1]!.channel, gt[0]!.channel]);
  });
});

describe('behavior asks the configured comparators', () => {
  // A scan whose positions carry read-back noise: within tolerance they match, so only the
  // dropped detector stop differs; with exact comparison every noisy position differs too.
  const gt = stepScan(10);
  const noisy = gt.map((e) =>
    e.channel === 'sample:x' ? { ...e, value: (e.value as number) + 0.004 } : e,
  );
  const pred = drop(19).apply(noisy);
  const differing = (opts: Parameters<typeof evaluate>[2]) => {
    const r = evaluate(gt, pred, { ...opts, aligner: new BehaviorAligner() });
    return r.alignment_rows.flatMap((row, k) =>
      row.match === true ? [] : [r.alignment_index[k]!],
    );
  };

  it('within the channel tolerance a noisy value pairs as matching', () => {
    expect(
      differing({
        comparators: {
          by_channel: { 'sample:x': { type: 'numeric_tolerance', tol: 0, abs_tol: 0.01 } },
        },
      }),
    ).toEqual([[19, null]]);
  });

  it('with exact comparison the same pairs are value mismatches, still on their own rows', () => {
    const rows = differing({ comparators: { by_channel: { 'sample:x': { type: 'exact' } } } });
    expect(rows).toContainEqual([19, null]);
    // Ten noisy positions, each on its own row (never a gap pair), plus the drop.
    expect(rows).toHaveLength(11);
    expect(rows.filter(([g, p]) => g !== null && p !== null)).toHaveLength(10);
  });
});

describe('within tolerance, exact pairs first (energy scan, a read logged before its move)', () => {
  // 8000, 8001, … eV match their neighbours within the default rel 1e-3: both kinds of match cost
  // 0, and the engines' tie rule used to pair the next move with this one's value (8013 ≈ 8012):
  // "1 missing event, 1 extra event". The exact-pairs pass (src/align/exact-pairs.ts) reads it as
  // a person would, as exact values do. Before it, with the default tolerance:
  //   Why:        discrete not exact: 1 missing event, 1 extra event
  //    25 | mono:energy | 24.000 | 8012     | —           |      — | —        |   ·
  //    27 | mono:energy | 26.000 | 8013     | mono:energy | 25.000 | 8012     |   ≈
  //    28 | —           |      — | —        | mono:energy | 26.000 | 8013     |   ·
  //   Tolerance: 1 value matched only within tolerance (≈)
  //     ≈ row 27 mono:energy: 8013 | 8012 (Δ 1, tol 8.013)
  const gt = energyScan(30);
  const pred = swap(24).apply(gt);
  const EXACT = {
    comparators: { default: { type: 'numeric_tolerance' as const, tol: 0, abs_tol: 0 } },
  };
  /** The verdict line, the rows that are not an exact match, and the tolerance section. */
  const told = (opts: Parameters<typeof evaluate>[2]) => {
    const text = formatTextReport(evaluate(gt, pred, opts), { colors: false });
    return text
      .split('\n')
      .filter((l) => /^Why:|(·|≈|✗) *$|^Tolerance:|^ +≈ row/.test(l))
      .join('\n');
  };

  it('default tolerance: one event out of order, every other row exact', () => {
    expect(told({})).toMatchInlineSnapshot(`
      "Why:        discrete not exact: 1 event out of order
       25 | mono:energy | 24.000 | 8012     | —           |      — | —        |   ·  
       27 | —           |      — | —        | mono:energy | 25.000 | 8012     |   ·  "
    `);
  });

  it('exact values: the same verdict and rows', () => {
    expect(told(EXACT)).toBe(told({}));
    const r = evaluate(gt, pred);
    expect(r.tolerance?.within).toBe(0);
    // The score is that of exact values: the same matches and gaps.
    expect(r.full_score).toBe(evaluate(gt, pred, EXACT).full_score);
  });
});
