import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AlignmentRow, EvaluationResult } from '../evaluate/types.js';
import type { MetricResult } from '../metrics/types.js';
import { PyFloat } from '../py/value.js';
import { evaluate } from '../evaluate/evaluate.js';
import { pyFixed } from './format.js';
import { formatTextReport } from './text.js';
import {
  evaluateHalfMeasured,
  evaluateRenamed,
  RENAMED_GT,
  SCAN_30,
  evaluateOnlyFirstMove,
  RENAMED_PRED,
} from './unmeasured.test-helpers.js';
import { evaluateNearMiss } from './values-off.test-helpers.js';
import { robotRun } from './ros-run.test-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = path.resolve(repoRoot, 'test/conformance/cases');

/** The reference's expected JSON report of a conformance case, as an EvaluationResult. */
function resultOfCase(id: string): EvaluationResult {
  const doc = JSON.parse(readFileSync(path.join(corpus, `${id}.json`), 'utf8')) as {
    expected: Omit<EvaluationResult, 'mode' | 'metrics'> & {
      metrics: Record<string, Omit<MetricResult, 'name'>>;
    };
  };
  const e = doc.expected;
  const metrics: Record<string, MetricResult> = {};
  for (const [name, m] of Object.entries(e.metrics)) metrics[name] = { name, ...m };
  return {
    mode: 'default',
    full_score: e.full_score,
    accuracy: e.accuracy,
    metrics,
    alignment: e.alignment,
    alignment_index: e.alignment_index,
    alignment_rows: e.alignment_rows,
    aggregation: e.aggregation,
    decision: e.decision,
    aligner: { name: 'behavior', optimal: true, cost: 0 },
  };
}

const ANSI = /\x1b\[[0-9;]*m/g;

function row(
  index: number,
  gt: [string, number, unknown] | null,
  pred: [string, number, unknown] | null,
  match: boolean | null,
): AlignmentRow {
  const side = (s: [string, number, unknown] | null) =>
    s ? { channel: s[0], timestamp: s[1], value: s[2] } : null;
  return { index, gt: side(gt), pred: side(pred), match, ignored: false };
}

function withRows(
  base: EvaluationResult,
  rows: AlignmentRow[],
  mode: EvaluationResult['mode'] = base.mode,
): EvaluationResult {
  return { ...base, mode, alignment_rows: rows };
}

describe('formatTextReport', () => {
  const quickstart = resultOfCase('pub-001-basic-readme-quickstart');

  it('says how many intervals zero in the golden the timing MAPE left out (B11)', () => {
    const ev = (channel: string, timestamp: number) => ({ channel, timestamp, value: channel });
    const secs = [0, 1, 2, 3];
    const gt = { events: secs.flatMap((t) => [ev('a', t), ev('b', t)]) };
    const pred = { events: secs.flatMap((t) => [ev('a', t), ev('b', t + 0.25)]) };
    const lines = formatTextReport(evaluate(gt, pred)).split('\n');
    expect(lines).toContain('  · mape=0.250 (4 intervals zero in the golden left out)');
    expect(formatTextReport(evaluate(gt, pred, { mode: 'reference' }))).not.toMatch(/left out/);
  });

  it('has the reference layout: rules, header, score, metrics, contributions, decision, table', () => {
    const text = formatTextReport(quickstart);
    const lines = text.split('\n');
    expect(lines[0]).toBe('='.repeat(80));
    expect(lines[1]).toBe('EnvTrace Report');
    expect(lines[2]).toBe('='.repeat(80));
    expect(lines.at(-1)).toBe('='.repeat(80));
    // Numbers as CPython prints them with f"{x:.3f}" / true/false (default mode) (computed by hand from the case).
    expect(lines).toContain('Full score: 0.991');
    expect(lines).toContain('Accuracy:   true');
    expect(text).toContain(
      [
        'Metrics:',
        '- discrete: score=1.000, pass=true',
        '  · value_matches=3/3, mismatch_rate=0.000',
        '- timing: score=0.956, pass=true',
        '  · r2=1.000',
        '  · slope=0.973',
        '  · duration_ratio=0.982',
        '  · mape=0.120',
        '- structure: score=1.000, pass=true',
        '  · gap_rate=0.000',
        '- aggregation contributions:',
        '  · discrete: 0.800',
        '  · timing: 0.191',
        '  · total: 0.991',
        '',
        'Decision breakdown:',
        '  require_discrete_exact: true',
        '  timing_metric_name:     timing',
        '  required_metrics:       (none)',
        '  pass[discrete]: true',
        '  pass[timing]: true',
        '',
        'Alignment (first rows, discrete events only; times in s):',
      ].join('\n'),
    );
    expect(text).toMatchSnapshot();
  });

  it('default mode prints booleans the JavaScript way (true/false), reference mode the Python way', () => {
    const text = formatTextReport({ ...quickstart, mode: 'default' });
    expect(text).toContain('Accuracy:   true\n');
    expect(text).toContain('- discrete: score=1.000, pass=true\n');
    expect(text).toContain('  require_discrete_exact: true\n');
    expect(text).toContain('  pass[timing]: true\n');
    expect(text).not.toMatch(/\b(True|False)\b/);
    expect(formatTextReport({ ...quickstart, mode: 'reference' })).toContain('Accuracy:   True\n');
  });

  it('lists continuous channels before structure and required metrics in the decision (pub-128)', () => {
    const text = formatTextReport(resultOfCase('pub-128-config-readme-config-json'));
    expect(text).toContain(
      [
        '- continuous: score=0.979, pass=true',
        '  · stage:temp: score=0.979, pass=true',
        '- structure: score=1.000, pass=true',
      ].join('\n'),
    );
    expect(text).toContain('  required_metrics:       continuous\n');
    expect(text).toContain('  pass[discrete]: false\n');
    expect(text).toContain('  · continuous: 0.196\n  · total: 0.786\n');
    expect(text).toMatchSnapshot();
  });

  it('marks matches ✓, mismatches ✗ and gaps · with — for the missing side', () => {
    const text = formatTextReport(
      withRows(quickstart, [
        row(1, ['motor:x', 0, 1.5], ['motor:x', 0.01, 1.5], true),
        row(2, ['det:Acquire', 1, 1], ['det:Acquire', 1.2, 0], false),
        row(3, ['det:Acquire', 2, 0], null, null),
      ]),
    );
    const table = text.split('\n').filter((l) => /^\s+\d+ \| /.test(l));
    expect(table).toHaveLength(3);
    expect(table[0]!.trimEnd().endsWith('✓')).toBe(true);
    expect(table[1]!.trimEnd().endsWith('✗')).toBe(true);
    expect(table[2]!.trimEnd().endsWith('·')).toBe(true);
    expect(table[2]).toMatch(/\| —\s+\|\s+— \| —\s+\|/);
    expect(table[1]).toContain('1.200');
  });

  it('caps the table at maxRows with "... (N more rows)"', () => {
    const rows = Array.from({ length: 7 }, (_, i) => row(i + 1, ['c', i, i], ['c', i, i], true));
    const text = formatTextReport(withRows(quickstart, rows), { maxRows: 5 });
    expect(text).toContain('\n    5 | '.replace('    ', '  '));
    expect(text).not.toMatch(/\n\s+6 \| /);
    expect(text).toContain('\n... (2 more rows)\n');
  });

  it('fits the table to the width, cutting long channels and values with …', () => {
    const longValue = 'x'.repeat(500);
    const rows = [
      row(
        1,
        ['XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 0, longValue],
        ['XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr', 0, longValue],
        true,
      ),
    ];
    for (const width of [80, 100, 120]) {
      const lines = formatTextReport(withRows(quickstart, rows), { width }).split('\n');
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(width);
      expect(lines.join('\n')).toContain('…');
      expect(lines[0]).toBe('='.repeat(width));
    }
  });

  it('shrinks values before channel names, and cuts channel names in the middle', () => {
    const rows = [
      row(
        1,
        ['det:AcquireTime', 0, 'sample_x0.000_long_name'],
        ['det:AcquireTime', 0, 'sample_x0.000_long_name'],
        true,
      ),
      row(2, ['det:Acquire', 1, 1], ['det:Acquire', 1, 1], true),
    ];
    const lines = formatTextReport(withRows(quickstart, rows), { width: 90 }).split('\n');
    const first = lines.find((l) => l.startsWith('  1 | '))!;
    expect(first.split(' | ')[1]).toBe('det:AcquireTime');
    expect(first).toContain('"sample_x…');
    expect(first.length).toBeLessThanOrEqual(90);
    const narrow = formatTextReport(withRows(quickstart, rows), { width: 80 }).split('\n');
    const cut = narrow
      .find((l) => l.startsWith('  1 | '))!
      .split(' | ')[1]!
      .trim();
    expect(cut).toMatch(/^det:A.*….*Time$/);
    expect(
      narrow
        .find((l) => l.startsWith('  2 | '))!
        .split(' | ')[1]!
        .trim(),
    ).toBe('det:Acquire');
  });

  it('escapes control characters, ANSI sequences and newlines in values and channel names', () => {
    const evil = '\x1b[32mPASS\x1b[0m\nAccuracy:   True';
    const text = formatTextReport(
      withRows(quickstart, [row(1, [`ch\x1b[2J`, 0, evil], ['ch\u202Eevil', 0, 'a\rb'], false)]),
      { width: 200 },
    );
    expect(text).not.toContain('\x1b');
    expect(text).not.toContain('\r');
    expect(text).not.toContain('\u202E');
    expect(text).toContain('ch\\x1b[2J');
    // Default mode quotes string values JSON-style, so ESC shows as \u001b there.
    expect(text).toContain('"\\u001b[32mPASS\\u001b[0m\\nAccuracy:   True"');
    expect(text).toContain('ch\\u202eevil');
    // Only the genuine accuracy line starts a line with "Accuracy:".
    expect(text.split('\n').filter((l) => l.startsWith('Accuracy:'))).toHaveLength(1);
  });

  it('shows values with Python str() in reference mode and JSON-ish text in default mode', () => {
    const rows = [
      row(1, ['motor:x', 0, new PyFloat(0)], ['motor:x', 0, 0], false),
      row(2, ['gripper:cmd', 1, 'open'], ['gripper:closed', 1, true], false),
      row(3, ['pos', 2, { a: [1, new PyFloat(2)] }], ['pos', 2, null], false),
    ];
    const ref = formatTextReport(withRows(quickstart, rows, 'reference'), { width: 200 });
    expect(ref).toMatch(/\| 0\.0\s+\| motor:x\s+\|\s+0\.000 \| 0\s+\|/);
    expect(ref).toMatch(/\| open\s+\| gripper:closed\s+\|\s+1\.000 \| True\s+\|/);
    expect(ref).toMatch(/\| \{'a': \[1, 2\.0\]\}\s+\| pos\s+\|\s+2\.000 \| None\s+\|/);
    expect(ref).toContain('Mode:       reference');
    const def = formatTextReport(withRows(quickstart, rows, 'default'), { width: 200 });
    expect(def).toMatch(/\| "open"\s+\| gripper:closed\s+\|\s+1\.000 \| true\s+\|/);
    expect(def).toMatch(/\| \{"a": \[1, 2\.0\]\}\s+\| pos\s+\|\s+2\.000 \| null\s+\|/);
  });

  it('prints nan/inf like Python and keeps going', () => {
    const text = formatTextReport({ ...quickstart, full_score: NaN });
    expect(text).toContain('Full score: nan');
  });

  it('shows the best-of winner and candidate scores', () => {
    const text = formatTextReport({
      ...quickstart,
      best_index: 1,
      candidate_full_scores: [0.5, 0.9911802093500724],
    });
    // numbered from 1 like the n-th --gt, with the JSON report's 0-based best_index beside it
    expect(text).toContain('Best of:    golden #2 of 2 (best_index 1); full scores: 0.500, 0.991');
    const fallback = formatTextReport({
      ...quickstart,
      best_index: -1,
      candidate_full_scores: [-2],
    });
    expect(fallback).toContain(
      'Best of:    no golden scored above -1 (best_index -1: fallback to an empty golden); full scores: -2.000',
    );
  });

  it('default mode cuts a mismatched row around the difference; reference mode keeps the reference cut', () => {
    const call = (year: number) => ({
      name: 'search',
      args: { q: 'cheap flights from Lisbon to Berlin', filters: { year } },
    });
    const rows = [
      row(1, ['tool:call', 0, call(2024)], ['tool:call', 0, call(2023)], false),
      row(2, ['tool:call', 1, call(1)], ['tool:call', 1, call(1)], true),
    ];
    const line = (text: string, i: number) =>
      text.split('\n').find((l) => l.startsWith(`  ${i} | `))!;
    const def = formatTextReport(withRows(quickstart, rows, 'default'), { width: 100 });
    const [, , , gtV, , , prV] = line(def, 1).split(' | ');
    expect(gtV).toMatch(/^….*2024\}\}\}/);
    expect(prV).toMatch(/^….*2023\}\}\}/);
    expect(line(def, 1).length).toBeLessThanOrEqual(100);
    // a matching row keeps the ordinary cut at the end
    expect(line(def, 2).split(' | ')[3]).toMatch(/^\{"name": "search".*…\s*$/);
    const ref = formatTextReport(withRows(quickstart, rows, 'reference'), { width: 100 });
    expect(line(ref, 1).split(' | ')[3]).toMatch(/^\{'name': 'search'.*…\s*$/);
  });

  it('default mode: under the table, a mismatched structured value names the field and both values', () => {
    const call = (year: number, q = 'cheap flights from Lisbon to Berlin') => ({
      name: 'search',
      args: { q, filters: { year, 'class\u001b[2J': 'eco' } },
    });
    const rows = [
      row(1, ['tool:call', 0, call(2024)], ['tool:call', 0, call(2023)], false),
      row(2, ['tool:call', 1, call(1)], ['tool:call', 1, call(1, 'x')], false),
      row(3, ['tool:call', 2, call(1)], ['tool:call', 2, call(1)], true),
      row(4, ['tool:call', 3, 'a'], ['tool:call', 3, 'b'], false),
    ];
    const text = formatTextReport(withRows(quickstart, rows, 'default'), { width: 100 });
    const lines = text.split('\n');
    const at = lines.indexOf('Values that differ (golden | predicted):');
    // A scalar (row 4) is its own difference, which the cells show; a matching row has none.
    expect(lines.slice(at, at + 3)).toEqual([
      'Values that differ (golden | predicted):',
      '  ✗ row 1 tool:call .args.filters.year: 2024 | 2023',
      '  ✗ row 2 tool:call .args.q: "cheap flights from Lisbon to Berlin" | "x"',
    ]);
    expect(lines[at + 3]).toMatch(/^=+$/);
    // Keys are untrusted: escaped in the path (a difference under one reads `["class\x1b[2J"]`).
    const keyed = formatTextReport(
      withRows(
        quickstart,
        [
          row(
            1,
            ['tool:call', 0, { 'k\u001b[2J': 1 }],
            ['tool:call', 0, { 'k\u001b[2J': 2 }],
            false,
          ),
        ],
        'default',
      ),
    );
    expect(keyed).toContain('  ✗ row 1 tool:call ["k\\u001b[2J"]: 1 | 2');
    expect(keyed).not.toContain('\u001b');
    // Reference mode keeps the reference's layout: no such lines.
    expect(formatTextReport(withRows(quickstart, rows, 'reference'))).not.toContain(
      'Values that differ',
    );
  });

  it('default mode: a long differing value keeps its difference within the width; more fields are counted', () => {
    const pose = (x: number, frame: string) => ({
      header: { frame_id: frame },
      pose: { position: { x, y: 2, z: 0 }, note: 'n'.repeat(200) + String(x) },
    });
    const rows = [row(1, ['/pose', 0, pose(1.5, 'map')], ['/pose', 0, pose(1.75, 'odom')], false)];
    const text = formatTextReport(withRows(quickstart, rows, 'default'), { width: 80 });
    const line = text.split('\n').find((l) => l.startsWith('  ✗ row 1'))!;
    expect(line).toBe('  ✗ row 1 /pose .header.frame_id: "map" | "odom" (+2 more fields)');
    const long = [
      row(
        1,
        ['/log', 0, { text: 'x'.repeat(300) + 'A' }],
        ['/log', 0, { text: 'x'.repeat(300) + 'B' }],
        false,
      ),
    ];
    const cut = formatTextReport(withRows(quickstart, long, 'default'), { width: 80 })
      .split('\n')
      .find((l) => l.startsWith('  ✗ row 1'))!;
    expect([...cut].length).toBeLessThanOrEqual(80);
    expect(cut).toMatch(/^ {2}✗ row 1 \/log \.text: …x+A" \| …x+B"$/);
  });

  it('a ROS 2 bag: the Why names a late topic, the differing message field is shown (snapshot)', async () => {
    const gt = await robotRun();
    const late = evaluate(gt, await robotRun({ statusLateNs: 15_000_000n }));
    const changed = evaluate(
      gt,
      await robotRun({
        statusAt: (k) => (k === 7 ? 'low battery' : k === 30 ? 'ok\u001b[2J' : 'ok'),
      }),
    );
    const part = (text: string) =>
      text
        .split('\n')
        .filter((l) => /^(Why:| {12}\S|Values that differ| {2}✗ row)/.test(l))
        .join('\n');
    // Before: the Why read "40 events out of order", and the table's cells `{"data"…` on both
    // sides of the changed status, with nothing under the table.
    expect(
      `${part(formatTextReport(late))}\n\n${part(formatTextReport(changed))}`,
    ).toMatchSnapshot();
  });

  it('names the time unit in the alignment heading (default mode), never in reference mode', () => {
    expect(formatTextReport(quickstart, { timeUnit: 'ms' })).toContain(
      '\nAlignment (first rows, discrete events only; times in ms):\n',
    );
    expect(formatTextReport({ ...quickstart, mode: 'reference' }, { timeUnit: 'ms' })).toContain(
      '\nAlignment (first rows, discrete events only):\n',
    );
  });

  it('says so when a custom formula replaced the weighted sum', () => {
    const text = formatTextReport({ ...quickstart, aggregation: { info: 'custom_formula' } });
    expect(text).toContain('- aggregation: custom formula (per-metric contributions not shown)');
  });

  describe('colours', () => {
    it('has no escape codes with colours off (the default)', () => {
      expect(formatTextReport(quickstart)).not.toContain('\x1b');
      expect(formatTextReport(quickstart, { colors: false })).not.toContain('\x1b');
    });

    it('colours marks and verdicts with colours on, without changing the layout', () => {
      const r = withRows(quickstart, [
        row(1, ['a', 0, 1], ['a', 0, 1], true),
        row(2, ['a', 1, 1], ['a', 1, 2], false),
        row(3, ['a', 2, 1], null, null),
      ]);
      const colored = formatTextReport(r, { colors: true });
      expect(colored).toContain('\x1b[32m✓\x1b[39m');
      expect(colored).toContain('\x1b[31m✗\x1b[39m');
      expect(colored).toContain('\x1b[2m·\x1b[22m');
      expect(colored).toContain('Accuracy:   \x1b[32mtrue\x1b[39m');
      expect(colored.replace(ANSI, '')).toBe(formatTextReport(r, { colors: false }));
    });

    it('accepts a palette', () => {
      const tags = new Proxy(
        {},
        {
          get: (_t, key) => (s: unknown) => `<${String(key)}>${String(s)}</${String(key)}>`,
        },
      );
      const text = formatTextReport(quickstart, { colors: tags as never });
      expect(text).toContain('Accuracy:   <green>true</green>');
    });
  });
});

describe('formatTextReport on a long alignment', () => {
  it('builds only the rows it shows (the per-pair list stays lazy) and counts the rest', async () => {
    const { evaluate } = await import('../evaluate/evaluate.js');
    const events = Array.from({ length: 500 }, (_, i) => ({
      channel: `c${i % 7}`,
      timestamp: i,
      value: i,
    }));
    const result = evaluate(events, events);
    const text = formatTextReport(result, { maxRows: 3 });
    expect(text).toContain('... (497 more rows)');
    expect(typeof Object.getOwnPropertyDescriptor(result, 'alignment_rows')?.get).toBe('function');
    expect(result.alignment_rows).toHaveLength(500);
    expect(Object.getOwnPropertyDescriptor(result, 'alignment_rows')?.get).toBeUndefined();
  });
});

describe('formatTextReport of metrics that were not measured', () => {
  it('default mode: says timing (and a continuous channel) was not measured and why, not 0.000', () => {
    const result = evaluateRenamed('default');
    expect(result.metrics['timing']?.score).toBe(0);
    const text = formatTextReport(result);
    expect(text).toContain(
      '\n- timing: not measured (no matching PV/value pairs for timing evaluation), pass=false\n',
    );
    expect(text).toContain('\n  · stage:temp: not measured (one empty), pass=false\n');
    // Its only channel was not measured, so neither was the combined continuous metric (B10).
    expect(text).toContain(
      '\n- continuous: not measured (stage:temp: one empty), pass=false\n  · stage:temp:',
    );
    expect(text).not.toMatch(/timing: score=|continuous: score=/);
    // The score itself is untouched: the contribution still counts the stand-in.
    expect(text).toContain('\n  · timing: 0.000\n');
  });

  it('default mode: no discrete event at all (B4) is not measured either, and passes', () => {
    const temp = { events: [{ channel: 'stage:temp', timestamp: 0, value: 20 }] };
    const text = formatTextReport(
      evaluate(temp, temp, { continuous_channels: { 'stage:temp': {} } }),
    );
    expect(text).toContain('\n- timing: not measured (no discrete events to time), pass=true\n');
  });

  it('default mode: one matched pair of a 30-event golden is not measured either (B4), end to end', () => {
    const result = evaluateOnlyFirstMove('default');
    expect(result.metrics['timing']).toMatchObject({
      score: 0,
      binary_pass: false,
      details: { reason: 'only one matched pair: no interval to time' },
    });
    expect(result.full_score).toBeCloseTo(0.8 / 30, 12);
    const text = formatTextReport(result);
    expect(text).toContain(
      '\n- timing: not measured (only one matched pair: no interval to time), pass=false\n',
    );
    expect(text).toContain(
      'Why:        discrete not exact: 29 missing events\n' +
        '            timing not measured (only one matched pair: no interval to time)\n',
    );
    // The reference times the one pair as perfect: 0.8/30 + 0.2.
    const ref = evaluateOnlyFirstMove('reference');
    expect(ref.metrics['timing']).toMatchObject({
      score: 1,
      binary_pass: true,
      details: { score: 1 },
    });
    expect(ref.full_score).toBeCloseTo(0.8 / 30 + 0.2, 12);
    expect(formatTextReport(ref)).toContain('\n- timing: score=1.000, pass=True\n');
  });

  it('default mode: a one-event golden that matched has nothing to time, and passes (B4)', () => {
    const one = { events: SCAN_30.events.slice(0, 1) };
    const result = evaluate(one, one);
    expect(result).toMatchObject({ full_score: 1, accuracy: true });
    expect(formatTextReport(result)).toContain(
      '\n- timing: not measured (one discrete event: no interval to time), pass=true\n',
    );
  });

  it("reference mode keeps the reference's lines: the stand-in score, no reason", () => {
    const text = formatTextReport(evaluateRenamed('reference'));
    expect(text).toContain('\n- timing: score=0.000, pass=False\n- continuous: score=0.000');
    expect(text).toContain('\n  · stage:temp: score=0.000, pass=False\n');
    expect(text).not.toContain('not measured');
  });

  it('default mode: a partly measured continuous score says how many channels were not measured', () => {
    const result = evaluateHalfMeasured('default');
    const text = formatTextReport(result);
    expect(text).toContain(
      '\n- continuous: score=0.500, pass=false (1 of 2 channels not measured)\n' +
        '  · stage:temp: score=1.000, pass=true\n' +
        '  · stage:rh: not measured (one empty), pass=false\n',
    );
    // The channel the prediction never produced counts as 0, as in reference mode.
    expect(result.metrics['continuous']?.score).toBe(0.5);
    expect(text).toContain(
      'Why:        continuous failed (score 0.500): stage:rh not measured (one empty)\n',
    );
  });

  it('reference mode: the same channels average the stand-in 0 in, as the reference does', () => {
    const text = formatTextReport(evaluateHalfMeasured('reference'));
    expect(text).toContain(
      '\n- continuous: score=0.500, pass=False\n' +
        '  · stage:temp: score=1.000, pass=True\n' +
        '  · stage:rh: score=0.000, pass=False\n',
    );
  });

  it('shows a user metric that carries a reason the same way', () => {
    const result = evaluate(RENAMED_GT, RENAMED_PRED, {
      metrics: [
        {
          name: 'latency',
          compute: () => ({
            name: 'latency',
            score: 0,
            binary_pass: false,
            details: { reason: 'no \x1b[31mspans\x1b[0m recorded' },
          }),
        },
      ],
    });
    const line = formatTextReport(result)
      .split('\n')
      .find((l) => l.startsWith('- latency:'));
    expect(line).toBe('- latency: not measured (no \\x1b[31mspans\\x1b[0m recorded), pass=false');
  });
});

describe('formatTextReport: why a failed evaluation fails', () => {
  const header = (text: string) => text.split('\n').slice(3, 9);

  it('default mode: a Why line under the accuracy, in the verdict words of the matchers', () => {
    expect(header(formatTextReport(evaluateRenamed()))).toEqual([
      'Full score: 0.000',
      'Accuracy:   false',
      'Why:        discrete not exact: 3 missing events, 3 extra events (all on MOTOR_X and DET_ACQ, channels not in the golden)',
      '            timing not measured (no matching PV/value pairs for timing evaluation)',
      '            continuous not measured (stage:temp: one empty)',
      'Mode:       default',
    ]);
    // Three events, so that two pairs match and timing is measured (one pair is not, B4).
    const oneOff = evaluate(
      {
        events: [
          { channel: 'x', timestamp: 0, value: 1 },
          { channel: 'y', timestamp: 1, value: 2 },
          { channel: 'z', timestamp: 2, value: 3 },
        ],
      },
      {
        events: [
          { channel: 'x', timestamp: 0, value: 1 },
          { channel: 'y', timestamp: 1, value: 3 },
          { channel: 'z', timestamp: 2, value: 3 },
        ],
      },
    );
    expect(formatTextReport(oneOff)).toContain(
      '\nAccuracy:   false\nWhy:        discrete not exact: 1 mismatch (row 2 y: 3 instead of 2)\nMode:       default\n',
    );
  });

  it('default mode: every value just beyond its tolerance says so, where the table and the tolerance show it', () => {
    const text = formatTextReport(evaluateNearMiss(), { maxRows: 3 });
    expect(header(text).slice(0, 4)).toEqual([
      'Full score: 0.000',
      'Accuracy:   false',
      'Why:        discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 2.1, tolerance abs 2: each just beyond it, the closest by 0.1)',
      '            timing not measured (no matching PV/value pairs for timing evaluation)',
    ]);
    expect(text).toMatchSnapshot();
    // Reference mode has no Why line, so no cause either (the table and scores are the same).
    expect(formatTextReport(evaluateNearMiss('reference'))).not.toMatch(/Why:|values off/);
  });

  it('no Why line when the evaluation passes, nor in reference mode (the reference has none)', () => {
    const same = evaluate(RENAMED_GT, RENAMED_GT, { continuous_channels: { 'stage:temp': {} } });
    expect(same.accuracy).toBe(true);
    expect(formatTextReport(same)).not.toContain('Why:');
    expect(formatTextReport(evaluateRenamed('reference'))).not.toContain('Why:');
  });
});

describe('formatTextReport: a wrong value past the row limit', () => {
  const header = (text: string) => text.split('\n').slice(3, 9);
  // The scan of the user report: shutter open, 30 × (energy, counts), shutter close (62 events).
  const golden = [
    { channel: 'shutter:cmd', timestamp: 0, value: 'open' },
    ...Array.from({ length: 30 }, (_, i) => [
      { channel: 'mono:energy', timestamp: 0.5 + i, value: 8980 + i },
      { channel: 'det:counts', timestamp: 0.7 + i, value: 1000 + 10 * i },
    ]).flat(),
    { channel: 'shutter:cmd', timestamp: 30.5, value: 'close' },
  ];
  const late = (at: number, value: unknown) =>
    golden.map((e, i) => (i === at ? { ...e, value } : e));

  it('default mode: the Why names its row, channel and values; the table goes on to show the row', () => {
    const text = formatTextReport(evaluate(golden, late(57, 9999)));
    expect(header(text)[2]).toBe(
      'Why:        discrete not exact: 1 mismatch (row 58 mono:energy: 9999 instead of 9008)',
    );
    const lines = text.split('\n');
    const cut = lines.findIndex((l) => l.startsWith(' 50 |'));
    expect(lines.slice(cut + 1, cut + 4)).toEqual([
      '... (7 rows)',
      ' 58 | mono:energy | 28.500 | 9008     | mono:energy | 28.500 | 9999     |   ✗  ',
      '... (4 more rows)',
    ]);
  });

  it('default mode: a changed string and a null are quoted (escaped) the same way', () => {
    expect(header(formatTextReport(evaluate(golden, late(61, 'closed\u202e'))))[2]).toBe(
      'Why:        discrete not exact: 1 mismatch (row 62 shutter:cmd: "closed\\u202e" instead of "close")',
    );
    expect(header(formatTextReport(evaluate(golden, late(4, null))))[2]).toBe(
      'Why:        discrete not exact: 1 mismatch (row 5 det:counts: null instead of 1010)',
    );
  });

  it('more differing rows than are shown past the limit: the last line counts the rest', () => {
    const many = golden.map((e, i) =>
      i >= 10 && e.channel === 'det:counts' ? { ...e, value: -1 } : e,
    );
    const lines = formatTextReport(evaluate(golden, many), { maxRows: 5 }).split('\n');
    const shown = lines.filter((l) => l.endsWith('✗  ')).map((l) => l.slice(0, 4));
    // Rows 11, 13, … differ; the first 10 past row 5 are shown, 26 − 10 are counted.
    expect(shown).toEqual([
      ' 11 ',
      ' 13 ',
      ' 15 ',
      ' 17 ',
      ' 19 ',
      ' 21 ',
      ' 23 ',
      ' 25 ',
      ' 27 ',
      ' 29 ',
    ]);
    expect(lines).toContain('... (5 rows)');
    expect(lines).toContain('... (1 row)');
    expect(lines).toContain('... (33 more rows, 16 of them differing)');
  });

  it('default mode: two moves swapped within tolerance still match, and read as a swap', () => {
    // Set points 8000 and 8000.5 eV (within the default relative 1e-3 of each other), the
    // prediction moving to 8000.5 first. Pairing them costs 0; reading a swap would cost a
    // missing and an extra event (4): the match stands, and the report says what happened.
    const scan = (points: readonly number[]) =>
      points.flatMap((value, k) => [
        { channel: 'mono:energy', timestamp: 2 * k, value },
        { channel: 'shutter:cmd', timestamp: 2 * k + 1, value: k % 2 ? 'close' : 'open' },
      ]);
    const result = evaluate(
      scan([7990, 7995, 8000, 8000.5, 8010]),
      scan([7990, 7995, 8000.5, 8000, 8010]),
    );
    expect(result.accuracy).toBe(true);
    const text = formatTextReport(result);
    expect(header(text)[2]).toBe(
      'Passed within tolerance: 2 values matched only within tolerance (all on mono:energy, Δ 0.5); rows 5 and 7 swapped',
    );
    expect(text.split('\n').filter((l) => l.startsWith('  ≈ '))).toEqual([
      '  ≈ row 5 mono:energy: 8000 | 8000.5 (Δ 0.5, tol 8.001), swapped with row 7',
      '  ≈ row 7 mono:energy: 8000.5 | 8000 (Δ 0.5, tol 8.001), swapped with row 5',
    ]);
    // Two values each a little off, not each other's: no swap.
    const off = formatTextReport(
      evaluate(scan([7990, 7995, 8000, 8000.5, 8010]), scan([7990, 7995, 8000.25, 8000.75, 8010])),
    );
    expect(off).not.toContain('swapped');
  });

  it('default mode: a pass reached only within tolerance says so under the accuracy', () => {
    const offset5 = golden.map((e) =>
      e.channel === 'mono:energy' ? { ...e, value: (e.value as number) + 5 } : e,
    );
    expect(header(formatTextReport(evaluate(golden, offset5))).slice(0, 4)).toEqual([
      'Full score: 1.000',
      'Accuracy:   true',
      'Passed within tolerance: 30 values matched only within tolerance (all on mono:energy, Δ 5)',
      'Mode:       default',
    ]);
    // Reference mode prints the reference's lines; an exact pass has nothing to say.
    expect(formatTextReport(evaluate(golden, offset5, { mode: 'reference' }))).not.toContain(
      'within tolerance',
    );
    expect(formatTextReport(evaluate(golden, golden))).not.toContain('Passed within');
  });

  it('default mode: a score just below 1 never prints as 1.000 (reference mode: {:.3f})', () => {
    // 3,000 energies with the last one dropped: full score 0.9997, which {:.3f} prints as 1.000.
    const scan = Array.from({ length: 3000 }, (_, i) => ({
      channel: 'mono:energy',
      timestamp: i,
      value: 8980 + i,
    }));
    const dropped = evaluate(scan, scan.slice(0, -1));
    expect(dropped.full_score).toBeGreaterThan(0.9995);
    expect(dropped.full_score).toBeLessThan(1);
    const text = formatTextReport(dropped);
    expect(text).toContain(`\nFull score: ${pyFixed(dropped.full_score, 4)}\nAccuracy:   false\n`);
    expect(text).toContain(
      `\n- discrete: score=${pyFixed(dropped.metrics['discrete']!.score, 4)}, pass=false`,
    );
    expect(formatTextReport({ ...dropped, mode: 'reference' })).toContain('\nFull score: 1.000\n');
  });

  it('reference mode stops at the limit, as the reference does', () => {
    const text = formatTextReport(evaluate(golden, late(57, 9999), { mode: 'reference' }));
    expect(text).toContain('\n... (12 more rows)\n');
    expect(text).not.toContain(' 58 |');
    expect(text).not.toContain('Why:');
  });
});
