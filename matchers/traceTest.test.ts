import { describe, expect, it } from 'vitest';
import { resolveTraceTest } from './traceTest.js';

describe('setTraceTest arguments (resolveTraceTest)', () => {
  it('(testPath, testName), a file: URL read as its path', () => {
    expect(resolveTraceTest('file:///abs/scan.test.mjs', 'scan moves')).toEqual({
      testPath: '/abs/scan.test.mjs',
      testName: 'scan moves',
    });
    expect(resolveTraceTest('/abs/a.test.mjs', 'x')).toEqual({
      testPath: '/abs/a.test.mjs',
      testName: 'x',
    });
  });

  it("node:test's TestContext: fullName, else name; filePath, else the file given, else the script", () => {
    expect(
      resolveTraceTest(
        { name: 'moves', fullName: 'scan > moves', filePath: '/abs/a.test.mjs' },
        undefined,
      ),
    ).toEqual({ testPath: '/abs/a.test.mjs', testName: 'scan > moves' });
    expect(resolveTraceTest({ name: 'moves' }, 'file:///abs/b.test.mjs')).toEqual({
      testPath: '/abs/b.test.mjs',
      testName: 'moves',
    });
    expect(resolveTraceTest({ name: 'moves' }, undefined).testPath).toBe(process.argv[1]);
  });

  it('refuses anything else with a TypeError', () => {
    expect(() => resolveTraceTest('/abs/a.test.mjs', undefined)).toThrow(TypeError);
    expect(() => resolveTraceTest({} as never, undefined)).toThrow(/TestContext with a name/);
  });
});
