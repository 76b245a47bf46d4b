/** Strict argument parsing for the commands (node:util parseArgs), with one-line usage errors. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { escapeForTerminal } from '../io/terminal.js';
import { shouldUseColors, terminalColors, type Colors } from '../report/colors.js';
import { importers, type ImportFormat } from '../import/registry.js';
import type { LoadTraceOptions } from '../import/read.js';
import {
  CSV_TIME_UNITS,
  DATE_ORDERS,
  type CsvColumns,
  type CsvTimeUnit,
  type DateOrder,
} from '../import/types.js';
import { isMode, MODES, type Mode } from '../policy/mode.js';
import { UsageError, type CliIO } from './types.js';

/** `string`: once at most; `strings`: repeatable; `boolean`: a flag. */
export type OptionKind = 'string' | 'strings' | 'boolean';

export type OptionSpec = Readonly<
  Record<string, OptionKind | { kind: OptionKind; short?: string }>
>;

export interface ParsedArgs {
  /** A `string` option's value, or undefined if absent. */
  string(name: string): string | undefined;
  /** A `string` option that must be present. */
  required(name: string): string;
  /** Every value of a `strings` option, in order. */
  strings(name: string): string[];
  /** Whether a flag was given. */
  flag(name: string): boolean;
  /**
   * A finite decimal number option (`--min-score 0.9`), or undefined. `opts` add to (and win
   * over) the option's entry in `NUMBER_OPTIONS`.
   */
  number(name: string, opts?: NumberRange): number | undefined;
  /** Positional arguments (only with `{positionals: true}`; otherwise a stray argument is an error). */
  readonly positionals: readonly string[];
}

/** What a number option accepts. */
export interface NumberRange {
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** Widest text report `--width` accepts (README "Limits"): a line a terminal or an editor can still show. */
export const MAX_WIDTH = 1000;

/**
 * The ranges of envtrace's number options, one table so that every command reads them alike.
 * Scores, rates and pass@k are shares in [0, 1]: a gate outside that range could never pass
 * (`--min-score 2`) or never fail (`--min-score -1`).
 */
export const NUMBER_OPTIONS: Readonly<Record<string, NumberRange>> = {
  'min-score': { min: 0, max: 1 },
  'min-mean-score': { min: 0, max: 1 },
  'min-pass-rate': { min: 0, max: 1 },
  'min-pass-at-k': { min: 0, max: 1 },
  width: { integer: true, min: 40, max: MAX_WIDTH },
};

/** A plain decimal number: `1`, `-0.5`, `.5`, `1e-3` (no hex/octal/binary, no `Infinity`, no `_`). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Parse `args` of `envtrace <command>` strictly; an unknown flag, a missing value or a stray argument is a `UsageError`. */
export function parseCommandArgs(
  command: string,
  args: readonly string[],
  spec: OptionSpec,
  opts: { positionals?: boolean } = {},
): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean'; multiple: boolean; short?: string }> =
    {};
  for (const [name, s] of Object.entries(spec)) {
    const kind = typeof s === 'string' ? s : s.kind;
    const short = typeof s === 'string' ? undefined : s.short;
    options[name] = {
      type: kind === 'boolean' ? 'boolean' : 'string',
      // Strings are collected as lists so a repeated single-value option is reported, not silently overwritten.
      multiple: kind !== 'boolean',
      ...(short !== undefined ? { short } : {}),
    };
  }
  // `--tolerance -1`: a value that looks like a negative number belongs to the option before it
  // (node's parseArgs would take it for an option), so the range check can say what is wrong.
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : undefined;
    if (
      name !== undefined &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-(\d|\.\d|Infinity)/.test(next)
    ) {
      joined.push(`${a}=${next}`);
      i++;
    } else joined.push(a);
  }
  let values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: joined,
      options,
      strict: true,
      allowPositionals: opts.positionals === true,
    }));
  } catch (e) {
    const given = (name: string) =>
      args.some((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    const traces = 'gt' in options && 'pred' in options && !(given('gt') && given('pred'));
    throw toUsageError(command, e, traces);
  }
  const list = (name: string): string[] => {
    const v = values[name];
    return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
  };
  const string = (name: string): string | undefined => {
    const all = list(name);
    if (all.length > 1)
      throw new UsageError(
        `--${name} given ${all.length} times; give it once (envtrace ${command})`,
      );
    return all[0];
  };
  return {
    positionals,
    string,
    required(name) {
      const v = string(name);
      if (v === undefined)
        throw new UsageError(`missing --${name} (run 'envtrace help ${command}' for usage)`);
      if (v === '') throw new UsageError(`--${name} needs a non-empty value`);
      return v;
    },
    strings: list,
    flag: (name) => values[name] === true,
    number(name, given = {}) {
      const opts: NumberRange = { ...NUMBER_OPTIONS[name], ...given };
      const raw = string(name);
      if (raw === undefined) return undefined;
      const n = DECIMAL.test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(n) || (opts.integer === true && !Number.isInteger(n))) {
        const what = opts.integer === true ? 'an integer' : 'a finite number';
        throw new UsageError(
          `--${name} must be ${what} written in decimal (like ${opts.integer === true ? '80' : '0.9'}), got ${escapeForTerminal(JSON.stringify(raw))}`,
        );
      }
      if (opts.min !== undefined && opts.max !== undefined && (n < opts.min || n > opts.max)) {
        throw new UsageError(
          `--${name} must be a number in [${opts.min}, ${opts.max}], got ${JSON.stringify(raw)}`,
        );
      }
      if (opts.min === 0 && n < 0)
        throw new UsageError(`--${name} must not be negative, got ${raw}`);
      if (opts.min !== undefined && n < opts.min)
        throw new UsageError(`--${name} must be at least ${opts.min}, got ${raw}`);
      if (opts.max !== undefined && n > opts.max)
        throw new UsageError(`--${name} must be at most ${opts.max}, got ${raw}`);
      return n;
    },
  };
}

/**
 * node:util's parse error as one line. `traces`: the command takes its traces as `--gt`/`--pred`
 * and they were not both given (a stray argument is then most often a trace given by position,
 * as `diff` takes its files).
 */
function toUsageError(command: string, e: unknown, traces: boolean): UsageError {
  const err = e as { code?: unknown; message?: unknown };
  const message = typeof err.message === 'string' ? err.message : String(e);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  const hint = `(run 'envtrace help ${command}' for usage)`;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(
        `unknown option ${quoted ? `'${quoted}'` : ''} for 'envtrace ${command}' ${hint}`.replace(
          '  ',
          ' ',
        ),
      );
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const how = traces ? ': traces are given as --gt FILE --pred FILE' : '';
      return new UsageError(
        `unexpected argument ${quoted ? `'${quoted}'` : ''} for 'envtrace ${command}'${how} ${hint}`.replace(
          '  ',
          ' ',
        ),
      );
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const opt = quoted?.split(' ')[0];
      return new UsageError(`${opt ?? 'an option'} needs a value ${hint}`);
    }
    default:
      return new UsageError(`${message.split('\n')[0] ?? message} ${hint}`);
  }
}

/** `--compat` value → mode (undefined when not given). */
export function parseCompat(value: string | undefined): Mode | undefined {
  if (value === undefined) return undefined;
  if (isMode(value)) return value;
  throw new UsageError(
    `--compat must be ${MODES.map((m) => `'${m}'`).join(' or ')}, got ${JSON.stringify(value)}`,
  );
}

/** `--format NAME` → the importer's name (undefined when absent or `auto`); a `UsageError` for an unknown name. */
function parseFormat(value: string | undefined): ImportFormat | undefined {
  if (value === undefined || value === 'auto') return undefined;
  if (importers.some((i) => i.name === value)) return value as ImportFormat;
  throw new UsageError(
    `--format must be auto or one of ${importers.map((i) => i.name).join(', ')}, got ${escapeForTerminal(JSON.stringify(value))}`,
  );
}

/** `--time-unit seconds|days` → the CSV time unit (undefined when not given); a `UsageError` for anything else. */
function parseTimeUnit(value: string | undefined): CsvTimeUnit | undefined {
  if (value === undefined) return undefined;
  if ((CSV_TIME_UNITS as readonly string[]).includes(value)) return value as CsvTimeUnit;
  throw new UsageError(
    `--time-unit must be ${CSV_TIME_UNITS.join(' or ')}, got ${escapeForTerminal(JSON.stringify(value))}`,
  );
}

/** `--date-order dmy|mdy` → the order of day and month in CSV date-times (undefined when not given). */
function parseDateOrder(value: string | undefined): DateOrder | undefined {
  if (value === undefined) return undefined;
  if ((DATE_ORDERS as readonly string[]).includes(value)) return value as DateOrder;
  throw new UsageError(
    `--date-order must be ${DATE_ORDERS.join(' or ')} (day or month first), got ${escapeForTerminal(JSON.stringify(value))}`,
  );
}

/**
 * How a command reads its traces, from `--columns`, `--format`, `--time-unit` and `--date-order`:
 * the one object the CLI carries from its arguments to `importFile` (batch mode sends it to the
 * workers), holding only the options given.
 */
export type TraceReading = Pick<LoadTraceOptions, 'columns' | 'format' | 'timeUnit' | 'dateOrder'>;

/** The option specs behind `TraceReading`, for `parseCommandArgs`. */
export const READING_OPTIONS = {
  columns: 'string',
  format: 'string',
  'time-unit': 'string',
  'date-order': 'string',
} as const satisfies OptionSpec;

/** The reading options of parsed arguments, each checked (a `UsageError` names a bad one). */
export function parseReading(a: ParsedArgs): TraceReading {
  const columns = parseColumns(a.string('columns'));
  const format = parseFormat(a.string('format'));
  const timeUnit = parseTimeUnit(a.string('time-unit'));
  const dateOrder = parseDateOrder(a.string('date-order'));
  return {
    ...(columns !== undefined ? { columns } : {}),
    ...(format !== undefined ? { format } : {}),
    ...(timeUnit !== undefined ? { timeUnit } : {}),
    ...(dateOrder !== undefined ? { dateOrder } : {}),
  };
}

/**
 * `--columns timestamp=Zeit,value=Wert` → `CsvColumns` (undefined when not given); a `UsageError`
 * for anything else.
 */
function parseColumns(flag: string | undefined): CsvColumns | undefined {
  if (flag === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const part of flag.split(',')) {
    const m = /^\s*(timestamp|channel|value)\s*=(.+)$/.exec(part);
    if (m === null || m[2]!.trim() === '')
      throw new UsageError(
        `--columns must be role=name pairs separated by commas (roles: timestamp, channel, value), got ${JSON.stringify(part)}`,
      );
    if (m[1]! in out) throw new UsageError(`--columns names the ${m[1]} column twice`);
    out[m[1]!] = m[2]!.trim();
  }
  return out;
}

/**
 * A path given on the command line, resolved against the injected cwd. Kept as the user wrote
 * it when that already resolves to the same file (so error messages name the path as typed).
 */
export function resolvePath(io: CliIO, file: string): string {
  if (path.isAbsolute(file) || path.resolve(io.cwd) === process.cwd()) return file;
  return path.resolve(io.cwd, file);
}

/**
 * Whether to colour the output: `--color`/`--no-color` win; else the shared colour policy of
 * `src/report/colors.ts` (`NO_COLOR`, `FORCE_COLOR`, terminal, `CI`), read from the injected I/O.
 */
export function colorsEnabled(io: CliIO, flags: { color: boolean; noColor: boolean }): boolean {
  return shouldUseColors(colorChoice(flags), io);
}

function colorChoice(flags: { color: boolean; noColor: boolean }): boolean | undefined {
  if (flags.color && flags.noColor)
    throw new UsageError('--color and --no-color are mutually exclusive');
  return flags.color ? true : flags.noColor ? false : undefined;
}

/** picocolors for a command with `--color`/`--no-color` flags (see `colorsEnabled`). */
export function colorsFor(io: CliIO, a: ParsedArgs): Colors {
  return terminalColors(colorChoice({ color: a.flag('color'), noColor: a.flag('no-color') }), io);
}
