// Type test: a CommonJS test file (what ts-jest compiles) gets envtrace/jest's .d.cts typings.
import { expect, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';


const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

// toFollowTrajectory: {name, arguments} lists, events, trace files in any importer format; options
// mode / args / toolArgs / distance. Misuse is a type error.
const reference = [{ name: 'search_flights', arguments: { origin: 'GVA' } }, { name: 'book_flight', arguments: { flight_id: 'TP943' } }];
const calls = [{ name: 'search_flights', arguments: { origin: 'GVA', cabin: 'economy' } }];

test('matchers', () => {
  expect(golden).toMatchTraceBehavior(golden, { minScore: 0.9 });
  expect(golden).toMatchGoldenTrace();
  expect({ t: golden }).toEqual({ t: expect.traceMatching(golden) });
  // @ts-expect-error the golden is required
  expect(golden).toMatchTraceBehavior();
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
