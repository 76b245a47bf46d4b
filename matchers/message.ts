/**
 * Failure text of the trace matchers, built only from the host's `this.utils` (hint, colours),
 * so `--no-color` and host styling apply. Every trace-derived string (channels, values,
 * metric names) is escaped for the terminal before it is shown.
 *
 * Shape: hint line · one verdict sentence · metric table · the alignment rows around the
 * first divergence and the other differing rows (capped, "… N more") · timing summary.
 */
import type { AlignmentRow, AlignmentRowSide, EvaluationResult } from '../src/evaluate/types.js';
import { escapeForTerminal, pad, textLength, truncate } from '../src/report/escape.js';
import { pyFixed, renderValue } from '../src/report/format.js';
import type { MatcherUtils } from './context.js';

/** What a matcher call requires of an evaluation to pass. */
export interface PassRule {
  /** @default true */
  readonly requireAccuracy: boolean;
  readonly minScore: number | undefined;
}

/** Why an evaluation fails its rule: one short phrase per failed part. */
export function failedParts(result: EvaluationResult, rule: PassRule): string[] {
  const parts: string[] = [];
  if (rule.minScore !== undefined && !(result.full_score >= rule.minScore)) {
    parts.push(`score ${num(result.full_score)} < minScore ${num(rule.minScore)}`);
  }
  if (rule.requireAccuracy && !result.accuracy) {
    for (const [name, ok] of Object.entries(result.decision.passes)) {
      if (!ok) parts.push(describeFailedPart(result, name));
    }
    if (parts.length === 0) parts.push('accuracy false');
  }
  return parts;
}

/** Whether the evaluation passes the rule (before `.not`). */
export function passes(result: EvaluationResult, rule: PassRule): boolean {
  return failedParts(result, rule).length === 0;
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

function num(x: number): string {
  return pyFixed(x, 3);
}

/** Differences the alignment shows: value/channel mismatches, missing and extra events. */
export function rowCounts(rows: readonly AlignmentRow[]): { mismatches: number; missing: number; extra: number } {
  let mismatches = 0;
  let missing = 0;
  let extra = 0;
  for (const r of rows) {
    if (r.ignored) continue;
    if (r.gt && !r.pred) missing++;
    else if (!r.gt && r.pred) extra++;
    else if (r.gt && r.pred && r.match === false) mismatches++;
  }
  return { mismatches, missing, extra };
}

function describeFailedPart(result: EvaluationResult, name: string): string {
  const safe = escapeForTerminal(name);
  const metric = result.metrics[name];
  if (name === 'discrete' && metric) {
    const { mismatches, missing, extra } = rowCounts(result.alignment_rows);
    const bits: string[] = [];
    if (mismatches) bits.push(plural(mismatches, 'mismatch', 'mismatches'));
    if (missing) bits.push(plural(missing, 'missing event'));
    if (extra) bits.push(plural(extra, 'extra event'));
    return bits.length ? `discrete not exact: ${bits.join(', ')}` : `discrete not exact (score ${num(metric.score)})`;
  }
  if (!metric) return `${safe} failed: no such metric`;
  const d = metric.details;
  if (typeof d['reason'] === 'string') return `${safe} failed: ${escapeForTerminal(d['reason'])}`;
  if (typeof d['r2'] === 'number' && typeof d['slope'] === 'number') {
    const bits = [`r² ${num(d['r2'])}`, `slope ${num(d['slope'])}`];
    if (typeof d['duration_ratio'] === 'number') bits.push(`duration ratio ${num(d['duration_ratio'])}`);
    if (typeof d['mape'] === 'number') bits.push(`interval error ${num(d['mape'])}`);
    return `${safe} failed (${bits.join(', ')})`;
  }
  return `${safe} failed (score ${num(metric.score)})`;
}

/** The metric table: name, score, pass mark; then the full score line. */
export function metricTable(utils: MatcherUtils, result: EvaluationResult, rule: PassRule): string[] {
  const names = Object.keys(result.metrics).map(escapeForTerminal);
  const width = Math.max(10, ...names.map(textLength));
  const lines = [utils.DIM_COLOR(`${pad('Metric', width, '<')}  ${pad('score', 6, '>')}  pass`)];
  for (const [name, m] of Object.entries(result.metrics)) {
    const mark = m.binary_pass ? '✓' : utils.RECEIVED_COLOR('✗');
    lines.push(`${pad(escapeForTerminal(name), width, '<')}  ${pad(num(m.score), 6, '>')}  ${mark}`);
  }
  const min = rule.minScore === undefined ? '' : utils.DIM_COLOR(`  (minScore ${num(rule.minScore)})`);
  lines.push(`${pad('full score', width, '<')}  ${pad(num(result.full_score), 6, '>')}${min}`);
  return lines;
}

const SIDE_WIDTH = 34;
const VALUE_WIDTH = 24;
const CONTEXT = 1;
/** Most alignment rows shown before "… N more". */
export const MAX_ROWS = 12;

function sideText(s: AlignmentRowSide | null): string {
  if (!s) return '—';
  const value = truncate(escapeForTerminal(renderValue(s.value, 60)), VALUE_WIDTH);
  return truncate(`${escapeForTerminal(s.channel)} = ${value}`, SIDE_WIDTH);
}

function signed(x: number): string {
  const s = num(x);
  return s.startsWith('-') ? s : `+${s}`;
}

function firstTime(rows: readonly AlignmentRow[], side: 'gt' | 'pred'): number | undefined {
  let t: number | undefined;
  for (const r of rows) {
    const s = r[side];
    if (s && (t === undefined || s.timestamp < t)) t = s.timestamp;
  }
  return t;
}

function diverges(r: AlignmentRow): boolean {
  return !r.ignored && r.match !== true;
}

/**
 * The alignment rows around the first divergence plus the other differing rows, capped at
 * `maxRows` shown rows. Δt is each pair's time offset with both traces measured from their
 * first aligned event (timing, shown apart from value differences).
 */
export function alignmentSection(utils: MatcherUtils, result: EvaluationResult, maxRows = MAX_ROWS): string[] {
  const rows = result.alignment_rows;
  const diff: number[] = [];
  rows.forEach((r, i) => {
    if (diverges(r)) diff.push(i);
  });
  const first = diff[0];
  if (first === undefined) return [];
  const show = new Set<number>();
  for (let i = Math.max(0, first - CONTEXT); i <= Math.min(rows.length - 1, first + CONTEXT); i++) show.add(i);
  let shownDiff = diff.filter((i) => show.has(i)).length;
  for (const i of diff) {
    if (show.size >= maxRows) break;
    if (!show.has(i)) {
      show.add(i);
      shownDiff++;
    }
  }
  const hidden = diff.length - shownDiff;
  const gt0 = firstTime(rows, 'gt');
  const pr0 = firstTime(rows, 'pred');
  const idxWidth = Math.max(1, String(rows.length).length);
  const lines: string[] = [
    `Alignment: ${plural(diff.length, 'row')} of ${rows.length} differ, the first at row ${first + 1} ` +
      utils.DIM_COLOR('(≠ differs, - missing from received, + extra in received)'),
    utils.DIM_COLOR(`     ${pad('#', idxWidth, '>')}  ${pad('golden', SIDE_WIDTH, '<')}  ${pad('received', SIDE_WIDTH, '<')}  Δt`),
  ];
  let prev = -1;
  for (const i of [...show].sort((a, b) => a - b)) {
    const r = rows[i];
    if (!r) continue;
    if (prev >= 0 && i > prev + 1) lines.push(utils.DIM_COLOR(`     ${pad('⋮', idxWidth, '>')}`));
    prev = i;
    const mark = !diverges(r) ? ' ' : r.gt && !r.pred ? '-' : !r.gt && r.pred ? '+' : '≠';
    let dt = '';
    if (r.gt && r.pred && gt0 !== undefined && pr0 !== undefined) {
      dt = signed(r.pred.timestamp - pr0 - (r.gt.timestamp - gt0));
    }
    const g = pad(sideText(r.gt), SIDE_WIDTH, '<');
    const p = dt === '' ? sideText(r.pred) : pad(sideText(r.pred), SIDE_WIDTH, '<');
    const index = pad(String(r.index), idxWidth, '>');
    if (diverges(r)) {
      lines.push(`  ${mark}  ${index}  ${utils.EXPECTED_COLOR(g)}  ${utils.RECEIVED_COLOR(p)}  ${dt}`.trimEnd());
    } else {
      lines.push(utils.DIM_COLOR(`  ${mark}  ${index}  ${g}  ${p}  ${dt}`.trimEnd()));
    }
  }
  if (hidden > 0) lines.push(`  … ${hidden} more differing ${hidden === 1 ? 'row' : 'rows'}`);
  return lines;
}

/** Timing of the matched pairs, apart from value differences. */
export function timingSection(utils: MatcherUtils, result: EvaluationResult): string[] {
  const rows = result.alignment_rows;
  const gt0 = firstTime(rows, 'gt');
  const pr0 = firstTime(rows, 'pred');
  if (gt0 === undefined || pr0 === undefined) return [];
  let n = 0;
  let sum = 0;
  let worst = 0;
  for (const r of rows) {
    if (r.match !== true || !r.gt || !r.pred) continue;
    const dt = r.pred.timestamp - pr0 - (r.gt.timestamp - gt0);
    n++;
    sum += dt;
    if (Math.abs(dt) > Math.abs(worst)) worst = dt;
  }
  if (n === 0) return [];
  const bits = [`Δt up to ${signed(worst)} s (mean ${signed(sum / n)} s) over ${plural(n, 'matched event')}`];
  const timing = result.metrics[result.decision.timing_metric_name] ?? result.metrics['timing'];
  const d = timing?.details;
  if (d && typeof d['slope'] === 'number' && typeof d['r2'] === 'number') {
    bits.push(`slope ${num(d['slope'])}, r² ${num(d['r2'])}`);
    if (typeof d['duration_ratio'] === 'number') bits.push(`duration ratio ${num(d['duration_ratio'])}`);
  }
  return [`${utils.DIM_COLOR('Timing:')} ${bits.join('; ')}`];
}

/** Best-of: which golden won and every candidate's score. */
export function bestOfLine(result: EvaluationResult): string[] {
  const scores = result.candidate_full_scores;
  if (scores === undefined) return [];
  const best = result.best_index ?? -1;
  const list = scores.map((s, i) => `#${i + 1} ${num(s)}`).join(', ');
  return [best >= 0 ? `Best of ${scores.length} goldens: #${best + 1} (${list})` : `Best of ${scores.length} goldens: none scored above -1 (${list})`];
}

export interface MessageInput {
  readonly matcherName: string;
  readonly isNot: boolean;
  /** Hint arguments: what the expected side is called. */
  readonly expectedLabel: string;
  readonly secondArgument?: string;
  readonly result: EvaluationResult;
  readonly rule: PassRule;
  /** Extra lines after the verdict (e.g. the golden file, how to update it). */
  readonly notes?: readonly string[];
  /** What the golden is called in the sentence. @default "the golden trace" */
  readonly goldenNoun?: string;
}

/** The whole failure message for a positive or negated check. */
export function failureMessage(utils: MatcherUtils, input: MessageInput): string {
  const { result, rule, isNot } = input;
  const noun = input.goldenNoun ?? 'the golden trace';
  const hintOptions = input.secondArgument === undefined ? { isNot } : { isNot, secondArgument: input.secondArgument };
  const hint = utils.matcherHint(input.matcherName, 'received', input.expectedLabel, hintOptions);
  const summary = `score ${num(result.full_score)}, accuracy ${String(result.accuracy)}`;
  const out: string[] = [hint, ''];
  if (isNot) {
    out.push(`Expected the received trace not to behave like ${noun}, but it does (${summary}).`);
  } else {
    const parts = failedParts(result, rule);
    out.push(`Expected the received trace to behave like ${noun}, but ${summary}: ${parts.join('; ')}.`);
  }
  if (input.notes?.length) out.push(...input.notes);
  out.push(...bestOfLine(result));
  out.push('', ...metricTable(utils, result, rule));
  if (!isNot) {
    const align = alignmentSection(utils, result);
    if (align.length) out.push('', ...align);
  }
  const timing = timingSection(utils, result);
  if (timing.length) out.push('', ...timing);
  return out.join('\n');
}
