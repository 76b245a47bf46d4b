import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBestOf } from '../index.js';
import { buildCheckDetail } from '../report/run/detail.js';
import { buildRecord, canonicalConfigText, configDigest, finiteOrNull } from './buildRecord.js';
import type { RecordInfo } from './buildRecord.js';
import { toReportRecord } from '../report/run/model.js';
import { evaluateRenamed } from '../report/unmeasured.test-helpers.js';

const gt = [
  { channel: 'motor:x', timestamp: 0, value: 1 },
  { channel: 'det:Acquire', timestamp: 1, value: 1 },
  { channel: 'det:Acquire', timestamp: 2, value: 0 },
];

const info: RecordInfo = {
  matcher: 'toMatchTraceBehavior',
  testPath: '/p/a.test.ts',
  testName: 'scan moves',
  retry: 1,
  repeat: 0,
  seq: 2,
  pass: false,
  negated: false,
  minScore: 0.9,
  config: { mode: 'default' },
  golden: { kind: 'inline', count: 1 },
  version: '0.1.0',
};

describe('buildRecord', () => {
  it('keeps the failure sentence and the call location given, and the run report keeps them too', () => {
    const result = evaluate(gt, gt);
    const plain = buildRecord(result, info);
    expect('failure' in plain || 'location' in plain).toBe(false);
    const rec = buildRecord(result, {
      ...info,
      failure: 'Expected the received trace to behave like the golden trace, but …',
      location: { line: 12, column: 5 },
    });
    expect(rec.failure).toBe('Expected the received trace to behave like the golden trace, but …');
    expect(rec.location).toEqual({ line: 12, column: 5 });
    const kept = toReportRecord(rec);
    expect([kept.failure, kept.location]).toEqual([rec.failure, rec.location]);
    const missing = buildRecord(result, { ...info, goldenStatus: 'missing', failure: 'No golden' });
    expect(missing.failure).toBe('No golden');
  });

  it('copies the evaluation as plain JSON-safe data', () => {
    const pred = [gt[0]!, { ...gt[1]!, value: 0 }, gt[2]!];
    const result = evaluate(gt, pred);
    const rec = buildRecord(result, info);
    expect(rec).toEqual({
      v: 2,
      matcher: 'toMatchTraceBehavior',
      testPath: '/p/a.test.ts',
      testName: 'scan moves',
      retry: 1,
      repeat: 0,
      seq: 2,
      pass: false,
      negated: false,
      mode: 'default',
      full_score: result.full_score,
      accuracy: false,
      metrics: {
        discrete: { score: 2 / 3, binary_pass: false },
        timing: { score: result.metrics['timing']!.score, binary_pass: true },
        structure: { score: 1, binary_pass: true },
      },
      decision: { discrete: false, timing: true },
      min_score: 0.9,
      config_digest: configDigest({ mode: 'default' }),
      golden: { kind: 'inline', count: 1 },
      best_index: null,
      envtrace_version: '0.1.0',
      detail: buildCheckDetail(result),
    });
    // The drill-down names the one differing row.
    expect(rec.detail!.rows).toMatchObject({ total: 3, differing: 1, cut: 0 });
    expect(rec.detail!.rows.items[1]).toMatchObject({
      index: 2,
      match: false,
      gt: { value: '1' },
      pred: { value: '0' },
    });
    expect(JSON.parse(JSON.stringify(rec))).toEqual(rec);
    expect(structuredClone(rec)).toEqual(rec);
  });

  it('turns NaN scores into null and keeps best-of index and golden status', () => {
    const result = evaluateBestOf([gt, gt], gt);
    const rec = buildRecord(
      {
        ...result,
        full_score: Number.NaN,
        metrics: {
          ...result.metrics,
          custom: { name: 'custom', score: Number.NaN, binary_pass: false, details: {} },
        },
      },
      {
        ...info,
        golden: { kind: 'golden', paths: ['__traces__/a.test.ts/x.trace.json'], count: 1 },
        goldenStatus: 'written',
      },
    );
    expect(rec.full_score).toBeNull();
    expect(rec.metrics['custom']).toEqual({ score: null, binary_pass: false });
    expect(rec.best_index).toBe(0);
    expect(rec.golden_status).toBe('written');
    expect(rec.golden.paths).toEqual(['__traces__/a.test.ts/x.trace.json']);
  });
});

describe('configDigest', () => {
  it('is 12 hex digits, stable, and sensitive to values and key order', () => {
    const a = configDigest({ aggregation: { weights: { discrete: 0.8, timing: 0.2 } } });
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(configDigest({ aggregation: { weights: { discrete: 0.8, timing: 0.2 } } })).toBe(a);
    expect(configDigest({ aggregation: { weights: { timing: 0.2, discrete: 0.8 } } })).not.toBe(a);
    expect(configDigest({ aggregation: { weights: { discrete: 0.7, timing: 0.2 } } })).not.toBe(a);
    expect(configDigest(undefined)).toBe(configDigest({}));
  });

  it('names functions, classes, bigints and non-finite numbers instead of dropping them', () => {
    function myMetric(): void {}
    class Cmp {
      readonly name = 'c';
    }
    expect(
      canonicalConfigText({
        f: myMetric,
        c: new Cmp(),
        b: 10n,
        n: Number.NaN,
        i: -Infinity,
        z: -0,
        u: undefined,
        m: new Map([['k', 1]]),
      }),
    ).toBe(
      '{"f":"#function:myMetric","c":{"#class":"Cmp","name":"c"},"b":"#bigint:10","n":"#NaN","i":"#-Infinity","z":-0,"u":null,"m":{"#map":[["k",1]]}}',
    );
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(canonicalConfigText(cyclic)).toBe('{"self":"#circular"}');
  });

  it('finiteOrNull', () => {
    expect([1, 0, -2.5, Number.NaN, Infinity, '1', null].map(finiteOrNull)).toEqual([
      1,
      0,
      -2.5,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('buildRecord of a missing golden', () => {
  it('has no score, metrics or detail: nothing was compared (not 0.000 on every metric)', () => {
    const rec = buildRecord(evaluate([], gt), {
      ...info,
      matcher: 'toMatchGoldenTrace',
      goldenStatus: 'missing',
      golden: { kind: 'golden', paths: ['__traces__/a.test.ts/t.trace.json'], count: 1 },
    });
    expect(rec).toMatchObject({
      full_score: null,
      accuracy: false,
      metrics: {},
      decision: {},
      golden_status: 'missing',
      pass: false,
    });
    expect(rec.detail).toBeUndefined();
  });
});

describe('buildRecord of metrics that were not measured', () => {
  it('default mode: the metric keeps its stand-in score and says why (the run report keeps it)', () => {
    const rec = buildRecord(evaluateRenamed('default'), info);
    expect(rec.metrics['timing']).toEqual({
      score: 0,
      binary_pass: false,
      not_measured: 'no matching PV/value pairs for timing evaluation',
    });
    expect(rec.metrics['discrete']).toEqual({ score: 0, binary_pass: false });
    expect(toReportRecord(rec).metrics['timing']).toEqual(rec.metrics['timing']);
  });

  it('reference mode: score and pass only, as before', () => {
    const rec = buildRecord(evaluateRenamed('reference'), info);
    expect(rec.metrics['timing']).toEqual({ score: 0, binary_pass: false });
  });
});
