/**
 * zod building blocks shared by every schema of user input (options, config, plug-in parameters):
 * strict objects that list the allowed keys, records that keep their source key order, the
 * number rules of each mode, and safe display of untrusted values in messages. Layer 0: imports
 * only zod, `errors`, `io/terminal` and `py/value`.
 */
import { z } from 'zod';
import { didYouMean } from './suggest.js';
import { formatPath } from '../errors.js';
import { escapeForTerminal } from '../io/terminal.js';
import { isPlainObject, orderedKeys, withKeyOrder } from '../py/value.js';

// ---------------------------------------------------------------------------------------------
// Showing untrusted values in messages

/** Escape what `JSON.stringify` leaves raw but a terminal may act on (C1 controls, bidi marks): the one shared escaper. */
export function escapeExtra(text: string): string {
  return escapeForTerminal(text);
}

/** Text that may hold user input, made safe for a terminal (the shared escaper of `src/io/terminal.ts`). */
export function escapeForMessage(text: string): string {
  return escapeForTerminal(text);
}

/** A user-supplied string, quoted and escaped for display (long ones shortened). */
export function quoteForMessage(s: string): string {
  const cut = s.length > 80 ? `${s.slice(0, 77)}…` : s;
  return escapeExtra(JSON.stringify(cut));
}

export { describeReceived } from '../io/input.js';
import { describeReceived } from '../io/input.js';

export function pathText(path: readonly PropertyKey[]): string {
  return escapeExtra(formatPath(path));
}

// ---------------------------------------------------------------------------------------------
// Schemas

export type Issue = z.core.$ZodIssue;
export type RefineCtx = z.core.$RefinementCtx;
export type AnyFunction = (...args: never[]) => unknown;

export const PARSE = { reportInput: true } as const;

export function forward(
  ctx: RefineCtx,
  issues: readonly Issue[],
  prefix: readonly PropertyKey[],
): void {
  for (const issue of issues) ctx.addIssue({ ...issue, path: [...prefix, ...issue.path] });
}

export function custom(
  ctx: RefineCtx,
  input: unknown,
  message: string,
  path: PropertyKey[] = [],
): void {
  ctx.addIssue({ code: 'custom', message, input, path });
}

/** A strict object whose unknown-key message lists the allowed keys. */
export function strict<S extends z.core.$ZodLooseShape>(shape: S) {
  const names = Object.keys(shape);
  const allowed = names.join(', ');
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code !== 'unrecognized_keys') return undefined;
      const keys = iss.keys.map(quoteForMessage).join(', ');
      const hints = iss.keys
        .map((k) => [k, didYouMean(k, names)] as const)
        .filter((x): x is readonly [string, string] => x[1] !== undefined)
        .map(([k, s]) => (iss.keys.length > 1 ? `"${s}" for ${quoteForMessage(k)}` : `"${s}"`));
      const hint = hints.length ? `; did you mean ${hints.join(', ')}?` : '';
      return `unknown key${iss.keys.length > 1 ? 's' : ''} ${keys}${hint} (allowed: ${allowed})`;
    },
  });
}

/** A string-keyed record copied in source key order (`KEY_ORDER` attached if JS order differs). */
export function record<T>(value: z.ZodType<T>) {
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

export function fn(what: string) {
  return z.custom<AnyFunction>((v) => typeof v === 'function', {
    error: (iss) => `expected ${what}, received ${describeReceived(iss.input)}`,
  });
}

/** `{name: string, [method]: function}` — a user implementation, passed through by reference. */
export function implementation<T>(v: Record<string, unknown>, method: string, ctx: RefineCtx): T {
  let ok = true;
  const check = (key: string, expected: 'string' | 'function') => {
    const value = v[key];
    if (typeof value === expected) return;
    const text =
      value === undefined
        ? `missing (expected ${expected})`
        : `expected ${expected}, received ${describeReceived(value)}`;
    custom(ctx, value, text, [key]);
    ok = false;
  };
  check('name', 'string');
  check(method, 'function');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by check()
  return ok ? (v as T) : z.NEVER;
}

/** Number schemas for option values under one of the policy's `optionNumbers` rules (S1). */
export interface OptionNumbers {
  /** Any number (finite when checked). */
  readonly any: z.ZodType<number>;
  /** `>= 0` (when checked). */
  readonly nonNegative: z.ZodType<number>;
  /** `> 0` (when checked). */
  readonly positive: z.ZodType<number>;
  /** In `[0, 1]` (when checked): a share or a coefficient of determination. */
  readonly unit: z.ZodType<number>;
  /** Whether ranges are checked (default mode) or any double passes (reference mode). */
  readonly checked: boolean;
}

/**
 * The number schemas of a rule: `"checked"` (default mode) requires finite numbers in range;
 * `"any-double"` (reference mode) takes any double the reference's `float()` yields (`inf`, a
 * negative tolerance: the reference fails later, if at all).
 */
export function optionNumbers(rule: 'checked' | 'any-double'): OptionNumbers {
  if (rule === 'checked') {
    const finite = z.number();
    return {
      any: finite,
      nonNegative: finite.min(0),
      positive: finite.gt(0),
      unit: finite.min(0).max(1),
      checked: true,
    };
  }
  const any = z.custom<number>((v) => typeof v === 'number', {
    error: (iss) => `expected number, received ${describeReceived(iss.input)}`,
  });
  return { any, nonNegative: any, positive: any, unit: any, checked: false };
}

/** The checked number schemas: the types of option values are inferred from these. */
export const CHECKED_NUMBERS: OptionNumbers = optionNumbers('checked');

/** One issue in words (without its path). */
export function describeIssue(issue: Issue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'number' && typeof input === 'number')
        return `expected a finite number, received ${describeReceived(input)}`;
      if (input === undefined) return `missing (expected ${issue.expected})`;
      return `expected ${issue.expected}, received ${describeReceived(input)}`;
    }
    case 'too_small':
      return `must be ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}, received ${typeof input === 'number' ? String(input) : describeReceived(input)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}, received ${typeof input === 'number' ? String(input) : describeReceived(input)}`;
    case 'invalid_value': {
      const valid = issue.values
        .map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v)))
        .join(', ');
      const got = typeof input === 'string' ? quoteForMessage(input) : describeReceived(input);
      return `expected one of ${valid}, received ${got}`;
    }
    case 'unrecognized_keys':
    case 'custom':
      return issue.message;
    default:
      return escapeExtra(issue.message);
  }
}
