/**
 * Scoring policies (layer 0, beside `py/`): the reference's behaviour as one object, and the
 * default mode as that object with the named fixes of `./fixes.ts` applied. An evaluation picks
 * its policy once (`policyFor`), passes the object down, and every layer calls the policy's members where the two modes
 * differ.
 */
import { FIXES } from './fixes.js';
import type { Mode } from './mode.js';
import { REFERENCE_MEMBERS } from './reference.js';
import type { Fix, PolicyMembers, ReportStyle, ScoringPolicy } from './types.js';

export { FIXES, ONE_EVENT_REASON, ONE_PAIR_REASON } from './fixes.js';
export { MODES, isMode, modeSchema, type Mode } from './mode.js';
export {
  NO_PAIRS_REASON,
  REFERENCE_MEMBERS,
  WEIGHTS_NO_CONTINUOUS,
  WEIGHTS_WITH_CONTINUOUS,
} from './reference.js';
export type * from './types.js';

/** The reference's text report: 80 columns, values cut from the start, no time unit named. */
const REFERENCE_REPORT: ReportStyle = Object.freeze({
  centreMismatches: false,
  timeUnitInHeading: false,
  fitTerminal: false,
  markTolerance: false,
  showUnmeasured: false,
  statesWhy: false,
  namesCauses: false,
  differingRowsPastLimit: false,
  scoresKeepBounds: false,
});

/** envtrace's text report. */
const ENVTRACE_REPORT: ReportStyle = Object.freeze({
  centreMismatches: true,
  timeUnitInHeading: true,
  fitTerminal: true,
  markTolerance: true,
  showUnmeasured: true,
  statesWhy: true,
  namesCauses: true,
  differingRowsPastLimit: true,
  scoresKeepBounds: true,
});

/**
 * Apply fixes (in order) on top of the reference's members. The report style is the reference's
 * for `mode: "reference"`, envtrace's otherwise.
 */
export function applyFixes(
  mode: Mode,
  fixes: readonly Fix[],
  report: ReportStyle = mode === 'reference' ? REFERENCE_REPORT : ENVTRACE_REPORT,
): ScoringPolicy {
  const members: Record<string, unknown> = { ...REFERENCE_MEMBERS };
  for (const fix of fixes) Object.assign(members, fix.overrides);
  return Object.freeze({
    ...(members as unknown as PolicyMembers),
    mode,
    report,
    fixes: Object.freeze([...fixes]),
  });
}

/** The reference's behaviour, bugs included. */
export const REFERENCE_POLICY: ScoringPolicy = applyFixes('reference', []);

/** envtrace's default: the reference + every fix of `FIXES`. */
export const DEFAULT_POLICY: ScoringPolicy = applyFixes('default', FIXES);

/**
 * The policy of a mode (`"default"` when not given). Called where a mode enters as a name (an
 * options object or config document, the options of a trace reader, a result's `mode`); below
 * that the policy object is passed down, never the name.
 */
export function policyFor(mode: Mode = 'default'): ScoringPolicy {
  return mode === 'reference' ? REFERENCE_POLICY : DEFAULT_POLICY;
}
