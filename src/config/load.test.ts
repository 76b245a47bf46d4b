import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, ReferenceRaise } from '../errors.js';
import type { EvaluateOptions } from '../evaluate/types.js';
import { parsePyJson } from '../py/json.js';
import { MAX_DEPTH } from '../py/depth.js';
import { orderedKeys } from '../py/value.js';
import { evaluate } from '../evaluate/evaluate.js';
import { DEFAULT_TIMING } from '../metrics/timing.js';
import { DEFAULT_SLOPES } from '../metrics/params.js';
import { configFormatOf, loadConfig, loadConfigSync, parseConfigText } from './load.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const corpus = resolve(repoRoot, 'test/conformance/cases');
const tmp = mkdtempSync(join(tmpdir(), 'envtrace-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function writeTemp(name: string, text: string): string {
  const file = join(tmp, name);
  writeFileSync(file, text);
  return file;
}

const numeric = (tol: number) => ({ type: 'numeric_tolerance', tol }) as const;
const DEFAULT_CMP = { default: numeric(1e-3) };

/**
 * What `build_from_config` makes of each public `evaluate_config` case, written by hand from
 * the reference source (envtrace/io/config_loader.py) and the case descriptions (README Q19).
 */
const EXPECTED: Record<string, EvaluateOptions> = {
  'pub-128-config-readme-config-json': {
    mode: 'reference',
    aliases: { 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr': 'motor:x' },
    ignore_channels: ['det:AcquireTime'],
    comparators: {
      default: numeric(0.001),
      by_channel: { 'det:Acquire': { type: 'exact' }, 'motor:x': numeric(0.01) },
    },
    timing: { r2_thresh: 0.9, slope_lo: 0.8, slope_hi: 1.2, dur_tol: 0.25, mape_tol: 1.0 },
    continuous_channels: {
      'stage:temp': { mae_scale: 15, final_scale: 15, mae_thresh: 5, final_thresh: 5, weight: 1 },
    },
    use_continuous: true,
    include_structure: true,
    aggregation: { weights: { discrete: 0.6, timing: 0.2, continuous: 0.2 } },
    decision: {
      require_discrete_exact: true,
      timing_metric_name: 'timing',
      required_metrics: ['continuous'],
    },
  },
  // YAML 1.1: tol "1e-3" is a string that float() accepts; yes → true, no → false.
  'pub-129-config-yaml-config': {
    mode: 'reference',
    aliases: { 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr': 'motor:x' },
    ignore_channels: ['det:AcquireTime'],
    comparators: {
      default: numeric(0.001),
      by_channel: { 'det:Acquire': { type: 'exact' }, 'motor:x': numeric(0.01) },
    },
    continuous_channels: { 'stage:temp': { mae_thresh: 5, final_thresh: 5 } },
    use_continuous: true,
    include_structure: false,
    decision: {
      require_discrete_exact: true,
      timing_metric_name: 'timing',
      required_metrics: ['continuous'],
    },
  },
  // fuzzy → numeric 1e-3 (its tol 0.5 ignored); "tol" → numeric; no type → numeric with tol; Any → always; EQ → exact.
  'pub-130-config-comparator-type-names': {
    mode: 'reference',
    comparators: {
      default: numeric(1e-3),
      by_channel: {
        a: numeric(0.01),
        b: numeric(0.1),
        c: { type: 'always_true' },
        d: { type: 'exact' },
      },
    },
    use_continuous: false,
    include_structure: true,
  },
  'pub-131-config-null-by-channel-spec': {
    mode: 'reference',
    comparators: { default: { type: 'exact' }, by_channel: { a: numeric(1e-3) } },
    use_continuous: false,
    include_structure: true,
  },
  'pub-132-config-string-numbers': {
    mode: 'reference',
    comparators: { default: numeric(0.05) },
    timing: { r2_thresh: 0.5, dur_tol: 1 },
    use_continuous: false,
    include_structure: true,
    aggregation: { weights: { discrete: 0.9, timing: 0.1 } },
  },
  'pub-133-config-required-metrics-string': {
    mode: 'reference',
    comparators: DEFAULT_CMP,
    use_continuous: false,
    include_structure: true,
    decision: {
      require_discrete_exact: true,
      timing_metric_name: 'timing',
      required_metrics: [...'continuous'],
    },
  },
  'pub-134-config-required-metrics-nonstrings': {
    mode: 'reference',
    comparators: DEFAULT_CMP,
    use_continuous: false,
    include_structure: true,
    decision: {
      require_discrete_exact: true,
      timing_metric_name: 'timing',
      required_metrics: ['structure'],
    },
  },
  'pub-135-config-ignore-channels-string': {
    mode: 'reference',
    ignore_channels: ['a', 'b'],
    comparators: DEFAULT_CMP,
    use_continuous: false,
    include_structure: true,
  },
  // bool("false") is True; bool(0) is False.
  'pub-136-config-bool-coercion': {
    mode: 'reference',
    comparators: DEFAULT_CMP,
    use_continuous: false,
    include_structure: true,
    decision: { require_discrete_exact: false, timing_metric_name: 'timing', required_metrics: [] },
  },
  'pub-137-config-empty-json-file': {
    mode: 'reference',
    comparators: DEFAULT_CMP,
    use_continuous: false,
    include_structure: true,
  },
  // Empty sections and weights given as a list → all defaults.
  'pub-138-config-empty-sections': {
    mode: 'reference',
    comparators: DEFAULT_CMP,
    use_continuous: false,
    include_structure: true,
  },
};

interface ConfigCase {
  id: string;
  kind: string;
  input: { config: unknown; config_format: 'json' | 'yaml'; config_text?: string };
  expected: {
    metrics: Record<string, unknown>;
    aggregation: { weights: Record<string, number> };
    decision: {
      require_discrete_exact: boolean;
      timing_metric_name: string;
      required_metrics: string[];
    };
  };
}

function configCases(): ConfigCase[] {
  const index = JSON.parse(readFileSync(resolve(corpus, 'index.json'), 'utf8')) as {
    file: string;
    kind: string;
  }[];
  return index
    .filter((e) => e.kind === 'evaluate_config')
    .map((e) => parsePyJson(readFileSync(resolve(corpus, e.file), 'utf8')) as ConfigCase);
}

const cases = configCases();

describe('reference mode: every public evaluate_config case', () => {
  it('has a hand-written expectation for each case', () => {
    expect(cases.map((c) => c.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (id, c) => {
    const text = c.input.config_text ?? JSON.stringify(c.input.config);
    const file = writeTemp(`${id}.${c.input.config_format}`, text);
    const options = await loadConfig(file, { mode: 'reference' });
    expect(options).toEqual(EXPECTED[id]);
    expect(loadConfigSync(file, { mode: 'reference' })).toEqual(options);

    // Cross-checks against what the reference reported for the same config.
    const e = c.expected;
    expect(options.decision?.require_discrete_exact ?? true).toBe(
      e.decision.require_discrete_exact,
    );
    expect(options.decision?.timing_metric_name ?? 'timing').toBe(e.decision.timing_metric_name);
    expect(options.decision?.required_metrics ?? []).toEqual(e.decision.required_metrics);
    expect('structure' in e.metrics).toBe(options.include_structure);
    expect('continuous' in e.metrics).toBe(options.continuous_channels !== undefined);
    if (options.aggregation?.weights)
      expect(options.aggregation.weights).toEqual(e.aggregation.weights);
  });

  it('pub-129: the document mode is not needed when the caller says reference, and is honoured otherwise', () => {
    const c = cases.find((x) => x.id === 'pub-129-config-yaml-config');
    const text = c?.input.config_text ?? '';
    expect(parseConfigText(`mode: reference\n${text}`, { format: 'yaml' })).toEqual(
      EXPECTED['pub-129-config-yaml-config'],
    );
    // Default mode: strict YAML 1.2, where `yes` is the string "yes" → a wrong type.
    expect(() => parseConfigText(text, { format: 'yaml', file: 'envtrace.yaml' }))
      .toThrowErrorMatchingInlineSnapshot(`
        [ConfigError: envtrace.yaml: 2 problems in the options:
          decision.require_discrete_exact: expected boolean, received "yes"
          include_structure: expected boolean, received "no"]
      `);
  });
});

describe('reference mode: other build_from_config coercions', () => {
  const ref = (text: string, format: 'json' | 'yaml' = 'json') =>
    parseConfigText(text, { format, mode: 'reference' });

  it('keeps weight key order, str()-converts YAML keys and timing_metric_name', () => {
    const out = ref(
      'aggregation:\n  weights: {timing: 0.5, 1: "0.25", discrete: 1}\ndecision:\n  timing_metric_name: 010\n',
      'yaml',
    );
    expect(orderedKeys(out.aggregation?.weights ?? {})).toEqual(['timing', '1', 'discrete']);
    expect(out.aggregation?.weights).toEqual({ timing: 0.5, '1': 0.25, discrete: 1 });
    expect(out.decision?.timing_metric_name).toBe('8');
    expect(ref('{"decision": {"timing_metric_name": 2.0}}').decision?.timing_metric_name).toBe(
      '2.0',
    );
  });

  it('iterates mappings by key and drops what can never be a channel or metric name', () => {
    expect(ref('ignore_channels: {a: 1, 2: x, b: null}\n', 'yaml').ignore_channels).toEqual([
      'a',
      'b',
    ]);
    expect(ref('{"ignore_channels": ["a", 1, null, "a"]}').ignore_channels).toEqual(['a']);
    expect(
      ref('{"decision": {"required_metrics": {"timing": 1, "structure": 0}}}').decision
        ?.required_metrics,
    ).toEqual(['timing', 'structure']);
    expect(
      ref('{"aliases": {"a": "b"}, "ignore_channels": "", "decision": {"required_metrics": 0}}'),
    ).toMatchObject({
      aliases: { a: 'b' },
      decision: { required_metrics: [] },
    });
  });

  it('turns falsy specs and unknown types into numeric 1e-3; ignores the aligner and unknown keys', () => {
    const out = ref(
      '{"aligner": {"name": "nw"}, "extra": 1, "comparators": {"by_channel": {"a": 0, "b": "", "c": {"type": "deep", "tol": 5}, "d": {"type": null}}}}',
    );
    expect(out).toEqual({
      mode: 'reference',
      comparators: {
        default: numeric(1e-3),
        by_channel: { a: numeric(1e-3), b: numeric(1e-3), c: numeric(1e-3), d: numeric(1e-3) },
      },
      use_continuous: false,
      include_structure: true,
    });
    // A negative tolerance is the reference's to reject, at comparison time.
    expect(
      ref('{"comparators": {"default": {"type": "tol", "tol": -1}}}').comparators?.default,
    ).toEqual(numeric(-1));
  });

  it('raises where Python raises, with its exception type and message', () => {
    const raise = (text: string, format: 'json' | 'yaml' = 'json') => {
      try {
        ref(text, format);
      } catch (err) {
        expect(err).toBeInstanceOf(ReferenceRaise);
        return `${(err as ReferenceRaise).pyType}: ${(err as Error).message}`;
      }
      throw new Error('expected a ReferenceRaise');
    };
    expect(raise('{"timing": {"r2_thresh": "abc"}}')).toBe(
      "ValueError: could not convert string to float: 'abc'",
    );
    expect(raise('{"comparators": {"default": {"type": "tol", "tol": null}}}')).toBe(
      "TypeError: float() argument must be a string or a real number, not 'NoneType'",
    );
    expect(raise('{"ignore_channels": 5}')).toBe("TypeError: 'int' object is not iterable");
    expect(raise('{"ignore_channels": true}')).toBe("TypeError: 'bool' object is not iterable");
    expect(raise('{"ignore_channels": [["a"]]}')).toBe("TypeError: unhashable type: 'list'");
    expect(raise('{"decision": {"required_metrics": 2.5}}')).toBe(
      "TypeError: 'float' object is not iterable",
    );
    expect(raise('{"continuous_channels": {"t": {"weight": []}}}')).toBe(
      "TypeError: float() argument must be a string or a real number, not 'list'",
    );
  });

  it('is a ConfigError where the reference fails with AttributeError', () => {
    expect(() => ref('[1, 2]')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: expected a mapping, received list (the reference fails with AttributeError: 'list' object has no attribute 'get')]`,
    );
    expect(() => ref('{"comparators": {"by_channel": ["a"]}}')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: comparators.by_channel: expected a mapping, received list (the reference fails with AttributeError: 'list' object has no attribute 'items')]`,
    );
    expect(() => ref('{"continuous_channels": {"t": null}}')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: continuous_channels.t: expected a mapping, received NoneType (the reference fails with AttributeError: 'NoneType' object has no attribute 'get')]`,
    );
  });

  it('maps any falsy YAML document to {} but only the empty JSON text', () => {
    const empty = {
      mode: 'reference',
      comparators: DEFAULT_CMP,
      use_continuous: false,
      include_structure: true,
    };
    expect(ref('', 'yaml')).toEqual(empty);
    expect(ref('[]', 'yaml')).toEqual(empty);
    expect(ref('false', 'yaml')).toEqual(empty);
    expect(ref('')).toEqual(empty);
    expect(() => ref(' \n')).toThrow(ConfigError);
  });
});

describe('default mode', () => {
  it('validates strictly and fills in mode', () => {
    const out = parseConfigText(
      '{"comparators": {"default": {"type": "EQ"}}, "include_structure": false}',
      { format: 'json' },
    );
    expect(out).toEqual({
      mode: 'default',
      comparators: { default: { type: 'exact' } },
      include_structure: false,
    });
    expect(parseConfigText('timing:\n  r2_thresh: 1e-1\n', { format: 'yaml' }).timing).toEqual({
      r2_thresh: 0.1,
    });
  });

  it('maps empty and whitespace-only text and a null YAML document to {}', () => {
    for (const [text, format] of [
      ['', 'json'],
      [' \n\t', 'json'],
      ['\ufeff', 'json'],
      ['', 'yaml'],
      ['~\n', 'yaml'],
    ] as const) {
      expect(parseConfigText(text, { format })).toEqual({ mode: 'default' });
    }
  });

  it('the caller mode wins over the document mode', () => {
    expect(parseConfigText('{"mode": "reference"}', { format: 'json' }).mode).toBe('reference');
    expect(parseConfigText('{"mode": "reference"}', { format: 'json', mode: 'default' })).toEqual({
      mode: 'default',
    });
    expect(
      parseConfigText('mode: default\ninclude_structure: no\n', {
        format: 'yaml',
        mode: 'reference',
      }).include_structure,
    ).toBe(false);
  });

  it('keeps a float written as 1.0 a plain number', () => {
    expect(
      parseConfigText('{"aggregation": {"weights": {"discrete": 1.0, "timing": 0}}}', {
        format: 'json',
      }).aggregation,
    ).toEqual({
      weights: { discrete: 1, timing: 0 },
    });
  });

  it('reports malformed JSON with line and column', () => {
    expect(() =>
      parseConfigText('{\n  "timing": {"r2_thresh": 0.9,}\n}', {
        format: 'json',
        file: 'envtrace.json',
      }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.json: invalid JSON at line 2, column 31: Unexpected character '}' (expected a string key)]`,
    );
    expect(() =>
      parseConfigText('{"a": NaN}', { format: 'json', file: 'envtrace.json' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.json: invalid JSON at line 1, column 7: Unexpected character 'N' (expected a value): NaN is not JSON: Python's json.dump writes it unless given allow_nan=False]`,
    );
  });

  it('rejects NaN-ish values', () => {
    expect(() =>
      parseConfigText('timing:\n  slope_hi: .inf\n', { format: 'yaml', file: 'envtrace.yaml' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.yaml: timing.slope_hi: expected a finite number, received Infinity]`,
    );
    expect(() =>
      parseConfigText('{"abs_tol": 1e999}', { format: 'json', file: 'envtrace.json' }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.json: abs_tol: expected a finite number, received Infinity]`,
    );
  });
});

describe('files', () => {
  it('chooses the format by extension, case-insensitively', () => {
    expect(configFormatOf('a/envtrace.yaml')).toBe('yaml');
    expect(configFormatOf('envtrace.YML')).toBe('yaml');
    expect(configFormatOf('envtrace.json')).toBe('json');
    expect(configFormatOf('envtrace.conf')).toBe('json');
    expect(configFormatOf('.yaml')).toBe('json'); // Python: Path(".yaml").suffix == ""
  });

  it('names the file when it cannot be read', async () => {
    await expect(
      loadConfig('/nonexistent/envtrace.json'),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: /nonexistent/envtrace.json: cannot read the config file: no such file]`,
    );
    expect(() => loadConfigSync(tmp)).toThrow(/cannot read the config file: is a directory/);
  });

  it('names the file in validation errors and rejects invalid UTF-8', async () => {
    const file = writeTemp('bad.yml', 'include_structure: "yes"\n');
    await expect(loadConfig(file)).rejects.toThrow(
      `${file}: include_structure: expected boolean, received "yes"`,
    );
    const bin = join(tmp, 'bin.json');
    writeFileSync(bin, Buffer.from([0x7b, 0xff, 0x7d]));
    await expect(loadConfig(bin)).rejects.toThrow(`${bin}: the config file is not valid UTF-8`);
  });
});

describe('nesting limit (MAX_DEPTH, README "Limits")', () => {
  /** `{"x": [[…]]}`: the document nests `n` levels (the object is the first). */
  const jsonDoc = (n: number) => `{"x": ${'['.repeat(n - 1)}1${']'.repeat(n - 1)}}`;
  /** The same in YAML block style: `x:` then `- - - 1` on one line. */
  const yamlBlock = (n: number) => `x:\n  ${'- '.repeat(n - 1)}1\n`;
  const errorOf = (fn: () => unknown): ConfigError => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return e as ConfigError;
    }
    throw new Error('expected a ConfigError');
  };
  const formats = [
    ['json', jsonDoc],
    ['yaml (flow)', jsonDoc],
    ['yaml (block)', yamlBlock],
  ] as const;

  it.each(formats)(
    '%s: the limit itself is read (then validated), one level more is refused with file, path and line',
    (name, doc) => {
      const format = name === 'json' ? 'json' : 'yaml';
      for (const mode of ['default', 'reference'] as const) {
        // At the limit the document is read; the unknown key is what fails (default mode) or is ignored (reference).
        if (mode === 'default')
          expect(
            errorOf(() => parseConfigText(doc(MAX_DEPTH), { format, file: 'c', mode })).message,
          ).toMatch(/unknown key/i);
        else
          expect(() => parseConfigText(doc(MAX_DEPTH), { format, file: 'c', mode })).not.toThrow();
        const e = errorOf(() => parseConfigText(doc(MAX_DEPTH + 1), { format, file: 'c', mode }));
        expect(e.message).toMatch(
          /^c: x(\[0\]){5}…\[0\]\[0\]: nested more than 256 levels .* at line \d+, column \d+$/,
        );
        expect(e.file).toBe('c');
      }
    },
  );

  it.each(formats)(
    '%s: 10^4 and 10^5 levels are refused without a stack overflow or a crash',
    (name, doc) => {
      const format = name === 'json' ? 'json' : 'yaml';
      for (const n of [10_000, 100_000]) {
        expect(errorOf(() => parseConfigText(doc(n), { format, file: 'deep' })).message).toMatch(
          /nested more than 256 levels/,
        );
      }
    },
  );

  it('yaml: aliases that nest past the limit once expanded, and a circular alias, are refused', () => {
    const half = (name: string, inner: string) =>
      `${name}: &${name} ${'['.repeat(200)}${inner}${']'.repeat(200)}\n`;
    const text = `${half('a', '1')}${half('b', '*a')}`;
    expect(
      errorOf(() => parseConfigText(text, { format: 'yaml', file: 'c.yaml' })).message,
    ).toMatch(/^c\.yaml: b\[0\].*: nested more than 256 levels .* once aliases are expanded$/);
    expect(
      errorOf(() =>
        parseConfigText('x: &x [1, *x]\n', { format: 'yaml', file: 'c.yaml', mode: 'reference' }),
      ).message,
    ).toMatch(/^c\.yaml: x\[1\]: an alias refers to a collection that contains it/);
  });
});

describe('checks that keep a config from failing identical traces (issue 11, item 10)', () => {
  const fails = (
    text: string,
    format: 'json' | 'yaml' = 'json',
    mode?: 'default' | 'reference',
  ): string => {
    try {
      parseConfigText(text, { format, file: `c.${format}`, mode });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error(`accepted ${text}`);
  };

  it('refuses negative timing tolerances, r2_thresh outside [0, 1] and slope_lo > slope_hi', () => {
    expect(fails('{"timing": {"dur_tol": -1}}')).toBe(
      'c.json: timing.dur_tol: must be >= 0, received -1',
    );
    expect(fails('timing:\n  mape_tol: -0.5\n', 'yaml')).toBe(
      'c.yaml: timing.mape_tol: must be >= 0, received -0.5',
    );
    expect(fails('{"timing": {"r2_thresh": 5}}')).toBe(
      'c.json: timing.r2_thresh: must be <= 1, received 5',
    );
    expect(fails('{"timing": {"r2_thresh": -0.1}}')).toBe(
      'c.json: timing.r2_thresh: must be >= 0, received -0.1',
    );
    expect(fails('{"timing": {"slope_lo": 2, "slope_hi": 1}}')).toBe(
      'c.json: timing.slope_lo: slope_lo 2 must not exceed slope_hi 1',
    );
    expect(fails('{"timing": {"slope_lo": 2}}')).toBe(
      'c.json: timing.slope_lo: slope_lo 2 must not exceed slope_hi 1.2 (the default)',
    );
    expect(fails('{"timing": {"slope_hi": 0.5}}')).toBe(
      'c.json: timing.slope_hi: slope_lo 0.8 (the default) must not exceed slope_hi 0.5',
    );
  });

  it('accepts the edges, and reference mode keeps taking what the reference takes', () => {
    expect(
      parseConfigText(
        '{"timing": {"r2_thresh": 1, "slope_lo": 1, "slope_hi": 1, "dur_tol": 0, "mape_tol": 0}}',
        { format: 'json' },
      ).timing,
    ).toEqual({
      r2_thresh: 1,
      slope_lo: 1,
      slope_hi: 1,
      dur_tol: 0,
      mape_tol: 0,
    });
    expect(
      parseConfigText('{"timing": {"dur_tol": -1, "slope_lo": 2}}', {
        format: 'json',
        mode: 'reference',
      }).timing,
    ).toMatchObject({ dur_tol: -1 });
  });

  it("the default slopes the check assumes are the timing metric's", () => {
    expect({ lo: DEFAULT_TIMING.slope_lo, hi: DEFAULT_TIMING.slope_hi }).toEqual(DEFAULT_SLOPES);
  });

  it('refuses a repeated key in a JSON config in default mode, naming its path and line, as YAML does', () => {
    expect(fails('{"timing": {"dur_tol": 0.1,\n  "dur_tol": 0.2}}')).toBe(
      'c.json: timing.dur_tol: duplicate key "dur_tol" at line 2, column 3 (keys must be unique; reference mode keeps the last, as Python does)',
    );
    expect(
      fails('{"comparators": {"by_channel": {"a": {"type": "exact"}, "a": {"type": "exact"}}}}'),
    ).toContain('c.json: comparators.by_channel.a: duplicate key "a"');
  });

  it("keeps the last value of a repeated key in reference mode (Python's json), also when the document says so", () => {
    expect(
      parseConfigText('{"timing": {"dur_tol": 0.1, "dur_tol": 0.2}}', {
        format: 'json',
        mode: 'reference',
      }).timing,
    ).toMatchObject({ dur_tol: 0.2 });
    expect(
      parseConfigText('{"mode": "reference", "timing": {"dur_tol": 0.1, "dur_tol": 0.2}}', {
        format: 'json',
      }).timing,
    ).toMatchObject({ dur_tol: 0.2 });
  });

  it('names the config file when a weight or required metric is not computed (found while scoring)', async () => {
    const file = writeTemp(
      'req.json',
      '{"decision": {"required_metrics": ["continuous"]}, "aggregation": {"weights": {"discrete": 1}}}',
    );
    const options = await loadConfig(file);
    const trace = [{ channel: 'a', timestamp: 0, value: 1 }];
    expect(() => evaluate(trace, trace, { ...options, mode: 'default' })).toThrow(
      `${file}: decision.required_metrics[0]: metric "continuous" is not computed (computed: discrete, timing, structure)`,
    );
    const weights = writeTemp('w.yaml', 'aggregation:\n  weights: {nope: 1}\n');
    expect(() => evaluate(trace, trace, loadConfigSync(weights))).toThrow(
      `${weights}: aggregation.weights.nope: metric "nope" is not computed`,
    );
    // Options from code name no file.
    expect(() =>
      evaluate(trace, trace, { decision: { required_metrics: ['continuous'] } }),
    ).toThrow(/^decision\.required_metrics\[0\]/);
  });
});
