/**
 * The drill-down detail of one check (one matcher call) in the run report: what the HTML report's
 * per-test view and a CI artifact need to explain a result without rerunning it — the aggregation
 * contributions, the alignment rows (capped, differing rows first), the matched timestamps behind
 * the timing fit, and the continuous profiles.
 *
 * Plain JSON-safe data: trace values are stored as display text (`renderValue`, capped), never as
 * live values, so a report never carries more than a person can read and never anything executable.
 * Pure: no fs, no process.
 */
import { z } from 'zod';
import { selectPolicy } from '../../evaluate/options.js';
import { TIME_UNITS, isTimeUnit, type TimeUnit } from '../../evaluate/timeUnit.js';
import type { AlignmentRow, EvaluationResult } from '../../evaluate/types.js';
import { notMeasuredReason } from '../../metrics/measured.js';
import { isPyNumber, orderedKeys, toDouble } from '../../py/value.js';
import { eventsOf, sortEventsByTime } from '../../trace/trace.js';
import type { TraceEvent, TraceLike } from '../../trace/types.js';
import { truncate } from '../escape.js';
import { firstDifference, truncateAround } from '../escape.js';
import { renderValue } from '../format.js';

/** Alignments up to this many rows are kept whole; longer ones keep only their differing rows with context. */
export const DETAIL_ALL_ROWS = 40;
/** Rows kept per check at most (differing rows and their context, in order). */
export const DETAIL_MAX_ROWS = 200;
/** Matched timestamp pairs kept per check for the timing plot (evenly subsampled beyond this). */
export const DETAIL_MAX_POINTS = 1000;
/** Samples kept per continuous channel and side (evenly subsampled beyond this). */
export const DETAIL_MAX_SERIES = 1000;
/** Characters of a rendered value kept in a row (cut with `…`). */
export const DETAIL_VALUE_CHARS = 2000;
/** Characters of a "not measured" reason a record keeps (cut with `…`; a user metric writes it). */
export const DETAIL_REASON_CHARS = 500;

/**
 * Why a metric (or a continuous channel's entry) was not measured, as a record keeps it: its
 * `details.reason` cut to `DETAIL_REASON_CHARS`, when `show` (`ReportStyle.showUnmeasured`).
 */
export function keptReason(
  result: { readonly details?: unknown },
  show: boolean,
): string | undefined {
  const why = show ? notMeasuredReason(result) : undefined;
  return why === undefined ? undefined : truncate(why, DETAIL_REASON_CHARS);
}

const finite = z.number().nullable();

export const DetailSideSchema = z
  .object({
    channel: z.string(),
    t: finite.describe('Timestamp; null when not finite.'),
    value: z.string().describe('The value as display text (JSON-like, capped).'),
  })
  .strict();

export const DetailRowSchema = z
  .object({
    index: z.number().int().min(1).describe('1-based row number in the full alignment.'),
    gt: DetailSideSchema.nullable(),
    pred: DetailSideSchema.nullable(),
    match: z.boolean().nullable().describe('null = a gap (missing or extra event).'),
    approx: z
      .object({ delta: z.number(), tol: z.number() })
      .strict()
      .optional()
      .describe(
        'The values matched only within tolerance: the largest |Δ| of their numbers and the bound that absorbed it.',
      ),
  })
  .strict();

export const CheckDetailSchema = z
  .object({
    aggregation: z
      .object({
        weights: z.record(z.string(), finite).nullable(),
        contributions: z.record(z.string(), finite).nullable(),
      })
      .strict()
      .describe(
        'Weights and weight × score per metric (`_sum` = full score); null for a custom formula.',
      ),
    rows: z
      .object({
        total: z.number().int().min(0),
        differing: z
          .number()
          .int()
          .min(0)
          .describe('Rows that are not a match: mismatches, missing and extra events.'),
        cut: z.number().int().min(0).describe('Rows of the alignment not kept in `items`.'),
        within_tolerance: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Matching rows whose values matched only within tolerance (marked ≈).'),
        items: z.array(DetailRowSchema),
      })
      .strict(),
    timing: z
      .object({
        total: z.number().int().min(0).describe('Matched pairs the timing fit used.'),
        points: z
          .array(z.tuple([z.number(), z.number()]))
          .describe('[golden t − t0, predicted t − t0] per matched pair (subsampled).'),
        r2: finite,
        slope: finite,
        unit: z
          .enum(TIME_UNITS)
          .optional()
          .describe(
            'The `time_unit` option of the check (a label for times; absent in reports before it existed: seconds).',
          ),
      })
      .strict(),
    continuous: z.array(
      z
        .object({
          channel: z.string(),
          gt: z.array(finite),
          pred: z.array(finite),
          score: finite,
          not_measured: z
            .string()
            .optional()
            .describe(
              'Present when the channel was not measured and the check’s mode says so in its reports (the default mode): why (its `details.reason`, e.g. `one empty`); `score` is then a stand-in.',
            ),
        })
        .strict(),
    ),
  })
  .strict();

export type CheckDetail = z.infer<typeof CheckDetailSchema>;
export type DetailRow = z.infer<typeof DetailRowSchema>;

function fin(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function finiteRecord(r: Readonly<Record<string, unknown>>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(r)) out[k] = fin(v);
  return out;
}

/** Keep at most `max` items, evenly spaced, always keeping the first and the last. */
export function subsample<T>(xs: readonly T[], max: number): T[] {
  if (xs.length <= max) return xs.slice();
  if (max <= 1) return xs.slice(0, max);
  const out: T[] = [];
  const step = (xs.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(xs[Math.round(i * step)]!);
  return out;
}

function side(s: AlignmentRow['gt']): DetailRow['gt'] {
  return s === null
    ? null
    : { channel: s.channel, t: fin(s.timestamp), value: renderValue(s.value, DETAIL_VALUE_CHARS) };
}

/** Longest rendering of a mismatched row's value looked at for where the two differ. */
const MISMATCH_RENDER_CHARS = 16 * DETAIL_VALUE_CHARS;

/**
 * A mismatched row's sides: both values cut to `DETAIL_VALUE_CHARS` around their first
 * difference (the HTML report marks the differing middle), so a long message (a joint state with
 * many joints) keeps the part that differs instead of its first 2000 characters.
 */
function mismatchSides(r: AlignmentRow): [DetailRow['gt'], DetailRow['pred']] {
  if (r.gt === null || r.pred === null) return [side(r.gt), side(r.pred)];
  const g = renderValue(r.gt.value, MISMATCH_RENDER_CHARS);
  const p = renderValue(r.pred.value, MISMATCH_RENDER_CHARS);
  const at = firstDifference(g, p);
  const cut = (s: NonNullable<AlignmentRow['gt']>, text: string) => ({
    channel: s.channel,
    t: fin(s.timestamp),
    value: truncateAround(text, DETAIL_VALUE_CHARS, at),
  });
  return [cut(r.gt, g), cut(r.pred, p)];
}

/**
 * The rows to keep: all of them in a short alignment (at most `DETAIL_ALL_ROWS`); otherwise every
 * differing row (and every row matched only within tolerance) with one row of context on each side, in order, up to `max` rows (none when
 * everything matched: `cut` then says how many rows matched).
 */
function keptRows(
  rows: readonly AlignmentRow[],
  max: number,
  approx: ReadonlyMap<number, unknown>,
): AlignmentRow[] {
  if (rows.length <= Math.min(DETAIL_ALL_ROWS, max)) return rows.slice();
  const keep = new Set<number>();
  for (let i = 0; i < rows.length && keep.size < max; i++) {
    if (rows[i]!.match === true && !approx.has(rows[i]!.index)) continue;
    for (const j of [i - 1, i, i + 1])
      if (j >= 0 && j < rows.length && keep.size < max) keep.add(j);
  }
  return [...keep].sort((a, b) => a - b).map((i) => rows[i]!);
}

/** A continuous channel's profiles, as the caller extracted them from the (aliased, time-sorted) traces. */
export interface ContinuousSeriesInput {
  readonly channel: string;
  readonly gt: readonly number[];
  readonly pred: readonly number[];
}

/**
 * The detail of one evaluation. `series` are the continuous profiles (the result does not hold
 * them; the caller that has the traces passes them).
 */
export function buildCheckDetail(
  result: EvaluationResult,
  series: readonly ContinuousSeriesInput[] = [],
  timeUnit: TimeUnit = 's',
): CheckDetail {
  const rows = result.alignment_rows;
  const differing = rows.reduce((n, r) => n + (r.match === true ? 0 : 1), 0);
  const approx = new Map<number, { delta: number; tol: number }>();
  for (const u of result.tolerance?.rows ?? [])
    if (Number.isFinite(u.delta) && Number.isFinite(u.tol))
      approx.set(u.index, { delta: u.delta, tol: u.tol });
  const items = keptRows(rows, DETAIL_MAX_ROWS, approx).map((r): DetailRow => {
    const a = r.match === true ? approx.get(r.index) : undefined;
    const [gt, pred] = r.match === false ? mismatchSides(r) : [side(r.gt), side(r.pred)];
    const row = { index: r.index, gt, pred, match: r.match };
    return a === undefined ? row : { ...row, approx: a };
  });

  // The pairs the timing fit uses: matched rows (same channel, values match), relative to the first.
  const matched = rows.filter((r) => r.match === true && r.gt !== null && r.pred !== null);
  const t0 = matched[0];
  const points: Array<[number, number]> = t0
    ? matched.map(
        (r) =>
          [r.gt!.timestamp - t0.gt!.timestamp, r.pred!.timestamp - t0.pred!.timestamp] as [
            number,
            number,
          ],
      )
    : [];
  const timingDetails = result.metrics['timing']?.details ?? {};

  const agg = result.aggregation;
  const perChannel =
    (
      result.metrics['continuous']?.details as
        { per_channel?: Record<string, { score?: unknown; details?: unknown }> } | undefined
    )?.per_channel ?? {};
  const { showUnmeasured } = selectPolicy(result).report;
  const unmeasured = (channel: string): { not_measured?: string } => {
    const entry = perChannel[channel];
    const why = entry ? keptReason(entry, showUnmeasured) : undefined;
    return why === undefined ? {} : { not_measured: why };
  };
  return {
    aggregation:
      'weights' in agg
        ? { weights: finiteRecord(agg.weights), contributions: finiteRecord(agg.contributions) }
        : { weights: null, contributions: null },
    rows: {
      total: rows.length,
      differing,
      cut: rows.length - items.length,
      ...(approx.size > 0 ? { within_tolerance: approx.size } : {}),
      items,
    },
    timing: {
      total: points.length,
      points: subsample(points, DETAIL_MAX_POINTS).filter(
        ([x, y]) => Number.isFinite(x) && Number.isFinite(y),
      ),
      r2: fin(timingDetails['r2']),
      slope: fin(timingDetails['slope']),
      unit: timeUnit,
    },
    continuous: series.map((s) => ({
      channel: s.channel,
      gt: subsample(s.gt, DETAIL_MAX_SERIES).map(fin),
      pred: subsample(s.pred, DETAIL_MAX_SERIES).map(fin),
      score: fin(perChannel[s.channel]?.score),
      ...unmeasured(s.channel),
    })),
  };
}

/**
 * The continuous channels' profiles of two traces, as `evaluate` scores them: aliases applied (one
 * step), events stably sorted by time, numeric values of each configured channel in config order
 * (non-numeric values become null: the evaluation itself reports those).
 */
export function continuousSeries(
  gt: TraceLike | { readonly events: readonly TraceEvent[] },
  pred: TraceLike | { readonly events: readonly TraceEvent[] },
  options: {
    readonly aliases?: Readonly<Record<string, string>>;
    readonly continuous_channels?: object;
  },
): ContinuousSeriesInput[] {
  const channels = options.continuous_channels ? orderedKeys(options.continuous_channels) : [];
  if (channels.length === 0) return [];
  const aliases = options.aliases ?? {};
  const canon = (ch: string): string =>
    Object.prototype.hasOwnProperty.call(aliases, ch) ? aliases[ch]! : ch;
  const profile = (
    trace: TraceLike | { readonly events: readonly TraceEvent[] },
    ch: string,
  ): number[] =>
    sortEventsByTime(eventsOf(trace))
      .filter((e) => canon(e.channel) === ch)
      .map((e) =>
        isPyNumber(e.value)
          ? toDouble(e.value)
          : typeof e.value === 'boolean'
            ? Number(e.value)
            : Number.NaN,
      );
  return channels.map((channel) => ({
    channel,
    gt: profile(gt, channel),
    pred: profile(pred, channel),
  }));
}

/** The `time_unit` of an options object (a config as given to a matcher or the CLI), `'s'` when absent or not a unit. */
export function timeUnitOf(options: unknown): TimeUnit {
  const u =
    typeof options === 'object' && options !== null
      ? (options as { time_unit?: unknown }).time_unit
      : undefined;
  return isTimeUnit(u) ? u : 's';
}
