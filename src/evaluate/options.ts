/**
 * Validation of `evaluate()` options, whether they come from code or from a parsed config
 * file (`src/config/`). Strict: an unknown key, a wrong type or a non-finite number is a
 * `ConfigError` naming the file (if any) and the path inside the document; nothing falls back
 * to a default silently.
 *
 * The returned object is a clean copy with `mode` filled in: comparator `type` names are
 * normalised to their canonical spelling, records keep their source key order (`KEY_ORDER`,
 * see `src/py/value.ts`), and user implementations (functions, `{name, compare}`,
 * `{name, align}`, `{name, compute}` objects) are passed through by reference.
 */

import { z } from 'zod';
import { ConfigError, formatPath } from '../errors.js';
import { escapeForTerminal } from '../io/terminal.js';
import { isObjectRecord, isPlainObject, orderedKeys, withKeyOrder } from '../py/value.js';
import type { EvaluateOptions, Mode } from './types.js';

/** Where the options came from; `mode` overrides the object's own `mode` key. */
export interface ValidateOptionsContext {
  /** File the options were read from, shown at the start of error messages. */
  readonly file?: string | undefined;
  /** Wins over the object's `mode` key. @default the object's `mode`, else `"default"` */
  readonly mode?: Mode | undefined;
}

/** Canonical comparator types and the aliases accepted for each (matched case-insensitively). */
export const COMPARATOR_TYPES = {
  exact: ['equals', 'eq'],
  numeric_tolerance: ['tolerance', 'tol'],
  always_true: ['any', 'ignore'],
  deep: [],
} as const satisfies Record<string, readonly string[]>;

export type ComparatorTypeName = keyof typeof COMPARATOR_TYPES;

const TYPE_BY_NAME: ReadonlyMap<string, ComparatorTypeName> = new Map(
  (Object.keys(COMPARATOR_TYPES) as ComparatorTypeName[]).flatMap((canon) => [
    [canon, canon] as const,
    ...COMPARATOR_TYPES[canon].map((alias) => [alias, canon] as const),
  ]),
);

/** The canonical name of a comparator type (`"EQ"` → `"exact"`), or `undefined` if unknown. */
export function canonicalComparatorType(type: string): ComparatorTypeName | undefined {
  return TYPE_BY_NAME.get(type.toLowerCase());
}

const VALID_TYPES_TEXT = (Object.keys(COMPARATOR_TYPES) as ComparatorTypeName[])
  .map((canon) => {
    const aliases = COMPARATOR_TYPES[canon] as readonly string[];
    return aliases.length ? `${canon} (or ${aliases.join(', ')})` : canon;
  })
  .join(', ');

// ---------------------------------------------------------------------------------------------
// Showing untrusted values in messages

/** Text that may hold user input, made safe for a terminal (the shared escaper of `src/io/terminal.ts`). */
export function escapeForMessage(text: string): string {
  return escapeForTerminal(text);
}

/** A user-supplied string, quoted and escaped for display (long ones shortened). */
export function quoteForMessage(s: string): string {
  const cut = s.length > 80 ? `${s.slice(0, 77)}…` : s;
  return escapeForTerminal(JSON.stringify(cut));
}

/** What kind of value was received, in words. */
function describeReceived(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'NaN';
    if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
    return 'number';
  }
  if (typeof v === 'object') return isPlainObject(v) ? 'object' : `${(v as object).constructor?.name ?? 'object'} object`;
  return typeof v;
}

function pathText(path: readonly PropertyKey[]): string {
  return escapeForTerminal(formatPath(path));
}

// ---------------------------------------------------------------------------------------------
// Schemas

type Issue = z.core.$ZodIssue;
type RefineCtx = z.core.$RefinementCtx;
type AnyFunction = (...args: never[]) => unknown;

const PARSE = { reportInput: true } as const;

function forward(ctx: RefineCtx, issues: readonly Issue[], prefix: readonly PropertyKey[]): void {
  for (const issue of issues) ctx.addIssue({ ...issue, path: [...prefix, ...issue.path] } as Parameters<RefineCtx['addIssue']>[0]);
}

function custom(ctx: RefineCtx, input: unknown, message: string, path: PropertyKey[] = []): void {
  ctx.addIssue({ code: 'custom', message, input, path });
}

/** A strict object whose unknown-key message lists the allowed keys. */
function strict<S extends z.core.$ZodLooseShape>(shape: S) {
  const allowed = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code !== 'unrecognized_keys') return undefined;
      const keys = iss.keys.map(quoteForMessage).join(', ');
      return `unknown key${iss.keys.length > 1 ? 's' : ''} ${keys} (allowed: ${allowed})`;
    },
  });
}

/** A string-keyed record copied in source key order (`KEY_ORDER` attached if JS order differs). */
function record<T>(value: z.ZodType<T>) {
  return z.unknown().transform((input, ctx): Record<string, T> => {
    if (!isPlainObject(input)) {
      custom(ctx, input, `expected object, received ${describeReceived(input)}`);
      return z.NEVER;
    }
    const keys = orderedKeys(input);
    const out: Record<string, T> = {};
    let ok = true;
    for (const key of keys) {
      if (key === '__proto__') {
        custom(ctx, input, 'the key "__proto__" is not allowed', [key]);
        ok = false;
        continue;
      }
      const r = value.safeParse(input[key], PARSE);
      if (r.success) out[key] = r.data;
      else {
        forward(ctx, r.error.issues, [key]);
        ok = false;
      }
    }
    if (!ok) return z.NEVER;
    const jsOrder = Object.keys(out);
    return jsOrder.every((k, i) => k === keys[i]) ? out : withKeyOrder(out, keys);
  });
}

function fn(what: string) {
  return z.custom<AnyFunction>((v) => typeof v === 'function', {
    error: (iss) => `expected ${what}, received ${describeReceived(iss.input)}`,
  });
}

/** `{name: string, [method]: function}` — a user implementation, passed through by reference. */
function implementation<T>(v: Record<string, unknown>, method: string, ctx: RefineCtx): T {
  let ok = true;
  const check = (key: string, expected: 'string' | 'function') => {
    const value = v[key];
    if (typeof value === expected) return;
    const text = value === undefined ? `missing (expected ${expected})` : `expected ${expected}, received ${describeReceived(value)}`;
    custom(ctx, value, text, [key]);
    ok = false;
  };
  check('name', 'string');
  check(method, 'function');
  return ok ? (v as T) : z.NEVER;
}

interface Schemas {
  readonly options: z.ZodType<Record<string, unknown>>;
}

function buildSchemas(mode: Mode): Schemas {
  const reference = mode === 'reference';
  /** Any finite number. */
  const finite = z.number();
  /**
   * A number the reference passes through Python `float()`: in reference mode any double
   * (`float("inf")`, a negative tolerance: the reference raises later, if at all).
   */
  const pyNum = (constrain: (n: z.ZodNumber) => z.ZodNumber) =>
    reference
      ? z.custom<number>((v) => typeof v === 'number', {
          error: (iss) => `expected number, received ${describeReceived(iss.input)}`,
        })
      : constrain(finite);
  const same = (n: z.ZodNumber) => n;
  const nonNegative = (n: z.ZodNumber) => n.min(0);
  const positive = (n: z.ZodNumber) => n.gt(0);

  const tolerance = { tol: pyNum(nonNegative).optional(), abs_tol: pyNum(nonNegative).optional() };
  const specSchemas = {
    exact: strict({ type: z.literal('exact') }),
    numeric_tolerance: strict({ type: z.literal('numeric_tolerance'), ...tolerance }),
    always_true: strict({ type: z.literal('always_true') }),
    deep: strict({ type: z.literal('deep'), ...tolerance, match: z.enum(['equal', 'subset', 'superset']).optional() }),
  } as const;

  const comparator = z.unknown().transform((input, ctx): unknown => {
    if (typeof input === 'function') return input;
    if (!isObjectRecord(input)) {
      custom(
        ctx,
        input,
        `expected a comparator: a spec {type, tol?, abs_tol?, match?}, an object {name, compare} or a function (gt, pred) => boolean, received ${describeReceived(input)}`,
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
          ? `missing comparator type; valid types: ${VALID_TYPES_TEXT}`
          : `expected string (a comparator type), received ${describeReceived(type)}`,
        ['type'],
      );
      return z.NEVER;
    }
    const canon = canonicalComparatorType(type);
    if (canon === undefined) {
      custom(ctx, type, `unknown comparator type ${quoteForMessage(type)}; valid types: ${VALID_TYPES_TEXT}`, ['type']);
      return z.NEVER;
    }
    const r = specSchemas[canon].safeParse({ ...input, type: canon }, PARSE);
    if (!r.success) {
      forward(ctx, r.error.issues, []);
      return z.NEVER;
    }
    return r.data;
  });

  // Needleman–Wunsch costs: finite, >= 0, match <= mismatch (defaults 0 and 2, see NwAlignerSpec).
  const cost = finite.min(0).optional();
  const nwGap = strict({ gap_open: cost, gap_extend: cost });
  const nwSpec = strict({
    name: z.literal('nw'),
    match: cost,
    mismatch: cost,
    gap_open: cost,
    gap_extend: cost,
    by_channel: record(nwGap).optional(),
  }).superRefine((spec, ctx) => {
    const match = spec.match ?? 0;
    const mismatch = spec.mismatch ?? 2;
    if (typeof match === 'number' && typeof mismatch === 'number' && match > mismatch) custom(ctx, spec.match, `must not exceed mismatch (${mismatch}), received ${match}`, ['match']);
  });
  const difflibSpec = strict({ name: z.literal('difflib') });
  const aligner = z.unknown().transform((input, ctx): unknown => {
    if (input === 'difflib' || input === 'nw') return input;
    if (typeof input === 'string') {
      custom(ctx, input, `unknown aligner ${quoteForMessage(input)}; valid aligners: "difflib", "nw"`);
      return z.NEVER;
    }
    if (!isObjectRecord(input)) {
      custom(
        ctx,
        input,
        `expected an aligner: "difflib", "nw", {name: "difflib"}, {name: "nw", …costs} or an object {name, align}, received ${describeReceived(input)}`,
      );
      return z.NEVER;
    }
    if ('align' in input) return implementation(input, 'align', ctx);
    const name = input['name'];
    if (name !== 'difflib' && name !== 'nw') {
      custom(
        ctx,
        name,
        typeof name === 'string'
          ? `unknown aligner ${quoteForMessage(name)}; valid aligners: "difflib", "nw"`
          : `expected "difflib" or "nw", received ${describeReceived(name)}`,
        ['name'],
      );
      return z.NEVER;
    }
    const r = (name === 'nw' ? nwSpec : difflibSpec).safeParse(input, PARSE);
    if (!r.success) {
      forward(ctx, r.error.issues, []);
      return z.NEVER;
    }
    return r.data;
  });

  const metric = z.unknown().transform((input, ctx): unknown => {
    if (!isObjectRecord(input)) {
      custom(ctx, input, `expected a metric {name, compute}, received ${describeReceived(input)}`);
      return z.NEVER;
    }
    return implementation(input, 'compute', ctx);
  });

  const options = strict({
    mode: z.enum(['default', 'reference']).optional(),
    aliases: record(z.string()).optional(),
    ignore_channels: z.array(z.string()).optional(),
    aligner: aligner.optional(),
    comparators: strict({ default: comparator.optional(), by_channel: record(comparator).optional() }).optional(),
    abs_tol: pyNum(nonNegative).optional(),
    timing: strict({
      r2_thresh: pyNum(same).optional(),
      slope_lo: pyNum(same).optional(),
      slope_hi: pyNum(same).optional(),
      dur_tol: pyNum(same).optional(),
      mape_tol: pyNum(same).optional(),
    }).optional(),
    continuous_channels: record(
      strict({
        mae_scale: pyNum(positive).optional(),
        final_scale: pyNum(positive).optional(),
        mae_thresh: pyNum(nonNegative).optional(),
        final_thresh: pyNum(nonNegative).optional(),
        weight: pyNum(nonNegative).optional(),
      }),
    ).optional(),
    aggregation: strict({ weights: record(pyNum(same)).optional(), formula: fn('function (scores) => number').optional() }).optional(),
    decision: strict({
      require_discrete_exact: z.boolean().optional(),
      timing_metric_name: z.string().optional(),
      required_metrics: z.array(z.string()).optional(),
    }).optional(),
    include_structure: z.boolean().optional(),
    use_continuous: z.boolean().optional(),
    metrics: z.array(metric).optional(),
    continuous_metric: metric.optional(),
  });
  return { options: options as unknown as z.ZodType<Record<string, unknown>> };
}

const SCHEMAS: Record<Mode, Schemas> = { default: buildSchemas('default'), reference: buildSchemas('reference') };

// ---------------------------------------------------------------------------------------------
// Messages

/** One issue in words (without its path). */
export function describeIssue(issue: Issue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'number' && typeof input === 'number') return `expected a finite number, received ${describeReceived(input)}`;
      if (input === undefined) return `missing (expected ${issue.expected})`;
      return `expected ${issue.expected}, received ${describeReceived(input)}`;
    }
    case 'too_small':
      return `must be ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}, received ${typeof input === 'number' ? String(input) : describeReceived(input)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}, received ${typeof input === 'number' ? String(input) : describeReceived(input)}`;
    case 'invalid_value': {
      const valid = issue.values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v))).join(', ');
      const got = typeof input === 'string' ? quoteForMessage(input) : describeReceived(input);
      return `expected one of ${valid}, received ${got}`;
    }
    case 'unrecognized_keys':
    case 'custom':
      return issue.message;
    default:
      return escapeForTerminal(issue.message);
  }
}

function issueLine(issue: Issue): { path: string; text: string } {
  return { path: pathText(issue.path), text: describeIssue(issue) };
}

/** Throw one `ConfigError` for all issues: one issue inline, several one per line under a count. */
function throwIssues(issues: readonly Issue[], file: string | undefined): never {
  const lines = issues.map(issueLine);
  const first = lines[0];
  if (lines.length === 1 && first) throw new ConfigError(first.text, { file, path: first.path || undefined });
  const body = lines.map((l) => `  ${l.path ? `${l.path}: ` : ''}${l.text}`).join('\n');
  throw new ConfigError(`${lines.length} problems in the options:\n${body}`, { file });
}

// ---------------------------------------------------------------------------------------------

/**
 * Validate an options object (from code or a parsed config file) and return a clean copy with
 * `mode` filled in (`ctx.mode`, else the object's `mode`, else `"default"`).
 *
 * @throws ConfigError naming `ctx.file` and the path of each problem.
 */
export function validateOptions(input: unknown, ctx: ValidateOptionsContext = {}): EvaluateOptions {
  if (input === undefined) input = {};
  let mode: Mode = ctx.mode ?? 'default';
  if (ctx.mode === undefined && isObjectRecord(input)) {
    const own = input['mode'];
    if (own === 'default' || own === 'reference') mode = own;
  }
  if (!isPlainObject(input)) {
    throw new ConfigError(`expected the options to be an object, received ${describeReceived(input)}`, { file: ctx.file });
  }
  const r = SCHEMAS[mode].options.safeParse(input, PARSE);
  if (!r.success) throwIssues(r.error.issues, ctx.file);
  const out: Record<string, unknown> = { mode };
  for (const [key, value] of Object.entries(r.data)) if (key !== 'mode' && value !== undefined) out[key] = value;
  return out as EvaluateOptions;
}
