/** `envtrace report REPORT.json --html OUT.html`: render a run report as one self-contained HTML page. */
import { renderHtmlReport } from '../../report/html/render.js';
import { parseCommandArgs, resolvePath } from '../args.js';
import { writeFileAtomic } from '../../io/write.js';
import { describeFsError } from '../run.js';
import { CliIOError, EXIT_GATE, EXIT_OK, UsageError, type Command } from '../types.js';
import { readRunReport } from './merge.js';
import { checkOut } from '../out.js';
import { plural } from '../../report/verdict.js';
import { DEFAULT_COMPARE_TOLERANCE, compareRunReports } from '../../report/run/compare.js';

const USAGE = `Usage: envtrace report <report.json> --html <out.html> [--baseline <base.json>] [--title <text>]

Render a run report (envtrace-report.json from the Vitest or Jest reporter, or from 'envtrace merge')
as one self-contained HTML file: inline CSS, JS and SVG, no network requests, opens from disk.
Overview (verdict, pass rate, mean score, the failing checks with their failure sentence and line,
score histogram, a sortable and filterable test table, worst first) and a drill-down per test
(metric breakdown, alignment diff with Δt, timing and continuous plots).

Options:
  --html <file>            Write the HTML page here (atomically; parent directories are created).
  --baseline <base.json>   Also show the run against this earlier run report: per-test score
                           deltas, new and fixed failures, the paired sign test (the
                           'envtrace compare <base.json> <report.json>' result).
  --tolerance <x>          Allowed score change per test in the baseline view, as in
                           'envtrace compare'. Default ${DEFAULT_COMPARE_TOLERANCE}.
  --title <text>           Page title (default "envtrace run report").
  -h, --help               Show this help.`;

export const reportCommand: Command = {
  name: 'report',
  summary: 'Render a run report (envtrace-report.json) as a self-contained HTML page',
  usage: USAGE,
  exitCodes: { [EXIT_GATE]: null },
  async run(args, ctx) {
    const a = parseCommandArgs(
      'report',
      args,
      { html: 'string', title: 'string', baseline: 'string', tolerance: 'string' },
      { positionals: true },
    );
    if (a.positionals.length !== 1)
      throw new UsageError(
        `expected exactly one report file (run 'envtrace help report' for usage)`,
      );
    const out = a.string('html');
    if (out === undefined) throw new UsageError('--html <file> is required');
    const file = a.positionals[0]!;
    const baseFile = a.string('baseline');
    if (baseFile === '') throw new UsageError('--baseline needs a non-empty value');
    const tolerance = a.number('tolerance', { min: 0 });
    if (tolerance !== undefined && baseFile === undefined)
      throw new UsageError('--tolerance applies to the baseline view: give --baseline <base.json>');
    checkOut(ctx.io, out, [file, baseFile], '--html');
    const report = await readRunReport(ctx.io, file);
    const baseline = baseFile === undefined ? undefined : await readRunReport(ctx.io, baseFile);
    const title = a.string('title');
    const html = renderHtmlReport(report, {
      ...(title === undefined ? {} : { title }),
      ...(baseline === undefined
        ? {}
        : {
            baseline: {
              label: baseFile!,
              comparison: compareRunReports(baseline, report, {
                tolerance: tolerance ?? DEFAULT_COMPARE_TOLERANCE,
              }),
            },
          }),
    });
    try {
      await writeFileAtomic(resolvePath(ctx.io, out), html);
    } catch (e) {
      throw new CliIOError(`${out}: cannot write HTML report (${describeFsError(e)})`, {
        cause: e,
      });
    }
    ctx.io.stdout.write(
      `envtrace: HTML report of ${plural(report.tests.length, 'test')}${baseline === undefined ? '' : ` against the baseline ${baseFile!}`} written to ${out}\n`,
    );
    return EXIT_OK;
  },
};
