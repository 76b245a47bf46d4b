/**
 * The aligners' tuning knobs, for tests and benchmarks only: they pick an engine or force the
 * rarely taken paths (checkpoints, narrow bands) on small inputs, and never change a result.
 * Production code never sets them, and the aligner objects and the default aligner's entry
 * (`BehaviorAligner`, `budgetedBehaviorAlign`) take none in their signatures: they read the knobs
 * a test has set here, for the duration of one call (`withAlignerTuning`).
 */
import type { BehaviorTuning } from './behavior.js';

/** The knobs of every aligner that has some. */
export interface AlignerTuning {
  /** `behavior`'s engines (`behaviorAlign`), under its work budget. */
  readonly behavior?: BehaviorTuning;
}

const NONE: AlignerTuning = Object.freeze({});
let current: AlignerTuning = NONE;

/** The knobs in effect (none, outside `withAlignerTuning`). */
export function alignerTuning(): AlignerTuning {
  return current;
}

/** Run `fn` with `tuning` in effect, then restore the knobs that were. */
export function withAlignerTuning<T>(tuning: AlignerTuning, fn: () => T): T {
  const outer = current;
  current = tuning;
  try {
    return fn();
  } finally {
    current = outer;
  }
}
