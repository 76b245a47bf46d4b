/** `envtrace compare baseline.json current.json [--tolerance x]`: per-test regression check between two run reports. */
import {
  DEFAULT_COMPARE_TOLERANCE,
  compareRunReports,
  formatComparison,
} from '../../report/run/compare.js';
import { EXIT_GATE, EXIT_OK, UsageError, type Command } from '../types.js';
import { colorsFor, parseCommandArgs } from '../args.js';
import { readRunReport } from './merge.js';

const USAGE = `Usage: envtrace compare <baseline.json> <current.json> [--tolerance x] [--significant] [--json]

Compare two run reports test by test: score deltas, new and fixed failures, added and removed
tests, and over the run a paired sign test of the tests scored in both. Exits 1 when a test's
score dropped by more than the tolerance or a test newly fails.

Options:
  --tolerance <x>          Allowed score change per test before it counts (a regression, an
                           improvement, a sign in the paired test). Default ${DEFAULT_COMPARE_TOLERANCE}.
  --significant            Exit 1 only when a test newly fails or the paired test says the run
                           as a whole regressed (p < 0.05), not on single score drops.
  --json                   Print the comparison as JSON instead of text.
  --color / --no-color     Force colours on / off.
  -h, --help               Show this help.`;

export const compareCommand: Command = {
  name: 'compare',
  summary: 'Compare two run reports: per-test score deltas, new/fixed failures',
  usage: USAGE,
  exitCodes: {
    [EXIT_OK]: 'no regression',
    [EXIT_GATE]:
      'a regression (a score drop beyond --tolerance, or a new failure; see --significant)',
  },
  async run(args, ctx) {
    const a = parseCommandArgs(
      'compare',
      args,
      {
        tolerance: 'string',
        significant: 'boolean',
        json: 'boolean',
        color: 'boolean',
        'no-color': 'boolean',
      },
      { positionals: true },
    );
    const positionals = a.positionals;
    if (positionals.length !== 2) {
      throw new UsageError(
        `expected two reports (baseline and current), got ${positionals.length} (run 'envtrace help compare' for usage)`,
      );
    }
    const tolerance = a.number('tolerance', { min: 0 }) ?? DEFAULT_COMPARE_TOLERANCE;
    const [baseFile, curFile] = positionals as [string, string];
    const baseline = await readRunReport(ctx.io, baseFile);
    const current = await readRunReport(ctx.io, curFile);
    const result = compareRunReports(baseline, current, {
      tolerance,
      gate: a.flag('significant') ? 'significant' : 'per-test',
    });
    if (a.flag('json')) ctx.io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else ctx.io.stdout.write(formatComparison(result, colorsFor(ctx.io, a)));
    return result.regressed ? EXIT_GATE : EXIT_OK;
  },
};
