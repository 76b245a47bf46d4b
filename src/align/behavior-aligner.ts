/** The `behavior` aligner object (the default mode's aligner): its costs and the work budget. */
import {
  resolveBehaviorOptions,
  type BehaviorOptions,
  type ResolvedBehaviorOptions,
} from './affine/costs.js';
import { budgetedBehaviorAlign } from './affine/dispatch.js';
import { preferExactPairs } from './exact-pairs.js';
import type { InputPath } from '../errors.js';
import type { AlignContext, Aligner, AlignmentOutcome, IndexPair } from './types.js';

/**
 * The value-aware optimal aligner (`aligner: "behavior"`); see the module comment for costs,
 * defaults and the tie-break rule.
 */
export class BehaviorAligner implements Aligner {
  readonly name = 'behavior';
  readonly options: ResolvedBehaviorOptions;

  /**
   * @param path where the options came from, for error messages (e.g. `aligner`).
   * @throws ConfigError on invalid options.
   */
  constructor(options: BehaviorOptions = {}, path: InputPath = ['aligner']) {
    this.options = resolveBehaviorOptions(options, path);
  }

  /** `alignWithOutcome`'s alignment. */
  align(gtKeys: Int32Array, predKeys: Int32Array, context: AlignContext): IndexPair[] {
    return this.alignWithOutcome(gtKeys, predKeys, context).pairs;
  }

  /**
   * The optimal alignment when it is proven within the work budget (`./budget.ts`), else a bounded
   * one (`./affine/dispatch.ts`); `outcome` says which, and its cost. When the context says which
   * matching values are the same (`valuesIdentical`), unpaired runs then slide to exact pairs where
   * every row keeps its cost, and with `timeApart` a moved event leaves the events on time paired
   * (`./exact-pairs.ts`).
   */
  alignWithOutcome(
    gtKeys: Int32Array,
    predKeys: Int32Array,
    context: AlignContext,
  ): { readonly pairs: IndexPair[]; readonly outcome: AlignmentOutcome } {
    const r = budgetedBehaviorAlign(
      gtKeys,
      predKeys,
      this.options,
      context.valuesMatch,
      context.valueBuckets,
      context.timeApart,
    );
    const { valuesMatch, valuesIdentical, timeApart } = context;
    if (valuesMatch === undefined || valuesIdentical === undefined) return r;
    // Same cost, same rows' costs: the outcome holds for the result (`./exact-pairs.ts`).
    preferExactPairs(r.pairs, gtKeys, predKeys, { valuesMatch, valuesIdentical, timeApart });
    return r;
  }
}
