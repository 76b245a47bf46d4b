/**
 * `envtrace merge a.json b.json … [--out merged.json]`: merge shard run reports, recompute the
 * statistics, print the summary, and exit 1 when the merged run failed (a failed test, a file
 * error or a missed gate), so a sharded CI job can gate on it; `--merge-only` only merges.
 */
import { formatConsoleSummary, verdictText } from '../../report/run/console.js';
import { mergeRunReports, parseRunReport } from '../../report/run/merge.js';
import type { RunReportConfig } from '../../report/run/model.js';
import type { RunReport } from '../../report/run/schema.js';
import { ENVTRACE_VERSION } from '../../version.js';
import { colorsFor, parseCommandArgs, resolvePath } from '../args.js';
import { checkOut } from '../out.js';
import { readWhole } from '../../io/read.js';
import { writeFileAtomic } from '../../io/write.js';
import { describeFsError } from '../run.js';
import { CliIOError, EXIT_GATE, EXIT_OK, UsageError, type CliIO, type Command } from '../types.js';

/** Read and validate one run report named on the command line. */
export async function readRunReport(io: CliIO, file: string): Promise<RunReport> {
  let text: string;
  try {
    text = (await readWhole(resolvePath(io, file))).toString('utf8');
  } catch (e) {
    throw new CliIOError(`${file}: cannot read run report (${describeFsError(e)})`, { cause: e });
  }
  return parseRunReport(text, file);
}

const USAGE = `Usage: envtrace merge <report.json>... [--out merged.json] [options]

Merge the run reports of several shards (envtrace-report.json from each) into one. Every test
file must come from exactly one input; statistics are recomputed from the records, and the
gates recorded in the inputs (which must agree) are applied to the merged run.

Options:
  -o, --out <file>         Write the merged report here (atomically; missing parent
                           directories are created).
  --merge-only             Only merge: exit 0 whatever the tests and gates (bad input
                           still exits 2).
  --min-mean-score <x>     Gate: minimum mean full score (overrides the inputs' gates).
  --min-pass-rate <x>      Gate: minimum pass rate.
  --min-pass-at-k <x>      Gate: minimum pass@k (with --k, default 1).
  --k <n>                  k of --min-pass-at-k.
  --quiet                  Do not print the summary (a failed run still prints its
                           verdict on stderr).
  --color / --no-color     Force colours on / off.
  -h, --help               Show this help.`;

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'Merge shard run reports (envtrace-report.json) into one',
  usage: USAGE,
  exitCodes: {
    [EXIT_OK]: 'the merged run passed (or --merge-only)',
    [EXIT_GATE]:
      'the merged run failed (a test failed, a test file failed outside its tests, e.g. at import, or a gate was missed)',
  },
  async run(args, ctx) {
    const a = parseCommandArgs(
      'merge',
      args,
      {
        out: { kind: 'string', short: 'o' },
        'merge-only': 'boolean',
        'min-mean-score': 'string',
        'min-pass-rate': 'string',
        'min-pass-at-k': 'string',
        k: 'string',
        quiet: 'boolean',
        color: 'boolean',
        'no-color': 'boolean',
      },
      { positionals: true },
    );
    const positionals = a.positionals;
    if (positionals.length === 0)
      throw new UsageError(`no report to merge (run 'envtrace help merge' for usage)`);
    const gates = {
      minMeanScore: a.number('min-mean-score', { min: 0, max: 1 }),
      minPassRate: a.number('min-pass-rate', { min: 0, max: 1 }),
      minPassAtK: a.number('min-pass-at-k', { min: 0, max: 1 }),
      k: a.number('k', { integer: true, min: 1 }),
    };
    if (gates.k !== undefined && gates.minPassAtK === undefined)
      throw new UsageError('--k needs --min-pass-at-k');
    const anyGate = Object.values(gates).some((v) => v !== undefined);
    const out = checkOut(ctx.io, a.string('out'), positionals);
    const inputs = [];
    for (const file of positionals)
      inputs.push({ file, report: await readRunReport(ctx.io, file) });
    let config: RunReportConfig | undefined;
    if (anyGate) {
      const g: RunReportConfig['gates'] & object = {};
      const mutable = g as Record<string, number>;
      for (const [k, v] of Object.entries(gates)) if (v !== undefined) mutable[k] = v;
      config = { k: [...new Set(inputs.flatMap((i) => i.report.config.k))], gates: g };
    }
    const merged = mergeRunReports(inputs, {
      createdAt: new Date(),
      envtraceVersion: ENVTRACE_VERSION,
      ...(config ? { config } : {}),
    });
    if (typeof out === 'string') {
      try {
        await writeFileAtomic(resolvePath(ctx.io, out), `${JSON.stringify(merged, null, 2)}\n`);
      } catch (e) {
        throw new CliIOError(`${out}: cannot write merged report (${describeFsError(e)})`, {
          cause: e,
        });
      }
    }
    const quiet = a.flag('quiet');
    if (!quiet) ctx.io.stdout.write(formatConsoleSummary(merged, { colors: colorsFor(ctx.io, a) }));
    if (a.flag('merge-only') || merged.summary.verdict.passed) return EXIT_OK;
    if (quiet) ctx.io.stderr.write(`envtrace merge: ${verdictText(merged.summary)}\n`);
    return EXIT_GATE;
  },
};
