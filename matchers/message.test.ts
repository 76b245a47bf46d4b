import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBestOf } from '../src/index.js';
import {
  MAX_ROWS,
  MAX_VALUE_DIFFS,
  alignmentSection,
  bestOfLine,
  differingRowsBrief,
  escapeValueForDiff,
  failedParts,
  failureMessage,
  rowCounts,
  sideText,
  timingSection,
  type PassRule,
} from './message.js';
import {
  evaluateHalfMeasured,
  evaluateOnlyFirstMove,
  evaluateRenamed,
} from '../src/report/unmeasured.test-helpers.js';
import { evaluateNearMiss } from '../src/report/values-off.test-helpers.js';
import { realUtils, scan, stripAnsi, taggedUtils } from './testing.js';

const rule: PassRule = { requireAccuracy: true, minScore: undefined };

describe('failedParts', () => {
  it('names the failed decision parts with counts from the alignment', () => {
    // position 3 instead of 2 (a mismatch) and the last detector-off event missing
    const r = evaluate(scan(), scan([0, 1, 3], { drop: 8 }));
    expect(rowCounts(r.alignment_rows)).toEqual({
      mismatches: 1,
      missing: 1,
      extra: 0,
      moved: 0,
      newChannels: [],
      repeats: 0,
    });
    expect(failedParts(r, rule)).toEqual([
      'discrete not exact: 1 mismatch (row 7 motor:x: 3 instead of 2), 1 missing event',
    ]);
  });

  it('counts extra events', () => {
    const extra = [
      ...scan(),
      { channel: 'det:Acquire', timestamp: 7, value: 1 },
      { channel: 'det:Acquire', timestamp: 7.5, value: 0 },
    ];
    expect(failedParts(evaluate(scan(), extra), rule)).toEqual([
      'discrete not exact: 2 extra events',
    ]);
  });

  it('reports minScore apart from accuracy, and only what the rule requires', () => {
    const r = evaluate(scan(), scan([0, 1, 3]));
    expect(failedParts(r, { requireAccuracy: true, minScore: 0.95 })).toEqual([
      'score 0.911 < minScore 0.950',
      'discrete not exact: 1 mismatch (row 7 motor:x: 3 instead of 2)',
    ]);
    expect(failedParts(r, { requireAccuracy: false, minScore: 0.95 })).toEqual([
      'score 0.911 < minScore 0.950',
    ]);
    expect(failedParts(r, { requireAccuracy: false, minScore: 0.9 })).toEqual([]);
  });

  it('describes a failed timing metric by its numbers', () => {
    // every interval doubled: same values, slope 2
    const slow = scan().map((e) => ({ ...e, timestamp: e.timestamp * 2 }));
    const parts = failedParts(evaluate(scan(), slow), rule);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(
      /^timing failed \(r² 1\.000, slope 2\.000, duration ratio 2\.000, interval error 1\.000\)$/,
    );
  });

  it('passes a jitter-only trace', () => {
    expect(
      failedParts(evaluate(scan(), scan(undefined, { jitter: [0.01, -0.01, 0.02] })), rule),
    ).toEqual([]);
  });
});

describe('alignmentSection', () => {
  it('shows context around the first divergence and caps the rows', () => {
    const positions = Array.from({ length: 30 }, (_, i) => i);
    const changed = positions.map((x) => (x >= 5 ? x + 100 : x));
    const lines = alignmentSection(realUtils, evaluate(scan(positions), scan(changed))).map(
      stripAnsi,
    );
    expect(lines[0]).toMatch(/^Alignment: 25 rows of 90 differ, the first at row 16 /);
    const rows = lines.slice(2).filter((l) => /^ {2}[ ≠+-] {2} *\d+ {2}/.test(l));
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows[0]).toMatch(/^ {5}15 {2}det:Acquire = 0/); // one row of context before
    // 12 rows shown: 2 context rows + 10 of the 25 differing rows
    expect(lines.at(-1)).toBe('  … 15 more differing rows');
  });

  it('colours golden and received sides with the host colours and dims context rows', () => {
    const lines = alignmentSection(taggedUtils, evaluate(scan(), scan([0, 1, 3])));
    const diff = lines.find((l) => l.startsWith('  ≠'));
    expect(diff).toContain('<g>motor:x = 2');
    expect(diff).toContain('<r>motor:x = 3');
    expect(lines.filter((l) => /^<d> {5}\d/.test(l))).toHaveLength(2);
  });

  it('escapes control characters and ANSI sequences from trace values and channels', () => {
    const gt = [{ channel: 'log:msg', timestamp: 0, value: 'ok' }];
    const pred = [{ channel: 'log:msg', timestamp: 0, value: '\u001b[2J\u202e\nx' }];
    const text = failureMessage(realUtils, {
      matcherName: 'toMatchTraceBehavior',
      isNot: false,
      expectedLabel: 'golden',
      result: evaluate(gt, pred),
      rule,
    });
    expect(text).not.toContain('\u001b[2J');
    expect(text).not.toContain('\u202e');
    expect(stripAnsi(text)).toContain('log:msg = "\\u001b[2J\\u202e\\nx"');
    const chan = [{ channel: 'evil\u001b]0;title\u0007', timestamp: 0, value: 1 }];
    expect(
      failureMessage(realUtils, {
        matcherName: 'm',
        isNot: false,
        expectedLabel: 'golden',
        result: evaluate(gt, chan),
        rule,
      }),
    ).not.toContain('\u0007');
  });
});

describe('failureMessage', () => {
  const msg = (
    result: Parameters<typeof failureMessage>[1]['result'],
    isNot = false,
    r = rule,
  ): string =>
    stripAnsi(
      failureMessage(realUtils, {
        matcherName: 'toMatchTraceBehavior',
        isNot,
        expectedLabel: 'golden',
        result,
        rule: r,
      }),
    );

  it('mismatch and missing event', () => {
    expect(msg(evaluate(scan(), scan([0, 1, 3], { drop: 8 })))).toMatchSnapshot();
  });

  it('names a config entry that matched no channel under the verdict (default mode)', () => {
    const options = { comparators: { by_channel: { 'motor:y': { type: 'exact' as const } } } };
    const lines = msg(evaluate(scan(), scan([0, 1, 3]), options)).split('\n');
    expect(lines[3]).toBe(
      'Warning: comparators.by_channel["motor:y"] names no channel of either trace; did you mean "motor:x"?',
    );
    expect(msg(evaluate(scan(), scan([0, 1, 3])))).not.toContain('Warning:');
  });

  it('.not wording', () => {
    expect(
      msg(evaluate(scan(), scan(undefined, { jitter: [0.013, -0.008, 0.011] })), true),
    ).toMatchSnapshot();
  });

  it('a tool call whose arguments differ deep inside: cells cut around the difference, host diff under the row', () => {
    const deep = { comparators: { by_channel: { 'tool:call': { type: 'deep' as const } } } };
    expect(msg(evaluate(toolCall(2024), toolCall(2023), deep))).toMatchSnapshot();
  });

  it('minScore', () => {
    expect(
      msg(evaluate(scan(), scan([0, 1, 3])), false, { requireAccuracy: false, minScore: 0.95 }),
    ).toMatchSnapshot();
  });

  it('one matched pair of a 30-event scan: timing not measured, not 1.000 (B4)', () => {
    expect(msg(evaluateOnlyFirstMove('default'))).toMatchSnapshot();
  });

  it('every value of a scan just beyond its tolerance: the verdict says so, not "30 mismatches"', () => {
    const text = msg(evaluateNearMiss());
    expect(text.split('\n')[2]).toBe(
      'Expected the received trace to behave like the golden trace, but score 0.000, accuracy false: ' +
        'discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 2.1, tolerance abs 2: each just beyond it, the closest by 0.1); ' +
        'timing not measured (no matching PV/value pairs for timing evaluation).',
    );
    expect(text).toMatchSnapshot();
    expect(msg(evaluateNearMiss('reference'))).toContain(
      ', accuracy false: discrete not exact: 30 mismatches; timing failed',
    );
  });

  it('best-of lists every candidate', () => {
    const text = msg(evaluateBestOf([scan([5, 6, 7]), scan([0, 1, 2])], scan([0, 1, 3])));
    // hand: #1 0.8·6/9 + 0.2·1 = 0.733 (three motor values differ), #2 0.8·8/9 + 0.2·1 = 0.911
    expect(text).toContain(
      'Best of 2 goldens: golden #2 of 2 (best_index 1); full scores #1 0.733, #2 0.911',
    );
  });
});

/** A tool call whose arguments differ deep inside, past what a 35-character cell shows. */
function toolCall(
  year: number,
  q = 'cheap flights from Lisbon to Berlin',
): Array<{ channel: string; timestamp: number; value: unknown }> {
  return [
    { channel: 'agent:step', timestamp: 0, value: 'plan' },
    {
      channel: 'tool:call',
      timestamp: 1,
      value: { name: 'search', args: { q, filters: { max_price: 300, year } } },
    },
    { channel: 'agent:step', timestamp: 2, value: 'answer' },
  ];
}

describe('differing values', () => {
  const toolRule: PassRule = { requireAccuracy: true, minScore: undefined };
  const withDeep = { comparators: { by_channel: { 'tool:call': { type: 'deep' as const } } } };

  it('keeps the part that differs in both cells and prints the host diff under the row', () => {
    const lines = alignmentSection(realUtils, evaluate(toolCall(2024), toolCall(2023), withDeep), {
      width: 80,
    }).map(stripAnsi);
    const row = lines.find((l) => l.startsWith('  ≠'));
    expect(row).toBeDefined();
    // both cells cut around the difference: the years are visible, the rows no longer look identical
    expect(row).toMatch(/2024\}\}\}/);
    expect(row).toMatch(/2023\}\}\}/);
    const diff = lines.slice(lines.indexOf(row!) + 1);
    expect(diff.some((l) => /^ {7}- +"year": 2024,?$/.test(l))).toBe(true);
    expect(diff.some((l) => /^ {7}\+ +"year": 2023,?$/.test(l))).toBe(true);
    expect(failedParts(evaluate(toolCall(2024), toolCall(2023), withDeep), toolRule)).toEqual([
      // both values cut around the difference: the years show
      'discrete not exact: 1 mismatch (row 2 tool:call: …rs": {"max_price": 300, "year": 2023}}} instead of …rs": {"max_price": 300, "year": 2024}}})',
    ]);
  });

  it('sizes the columns to the width', () => {
    const r = evaluate(toolCall(2024), toolCall(2023), withDeep);
    const width = (w: number): number =>
      Math.max(
        ...alignmentSection(realUtils, r, { width: w })
          .map((l) => stripAnsi(l))
          .filter((l) => /^ {2}[ ≠+-] {2}\d/.test(l))
          .map((l) => [...l].length),
      );
    expect(width(80)).toBeLessThanOrEqual(80);
    expect(width(140)).toBeLessThanOrEqual(140);
    expect(width(140)).toBeGreaterThan(width(80));
    // wide enough: nothing is cut
    const short = evaluate(toolCall(2024, 'x'), toolCall(2023, 'x'), withDeep);
    const wide = alignmentSection(realUtils, short, { width: 240 })
      .map(stripAnsi)
      .find((l) => l.startsWith('  ≠'));
    expect(wide).not.toContain('…');
  });

  it('caps the value diffs and says how many more rows have one', () => {
    const gt = [0, 1, 2, 3, 4].map((i) => ({
      channel: 'tool:call',
      timestamp: i,
      value: { i, v: 'a' },
    }));
    const pred = gt.map((e) => ({ ...e, value: { i: e.value.i, v: 'b' } }));
    const lines = alignmentSection(
      realUtils,
      evaluate(gt, pred, { comparators: { default: { type: 'deep' } } }),
    ).map(stripAnsi);
    expect(lines.filter((l) => /^ {7}\+ +"v": "b",?$/.test(l))).toHaveLength(MAX_VALUE_DIFFS);
    expect(lines.at(-1)).toBe('  (value diffs shown for the first 3 rows; … and 2 more)');
  });

  it('no diff for short scalars the row shows whole, nor without a host diff', () => {
    expect(
      alignmentSection(realUtils, evaluate(scan(), scan([0, 1, 3])))
        .map(stripAnsi)
        .some((l) => l.startsWith('       ')),
    ).toBe(false);
    const { diff: _omit, ...noDiff } = realUtils;
    expect(
      alignmentSection(noDiff, evaluate(toolCall(2024), toolCall(2023), withDeep)).some((l) =>
        l.startsWith('       '),
      ),
    ).toBe(false);
  });

  it('escapes strings and keys before the host diff sees them', () => {
    const gt = [{ channel: 'tool:call', timestamp: 0, value: { 'k\u001b[2J': 'ok', s: 'x' } }];
    const pred = [
      { channel: 'tool:call', timestamp: 0, value: { 'k\u001b[2J': '\u001b]0;pwn\u0007', s: 'x' } },
    ];
    const text = alignmentSection(
      realUtils,
      evaluate(gt, pred, { comparators: { default: { type: 'deep' } } }),
    ).join('\n');
    expect(stripAnsi(text)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    // the host prints the escaped text (pretty-format doubles the backslashes)
    expect(stripAnsi(text)).toMatch(/\+ +"k\\+x1b\[2J": "\\+x1b\]0;pwn\\+x07",/);
    expect(escapeValueForDiff(new Map([['a\n', ['b\r']]]))).toEqual(new Map([['a\\n', ['b\\r']]]));
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic['self'] = cyclic;
    const copy = escapeValueForDiff(cyclic) as Record<string, unknown>;
    expect(copy['self']).toBe(copy);
  });

  it('cuts a long channel in the middle only when the value would get too little room', () => {
    const side = { channel: 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr.RBV', timestamp: 0, value: 12.5 };
    expect(sideText(side, 60)).toBe('XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr.RBV = 12.5');
    expect(sideText(side, 24)).toMatch(/^XF:11B[^=]*…[^=]*RBV = /);
    expect(sideText(side, 24)).toMatch(/= 12\.5$/);
  });

  it('lists the first differing rows on one line each for plain-text places', () => {
    const r = evaluate(toolCall(2024), toolCall(2023), withDeep);
    const [line] = differingRowsBrief(r);
    expect(line).toMatch(/^≠ row 2: tool:call = .*2024\}\}\} → tool:call = .*2023\}\}\}$/);
    const many = differingRowsBrief(evaluate(scan([0, 1, 2, 3, 4]), scan([5, 6, 7, 8, 9])), 3);
    expect(many).toHaveLength(4);
    expect(many[3]).toBe('… and 2 more differing rows');
  });
});

describe('time unit and best-of numbering', () => {
  it('labels Δt with the configured unit', () => {
    const r = evaluate(scan(), scan([0, 1, 3]));
    expect(stripAnsi(timingSection(realUtils, r, 'ms')[0] ?? '')).toMatch(
      /^Timing: Δt up to \+0\.000 ms \(mean \+0\.000 ms\)/,
    );
    expect(stripAnsi(alignmentSection(realUtils, r, { timeUnit: 'us' })[1] ?? '')).toMatch(
      /Δt \(us\)$/,
    );
  });

  it('numbers candidates from 1 and names the 0-based best_index of the JSON report', () => {
    expect(bestOfLine(evaluate(scan(), scan()))).toEqual([]);
    const r = evaluateBestOf([scan([5, 6, 7]), scan([0, 1, 2]), scan([0, 1, 9])], scan([0, 1, 2]));
    expect(r.best_index).toBe(1);
    expect(bestOfLine(r)[0]).toMatch(
      /^Best of 3 goldens: golden #2 of 3 \(best_index 1\); full scores #1 0\.\d{3}, #2 1\.000, #3 0\.\d{3}$/,
    );
  });
});

describe('tolerance in the failure message', () => {
  const energy = (shift: (i: number) => number) =>
    Array.from({ length: 20 }, (_, i) => ({
      channel: 'mono:energy',
      timestamp: i,
      value: 8990 + 10 * i + shift(i),
    }));

  it('marks rows matched only within tolerance ≈ with Δ and tol, and names the default in force', () => {
    // Row 1 is 5 eV off (within the default rel 1e-3); row 10 is a real mismatch.
    const r = evaluate(
      energy(() => 0),
      energy((i) => (i === 0 ? 5 : i === 9 ? 100 : 0)),
    );
    const text = stripAnsi(
      failureMessage(realUtils, {
        matcherName: 'toMatchTraceBehavior',
        isNot: false,
        expectedLabel: 'golden',
        result: r,
        rule,
      }),
    );
    expect(text).toContain(
      'Alignment: 1 row of 20 differ, the first at row 10; 1 matched only within tolerance (≈)',
    );
    expect(text).toMatch(
      /^ {2}≈ {3}1 {2}mono:energy = 8990 +mono:energy = 8995 .*\(Δ 5, tol 8\.995\)$/m,
    );
    expect(text).toContain(
      'Tolerance: 1 value matched only within tolerance (≈)\n  mono:energy: built-in default numeric_tolerance, rel 0.001: 1 value matched only within tolerance, max Δ 5 (rel 5.559e-4); 1 number differs beyond it',
    );
  });

  it('shows the ≈ rows even when nothing differs (a failed minScore)', () => {
    const r = evaluate(
      energy(() => 0),
      energy((i) => (i === 0 ? 5 : 0)),
    );
    const text = stripAnsi(alignmentSection(realUtils, r).join('\n'));
    expect(text).toContain('Alignment: 0 rows of 20 differ; 1 matched only within tolerance (≈)');
    expect(text).toContain('(Δ 5, tol 8.995)');
  });
});

describe('value diffs', () => {
  it('one-element argument lists get no diff under their row (the row shows them whole)', () => {
    const ev = (v: unknown) => [{ channel: 'dev.move', timestamp: 0, value: v }];
    const one = stripAnsi(alignmentSection(realUtils, evaluate(ev([5]), ev([6]))).join('\n'));
    expect(one).toContain('dev.move = [5]');
    expect(one.split('\n')).toHaveLength(3); // heading, column names, the row
    const two = stripAnsi(alignmentSection(realUtils, evaluate(ev([5, 1]), ev([6, 1]))).join('\n'));
    expect(two.split('\n').length).toBeGreaterThan(3);
  });
});

describe('metric table of metrics that were not measured', () => {
  const messageOf = (
    mode: 'default' | 'reference',
    evaluateIt: typeof evaluateRenamed = evaluateRenamed,
  ): string[] =>
    stripAnsi(
      failureMessage(realUtils, {
        matcherName: 'toMatchTraceBehavior',
        isNot: false,
        expectedLabel: 'golden',
        result: evaluateIt(mode),
        rule,
      }),
    ).split('\n');

  it('default mode: — for the stand-in score, and why', () => {
    const lines = messageOf('default');
    expect(lines).toContain(
      'timing           —  ✗  not measured: no matching PV/value pairs for timing evaluation',
    );
    // No continuous channel was measured: neither was the combined metric (B10).
    expect(lines).toContain('continuous       —  ✗  not measured: stage:temp: one empty');
    expect(lines).toContain('discrete     0.000  ✗');
    expect(lines.join('\n')).toContain('continuous not measured (stage:temp: one empty)');
  });

  it('default mode: a partly measured continuous score names the channels not measured', () => {
    expect(messageOf('default', evaluateHalfMeasured)).toContain(
      'continuous   0.500  ✗  1 of 2 channels not measured: stage:rh (one empty)',
    );
  });

  it('reference mode: the stand-in score, as the reference reports it', () => {
    const lines = messageOf('reference');
    expect(lines).toContain('timing       0.000  ✗');
    expect(lines).toContain('continuous   0.000  ✗');
    expect(lines.join('\n')).not.toContain('not measured');
    expect(messageOf('reference', evaluateHalfMeasured)).toContain('continuous   0.500  ✗');
  });
});
