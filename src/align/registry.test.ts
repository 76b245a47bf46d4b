import { describe, expect, it } from 'vitest';
import { CHECKED_NUMBERS } from '../schema/helpers.js';
import { DifflibAligner } from './difflib.js';
import { ALIGNERS, alignerNamesText, alignerPlugin } from './registry.js';
import { NeedlemanWunschAligner } from './nw.js';

describe('aligner registry', () => {
  it('names and aliases are unique; difflib (the reference) comes first', () => {
    const all = ALIGNERS.flatMap((p) => [p.name, ...p.aliases]);
    expect(new Set(all).size).toBe(all.length);
    expect(ALIGNERS[0].name).toBe('difflib');
    expect(alignerNamesText()).toBe('"difflib", "nw", "behavior"');
  });

  it('creates each aligner from its validated spec', () => {
    expect(
      alignerPlugin('difflib')!.create({ name: 'difflib' } as never, ['aligner']),
    ).toBeInstanceOf(DifflibAligner);
    const nw = alignerPlugin('nw')!;
    const spec = nw.schema(CHECKED_NUMBERS).parse({ name: 'nw', gap_open: 2 });
    expect(nw.create(spec as never, ['aligner'])).toBeInstanceOf(NeedlemanWunschAligner);
  });

  it('schemas are strict; nw costs must be >= 0 with match <= mismatch', () => {
    expect(
      alignerPlugin('difflib')!
        .schema(CHECKED_NUMBERS)
        .safeParse({ name: 'difflib', autojunk: true }).success,
    ).toBe(false);
    const nw = alignerPlugin('nw')!.schema(CHECKED_NUMBERS);
    expect(nw.safeParse({ name: 'nw', gap_open: -1 }).success).toBe(false);
    expect(nw.safeParse({ name: 'nw', match: 3 }).success).toBe(false);
    expect(nw.safeParse({ name: 'nw', match: 1, mismatch: 1 }).success).toBe(true);
    expect(alignerPlugin('smith-waterman')).toBeUndefined();
  });
});
