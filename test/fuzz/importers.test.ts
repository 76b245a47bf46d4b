/**
 * Fuzzing every importer with its format forced (so the importer's own parser runs, not only
 * detection): on mutated valid documents and arbitrary text, it returns events or throws an
 * envtrace error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importers } from '../../src/import/registry.js';
import { parseTrace } from '../../src/import/read.js';
import { anyText, expectOnlyTypedErrors, fuzzParams } from './fuzz.js';
import { IMPORTER_SEEDS } from './seeds.js';

describe('importers', () => {
  it('every registered importer has seeds here', () => {
    expect(importers.map((i) => i.name).sort()).toEqual(Object.keys(IMPORTER_SEEDS).sort());
  });

  describe.each(importers.map((i) => [i.name] as const))('%s', (name) => {
    const seeds = IMPORTER_SEEDS[name] ?? [];

    it('the seeds are valid (so mutations start from real documents)', () => {
      for (const s of seeds)
        expect(parseTrace(s, { format: name as never }).events.length).toBeGreaterThan(0);
    });

    it.each(['default', 'reference'] as const)('only typed errors (%s mode)', (mode) => {
      fc.assert(
        fc.property(anyText(seeds), (text) =>
          expectOnlyTypedErrors(() =>
            parseTrace(text, { format: name as never, mode, file: `fuzz.${name}` }),
          ),
        ),
        fuzzParams(),
      );
    });

    it('detect() never throws and stays in [0, 1]', () => {
      const importer = importers.find((i) => i.name === name);
      fc.assert(
        fc.property(anyText(seeds), fc.anything(), (text, first) => {
          const c = importer?.detect(text, first);
          expect(typeof c === 'number' && !(c < 0) && !(c > 1)).toBe(true);
        }),
        fuzzParams(),
      );
    });
  });
});
