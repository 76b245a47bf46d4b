/**
 * JSON plumbing shared by the JSON importers: documents and JSON Lines with exact numbers and
 * located errors, and a `Where` cursor that names the JSON path in every `TraceError`.
 */
import { EnvTraceError, TraceError, formatPath, inputPath } from '../errors.js';
import { JsonSyntaxError, parsePyJson } from '../py/json.js';
import { isPlainObject } from '../py/value.js';
import { describeReceived as describe } from '../io/input.js';
import { LineSplitter } from '../io/lines.js';
import type { TraceEvent } from '../trace/types.js';
import { isoPrecisionProblem, timeFromIso, type ExactTime } from './time.js';
import type { LineImport } from './types.js';

/**
 * A location being read: the file label (`file`, or `file:line` for JSON Lines) and the path
 * inside the document. `fail` throws a `TraceError` there.
 */
export class Where {
  constructor(
    readonly file: string | undefined,
    readonly path: readonly PropertyKey[] = [],
  ) {}

  /** A location further down the document. */
  at(...segments: PropertyKey[]): Where {
    return new Where(this.file, [...this.path, ...segments]);
  }

  /** The path as error messages show it (`resourceSpans[0].scopeSpans[1]`). */
  get pathText(): string {
    return formatPath(this.path);
  }

  /** A `TraceError` at this location (for `throw where.error(…)`, which narrows types). */
  error(message: string): TraceError {
    return new TraceError(message, { file: this.file, path: inputPath(this.path) });
  }

  /** Throw a `TraceError` at this location. */
  fail(message: string): never {
    throw this.error(message);
  }

  /** `v` if it is a plain object, else fail. */
  object(v: unknown, what = 'an object'): Record<string, unknown> {
    if (!isPlainObject(v)) this.fail(`expected ${what}, got ${describe(v)}`);
    return v;
  }

  /** `v` if it is an array, else fail. */
  array(v: unknown, what = 'an array'): readonly unknown[] {
    if (!Array.isArray(v)) this.fail(`expected ${what}, got ${describe(v)}`);
    return v;
  }

  /** `v` if it is a non-empty string, else fail. */
  string(v: unknown, what = 'a non-empty string'): string {
    if (typeof v !== 'string' || v === '')
      this.fail(v === undefined ? `required (${what})` : `expected ${what}, got ${describe(v)}`);
    return v;
  }
}

/**
 * The ISO 8601 date-time at `w` (`timeFromIso`), else fail there: required, a string, a date-time
 * (`example` shows one in the message), at most `MAX_FRACTION_DIGITS` fraction digits.
 */
export function isoTimeAt(w: Where, v: unknown, example?: string): ExactTime {
  const text = w.string(v, 'an ISO 8601 date-time');
  return (
    timeFromIso(text) ??
    w.fail(
      isoPrecisionProblem(text) ??
        `expected an ISO 8601 date-time${example !== undefined ? ` (${example})` : ''}, got ${JSON.stringify(text)}`,
    )
  );
}

/**
 * Default mode refuses a key repeated in one JSON object (`{"channel": "a", "channel": "b"}`), as
 * configs and envtrace traces do; reference mode keeps the last, as Python's `json.loads`.
 */
type ImportMode = 'default' | 'reference' | undefined;

/** Parse one JSON document with exact numbers (big integers as `bigint`); a syntax error is a `TraceError` with line and column. */
export function parseJsonDocument(
  text: string,
  file: string | undefined,
  mode: ImportMode = 'default',
  allowNan = false,
): unknown {
  try {
    return parsePyJson(text, {
      file,
      preserveNumberKinds: true,
      uniqueKeys: mode !== 'reference',
      allowNan,
    });
  } catch (e) {
    if (e instanceof EnvTraceError) throw new TraceError(e.message, {}, { cause: e });
    throw e;
  }
}

/** One record of a JSON Lines text. */
export interface JsonLine {
  readonly value: unknown;
  /** 1-based line number. */
  readonly line: number;
  /** Location of the record: `file:line`, or `line N` without a file. */
  readonly where: Where;
}

/**
 * Line `number` (1-based) of a JSON Lines text as a record, or `undefined` for a blank line. A
 * malformed line is a `TraceError` naming it (`file:7:42: reason`, or `line 7, column 42: reason`).
 */
export function parseJsonLine(
  line: string,
  number: number,
  file: string | undefined,
  mode: ImportMode = 'default',
  allowNan = false,
): JsonLine | undefined {
  if (line.trim() === '') return undefined;
  const label = file ? `${file}:${number}` : `line ${number}`;
  let value: unknown;
  try {
    value = parsePyJson(line, {
      preserveNumberKinds: true,
      uniqueKeys: mode !== 'reference',
      allowNan,
    });
  } catch (e) {
    // One line: name it once, with the column (`file:7:42: reason`).
    if (e instanceof JsonSyntaxError)
      throw new TraceError(
        `${file ? `${label}:${e.column}` : `${label}, column ${e.column}`}: ${e.reason}`,
        {},
        { cause: e },
      );
    throw e;
  }
  return { value, line: number, where: new Where(label) };
}

/** The records of a JSON Lines text (blank lines skipped; `\n` or `\r\n`). A malformed line is a `TraceError` naming it. */
export function parseJsonLines(
  text: string,
  file: string | undefined,
  mode: ImportMode = 'default',
  allowNan = false,
): JsonLine[] {
  const out: JsonLine[] = [];
  const records = jsonLineRecords(file, (record) => out.push(record), mode, allowNan);
  forEachLine(text, records.line);
  records.end();
  return out;
}

/** Calls `onLine` with each line of `text`, split as `text.split(/\r?\n/)` would, without the array. */
export function forEachLine(text: string, onLine: (line: string) => void): void {
  const splitter = new LineSplitter(onLine);
  splitter.push(text);
  splitter.end();
}

/**
 * JSON Lines records fed one line at a time, handed to `onRecord` in order: the errors are those
 * of parsing every line first and then handling the records (a malformed line anywhere wins over
 * an error `onRecord` threw for an earlier record, which `end` throws).
 */
export function jsonLineRecords(
  file: string | undefined,
  onRecord: (record: JsonLine) => void,
  mode: ImportMode = 'default',
  allowNan = false,
): { readonly line: (text: string) => void; end(): void } {
  let number = 0;
  let failed = false;
  let failure: unknown;
  return {
    line(text) {
      const record = parseJsonLine(text, ++number, file, mode, allowNan);
      if (record === undefined || failed) return;
      try {
        onRecord(record);
      } catch (e) {
        failed = true;
        failure = e;
      }
    },
    end() {
      if (failed) throw failure;
    },
  };
}

/** `importer.parse` of a line format: the lines of `text` fed to `reader`. */
export function parseByLines(text: string, reader: LineImport): TraceEvent[] {
  forEachLine(text, (line) => reader.line(line));
  return reader.end();
}

// `allowNan` (the functions above): read Python's `NaN`, `Infinity` and `-Infinity`, as
// `json.loads` does, for a format that Python's `json.dumps` writes.

/**
 * Whether `text` is JSON Lines rather than one (pretty-printed) document: at least two non-blank
 * lines, each starting with `{` or `[` at column 1 and ending with the matching bracket.
 */
export function isJsonLines(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.length >= 2 && lines.every((l) => /^\{.*\}\s*$|^\[.*\]\s*$/.test(l));
}

/**
 * The documents of a text that is one JSON document or JSON Lines of documents (as OTLP file
 * exporters write them), each with its location.
 */
export function parseJsonDocuments(
  text: string,
  file: string | undefined,
  mode: ImportMode = 'default',
  allowNan = false,
): JsonLine[] {
  if (isJsonLines(text)) return parseJsonLines(text, file, mode, allowNan);
  return [
    { value: parseJsonDocument(text, file, mode, allowNan), line: 1, where: new Where(file) },
  ];
}

/** The text's first JSON value: the whole text as one document, else its first non-blank line; `undefined` if neither parses. */
export function firstJsonValue(text: string): unknown {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return undefined;
  try {
    return lenientJson(text);
  } catch {
    const first = text.split(/\r?\n/).find((l) => l.trim() !== '');
    try {
      return first === undefined ? undefined : lenientJson(first);
    } catch {
      return undefined;
    }
  }
}

/**
 * `JSON.parse`, and for detection only, failing that, JSON with Python's `NaN`, `Infinity` and
 * `-Infinity` (what `json.dump` writes): a document is told by its shape, and reference mode reads
 * those literals (default mode refuses them when it parses, naming the literal).
 */
function lenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    if (!/NaN|Infinity/.test(text)) throw e;
    return parsePyJson(text, { preserveNumberKinds: false, allowNan: true });
  }
}
