import { describe, expect, expectTypeOf, it } from 'vitest';
import { evaluate } from '../index.js';
import { toReportRecord, type RecordInput } from '../report/run/model.js';
import { ReportRecordSchema } from '../report/run/schema.js';
import { buildRecord } from './buildRecord.js';
import type { EnvTraceRecord } from './record.js';

describe('EnvTraceRecord and the run report', () => {
  it('is assignable to the structural RecordInput the report consumes (checked by tsc)', () => {
    // report/ sits below transport/ and may not import it; this keeps the two shapes in step.
    expectTypeOf<EnvTraceRecord>().toExtend<RecordInput>();
  });

  it('a built record becomes a valid report record', () => {
    const events = [{ channel: 'x', timestamp: 0, value: 1 }];
    const rec = buildRecord(evaluate(events, events), {
      matcher: 'toMatchTraceBehavior',
      testPath: '/p/a.test.ts',
      testName: 't',
      retry: 0,
      repeat: 0,
      seq: 0,
      pass: true,
      negated: false,
      minScore: null,
      config: {},
      golden: { kind: 'file', paths: ['g.json'], count: 1 },
      version: '0.1.0',
    });
    const out = toReportRecord(rec);
    expect(ReportRecordSchema.parse(out)).toEqual(out);
    expect(out).not.toHaveProperty('testPath');
    expect(out.golden).toEqual({ kind: 'file', paths: ['g.json'], count: 1 });
  });
});
