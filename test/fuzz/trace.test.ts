/**
 * Fuzzing the trace parsers (`parseEnvtrace`, JSON and JSON Lines, both modes; `parseTrace` with
 * format detection): on any text or value, they return a trace or throw an envtrace error.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseTrace } from '../../src/import/read.js';
import { parseEnvtrace } from '../../src/trace/parse.js';
import { anyText, expectOnlyTypedErrors, fuzzParams } from './fuzz.js';
import { ALL_TRACE_SEEDS, TRACE_JSON, TRACE_JSONL } from './seeds.js';

const MODES = ['default', 'reference'] as const;

describe.each(MODES)('parseEnvtrace (%s mode)', (mode) => {
  it('JSON text', () => {
    fc.assert(
      fc.property(anyText(TRACE_JSON), (text) =>
        expectOnlyTypedErrors(() =>
          parseEnvtrace(text, { mode, file: 'fuzz.json', format: 'json' }),
        ),
      ),
      fuzzParams(),
    );
  });

  it('JSON Lines text', () => {
    fc.assert(
      fc.property(anyText(TRACE_JSONL), (text) =>
        expectOnlyTypedErrors(() =>
          parseEnvtrace(text, { mode, file: 'fuzz.jsonl', format: 'jsonl' }),
        ),
      ),
      fuzzParams(),
    );
  });

  it('text of unknown format (JSON or JSON Lines detected)', () => {
    fc.assert(
      fc.property(anyText([...TRACE_JSON, ...TRACE_JSONL]), (text) =>
        expectOnlyTypedErrors(() => parseEnvtrace(text, { mode })),
      ),
      fuzzParams(),
    );
  });

  it('any JavaScript value (objects given to the API)', () => {
    const eventish = fc.record(
      {
        channel: fc.anything(),
        timestamp: fc.oneof(fc.double(), fc.anything()),
        value: fc.anything(),
        meta: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const value = fc.oneof(
      fc.anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withSparseArray: true,
        withNullPrototype: true,
        withObjectString: true,
        withBoxedValues: true,
      }),
      fc.array(eventish, { maxLength: 5 }),
      fc.record(
        { events: fc.array(eventish, { maxLength: 5 }), meta: fc.anything() },
        { requiredKeys: ['events'] },
      ),
    );
    fc.assert(
      fc.property(value, (v) => expectOnlyTypedErrors(() => parseEnvtrace(v, { mode }))),
      fuzzParams(),
    );
  });
});

describe.each(MODES)('parseTrace with detection (%s mode)', (mode) => {
  it('any text, mutated documents of every format', () => {
    fc.assert(
      fc.property(anyText(ALL_TRACE_SEEDS), (text) =>
        expectOnlyTypedErrors(() => parseTrace(text, { mode, file: 'fuzz' })),
      ),
      fuzzParams(),
    );
  });
});
