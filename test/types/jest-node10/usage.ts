// Type test: a classic ts-jest project ("module": "commonjs", node10 resolution, which ignores
// `exports`) that lists envtrace-js/jest in `types` (issue 7: this failed with TS2688) and uses
// the root entry next to the matchers.
import { expect, test } from '@jest/globals';
import { ConfigError, evaluate, loadTraceSync, type ComparatorSpec } from 'envtrace-js';
import { PyFloat } from 'envtrace-js/python';
import type { EnvTraceReporterOptions } from 'envtrace-js/reporters/jest';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];
const eq: ComparatorSpec = { type: 'eq' };

// toFollowTrajectory: {name, arguments} lists, events, trace files in any importer format; options
// mode / args / toolArgs / distance. Misuse is a type error.
const reference = [{ name: 'search_flights', arguments: { origin: 'GVA' } }, { name: 'book_flight', arguments: { flight_id: 'TP943' } }];
const calls = [{ name: 'search_flights', arguments: { origin: 'GVA', cabin: 'economy' } }];

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

const reporterOptions: EnvTraceReporterOptions = {};
void reporterOptions;
