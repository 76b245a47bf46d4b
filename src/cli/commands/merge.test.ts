import { readFileSync } from 'node:fs';
import { afterEach, describe, it, expect } from 'vitest';
import { buildRunReport } from '../../report/run/model.js';
import { scenario } from '../../report/run/fixtures.test-helpers.js';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

function setup() {
  const t = tempDir();
  dirs.push(t);
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
  t.write('s1.json', JSON.stringify(s1));
  t.write('s2.json', JSON.stringify(s2));
  return { t, whole: buildRunReport(base) };
}

describe('envtrace merge', () => {
  it('writes the merged report and prints the summary; exit 1 on failed tests and the missed gate', async () => {
    const { t, whole } = setup();
    const io = captureIO(t.dir);
    const code = await main(['merge', 's1.json', 's2.json', '--out', 'merged.json'], io);
    expect(io.err()).toBe('');
    expect(code).toBe(1);
    const merged = JSON.parse(readFileSync(`${t.dir}/merged.json`, 'utf8'));
    expect(merged.tests).toEqual(whole.tests);
    expect(merged.summary).toEqual(whole.summary);
    expect(io.out()).toContain('minMeanScore missed: mean score 0.6167 < 0.7000 (short by 0.0833)');
    expect(io.out()).toContain(
      'Verdict   FAILED: 1 file error · 3 of 8 tests failed (1 skipped) · 1 of 3 gates missed',
    );
    expect(io.out()).not.toMatch(/\u001b\[/);
  });

  it('creates missing parent directories of --out', async () => {
    const { t, whole } = setup();
    const io = captureIO(t.dir);
    await main(
      ['merge', 's1.json', 's2.json', '--out', 'ci/merged/report.json', '--quiet', '--merge-only'],
      io,
    );
    expect(io.err()).toBe('');
    const merged = JSON.parse(readFileSync(`${t.dir}/ci/merged/report.json`, 'utf8'));
    expect(merged.tests).toEqual(whole.tests);
  });

  it('gate options override the inputs; failed tests still fail the merged run', async () => {
    const { t } = setup();
    const io = captureIO(t.dir);
    expect(await main(['merge', 's1.json', 's2.json', '--min-mean-score', '0.5'], io)).toBe(1);
    expect(io.out()).toContain('✓ minMeanScore met: mean score 0.6167 ≥ 0.5000');
    expect(io.out()).toContain(
      'Verdict   FAILED: 1 file error · 3 of 8 tests failed (1 skipped) · the only gate met',
    );
  });

  it('exit 0 when the merged run passed (no failed test, gates met)', async () => {
    const t = tempDir();
    dirs.push(t);
    const base = scenario();
    const passing = {
      ...base,
      files: [],
      tests: base.tests.filter((x) => x.status !== 'failed'),
      config: { gates: { minPassRate: 1 } },
    };
    const inShard = (n: number) => (f: { file: string }) =>
      (f.file.includes('/src/b.') ? 2 : 1) === n;
    t.write(
      'p1.json',
      JSON.stringify(buildRunReport({ ...passing, tests: passing.tests.filter(inShard(1)) })),
    );
    t.write(
      'p2.json',
      JSON.stringify(buildRunReport({ ...passing, tests: passing.tests.filter(inShard(2)) })),
    );
    const io = captureIO(t.dir);
    expect(await main(['merge', 'p1.json', 'p2.json'], io)).toBe(0);
    expect(io.out()).toContain('✓ minPassRate met: pass rate 100.0% ≥ 100.0%');
    expect(io.out()).toContain(
      'Verdict   PASSED: all 5 tests passed (1 skipped) · the only gate met',
    );
    expect(io.err()).toBe('');
  });

  it('--quiet: no summary; a failed run says why in one line on stderr', async () => {
    const { t } = setup();
    const io = captureIO(t.dir);
    expect(await main(['merge', 's1.json', 's2.json', '--quiet'], io)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      'envtrace merge: FAILED: 1 file error · 3 of 8 tests failed (1 skipped) · 1 of 3 gates missed\n',
    );
  });

  it('--merge-only: writes the merged report, exit 0 despite failed tests and a missed gate', async () => {
    const { t, whole } = setup();
    const io = captureIO(t.dir);
    expect(
      await main(['merge', 's1.json', 's2.json', '--out', 'merged.json', '--merge-only'], io),
    ).toBe(0);
    expect(io.err()).toBe('');
    expect(io.out()).toContain('Verdict   FAILED: 1 file error');
    const merged = JSON.parse(readFileSync(`${t.dir}/merged.json`, 'utf8'));
    expect(merged.summary.verdict).toEqual({
      passed: false,
      failed_tests: 3,
      file_errors: 1,
      missed_gates: 1,
    });
    expect(merged.summary).toEqual(whole.summary);
  });

  it.each([
    [['merge'], /^envtrace: no report to merge/],
    [
      ['merge', 'missing.json'],
      /^envtrace: missing\.json: cannot read run report \(no such file or directory\)\n$/,
    ],
    [
      ['merge', 's1.json', 's1.json'],
      /^envtrace: test file "src\/a\.test\.ts" is in both s1\.json and s1\.json/,
    ],
    [
      ['merge', 's1.json', '--min-pass-rate', '2'],
      /^envtrace: --min-pass-rate must be a number in \[0, 1\], got "2"\n$/,
    ],
    [
      ['merge', 's1.json', '--bogus'],
      /^envtrace: unknown option '--bogus' for 'envtrace merge' \(run 'envtrace help merge' for usage\)\n$/,
    ],
    [['merge', 'bad.json'], /^envtrace: bad\.json: not valid JSON/],
  ])('%j → exit 2 with one line', async (argv, msg) => {
    const { t } = setup();
    t.write('bad.json', '{nope');
    const io = captureIO(t.dir);
    expect(await main(argv, io)).toBe(2);
    expect(io.err()).toMatch(msg);
    expect(io.err().trim().split('\n')).toHaveLength(1);
  });
});

describe('envtrace compare', () => {
  it('exit 0 without change, 1 on a regression beyond the tolerance', async () => {
    const { t } = setup();
    const base = scenario();
    const worse = buildRunReport({
      ...base,
      tests: base.tests.map((x) =>
        x.name === 'A one'
          ? {
              ...x,
              records: x.records.map((r) => ({ ...r, full_score: (r.full_score ?? 0) - 0.05 })),
            }
          : x,
      ),
    });
    t.write('whole.json', JSON.stringify(buildRunReport(base)));
    t.write('worse.json', JSON.stringify(worse));
    let io = captureIO(t.dir);
    expect(await main(['compare', 'whole.json', 'whole.json'], io)).toBe(0);
    expect(io.out()).toContain('OK: no regression');
    io = captureIO(t.dir);
    expect(await main(['compare', 'whole.json', 'worse.json'], io)).toBe(1);
    expect(io.out()).toMatch(/regression {3}0\.8000 → 0\.7500 \(-0\.0500\)/);
    io = captureIO(t.dir);
    expect(await main(['compare', 'whole.json', 'worse.json', '--tolerance', '0.1'], io)).toBe(0);
    io = captureIO(t.dir);
    expect(await main(['compare', 'whole.json', 'worse.json', '--json'], io)).toBe(1);
    expect(JSON.parse(io.out()).regressions).toBe(1);
  });

  it('--significant gates on the paired test over the run, not on one score drop', async () => {
    const { t } = setup();
    const base = scenario();
    const worse = buildRunReport({
      ...base,
      tests: base.tests.map((x) =>
        x.name === 'A one'
          ? {
              ...x,
              records: x.records.map((r) => ({ ...r, full_score: (r.full_score ?? 0) - 0.05 })),
            }
          : x,
      ),
    });
    t.write('whole.json', JSON.stringify(buildRunReport(base)));
    t.write('worse.json', JSON.stringify(worse));
    const io = captureIO(t.dir);
    // One test worse of the five scored in both: not significant.
    expect(await main(['compare', 'whole.json', 'worse.json', '--significant'], io)).toBe(0);
    expect(io.out()).toContain('run as a whole: no significant change');
    expect(io.out()).toContain('OK: no regression');
  });

  it('bad input → exit 2', async () => {
    const { t } = setup();
    const io = captureIO(t.dir);
    expect(await main(['compare', 's1.json'], io)).toBe(2);
    expect(io.err()).toMatch(/^envtrace: expected two reports/);
    const io2 = captureIO(t.dir);
    expect(await main(['compare', 's1.json', 's2.json', '--tolerance', '-1'], io2)).toBe(2);
  });
});
