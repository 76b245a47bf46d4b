// Type test: Vitest 4 sees the envtrace matchers through `envtrace-js/vitest` alone.
import { expect, test } from 'vitest';
import type {} from 'envtrace-js/vitest';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

// toFollowTrajectory: {name, arguments} lists, events, trace files in any importer format; options
// mode / args / toolArgs / distance. Misuse is a type error.
const reference = [{ name: 'search_flights', arguments: { origin: 'GVA' } }, { name: 'book_flight', arguments: { flight_id: 'TP943' } }];
const calls = [{ name: 'search_flights', arguments: { origin: 'GVA', cabin: 'economy' } }];

test('matchers', () => {
  expect(golden).toMatchTraceBehavior(golden);
  expect(golden).toMatchTraceBehavior([golden, 'traces/other.json'], { minScore: 0.9, aligner: 'nw', mode: 'reference' });
  expect('pred.json').not.toMatchTraceBehavior({ events: golden }, 'envtrace.config.yaml');
  expect(golden).toMatchGoldenTrace();
  expect(golden).toMatchGoldenTrace({ minScore: 0.8, requireAccuracy: false });
  expect({ t: golden }).toEqual({ t: expect.traceMatching(golden) });
  expect({ t: golden }).toEqual({ t: expect.not.traceMatching(golden, { minScore: 0.5 }) });
  // @ts-expect-error minScore is a number
  expect(golden).toMatchTraceBehavior(golden, { minScore: 'high' });
  // @ts-expect-error the golden is required
  expect(golden).toMatchTraceBehavior();
  // @ts-expect-error unknown option
  expect(golden).toMatchTraceBehavior(golden, { minScor: 1 });
  // @ts-expect-error a number is not a trace
  expect(golden).toMatchTraceBehavior(42);
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

test.concurrent('context expect and task.meta records', ({ expect, task }) => {
  expect(golden).toMatchGoldenTrace();
  const score: number | null | undefined = task.meta.envtrace?.[0]?.full_score;
  void score;
  // A toFollowTrajectory record carries its verdict (a union on `check`).
  const verdict = task.meta.envtrace?.[0]?.trajectory?.[0];
  const matched: number | undefined = verdict?.check === 'match' ? verdict.matched : undefined;
  const corpus: number | undefined = verdict?.distance?.max;
  void matched;
  void corpus;
});
