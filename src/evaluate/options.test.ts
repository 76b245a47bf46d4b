import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { parsePyJson } from '../py/json.js';
import { KEY_ORDER, orderedKeys } from '../py/value.js';
import { canonicalComparatorType, validateOptions } from './options.js';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).code).toBe('ERR_CONFIG');
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('validateOptions: accepted input', () => {
  it('fills in mode "default" and returns a copy', () => {
    const input = { ignore_channels: ['a'], timing: { r2_thresh: 0.5 } };
    const out = validateOptions(input);
    expect(out).toEqual({ mode: 'default', ignore_channels: ['a'], timing: { r2_thresh: 0.5 } });
    expect(out.ignore_channels).not.toBe(input.ignore_channels);
    expect(out.timing).not.toBe(input.timing);
    expect(validateOptions(undefined)).toEqual({ mode: 'default' });
  });

  it('takes ctx.mode over the object mode, and the object mode over the default', () => {
    expect(validateOptions({ mode: 'reference' }).mode).toBe('reference');
    expect(validateOptions({ mode: 'reference' }, { mode: 'default' }).mode).toBe('default');
    expect(validateOptions({}, { mode: 'reference' }).mode).toBe('reference');
  });

  it('normalises comparator type names case-insensitively to canonical names', () => {
    const out = validateOptions({
      comparators: {
        default: { type: 'EQ' },
        by_channel: {
          a: { type: 'Tolerance', tol: 0.1 },
          b: { type: 'tol', abs_tol: 0 },
          c: { type: 'ANY' },
          d: { type: 'ignore' },
          e: { type: 'equals' },
          f: { type: 'Deep', match: 'subset', tol: 0.5 },
          g: { type: 'deep' },
        },
      },
    });
    expect(out.comparators).toEqual({
      default: { type: 'exact' },
      by_channel: {
        a: { type: 'numeric_tolerance', tol: 0.1 },
        b: { type: 'numeric_tolerance', abs_tol: 0 },
        c: { type: 'always_true' },
        d: { type: 'always_true' },
        e: { type: 'exact' },
        f: { type: 'deep', match: 'subset', tol: 0.5 },
        g: { type: 'deep' },
      },
    });
    expect(canonicalComparatorType('NUMERIC_TOLERANCE')).toBe('numeric_tolerance');
    expect(canonicalComparatorType('fuzzy')).toBeUndefined();
  });

  it('passes user implementations through by reference', () => {
    const fn = (a: unknown, b: unknown) => a === b;
    class Cmp {
      readonly name = 'mine';
      private readonly state: number = 1;
      compare(a: unknown, b: unknown): boolean {
        return a === b && this.state > 0;
      }
    }
    const cmp = new Cmp();
    const aligner = { name: 'custom', align: () => [] };
    const metric = {
      name: 'm',
      compute: () => ({ name: 'm', score: 1, binary_pass: true, details: {} }),
    };
    const formula = (s: Readonly<Record<string, number>>) => s['discrete'] ?? 0;
    const out = validateOptions({
      comparators: { default: fn, by_channel: { x: cmp } },
      aligner,
      metrics: [metric],
      continuous_metric: metric,
      aggregation: { formula },
    });
    expect(out.comparators?.default).toBe(fn);
    expect(out.comparators?.by_channel?.['x']).toBe(cmp);
    expect(out.aligner).toBe(aligner);
    expect(out.metrics?.[0]).toBe(metric);
    expect(out.continuous_metric).toBe(metric);
    expect(out.aggregation?.formula).toBe(formula);
  });

  it('accepts every aligner form', () => {
    expect(validateOptions({ aligner: 'difflib' }).aligner).toBe('difflib');
    expect(validateOptions({ aligner: 'nw' }).aligner).toBe('nw');
    expect(validateOptions({ aligner: { name: 'difflib' } }).aligner).toEqual({ name: 'difflib' });
    const nw = {
      name: 'nw',
      match: 0,
      mismatch: 3,
      gap_open: 2,
      gap_extend: 0.5,
      by_channel: { 'det:Acquire': { gap_open: 10 } },
    };
    expect(validateOptions({ aligner: nw }).aligner).toEqual(nw);
  });

  it('keeps the source key order of weights and continuous channels (integer-like keys included)', () => {
    const doc = parsePyJson(
      '{"aggregation": {"weights": {"timing": 0.2, "10": 0.1, "discrete": 0.6, "2": 0.1}},' +
        ' "continuous_channels": {"temp": {}, "3": {"weight": 2}}}',
    );
    const out = validateOptions(doc);
    const weights = out.aggregation?.weights ?? {};
    // JS enumeration order would be "2", "10", "timing", "discrete".
    expect(Object.keys(weights)).toEqual(['2', '10', 'timing', 'discrete']);
    expect(orderedKeys(weights)).toEqual(['timing', '10', 'discrete', '2']);
    expect(orderedKeys(out.continuous_channels ?? {})).toEqual(['temp', '3']);
    // An object literal has no KEY_ORDER: none is invented.
    const plain = validateOptions({ aggregation: { weights: { discrete: 0.5, timing: 0.5 } } });
    expect(KEY_ORDER in (plain.aggregation?.weights ?? {})).toBe(false);
  });

  it('is idempotent: validated options validate to the same options', () => {
    const doc = parsePyJson(
      '{"mode": "reference", "aggregation": {"weights": {"timing": 0.2, "1": 0.8}}, "comparators": {"default": {"type": "Any"}}}',
    );
    const once = validateOptions(doc);
    const twice = validateOptions(once);
    expect(twice).toEqual(once);
    expect(orderedKeys(twice.aggregation?.weights ?? {})).toEqual(['timing', '1']);
  });

  it('allows a negative tolerance and non-finite py-float numbers in reference mode only', () => {
    const spec = {
      comparators: { default: { type: 'tol', tol: -0.5 } },
      timing: { slope_hi: Infinity },
    };
    expect(validateOptions(spec, { mode: 'reference' }).comparators?.default).toEqual({
      type: 'numeric_tolerance',
      tol: -0.5,
    });
    expect(() => validateOptions(spec)).toThrow(ConfigError);
  });
});

describe('validateOptions: errors', () => {
  it('names the file and the path of a wrong type', () => {
    expect(
      messageOf(() =>
        validateOptions(
          { comparators: { by_channel: { 'motor:x': { type: 'numeric_tolerance', tol: '0.1' } } } },
          { file: 'envtrace.yaml' },
        ),
      ),
    ).toMatchInlineSnapshot(
      `"envtrace.yaml: comparators.by_channel["motor:x"].tol: expected number, received "0.1""`,
    );
  });

  it('rejects unknown keys at any depth, listing the allowed keys', () => {
    expect(messageOf(() => validateOptions({ timing: { r2_tresh: 0.9 } }))).toMatchInlineSnapshot(
      `"timing: unknown key "r2_tresh"; did you mean "r2_thresh"? (allowed: r2_thresh, slope_lo, slope_hi, dur_tol, mape_tol)"`,
    );
    expect(
      messageOf(() =>
        validateOptions({ comparators: { by_channel: { a: { type: 'exact', tol: 1 } } } }),
      ),
    ).toMatchInlineSnapshot(`"comparators.by_channel.a: unknown key "tol" (allowed: type)"`);
    expect(
      messageOf(() => validateOptions({ aligners: 'nw' }, { file: 'c.json' })),
    ).toMatchInlineSnapshot(
      `"c.json: unknown key "aligners"; did you mean "aligner"? (allowed: mode, aliases, ignore_channels, aligner, comparators, abs_tol, timing, continuous_channels, aggregation, decision, include_structure, use_continuous, metrics, continuous_metric, time_unit)"`,
    );
  });

  it('rejects an unknown comparator type, listing the valid names', () => {
    expect(
      messageOf(() => validateOptions({ comparators: { default: { type: 'fuzzy', tol: 0.5 } } })),
    ).toMatchInlineSnapshot(
      `"comparators.default.type: unknown comparator type "fuzzy"; valid types: exact (or equals, eq), numeric_tolerance (or tolerance, tol), always_true (or any, ignore), deep"`,
    );
    expect(
      messageOf(() => validateOptions({ comparators: { default: { tol: 0.5 } } })),
    ).toMatchInlineSnapshot(
      `"comparators.default.type: missing comparator type; valid types: exact (or equals, eq), numeric_tolerance (or tolerance, tol), always_true (or any, ignore), deep"`,
    );
    expect(
      messageOf(() => validateOptions({ comparators: { default: null } })),
    ).toMatchInlineSnapshot(
      `"comparators.default: expected a comparator: a spec {type: exact | numeric_tolerance | always_true | deep, …}, an object {name, compare} or a function (gt, pred) => boolean, received null"`,
    );
  });

  it('rejects negative tolerances and out-of-range continuous parameters in default mode', () => {
    expect(
      messageOf(() => validateOptions({ comparators: { default: { type: 'tol', tol: -0.01 } } })),
    ).toMatchInlineSnapshot(`"comparators.default.tol: must be >= 0, received -0.01"`);
    expect(
      messageOf(() =>
        validateOptions({ continuous_channels: { temp: { mae_scale: 0, weight: -1 } } }),
      ),
    ).toMatchInlineSnapshot(`
      "2 problems in the options:
        continuous_channels.temp.mae_scale: must be > 0, received 0
        continuous_channels.temp.weight: must be >= 0, received -1"
    `);
  });

  it('rejects non-finite numbers', () => {
    expect(
      messageOf(() => validateOptions({ timing: { r2_thresh: Number.NaN } })),
    ).toMatchInlineSnapshot(`"timing.r2_thresh: expected a finite number, received NaN"`);
    expect(
      messageOf(() => validateOptions({ aggregation: { weights: { discrete: Infinity } } })),
    ).toMatchInlineSnapshot(
      `"aggregation.weights.discrete: expected a finite number, received Infinity"`,
    );
  });

  it('lists several problems one per line under a count', () => {
    expect(
      messageOf(() =>
        validateOptions(
          {
            mode: 'strict',
            include_structure: 'yes',
            decision: { required_metrics: 'continuous' },
            ignore_channels: ['a', 3],
          },
          { file: 'envtrace.json' },
        ),
      ),
    ).toMatchInlineSnapshot(`
      "envtrace.json: 4 problems in the options:
        mode: expected one of "default", "reference", received "strict"
        ignore_channels[1]: expected string, received 3
        decision.required_metrics: expected array, received "continuous"
        include_structure: expected boolean, received "yes""
    `);
  });

  it('checks aligners and metrics', () => {
    expect(messageOf(() => validateOptions({ aligner: 'smith-waterman' }))).toMatchInlineSnapshot(
      `"aligner: unknown aligner "smith-waterman"; valid aligners: "difflib", "nw", "behavior""`,
    );
    expect(
      messageOf(() => validateOptions({ aligner: { name: 'nw', gap: 1 } })),
    ).toMatchInlineSnapshot(
      `"aligner: unknown key "gap" (allowed: name, match, mismatch, gap_open, gap_extend, by_channel)"`,
    );
    expect(messageOf(() => validateOptions({ aligner: { name: 'nw', match: 3, gap_open: -1 } })))
      .toMatchInlineSnapshot(`
      "2 problems in the options:
        aligner.gap_open: must be >= 0, received -1
        aligner.match: must not exceed mismatch (2), received 3"
    `);
    expect(messageOf(() => validateOptions({ metrics: [{ name: 'x' }, 5] })))
      .toMatchInlineSnapshot(`
        "2 problems in the options:
          metrics[0].compute: missing (expected function)
          metrics[1]: expected a metric {name, compute}, received 5"
      `);
    expect(
      messageOf(() => validateOptions({ aggregation: { formula: 'x + y' } })),
    ).toMatchInlineSnapshot(
      `"aggregation.formula: expected function (scores) => number, received "x + y""`,
    );
  });

  it('rejects a non-object and a "__proto__" record key', () => {
    expect(messageOf(() => validateOptions([1, 2], { file: 'c.json' }))).toMatchInlineSnapshot(
      `"c.json: expected the options to be an object, received an array"`,
    );
    expect(
      messageOf(() => validateOptions(JSON.parse('{"aliases": {"__proto__": "x"}}'))),
    ).toMatchInlineSnapshot(`"aliases.__proto__: the key "__proto__" is not allowed"`);
  });

  it('escapes control characters of user-supplied names', () => {
    const msg = messageOf(() =>
      validateOptions({
        comparators: { by_channel: { 'a\u001b[31m\u009b': { type: 'x\u0007' } } },
      }),
    );
    expect(msg).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(msg).toMatchInlineSnapshot(
      `"comparators.by_channel["a\\u001b[31m\\x9b"].type: unknown comparator type "x\\u0007"; valid types: exact (or equals, eq), numeric_tolerance (or tolerance, tol), always_true (or any, ignore), deep"`,
    );
  });
});

describe('validateOptions: time_unit', () => {
  it('accepts the listed units in both modes (a label: kept as given)', () => {
    expect(validateOptions({ time_unit: 'ms' }).time_unit).toBe('ms');
    expect(validateOptions({ time_unit: 'us' }, { mode: 'reference' }).time_unit).toBe('us');
    expect(validateOptions({}).time_unit).toBeUndefined();
  });

  it('rejects an unknown unit, naming the accepted ones (reference mode too)', () => {
    expect(messageOf(() => validateOptions({ time_unit: 'sec' }, { file: 'c.yaml' }))).toMatch(
      /^c\.yaml: time_unit: .*"s".*"ms".*"us".*"ns".*"min".*"h"/,
    );
    expect(() => validateOptions({ time_unit: 'µs' }, { mode: 'reference' })).toThrow(ConfigError);
  });
});
