/**
 * Turning matcher arguments into engine inputs: received/golden traces (a `Trace`, `{events}`,
 * an array of events, or a trace file path), a list of goldens (best-of), and the matcher
 * config (the config-file shape, or a config file path, plus `minScore`/`requireAccuracy`).
 * Misuse throws (`TypeError`, `TraceError`, `ConfigError`): it is never a failed assertion.
 */
import * as path from 'node:path';
import { ConfigError, TraceError, loadConfigSync, loadTraceSync, parseTrace, validateOptions } from '../src/index.js';
import type { EvaluateOptions, Mode, Trace } from '../src/index.js';
import type { GoldenSource } from '../src/transport/record.js';
import type { MatcherUtils } from './context.js';
import type { PassRule } from './message.js';

/** The second argument of the trace matchers. */
export type TraceMatcherConfig = EvaluateOptions & {
  /** Pass requires `full_score >= minScore` (in addition to accuracy unless `requireAccuracy: false`). */
  readonly minScore?: number;
  /** Pass requires the evaluation's `accuracy`. @default true */
  readonly requireAccuracy?: boolean;
};

export interface ResolvedConfig {
  readonly options: EvaluateOptions;
  readonly rule: PassRule;
  readonly mode: Mode;
  /** The config file, when given as a path. */
  readonly file?: string;
}

const EXPECTED_TRACE = 'a Trace, an {events: [...]} object, an array of {channel, timestamp, value} events, or a trace file path';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Looks like one trace (not a list of traces). */
function isTraceShaped(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0 || v.every((e) => isObject(e) && !Array.isArray(e) && !('events' in e));
  return isObject(v) && Array.isArray(v['events']);
}

function typeErrorFor(utils: MatcherUtils, hint: string, label: string, value: unknown): TypeError {
  return new TypeError(`${hint}\n\n${label} must be ${EXPECTED_TRACE}.\n\n${utils.printWithType(label, value, (x) => utils.printReceived(x))}`);
}

export interface LoadedTrace {
  readonly trace: Trace;
  /** Absolute path when the trace was read from a file. */
  readonly file?: string;
}

/**
 * One trace from a matcher argument. `label` names the argument in errors (`received`, `golden`).
 * A path is resolved against the current working directory (the project root in both runners).
 */
export function loadTraceArg(utils: MatcherUtils, hint: string, label: string, value: unknown, mode: Mode): LoadedTrace {
  if (typeof value === 'string') {
    const file = path.resolve(value);
    return { trace: loadTraceSync(file, { mode }), file };
  }
  if (!isTraceShaped(value)) throw typeErrorFor(utils, hint, label, value);
  const doc = Array.isArray(value) ? { events: value } : { events: (value as { events: unknown }).events };
  try {
    return { trace: parseTrace(doc, { mode }) };
  } catch (e) {
    if (e instanceof TraceError) throw new TraceError(`${label}: ${e.message}`, {}, { cause: e });
    throw e;
  }
}

/** The golden argument: one trace, or a non-empty array of traces (best-of). */
export function loadGoldenArg(
  utils: MatcherUtils,
  hint: string,
  value: unknown,
  mode: Mode,
): { traces: Trace[]; source: GoldenSource } {
  const list: unknown[] = Array.isArray(value) && value.length > 0 && !isTraceShaped(value) ? value : [value];
  const traces: Trace[] = [];
  const paths: string[] = [];
  list.forEach((item, i) => {
    const label = list.length > 1 ? `golden[${i}]` : 'golden';
    const loaded = loadTraceArg(utils, hint, label, item, mode);
    traces.push(loaded.trace);
    if (loaded.file !== undefined) paths.push(path.relative(process.cwd(), loaded.file) || loaded.file);
  });
  const source: GoldenSource =
    paths.length > 0 ? { kind: 'file', paths, count: traces.length } : { kind: 'inline', count: traces.length };
  return { traces, source };
}

/** The matcher config: `undefined`, an options object (plus `minScore`/`requireAccuracy`), or a config file path. */
export function resolveConfig(value: unknown): ResolvedConfig {
  if (value === undefined) {
    const options = validateOptions({});
    return { options, rule: { requireAccuracy: true, minScore: undefined }, mode: options.mode ?? 'default' };
  }
  if (typeof value === 'string') {
    const file = path.resolve(value);
    const options = loadConfigSync(file);
    return { options, rule: { requireAccuracy: true, minScore: undefined }, mode: options.mode ?? 'default', file };
  }
  if (!isObject(value) || Array.isArray(value)) {
    throw new ConfigError(
      `expected the matcher config to be an options object (config-file shape plus minScore/requireAccuracy) or a config file path, received ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      { path: 'config' },
    );
  }
  const { minScore, requireAccuracy, ...rest } = value;
  if (minScore !== undefined && (typeof minScore !== 'number' || !Number.isFinite(minScore))) {
    throw new ConfigError(`expected a finite number, received ${typeof minScore === 'number' ? String(minScore) : typeof minScore}`, { path: 'minScore' });
  }
  if (requireAccuracy !== undefined && typeof requireAccuracy !== 'boolean') {
    throw new ConfigError(`expected a boolean, received ${typeof requireAccuracy}`, { path: 'requireAccuracy' });
  }
  if (requireAccuracy === false && minScore === undefined) {
    throw new ConfigError('requireAccuracy: false needs a minScore (otherwise every trace would pass)', { path: 'requireAccuracy' });
  }
  const options = validateOptions(rest);
  return {
    options,
    rule: { requireAccuracy: requireAccuracy ?? true, minScore: minScore as number | undefined },
    mode: options.mode ?? 'default',
  };
}
