// Type test: Vitest 4 sees the envtrace matchers through `envtrace-js/vitest` alone.
import { expect, test } from 'vitest';
import type {} from 'envtrace-js/vitest';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

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
});

test.concurrent('context expect and task.meta records', ({ expect, task }) => {
  expect(golden).toMatchGoldenTrace();
  const score: number | null | undefined = task.meta.envtrace?.[0]?.full_score;
  void score;
});
