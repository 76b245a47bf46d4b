/** The importer plug-in shape: one file per format exports an `Importer`, `registry.ts` lists them. */
import type { ScoringPolicy } from '../policy/index.js';
import type { TraceEvent } from '../trace/types.js';
import type { ImportWarning } from './warnings.js';

/**
 * CSV only: the header names (any case) of the time, channel and value columns, for headers the
 * synonyms do not cover (`{timestamp: 'Zeit', value: 'Reading'}`); a role not named here is
 * found by its synonyms.
 */
export interface CsvColumns {
  readonly timestamp?: string | undefined;
  readonly channel?: string | undefined;
  readonly value?: string | undefined;
}

/**
 * The unit of a CSV time cell that is a plain number: `"seconds"`, or `"days"`, a spreadsheet's
 * serial date (days since 1899-12-30 with the time of day as the fraction: `46357.4375` is
 * 2026-12-01 10:30, what Excel or LibreOffice exports for a date cell formatted as a number).
 * Unset, numbers are seconds, and a column that looks like serial dates is an error asking for it.
 */
export const CSV_TIME_UNITS = ['seconds', 'days'] as const;
export type CsvTimeUnit = (typeof CSV_TIME_UNITS)[number];

/**
 * The order of day and month in CSV date-times such as a spreadsheet writes them with a slash or a
 * dash and the year last (`12/01/26 10:30 AM`): `"mdy"` (month first, as en-US writes) or `"dmy"`
 * (day first, as en-GB, fr, es, it and most locales write). Dotted dates (`01.12.26`) are always
 * day first and year-first dates (`2026/12/1`) need no order. Unset, the column's own dates decide
 * (a day over 12 in either place), and a column they leave undecided is an error asking for it.
 */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** What an importer's `parse` gets besides the text. */
export interface ImportContext {
  /** File name used in error messages (`file:line`, `file: json.path`). */
  readonly file?: string | undefined;
  /**
   * `"reference"` keeps the Python int/float distinction of values read from JSON text and numeric
   * cells (`1.0` stays a float — see `PyFloat`, big integers stay `bigint`), like `parseTrace`;
   * `"default"` gives plain JS numbers. @default "default"
   */
  readonly mode?: 'default' | 'reference' | undefined;
  /** `rosbag2` only: message-field selectors (`LoadTraceOptions.field`). */
  readonly field?: string | readonly string[] | undefined;
  /**
   * Where the importer reports what it read but did not turn into an event (see `warnings.ts`;
   * importers call `warn(ctx, …)`). The reading functions collect them into
   * `ImportedTrace.warnings`; absent, warnings are dropped.
   */
  readonly warn?: ((warning: ImportWarning) => void) | undefined;
  /** CSV only: which header names the time, channel and value columns (`CsvColumns`). */
  readonly columns?: CsvColumns | undefined;
  /** CSV only: the unit of time cells that are plain numbers (`CsvTimeUnit`). */
  readonly timeUnit?: CsvTimeUnit | undefined;
  /** CSV only: the order of day and month in slashed date-times (`DateOrder`). */
  readonly dateOrder?: DateOrder | undefined;
  /** The resolved policy (`importFile` passes it); wins over `mode`. Read it with `readPolicy`. */
  readonly policy?: ScoringPolicy | undefined;
}

/**
 * One input format. `detect` looks at the content only (never the file name) and returns a
 * confidence in [0, 1] (0 = not this format); `parse` turns the text into events, ordered by time
 * and made relative to the earliest event (except the `envtrace` format, read as is), or throws a
 * `TraceError` naming the file and the line or JSON path. A malformed record fails the whole import;
 * a well-formed record that holds no event (a notice line, a document it cannot map) is skipped
 * with a warning through `ctx.warn`, never silently. Zero events from a non-blank input is a
 * `TraceError` naming what was found (`noEventsError`), except for the `envtrace` format, whose
 * `{"events": []}` says so explicitly.
 */
export interface Importer {
  /** The `--format` name. */
  readonly name: string;
  /** One line for help texts: what the format is and what one event is. */
  readonly description: string;
  /**
   * Confidence that `text` is in this format, in [0, 1]. `firstValue` is the text parsed as one
   * JSON document, or else its first non-blank line parsed as JSON (JSON Lines), or `undefined`.
   * A confidence of 1 must follow from `firstValue` alone: for a file larger than its first chunk
   * (64 KiB), `importFile` tells an envtrace JSON Lines file (then read as a stream) by running
   * `detect` on that chunk's complete lines.
   */
  detect(text: string, firstValue?: unknown): number;
  /**
   * When no format matches: why `text` looks like this format but is not read as it, as the
   * end of `looks like …, but …` (`CSV with the header "Zeit", "Wert", but no column names the
   * channel …`), or `undefined` when it does not look like it. Shown in the detection error.
   */
  explain?(text: string, firstValue?: unknown): string | undefined;
  /** Parse `text` (BOM already removed) into events. */
  parse(text: string, ctx: ImportContext): TraceEvent[];
  /**
   * For a format of lines (JSON Lines, split at `\n` / `\r\n`): a reader fed the text one line
   * at a time that gives exactly what `parse` gives on the whole text (`parse` feeds it the lines
   * of its text). `importFile` reads large files of such a format as a stream through it.
   */
  lines?(ctx: ImportContext): LineImport;
}

/** A line-based format read one line at a time (`Importer.lines`). */
export interface LineImport {
  /** The next line (without its line break; BOM already removed); the first call is line 1. */
  line(text: string): void;
  /** After the last line: the events, as `Importer.parse` returns them. */
  end(): TraceEvent[];
}
