/**
 * The record info of a check as the matchers hand it to `buildRecord` / `buildTrajectoryRecord`,
 * for tests: a first attempt of a failed `toMatchTraceBehavior` check of test `t` in
 * `/p/a.test.ts` with an inline golden; `over` replaces any field.
 */
import type { RecordInfo } from './buildRecord.js';

export function testRecordInfo(over: Partial<RecordInfo> = {}): RecordInfo {
  return {
    matcher: 'toMatchTraceBehavior',
    testPath: '/p/a.test.ts',
    testName: 't',
    retry: 0,
    repeat: 0,
    seq: 0,
    pass: false,
    negated: false,
    minScore: null,
    config: {},
    golden: { kind: 'inline', count: 1 },
    version: '0.0.0-test',
    ...over,
  };
}
