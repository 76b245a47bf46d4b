import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { argsMatcher, argsPredicate, type ArgsMatch } from './args.js';

describe('argsPredicate (reference first, prediction second)', () => {
  it.each<[ArgsMatch, unknown, unknown, boolean]>([
    ['exact', { a: 1, b: [1] }, { b: [1], a: 1 }, true],
    ['exact', { a: 1 }, { a: 1, b: 2 }, false],
    ['exact', 'text', 'text', true],
    ['ignore', { a: 1 }, 'anything', true],
    ['superset', { a: 1 }, { a: 1, b: 2 }, true],
    ['superset', { a: 1, b: 2 }, { a: 1 }, false],
    ['superset', { o: { k: 1 } }, { o: { k: 1, j: 2 } }, true],
    ['subset', { a: 1, b: 2 }, { a: 1 }, true],
    ['subset', { a: 1 }, { a: 1, b: 2 }, false],
    [['a'], { a: 1, b: 2 }, { a: 1, b: 3 }, true],
    [['a', 'b'], { a: 1, b: 2 }, { a: 1, b: 3 }, false],
    [['a'], { b: 1 }, { c: 1 }, true], // missing on both sides
  ])('%j: %j vs %j → %s', (spec, ref, pred, expected) => {
    expect(argsPredicate(spec)(ref, pred)).toBe(expected);
  });

  it('a function gets (reference, prediction) and its answer is coerced to a boolean', () => {
    const seen: unknown[] = [];
    const p = argsPredicate(
      ((r: unknown, q: unknown) => (seen.push([r, q]), 1)) as unknown as ArgsMatch,
    );
    expect(p('ref', 'pred')).toBe(true);
    expect(seen).toEqual([['ref', 'pred']]);
  });

  it('argsMatcher: per-tool overrides, the default for the rest', () => {
    const m = argsMatcher('exact', { search: 'ignore' });
    expect(m('search')({ q: 1 }, { q: 2 })).toBe(true);
    expect(m('open')({ q: 1 }, { q: 2 })).toBe(false);
    expect(argsMatcher(undefined, undefined)('x')({ a: 1 }, { a: 1 })).toBe(true);
  });

  it('bad specs are ConfigErrors with the option path', () => {
    expect(() => argsPredicate('fuzzy' as ArgsMatch)).toThrow(ConfigError);
    expect(() => argsMatcher('exact', { open: 'loose' as ArgsMatch })).toThrow(
      'toolArgs.open: unknown argument match "loose"',
    );
  });
});
