/**
 * Scoring policies (layer 0, beside `py/`): the reference's behaviour as one object, and the
 * default mode as that object with the named fixes of `./fixes.ts` applied. An evaluation picks
 * its policy once (`policyFor`) and every layer calls the policy's members where the two modes
 * differ.
 */
import { FIXES } from './fixes.js';
import type { Mode } from './mode.js';
import { REFERENCE_MEMBERS } from './reference.js';
import type { Fix, PolicyMembers, ScoringPolicy } from './types.js';

export { FIXES } from './fixes.js';
export { MODES, isMode, modeSchema, type Mode } from './mode.js';
export {
  NO_PAIRS_REASON,
  REFERENCE_MEMBERS,
  WEIGHTS_NO_CONTINUOUS,
  WEIGHTS_WITH_CONTINUOUS,
} from './reference.js';
export type * from './types.js';

/** Apply fixes (in order) on top of the reference's members. */
export function applyFixes(mode: Mode, fixes: readonly Fix[]): ScoringPolicy {
  const members: Record<string, unknown> = { ...REFERENCE_MEMBERS };
  for (const fix of fixes) Object.assign(members, fix.overrides);
  return Object.freeze({
    ...(members as unknown as PolicyMembers),
    mode,
    fixes: Object.freeze([...fixes]),
  });
}

/** The reference's behaviour, bugs included. */
export const REFERENCE_POLICY: ScoringPolicy = applyFixes('reference', []);

/** envtrace's default: the reference + every fix of `FIXES`. */
export const DEFAULT_POLICY: ScoringPolicy = applyFixes('default', FIXES);

/** A mode name or an already chosen policy. */
export type PolicyInput = Mode | ScoringPolicy;

/** The policy of a mode (`"default"` when not given); a policy is returned unchanged. */
export function policyFor(input: PolicyInput | undefined = 'default'): ScoringPolicy {
  if (typeof input === 'object') return input;
  return input === 'reference' ? REFERENCE_POLICY : DEFAULT_POLICY;
}
