// Type test: the standalone expect package through envtrace/expect (node:test, mocha).
import { expect, setTraceTest } from 'envtrace-js/expect';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

setTraceTest('/abs/path/scan.test.ts', 'scan moves');
// node:test's TestContext (t in test('…', (t) => …)), with the test file when t.filePath is absent.
setTraceTest({ name: 'moves', fullName: 'scan > moves' }, 'file:///abs/path/scan.test.mjs');
expect(golden).toMatchTraceBehavior(golden, { minScore: 0.9 });
expect(golden).not.toMatchTraceBehavior('other.json');
expect(golden).toMatchGoldenTrace();
expect({ t: golden }).toEqual({ t: expect.traceMatching(golden) });
// @ts-expect-error minScore is a number
expect(golden).toMatchTraceBehavior(golden, { minScore: 'high' });
// @ts-expect-error setTraceTest needs a name
setTraceTest('/abs/path/scan.test.ts');

// toFollowTrajectory: {name, arguments} lists, events, trace files in any importer format; options
// mode / args / toolArgs / distance. Misuse is a type error.
const reference = [{ name: 'search_flights', arguments: { origin: 'GVA' } }, { name: 'book_flight', arguments: { flight_id: 'TP943' } }];
const calls = [{ name: 'search_flights', arguments: { origin: 'GVA', cabin: 'economy' } }];

expect(calls).toFollowTrajectory(reference);
expect(calls).toFollowTrajectory('traces/golden.otlp.json', { mode: 'superset', args: 'superset', toolArgs: { book_flight: ['flight_id'] } });
expect(golden).not.toFollowTrajectory(reference, { mode: 'unordered', args: (ref, pred) => ref === pred, distance: { scheme: 'any_order', weights: { tools: { book_flight: 3 } } } });
// @ts-expect-error unknown trajectory mode
expect(calls).toFollowTrajectory(reference, { mode: 'loose' });
// @ts-expect-error unknown distance scheme
expect(calls).toFollowTrajectory(reference, { distance: { scheme: 'fuzzy' } });
// @ts-expect-error the reference is required
expect(calls).toFollowTrajectory();
