/**
 * Shared by the fuzz tests (`test/fuzz/*.test.ts`, README "Robustness"): how many runs, how a
 * failure is reported, and input mutators.
 *
 * - `ENVTRACE_FUZZ_RUNS` sets the runs per property (default {@link DEFAULT_RUNS}, sized so the
 *   whole fuzz suite takes well under a minute on two busy cores; CI may raise it).
 * - `ENVTRACE_FUZZ_SEED` (and `ENVTRACE_FUZZ_PATH`) replay a failure: fast-check prints both in
 *   the failure message (`{ seed: …, path: "…" }`), with the shrunk counterexample.
 */
import fc from 'fast-check';
import { expect, vi } from 'vitest';
import { EnvTraceError } from '../../src/errors.js';

// Deep enough stacks to tell where an escaped error came from (and to match KNOWN_DEFECTS).
Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 50);

/** Runs per property when `ENVTRACE_FUZZ_RUNS` is not set. */
export const DEFAULT_RUNS = 150;

function envInt(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n))
    throw new Error(`${name} must be an integer, got ${JSON.stringify(v)}`);
  return n;
}

/** Runs per property (see the module comment). */
export const FUZZ_RUNS = envInt('ENVTRACE_FUZZ_RUNS') ?? DEFAULT_RUNS;

// A longer run (CI's `ENVTRACE_FUZZ_RUNS=5000` pass) gets a proportionally longer per-test timeout
// than the unit project's 30 s, which is sized for the default run count.
if (FUZZ_RUNS > DEFAULT_RUNS)
  vi.setConfig({ testTimeout: Math.ceil((30_000 * FUZZ_RUNS) / DEFAULT_RUNS) });

/** `fc.assert` parameters: the run count, and the replay seed/path when given. */
export function fuzzParams(runs: number = FUZZ_RUNS): fc.Parameters<unknown> {
  const seed = envInt('ENVTRACE_FUZZ_SEED');
  const path = process.env['ENVTRACE_FUZZ_PATH'];
  return { numRuns: runs, ...(seed !== undefined ? { seed } : {}), ...(path ? { path } : {}) };
}

/**
 * Open defects in files other workstreams own, found by this fuzzing and reported to them: an
 * escaped error matching one of these is tolerated (so the suite stays green until the fix lands)
 * and everything else still fails. Each entry names the input that shows it. Remove an entry
 * when its fix is merged: the suite then checks the fix.
 */
export const KNOWN_DEFECTS: ReadonlyArray<{
  readonly id: string;
  readonly matches: (e: unknown) => boolean;
}> = [];

/**
 * Call `fn`; a thrown envtrace error (`EnvTraceError` and its subclasses: `TraceError`,
 * `ConfigError`, `ReferenceRaise`, the CLI's usage errors) is an accepted outcome, anything else
 * (a `TypeError`, a `RangeError` from a stack overflow, a thrown string) fails with its stack.
 * Returns the error, or `undefined` when `fn` returned.
 */
export function onlyTypedErrors(fn: () => unknown): EnvTraceError | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (e instanceof EnvTraceError) return e;
    if (KNOWN_DEFECTS.some((d) => d.matches(e))) return undefined;
    const detail =
      e instanceof Error
        ? (e.stack ?? `${e.name}: ${e.message}`)
        : `a thrown ${typeof e}: ${String(e)}`;
    throw new Error(`not an envtrace error escaped:\n${detail}`, { cause: e });
  }
}

/** `onlyTypedErrors`, and the message of a typed error is one readable line set (no raw stack). */
export function expectOnlyTypedErrors(fn: () => unknown): void {
  const e = onlyTypedErrors(fn);
  if (e) expect(e.message).not.toMatch(/^\s+at /m);
}

/** One edit of a text: delete, insert, duplicate or replace a slice, or cut the end off. */
type Edit =
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'duplicate'; at: number; len: number }
  | { kind: 'replace'; at: number; text: string }
  | { kind: 'truncate'; at: number };

/** Characters that matter to the parsers, so insertions hit structure more often than letters would. */
const SPECIAL = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '\n',
  '\r\n',
  '\\',
  '-',
  '.',
  'e',
  '0',
  '1e400',
  'NaN',
  'null',
  '\u0000',
  '\ufeff',
  '\u001b[31m',
  '\ud800',
  '#',
  "'",
  '\t',
  '  ',
  '&a',
  '*a',
  '!!',
  '---',
  '|',
  '>',
  // Issue 26's input families: a fraction past the 30-digit cap, sums that overflow (costs and
  // weights), invisible characters, a repeated key, a run of aliases.
  `.${'1'.repeat(40)}`,
  '1.79e308',
  '1e300',
  '\u034f',
  '\ufe0f',
  '\u{e0100}',
  '\u2800',
  ', "channel": "x"',
  ', "events": []',
  '*a, *a, *a, *a',
];

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 16 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 6, unit: 'binary' })),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 64 }),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    text: fc.constantFrom(...SPECIAL),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function apply(text: string, e: Edit): string {
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  switch (e.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.len);
    case 'insert':
      return text.slice(0, at) + e.text + text.slice(at);
    case 'duplicate':
      return text.slice(0, at + e.len) + text.slice(at, at + e.len) + text.slice(at + e.len);
    case 'replace':
      return text.slice(0, at) + e.text + text.slice(at + e.text.length);
    case 'truncate':
      return text.slice(0, at);
  }
}

/** A valid document from `seeds`, with 1–8 random edits (mostly still close to valid, so deep code paths run). */
export function mutated(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(editArb, { minLength: 1, maxLength: 8 }))
    .map(([seed, edits]) => edits.reduce(apply, seed));
}

/** Any text: arbitrary code points (lone surrogates included), JSON of any shape, or a mutated seed. */
export function anyText(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: mutated(seeds), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
    { arbitrary: fc.json({ maxDepth: 4 }), weight: 1 },
    {
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((v) => `${JSON.stringify(v)}\n${JSON.stringify(v)}\n`),
      weight: 1,
    },
  );
}
