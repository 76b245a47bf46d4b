import { describe, expect, it } from 'vitest';
import { ConfigError, parseTrace, TraceError } from '../src/index.js';
import { loadGoldenArg, loadTraceArg, resolveConfig } from './inputs.js';
import { realUtils, scan, stripAnsi } from './testing.js';

const HINT = 'expect(received).toMatchTraceBehavior(golden)';

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}

describe('resolveConfig', () => {
  it('defaults, and splits the pass rule from the evaluation options', () => {
    expect(resolveConfig(undefined).rule).toEqual({ requireAccuracy: true, minScore: undefined });
    const r = resolveConfig({ minScore: 0.8, requireAccuracy: false, mode: 'reference' });
    expect(r.rule).toEqual({ requireAccuracy: false, minScore: 0.8 });
    expect(r.mode).toBe('reference');
    expect(r.options).not.toHaveProperty('minScore');
  });

  it('a misspelt matcher key gets a did-you-mean (not "unknown option key")', () => {
    expect(() => resolveConfig({ minscore: 0.9 })).toThrow(
      'envtrace matcher config: unknown key "minscore" (did you mean "minScore"?)',
    );
    expect(() => resolveConfig({ require_accuracy: false })).toThrow(
      /did you mean "requireAccuracy"/,
    );
    expect(() => resolveConfig({ continous_channels: {} })).toThrow(
      /did you mean "continuous_channels"/,
    );
  });

  it.each([
    ['minScore of the wrong type', { minScore: 'high' }],
    ['a non-finite minScore', { minScore: Number.POSITIVE_INFINITY }],
    ['requireAccuracy of the wrong type', { requireAccuracy: 'no' }],
    ['requireAccuracy false without minScore', { requireAccuracy: false }],
    ['two problems', { minScore: Number.NaN, requireAccuracy: 1 }],
    ['an array', []],
    ['a number', 3],
    ['null', null],
    ['an empty path', ''],
    ['a Map', new Map()],
  ])('%s → ConfigError', (_label, value) => {
    const e = thrown(() => resolveConfig(value));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatchSnapshot();
  });

  it('names the option path on the error', () => {
    expect((thrown(() => resolveConfig({ minScore: 'x' })) as ConfigError).pathText).toBe(
      'minScore',
    );
    expect((thrown(() => resolveConfig({ requireAccuracy: false })) as ConfigError).pathText).toBe(
      'requireAccuracy',
    );
  });

  it('passes evaluation-option errors through as ConfigError with their path', () => {
    const e = thrown(() =>
      resolveConfig({ comparators: { default: { type: 'nope' } } }),
    ) as ConfigError;
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.pathText).toBe('comparators.default.type');
  });
});

describe('trace arguments', () => {
  it('accepts an event array, an {events} object and a Trace', () => {
    expect(loadTraceArg(realUtils, HINT, 'received', scan(), 'default').trace.events).toHaveLength(
      9,
    );
    expect(
      loadTraceArg(realUtils, HINT, 'received', parseTrace(scan([1, 2])), 'default').trace.events,
    ).toHaveLength(6);
    expect(
      loadTraceArg(realUtils, HINT, 'received', { events: scan([1]) }, 'default').trace.events,
    ).toHaveLength(3);
  });

  it.each([
    ['a number', 42],
    ['an object without events', { not: 'a trace' }],
    ['events that are not objects', [1, 2]],
    ['an empty path', ''],
    ['null', null],
  ])('received %s → TraceError', (_label, value) => {
    const e = thrown(() => loadTraceArg(realUtils, HINT, 'received', value, 'default'));
    expect(e).toBeInstanceOf(TraceError);
    expect((e as TraceError).label).toBe('received');
    expect(stripAnsi(e.message)).toMatchSnapshot();
  });

  it('names the failing golden of a best-of list', () => {
    const e = thrown(() => loadGoldenArg(realUtils, HINT, [scan(), 7], 'default')) as TraceError;
    expect(e).toBeInstanceOf(TraceError);
    expect(e.label).toBe('golden[1]');
    expect(stripAnsi(e.message)).toContain('golden[1] must be a Trace');
  });

  it('an invalid event names its path inside the argument', () => {
    const e = thrown(() =>
      loadTraceArg(
        realUtils,
        HINT,
        'received',
        [{ channel: 'a', timestamp: 'x', value: 1 }],
        'default',
      ),
    );
    expect(e).toBeInstanceOf(TraceError);
    expect(e.message).toMatchSnapshot();
  });
});
