/**
 * The run's config warnings: channel-keyed config entries (`comparators.by_channel`,
 * `ignore_channels`, `continuous_channels`, `aliases`, `aligner.by_channel`) that name no channel
 * of the traces. Each check's record keeps its own (`config_warnings`); the run says once each
 * entry that no check evaluated with that config used, however many checks shared it — a misspelt
 * key in a batch's config is one line, not one per pair. Computed from the records, so `envtrace
 * merge` computes it again over every shard.
 */
import { unknownChannelLine } from '../../evaluate/channel-keys.js';
import type { ConfigWarningSummary, ReportRecord, RunTest } from './schema.js';

/** Whether a record evaluated its config against traces (a trajectory match or a missing golden did not). */
function evaluatedConfig(r: ReportRecord): boolean {
  return r.matcher !== 'toFollowTrajectory' && r.golden_status !== 'missing';
}

/**
 * The entries every check of one config (`config_digest`) warned of, in config order (the first
 * check's), with how many checks; empty when there are none.
 */
export function summarizeConfigWarnings(tests: readonly RunTest[]): ConfigWarningSummary[] {
  const byConfig = new Map<string, ReportRecord[]>();
  for (const t of tests)
    for (const r of t.records) {
      if (!evaluatedConfig(r)) continue;
      const list = byConfig.get(r.config_digest);
      if (list) list.push(r);
      else byConfig.set(r.config_digest, [r]);
    }
  const out: ConfigWarningSummary[] = [];
  for (const records of byConfig.values()) {
    for (const w of records[0]!.config_warnings ?? []) {
      const everywhere = records.every((r) =>
        (r.config_warnings ?? []).some((v) => v.entry === w.entry),
      );
      if (!everywhere) continue;
      const n = records.length;
      const which = n === 1 ? 'either trace' : `any of the ${n} checks' traces`;
      out.push({
        ...w,
        checks: n,
        message: `${w.config ?? 'options'}: ${unknownChannelLine({ where: w.entry, hint: w.hint }, which)}`,
      });
    }
  }
  return out;
}
