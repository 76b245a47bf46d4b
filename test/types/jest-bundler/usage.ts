// Type test: Jest with "moduleResolution": "bundler" (e.g. a Vite-style tsconfig shared with
// Jest), importing envtrace-js/jest for its types next to the root entry.
import { expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';
import { ConfigError, Trace, evaluate } from 'envtrace-js';

const golden = new Trace([{ channel: 'motor:x', timestamp: 0, value: 1 }]);

// toFollowTrajectory: {name, arguments} lists, events, trace files in any importer format; options
// mode / args / toolArgs / distance. Misuse is a type error.
const reference = [{ name: 'search_flights', arguments: { origin: 'GVA' } }, { name: 'book_flight', arguments: { flight_id: 'TP943' } }];
const calls = [{ name: 'search_flights', arguments: { origin: 'GVA', cabin: 'economy' } }];

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
  expect(calls).toFollowTrajectory(reference);
  expect(calls).toFollowTrajectory('traces/golden.otlp.json', { mode: 'superset', args: 'superset', toolArgs: { book_flight: ['flight_id'] } });
  expect(golden).not.toFollowTrajectory(reference, { mode: 'unordered', args: (ref, pred) => ref === pred, distance: { scheme: 'any_order', weights: { tools: { book_flight: 3 } } } });
  // @ts-expect-error unknown trajectory mode
  expect(calls).toFollowTrajectory(reference, { mode: 'loose' });
  // @ts-expect-error unknown distance scheme
  expect(calls).toFollowTrajectory(reference, { distance: { scheme: 'fuzzy' } });
  // @ts-expect-error the reference is required
  expect(calls).toFollowTrajectory();
});
