import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBestOf } from '../src/index.js';
import { MAX_ROWS, alignmentSection, failedParts, failureMessage, rowCounts, type PassRule } from './message.js';
import { realUtils, scan, stripAnsi, taggedUtils } from './testing.js';

const rule: PassRule = { requireAccuracy: true, minScore: undefined };

describe('failedParts', () => {
  it('names the failed decision parts with counts from the alignment', () => {
    // position 3 instead of 2 (a mismatch) and the last detector-off event missing
    const r = evaluate(scan(), scan([0, 1, 3], { drop: 8 }));
    expect(rowCounts(r.alignment_rows)).toEqual({ mismatches: 1, missing: 1, extra: 0 });
    expect(failedParts(r, rule)).toEqual(['discrete not exact: 1 mismatch, 1 missing event']);
  });

  it('counts extra events', () => {
    const extra = [...scan(), { channel: 'det:Acquire', timestamp: 7, value: 1 }, { channel: 'det:Acquire', timestamp: 7.5, value: 0 }];
    expect(failedParts(evaluate(scan(), extra), rule)).toEqual(['discrete not exact: 2 extra events']);
  });

  it('reports minScore apart from accuracy, and only what the rule requires', () => {
    const r = evaluate(scan(), scan([0, 1, 3]));
    expect(failedParts(r, { requireAccuracy: true, minScore: 0.95 })).toEqual(['score 0.911 < minScore 0.950', 'discrete not exact: 1 mismatch']);
    expect(failedParts(r, { requireAccuracy: false, minScore: 0.95 })).toEqual(['score 0.911 < minScore 0.950']);
    expect(failedParts(r, { requireAccuracy: false, minScore: 0.9 })).toEqual([]);
  });

  it('describes a failed timing metric by its numbers', () => {
    // every interval doubled: same values, slope 2
    const slow = scan().map((e) => ({ ...e, timestamp: e.timestamp * 2 }));
    const parts = failedParts(evaluate(scan(), slow), rule);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(/^timing failed \(r² 1\.000, slope 2\.000, duration ratio 2\.000, interval error 1\.000\)$/);
  });

  it('passes a jitter-only trace', () => {
    expect(failedParts(evaluate(scan(), scan(undefined, { jitter: [0.01, -0.01, 0.02] })), rule)).toEqual([]);
  });
});

describe('alignmentSection', () => {
  it('shows context around the first divergence and caps the rows', () => {
    const positions = Array.from({ length: 30 }, (_, i) => i);
    const changed = positions.map((x) => (x >= 5 ? x + 100 : x));
    const lines = alignmentSection(realUtils, evaluate(scan(positions), scan(changed))).map(stripAnsi);
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
    const text = failureMessage(realUtils, { matcherName: 'toMatchTraceBehavior', isNot: false, expectedLabel: 'golden', result: evaluate(gt, pred), rule });
    expect(text).not.toContain('\u001b[2J');
    expect(text).not.toContain('\u202e');
    expect(stripAnsi(text)).toContain('log:msg = "\\u001b[2J\\u202e\\nx"');
    const chan = [{ channel: 'evil\u001b]0;title\u0007', timestamp: 0, value: 1 }];
    expect(failureMessage(realUtils, { matcherName: 'm', isNot: false, expectedLabel: 'golden', result: evaluate(gt, chan), rule })).not.toContain('\u0007');
  });
});

describe('failureMessage', () => {
  const msg = (result: Parameters<typeof failureMessage>[1]['result'], isNot = false, r = rule): string =>
    stripAnsi(failureMessage(realUtils, { matcherName: 'toMatchTraceBehavior', isNot, expectedLabel: 'golden', result, rule: r }));

  it('mismatch and missing event', () => {
    expect(msg(evaluate(scan(), scan([0, 1, 3], { drop: 8 })))).toMatchSnapshot();
  });

  it('.not wording', () => {
    expect(msg(evaluate(scan(), scan(undefined, { jitter: [0.013, -0.008, 0.011] })), true)).toMatchSnapshot();
  });

  it('minScore', () => {
    expect(msg(evaluate(scan(), scan([0, 1, 3])), false, { requireAccuracy: false, minScore: 0.95 })).toMatchSnapshot();
  });

  it('best-of lists every candidate', () => {
    const text = msg(evaluateBestOf([scan([5, 6, 7]), scan([0, 1, 2])], scan([0, 1, 3])));
    // hand: #1 0.8·6/9 + 0.2·1 = 0.733 (three motor values differ), #2 0.8·8/9 + 0.2·1 = 0.911
    expect(text).toContain('Best of 2 goldens: #2 (#1 0.733, #2 0.911)');
  });
});
