// Type test: a classic ts-jest project ("module": "commonjs", node10 resolution, which ignores
// `exports`) that lists envtrace-js/jest in `types` (issue 7: this failed with TS2688) and uses
// the root entry next to the matchers.
import { expect, test } from '@jest/globals';
import { ConfigError, evaluate, loadTraceSync, type ComparatorSpec } from 'envtrace-js';
import { PyFloat } from 'envtrace-js/python';
import type { EnvTraceReporterOptions } from 'envtrace-js/reporters/jest';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];
const eq: ComparatorSpec = { type: 'eq' };

test('matchers', () => {
  expect(golden).toMatchTraceBehavior(golden, { minScore: 0.9, comparators: { default: eq } });
  expect(loadTraceSync('golden.json', { mode: 'reference' })).toMatchTraceBehavior(golden, { mode: 'reference' });
  expect(golden).toMatchGoldenTrace();
  expect({ t: golden }).toEqual({ t: expect.traceMatching(golden) });
  expect(() => evaluate(golden, golden, { bogus: 1 } as never)).toThrow(ConfigError);
  expect(new PyFloat(1).value).toBe(1);
  // @ts-expect-error the golden is required
  expect(golden).toMatchTraceBehavior();
  // @ts-expect-error minScore is a number
  expect(golden).toMatchTraceBehavior(golden, { minScore: 'high' });
});

const reporterOptions: EnvTraceReporterOptions = {};
void reporterOptions;
