/**
 * `expect(calls).toFollowTrajectory(reference, options?)`: an agent's tool calls follow the
 * reference trajectory (`matchTrajectory`: modes strict / unordered / subset / superset, argument
 * rules `args` / `toolArgs`). On failure the message lists the unmatched reference calls, the
 * unexpected calls, and the closest candidate of each, with what each returned when known. Every call publishes a record with its
 * trajectory verdict (and the weighted distance when `distance` is given) for the reporters.
 */
import * as path from 'node:path';
import {
  ConfigError,
  ENVTRACE_VERSION,
  matchTrajectory,
  trajectoryDistance,
} from '../src/index.js';
import { formatCall, formatValue, trajectoryIssues } from '../src/trajectory/index.js';
import {
  callArgumentDifferences,
  formatArgumentPath,
  type ArgumentDifference,
} from '../src/trajectory/differences.js';
import type {
  ClosestCandidate,
  FollowTrajectoryOptions,
  ToolCall,
  TrajectoryDistance,
  TrajectoryInput,
  TrajectoryIssue,
  TrajectoryMatch,
  TrajectoryMatchOptions,
} from '../src/index.js';
import { importFileSync } from '../src/import/read.js';
import type { ImportWarning } from '../src/import/warnings.js';
import {
  escapeForTerminal,
  firstDifference,
  truncate,
  truncateAround,
} from '../src/report/escape.js';
import { diagnosisPredicate } from '../src/trajectory/match.js';
import { FOLLOW_OPTION_KEYS, checkTrajectoryOptions } from '../src/trajectory/options.js';
import { buildTrajectoryRecord } from '../src/transport/buildRecord.js';
import type { GoldenSource } from '../src/transport/record.js';
import { matchVerdict } from '../src/transport/trajectory.js';
import { beginCall, locationOf } from './call.js';
import type { MatcherContext, MatcherUtils } from './context.js';
import { publishRecord } from './publish.js';
import { withImportWarnings, type SyncMatcherResult } from './toMatchTraceBehavior.js';

export const MATCHER_NAME = 'toFollowTrajectory';

/** Calls listed per section before "… N more". */
const MAX_LISTED = 10;
const MAX_CALL_WIDTH = 120;
/** Differing arguments named per pair before "and N more", and the width of each value. */
const MAX_DIFFERENCES = 3;
const DIFFERENCE_WIDTH = 40;
/** The options object: a plain object of `FOLLOW_OPTION_KEYS`, checked by the one schema. */
function resolveOptions(value: unknown): FollowTrajectoryOptions {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(
      `expected the trajectory options to be an object {${FOLLOW_OPTION_KEYS.join(', ')}}, received ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      { path: ['options'] },
    );
  }
  checkTrajectoryOptions(value, 'follow', ['options']);
  const distance = (value as FollowTrajectoryOptions).distance;
  if (
    distance !== undefined &&
    // Options come from JS callers too: the declared type is not a guarantee.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- runtime check
    (typeof distance !== 'object' || distance === null || Array.isArray(distance))
  ) {
    throw new ConfigError('expected an object {scheme, weights, canonicalize}', {
      path: ['options', 'distance'],
    });
  }
  return value;
}

interface Outcome {
  readonly match: TrajectoryMatch;
  readonly distance: TrajectoryDistance | undefined;
}

function run(
  utils: MatcherUtils,
  hint: string,
  received: unknown,
  reference: unknown,
  options: FollowTrajectoryOptions,
): Outcome {
  try {
    const { distance: wanted, ...matchOptions } = options;
    const match = matchTrajectory(
      reference as TrajectoryInput,
      received as TrajectoryInput,
      matchOptions,
    );
    // The match has validated both inputs; the distance reads them again (cheap next to a test).
    const distance =
      wanted === undefined
        ? undefined
        : trajectoryDistance(reference as TrajectoryInput, received as TrajectoryInput, wanted);
    return { match, distance };
  } catch (e) {
    // Only the input-shape errors of toolCalls() get the hint; a TypeError from a user's `args`
    // predicate propagates unchanged.
    const shape = e instanceof TypeError ? /^(reference|calls) must be /.exec(e.message) : null;
    if (!shape) throw e;
    const label = shape[1] as 'reference' | 'calls';
    const value = label === 'reference' ? reference : received;
    throw new TypeError(
      `${hint}\n\n${(e as TypeError).message}.\n\n${utils.printWithType(label, value, (x) => utils.printReceived(x))}`,
      { cause: e },
    );
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeArgs(options: TrajectoryMatchOptions): string {
  const a = options.args ?? 'exact';
  const text =
    typeof a === 'function'
      ? 'a custom predicate'
      : Array.isArray(a)
        ? `only ${a.join(', ')}`
        : String(a);
  const per = options.toolArgs ? Object.keys(options.toolArgs) : [];
  const turns = options.turns === 'exact' ? ', turns exact' : '';
  return `args ${text}${per.length > 0 ? `; per tool: ${per.join(', ')}` : ''}${turns}`;
}

const REASON: Record<ClosestCandidate['reason'], string> = {
  arguments: 'other arguments',
  tool: 'another tool',
  paired: 'matches, but is paired with another call',
  order: 'matches, but out of order',
};

function show(call: ToolCall): string {
  return escapeForTerminal(truncate(formatCall(call), MAX_CALL_WIDTH));
}

/**
 * The continuation lines saying what `call` returned (`    returned: "no rooms left"`, or
 * `    returned an error: "bad tz"` for a failed call; `label` before `returned` for the closest
 * candidate), and why its arguments did not parse, when they did not; rendered, cut and escaped
 * like the call: results come from the code under test. None when there is nothing to say.
 */
function returned(call: ToolCall, label: string, color: (s: string) => string): string[] {
  const out: string[] = [];
  if (call.argumentsError !== undefined)
    out.push(
      `    ${label}arguments are not valid JSON: ${escapeForTerminal(truncate(call.argumentsError, MAX_CALL_WIDTH))}`,
    );
  const verb = call.resultStatus === 'error' ? 'returned an error' : 'returned';
  if ('result' in call)
    out.push(
      `    ${label}${verb}: ${color(escapeForTerminal(truncate(formatValue(call.result), MAX_CALL_WIDTH)))}`,
    );
  else if (call.resultStatus === 'error') out.push(`    ${label}${verb}`);
  return out;
}

/** `path: "b" ≠ "a"` (reference first), long values cut around where they differ. */
function differenceText(d: ArgumentDifference): string {
  const where = formatArgumentPath(d.path);
  if (d.kind === 'missing')
    return `${where}: ${truncate(formatValue(d.reference), DIFFERENCE_WIDTH)} ≠ (missing)`;
  if (d.kind === 'extra')
    return `${where}: (missing) ≠ ${truncate(formatValue(d.call), DIFFERENCE_WIDTH)}`;
  const r = formatValue(d.reference);
  const c = formatValue(d.call);
  const at = firstDifference(r, c);
  return `${where}: ${truncateAround(r, DIFFERENCE_WIDTH, at)} ≠ ${truncateAround(c, DIFFERENCE_WIDTH, at)}`;
}

/**
 * The continuation line naming the arguments that failed the rule between a reference call and
 * a call of the same tool (`    arguments (reference ≠ call): path: "/tmp/b.txt" ≠ "/tmp/a.txt"`),
 * escaped: values come from the code under test. None when nothing differs by the rule.
 */
function differenceLines(
  reference: ToolCall,
  call: ToolCall,
  options: TrajectoryMatchOptions,
): string[] {
  const diff = callArgumentDifferences(reference, call, options, MAX_DIFFERENCES);
  // Arguments that did not parse differ as a whole: the not-valid-JSON line says why.
  if (diff === undefined) return [];
  const more = diff.count > diff.list.length ? `; and ${diff.count - diff.list.length} more` : '';
  const listed = diff.list.map(differenceText).join('; ') + more;
  if (diff.by === 'predicate')
    return [
      escapeForTerminal(
        diff.count === 0
          ? '    rejected by the args predicate (the arguments are deeply equal)'
          : `    rejected by the args predicate; by deep equality (reference ≠ call): ${listed}`,
      ),
    ];
  if (diff.count === 0) return [];
  return [escapeForTerminal(`    arguments (reference ≠ call): ${listed}`)];
}

function section(
  utils: MatcherUtils,
  title: string,
  calls: readonly TrajectoryIssue[],
  total: number,
  line: (c: TrajectoryIssue) => string,
): string[] {
  if (total === 0) return [];
  const out = [`${title}:`];
  for (const c of calls) out.push(line(c));
  if (total > calls.length) out.push(utils.DIM_COLOR(`  … ${total - calls.length} more`));
  return out;
}

/** ` Distance 2 of 8 (in_order, score 0.75).` when a distance was computed. */
function distanceText(d: TrajectoryDistance | undefined): string {
  if (d === undefined) return '';
  const n = (x: number): string =>
    Number.isInteger(x) ? String(x) : x.toFixed(4).replace(/0+$/, '');
  return ` Distance ${n(d.distance)} of ${n(d.max)} (${d.scheme}, score ${d.score.toFixed(4)}).`;
}

function failureText(
  utils: MatcherUtils,
  hint: string,
  r: TrajectoryMatch,
  options: TrajectoryMatchOptions,
  d: TrajectoryDistance | undefined,
): string {
  const issues = trajectoryIssues(r, diagnosisPredicate(options), MAX_LISTED);
  const lines = [hint, '', followSentence(r, options, d, false, issues)];
  const missing = section(
    utils,
    'Unmatched reference calls',
    issues.missing,
    issues.missingCount,
    ({ call: c, closest: near }) => {
      const tail = near
        ? `  closest: calls[${near.call.index}] ${utils.RECEIVED_COLOR(show(near.call))} (${REASON[near.reason]})`
        : '  (no calls)';
      return [
        `  reference[${c.index}] ${utils.EXPECTED_COLOR(show(c))}${tail}`,
        ...(near?.reason === 'arguments' ? differenceLines(c, near.call, options) : []),
        ...returned(c, '', utils.EXPECTED_COLOR),
        ...(near ? returned(near.call, 'closest ', utils.RECEIVED_COLOR) : []),
      ].join('\n');
    },
  );
  const extra = section(
    utils,
    'Unexpected calls',
    issues.extra,
    issues.extraCount,
    ({ call: c, closest: near }) => {
      const tail = near
        ? `  closest: reference[${near.call.index}] ${utils.EXPECTED_COLOR(show(near.call))} (${REASON[near.reason]})`
        : '  (empty reference)';
      return [
        `  calls[${c.index}] ${utils.RECEIVED_COLOR(show(c))}${tail}`,
        ...(near?.reason === 'arguments' ? differenceLines(near.call, c, options) : []),
        ...returned(c, '', utils.RECEIVED_COLOR),
        ...(near ? returned(near.call, 'closest ', utils.EXPECTED_COLOR) : []),
      ].join('\n');
    },
  );
  if (missing.length) lines.push('', ...missing);
  if (extra.length) lines.push('', ...extra);
  return lines.join('\n');
}

/**
 * The verdict sentence of a failed call: the line after the hint in its message, also kept in
 * the call's run-report record (`failure`).
 */
function followSentence(
  r: TrajectoryMatch,
  options: TrajectoryMatchOptions,
  d: TrajectoryDistance | undefined,
  isNot: boolean,
  issues = trajectoryIssues(r, diagnosisPredicate(options), MAX_LISTED),
): string {
  if (isNot) {
    const extras =
      r.mode === 'superset' && r.unexpected.length
        ? ` (plus ${plural(r.unexpected.length, 'extra call')})`
        : '';
    return `Expected the calls not to follow the reference trajectory (mode ${r.mode}, ${describeArgs(options)}), but they do: ${r.matched.length} of ${plural(r.reference.length, 'reference call')} matched${extras}.${distanceText(d)}`;
  }
  const problems: string[] = [];
  if (issues.missingCount)
    problems.push(`${plural(issues.missingCount, 'reference call')} not matched`);
  if (issues.extraCount) problems.push(`${plural(issues.extraCount, 'unexpected call')}`);
  return `Expected the calls to follow the reference trajectory (mode ${r.mode}, ${describeArgs(options)}), but ${problems.join(' and ')}; ${r.matched.length} of ${plural(r.reference.length, 'reference call')} matched.${distanceText(d)}`;
}

function notText(
  hint: string,
  r: TrajectoryMatch,
  options: TrajectoryMatchOptions,
  d: TrajectoryDistance | undefined,
): string {
  return `${hint}\n\n${followSentence(r, options, d, true)}`;
}

/** Where the reference came from, for the record: a trace file (relative to the cwd) or inline. */
function referenceSource(reference: unknown): GoldenSource {
  if (typeof reference === 'string')
    return {
      kind: 'file',
      paths: [path.relative(process.cwd(), reference) || reference],
      count: 1,
    };
  return { kind: 'inline', count: 1 };
}

export function toFollowTrajectory(
  this: MatcherContext,
  received: unknown,
  reference: unknown,
  options?: unknown,
): SyncMatcherResult {
  const isNot = this.isNot === true;
  const utils = this.utils;
  const hint = utils.matcherHint(
    MATCHER_NAME,
    'calls',
    'reference',
    options === undefined ? { isNot } : { isNot, secondArgument: 'options' },
  );
  const call = beginCall(this);
  const opts = resolveOptions(options);
  const { match: result, distance } = run(utils, hint, received, reference, opts);
  const record = buildTrajectoryRecord(matchVerdict(result, opts, distance), {
    testPath: call.info.testPath,
    testName: call.info.testName,
    retry: call.info.retry,
    repeat: call.info.repeat,
    seq: call.state.seq++,
    pass: isNot ? !result.pass : result.pass,
    negated: isNot,
    config: opts,
    golden: referenceSource(reference),
    version: ENVTRACE_VERSION,
    ...(result.pass !== isNot
      ? {}
      : { failure: followSentence(result, opts, distance, isNot), ...locationOf(call) }),
  });
  publishRecord(record, call.info);
  return {
    pass: result.pass,
    message: () =>
      result.pass
        ? notText(hint, result, opts, distance)
        : withImportWarnings(
            failureText(utils, hint, result, opts, distance),
            fileWarnings([received, reference]),
          ),
  };
}

/**
 * The import warnings of the inputs given as trace file paths (read again: only a failure needs
 * them, and they say what the calls lost on the way in — arguments a producer left out, results
 * that answer no call).
 */
function fileWarnings(inputs: readonly unknown[]): ImportWarning[] {
  return inputs.flatMap((input) =>
    typeof input === 'string' ? [...importFileSync(input).warnings] : [],
  );
}
