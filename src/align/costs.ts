/**
 * Largest alignment cost accepted (match, mismatch, gap, value_mismatch; 1e12). An alignment sums
 * at most one cost per event of either trace, so with this bound any total of any trace a
 * process can hold stays far below the largest double (1.79e308): `mismatch: 1.79e308` plus a
 * gap overflowed to Infinity and left "no finite alignment" (exit 70). A ratio of 1e12 between
 * two costs is already more than any scoring needs.
 */
export const MAX_COST = 1e12;

/** The refusal of a cost above {@link MAX_COST}, for the schemas. */
export const MAX_COST_MESSAGE = `must be at most ${MAX_COST} (1e12, the largest cost: sums of larger costs overflow)`;
