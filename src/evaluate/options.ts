/**
 * Validation of `evaluate()` options, whether they come from code or from a parsed config
 * file (`src/config/`). Strict: an unknown key, a wrong type or a non-finite number is a
 * `ConfigError` naming the file (if any) and the path inside the document; nothing falls back
 * to a default silently.
 *
 * The schema is derived from the registries: comparator specs from `compare/registry.ts`, aligner
 * specs from `align/registry.ts`, the metrics' own keys (`timing`, `continuous_channels`,
 * `include_structure`) from `metrics/registry.ts`. Reference mode first coerces the options the way
 * the reference's `build_from_config` does (`./lenient.ts`), so it accepts what Python accepts.
 *
 * The returned object is a clean copy with `mode` filled in: comparator `type` and aligner names
 * are normalised to their canonical spelling, records keep their source key order (`KEY_ORDER`,
 * see `src/py/value.ts`), and user implementations (functions, `{name, compare}`,
 * `{name, align}`, `{name, compute}` objects) are passed through by reference.
 */

import { z } from 'zod';
import { didYouMeanText } from '../schema/suggest.js';
import { alignerNamesText, alignerPlugin } from '../align/registry.js';
import {
  COMPARATORS,
  comparatorNames,
  comparatorPlugin,
  comparatorTypesText,
} from '../compare/registry.js';
import { ConfigError, inputPath } from '../errors.js';
import { METRICS } from '../metrics/registry.js';
import { isMode, modeSchema, policyFor, type ScoringPolicy } from '../policy/index.js';
import { isObjectRecord, isPlainObject } from '../py/value.js';
import {
  custom,
  describeIssue,
  describeReceived,
  fn,
  forward,
  implementation,
  optionNumbers,
  PARSE,
  quoteForMessage,
  record,
  strict,
  type Issue,
  type OptionNumbers,
} from '../schema/helpers.js';
import { coerceReferenceOptions } from './lenient.js';
import { TIME_UNITS } from './timeUnit.js';
import type { EvaluateOptions, Mode } from './types.js';

export { canonicalComparatorType } from '../compare/registry.js';

/** Where the options came from; `mode` overrides the object's own `mode` key. */
export interface ValidateOptionsContext {
  /** File the options were read from, shown at the start of error messages. */
  readonly file?: string | undefined;
  /** Wins over the object's `mode` key. @default the object's `mode`, else `"default"` */
  readonly mode?: Mode | undefined;
}

/**
 * The config file that validated options (and their `decision` and `aggregation` sections) were
 * read from, so that a problem found only while scoring (a weight or required metric naming a
 * metric that is not computed) can name the file. The sections are registered too because callers
 * copy options shallowly (`{...options, mode}`): the sections are the objects those errors are about.
 */
const OPTIONS_FILES = new WeakMap<object, string>();

function sectionsOf(options: Record<string, unknown>): object[] {
  const out: object[] = [options];
  for (const key of ['decision', 'aggregation']) {
    const section = options[key];
    if (typeof section === 'object' && section !== null) out.push(section);
  }
  return out;
}

/** The config file `options` were read from, if known (`loadConfig`, or validated with a `file`). */
export function optionsFile(options: object): string | undefined {
  for (const o of sectionsOf(options as Record<string, unknown>)) {
    const file = OPTIONS_FILES.get(o);
    if (file !== undefined) return file;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Schemas, derived from the registries (comparators, aligners, metrics) and the policy's rules.

interface Schemas {
  readonly options: z.ZodType<Record<string, unknown>>;
}

/** `{type, …}`: canonicalise the type through the comparator registry, then the plug-in's schema. */
function comparatorSchema(numbers: OptionNumbers) {
  // One schema per comparator type: building (and compiling) a zod schema per spec made a config
  // with thousands of `by_channel` entries take minutes.
  const schemas = new Map<object, z.ZodType>();
  const schemaOf = (plugin: NonNullable<ReturnType<typeof comparatorPlugin>>): z.ZodType => {
    let schema = schemas.get(plugin);
    if (schema === undefined) schemas.set(plugin, (schema = plugin.schema(numbers) as z.ZodType));
    return schema;
  };
  return z.unknown().transform((input, ctx): unknown => {
    if (typeof input === 'function') return input;
    if (!isObjectRecord(input)) {
      custom(
        ctx,
        input,
        `expected a comparator: a spec {type: ${COMPARATORS.map((p) => p.name).join(' | ')}, …}, an object {name, compare} or a function (gt, pred) => boolean, received ${describeReceived(input)}`,
      );
      return z.NEVER;
    }
    if ('compare' in input) return implementation(input, 'compare', ctx);
    const type = input['type'];
    if (typeof type !== 'string') {
      custom(
        ctx,
        type,
        type === undefined
          ? `missing comparator type; valid types: ${comparatorTypesText()}`
          : `expected string (a comparator type), received ${describeReceived(type)}`,
        ['type'],
      );
      return z.NEVER;
    }
    const plugin = comparatorPlugin(type);
    if (plugin === undefined) {
      custom(
        ctx,
        type,
        `unknown comparator type ${quoteForMessage(type)}${didYouMeanText(type, comparatorNames())}; valid types: ${comparatorTypesText()}`,
        ['type'],
      );
      return z.NEVER;
    }
    const r = schemaOf(plugin).safeParse({ ...input, type: plugin.name }, PARSE);
    if (!r.success) {
      forward(ctx, r.error.issues, []);
      return z.NEVER;
    }
    return r.data;
  });
}

/** A registered aligner by name or `{name, …params}`, or a user `{name, align}` object. */
function alignerSchema(numbers: OptionNumbers) {
  return z.unknown().transform((input, ctx): unknown => {
    if (typeof input === 'string') {
      const plugin = alignerPlugin(input);
      if (plugin) return plugin.name;
      custom(
        ctx,
        input,
        `unknown aligner ${quoteForMessage(input)}; valid aligners: ${alignerNamesText()}`,
      );
      return z.NEVER;
    }
    if (!isObjectRecord(input)) {
      custom(
        ctx,
        input,
        `expected an aligner: one of ${alignerNamesText()}, a spec {name, …params} or an object {name, align}, received ${describeReceived(input)}`,
      );
      return z.NEVER;
    }
    if ('align' in input) return implementation(input, 'align', ctx);
    const name = input['name'];
    const plugin = typeof name === 'string' ? alignerPlugin(name) : undefined;
    if (plugin === undefined) {
      custom(
        ctx,
        name,
        typeof name === 'string'
          ? `unknown aligner ${quoteForMessage(name)}; valid aligners: ${alignerNamesText()}`
          : `expected one of ${alignerNamesText()}, received ${describeReceived(name)}`,
        ['name'],
      );
      return z.NEVER;
    }
    const r = plugin.schema(numbers).safeParse({ ...input, name: plugin.name }, PARSE);
    if (!r.success) {
      forward(ctx, r.error.issues, []);
      return z.NEVER;
    }
    return r.data;
  });
}

const metricSchema = z.unknown().transform((input, ctx): unknown => {
  if (!isObjectRecord(input)) {
    custom(ctx, input, `expected a metric {name, compute}, received ${describeReceived(input)}`);
    return z.NEVER;
  }
  return implementation(input, 'compute', ctx);
});

/**
 * Finite weights can still sum to Infinity (`{discrete: 1e308, timing: 1e308}`), which made
 * `full_score` Infinity and passed every `--min-score`: refused where the numbers are checked.
 */
function finiteWeightSum(weights: Record<string, number>, ctx: z.RefinementCtx): void {
  let sum = 0;
  for (const w of Object.values(weights)) sum += Math.abs(w);
  if (!Number.isFinite(sum))
    custom(
      ctx,
      weights,
      `the weights sum to more than the largest number (${Number.MAX_VALUE}); scale them down`,
    );
}

/** The options schema under one number rule (the policy's `optionNumbers`). */
function buildSchemas(rule: ScoringPolicy['optionNumbers']): Schemas {
  const n = optionNumbers(rule);
  const comparator = comparatorSchema(n);
  // Each built-in metric validates its own options key (timing, continuous_channels, include_structure).
  const metricOption = (key: string): z.ZodOptional<z.ZodType> => {
    const plugin = METRICS.find((p) => 'option' in p && p.option.key === key);
    if (!plugin || !('option' in plugin))
      throw new Error(`no built-in metric reads the options key ${key}`);
    return plugin.option.schema(n).optional();
  };

  const options = strict({
    mode: modeSchema.optional(),
    aliases: record(z.string()).optional(),
    ignore_channels: z.array(z.string()).optional(),
    aligner: alignerSchema(n).optional(),
    comparators: strict({
      default: comparator.optional(),
      by_channel: record(comparator).optional(),
    }).optional(),
    abs_tol: n.nonNegative.optional(),
    timing: metricOption('timing'),
    continuous_channels: metricOption('continuous_channels'),
    aggregation: strict({
      weights: (n.checked ? record(n.any).superRefine(finiteWeightSum) : record(n.any)).optional(),
      formula: fn('function (scores) => number').optional(),
    }).optional(),
    decision: strict({
      require_discrete_exact: z.boolean().optional(),
      timing_metric_name: z.string().optional(),
      required_metrics: z.array(z.string()).optional(),
    }).optional(),
    include_structure: metricOption('include_structure'),
    use_continuous: z.boolean().optional(),
    metrics: z.array(metricSchema).optional(),
    continuous_metric: metricSchema.optional(),
    time_unit: z.enum(TIME_UNITS).optional(),
  });
  return { options: options };
}

/** The options schema per number rule, built on first use. */
const SCHEMAS = new Map<ScoringPolicy['optionNumbers'], Schemas>();

function schemasFor(policy: ScoringPolicy): Schemas {
  let schemas = SCHEMAS.get(policy.optionNumbers);
  if (schemas === undefined)
    SCHEMAS.set(policy.optionNumbers, (schemas = buildSchemas(policy.optionNumbers)));
  return schemas;
}

// ---------------------------------------------------------------------------------------------
// Messages

/** Throw one `ConfigError` carrying every issue (one shown inline, several one per line under a count). */
function throwIssues(issues: readonly Issue[], file: string | undefined): never {
  throw ConfigError.fromIssues(
    issues.map((issue) => ({ path: inputPath(issue.path), message: describeIssue(issue) })),
    file,
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * The policy a value that names a mode selects: `override` (`ctx.mode`, `--compat`) if given, else
 * the value's own `mode` key when it names a mode, else the default. The one place where a mode
 * named in options, in a config document or in a result becomes a `ScoringPolicy`.
 */
export function selectPolicy(value: unknown, override?: Mode): ScoringPolicy {
  const own = isObjectRecord(value) ? value['mode'] : undefined;
  return policyFor(override ?? (isMode(own) ? own : undefined));
}

/**
 * Options `validateOptions` returned, with the policy they were validated under. They are frozen,
 * so `evaluate()` takes them as they are instead of validating (and, in reference mode, coercing)
 * them again; a copy (`{...options}`) is validated like any other object.
 */
const RESOLVED = new WeakMap<object, ScoringPolicy>();

/** Options with the policy they select, validated once. */
export interface ResolvedOptions {
  readonly options: EvaluateOptions;
  readonly policy: ScoringPolicy;
}

/** How `resolveOptions` reads its input (internal: the config loader's). */
export interface ResolveContext {
  readonly file?: string | undefined;
  readonly policy: ScoringPolicy;
  /**
   * The input was already coerced like the reference's `build_from_config` (a reference-mode
   * config document, `./lenient.ts`): it is only validated.
   */
  readonly coerced?: boolean | undefined;
}

/**
 * The validated options and their policy: `options` as they are if `validateOptions` (or
 * `loadConfig`) returned them, else validated now.
 *
 * @throws ConfigError as `validateOptions`.
 */
export function resolveOptions(options: unknown): ResolvedOptions {
  if (typeof options === 'object' && options !== null) {
    const policy = RESOLVED.get(options);
    if (policy !== undefined) return { options, policy };
  }
  const input = options === undefined ? {} : options;
  return resolveWith(input, {
    file: isObjectRecord(input) ? optionsFile(input) : undefined,
    policy: selectPolicy(input),
  });
}

/**
 * Validate an options object (from code or a parsed config file) and return a clean, frozen copy
 * with `mode` filled in (`ctx.mode`, else the object's `mode`, else `"default"`). `evaluate()`
 * takes the returned object without validating it again.
 *
 * @throws ConfigError naming `ctx.file` and the path of each problem.
 */
export function validateOptions(
  input: unknown,
  given: ValidateOptionsContext = {},
): EvaluateOptions {
  if (input === undefined) input = {};
  return validateWith(input, {
    file: given.file ?? (isObjectRecord(input) ? optionsFile(input) : undefined),
    policy: selectPolicy(input, given.mode),
  });
}

/** `validateOptions` under a chosen policy (the config loader has chosen it from the document). */
export function validateWith(input: unknown, ctx: ResolveContext): EvaluateOptions {
  return resolveWith(input, ctx).options;
}

function resolveWith(input: unknown, ctx: ResolveContext): ResolvedOptions {
  const { file, policy } = ctx;
  if (!isPlainObject(input)) {
    throw new ConfigError(
      `expected the options to be an object, received ${describeReceived(input)}`,
      { file },
    );
  }
  // B6: the reference coerces loose values (a missing comparator type, strings for numbers, …).
  if (policy.configCoercion === 'python' && ctx.coerced !== true)
    input = coerceReferenceOptions(input, file);
  const r = schemasFor(policy).options.safeParse(input, PARSE);
  if (!r.success) throwIssues(r.error.issues, file);
  const out: Record<string, unknown> = { mode: policy.mode };
  for (const [key, value] of Object.entries(r.data))
    if (key !== 'mode' && value !== undefined) out[key] = value;
  if (file !== undefined) for (const o of sectionsOf(out)) OPTIONS_FILES.set(o, file);
  Object.freeze(out);
  RESOLVED.set(out, policy);
  return { options: out, policy };
}
