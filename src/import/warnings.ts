/**
 * Import warnings: what an importer read but did not turn into events, or read with a doubt. An
 * importer never drops input silently: each skipped line, unmapped record, outlying time or
 * unrecognised span is one `ImportWarning`, handed to `ImportContext.warn` and returned with the
 * events (`ImportedTrace.warnings`). The CLI prints them on stderr, the matchers in their failure
 * text, the run report in its record. A warning is plain JSON (strings and numbers only).
 */
import { TraceError } from '../errors.js';

/** The part of `ImportContext` warnings use (structural, so `types.ts` can import this file). */
interface WarningSink {
  readonly file?: string | undefined;
  readonly warn?: ((warning: ImportWarning) => void) | undefined;
}

/**
 * What kind of thing was skipped or doubted: `skipped-line`, a line that holds no event
 * (camonitor's `<undefined>` update, a connection notice); `unmapped-record`, a record
 * (document, message, row) the importer cannot map onto events; `time-outlier`, an event whose
 * time lies far outside the span of the others (dropped: see the message); `unrecognised-span`,
 * a span with none of the attributes the importer maps; `metadata-version`, a ROS 2 bag whose
 * `metadata.yaml` version is outside the versions tested; `message-count`, a bag whose
 * `metadata.yaml` counts other messages than its storage files hold; `storage-missing`, a run
 * directory whose storage files are all missing, read from the one `*.jsonl` file of decoded
 * messages beside its `metadata.yaml` instead; `unnamed-tool`, a tool call
 * whose span names no tool (OpenLLMetry's LangChain.js span of a tool that threw: the call is read
 * under the tool's class name); `empty-input`, an input that is empty or holds only white space,
 * read as a trace of no events because its format was named (unnamed, it is an error);
 * `unpaired-result`, a tool's result that answers no earlier call (not read), or one paired with
 * its call by a guess (a Gemini function response without an id, when calls of its name went
 * unanswered in more than one turn); `content-omitted`, tool calls whose producer left their
 * arguments out (an instrumentation that captures no message content: read with the value `null`,
 * missing rather than empty), or a result whose saving lost its content (an AI SDK `tool-error` part
whose `Error` `JSON.stringify` wrote `{}`); `coarse-times`, a CSV whose spreadsheet date-times show whole minutes
 * only (the export dropped the seconds: intervals are rounded to the minute); `decimal-comma`, a
 * ,-separated CSV whose values are numbers with a decimal comma (`"21,5"`), read as text;
 * `index-column`, a CSV whose first column has no name and holds the row numbers (the index
 * pandas' `DataFrame.to_csv()` writes by default): skipped; `truncated-stream`, a saved SDK stream
 * (`stream: true`) whose turn ends before its end event (the connection was cut, or an error event
 * ended it): its calls are read as far as they came; `thousands-separator`, a CSV value column
 * whose numbers have thousands separators (`"1,250.0"`, `1.234,5`): read as numbers when the
 * column proves one style, else kept as text (`grouping.ts`); `guessed-keys`, JSON records whose
 * time, channel or value key was found by its name (`"t"`, `"pv"`, `"val"`), not given by the
 * `columns` option (`records.ts`).
 */
export const IMPORT_WARNING_CODES = [
  'skipped-line',
  'unmapped-record',
  'time-outlier',
  'unrecognised-span',
  'metadata-version',
  'message-count',
  'unnamed-tool',
  'storage-missing',
  'empty-input',
  'unpaired-result',
  'content-omitted',
  'coarse-times',
  'decimal-comma',
  'index-column',
  'truncated-stream',
  'thousands-separator',
  'guessed-keys',
] as const;

/** One of `IMPORT_WARNING_CODES`. */
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];

/** One warning. Locations are those of `TraceError`: the file, a 1-based line, a path inside. */
export interface ImportWarning {
  readonly code: ImportWarningCode;
  /** One line, without the location. */
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  /** Path inside the document or record (`[1].data.det`), or a column name. */
  readonly path?: string;
}

/** Where a warning points; the file comes from the context. */
export interface WarningAt {
  readonly line?: number | undefined;
  readonly path?: string | undefined;
}

/** Report a warning through `ctx.warn` (dropped when the caller gave no sink). */
export function warn(
  ctx: WarningSink,
  code: ImportWarningCode,
  message: string,
  at: WarningAt = {},
): void {
  if (ctx.warn === undefined) return;
  const w: { -readonly [K in keyof ImportWarning]: ImportWarning[K] } = { code, message };
  if (ctx.file !== undefined) w.file = ctx.file;
  if (at.line !== undefined) w.line = at.line;
  if (at.path !== undefined && at.path !== '') w.path = at.path;
  ctx.warn(w);
}

/** One line: `file:line: path: message (code)`, as errors name their location. */
export function formatWarning(w: ImportWarning): string {
  const where = [
    w.file !== undefined ? `${w.file}${w.line !== undefined ? `:${w.line}` : ''}` : undefined,
    w.file === undefined && w.line !== undefined ? `line ${w.line}` : undefined,
    w.path,
  ].filter((x) => x !== undefined);
  return `${where.length > 0 ? `${where.join(': ')}: ` : ''}${w.message} (${w.code})`;
}

/** How many warnings are shown one by one before the rest are counted. */
export const WARNINGS_SHOWN = 10;

/** The warnings as lines: the first `shown` one a line, then `… and N more warnings`. */
export function warningLines(
  warnings: readonly ImportWarning[],
  shown: number = WARNINGS_SHOWN,
): string[] {
  const lines = warnings.slice(0, shown).map(formatWarning);
  const rest = warnings.length - lines.length;
  if (rest > 0) lines.push(`… and ${rest} more warning${rest === 1 ? '' : 's'}`);
  return lines;
}

/** `count word`, with `×count` kinds: `19 Bluesky documents (start, descriptor ×2, stop)`. */
export function countedKinds(kinds: ReadonlyMap<string, number>): string {
  return [...kinds].map(([k, n]) => (n === 1 ? k : `${k} ×${n}`)).join(', ');
}

/**
 * The error for a non-blank input that gave no event: `found` says what was there
 * (`19 Bluesky documents (start, descriptor ×2, …), no event documents`).
 */
export function noEventsError(found: string, file: string | undefined): TraceError {
  return new TraceError(`no events: ${found}`, { file });
}
