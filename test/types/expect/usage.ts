// Type test: the standalone expect package through envtrace/expect (node:test, mocha).
import { expect, setTraceTest } from 'envtrace-js/expect';

const golden = [{ channel: 'motor:x', timestamp: 0, value: 1 }];

setTraceTest('/abs/path/scan.test.ts', 'scan moves');
expect(golden).toMatchTraceBehavior(golden, { minScore: 0.9 });
expect(golden).not.toMatchTraceBehavior('other.json');
expect(golden).toMatchGoldenTrace();
expect({ t: golden }).toEqual({ t: expect.traceMatching(golden) });
// @ts-expect-error minScore is a number
expect(golden).toMatchTraceBehavior(golden, { minScore: 'high' });
// @ts-expect-error setTraceTest needs a name
setTraceTest('/abs/path/scan.test.ts');
