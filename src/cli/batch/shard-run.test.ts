import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../report/run/schema.js';
import { batchSandbox, scanTrace, writeTree, BATCH_ARGS } from './fixtures.test-helpers.js';

const box = batchSandbox();
const { cli, report } = box;

/** What a run found, without what depends on the clock (durations, creation time). */
function results(r: RunReport): unknown {
  return {
    files: r.files,
    tests: r.tests.map((t) => ({ ...t, duration_ms: null })),
    summary: r.summary,
  };
}

/** Eight pairs: six that pass, one that fails (`scans/f`), one golden without a prediction (`lonely`). */
function corpus(): void {
  const files: Record<string, string> = {};
  for (const key of ['a', 'b', 'c', 'scans/d', 'scans/e', 'z']) {
    files[`gt/${key}.json`] = scanTrace(4);
    files[`pred/${key}.json`] = scanTrace(4);
  }
  files['gt/scans/f.json'] = scanTrace(4);
  files['pred/scans/f.json'] = scanTrace(3);
  files['gt/lonely.json'] = scanTrace(2);
  writeTree(box.tmp.dir, files);
}

const batch = [...BATCH_ARGS, '--no-color'];

describe('envtrace evaluate --shard i/n', () => {
  it.each(['0/2', '3/2', 'a/b', '1/0', '2'])('--shard %s → exit 2 with one line', async (value) => {
    corpus();
    const r = await cli([...batch, '--shard', value]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `envtrace: --shard must be i/n with whole numbers 1 ≤ i ≤ n (e.g. 1/3), got "${value}"\n`,
    );
    expect(r.out).toBe('');
  });

  it('refuses more shards than pairs, and --shard without batch mode', async () => {
    corpus();
    const r = await cli([...batch, '--shard', '1/9']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'envtrace: --shard 1/9: 8 pairs cannot fill 9 shards (a shard would be empty); use at most 8\n',
    );
    const single = await cli([
      'evaluate',
      '--gt',
      'gt/a.json',
      '--pred',
      'pred/a.json',
      '--shard',
      '1/2',
    ]);
    expect(single.code).toBe(2);
    expect(single.err).toBe(
      'envtrace: --shard is a batch option: it needs --gt-dir and --pred-dir\n',
    );
  });

  it('three shards: each says its share, records it, and their merge equals the unsharded run', async () => {
    corpus();
    const whole = await cli([...batch, '--out', 'whole.json']);
    expect(whole.code).toBe(1); // scans/f fails, lonely has no partner
    const shares: number[] = [];
    for (const i of [1, 2, 3]) {
      const r = await cli([...batch, '--shard', `${i}/3`, '--out', `shard-${i}.json`]);
      const line = r.out.split('\n')[0]!;
      expect(line).toMatch(new RegExp(`^shard ${i}/3: \\d of 8 pairs$`));
      shares.push(Number(/: (\d) of/.exec(line)![1]));
      expect(r.out).toContain(`run summary · cli`);
      expect(r.out).toContain(`· shard ${i}/3`);
      const rep = report(`shard-${i}.json`);
      expect(rep.meta.shard).toEqual({ index: i, count: 3 });
      expect(rep.tests).toHaveLength(shares[i - 1]!);
      expect(r.code).toBe(rep.summary.verdict.passed ? 0 : 1);
    }
    expect(shares).toEqual([3, 3, 2]); // 8 = 3 + 3 + 2, the first 8 mod 3 shards one longer

    // Listed in any order, the shards merge into the unsharded run's results.
    const merged = await cli([
      'merge',
      'shard-3.json',
      'shard-1.json',
      'shard-2.json',
      '--out',
      'merged.json',
      '--quiet',
    ]);
    expect(merged.code).toBe(1);
    expect(merged.err).toBe(
      'envtrace merge: FAILED: 1 file error · 2 of 8 tests failed · no gates configured\n',
    );
    const m = report('merged.json');
    expect(results(m)).toEqual(results(report('whole.json')));
    expect(m.meta.merged_from?.map((x) => x.shard)).toEqual([
      { index: 3, count: 3 },
      { index: 1, count: 3 },
      { index: 2, count: 3 },
    ]);
  });

  it('merge refuses a missing shard, a shard given twice and shards of different counts', async () => {
    corpus();
    for (const s of ['1/3', '2/3', '3/3', '1/2', '2/2'])
      await cli([...batch, '--shard', s, '--quiet', '--out', `s${s.replace('/', 'of')}.json`]);
    const missing = await cli(['merge', 's1of3.json', 's3of3.json']);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(
      'envtrace: shard 2/3 is missing (got 2 of 3); merge the reports of all 3 shards\n',
    );
    const twice = await cli(['merge', 's1of3.json', 's2of3.json', 's3of3.json', 's2of3.json']);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(
      /^envtrace: test file "[^"]+" is in both s2of3\.json and s2of3\.json/,
    );
    const counts = await cli(['merge', 's1of2.json', 's2of3.json']);
    expect(counts.code).toBe(2);
    expect(counts.err).toMatch(
      /^envtrace: (test file "[^"]+" is in both|s1of2\.json is shard 1\/2 but s2of3\.json is shard 2\/3)/,
    );
    expect(counts.err.trim().split('\n')).toHaveLength(1);
    const mixed = await cli([...batch, '--quiet', '--out', 'whole.json']).then(() =>
      cli(['merge', 's1of2.json', 's2of2.json', 'whole.json']),
    );
    expect(mixed.code).toBe(2);
    expect(mixed.err.trim().split('\n')).toHaveLength(1);
    expect((await cli(['merge', 's1of2.json', 's2of2.json', '--merge-only', '--quiet'])).code).toBe(
      0,
    );
  });
});
