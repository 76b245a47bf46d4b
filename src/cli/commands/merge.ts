/** `envtrace merge a.json b.json … [--out merged.json]`: merge shard run reports, recompute statistics, print the summary. */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pc from 'picocolors';
import { formatConsoleSummary } from '../../report/run/console.js';
import { mergeRunReports, parseRunReport } from '../../report/run/merge.js';
import type { RunReportConfig } from '../../report/run/model.js';
import type { RunReport } from '../../report/run/schema.js';
import { ENVTRACE_VERSION } from '../../version.js';
import { colorsEnabled, resolvePath } from '../args.js';
import { writeFileAtomic } from '../fs.js';
import { describeFsError } from '../run.js';
import { CliIOError, EXIT_GATE, EXIT_OK, UsageError, type CliIO, type Command } from '../types.js';

type Spec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

/** Parse options plus positional file arguments; any misuse is a one-line `UsageError`. */
export function parseWithPositionals(
  command: string,
  args: readonly string[],
  options: Spec,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  const hint = `(run 'envtrace help ${command}' for usage)`;
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (e) {
    const msg = e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e);
    throw new UsageError(`${msg} ${hint}`);
  }
  const values: Record<string, string | boolean | undefined> = {};
  for (const [k, v] of Object.entries(parsed.values)) {
    if (Array.isArray(v)) {
      if (v.length > 1) throw new UsageError(`--${k} given ${v.length} times; give it once ${hint}`);
      values[k] = v[0];
    } else values[k] = v;
  }
  return { values, positionals: parsed.positionals };
}

/** A number option in [lo, hi] (or an integer ≥ 1 with `integer`). */
export function numberOption(values: Record<string, string | boolean | undefined>, name: string, range: 'unit' | 'nonneg' | 'k'): number | undefined {
  const raw = values[name];
  if (raw === undefined || typeof raw === 'boolean') return undefined;
  const n = raw.trim() === '' ? Number.NaN : Number(raw);
  const ok =
    range === 'unit' ? Number.isFinite(n) && n >= 0 && n <= 1 : range === 'nonneg' ? Number.isFinite(n) && n >= 0 : Number.isInteger(n) && n >= 1;
  if (!ok) {
    const want = range === 'unit' ? 'a number in [0, 1]' : range === 'nonneg' ? 'a finite number ≥ 0' : 'an integer ≥ 1';
    throw new UsageError(`--${name} must be ${want}, got ${JSON.stringify(raw)}`);
  }
  return n;
}

/** Read and validate one run report named on the command line. */
export async function readRunReport(io: CliIO, file: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(resolvePath(io, file), 'utf8');
  } catch (e) {
    throw new CliIOError(`${file}: cannot read run report (${describeFsError(e)})`, { cause: e });
  }
  return parseRunReport(text, file);
}

export function colorsFor(io: CliIO, values: Record<string, string | boolean | undefined>) {
  return pc.createColors(colorsEnabled(io, { color: values['color'] === true, noColor: values['no-color'] === true }));
}

const USAGE = `Usage: envtrace merge <report.json>... [--out merged.json] [options]

Merge the run reports of several shards (envtrace-report.json from each) into one. Every test
file must come from exactly one input; statistics are recomputed from the records. Prints the
summary; exits 1 when a gate is missed, 2 on bad input.

Options:
  --out <file>             Write the merged report here (atomically).
  --min-mean-score <x>     Gate: minimum mean full score (overrides the inputs' gates).
  --min-pass-rate <x>      Gate: minimum pass rate.
  --min-pass-at-k <x>      Gate: minimum pass@k (with --k, default 1).
  --k <n>                  k of --min-pass-at-k.
  --quiet                  Do not print the summary.
  --color / --no-color     Force colours on / off.`;

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'Merge shard run reports (envtrace-report.json) into one',
  usage: USAGE,
  async run(args, ctx) {
    const { values, positionals } = parseWithPositionals('merge', args, {
      out: { type: 'string', multiple: true },
      'min-mean-score': { type: 'string', multiple: true },
      'min-pass-rate': { type: 'string', multiple: true },
      'min-pass-at-k': { type: 'string', multiple: true },
      k: { type: 'string', multiple: true },
      quiet: { type: 'boolean' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
    });
    if (positionals.length === 0) throw new UsageError(`no report to merge (run 'envtrace help merge' for usage)`);
    const gates = {
      minMeanScore: numberOption(values, 'min-mean-score', 'unit'),
      minPassRate: numberOption(values, 'min-pass-rate', 'unit'),
      minPassAtK: numberOption(values, 'min-pass-at-k', 'unit'),
      k: numberOption(values, 'k', 'k'),
    };
    if (gates.k !== undefined && gates.minPassAtK === undefined) throw new UsageError('--k needs --min-pass-at-k');
    const anyGate = Object.values(gates).some((v) => v !== undefined);
    const out = values['out'];
    if (out === '') throw new UsageError('--out needs a non-empty value');
    const inputs = [];
    for (const file of positionals) inputs.push({ file, report: await readRunReport(ctx.io, file) });
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
        throw new CliIOError(`${out}: cannot write merged report (${describeFsError(e)})`, { cause: e });
      }
    }
    if (values['quiet'] !== true) ctx.io.stdout.write(formatConsoleSummary(merged, { colors: colorsFor(ctx.io, values) }));
    return merged.summary.gates.passed ? EXIT_OK : EXIT_GATE;
  },
};
