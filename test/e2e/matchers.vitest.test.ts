/** The matchers under the real Vitest 4.1, on a fixture project with envtrace installed from the packed tarball. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RECORDS, defineMatcherScenarios, metaRecords } from './scenarios.js';
import { runVitest } from './helpers.js';

defineMatcherScenarios({
  name: 'vitest',
  fixture: 'vitest-project',
  run: (dir, files, opts = {}) => {
    // The copy of the records and the test-end lines its reporter would ask for, one run's only.
    fs.rmSync(path.join(dir, RECORDS), { recursive: true, force: true });
    return runVitest(
      dir,
      [
        ...files,
        ...(opts.update ? ['-u'] : []),
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=results.json',
      ],
      { ENVTRACE_VITEST_RECORDS_DIR: path.join(dir, RECORDS), ...opts.env },
    );
  },
  records: (_dir, results) => metaRecords(results),
});
