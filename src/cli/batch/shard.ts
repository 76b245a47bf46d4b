/**
 * `envtrace evaluate --gt-dir … --pred-dir … --shard i/n`: the pairs of shard i of n.
 *
 * The split is Vitest's `--shard` (`BaseSequencer.shard` in Vitest 4.1): not by sorted index but
 * by a stable hash. Every pair is ordered by the SHA-1 hex digest of `/` + its name (the pairing
 * key, UTF-8: what Vitest hashes for a test file at that path under its root, so a corpus splits
 * as Vitest would split files of those names), and shard i takes the i-th of n contiguous slices
 * of that order, the first `N mod n` slices one pair longer (sizes differ by at most one). A pair's shard depends only on its own name and the set of names, never on the order
 * the directory lists them in, and the n shards together hold every pair exactly once. Like
 * Vitest, more shards than pairs is refused (a shard would be empty). Worst case O(N log N) time
 * (the sort) and O(N) space for N pairs, plus one digest per name.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../types.js';
import { byKey } from './pairs.js';

/** Shard `index` of `count` (1 ≤ index ≤ count), as the run report records it (`meta.shard`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parse `--shard i/n` (decimal integers, 1 ≤ i ≤ n); anything else is a `UsageError`. */
export function parseShard(text: string): Shard {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(index >= 1 && count >= 1 && index <= count))
    throw new UsageError(
      `--shard must be i/n with whole numbers 1 ≤ i ≤ n (e.g. 1/3), got ${JSON.stringify(text)}`,
    );
  return { index, count };
}

/** The half-open range [start, end) of shard `index` of `count` over `total` ordered items. */
export function shardRange(total: number, { index, count }: Shard): [number, number] {
  const base = Math.floor(total / count);
  const longer = total % count; // the first `longer` shards hold base + 1
  if (index <= longer) return [(base + 1) * (index - 1), (base + 1) * index];
  const start = longer * (base + 1) + (index - longer - 1) * base;
  return [start, start + base];
}

/** The key a pair is placed by: the SHA-1 hex digest of `/` + its name (Vitest's root-relative path). */
export function shardHash(key: string): string {
  return createHash('sha1').update(`/${key}`, 'utf8').digest('hex');
}

/**
 * The items of `shard` (each named by a distinct `key`), in key order. Throws a `UsageError` when
 * there are fewer items than shards.
 */
export function selectShard<T extends { readonly key: string }>(
  items: readonly T[],
  shard: Shard,
): T[] {
  if (shard.count > items.length)
    throw new UsageError(
      `--shard ${shard.index}/${shard.count}: ${items.length} ${items.length === 1 ? 'pair' : 'pairs'} cannot fill ${shard.count} shards (a shard would be empty); use at most ${items.length}`,
    );
  const [start, end] = shardRange(items.length, shard);
  return items
    .map((item) => ({ item, hash: shardHash(item.key) }))
    .sort((a, b) => byKey(a.hash, b.hash) || byKey(a.item.key, b.item.key))
    .slice(start, end)
    .map(({ item }) => item)
    .sort((a, b) => byKey(a.key, b.key));
}
