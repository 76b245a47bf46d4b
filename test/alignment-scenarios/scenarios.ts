/**
 * The alignment-behaviour table: golden traces of the kinds the aligners meet (a scan loop, a
 * robot cycle, an irregular instrument log, an agent's tool calls), one injected edit each, and
 * the rows that edit should make differ. `run.ts` scores every scenario with every aligner.
 *
 * Edits keep every surviving event's timestamp, so the time sort in `evaluate` sees the edit
 * itself and nothing else; an inserted event gets a timestamp between its neighbours.
 */
import type { TraceEvent } from '../../src/trace/types.js';
import { rng } from '../support/rng.js';

/** A differing row by input positions: `[gt index | null, pred index | null]`. */
export type RowRef = readonly [gt: number | null, pred: number | null];

/** One injected difference and the rows it should make differ. */
export interface Edit {
  /** Short description for the table ("drop #17"). */
  readonly label: string;
  apply(gt: readonly TraceEvent[]): TraceEvent[];
  /** The differing rows an ideal report shows, sorted as the alignment lists them. */
  expected(gt: readonly TraceEvent[]): RowRef[];
}

export interface Scenario {
  readonly name: string;
  readonly golden: () => TraceEvent[];
  readonly edit: Edit;
}

const ev = (channel: string, timestamp: number, value: unknown): TraceEvent => ({
  channel,
  timestamp,
  value,
});

// ---------------------------------------------------------------------------------------------
// Golden traces

/** A step scan: per point, move the motor, start the detector, read it, stop it (4 events). */
export function stepScan(points: number): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (let p = 0; p < points; p++) {
    const t = p * 4;
    out.push(ev('sample:x', t, Math.round(p * 0.25 * 100) / 100));
    out.push(ev('det:acquire', t + 0.5, 1));
    out.push(ev('det:counts', t + 1.5, 1000 + ((p * 37) % 101)));
    out.push(ev('det:acquire', t + 2, 0));
  }
  return out;
}

/**
 * An energy scan: per point, move the monochromator to 8000 + p eV, then read the detector (2
 * events). Neighbouring energies differ by 1 eV, within the default relative tolerance (1e-3), so
 * a move matches its neighbours' values too; the counts are far apart.
 */
export function energyScan(points: number): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (let p = 0; p < points; p++) {
    out.push(ev('mono:energy', 2 * p, 8000 + p));
    out.push(ev('det:counts', 2 * p + 1, 1000 + ((p * 37) % 101)));
  }
  return out;
}

/** A pick-and-place cycle repeated `cycles` times: values repeat exactly with period 4. */
export function robotCycle(cycles: number): TraceEvent[] {
  const steps: Array<[string, string]> = [
    ['arm:pose', 'pick'],
    ['gripper', 'close'],
    ['arm:pose', 'place'],
    ['gripper', 'open'],
  ];
  return Array.from({ length: cycles * 4 }, (_, k) => ev(steps[k % 4]![0], k, steps[k % 4]![1]));
}

/** An irregular log: seeded channels (never the same twice in a row) and values. */
export function irregularLog(length: number, seed = 7): TraceEvent[] {
  const channels = ['valve:a', 'pump:rate', 'temp:set', 'shutter', 'stage:y'];
  const r = rng(seed);
  const out: TraceEvent[] = [];
  let last = -1;
  for (let k = 0; k < length; k++) {
    let c = Math.floor(r() * channels.length);
    if (c === last) c = (c + 1) % channels.length;
    last = c;
    out.push(ev(channels[c]!, k, Math.floor(r() * 50)));
  }
  return out;
}

/** An agent answering with tools: plan, call, result, …, answer. */
export function agentRun(): TraceEvent[] {
  const steps: Array<[string, string]> = [
    ['llm:plan', 'find the beamline schedule'],
    ['tool:search', 'beamline schedule 11-BM'],
    ['tool:result', '3 hits'],
    ['tool:fetch', 'https://example.org/schedule'],
    ['tool:result', '200 OK'],
    ['tool:extract', 'week 48'],
    ['tool:result', 'Mon-Wed'],
    ['llm:answer', 'Monday to Wednesday'],
  ];
  return steps.map(([c, v], k) => ev(c, k, v));
}

// ---------------------------------------------------------------------------------------------
// Edits

/** Remove event `at` (negative counts from the end). */
export function drop(at: number): Edit {
  const k = (gt: readonly TraceEvent[]) => (at < 0 ? gt.length + at : at);
  return {
    label: `drop #${at < 0 ? `end${at + 1 || ''}` : at}`,
    apply: (gt) => gt.filter((_, i) => i !== k(gt)),
    expected: (gt) => [[k(gt), null]],
  };
}

/** Remove `count` events from the end (a scan that stops early). */
export function truncate(count: number): Edit {
  return {
    label: `last ${count} events missing`,
    apply: (gt) => gt.slice(0, gt.length - count),
    expected: (gt) =>
      Array.from({ length: count }, (_, i) => [gt.length - count + i, null] as const),
  };
}

/** Insert a new event before position `at` (`at = length` appends), between its neighbours in time. */
export function insert(at: number | 'end', channel: string, value: unknown): Edit {
  const k = (gt: readonly TraceEvent[]) => (at === 'end' ? gt.length : at);
  return {
    label: `insert at #${at}`,
    apply: (gt) => {
      const i = k(gt);
      const before = i > 0 ? gt[i - 1]!.timestamp : gt[0]!.timestamp - 1;
      const after = i < gt.length ? gt[i]!.timestamp : before + 1;
      const out = [...gt];
      out.splice(i, 0, ev(channel, (before + after) / 2, value));
      return out;
    },
    expected: (gt) => [[null, k(gt)]],
  };
}

/** Repeat event `at` right after itself (an agent retrying the same tool call). */
export function repeat(at: number): Edit {
  return {
    label: `repeat #${at}`,
    apply: (gt) => {
      const e = gt[at]!;
      const next = at + 1 < gt.length ? gt[at + 1]!.timestamp : e.timestamp + 1;
      const out = [...gt];
      out.splice(at + 1, 0, { ...e, timestamp: (e.timestamp + next) / 2 });
      return out;
    },
    // The repeat, not the original, is the extra event (the behaviour aligner's tie-break).
    expected: () => [[null, at + 1]],
  };
}

/** Replace the value of event `at` (negative counts from the end). */
export function change(at: number, value: unknown): Edit {
  const k = (gt: readonly TraceEvent[]) => (at < 0 ? gt.length + at : at);
  return {
    label: `change #${at < 0 ? `end${at + 1 || ''}` : at}`,
    apply: (gt) => gt.map((e, i) => (i === k(gt) ? { ...e, value } : e)),
    expected: (gt) => [[k(gt), k(gt)]],
  };
}

/**
 * Swap the contents (channel, value) of events `at` and `at + 1`, keeping their timestamps. For
 * events of different channels the ideal report is one event moved: the first is missing at its
 * slot and extra one slot later (cheaper than two wrong-channel rows; see `src/align/behavior.ts`).
 */
export function swap(at: number): Edit {
  const k = (gt: readonly TraceEvent[]) => (at < 0 ? gt.length + at : at);
  return {
    label: `swap #${at < 0 ? `end${at + 1 || ''}` : at}`,
    apply: (gt) => {
      const i = k(gt);
      const out = [...gt];
      const x = gt[i]!;
      const y = gt[i + 1]!;
      out[i] = { ...y, timestamp: x.timestamp };
      out[i + 1] = { ...x, timestamp: y.timestamp };
      return out;
    },
    expected: (gt) => [
      [k(gt), null],
      [null, k(gt) + 1],
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// The table

const SCAN = () => stepScan(10);
const CYCLE = () => robotCycle(25);
const LOG = () => irregularLog(40);
const ENERGY = () => energyScan(30);

/** Every scenario of the table, in the order shown. */
export const SCENARIOS: readonly Scenario[] = [
  // The issue's examples.
  { name: 'scan 10 pts: a detector stop missing', golden: SCAN, edit: drop(19) },
  { name: 'scan 10 pts: one point short', golden: SCAN, edit: truncate(4) },
  { name: 'agent: a repeated tool call', golden: agentRun, edit: repeat(1) },
  // Within tolerance: each move matches its neighbours' energies; exact pairs first.
  { name: 'energy scan 30 pts: a read before its move', golden: ENERGY, edit: swap(24) },
  { name: 'energy scan 30 pts: a read after the next move', golden: ENERGY, edit: swap(25) },
  // Periodic: a pick-and-place cycle, 100 events.
  { name: 'cycle ×25: drop, start', golden: CYCLE, edit: drop(0) },
  { name: 'cycle ×25: drop, middle', golden: CYCLE, edit: drop(49) },
  { name: 'cycle ×25: drop, end', golden: CYCLE, edit: drop(-1) },
  { name: 'cycle ×25: insert, start', golden: CYCLE, edit: insert(0, 'arm:pose', 'home') },
  { name: 'cycle ×25: insert, middle', golden: CYCLE, edit: insert(50, 'arm:pose', 'home') },
  { name: 'cycle ×25: insert, end', golden: CYCLE, edit: insert('end', 'arm:pose', 'home') },
  { name: 'cycle ×25: change, start', golden: CYCLE, edit: change(0, 'home') },
  { name: 'cycle ×25: change, middle', golden: CYCLE, edit: change(49, 'half-open') },
  { name: 'cycle ×25: change, end', golden: CYCLE, edit: change(-1, 'half-open') },
  { name: 'cycle ×25: swap, start', golden: CYCLE, edit: swap(0) },
  { name: 'cycle ×25: swap, middle', golden: CYCLE, edit: swap(49) },
  { name: 'cycle ×25: swap, end', golden: CYCLE, edit: swap(-2) },
  // Aperiodic: an irregular log, 40 events.
  { name: 'log ×40: drop, start', golden: LOG, edit: drop(0) },
  { name: 'log ×40: drop, middle', golden: LOG, edit: drop(20) },
  { name: 'log ×40: drop, end', golden: LOG, edit: drop(-1) },
  { name: 'log ×40: insert, start', golden: LOG, edit: insert(0, 'shutter', 99) },
  { name: 'log ×40: insert, middle', golden: LOG, edit: insert(20, 'shutter', 99) },
  { name: 'log ×40: insert, end', golden: LOG, edit: insert('end', 'shutter', 99) },
  { name: 'log ×40: change, start', golden: LOG, edit: change(0, 99) },
  { name: 'log ×40: change, middle', golden: LOG, edit: change(20, 99) },
  { name: 'log ×40: change, end', golden: LOG, edit: change(-1, 99) },
  { name: 'log ×40: swap, start', golden: LOG, edit: swap(0) },
  { name: 'log ×40: swap, middle', golden: LOG, edit: swap(20) },
  { name: 'log ×40: swap, end', golden: LOG, edit: swap(-2) },
];
