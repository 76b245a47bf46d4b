/** The matchers under the real Jest 30 (CJS test files in TypeScript via ts-jest), on a fixture project with envtrace installed from the packed tarball. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RECORDS, defineMatcherScenarios, sideChannelRecords } from './scenarios.js';
import { runJest } from './helpers.js';

defineMatcherScenarios({
  name: 'jest',
  fixture: 'jest-project',
  run: (dir, files, opts = {}) => {
    // One run's records only (the reporter would make a fresh directory per run).
    fs.rmSync(path.join(dir, RECORDS), { recursive: true, force: true });
    return runJest(
      dir,
      [...files, ...(opts.update ? ['-u'] : []), '--json', '--outputFile=results.json'],
      {
        ENVTRACE_RECORDS_DIR: path.join(dir, RECORDS),
        ...opts.env,
      },
    );
  },
  records: (dir) => sideChannelRecords(dir),
});
