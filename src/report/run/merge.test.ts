import { describe, it, expect } from 'vitest';
import { buildRunReport } from './model.js';
import { mergeRunReports, parseRunReport, RunReportError } from './merge.js';
import { compareRunReports, formatComparison } from './compare.js';
import { evaluate } from '../../evaluate/evaluate.js';
import type { EvaluationResult } from '../../evaluate/types.js';
import { buildCheckDetail } from './detail.js';
import { ROOT, rec, scenario } from './fixtures.test-helpers.js';
import { formatConsoleSummary, formatMarkdownSummary } from './console.js';
import {
  evaluateHalfMeasured,
  evaluateRenamed,
  failedCheckRecord,
} from '../unmeasured.test-helpers.js';

const opts = { createdAt: new Date('2025-02-01T00:00:00.000Z'), envtraceVersion: '0.1.0' };

function shards() {
  const base = scenario();
  const inShard = (n: number) => (f: { file: string }) =>
    (f.file.includes('/src/b.') ? 2 : 1) === n;
  const s1 = buildRunReport({
    ...base,
    shard: { index: 1, count: 2 },
    files: base.files.filter(inShard(1)),
    tests: base.tests.filter(inShard(1)),
  });
  const s2 = buildRunReport({
    ...base,
    shard: { index: 2, count: 2 },
    files: base.files.filter(inShard(2)),
    tests: base.tests.filter(inShard(2)),
  });
  return { base, s1, s2 };
}

describe('mergeRunReports', () => {
  it('shard 1/2 + 2/2 merged equals the unsharded run (tests, files, summary)', () => {
    const { base, s1, s2 } = shards();
    const whole = buildRunReport(base);
    expect(s1.tests.length + s2.tests.length).toBe(whole.tests.length);
    const merged = mergeRunReports(
      [
        { file: 'b.json', report: s2 },
        { file: 'a.json', report: s1 },
      ],
      opts,
    );
    expect(merged.tests).toEqual(whole.tests);
    expect(merged.files).toEqual(whole.files);
    expect(merged.summary).toEqual(whole.summary);
    expect(merged.meta.runner).toEqual({ name: 'merge', version: '0.1.0' });
    expect(merged.meta.git_commit).toBe(whole.meta.git_commit);
    expect(merged.meta.merged_from?.map((m) => [m.file, m.shard?.index])).toEqual([
      ['b.json', 2],
      ['a.json', 1],
    ]);
  });

  it("keeps each record's detail (the differing rows of a failed check) through JSON and merge", () => {
    const ev = (channel: string, timestamp: number, value: unknown) => ({
      channel,
      timestamp,
      value,
    });
    const detail = buildCheckDetail(
      evaluate([ev('a', 0, 1), ev('b', 1, 'x')], [ev('a', 0, 1), ev('b', 1, 'y')]),
    );
    expect(detail.rows.differing).toBe(1);
    const { base, s1 } = shards();
    const withDetail = buildRunReport({
      ...base,
      shard: { index: 2, count: 2 },
      files: [],
      tests: [
        {
          file: '/proj/src/b.test.ts',
          name: 'F failed',
          status: 'failed',
          durationMs: 1,
          attempts: 1,
          records: [rec('src/b.test.ts', 'F failed', { pass: false, detail })],
        },
      ],
    });
    const fromJson = parseRunReport(JSON.stringify(withDetail), 'b.json');
    const merged = mergeRunReports(
      [
        { file: 'a.json', report: s1 },
        { file: 'b.json', report: fromJson },
      ],
      opts,
    );
    const t = merged.tests.find((x) => x.name === 'F failed');
    expect(t?.records[0]?.detail).toEqual(detail);
    expect(t?.records[0]?.detail?.rows.items.find((r) => r.match === false)?.pred?.value).toBe(
      '"y"',
    );
  });

  it('a file in two inputs is an error (no duplicated test)', () => {
    const { s1 } = shards();
    expect(() =>
      mergeRunReports(
        [
          { file: 'a.json', report: s1 },
          { file: 'c.json', report: s1 },
        ],
        opts,
      ),
    ).toThrow(/"src\/a.test.ts" is in both a.json and c.json/);
  });

  it('differing gates need an explicit choice', () => {
    const { base, s1 } = shards();
    const other = buildRunReport({
      ...base,
      shard: { index: 2, count: 2 },
      tests: [],
      files: [],
      config: { gates: { minMeanScore: 0.1 } },
    });
    expect(() =>
      mergeRunReports(
        [
          { file: 'a.json', report: s1 },
          { file: 'o.json', report: other },
        ],
        opts,
      ),
    ).toThrow(RunReportError);
    const m = mergeRunReports(
      [
        { file: 'a.json', report: s1 },
        { file: 'o.json', report: other },
      ],
      { ...opts, config: { gates: {} } },
    );
    expect(m.summary.gates.results).toEqual([]);
  });
});

describe('mergeRunReports: shards', () => {
  /** Shard `index` of `count` holding the tests of one scenario file (disjoint from the others). */
  const shard = (index: number, count: number | null, file = `src/s${index}.test.ts`) => {
    const base = scenario();
    const one = base.tests.find((t) => t.status === 'passed')!;
    return buildRunReport({
      ...base,
      shard: count === null ? null : { index, count },
      files: [],
      tests: [{ ...one, file: `/proj/${file}` }],
    });
  };
  const merge = (...reports: Array<[string, ReturnType<typeof shard>]>) =>
    mergeRunReports(
      reports.map(([file, report]) => ({ file, report })),
      opts,
    );

  it('merges all the shards of a run, in any order', () => {
    const m = merge(['c.json', shard(3, 3)], ['a.json', shard(1, 3)], ['b.json', shard(2, 3)]);
    expect(m.tests).toHaveLength(3);
  });

  it('refuses a missing shard, naming it and how many were given', () => {
    expect(() => merge(['a.json', shard(1, 3)], ['c.json', shard(3, 3)])).toThrow(
      'shard 2/3 is missing (got 2 of 3); merge the reports of all 3 shards',
    );
    expect(() => merge(['a.json', shard(1, 4)])).toThrow(
      'shards 2/4, 3/4, 4/4 are missing (got 1 of 4); merge the reports of all 4 shards',
    );
  });

  it('refuses one shard twice (even with different tests), and shards of different counts', () => {
    expect(() =>
      merge(
        ['a.json', shard(1, 2)],
        ['a2.json', shard(1, 2, 'other.test.ts')],
        ['b.json', shard(2, 2)],
      ),
    ).toThrow("shard 1/2 is in both a.json and a2.json; give each shard's report once");
    expect(() => merge(['a.json', shard(1, 2)], ['b.json', shard(2, 3)])).toThrow(
      'a.json is shard 1/2 but b.json is shard 2/3; merge the shards of one run (the same shard count)',
    );
  });

  it('refuses an unsharded report among shards; unsharded reports alone merge as before', () => {
    expect(() =>
      merge(['a.json', shard(1, 2)], ['b.json', shard(2, 2)], ['x.json', shard(9, null)]),
    ).toThrow(
      'x.json is not a shard report (meta.shard is null) but a.json is shard 1/2; merge the reports of the shards of one run',
    );
    expect(merge(['x.json', shard(1, null)], ['y.json', shard(2, null)]).tests).toHaveLength(2);
  });

  it('a merged report counts as the shards it was merged from', () => {
    const half = merge(['a.json', shard(1, null)], ['b.json', shard(2, null)]);
    expect(half.meta.merged_from?.map((m) => m.shard)).toEqual([null, null]);
    const m12 = merge(['a.json', shard(1, 3)], ['b.json', shard(2, 3)], ['c.json', shard(3, 3)]);
    expect(() => merge(['m.json', m12], ['c.json', shard(3, 3, 'again.test.ts')])).toThrow(
      'shard 3/3 is in both m.json and c.json',
    );
  });
});

describe('parseRunReport', () => {
  it('round-trips a report', () => {
    const r = buildRunReport(scenario());
    expect(parseRunReport(JSON.stringify(r), 'r.json')).toEqual(r);
  });

  it('refuses shard k of n with k > n (issue 26 §13)', () => {
    const r = buildRunReport({ ...scenario(), shard: { index: 3, count: 2 } });
    expect(() => parseRunReport(JSON.stringify(r), 'r.json')).toThrow(
      'r.json: meta.shard: index 3 is past count 2 (shard k of n needs k <= n)',
    );
    const ok = buildRunReport({ ...scenario(), shard: { index: 2, count: 2 } });
    expect(parseRunReport(JSON.stringify(ok), 'r.json').meta.shard).toEqual({ index: 2, count: 2 });
  });

  it.each([
    ['{', /^r\.json: not valid JSON/],
    ['[]', /^r\.json: a JSON list, not an envtrace run report: a run report \(envtrace-report/],
    ['3', /^r\.json: not an envtrace run report \(expected a JSON object\)/],
    ['{"events":[]}', /^r\.json: a trace \("events"\), not an envtrace run report: /],
    [
      '{"envtrace_version":"0.1.0","mode":"default","full_score":1}',
      /^r\.json: the JSON report of one evaluation \(--json \/ --out output\), not an envtrace run report/,
    ],
    ['{"kind":"x"}', /^r\.json: not an envtrace run report \(kind is "x"/],
    [
      '{"kind":"envtrace-run-report","schema_version":9}',
      /^r\.json: unsupported schema_version 9 \(this envtrace reads 1\)/,
    ],
  ])('%s', (text, msg) => {
    expect(() => parseRunReport(text, 'r.json')).toThrow(msg);
  });

  it('names the path of a schema violation', () => {
    const r = JSON.parse(JSON.stringify(buildRunReport(scenario())));
    r.tests[1].records[0].full_score = 'high';
    try {
      parseRunReport(JSON.stringify(r), 'r.json');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RunReportError);
      expect((e as RunReportError).code).toBe('ERR_REPORT');
      expect((e as Error).message).toMatch(/^r\.json: tests\[1\]\.records\[0\]\.full_score: /);
    }
  });
});

describe('compareRunReports', () => {
  const base = scenario();
  const baseline = buildRunReport(base);
  // current: A drops 0.8 → 0.75, F sample 2 fixed, F sample 1 newly fails, B unchanged, H added
  const tests = base.tests.map((t) => {
    if (t.name === 'A one')
      return {
        ...t,
        records: t.records.map((r) => ({ ...r, full_score: (r.full_score ?? 0) - 0.05 })),
      };
    if (t.name === 'F sample 2')
      return {
        ...t,
        status: 'passed' as const,
        records: t.records.map((r) => ({ ...r, pass: true, full_score: 0.95 })),
      };
    if (t.name === 'F sample 1')
      return {
        ...t,
        status: 'failed' as const,
        records: t.records.map((r) => ({ ...r, pass: false })),
      };
    return t;
  });
  tests.push({
    file: '/proj/src/c.test.ts',
    name: 'H new',
    status: 'passed',
    durationMs: 1,
    attempts: 1,
    records: [rec('src/c.test.ts', 'H new')],
  });
  const current = buildRunReport({ ...base, tests });

  it('classifies per-test changes', () => {
    const r = compareRunReports(baseline, current);
    const kinds = Object.fromEntries(r.rows.map((x) => [x.name, x.kind]));
    expect(kinds).toMatchObject({
      'A one': 'regression',
      'B two': 'unchanged',
      'D throws': 'unchanged',
      'F sample 1': 'new_failure',
      'F sample 2': 'fixed',
      'H new': 'added',
    });
    expect(r.rows.find((x) => x.name === 'A one')?.delta).toBeCloseTo(-0.05, 12);
    expect(r.regressed).toBe(true);
    expect(r).toMatchObject({ regressions: 1, newFailures: 1, fixed: 1, added: 1, removed: 0 });
  });

  it('tolerance absorbs small drops', () => {
    const r = compareRunReports(baseline, current, { tolerance: 0.1 });
    expect(r.regressions).toBe(0);
    expect(r.newFailures).toBe(1);
    const same = compareRunReports(baseline, baseline);
    expect(same.regressed).toBe(false);
    expect(formatComparison(same)).toContain('OK: no regression');
  });

  it('text output (snapshot)', () => {
    expect(formatComparison(compareRunReports(baseline, current))).toMatchSnapshot();
  });
});

describe('compare stops crying wolf (issue 25)', () => {
  /** 52 tests scored 0.99; `shift(i)` moves test i's score in the current run. */
  function runs(shift: (i: number) => number) {
    const mk = (f: (i: number) => number) =>
      buildRunReport({
        ...scenario(),
        files: [],
        tests: Array.from({ length: 52 }, (_, i) => ({
          file: '/proj/src/j.test.ts',
          name: `t${String(i).padStart(2, '0')}`,
          status: 'passed' as const,
          durationMs: 1,
          attempts: 1,
          records: [rec('src/j.test.ts', `t${i}`, { full_score: 0.99 + f(i) })],
        })),
      });
    return [mk(() => 0), mk(shift)] as const;
  }

  it('timing jitter of −0.0001 … −0.0009 is no regression at the default tolerance (0.005)', () => {
    const [b, c] = runs((i) => (i < 47 ? -0.0001 * (1 + (i % 9)) : 0.00001));
    const r = compareRunReports(b, c);
    expect(r.tolerance).toBe(0.005);
    expect(r).toMatchObject({ regressions: 0, improvements: 0, regressed: false });
    expect(r.paired).toMatchObject({ n: 52, worse: 0, better: 0, ties: 52, verdict: 'no_change' });
    const text = formatComparison(r);
    expect(text).not.toContain('+0.0000');
    expect(text).toContain('OK: no regression');
    // The old default (0) calls every drop a regression; a tiny rise is printed with its digits.
    const strict = compareRunReports(b, c, { tolerance: 0 });
    expect(strict.regressions).toBe(47);
    expect(formatComparison(strict)).toContain('(+1.0e-5)');
  });

  it('the paired sign test says when the run as a whole regressed', () => {
    // 10 tests 0.05 worse, 2 better: p = 2·(1 + 12 + 66)/4096 = 0.0386 < 0.05.
    const [b, c] = runs((i) => (i < 10 ? -0.05 : i < 12 ? 0.005001 + 0.001 : 0));
    const r = compareRunReports(b, c, { gate: 'significant' });
    expect(r.paired).toMatchObject({ worse: 10, better: 2, ties: 40, verdict: 'regressed' });
    expect(r.paired.p_value).toBeCloseTo((2 * (1 + 12 + 66)) / 4096, 12);
    expect(r.paired.mean_delta).toBeCloseTo((-0.5 + 2 * 0.006001) / 52, 12);
    expect(r.paired.ci95![1]).toBeLessThan(0);
    expect(r.regressed).toBe(true);
    expect(formatComparison(r)).toContain('run as a whole: REGRESSED (significant)');
    // Two tests worse, none better: a per-test regression, but not a significant one.
    const [b2, c2] = runs((i) => (i < 2 ? -0.05 : 0));
    expect(compareRunReports(b2, c2).regressed).toBe(true);
    expect(compareRunReports(b2, c2, { gate: 'significant' }).regressed).toBe(false);
  });
});

describe('a merged run with partly, wholly and fully measured checks', () => {
  /** One shard: test `name` in `file`, one check per result (its repeats), through JSON. */
  const shardOf = (index: number, file: string, name: string, results: EvaluationResult[]) =>
    parseRunReport(
      JSON.stringify(
        buildRunReport({
          ...scenario(),
          shard: { index, count: 3 },
          files: [{ file: `${ROOT}/${file}`, status: 'failed', errors: [] }],
          tests: [
            {
              file: `${ROOT}/${file}`,
              name,
              status: 'failed',
              durationMs: 1,
              attempts: results.length,
              records: results.map((r, i) => ({
                ...failedCheckRecord(r, file, name),
                repeat: i,
              })),
            },
          ],
        }),
      ),
      `s${index}.json`,
    );
  const temp = [
    { channel: 'stage:temp', timestamp: 0, value: 20 },
    { channel: 'stage:temp', timestamp: 2, value: 21 },
  ];
  const measured = evaluate(temp, temp, { continuous_channels: { 'stage:temp': {} } });
  const merged = mergeRunReports(
    [
      {
        file: 's1.json',
        report: shardOf(1, 'src/mixed.test.ts', 'mixed', [
          evaluateHalfMeasured(),
          measured,
          evaluateRenamed(),
        ]),
      },
      { file: 's2.json', report: shardOf(2, 'src/half.test.ts', 'half', [evaluateHalfMeasured()]) },
      {
        file: 's3.json',
        report: shardOf(3, 'src/ref.test.ts', 'ref', [evaluateHalfMeasured('reference')]),
      },
    ],
    opts,
  );

  it('keeps each record’s channels_not_measured through JSON and merge', () => {
    const byName = (n: string) => merged.tests.find((t) => t.name === n)!;
    expect(
      byName('mixed').records.map((r) => r.metrics['continuous']?.channels_not_measured?.count),
    ).toEqual([1, undefined, undefined]);
    expect(byName('mixed').records[2]?.metrics['continuous']?.not_measured).toBe(
      'stage:temp: one empty',
    );
    expect(byName('half').records[0]?.metrics['continuous']?.channels_not_measured).toEqual({
      count: 1,
      total: 2,
      channels: [{ channel: 'stage:rh', reason: 'one empty' }],
    });
    expect(byName('ref').records[0]?.metrics['continuous']).toEqual({
      score: 0.5,
      binary_pass: false,
    });
  });

  it('the console and Markdown mark each test’s mean and say why once', () => {
    const text = formatConsoleSummary(merged);
    const row = (n: string) => text.split('\n').find((l) => l.endsWith(`› ${n}`))!;
    // mixed: (0.5 + 1 + 0) / 3 = 0.50, half of it stand-ins.
    expect(row('mixed')).toMatch(/ {3}0\.50\* {4}0\.67 {4}3 {2}✗ /);
    expect(row('half')).toMatch(/ {3}0\.50\* {4}1\.00 {4}1 {2}✗ /);
    expect(row('ref')).toMatch(/ {4}0\.50 {4}1\.00 {4}1 {2}✗ /);
    expect(text).toContain(
      '  * = partly measured, stand-ins in the mean (continuous: 1 of 2 channels not measured: stage:rh (one empty); not measured in 1 of 3 checks (stage:temp: one empty))',
    );
    // The run's metric table: the default-mode checks that did not measure a metric are left out
    // of its statistics (missing, never zero); those that measured it in part are in, stand-ins
    // and all.
    expect(text).toContain(
      [
        '            timing      0.0000  0.0000  0.0000       —      1     0  1/2/0',
        '            structure   0.8000  0.0000  1.0000  0.4472      5     0  3/0/0',
        '            continuous  0.6250  0.5000  1.0000  0.2500      4     0  3/0/0',
        '            timing: not measured in 4 of 5 checks, left out of the statistics',
        '            continuous: stand-ins in the mean: 2 of 5 checks with channels not measured; 1 not measured, left out',
      ].join('\n'),
    );
    const md = formatMarkdownSummary(merged);
    expect(md.match(/0\.50\\\*/g)).toHaveLength(2);
    expect(md).toContain('not measured in 1 of 3 checks \\(stage:temp: one empty\\)');
  });
});
