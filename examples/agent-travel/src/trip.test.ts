import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type {} from 'envtrace-js/vitest';
import { loadTraceSync, trajectoryMetric } from 'envtrace-js';
import { planTrip, type TripRequest } from './agent.js';
import { planTripWrong } from './agent-wrong.js';
import { recordAgent } from './record.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The reference run, exported by the agent's OpenTelemetry instrumentation (GenAI `execute_tool`
// spans, OTLP/JSON). Every matcher reads it through the importer, format detected from content.
const golden = path.join(here, '../traces/golden.otlp.json');

const request: TripRequest = {
  origin: 'GVA',
  destination: 'LIS',
  city: 'Lisbon',
  depart: '2026-05-04',
  return: '2026-05-08',
  travellers: 2,
  email: 'ada@example.org',
};

describe('travel agent', () => {
  test('follows the reference trajectory exactly (strict: same calls, same turns)', () => {
    const run = recordAgent((tools, clock) => planTrip(tools, clock, request));
    expect(run.calls).toFollowTrajectory(golden, { mode: 'strict' });
  });

  test('parallel calls of one turn may come in any order, even in strict mode', () => {
    // Both flights are booked in one turn; this run books the return flight first.
    const run = recordAgent((tools, clock) =>
      planTrip(tools, clock, request, { returnFirst: true }),
    );
    expect(
      run.calls
        .filter((c) => c.name === 'book_flight')
        .map((c) => (c.arguments as { flight_id: string }).flight_id),
    ).toEqual(['EZS1468', 'EZS1467']);
    expect(run.calls).toFollowTrajectory(golden, { mode: 'strict' });
  });

  test('a thorough run (extra weather call, extra arguments) still covers the reference', () => {
    const run = recordAgent((tools, clock) => planTrip(tools, clock, request, { thorough: true }));
    // Not the same trajectory: one extra call, and both flight searches carry `cabin`.
    expect(run.calls).not.toFollowTrajectory(golden);
    // But every reference call occurs, with at least its arguments; the two search_flights and two
    // book_flight calls are repeated calls, paired optimally (never first-fit).
    expect(run.calls).toFollowTrajectory(golden, { mode: 'superset', args: 'superset' });
    // As a graded figure: the weather detour and the extra arguments cost a little.
    expect(run.calls).toFollowTrajectory(golden, {
      mode: 'superset',
      args: 'superset',
      distance: { scheme: 'in_order', weights: { tools: { book_flight: 3, book_hotel: 3 } } },
    });
  });

  test('behaves like the recorded reference run (deep comparator on the arguments)', () => {
    const run = recordAgent((tools, clock) => planTrip(tools, clock, request));
    const reference = loadTraceSync(golden); // the importer, explicitly: the same events as above
    expect(reference.events.map((e) => e.channel)).toEqual(run.toolEvents.map((e) => e.channel));
    expect(run.toolEvents).toMatchTraceBehavior(golden, {
      // Arguments are objects: compare them structurally (key order ignored).
      comparators: { default: { type: 'deep' } },
      metrics: [trajectoryMetric({ scheme: 'any_order' })],
    });
  });

  // The deliberately wrong "generated" agent: this failure is the expected outcome (run.mjs checks it).
  test('generated agent that books the hotel one night short', () => {
    const run = recordAgent((tools, clock) => planTripWrong(tools, clock, request));
    expect(run.calls).toFollowTrajectory(golden, { mode: 'strict' });
  });
});
