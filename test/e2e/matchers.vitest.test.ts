/** The matchers under the real Vitest 4.1, on a fixture project with envtrace installed from the packed tarball. */
import { defineMatcherScenarios, metaRecords } from './scenarios.js';
import { runVitest } from './helpers.js';

defineMatcherScenarios({
  name: 'vitest',
  fixture: 'vitest-project',
  run: (dir, files, opts = {}) =>
    runVitest(
      dir,
      [
        ...files,
        ...(opts.update ? ['-u'] : []),
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=results.json',
      ],
      opts.env ?? {},
    ),
  records: (_dir, results) => metaRecords(results),
});
