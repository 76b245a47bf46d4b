/** The fuzz harness itself: it must fail on anything but an envtrace error, and say how to replay. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, TraceError } from '../../src/errors.js';
import { fuzzParams, KNOWN_DEFECTS, mutated, onlyTypedErrors } from './fuzz.js';

describe('onlyTypedErrors', () => {
  it('passes returns and envtrace errors, fails on anything else with its stack', () => {
    expect(onlyTypedErrors(() => 1)).toBeUndefined();
    expect(
      onlyTypedErrors(() => {
        throw new TraceError('bad', { file: 'f.json' });
      }),
    ).toBeInstanceOf(TraceError);
    expect(() =>
      onlyTypedErrors(() => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
    ).toThrow(
      /not an envtrace error escaped:\nRangeError: Maximum call stack size exceeded\n\s+at /,
    );
    expect(() =>
      onlyTypedErrors(() => {
        throw 'a string';
      }),
    ).toThrow('a thrown string: a string');
  });

  it('tolerates only the listed open defects, narrowly', () => {
    expect(KNOWN_DEFECTS.map((d) => d.id)).toEqual([]);
    const yamlElsewhere = Object.assign(new Error('Missing closing "quote'), {
      name: 'YAMLParseError',
    });
    yamlElsewhere.stack =
      'YAMLParseError: Missing closing "quote\n    at somewhere (src/config/load.ts:1:1)';
    expect(() =>
      onlyTypedErrors(() => {
        throw yamlElsewhere;
      }),
    ).toThrow(/not an envtrace error/);
    expect(() =>
      onlyTypedErrors(() => {
        throw new TypeError('cannot read properties of undefined');
      }),
    ).toThrow(/not an envtrace error/);
    expect(
      onlyTypedErrors(() => {
        throw new ConfigError('x');
      }),
    ).toBeInstanceOf(ConfigError);
  });
});

describe('fast-check integration', () => {
  it('a failing property reports its seed and path, for ENVTRACE_FUZZ_SEED / ENVTRACE_FUZZ_PATH', () => {
    let caught: unknown;
    try {
      fc.assert(
        fc.property(mutated(['{"events": []}']), (t) => {
          onlyTypedErrors(() => {
            if (t.length >= 0) throw new TypeError('boom');
          });
        }),
        { ...fuzzParams(5), seed: 42 },
      );
    } catch (e) {
      caught = e;
    }
    expect((caught as Error).message).toMatch(/seed: 42, path: "\d+(:\d+)*"/);
    expect(String(((caught as Error).cause as Error | undefined)?.message)).toMatch(
      /^not an envtrace error escaped:\nTypeError: boom/,
    );
  });

  it('mutated() edits its seeds', () => {
    const samples = fc.sample(
      mutated(['{"events": [{"channel": "a", "timestamp": 0, "value": 1}]}']),
      { numRuns: 50, seed: 1 },
    );
    expect(new Set(samples).size).toBeGreaterThan(40);
  });
});
