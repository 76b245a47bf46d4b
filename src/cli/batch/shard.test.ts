import { describe, expect, it } from 'vitest';
import { UsageError } from '../types.js';
import { byKey } from './pairs.js';
import { parseShard, selectShard, shardRange, type Shard } from './shard.js';
import { mulberry32 } from '../../report/run/stats.js';

const ALPHABET = 'abcxyz019_-./ éü°日本';

/** `n` distinct random pair names (some nested, some non-ASCII). */
function randomKeys(rand: () => number, n: number): string[] {
  const keys = new Set<string>();
  while (keys.size < n) {
    const len = 1 + Math.floor(rand() * 12);
    let k = '';
    for (let i = 0; i < len; i++) k += ALPHABET[Math.floor(rand() * ALPHABET.length)];
    keys.add(k.replace(/^\/+|\/+$/g, '') || 'x');
  }
  return [...keys];
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const shardsOf = (count: number): Shard[] =>
  Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));

describe('parseShard', () => {
  it('reads i/n with 1 ≤ i ≤ n', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('10/12')).toEqual({ index: 10, count: 12 });
  });

  it.each(['0/2', '3/2', 'a/b', '1/0', '', '1', '1/2/3', '-1/2', '1.5/2', ' 1/2', '1/ 2', '0x1/2'])(
    'refuses %j with one line naming the expected form',
    (text) => {
      expect(() => parseShard(text)).toThrow(UsageError);
      expect(() => parseShard(text)).toThrow(
        `--shard must be i/n with whole numbers 1 ≤ i ≤ n (e.g. 1/3), got ${JSON.stringify(text)}`,
      );
    },
  );
});

describe('shardRange', () => {
  it('splits N items into n contiguous slices, the first N mod n one longer', () => {
    expect(shardsOf(3).map((s) => shardRange(10, s))).toEqual([
      [0, 4],
      [4, 7],
      [7, 10],
    ]);
    expect(shardsOf(4).map((s) => shardRange(4, s))).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    for (let total = 1; total <= 40; total++)
      for (let count = 1; count <= total; count++) {
        const ranges = shardsOf(count).map((s) => shardRange(total, s));
        expect(ranges[0]![0]).toBe(0);
        expect(ranges.at(-1)![1]).toBe(total);
        for (let i = 1; i < count; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
        const sizes = ranges.map(([a, b]) => b - a);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
  });
});

describe('selectShard', () => {
  it('the n shards hold every pair exactly once, whatever the names, for several n', () => {
    const rand = mulberry32(20261201);
    for (let round = 0; round < 30; round++) {
      const keys = randomKeys(rand, 1 + Math.floor(rand() * 200));
      const count = 1 + Math.floor(rand() * Math.min(keys.length, 9));
      const items = keys.map((key) => ({ key }));
      const seen = shardsOf(count).flatMap((s) => selectShard(items, s).map((i) => i.key));
      expect(seen.sort(byKey)).toEqual([...keys].sort(byKey));
      // Balanced like Vitest: sizes differ by at most one.
      const sizes = shardsOf(count).map((s) => selectShard(items, s).length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('is stable under reordering of the directory listing, and returns its pairs in key order', () => {
    const rand = mulberry32(7);
    const keys = randomKeys(rand, 120);
    const items = keys.map((key) => ({ key }));
    for (const shard of shardsOf(4)) {
      const base = selectShard(items, shard).map((i) => i.key);
      expect(base).toEqual([...base].sort(byKey));
      for (let r = 0; r < 5; r++)
        expect(selectShard(shuffled(items, rand), shard).map((i) => i.key)).toEqual(base);
    }
  });

  it("assigns pairs to shards exactly as Vitest's own BaseSequencer assigns files of those names", async () => {
    const { BaseSequencer } = await import('vitest/node');
    const rand = mulberry32(42);
    const root = '/corpus';
    for (let round = 0; round < 10; round++) {
      // Path-like names (no `.`/`..` segments, which path.resolve would fold).
      const keys = randomKeys(rand, 5 + Math.floor(rand() * 60)).map(
        (k) =>
          k
            .replace(/[^a-z0-9_-]+/g, '/')
            .replace(/^\/+|\/+$/g, '')
            .replace(/\/+/g, '/') || 'x',
      );
      const unique = [...new Set(keys)];
      const count = 1 + Math.floor(rand() * Math.min(unique.length, 6));
      for (const shard of shardsOf(count)) {
        const ctx = { config: { shard, root } };
        const sequencer = new BaseSequencer(
          ctx as unknown as ConstructorParameters<typeof BaseSequencer>[0],
        );
        const specs = unique.map((k) => ({ moduleId: `${root}/${k}` }));
        const theirs = (
          await sequencer.shard(specs as unknown as Parameters<typeof sequencer.shard>[0])
        )
          .map((s) => (s as unknown as { moduleId: string }).moduleId.slice(root.length + 1))
          .sort(byKey);
        const ours = selectShard(
          unique.map((key) => ({ key })),
          shard,
        ).map((i) => i.key);
        expect(ours).toEqual(theirs);
      }
    }
  });

  it('refuses more shards than pairs (a shard would be empty), as Vitest does', () => {
    const items = [{ key: 'a' }, { key: 'b' }];
    expect(() => selectShard(items, { index: 1, count: 3 })).toThrow(
      '--shard 1/3: 2 pairs cannot fill 3 shards (a shard would be empty); use at most 2',
    );
    expect(selectShard(items, { index: 2, count: 2 })).toHaveLength(1);
  });
});
