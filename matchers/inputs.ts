/**
 * Turning matcher arguments into engine inputs: received/golden traces (a `Trace`, `{events}`,
 * an array of events, or a trace file path), a list of goldens (best-of), and the matcher
 * config (the config-file shape, or a config file path, plus `minScore`/`requireAccuracy`).
 * Shapes are checked with zod. Misuse throws envtrace's typed errors (`TraceError` for a
 * received/golden argument that is not a trace, `ConfigError` for the config): it is never a
 * failed assertion.
 */
import * as path from 'node:path';
import { z } from 'zod';
import { ConfigError, TraceError, loadConfigSync, parseTrace } from '../src/index.js';
import { importFileSync, validateOptions } from '../src/engine.js';
import type { EvaluateOptions, ImportWarning, Mode, Trace } from '../src/index.js';
import { describeReceived, expected, parseInput } from '../src/io/input.js';
import { didYouMean } from '../src/schema/suggest.js';
import { isObjectRecord, isPlainObject } from '../src/py/value.js';
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

const EXPECTED_TRACE =
  'a Trace, an {events: [...]} object, an array of {channel, timestamp, value} events, or a trace file path';

/** One event of an inline trace: an object that is not itself a trace document. */
const EventShape = z.custom<Record<string, unknown>>((e) => isObjectRecord(e) && !('events' in e));

/** What one trace argument may look like before it is parsed (a path is handled separately). */
const TraceShape = z.union([z.array(EventShape), z.looseObject({ events: z.array(z.unknown()) })]);

/** Looks like one trace (not a list of traces). */
function isTraceShaped(v: unknown): boolean {
  return TraceShape.safeParse(v).success;
}

function notATrace(utils: MatcherUtils, hint: string, label: string, value: unknown): TraceError {
  // The message names the argument itself, after the matcher hint.
  return new TraceError(
    `${hint}\n\n${label} must be ${EXPECTED_TRACE}.\n\n${utils.printWithType(label, value, (x) => utils.printReceived(x))}`,
    {},
    { named: true },
  ).labelled(label);
}

export interface LoadedTrace {
  readonly trace: Trace;
  /** Absolute path when the trace was read from a file. */
  readonly file?: string;
  /** What the importer skipped or doubted reading the file (empty for an inline trace). */
  readonly warnings: readonly ImportWarning[];
}

/**
 * One trace from a matcher argument. `label` names the argument in errors (`received`, `golden`).
 * A path is resolved against the current working directory (the project root in both runners).
 */
export function loadTraceArg(
  utils: MatcherUtils,
  hint: string,
  label: string,
  value: unknown,
  mode: Mode,
): LoadedTrace {
  if (typeof value === 'string' && value !== '') {
    const file = path.resolve(value);
    const imported = importFileSync(file, { mode });
    // Named as the record names golden paths: relative to the project root.
    const warnings = imported.warnings.map((w) =>
      w.file === undefined ? w : { ...w, file: path.relative(process.cwd(), w.file) || w.file },
    );
    return { trace: imported.trace, file, warnings };
  }
  if (!isTraceShaped(value)) throw notATrace(utils, hint, label, value);
  const doc = Array.isArray(value)
    ? { events: value }
    : { events: (value as { events: unknown }).events };
  try {
    return { trace: parseTrace(doc, { mode }), warnings: [] };
  } catch (e) {
    if (e instanceof TraceError) e.labelled(label);
    throw e;
  }
}

/** The golden argument: one trace, or a non-empty array of traces (best-of). */
export function loadGoldenArg(
  utils: MatcherUtils,
  hint: string,
  value: unknown,
  mode: Mode,
): {
  traces: Trace[];
  source: GoldenSource;
  warnings: ImportWarning[];
  /** Per trace, the file it was read from (relative to the project root), or undefined when inline. */
  files: (string | undefined)[];
} {
  const list: unknown[] =
    Array.isArray(value) && value.length > 0 && !isTraceShaped(value) ? value : [value];
  const traces: Trace[] = [];
  const paths: string[] = [];
  const warnings: ImportWarning[] = [];
  const files: (string | undefined)[] = [];
  list.forEach((item, i) => {
    const label = list.length > 1 ? `golden[${i}]` : 'golden';
    const loaded = loadTraceArg(utils, hint, label, item, mode);
    traces.push(loaded.trace);
    warnings.push(...loaded.warnings);
    const file =
      loaded.file === undefined
        ? undefined
        : path.relative(process.cwd(), loaded.file) || loaded.file;
    files.push(file);
    if (file !== undefined) paths.push(file);
  });
  const source: GoldenSource =
    paths.length > 0
      ? { kind: 'file', paths, count: traces.length }
      : { kind: 'inline', count: traces.length };
  return { traces, source, warnings, files };
}

const WHERE = 'envtrace matcher config';
/** The matcher's own config keys (the rest are evaluation options). */
const MATCHER_KEYS = ['minScore', 'requireAccuracy'] as const;

/** `minScore`/`requireAccuracy` of the matcher config; every other key is an evaluation option. */
const PassRuleSchema = z
  .looseObject({
    minScore: z.number(expected('a finite number')).optional(),
    requireAccuracy: z.boolean(expected('a boolean')).optional(),
  })
  .check((ctx) => {
    if (ctx.value.requireAccuracy === false && ctx.value.minScore === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['requireAccuracy'],
        message: 'false needs a minScore (otherwise every trace would pass)',
      });
    }
  });

/** The matcher config: `undefined`, an options object (plus `minScore`/`requireAccuracy`), or a config file path. */
export function resolveConfig(value: unknown): ResolvedConfig {
  if (value === undefined) {
    const options = validateOptions({});
    return {
      options,
      rule: { requireAccuracy: true, minScore: undefined },
      mode: options.mode ?? 'default',
    };
  }
  if (typeof value === 'string' && value !== '') {
    const file = path.resolve(value);
    const options = loadConfigSync(file);
    return {
      options,
      rule: { requireAccuracy: true, minScore: undefined },
      mode: options.mode ?? 'default',
      file,
    };
  }
  if (!isPlainObject(value)) {
    throw new ConfigError(
      `${WHERE}: expected an options object (config-file shape plus minScore/requireAccuracy) or a config file path, received ${describeReceived(value)}`,
    );
  }
  const { minScore, requireAccuracy, ...rest } = parseInput(PassRuleSchema, value, WHERE);
  // A misspelt matcher key (`minscore`) would otherwise be reported as an unknown option key.
  for (const key of Object.keys(rest)) {
    const hint = didYouMean(key, MATCHER_KEYS);
    if (hint !== undefined)
      throw new ConfigError(
        `${WHERE}: unknown key ${JSON.stringify(key)} (did you mean "${hint}"?)`,
        { path: [key] },
      );
  }
  const options = validateOptions(rest);
  return {
    options,
    rule: { requireAccuracy: requireAccuracy ?? true, minScore },
    mode: options.mode ?? 'default',
  };
}
