import { describe, expect, it } from 'vitest';
import { ConfigError, ReferenceRaise } from '../errors.js';
import { evaluate } from './evaluate.js';
import { coerceReference, coerceReferenceOptions } from './lenient.js';
import { validateOptions } from './options.js';

const ref = (options: Record<string, unknown>) =>
  validateOptions({ ...options, mode: 'reference' });

describe('reference mode options objects accept what the reference accepts', () => {
  it('a comparator without type is a numeric tolerance (Q19), in evaluate too', () => {
    expect(ref({ comparators: { default: { tol: 0.01 } } }).comparators).toEqual({
      default: { type: 'numeric_tolerance', tol: 0.01 },
    });
    const gt = [{ channel: 'x', timestamp: 0, value: 1.0 }];
    const pred = [{ channel: 'x', timestamp: 0, value: 1.005 }];
    expect(
      evaluate(gt, pred, { comparators: { default: { tol: 0.01 } }, mode: 'reference' } as never)
        .accuracy,
    ).toBe(true);
    expect(
      evaluate(gt, pred, { comparators: { default: { tol: 0.001 } }, mode: 'reference' } as never)
        .accuracy,
    ).toBe(false);
    expect(() => evaluate(gt, pred, { comparators: { default: { tol: 0.01 } } } as never)).toThrow(
      /comparators\.default\.type: missing comparator type/,
    );
  });

  it('alias names, null and unknown specs, string numbers, truthy booleans, strings iterated', () => {
    const out = ref({
      comparators: {
        default: null,
        by_channel: {
          a: { type: 'EQ', tol: 5 },
          b: { type: 'fuzzy', tol: 0.5 },
          c: { type: 'Tol', tol: '0.25' },
        },
      },
      timing: { r2_thresh: '0.5' },
      include_structure: 'false',
      ignore_channels: 'ab',
      decision: { required_metrics: ['structure', 3], require_discrete_exact: 0 },
      aggregation: { weights: {} },
      unknown_key: 1,
    });
    expect(out).toEqual({
      mode: 'reference',
      comparators: {
        default: { type: 'numeric_tolerance', tol: 1e-3 },
        by_channel: {
          a: { type: 'exact' },
          b: { type: 'numeric_tolerance', tol: 1e-3 },
          c: { type: 'numeric_tolerance', tol: 0.25 },
        },
      },
      timing: { r2_thresh: 0.5 },
      include_structure: true,
      ignore_channels: ['a', 'b'],
      decision: {
        require_discrete_exact: false,
        timing_metric_name: 'timing',
        required_metrics: ['structure'],
      },
    });
  });

  it("keeps envtrace's own keys and types: aligner, abs_tol, deep, functions, user objects", () => {
    const fn = (g: unknown, p: unknown) => g === p;
    const metric = {
      name: 'm',
      compute: () => ({ name: 'm', score: 1, binary_pass: true, details: {} }),
    };
    const out = ref({
      aligner: 'nw',
      abs_tol: '0.1',
      use_continuous: 1,
      comparators: {
        default: fn,
        by_channel: { d: { type: 'deep', match: 'subset', tol: '0.5' } },
      },
      metrics: [metric],
    });
    expect(out.aligner).toBe('nw');
    expect(out.abs_tol).toBe(0.1);
    expect(out.use_continuous).toBe(true);
    expect(out.comparators?.default).toBe(fn);
    expect(out.comparators?.by_channel).toEqual({ d: { type: 'deep', match: 'subset', tol: 0.5 } });
    expect(out.metrics?.[0]).toBe(metric);
  });

  it('use_continuous is the API flag for options objects, derived from the channels for documents', () => {
    const channels = { continuous_channels: { temp: { weight: 1 } } };
    expect(coerceReferenceOptions(channels).use_continuous).toBeUndefined();
    expect(coerceReference(channels, { source: 'document' }).use_continuous).toBe(true);
  });

  it('a document ignores aligner, abs_tol and envtrace comparator types, like the reference', () => {
    const out = coerceReference(
      { aligner: 'nw', abs_tol: 1, comparators: { default: { type: 'deep' } } },
      { source: 'document' },
    );
    expect(out).toEqual({
      mode: 'reference',
      comparators: { default: { type: 'numeric_tolerance', tol: 1e-3 } },
      use_continuous: false,
      include_structure: true,
    });
  });

  it("fails where the reference fails: float('abc') raises, a list where a mapping is needed names the path", () => {
    expect(() => ref({ timing: { r2_thresh: 'abc' } })).toThrow(ReferenceRaise);
    expect(() => ref({ comparators: { by_channel: [1] } })).toThrow(ConfigError);
    expect(() => ref({ comparators: { by_channel: [1] } })).toThrow(
      /comparators\.by_channel: expected a mapping, received list/,
    );
  });

  it('is idempotent on its own output (config files are coerced, then validated)', () => {
    const once = ref({
      comparators: { default: { type: 'tolerance', tol: '0.5' } },
      ignore_channels: 'ab',
      decision: { required_metrics: 'xy' },
    });
    expect(ref(once as Record<string, unknown>)).toEqual(once);
  });
});
