/**
 * The one colour policy of envtrace's terminal output: the CLI, the run reporters and (where
 * the host's matcher utils do not already colour) the matchers all decide here whether to
 * emit ANSI colours, so `NO_COLOR`, `FORCE_COLOR`, a terminal and `CI` mean the same thing
 * everywhere. The rules (first match wins):
 *
 * 1. an explicit choice (`--color`/`--no-color`, a reporter's `colors` option);
 * 2. `NO_COLOR` set and non-empty → off (https://no-color.org);
 * 3. `FORCE_COLOR` set and non-empty → off for `0`/`false`, else on;
 * 4. stdout is a terminal and `TERM` is not `dumb` → on;
 * 5. `CI` set and not `0`/`false` (CI logs render ANSI colours) → on;
 * 6. otherwise off.
 *
 * Pure: the environment and the TTY flag are passed in ({@link processColorContext} reads
 * them from the process).
 */
import pc from 'picocolors';

/** A picocolors palette (`createColors(enabled)`); with colours off every function is the identity. */
export type Colors = ReturnType<typeof pc.createColors>;

/** What the colour decision reads. */
export interface ColorContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether the output stream is a terminal. */
  readonly isTTY: boolean;
}

function falsy(v: string): boolean {
  return v === '0' || v.toLowerCase() === 'false';
}

/**
 * Whether to colour output, by the rules in the module comment. `explicit` (a flag or option)
 * wins when it is a boolean.
 */
export function shouldUseColors(explicit: boolean | undefined, ctx: ColorContext): boolean {
  if (explicit !== undefined) return explicit;
  const { env } = ctx;
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return !falsy(force);
  if (ctx.isTTY && env['TERM'] !== 'dumb') return true;
  const ci = env['CI'];
  return ci !== undefined && ci !== '' && !falsy(ci);
}

/** A palette with colours on or off (no decision: for callers that were told). */
export function palette(enabled: boolean): Colors {
  return pc.createColors(enabled);
}

/** A palette for the decision of {@link shouldUseColors}. */
export function terminalColors(explicit: boolean | undefined, ctx: ColorContext): Colors {
  return palette(shouldUseColors(explicit, ctx));
}

/** The colour context of this process's stdout (or another stream). */
export function processColorContext(
  stream: { readonly isTTY?: boolean } = process.stdout,
): ColorContext {
  return { env: process.env, isTTY: stream.isTTY === true };
}
