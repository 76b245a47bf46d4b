/**
 * The work budget of the default aligner (`behavior`): the exact engines (wavefronts, banded DP)
 * spend it cell by cell and give up with `BudgetExhausted` when it runs out; the caller then
 * computes a bounded alignment instead (`./affine/dispatch.ts`, `./bounded.ts`). One policy, not a user option:
 *
 * - inputs whose full matrix has at most `EXACT_ALWAYS_CELLS` cells are never budgeted (they are
 *   always solved exactly, whatever the edits: a few hundred events each take milliseconds);
 * - otherwise the exact engines may compute `BUDGET_WIDTH · (n + m + 1)` cells (wavefront cells
 *   or band cells, summed over every pass) — linear in the input length.
 */

/** Full-matrix size below which the exact engines always run to the end. */
export const EXACT_ALWAYS_CELLS = 1 << 20;

/** Cells per event the exact engines may compute on larger inputs. */
export const BUDGET_WIDTH = 32;

/** Thrown by an exact engine when its budget ran out (caught by `./affine/dispatch.ts`, never escapes). */
export class BudgetExhausted extends Error {
  constructor() {
    super('alignment work budget exhausted (internal)');
  }
}

/** Cells the exact engines may still compute. */
export class WorkBudget {
  constructor(private left: number) {}

  /** The budget for aligning n with m events (`Infinity` for small inputs). */
  static forSizes(n: number, m: number): WorkBudget {
    return new WorkBudget(
      (n + 1) * (m + 1) <= EXACT_ALWAYS_CELLS ? Infinity : BUDGET_WIDTH * (n + m + 1),
    );
  }

  /** Whether `cells` more cells fit (without spending them). */
  affords(cells: number): boolean {
    return cells <= this.left;
  }

  /** Spend `cells`; throws `BudgetExhausted` once the budget is overdrawn. */
  spend(cells: number): void {
    this.left -= cells;
    if (this.left < 0) throw new BudgetExhausted();
  }
}
