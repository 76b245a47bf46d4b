import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { describeReceived, expected, parseInput } from './input.js';

describe('describeReceived', () => {
  it.each([
    [undefined, 'nothing'],
    [null, 'null'],
    [2, '2'],
    [Number.NaN, 'NaN'],
    [true, 'true'],
    [10n, '10'],
    ['high', '"high"'],
    ['x'.repeat(50), `"${'x'.repeat(39)}…"`],
    ['\u001b[2J', '"\\u001b[2J"'],
    ['\u202e', '"\\u202e"'],
    [[1], 'an array'],
    [{}, 'an object'],
    [new Map(), 'a Map object'],
    [() => 1, 'a function'],
    [Symbol('s'), 'a symbol'],
  ])('%s → %s', (v, text) => {
    expect(describeReceived(v)).toBe(text);
  });
});

describe('parseInput', () => {
  const schema = z.strictObject({
    n: z.number(expected('a number')),
    list: z.array(z.string(expected('a string'))).optional(),
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { n: 1 }, 'test options')).toEqual({ n: 1 });
  });

  it('throws one ConfigError naming where, the path and the received value', () => {
    const run = () => parseInput(schema, { n: 'one' }, 'test options');
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/^test options: n: expected a number, received "one"$/);
  });

  it('lists several problems one per line, each kept in issues', () => {
    let err: unknown;
    try {
      parseInput(schema, { list: ['a', 2], other: 1 }, 'test options');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toBe(
      'test options: 3 problems:\n  n: expected a number, received nothing\n  list[1]: expected a string, received 2\n  unknown option "other" (known: n, list)',
    );
    // Every issue is kept as data; the error's own path is empty (several problems).
    expect((err as ConfigError).issues.map((i) => i.path)).toEqual([['n'], ['list', 1], []]);
    expect((err as ConfigError).path).toEqual([]);
    expect((err as ConfigError).label).toBe('test options');
    expect((err as ConfigError).code).toBe('ERR_CONFIG');
  });
});
