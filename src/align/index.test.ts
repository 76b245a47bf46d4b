import { describe, it, expect } from 'vitest';
import { ConfigError } from '../errors.js';
import { DifflibAligner, NeedlemanWunschAligner, createAligner, internKeys } from './index.js';
import type { AlignerSpec, Aligner, IndexPair } from './index.js';

describe('internKeys', () => {
  it('numbers channels in first-seen order, gt first, shared across both sides', () => {
    const k = internKeys(['motor:y', 'det', 'motor:y'], ['temp', 'det', 'motor:x']);
    expect(k.channelNames).toEqual(['motor:y', 'det', 'temp', 'motor:x']);
    expect(Array.from(k.gt)).toEqual([0, 1, 0]);
    expect(Array.from(k.pred)).toEqual([2, 1, 3]);
  });

  it('handles empty sides and names that look like object keys', () => {
    const k = internKeys([], ['__proto__', 'constructor', '__proto__']);
    expect(k.channelNames).toEqual(['__proto__', 'constructor']);
    expect(Array.from(k.gt)).toEqual([]);
    expect(Array.from(k.pred)).toEqual([0, 1, 0]);
  });
});

describe('createAligner', () => {
  it('builds the built-in aligners by name or spec', () => {
    expect(createAligner('difflib')).toBeInstanceOf(DifflibAligner);
    expect(createAligner({ name: 'difflib' })).toBeInstanceOf(DifflibAligner);
    expect(createAligner('nw')).toBeInstanceOf(NeedlemanWunschAligner);
    const nw = createAligner({ name: 'nw', gap_open: 3, by_channel: { a: { gap_extend: 0.5 } } });
    expect(nw).toBeInstanceOf(NeedlemanWunschAligner);
    expect((nw as NeedlemanWunschAligner).options.gap_open).toBe(3);
    expect((nw as NeedlemanWunschAligner).options.by_channel.get('a')).toEqual({
      gap_open: 3,
      gap_extend: 0.5,
    });
  });

  it('passes a user aligner through unchanged', () => {
    const mine: Aligner = {
      name: 'zip',
      align: (gt, pred): IndexPair[] =>
        Array.from({ length: Math.max(gt.length, pred.length) }, (_, i) => ({
          gt: i < gt.length ? i : null,
          pred: i < pred.length ? i : null,
          tag: 'replace' as const,
        })),
    };
    expect(createAligner(mine)).toBe(mine);
  });

  it.each([
    ['smith-waterman', 'aligner'],
    [{ name: 'sw' }, 'aligner.name'],
    [{ name: 'difflib', autojunk: true }, 'aligner.autojunk'],
    [{ name: 'nw', gap_open: -1 }, 'aligner.gap_open'],
    [{ name: 'nw', mismatch: 0, match: 1 }, 'aligner.match'],
    [{ name: 'nw', band: 3 }, 'aligner.band'],
    [null, 'aligner'],
    [42, 'aligner'],
  ])('rejects %j with a ConfigError at %s', (input, path) => {
    let error: unknown;
    try {
      createAligner(input as unknown as AlignerSpec);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).pathText).toBe(path);
  });

  it('prefixes error paths with the caller-supplied location', () => {
    expect(() =>
      createAligner({ name: 'nw', gap_extend: Number.NaN }, ['config', 'aligner']),
    ).toThrow(/config\.aligner\.gap_extend/);
  });
});
