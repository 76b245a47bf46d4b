/** `envtrace report REPORT.json --html OUT.html`: render a run report as one self-contained HTML page. */
import { renderHtmlReport } from '../../report/html/render.js';
import { parseCommandArgs, resolvePath } from '../args.js';
import { writeFileAtomic } from '../../io/write.js';
import { describeFsError } from '../run.js';
import { CliIOError, EXIT_OK, UsageError, type Command } from '../types.js';
import { readRunReport } from './merge.js';

const USAGE = `Usage: envtrace report <report.json> --html <out.html> [--title <text>]

Render a run report (envtrace-report.json from the Vitest or Jest reporter, or from 'envtrace merge')
as one self-contained HTML file: inline CSS, JS and SVG, no network requests, opens from disk.
Overview (verdict, pass rate, mean score, score histogram, a sortable and filterable test table) and
a drill-down per test (metric breakdown, alignment diff, timing and continuous plots).

Options:
  --html <file>    Write the HTML page here (atomically; parent directories are created).
  --title <text>   Page title (default "envtrace run report").`;

export const reportCommand: Command = {
  name: 'report',
  summary: 'Render a run report (envtrace-report.json) as a self-contained HTML page',
  usage: USAGE,
  async run(args, ctx) {
    const a = parseCommandArgs(
      'report',
      args,
      { html: 'string', title: 'string' },
      { positionals: true },
    );
    if (a.positionals.length !== 1)
      throw new UsageError(
        `expected exactly one report file (run 'envtrace help report' for usage)`,
      );
    const out = a.string('html');
    if (out === undefined || out === '') throw new UsageError('--html <file> is required');
    const file = a.positionals[0]!;
    const report = await readRunReport(ctx.io, file);
    const title = a.string('title');
    const html = renderHtmlReport(report, title === undefined ? {} : { title });
    try {
      await writeFileAtomic(resolvePath(ctx.io, out), html);
    } catch (e) {
      throw new CliIOError(`${out}: cannot write HTML report (${describeFsError(e)})`, {
        cause: e,
      });
    }
    ctx.io.stdout.write(
      `envtrace: HTML report of ${report.tests.length} tests written to ${out}\n`,
    );
    return EXIT_OK;
  },
};
