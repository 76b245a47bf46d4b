import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EvaluationResult } from '../evaluate/types.js';
import { PyFloat } from '../py/value.js';
import { ENVTRACE_VERSION } from '../version.js';
import { evaluate } from '../evaluate/evaluate.js';
import { stringifyReport, toJsonReport } from './json.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const casePath = path.resolve(
  repoRoot,
  'test/conformance/cases/pub-001-basic-readme-quickstart.json',
);

function quickstart(): EvaluationResult {
  const e = (JSON.parse(readFileSync(casePath, 'utf8')) as { expected: Record<string, unknown> })
    .expected;
  const metrics: Record<string, unknown> = {};
  for (const [name, m] of Object.entries(e.metrics as Record<string, object>))
    metrics[name] = { name, ...m };
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
    aligner: { name: 'behavior', optimal: true, cost: 3 },
  } as EvaluationResult;
}

describe('toJsonReport', () => {
  it('has the reference keys in order, plus version, mode, alignment_index and aligner', () => {
    const report = toJsonReport(quickstart());
    expect(Object.keys(report)).toEqual([
      'envtrace_version',
      'mode',
      'full_score',
      'accuracy',
      'metrics',
      'alignment',
      'alignment_rows',
      'aggregation',
      'decision',
      'alignment_index',
      'aligner',
    ]);
    expect(report.aligner).toEqual({ name: 'behavior', optimal: true, cost: 3 });
    expect(report.envtrace_version).toBe(ENVTRACE_VERSION);
    expect(report.mode).toBe('default');
  });

  it('reproduces the reference JSON report fields of the case (metric name dropped)', () => {
    const doc = JSON.parse(readFileSync(casePath, 'utf8')) as { expected: Record<string, unknown> };
    const { debug: _debug, ...expected } = doc.expected;
    const report = toJsonReport(quickstart()) as unknown as Record<string, unknown>;
    const { envtrace_version: _v, mode: _m, aligner: _a, ...rest } = report;
    expect(JSON.parse(JSON.stringify(rest))).toEqual(expected);
  });

  it('adds best_index and candidate_full_scores for best-of results only', () => {
    expect('best_index' in toJsonReport(quickstart())).toBe(false);
    const best = toJsonReport({ ...quickstart(), best_index: -1, candidate_full_scores: [-2] });
    expect(best.best_index).toBe(-1);
    expect(best.candidate_full_scores).toEqual([-2]);
    expect(Object.keys(best).slice(-2)).toEqual(['best_index', 'candidate_full_scores']);
  });
});

describe('stringifyReport', () => {
  it('writes Python-style floats (1.0 stays 1.0), 2-space indent, non-finite numbers as strings', () => {
    const r = quickstart();
    const text = stringifyReport({
      ...r,
      full_score: NaN,
      alignment: [[['motor:x', 0.5, new PyFloat(1)], null]],
    });
    expect(text).toContain('\n  "full_score": "NaN",\n');
    expect(text).toContain('"motor:x",\n        0.5,\n        1.0\n');
    expect(text).toMatch(/^\{\n {2}"envtrace_version": /);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed.full_score).toBe('NaN');
    expect(parsed.accuracy).toBe(true);
  });
});

describe('stringifyReport number text', () => {
  it('writes the same number text as the reference JSON report (pub-001)', () => {
    // The case file was written by Python's json module. JSON.parse in quickstart() turned its
    // float event values (motor:x = 0.0; the detector values are ints) into plain numbers; put
    // the float kind back so every token can be compared exactly.
    const r = quickstart();
    const motor = (v: unknown) => new PyFloat(v as number);
    const fixTuple = (t: readonly [string, number, unknown] | null) =>
      t && t[0] === 'motor:x' ? ([t[0], t[1], motor(t[2])] as const) : t;
    const fixSide = <S extends { channel: string; value: unknown } | null>(s: S): S =>
      s && s.channel === 'motor:x' ? { ...s, value: motor(s.value) } : s;
    const discrete = r.metrics.discrete!;
    const d = discrete.details as {
      aligned_gt: [string, number, unknown][];
      aligned_pred: [string, number, unknown][];
    };
    const fixed: EvaluationResult = {
      ...r,
      metrics: {
        ...r.metrics,
        discrete: {
          ...discrete,
          details: {
            ...d,
            aligned_gt: d.aligned_gt.map(fixTuple),
            aligned_pred: d.aligned_pred.map(fixTuple),
          },
        },
      },
      alignment: r.alignment.map(([g, p]) => [fixTuple(g), fixTuple(p)] as const),
      alignment_rows: r.alignment_rows.map((row) => ({
        ...row,
        gt: fixSide(row.gt),
        pred: fixSide(row.pred),
      })),
    };
    const raw = readFileSync(casePath, 'utf8');
    const expectedText = raw.slice(raw.indexOf('"expected":'), raw.indexOf('"alignment_index":'));
    const ours = stringifyReport(fixed);
    const tokens = (text: string) =>
      text.match(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null/g) ?? [];
    const oursText = ours.slice(ours.indexOf('"full_score":'), ours.indexOf('"alignment_index":'));
    expect(tokens(oursText)).toEqual(tokens(expectedText).slice(1)); // drop the "expected" key itself
    expect(ours).toContain('"score": 1.0,');
    expect(ours).toContain('"value_matches": 3,');
    expect(ours).toContain('"gap_rate": 0.0,');
    expect(ours).toContain('"timestamp": 0.0,');
  });
});

describe('within_tolerance (default mode: which matches a tolerance decided)', () => {
  // Every energy 5 eV off, within the default relative 1e-3 (bound 8.985 at 8985).
  const golden = [
    { channel: 'shutter:cmd', timestamp: 0, value: 'open' },
    ...Array.from({ length: 3 }, (_, i) => [
      { channel: 'mono:energy', timestamp: 0.5 + i, value: 8980 + i },
      { channel: 'det:counts', timestamp: 0.7 + i, value: 1000 + 10 * i },
    ]).flat(),
  ];
  const offset5 = golden.map((e) =>
    e.channel === 'mono:energy' ? { ...e, value: (e.value as number) + 5 } : e,
  );
  const parsed = (mode: 'default' | 'reference') =>
    JSON.parse(stringifyReport(evaluate(golden, offset5, { mode }))) as {
      alignment_rows: Array<Record<string, unknown>>;
      metrics: { discrete: { details: Record<string, unknown> } };
    };

  it('annotates each row matched only within tolerance and counts them in the discrete details', () => {
    const report = parsed('default');
    expect(report.alignment_rows[1]).toEqual({
      index: 2,
      gt: { channel: 'mono:energy', timestamp: 0.5, value: 8980 },
      pred: { channel: 'mono:energy', timestamp: 0.5, value: 8985 },
      match: true,
      ignored: false,
      within_tolerance: { delta: 5, tol: 8.985 },
    });
    // An exact match has no such key; the count is the last discrete detail.
    expect(Object.keys(report.alignment_rows[2]!)).toEqual([
      'index',
      'gt',
      'pred',
      'match',
      'ignored',
    ]);
    expect(
      report.alignment_rows.filter((r) => 'within_tolerance' in r).map((r) => r['index']),
    ).toEqual([2, 4, 6]);
    expect(Object.entries(report.metrics.discrete.details).at(-1)).toEqual(['within_tolerance', 3]);
    expect(stringifyReport(evaluate(golden, offset5))).toContain(
      '"within_tolerance": {\n        "delta": 5.0,\n        "tol": 8.985\n      }',
    );
  });

  it('the object form says the same; reference mode has neither (the reference has no such field)', () => {
    const r = evaluate(golden, offset5);
    const obj = toJsonReport(r);
    expect(obj.alignment_rows[1]!.within_tolerance).toEqual({ delta: 5, tol: 8.985 });
    expect(obj.metrics['discrete']!.details['within_tolerance']).toBe(3);
    expect(stringifyReport(evaluate(golden, offset5, { mode: 'reference' }))).not.toContain(
      'within_tolerance',
    );
    expect(stringifyReport(evaluate(golden, golden))).not.toContain('within_tolerance');
  });
});
