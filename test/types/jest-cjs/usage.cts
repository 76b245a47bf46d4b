// Type test: a CommonJS test file (what ts-jest compiles) gets envtrace/jest's .d.cts typings.
import { expect, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';


const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

test('matchers', () => {
  expect(golden).toMatchTraceBehavior(golden, { minScore: 0.9 });
  expect(golden).toMatchGoldenTrace();
  expect({ t: golden }).toEqual({ t: expect.traceMatching(golden) });
  // @ts-expect-error the golden is required
  expect(golden).toMatchTraceBehavior();
});
