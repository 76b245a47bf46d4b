/**
 * Reading run reports back (for `envtrace merge` / `envtrace compare`) and merging the reports
 * of several shards into one. The statistics of a merged report are recomputed from the
 * records, never averaged from the inputs' summaries.
 */
import { EnvTraceError, formatPath } from '../../errors.js';
import { assembleReport, resolveConfig, sortTests, type RunReportConfig } from './model.js';
import {
  RUN_REPORT_KIND,
  RUN_REPORT_SCHEMA_VERSION,
  RunReportSchema,
  type GateConfig,
  type RunFile,
  type RunMeta,
  type RunReport,
  type RunTest,
} from './schema.js';

/** A run report that cannot be used: not JSON, not a run report, wrong version, or conflicting inputs. */
export class RunReportError extends EnvTraceError {
  readonly file: string | undefined;
  constructor(message: string, file?: string) {
    super('ERR_REPORT', file ? `${file}: ${message}` : message);
    this.name = 'RunReportError';
    this.file = file;
  }
}

/** What a run report is, for the errors of a file that is not one. */
const notAReport =
  ': a run report (envtrace-report.json) is written by the reporters, or by evaluate --gt-dir DIR --pred-dir DIR --out FILE';

/** Parse and validate a run report; `file` names it in error messages. */
export function parseRunReport(text: string, file: string): RunReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new RunReportError(
      `not valid JSON (${e instanceof Error ? e.message : String(e)})`,
      file,
    );
  }
  if (Array.isArray(data))
    throw new RunReportError(`a JSON list, not an envtrace run report${notAReport}`, file);
  if (typeof data !== 'object' || data === null) {
    throw new RunReportError('not an envtrace run report (expected a JSON object)', file);
  }
  const obj = data as Record<string, unknown>;
  // What a user most often gives instead: a trace, or one evaluation's JSON report.
  if (obj['kind'] === undefined && Array.isArray(obj['events']))
    throw new RunReportError(`a trace ("events"), not an envtrace run report${notAReport}`, file);
  if (obj['kind'] === undefined && 'envtrace_version' in obj && 'full_score' in obj)
    throw new RunReportError(
      `the JSON report of one evaluation (--json / --out output), not an envtrace run report${notAReport}`,
      file,
    );
  if (obj['kind'] !== RUN_REPORT_KIND) {
    throw new RunReportError(
      // JSON.stringify(undefined) is undefined, whatever its type says.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
      `not an envtrace run report (kind is ${JSON.stringify(obj['kind']) ?? 'missing'}, expected "${RUN_REPORT_KIND}")`,
      file,
    );
  }
  if (obj['schema_version'] !== RUN_REPORT_SCHEMA_VERSION) {
    throw new RunReportError(
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
      `unsupported schema_version ${JSON.stringify(obj['schema_version']) ?? '(missing)'} (this envtrace reads ${RUN_REPORT_SCHEMA_VERSION})`,
      file,
    );
  }
  const parsed = RunReportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? formatPath(issue.path) : '';
    throw new RunReportError(
      `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid run report'}`,
      file,
    );
  }
  // Shard k of n: 1 <= k <= n (the schema bounds each number, not the pair).
  const shards = [
    ['meta.shard', parsed.data.meta.shard],
    ...(parsed.data.meta.merged_from ?? []).map(
      (m, i) => [`meta.merged_from[${i}].shard`, m.shard] as const,
    ),
  ] as const;
  for (const [where, shard] of shards) {
    if (shard && shard.index > shard.count)
      throw new RunReportError(
        `${where}: index ${shard.index} is past count ${shard.count} (shard k of n needs k <= n)`,
        file,
      );
  }
  return parsed.data;
}

export interface MergeInput {
  /** Name of the input (file path) for messages and `meta.merged_from`. */
  readonly file: string;
  readonly report: RunReport;
}

export interface MergeOptions {
  readonly createdAt: Date;
  readonly envtraceVersion: string;
  /** Overrides the inputs' k list / gates. Without it the inputs must agree on gates. */
  readonly config?: RunReportConfig;
}

function sameGates(a: GateConfig, b: GateConfig): boolean {
  return (
    a.minMeanScore === b.minMeanScore &&
    a.minPassRate === b.minPassRate &&
    a.minPassAtK === b.minPassAtK &&
    a.k === b.k
  );
}

/** `{index, count}` as the user typed it (`2/3`). */
function shardName(shard: { readonly index: number; readonly count: number }): string {
  return `${shard.index}/${shard.count}`;
}

/**
 * When any input is a shard (its `meta.shard`, or for a merged report the shards it was merged
 * from), the inputs must be exactly the shards 1…n of one run: all with the same count, none
 * twice, none missing, and no unsharded input among them. Otherwise a lost shard would make a
 * smaller run that passes.
 */
function checkShards(inputs: readonly MergeInput[]): void {
  const claimed: Array<{ file: string; index: number; count: number }> = [];
  let unsharded: string | undefined;
  for (const { file, report } of inputs) {
    const own = report.meta.shard
      ? [report.meta.shard]
      : (report.meta.merged_from ?? []).flatMap((m) => (m.shard ? [m.shard] : []));
    if (own.length === 0) unsharded ??= file;
    for (const s of own) claimed.push({ file, index: s.index, count: s.count });
  }
  const first = claimed[0];
  if (first === undefined) return;
  if (unsharded !== undefined)
    throw new RunReportError(
      `${unsharded} is not a shard report (meta.shard is null) but ${first.file} is shard ${shardName(first)}; merge the reports of the shards of one run`,
    );
  const byIndex = new Map<number, string>();
  for (const c of claimed) {
    if (c.count !== first.count)
      throw new RunReportError(
        `${first.file} is shard ${shardName(first)} but ${c.file} is shard ${shardName(c)}; merge the shards of one run (the same shard count)`,
      );
    const prev = byIndex.get(c.index);
    if (prev !== undefined)
      throw new RunReportError(
        `shard ${shardName(c)} is in both ${prev} and ${c.file}; give each shard's report once`,
      );
    byIndex.set(c.index, c.file);
  }
  const missing: string[] = [];
  for (let i = 1; i <= first.count; i++)
    if (!byIndex.has(i)) missing.push(shardName({ index: i, count: first.count }));
  if (missing.length > 0)
    throw new RunReportError(
      `${missing.length === 1 ? 'shard' : 'shards'} ${missing.length > 5 ? `${missing.slice(0, 5).join(', ')}, …` : missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (got ${byIndex.size} of ${first.count}); merge the reports of all ${first.count} shards`,
    );
}

/**
 * Merge shard reports. Every test file must come from exactly one input (a shard runs whole
 * files), so no test is duplicated or lost; a file present in two inputs is an error, and so
 * are shard inputs that are not all the shards of one run (`checkShards`).
 */
export function mergeRunReports(inputs: readonly MergeInput[], options: MergeOptions): RunReport {
  if (inputs.length === 0) throw new RunReportError('nothing to merge: no input report');
  const owner = new Map<string, string>();
  const files: RunFile[] = [];
  const tests: RunTest[] = [];
  for (const { file, report } of inputs) {
    const mine = new Set<string>([
      ...report.files.map((f) => f.file),
      ...report.tests.map((t) => t.file),
    ]);
    for (const f of mine) {
      const prev = owner.get(f);
      if (prev !== undefined) {
        throw new RunReportError(
          `test file ${JSON.stringify(f)} is in both ${prev} and ${file}; merge the reports of disjoint shards (or drop one input)`,
        );
      }
      owner.set(f, file);
    }
    files.push(...report.files);
    tests.push(...report.tests);
  }
  checkShards(inputs);

  let config: { k: number[]; gates: GateConfig };
  if (options.config) {
    config = resolveConfig(options.config);
  } else {
    const first = inputs[0] as MergeInput;
    for (const { file, report } of inputs.slice(1)) {
      if (!sameGates(first.report.config.gates, report.config.gates)) {
        throw new RunReportError(
          `gates differ between ${first.file} and ${file}; pass gate options to choose`,
        );
      }
    }
    config = resolveConfig({
      k: [...new Set(inputs.flatMap((i) => i.report.config.k))],
      gates: first.report.config.gates,
    });
  }

  const commits = new Set(inputs.map((i) => i.report.meta.git_commit));
  const meta: RunMeta = {
    created_at: options.createdAt.toISOString(),
    runner: { name: 'merge', version: options.envtraceVersion },
    envtrace_version: options.envtraceVersion,
    shard: null,
    git_commit: commits.size === 1 ? ([...commits][0] ?? null) : null,
    merged_from: inputs.map(({ file, report }) => ({
      file,
      runner: report.meta.runner,
      shard: report.meta.shard,
      created_at: report.meta.created_at,
    })),
  };
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return assembleReport(meta, config, files, sortTests(tests));
}
