/**
 * End-to-end: what the run report counts, the same way under the real Vitest 4.1 and Jest 30.
 * - A missing golden in CI, in a retried test, is one missing golden (not one per attempt) and
 *   no file error: its test failed.
 * - One test file run by two Jest `projects` keeps both projects' results, each test named after
 *   its project and holding its own run's records only (as the Vitest reporter does).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/report/run/schema.js';
import { RunReportSchema } from '../../src/report/run/schema.js';
import { projectsRemovedAfterAll, runJest, runVitest, writeProjectFile } from './helpers.js';

const project = projectsRemovedAfterAll();

function readReport(dir: string): RunReport {
  return RunReportSchema.parse(
    JSON.parse(fs.readFileSync(path.join(dir, 'envtrace-report.json'), 'utf8')),
  );
}

const JEST_PROJECT = `{
  testEnvironment: 'node',
  transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  setupFilesAfterEnv: ['envtrace-js/jest'],
  testMatch: ['<rootDir>/counts/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
}`;
const REPORTER = `['envtrace-js/reporters/jest', { gitCommit: false, colors: false }]`;

describe('a missing golden in a retried test', { timeout: 300_000 }, () => {
  const check = (r: { code: number | null; output: string }, report: RunReport): void => {
    expect(r.code, r.output).toBe(1);
    const [t] = report.tests;
    // Three attempts, each recording the missing golden.
    expect(t).toMatchObject({ name: 'no golden yet', status: 'failed', attempts: 3 });
    expect(t?.records.map((x) => x.golden_status)).toEqual(['missing', 'missing', 'missing']);
    // It used to be missing_goldens 3 and file_errors 3 ("FAILED: 3 file errors · …").
    expect(report.summary.records).toMatchObject({ total: 3, samples: 0, missing_goldens: 1 });
    expect(report.summary.verdict).toEqual({
      passed: false,
      failed_tests: 1,
      file_errors: 0,
      missed_gates: 0,
    });
    expect(r.output).toContain('Goldens   1 missing (failed, no score)');
    expect(r.output).toContain('Verdict   FAILED: 1 of 1 test failed · no gates configured');
  };

  it('vitest (retry: 2)', async () => {
    const dir = project('vitest-project');
    for (const f of ['golden.test.ts', 'behavior.test.ts']) fs.rmSync(path.join(dir, f));
    writeProjectFile(
      dir,
      'miss.test.ts',
      `import { expect, test } from 'vitest';
import { scan } from './sim.js';

test('no golden yet', { retry: 2 }, () => {
  expect(scan('base')).toMatchGoldenTrace();
});
`,
    );
    const r = await runVitest(
      dir,
      ['--reporter=default', '--reporter=envtrace-js/reporters/vitest'],
      { CI: 'true' },
    );
    check(r, readReport(dir));
  });

  it('jest (jest.retryTimes(2))', async () => {
    const dir = project('jest-project');
    writeProjectFile(
      dir,
      'counts/miss.test.ts',
      `import { expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';
import { scan } from '../sim';

jest.retryTimes(2);

test('no golden yet', () => {
  expect(scan('base')).toMatchGoldenTrace();
});
`,
    );
    writeProjectFile(
      dir,
      'jest.config.js',
      `module.exports = { ...${JEST_PROJECT}, reporters: ['default', ${REPORTER}] };\n`,
    );
    const r = await runJest(dir, [], { CI: 'true' });
    check(r, readReport(dir));
  });
});

describe('jest: one test file in two projects', { timeout: 300_000 }, () => {
  it('keeps both projects, each test with its own run’s records, named after its project', async () => {
    const dir = project('jest-project');
    // The same file in both projects; the checks differ by project (an env var each project's
    // setup file sets), so a record in the wrong project would show.
    writeProjectFile(
      dir,
      'counts/both.test.ts',
      `import { describe, expect, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';
import { scan } from '../sim';

const variant = process.env['COUNTS_VARIANT'] ?? 'base';
describe('scan', () => {
  test('matches', () => {
    expect(scan(variant)).toMatchTraceBehavior(scan('base'));
  });
  test('again', () => {
    expect(scan(variant)).toMatchTraceBehavior(scan('base'));
  });
});
`,
    );
    writeProjectFile(dir, 'counts/alpha.setup.js', `process.env.COUNTS_VARIANT = 'jitter';\n`);
    writeProjectFile(dir, 'counts/beta.setup.js', `process.env.COUNTS_VARIANT = 'changed';\n`);
    writeProjectFile(
      dir,
      'jest.config.js',
      `const base = ${JEST_PROJECT};
module.exports = {
  projects: [
    { ...base, displayName: 'alpha', setupFiles: ['<rootDir>/counts/alpha.setup.js'] },
    { ...base, displayName: 'beta', setupFiles: ['<rootDir>/counts/beta.setup.js'] },
  ],
  reporters: ['default', ${REPORTER}],
};
`,
    );
    const check = async (args: string[]): Promise<void> => {
      const r = await runJest(dir, args);
      expect(r.code, r.output).toBe(1); // beta's checks fail
      expect(r.output).toContain('Tests:       2 failed, 2 passed, 4 total');
      const report = readReport(dir);
      // It used to be 2 tests (one project's results replaced the other's), each holding both
      // projects' records: 4 samples as 2 tasks "with ≥ 2 samples".
      expect(report.tests.map((t) => [t.name, t.status, t.records.map((x) => x.pass)])).toEqual([
        ['[alpha] scan again', 'passed', [true]],
        ['[alpha] scan matches', 'passed', [true]],
        ['[beta] scan again', 'failed', [false]],
        ['[beta] scan matches', 'failed', [false]],
      ]);
      // Listed once per project (in the order their results came, as with Vitest).
      expect(report.files.map((f) => [f.file, f.status]).sort()).toEqual([
        ['counts/both.test.ts', 'failed'],
        ['counts/both.test.ts', 'passed'],
      ]);
      expect(report.summary.tasks).toEqual({ total: 4, repeated: 0 });
      expect(report.summary.tests).toMatchObject({ total: 4, passed: 2, failed: 2 });
    };
    // Both runs in one process (in band), then in two workers.
    await check(['--runInBand']);
    await check(['--maxWorkers=2']);
  });
});

describe('config entries no trace has, in reporter records', { timeout: 300_000 }, () => {
  const body = `const options = { comparators: { by_channel: { 'motor:y': { type: 'exact' as const } } } };
test('first', () => {
  expect(scan('jitter')).toMatchTraceBehavior(scan('base'), options);
});
test('second', () => {
  expect(scan('base')).toMatchTraceBehavior(scan('base'), options);
});
`;
  const check = (r: { code: number | null; output: string }, report: RunReport): void => {
    expect(r.code, r.output).toBe(0);
    const entry = {
      code: 'unknown-channel-key',
      entry: 'comparators.by_channel["motor:y"]',
      hint: 'did you mean "motor:x"?',
    };
    // Each check's record keeps its own; the run says it once. Both used to be absent.
    expect(report.tests.map((t) => t.records.map((x) => x.config_warnings))).toEqual([
      [[entry]],
      [[entry]],
    ]);
    const message = `options: comparators.by_channel["motor:y"] names no channel of any of the 2 checks' traces; did you mean "motor:x"?`;
    expect(report.summary.config_warnings).toEqual([{ ...entry, checks: 2, message }]);
    expect(r.output).toContain(`Warnings  ${message}`);
  };

  it('vitest', async () => {
    const dir = project('vitest-project');
    for (const f of ['golden.test.ts', 'behavior.test.ts']) fs.rmSync(path.join(dir, f));
    writeProjectFile(
      dir,
      'keys.test.ts',
      `import { expect, test } from 'vitest';\nimport { scan } from './sim.js';\n\n${body}`,
    );
    const r = await runVitest(dir, [
      '--reporter=default',
      '--reporter=envtrace-js/reporters/vitest',
    ]);
    check(r, readReport(dir));
  });

  it('jest', async () => {
    const dir = project('jest-project');
    writeProjectFile(
      dir,
      'counts/keys.test.ts',
      `import { expect, test } from '@jest/globals';\nimport type {} from 'envtrace-js/jest';\nimport { scan } from '../sim';\n\n${body}`,
    );
    writeProjectFile(
      dir,
      'jest.config.js',
      `module.exports = { ...${JEST_PROJECT}, reporters: ['default', ${REPORTER}] };\n`,
    );
    check(await runJest(dir), readReport(dir));
  });
});

describe('a throwing beforeAll of a describe block', { timeout: 300_000 }, () => {
  const body = `describe('broken setup', () => {
  beforeAll(() => {
    throw new Error('fixture: beforeAll failed');
  });
  test('one', () => {
    expect(scan('base')).toMatchTraceBehavior(scan('base'));
  });
  test('two', () => {
    expect(scan('base')).toMatchTraceBehavior(scan('base'));
  });
});
test('outside', () => {
  expect(scan('base')).toMatchTraceBehavior(scan('base'));
});
`;
  // The same counts under both runners: the block's two tests failed, no file error.
  const check = (r: { code: number | null; output: string }, report: RunReport): void => {
    expect(r.code, r.output).toBe(1);
    expect(report.tests.map((t) => [t.name, t.status, t.records.length])).toEqual([
      ['broken setup one', 'failed', 0],
      ['broken setup two', 'failed', 0],
      ['outside', 'passed', 1],
    ]);
    expect(report.summary.verdict).toEqual({
      passed: false,
      failed_tests: 2,
      file_errors: 0,
      missed_gates: 0,
    });
    expect(r.output).toContain('Verdict   FAILED: 2 of 3 tests failed · no gates configured');
  };

  it('vitest (which reports the tests skipped and the error on the block)', async () => {
    const dir = project('vitest-project');
    for (const f of ['golden.test.ts', 'behavior.test.ts']) fs.rmSync(path.join(dir, f));
    writeProjectFile(
      dir,
      'hook.test.ts',
      `import { beforeAll, describe, expect, test } from 'vitest';\nimport { scan } from './sim.js';\n\n${body}`,
    );
    const r = await runVitest(dir, [
      '--reporter=default',
      '--reporter=envtrace-js/reporters/vitest',
    ]);
    // It used to be the two tests skipped and "FAILED: 1 file error · the only test passed (2 skipped)".
    check(r, readReport(dir));
  });

  it('jest (which reports each test of the block failed)', async () => {
    const dir = project('jest-project');
    writeProjectFile(
      dir,
      'counts/hook.test.ts',
      `import { beforeAll, describe, expect, test } from '@jest/globals';\nimport type {} from 'envtrace-js/jest';\nimport { scan } from '../sim';\n\n${body}`,
    );
    writeProjectFile(
      dir,
      'jest.config.js',
      `module.exports = { ...${JEST_PROJECT}, reporters: ['default', ${REPORTER}] };\n`,
    );
    check(await runJest(dir), readReport(dir));
  });
});

describe('a throwing beforeAll at the top of a file', { timeout: 300_000 }, () => {
  const body = `beforeAll(() => {
  throw new Error('fixture: top beforeAll failed');
});
test('a', () => {
  expect(scan('base')).toMatchTraceBehavior(scan('base'));
});
test.skip('b', () => {});
`;
  // What docs/run-report.md says each runner counts: the test failed in both; Vitest alone puts
  // the error on the file, which the report keeps (a file error).
  const check = (
    r: { code: number | null; output: string },
    report: RunReport,
    fileErrors: string[],
    attempts: number,
  ): void => {
    expect(r.code, r.output).toBe(1);
    expect(report.tests.map((t) => [t.name, t.status, t.attempts])).toEqual([
      ['a', 'failed', attempts],
      ['b', 'skipped', 0],
    ]);
    expect(report.files.map((f) => f.errors)).toEqual([fileErrors]);
    expect(report.summary.verdict).toMatchObject({
      failed_tests: 1,
      file_errors: fileErrors.length,
    });
  };

  it('vitest', async () => {
    const dir = project('vitest-project');
    for (const f of ['golden.test.ts', 'behavior.test.ts']) fs.rmSync(path.join(dir, f));
    writeProjectFile(
      dir,
      'top.test.ts',
      `import { beforeAll, expect, test } from 'vitest';\nimport { scan } from './sim.js';\n\n${body}`,
    );
    const r = await runVitest(dir, [
      '--reporter=default',
      '--reporter=envtrace-js/reporters/vitest',
    ]);
    check(r, readReport(dir), ['Error: fixture: top beforeAll failed'], 0);
  });

  it('jest', async () => {
    const dir = project('jest-project');
    writeProjectFile(
      dir,
      'counts/top.test.ts',
      `import { beforeAll, expect, test } from '@jest/globals';\nimport type {} from 'envtrace-js/jest';\nimport { scan } from '../sim';\n\n${body}`,
    );
    writeProjectFile(
      dir,
      'jest.config.js',
      `module.exports = { ...${JEST_PROJECT}, reporters: ['default', ${REPORTER}] };\n`,
    );
    check(await runJest(dir), readReport(dir), [], 1);
  });
});
