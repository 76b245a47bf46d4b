/**
 * The run's config warnings: channel-keyed config entries (`comparators.by_channel`,
 * `ignore_channels`, `continuous_channels`, `aliases`, `aligner.by_channel`) that name no channel
 * of the traces. Each check's record keeps its own (`config_warnings`); the run says once each
 * entry that no check evaluated with that config used, however many checks shared it — a misspelt
 * key in a batch's config is one line, not one per pair. Computed from the records, so `envtrace
 * merge` computes it again over every shard.
 */
import { unknownChannelLine, type UnknownChannelEntry } from '../../evaluate/channel-keys.js';
import type { ConfigWarning, ConfigWarningSummary, ReportRecord, RunTest } from './schema.js';

/**
 * A check's `config_warnings`, as every writer of records puts them (the batch CLI's pairs, the
 * matchers): one per config entry that named no channel of the check's traces, with the config
 * file as the user gave it (absent for options given inline).
 */
export function configWarningsOf(
  entries: readonly UnknownChannelEntry[],
  configFile: string | undefined,
): ConfigWarning[] {
  return entries.map((u) => ({
    code: 'unknown-channel-key' as const,
    entry: u.where,
    hint: u.hint,
    ...(configFile !== undefined ? { config: configFile } : {}),
  }));
}

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
