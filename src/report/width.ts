/**
 * How wide the human-facing reports are (the CLI text report in default mode and the matcher
 * failure messages): an explicit width wins, then `ENVTRACE_WIDTH`, then the terminal's columns,
 * then 100 in CI (logs are read in wide browser panes) or 80. Pure: the caller passes the
 * environment and the terminal's column count.
 */

/** Narrowest layout: below this the columns cannot show a channel and a value side by side. */
export const MIN_REPORT_WIDTH = 40;
/** Widest layout: a line longer than this is hard to read even on a wide screen. */
export const MAX_REPORT_WIDTH = 240;
/** Width without a terminal (piped output, test workers) outside CI. */
export const FALLBACK_WIDTH = 80;
/** Width without a terminal in CI. */
export const CI_WIDTH = 100;

export interface WidthSources {
  /** An explicit width (`--width`, an option): wins over everything else. */
  readonly width?: number | undefined;
  /** The environment: `ENVTRACE_WIDTH` (an integer) and `CI`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The terminal's column count (`process.stdout.columns`), undefined when not a terminal. */
  readonly columns?: number | undefined;
}

function usable(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env['CI'];
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * The report width: an explicit width as given (at least MIN_REPORT_WIDTH), anything else clamped
 * to [MIN_REPORT_WIDTH, MAX_REPORT_WIDTH]. A malformed
 * `ENVTRACE_WIDTH` (not a positive integer) is ignored, not an error: it only sizes columns.
 */
export function reportWidth(src: WidthSources = {}): number {
  // An explicit width is taken as asked (only the floor applies).
  if (usable(src.width)) return Math.max(MIN_REPORT_WIDTH, Math.floor(src.width));
  const env = src.env ?? {};
  const fromEnv = /^\s*\d+\s*$/.test(env['ENVTRACE_WIDTH'] ?? '')
    ? Number(env['ENVTRACE_WIDTH'])
    : undefined;
  const chosen = usable(fromEnv)
    ? fromEnv
    : usable(src.columns)
      ? src.columns
      : isCi(env)
        ? CI_WIDTH
        : FALLBACK_WIDTH;
  return Math.max(MIN_REPORT_WIDTH, Math.min(MAX_REPORT_WIDTH, Math.floor(chosen)));
}
