/**
 * The review's case for the "values off" verdict cause: a 30-point energy scan whose every value
 * is 2.1 eV off, its channel compared with an absolute tolerance of 2 eV. Every event is there, on
 * its channel and in order, and each value narrowly misses: the full score is 0.000, as for an
 * empty prediction, and the verdict (text report, matcher message, run records) says the difference.
 */
import { evaluate } from '../evaluate/evaluate.js';
import type { EvaluateOptions, EvaluationResult } from '../evaluate/types.js';
import type { Mode } from '../policy/index.js';

/** The golden: 30 energies, 10 eV apart, one a second. */
export const ENERGY_SCAN = {
  events: Array.from({ length: 30 }, (_, i) => ({
    channel: 'mono:energy',
    timestamp: i,
    value: 8000 + 10 * i,
  })),
};

/** `mono:energy` compared with an absolute tolerance of 2 (eV), no relative one. */
export const ABS_2: EvaluateOptions = {
  comparators: { by_channel: { 'mono:energy': { type: 'numeric_tolerance', tol: 0, abs_tol: 2 } } },
};

/** The scan with `shift(i)` added to the i-th energy. */
export function shiftedScan(shift: (i: number) => number): typeof ENERGY_SCAN {
  return { events: ENERGY_SCAN.events.map((e, i) => ({ ...e, value: e.value + shift(i) })) };
}

/** `evaluate` of the scan with every energy 2.1 eV off, under `ABS_2`. */
export function evaluateNearMiss(mode: Mode = 'default'): EvaluationResult {
  return evaluate(
    ENERGY_SCAN,
    shiftedScan(() => 2.1),
    { ...ABS_2, mode },
  );
}
