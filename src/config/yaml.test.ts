import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { parsePyJson } from '../py/json.js';
import { orderedKeys, PyFloat } from '../py/value.js';
import {
  constructPyYamlFloat,
  constructPyYamlInt,
  MAX_ALIAS_EXPANSION,
  nonStringKeys,
  parseConfigYaml,
  peekYamlMode,
} from './yaml.js';
import { DEFAULT_POLICY, REFERENCE_POLICY, policyFor } from '../policy/index.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const corpus = resolve(repoRoot, 'test/conformance/cases');

function scalar(text: string, mode: 'default' | 'reference'): unknown {
  const doc = parseConfigYaml(`k: ${text}\n`, policyFor(mode)) as Record<string, unknown>;
  return doc['k'];
}

const f = (x: number) => new PyFloat(x);

describe('reference mode: PyYAML safe_load scalars (YAML 1.1 as PyYAML resolves it)', () => {
  // Expected values are PyYAML 6's: resolver.py regexes + constructor.py conversions.
  // Integral floats are PyFloat (Python float), other numbers ints unless non-integral.
  const table: [string, unknown][] = [
    ['1e-3', '1e-3'], // a float needs a dot...
    ['1e3', '1e3'],
    ['1.0e3', '1.0e3'], // ...and a signed exponent
    ['1e+3', '1e+3'],
    ['8e-1', '8e-1'],
    ['1.0e-3', 0.001],
    ['1.0E+3', f(1000)],
    ['.1e+2', f(10)],
    ['1.', f(1)],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['+.5', '+.5'],
    ['-.5', '-.5'],
    ['-0.0', -0],
    ['1_0.0_1', 10.01],
    ['.inf', Infinity],
    ['-.inf', -Infinity],
    ['.NaN', Number.NaN],
    ['190:20:30.15', 685230.15],
    ['010', 8], // octal
    ['0777', 511],
    ['09', '09'],
    ['0o10', '0o10'],
    ['0x1F', 31],
    ['-0x1F', -31],
    ['0b101', 5],
    ['+0b11', 3],
    ['1_000', 1000],
    ['1:30', 90], // sexagesimal
    ['-1:30', -90],
    ['1:60', '1:60'],
    ['12345678901234567890', 12345678901234567890n],
    ['+1', 1],
    ['-0', 0],
    ['yes', true],
    ['No', false],
    ['ON', true],
    ['off', false],
    ['y', 'y'],
    ['n', 'n'],
    ['True', true],
    ['~', null],
    ['Null', null],
    ['"yes"', 'yes'],
    ["'010'", '010'],
    ['!!float 1', f(1)],
    ['!!int "12"', 12],
    ['!!str 1', '1'],
  ];
  it.each(table)('%s', (text, expected) => {
    expect(scalar(text, 'reference')).toEqual(expected);
  });

  it('constructs ints and floats like PyYAML, including explicit tags', () => {
    expect(constructPyYamlInt('0b_1')).toBe(1n);
    expect(constructPyYamlInt('-0')).toBe(0n);
    expect(constructPyYamlInt('0b')).toBeUndefined(); // int('', 2) raises
    expect(constructPyYamlFloat('1:30.5')).toBe(90.5);
    expect(constructPyYamlFloat('-.INF')).toBe(-Infinity);
    expect(() => parseConfigYaml('k: !!float abc\n', REFERENCE_POLICY, 'c.yaml')).toThrow(
      ConfigError,
    );
  });

  it('keeps non-string keys as their Python str(), remembered, and duplicate keys (last wins)', () => {
    const doc = parseConfigYaml(
      'w:\n  b: 1\n  1: 2\n  1.0: 3\n  true: 4\n  ~: 5\n  b: 6\n',
      REFERENCE_POLICY,
    ) as Record<string, Record<string, unknown>>;
    const w = doc['w'] ?? {};
    expect(orderedKeys(w)).toEqual(['b', '1', '1.0', 'True', 'None']);
    expect(w).toEqual({ b: 6, '1': 2, '1.0': 3, True: 4, None: 5 });
    expect([...nonStringKeys(w)]).toEqual(['1', '1.0', 'True', 'None']);
  });

  it('reproduces the PyYAML parse of conformance case pub-129', () => {
    const text = readFileSync(resolve(corpus, 'pub-129-config-yaml-config.json'), 'utf8');
    const c = parsePyJson(text) as { input: { config_text: string; config: unknown } };
    const parsed = parseConfigYaml(c.input.config_text, REFERENCE_POLICY);
    expect(parsed).toEqual(c.input.config);
    const cfg = parsed as {
      comparators: { default: { tol: unknown } };
      include_structure: unknown;
    };
    expect(cfg.comparators.default.tol).toBe('1e-3');
    expect(cfg.include_structure).toBe(false);
  });
});

describe('default mode: YAML 1.2 core schema', () => {
  const table: [string, unknown][] = [
    ['1e-3', 0.001],
    ['1.0', 1],
    ['yes', 'yes'],
    ['off', 'off'],
    ['010', 10],
    ['0o10', 8],
    ['0x1F', 31],
    ['~', null],
    ['.nan', Number.NaN],
    ['1:30', '1:30'],
  ];
  it.each(table)('%s', (text, expected) => {
    expect(scalar(text, 'default')).toEqual(expected);
  });

  it('rejects non-string keys and duplicate keys', () => {
    expect(() =>
      parseConfigYaml('aliases:\n  1: a\n', DEFAULT_POLICY, 'c.yaml'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: c.yaml: aliases: mapping keys must be strings, found a number key "1"; quote it]`,
    );
    expect(() =>
      parseConfigYaml('a: 1\na: 2\n', DEFAULT_POLICY, 'c.yaml'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: c.yaml: invalid YAML at line 2, column 1: duplicate key "a" (keys must be unique)]`,
    );
  });
});

describe('errors and mode detection', () => {
  it('reports malformed YAML with line and column', () => {
    expect(() =>
      parseConfigYaml('timing:\n  r2_thresh: [0.9\n', DEFAULT_POLICY, 'envtrace.yaml'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.yaml: invalid YAML at line 3, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]]`,
    );
    expect(() =>
      parseConfigYaml('k: !custom 1\n', REFERENCE_POLICY, 'envtrace.yaml'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.yaml: invalid YAML at line 1, column 4: Unresolved tag: !custom]`,
    );
    expect(() =>
      parseConfigYaml('k: 2001-12-14\n', REFERENCE_POLICY, 'envtrace.yaml'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: envtrace.yaml: k: a timestamp is not supported in an envtrace config]`,
    );
  });

  it('maps an empty document to null and reads the top-level mode leniently', () => {
    expect(parseConfigYaml('', DEFAULT_POLICY)).toBeNull();
    expect(parseConfigYaml('# only a comment\n', REFERENCE_POLICY)).toBeNull();
    expect(peekYamlMode('mode: reference\nweights: {a: 1, a: 2}\n')).toBe('reference');
    expect(peekYamlMode('- 1\n')).toBeUndefined();
  });
});

describe('aliases and unique keys (README "Limits")', () => {
  const laughs = (levels: number): string => {
    const names = 'abcdefghijkl';
    const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < levels; i++)
      lines.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(', ')}]`,
      );
    return `${lines.join('\n')}\n`;
  };
  const error = (text: string, mode: 'default' | 'reference' = 'default'): string => {
    try {
      parseConfigYaml(text, policyFor(mode), 'c.yaml');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };

  it('an alias without an anchor before it is a ConfigError with its line and column, in both modes', () => {
    expect(error('metrics:\n  a: *nope\n')).toBe(
      'c.yaml: invalid YAML at line 2, column 6: undefined alias *nope (an anchor &nope must come before it)',
    );
    expect(error('a: *later\nb: &later 1\n', 'reference')).toBe(
      'c.yaml: invalid YAML at line 1, column 4: undefined alias *later (an anchor &later must come before it)',
    );
  });

  it('refuses a billion laughs at the alias that goes over MAX_ALIAS_EXPANSION, quickly', () => {
    const t = performance.now();
    expect(error(laughs(9))).toBe(
      `c.yaml: invalid YAML at line 6, column 8: aliases expand the document by more than ${MAX_ALIAS_EXPANSION} values (the limit, see README "Limits")`,
    );
    expect(error(laughs(12), 'reference')).toContain('aliases expand the document by more than');
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('lets ordinary reuse through: one anchor used 150 times, and small laughs', () => {
    const text = `comparators:\n  default: &t {type: numeric_tolerance, tol: 0.01}\n  by_channel:\n${Array.from({ length: 150 }, (_, i) => `    ch${i}: *t\n`).join('')}`;
    const doc = parseConfigYaml(text, DEFAULT_POLICY) as {
      comparators: { by_channel: Record<string, unknown> };
    };
    expect(Object.keys(doc.comparators.by_channel)).toHaveLength(150);
    expect(doc.comparators.by_channel['ch149']).toEqual({ type: 'numeric_tolerance', tol: 0.01 });
    // 9^4 = 6561 values: under the limit.
    expect((parseConfigYaml(laughs(4), DEFAULT_POLICY) as { d: unknown[] }).d).toHaveLength(9);
  });

  it('reference mode keeps merge keys (<<) working', () => {
    const doc = parseConfigYaml(
      'base: &b {type: exact}\nc:\n  <<: *b\n  tol: 1\n',
      REFERENCE_POLICY,
    ) as Record<string, Record<string, unknown>>;
    expect(doc['c']).toEqual({ type: 'exact', tol: 1 });
  });

  it('names a nested duplicate key with its line in default mode; reference mode keeps the last', () => {
    expect(error('timing:\n  dur_tol: 1\n  slope_lo: 1\n  dur_tol: 2\n')).toBe(
      'c.yaml: invalid YAML at line 4, column 3: duplicate key "dur_tol" (keys must be unique)',
    );
    expect(
      (
        parseConfigYaml('timing:\n  dur_tol: 1\n  dur_tol: 2\n', REFERENCE_POLICY) as {
          timing: { dur_tol: unknown };
        }
      ).timing.dur_tol,
    ).toBe(2);
  });

  it('reads a large config in linear time (the yaml package checks unique keys quadratically)', () => {
    const lines = (n: number) =>
      `aliases:\n${Array.from({ length: n }, (_, i) => `  "ch${i}": motor:x${i}\n`).join('')}`;
    const time = (text: string): number => {
      let best = Infinity;
      for (let run = 0; run < 2; run++) {
        const t = performance.now();
        parseConfigYaml(text, DEFAULT_POLICY);
        best = Math.min(best, performance.now() - t);
      }
      return best;
    };
    time(lines(2000)); // warm up
    const small = time(lines(4000));
    const large = time(lines(32000));
    // 8× the keys: linear is ~8×, quadratic ~64×. Generous for a loaded machine.
    expect(large / small).toBeLessThan(30);
  });
});
