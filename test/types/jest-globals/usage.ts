// Type test: Jest 30 with @jest/globals (ESM typings of envtrace/jest).
import { expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

// toFollowTrajectory: {name, arguments} lists, events, trace files in any importer format; options
// mode / args / toolArgs / distance. Misuse is a type error.
const reference = [{ name: 'search_flights', arguments: { origin: 'GVA' } }, { name: 'book_flight', arguments: { flight_id: 'TP943' } }];
const calls = [{ name: 'search_flights', arguments: { origin: 'GVA', cabin: 'economy' } }];

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
