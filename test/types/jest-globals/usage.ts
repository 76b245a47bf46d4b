// Type test: Jest 30 with @jest/globals (ESM typings of envtrace/jest).
import { expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

test('matchers', () => {
  expect(golden).toMatchTraceBehavior(golden);
  expect(golden).toMatchTraceBehavior([golden, 'traces/other.json'], { minScore: 0.9 });
  expect('pred.json').not.toMatchTraceBehavior({ events: golden }, 'envtrace.config.yaml');
  expect(golden).toMatchGoldenTrace();
  const fn = jest.fn((_trace: unknown) => undefined);
  expect(fn).toHaveBeenCalledWith(expect.traceMatching(golden));
  expect({ t: golden }).toEqual({ t: expect.not.traceMatching(golden) });
  // @ts-expect-error minScore is a number
  expect(golden).toMatchTraceBehavior(golden, { minScore: 'high' });
  // @ts-expect-error unknown option
  expect(golden).toMatchGoldenTrace({ minScor: 1 });
});
