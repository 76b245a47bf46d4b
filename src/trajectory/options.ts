/**
 * The options of `matchTrajectory` and `toFollowTrajectory`: one schema for their keys and their
 * enumerations (`mode`, `turns`) and how they combine. The argument rules (`args`, `toolArgs`)
 * are checked where they are compiled (`argsPredicate`, args.ts), with the option's path.
 */
import { z } from 'zod';
import { ConfigError, inputPath, type InputIssue } from '../errors.js';

/** The trajectory modes (see `TrajectoryMode`). */
export const TRAJECTORY_MODES = ['strict', 'unordered', 'subset', 'superset'] as const;

/** The turn rules of strict mode (see `TrajectoryTurns`). */
export const TRAJECTORY_TURNS = ['any', 'exact'] as const;

const matchShape = {
  mode: z
    .enum(TRAJECTORY_MODES, {
      error: (i) =>
        `unknown trajectory mode ${JSON.stringify(i.input)} (expected ${TRAJECTORY_MODES.join(', ')})`,
    })
    .optional(),
  turns: z
    .enum(TRAJECTORY_TURNS, {
      error: (i) =>
        `unknown turns rule ${JSON.stringify(i.input)} (expected ${TRAJECTORY_TURNS.join(', ')})`,
    })
    .optional(),
  args: z.unknown().optional(),
  toolArgs: z.unknown().optional(),
};

function turnsNeedStrict(
  o: { mode?: string | undefined; turns?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (o.turns === 'exact' && (o.mode ?? 'strict') !== 'strict')
    ctx.addIssue({
      code: 'custom',
      path: ['turns'],
      message: `turns "exact" applies to strict mode only (mode ${o.mode} ignores the order, so turns too)`,
    });
}

const matchSchema = z.strictObject(matchShape).superRefine(turnsNeedStrict);
const followSchema = z
  .strictObject({ ...matchShape, distance: z.unknown().optional() })
  .superRefine(turnsNeedStrict);

/** The keys of `toFollowTrajectory`'s options, in the order messages list them. */
export const FOLLOW_OPTION_KEYS: readonly string[] = [...Object.keys(matchShape), 'distance'];

/**
 * Check trajectory options (`matchTrajectory` without `distance`, the matcher with it): a
 * `ConfigError` at the key (under `prefix`) for an unknown key, an unknown mode or turns rule, or
 * `turns: "exact"` outside strict mode.
 */
export function checkTrajectoryOptions(
  value: unknown,
  kind: 'match' | 'follow',
  prefix: readonly PropertyKey[] = [],
): void {
  const r = (kind === 'match' ? matchSchema : followSchema).safeParse(value);
  if (r.success) return;
  const keys = kind === 'match' ? Object.keys(matchShape) : FOLLOW_OPTION_KEYS;
  const issues: InputIssue[] = r.error.issues.flatMap((issue): InputIssue[] => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((k) => ({
        path: inputPath([...prefix, ...issue.path, k]),
        message:
          kind === 'match' && k === 'distance' && issue.path.length === 0
            ? `unknown option "distance": matchTrajectory gives the verdict only; compute the distance with trajectoryDistance(reference, calls, distance) (expected ${keys.join(', ')})`
            : `unknown option ${JSON.stringify(k)} (expected ${keys.join(', ')})`,
      }));
    if (issue.path.length === 0 && issue.code === 'invalid_type')
      return [
        {
          path: inputPath(prefix),
          message: `expected the trajectory options to be an object {${keys.join(', ')}}`,
        },
      ];
    return [{ path: inputPath([...prefix, ...issue.path]), message: issue.message }];
  });
  throw ConfigError.fromIssues(issues, undefined);
}
