/**
 * Fuzzing the config readers (`parseConfigText` for JSON and YAML, both modes) and the options
 * validator behind `evaluate()`: on any text or value, a config or an envtrace error.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseConfigText, validateOptions } from '../../src/config/index.js';
import { anyText, expectOnlyTypedErrors, fuzzParams } from './fuzz.js';
import { CONFIG_JSON, CONFIG_YAML } from './seeds.js';

const MODES = [undefined, 'default', 'reference'] as const;

describe.each(MODES)('config (mode override: %s)', (mode) => {
  it('JSON text', () => {
    fc.assert(
      fc.property(anyText(CONFIG_JSON), (text) =>
        expectOnlyTypedErrors(() =>
          parseConfigText(text, { format: 'json', file: 'fuzz.json', mode }),
        ),
      ),
      fuzzParams(),
    );
  });

  it('YAML text', () => {
    fc.assert(
      fc.property(anyText([...CONFIG_YAML, ...CONFIG_JSON]), (text) =>
        expectOnlyTypedErrors(() =>
          parseConfigText(text, { format: 'yaml', file: 'fuzz.yaml', mode }),
        ),
      ),
      fuzzParams(),
    );
  });
});

describe('validateOptions', () => {
  /** Objects shaped like options, with values of any kind at known keys. */
  const keys = [
    'mode',
    'aliases',
    'ignore_channels',
    'aligner',
    'comparators',
    'abs_tol',
    'timing',
    'continuous_channels',
    'aggregation',
    'decision',
    'include_structure',
    'use_continuous',
    'metrics',
    'continuous_metric',
    '__proto__',
    'constructor',
  ];
  const optionish = fc.dictionary(
    fc.constantFrom(...keys),
    fc.anything({ withBigInt: true, withMap: true, withNullPrototype: true, maxDepth: 3 }),
    { maxKeys: 4 },
  );

  it('any value, and option-shaped objects with wrong values', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything({
            withBigInt: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withTypedArray: true,
          }),
          optionish,
        ),
        fc.constantFrom(...MODES),
        (v, mode) => expectOnlyTypedErrors(() => validateOptions(v, mode ? { mode } : {})),
      ),
      fuzzParams(),
    );
  });
});
