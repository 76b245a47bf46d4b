// Type test: Jest with "moduleResolution": "bundler" (e.g. a Vite-style tsconfig shared with
// Jest), importing envtrace-js/jest for its types next to the root entry.
import { expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';
import { ConfigError, Trace, evaluate } from 'envtrace-js';

const golden = new Trace([{ channel: 'motor:x', timestamp: 0, value: 1 }]);

test('matchers', () => {
  expect(golden).toMatchTraceBehavior([golden, 'traces/other.json'], { comparators: { default: { type: 'tol', tol: 1e-3 } } });
  expect(golden).toMatchGoldenTrace({ minScore: 0.8, requireAccuracy: false });
  const fn = jest.fn((_trace: unknown) => undefined);
  expect(fn).toHaveBeenCalledWith(expect.traceMatching(golden));
  expect(() => evaluate(golden, golden, { bogus: 1 } as never)).toThrow(ConfigError);
  // @ts-expect-error unknown option
  expect(golden).toMatchGoldenTrace({ minScor: 1 });
  // @ts-expect-error unknown comparator type
  expect(golden).toMatchTraceBehavior(golden, { comparators: { default: { type: 'fuzzy' } } });
});
