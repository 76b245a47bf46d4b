/**
 * The wavefront aligner's optimal cost alone, for its tests: one forward pass with only the last
 * few wavefronts kept (no traceback). Production code gets the cost with the alignment
 * (`wfaAlign`).
 */
import { reversedInput, Wavefronts } from '../../src/align/wfa-wavefronts.js';
import type { WfaCosts } from '../../src/align/wfa.js';

/** The optimal cost under `costs` (units of `wfaCostsFrom`); `upperBound` prunes as in `wfaAlign`. */
export function wfaCost(
  a: Int32Array,
  b: Int32Array,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound = Infinity,
): number {
  return new Wavefronts(reversedInput(a, b), costs, valuesMatch, upperBound, {
    maxCells: 0,
  }).forward();
}
