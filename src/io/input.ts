/**
 * Validating user input given in code (reporter options, matcher arguments) with zod, and
 * turning zod's issues into one envtrace `ConfigError` whose message names where the input
 * came from and the path of each problem:
 *
 *     envtrace-js/reporters/vitest options: minMeanScore: expected a number in [0, 1], received 2
 *
 * Schemas give their own wording with zod's `error` parameter (see {@link expected}); the
 * received value is appended here, escaped for the terminal.
 */
import type { z } from 'zod';
import { ConfigError, inputPath, type InputIssue } from '../errors.js';
import { isPlainObject, PyFloat } from '../py/value.js';
import { clipForMessage, escapeForTerminal } from './terminal.js';

/** A short, terminal-safe description of a received value: `2`, `"high"`, `an array`, `null`, `nothing` (missing). */
export function describeReceived(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string': {
      return escapeForTerminal(JSON.stringify(clipForMessage(v)));
    }
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default: {
      // A Python float read in reference mode is a number to the person reading the message.
      if (v instanceof PyFloat) return String(v.value);
      if (isPlainObject(v)) return 'an object';
      const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === 'string' && name !== ''
        ? `a ${escapeForTerminal(name)} object`
        : 'an object';
    }
  }
}

/** A zod `error` option with fixed wording, for schemas whose default messages are too generic. */
export function expected(text: string): { error: () => string } {
  return { error: () => `expected ${text}` };
}

type Issue = z.core.$ZodIssue;

/** One issue as `path: text, received X` (the path is empty for the whole input). */
function issueText(issue: Issue, root: unknown, known: readonly string[] | undefined): InputIssue {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => escapeForTerminal(JSON.stringify(k)));
    const hint = known && issue.path.length === 0 ? ` (known: ${known.join(', ')})` : '';
    return {
      path: inputPath(issue.path),
      message: `unknown option${keys.length > 1 ? 's' : ''} ${keys.join(', ')}${hint}`,
    };
  }
  // A refinement's message states the problem itself (the value is known from the path).
  if (issue.code === 'custom') return { path: inputPath(issue.path), message: issue.message };
  let value: unknown = root;
  for (const seg of issue.path)
    value =
      value === null || value === undefined
        ? undefined
        : (value as Record<PropertyKey, unknown>)[seg];
  return {
    path: inputPath(issue.path),
    message: `${issue.message}, received ${describeReceived(value)}`,
  };
}

/**
 * Parse `value` with `schema`; on failure throw a `ConfigError` prefixed with `where` naming
 * each problem's path (several problems: one per line). The error's `path` is the first
 * problem's path. Strict object schemas make unknown keys errors (`unknown option "x"`, with
 * the known top-level keys listed).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const shape = (schema as { shape?: unknown }).shape;
  const known = typeof shape === 'object' && shape !== null ? Object.keys(shape) : undefined;
  const issues = r.error.issues.map((i) => issueText(i, value, known));
  throw ConfigError.fromIssues(issues, undefined, { subject: '' }).labelled(where);
}
