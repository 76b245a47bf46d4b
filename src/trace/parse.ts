import type { Mode } from '../policy/mode.js';
import type { ScoringPolicy } from '../policy/index.js';
import { z } from 'zod';
import { EnvTraceError, TraceError, formatPath, inputPath, type InputPath } from '../errors.js';
import { describeReceived } from '../io/input.js';
import { didYouMean } from '../schema/suggest.js';
import { findTooDeep, MAX_DEPTH, tooDeepMessage } from '../py/depth.js';
import { JsonDepthError, JsonDuplicateKeyError, JsonSyntaxError, parsePyJson } from '../py/json.js';
import { pyFloat } from '../py/float.js';
import { pyStr } from '../py/str.js';
import { isObjectRecord, isPlainObject, pyKind } from '../py/value.js';
import { readWhole, readWholeSync } from '../io/read.js';
import { clipForMessage, escapeForTerminal } from '../io/terminal.js';
import { decodeText, decodeUtf8, Utf16DecodeError, Utf8DecodeError } from '../io/utf8.js';
import {
  LineSplitter,
  readLines,
  readLinesSync,
  readStart,
  readStartSync,
  STOP_READING,
  traceReadError,
  type ReadChunks,
} from '../io/lines.js';
import { readPolicy, Trace, traceOwning } from './trace.js';
import type { TraceEvent } from './types.js';

export interface EnvtraceOptions {
  /**
   * `"reference"` reads like the Python reference: `channel` through `str()`, `timestamp` through
   * `float()` (so `"2.5"` is accepted), and the int/float distinction of values kept from the JSON
   * text (`1.0` stays a float — see `PyFloat`). `"default"` is strict: `channel` a non-empty
   * string, `timestamp` a finite number, no unknown keys. @default "default"
   */
  mode?: Mode;
  /** A resolved policy (`evaluate` passes its own); wins over `mode`. */
  policy?: ScoringPolicy;
  /** File name used in error messages (and to pick the format). */
  file?: string;
  /** `json`: one document (`{events: [...]}` or a bare array); `jsonl`: one event per line. @default by file extension, else auto */
  format?: 'json' | 'jsonl';
}

const eventSchema = z.strictObject({
  channel: z
    .string({ error: (iss) => (iss.input === undefined ? 'required' : 'expected a string') })
    .min(1, { error: 'expected a non-empty string' }),
  timestamp: z.number({
    error: (iss) => (iss.input === undefined ? 'required' : 'expected a finite number'),
  }),
  value: z.unknown().optional(),
  meta: z.record(z.string(), z.unknown(), { error: 'expected an object' }).optional(),
});

const docSchema = z.strictObject({
  schema_version: z.union([z.literal('1'), z.literal(1)], { error: 'expected "1"' }).optional(),
  events: z.array(z.unknown(), {
    error: (iss) => (iss.input === undefined ? 'required' : 'expected an array of events'),
  }),
  meta: z.record(z.string(), z.unknown(), { error: 'expected an object' }).optional(),
});

function firstIssue(error: z.ZodError, prefix: InputPath): { path: InputPath; message: string } {
  const issue = error.issues[0]!;
  const path = [...prefix, ...inputPath(issue.path)];
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    message = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (an event has channel, timestamp, value, meta)`;
  }
  return { path, message };
}

/** `docSchema` accepts `doc` (and would return the same events): no unknown key, `events` an array. */
function isWellFormedDocument(doc: Record<string, unknown>): boolean {
  if (!isPlainObject(doc)) return false;
  for (const key in doc) {
    if (key !== 'events' && key !== 'schema_version' && key !== 'meta') return false;
  }
  const version = doc['schema_version'];
  if (version !== undefined && version !== '1' && version !== 1) return false;
  const meta = doc['meta'];
  if (meta !== undefined && !isPlainObject(meta)) return false;
  return Array.isArray(doc['events']);
}

/**
 * OpenTelemetry exports that are not spans, which a file exporter or a collector writes beside
 * them: named, with what to give instead. (Reached with `format: "envtrace"`: detection gives
 * logs to the `otlp` format, which reads their GenAI events.)
 */
const TRACES =
  'envtrace reads OpenTelemetry traces ("resourceSpans"), e.g. from a file exporter in the collector\'s traces pipeline';
/** Top-level key → [the signal, what to give instead]. */
const OTHER_SIGNALS: ReadonlyMap<string, readonly [string, string]> = new Map([
  [
    'resourceLogs',
    [
      'logs',
      'read it with the otlp format (its GenAI events), or give the traces ("resourceSpans")',
    ],
  ],
  ['resourceMetrics', ['metrics', TRACES]],
  ['resourceProfiles', ['profiles', TRACES]],
]);

/** An object that is not a trace, for the error: its keys (a few), or the export it is. */
function describeKeys(doc: Record<string, unknown>): string {
  const keys = Object.keys(doc);
  const key = keys.find((k) => OTHER_SIGNALS.has(k));
  if (key !== undefined) {
    const [signal, instead] = OTHER_SIGNALS.get(key)!;
    return `an OpenTelemetry ${signal} export ("${key}"): ${instead}`;
  }
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 5).map((k) => escapeForTerminal(JSON.stringify(clipForMessage(k))));
  const more = keys.length > 5 ? `, … (${keys.length} keys)` : '';
  return `an object with ${keys.length === 1 ? 'the key' : 'the keys'} ${shown.join(', ')}${more}`;
}

function eventsOfDocument(
  doc: unknown,
  opts: ReadOptions,
): { items: readonly unknown[]; prefix: InputPath } {
  if (Array.isArray(doc)) return { items: doc, prefix: [] };
  if (isObjectRecord(doc)) {
    if (pythonValues(opts)) {
      // load_trace: a dict with "events", else ValueError.
      if (!('events' in doc))
        throw new TraceError(
          'Unrecognized trace JSON format',
          { file: opts.file },
          undefined,
          'ValueError',
        );
      const events = doc['events'];
      if (!Array.isArray(events))
        throw new TraceError(`expected an array of events, got ${describeReceived(events)}`, {
          file: opts.file,
          path: ['events'],
        });
      return { items: events, prefix: ['events'] };
    }
    if (!('events' in doc)) {
      throw new TraceError(
        `expected a trace: an object with "events" or an array of events, got ${describeKeys(doc)}`,
        { file: opts.file },
        undefined,
        'ValueError',
      );
    }
    // Fast path for a well-formed document: zod would copy the (possibly huge) events array;
    // the checks below accept exactly what docSchema accepts, and anything else goes to zod
    // for its error message.
    if (isWellFormedDocument(doc)) return { items: doc['events'] as unknown[], prefix: ['events'] };
    const r = docSchema.safeParse(doc);
    if (!r.success) {
      const { path, message } = firstIssue(r.error, []);
      throw new TraceError(
        message.replace(
          '(an event has channel, timestamp, value, meta)',
          '(a trace has schema_version, events, meta)',
        ),
        { file: opts.file, path },
      );
    }
    return { items: r.data.events, prefix: ['events'] };
  }
  throw new TraceError(
    `expected a trace: an object with "events" or an array of events, got ${describeReceived(doc)}`,
    { file: opts.file },
  );
}

function referenceEvent(item: unknown, path: InputPath, file: string | undefined): TraceEvent {
  // Trace.from_dict: str(item["channel"]), float(item["timestamp"]), item.get("value"), dict(item.get("meta", {}))
  if (!isObjectRecord(item))
    throw new TraceError(`expected an event object, got ${describeReceived(item)}`, {
      file,
      path,
    });
  if (!('channel' in item)) throw new TraceError('required', { file, path: [...path, 'channel'] });
  if (!('timestamp' in item))
    throw new TraceError('required', { file, path: [...path, 'timestamp'] });
  const channel = pyStr(item['channel']);
  let timestamp: number;
  try {
    timestamp = pyFloat(item['timestamp']);
  } catch (e) {
    throw new TraceError(
      e instanceof Error ? e.message : String(e),
      { file, path: [...path, 'timestamp'] },
      { cause: e },
    );
  }
  if (!Number.isFinite(timestamp)) {
    throw new TraceError(`expected a finite timestamp, got ${timestamp}`, {
      file,
      path: [...path, 'timestamp'],
    });
  }
  const meta = item['meta'] ?? {};
  if (!isObjectRecord(meta))
    throw new TraceError('expected an object', { file, path: [...path, 'meta'] });
  return { channel, timestamp, value: item['value'] === undefined ? null : item['value'], meta };
}

/**
 * The common case of `eventSchema` without zod: a JSON object with a non-empty string channel,
 * a finite number timestamp, an optional value, no meta and no other key. Returns the event, or
 * null to let zod decide (and word the error). With `reuse` (the object came from our own
 * `JSON.parse`, nobody else holds it) an object that already is `{channel, timestamp, value}`,
 * in that key order, is returned as it is instead of copied.
 */
function plainDefaultEvent(item: unknown, reuse = false): TraceEvent | null {
  if (!isPlainObject(item)) return null;
  let keys = 0;
  let inOrder = true;
  for (const key in item) {
    if (key === 'channel') inOrder &&= keys === 0;
    else if (key === 'timestamp') inOrder &&= keys === 1;
    else if (key === 'value') inOrder &&= keys === 2;
    else return null;
    keys++;
  }
  const { channel, value } = item;
  // A timestamp is a double (the reference's float()): an integer beyond 2^53 is rounded to one.
  const timestamp =
    typeof item['timestamp'] === 'bigint' ? Number(item['timestamp']) : item['timestamp'];
  if (typeof channel !== 'string' || channel.length === 0) return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  if (
    reuse &&
    inOrder &&
    keys === 3 &&
    timestamp === item['timestamp'] &&
    Object.getPrototypeOf(item) === Object.prototype
  )
    return item as unknown as TraceEvent;
  return { channel, timestamp, value: value === undefined ? null : value };
}

/** The keys of an envtrace event. */
const EVENT_KEYS = ['channel', 'timestamp', 'value', 'meta'] as const;

/**
 * Why an object the schema refused is not an event, when a plainer reason than its first issue
 * exists: a misspelt key (`"chanel"`: did you mean "channel"?), or a record of another format (no
 * `channel` and keys an event does not have: a log line, an agent transcript) described by its
 * keys. `undefined`: the schema's own issue says it.
 */
function eventShapeProblem(
  item: Record<string, unknown>,
  path: InputPath,
): { path: InputPath; message: string } | undefined {
  const foreign = Object.keys(item).filter((k) => !(EVENT_KEYS as readonly string[]).includes(k));
  for (const key of foreign) {
    const meant = didYouMean(key, EVENT_KEYS);
    if (meant !== undefined && !(meant in item))
      return {
        path,
        message: `unknown key ${JSON.stringify(key)}; did you mean ${JSON.stringify(meant)}? (an event has channel, timestamp, value, meta)`,
      };
  }
  if (item['channel'] === undefined && foreign.length > 0)
    return {
      path,
      message: `expected an event ({channel, timestamp, value, meta}), got ${describeKeys(item)}`,
    };
  return undefined;
}

function defaultEvent(item: unknown, path: InputPath, file: string | undefined): TraceEvent {
  // A big integer timestamp (exact parse) is the double nearest to it, as in `plainDefaultEvent`.
  if (isPlainObject(item) && typeof item['timestamp'] === 'bigint')
    item = { ...item, timestamp: Number(item['timestamp']) };
  const r = eventSchema.safeParse(item);
  if (!r.success) {
    if (!isObjectRecord(item))
      throw new TraceError(`expected an event object, got ${describeReceived(item)}`, {
        file,
        path,
      });
    const { path: p, message } = eventShapeProblem(item, path) ?? firstIssue(r.error, path);
    throw new TraceError(message, { file, path: p });
  }
  const d = r.data;
  const value = d.value === undefined ? null : d.value;
  return d.meta === undefined
    ? { channel: d.channel, timestamp: d.timestamp, value }
    : { channel: d.channel, timestamp: d.timestamp, value, meta: d.meta };
}

/** A reader's options with the policy resolved (once, at the reader's entry). */
type ReadOptions = EnvtraceOptions & { readonly policy: ScoringPolicy };

/** With the policy resolved (`readPolicy`): what the internal readers take. */
function resolved(options: EnvtraceOptions): ReadOptions {
  return { ...options, policy: readPolicy(options) };
}

/** T1: whether values are read as Python's `json` reads them (the reference) or as `JSON.parse` does. */
function pythonValues(opts: ReadOptions): boolean {
  return opts.policy.readValues === 'python';
}

function eventMaker(opts: ReadOptions): typeof defaultEvent {
  return pythonValues(opts) ? referenceEvent : defaultEvent;
}

/**
 * Refuse an event whose `value` or `meta` nests more than `MAX_DEPTH` levels (README "Limits"):
 * comparison and serialisation walk values recursively. `prefix` is the event's path.
 */
function checkEventDepth(
  event: TraceEvent,
  prefix: () => InputPath,
  file: string | undefined,
): void {
  // Called once per event: a scalar value and no meta (the common case) cost two type checks.
  const { value, meta } = event;
  if (typeof value === 'object' && value !== null) checkDepthOf(value, 'value', prefix, file);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- meta from JS callers
  if (typeof meta === 'object' && meta !== null) checkDepthOf(meta, 'meta', prefix, file);
}

function checkDepthOf(
  v: object,
  key: 'value' | 'meta',
  prefix: () => InputPath,
  file: string | undefined,
): void {
  const found = findTooDeep(v, MAX_DEPTH);
  if (found) {
    const at = [...prefix(), key];
    throw new TraceError(tooDeepMessage(found, MAX_DEPTH), {
      file,
      path: [...at, ...inputPath(found.path)],
      deepFrom: at.length,
    });
  }
}

/** What an unsupported value is, for a message: `a Map`, `a Date`, `a Uint8Array`, `a function`. */
function describeOther(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a symbol';
  const name = (v as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== ''
    ? `a ${escapeForTerminal(name)}`
    : 'an object with a prototype';
}

/**
 * Reference mode reads values as Python's `json` would: only JSON values (null, booleans, numbers,
 * Python ints as bigint, `PyFloat`, strings, arrays, plain objects). A Map, Set, Date, typed array,
 * class instance, function or symbol given in code is refused here, with its path, instead of
 * failing later in `evaluate` with a raw `TypeError`. Runs after the depth check (no cycles left).
 */
function checkPythonValues(
  event: TraceEvent,
  prefix: () => InputPath,
  file: string | undefined,
): void {
  const stack: Array<{ v: unknown; path: InputPath }> = [
    { v: event.value, path: ['value'] },
    { v: event.meta, path: ['meta'] },
  ];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { v, path } = top;
    const kind = pyKind(v);
    if (kind === 'list')
      (v as unknown[]).forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
    else if (kind === 'dict')
      for (const key of Object.keys(v as object))
        stack.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
    else if (kind === 'other') {
      throw new TraceError(
        `${describeOther(v)} is not a JSON value (reference mode reads values as Python's json does)`,
        {
          file,
          path: [...prefix(), ...path],
        },
      );
    }
  }
}

/** Traces whose events `checkEventDepth` has passed (a `Trace` is immutable). */
const depthChecked = new WeakSet<Trace>();

/**
 * Default mode: the timestamps of one trace must span a finite interval. Times are taken
 * relative to the first event, and `1e308 − (−1e308)` is infinite: the timing fit would fail
 * later with numpy's "SVD did not converge" and no file named. (Reference mode keeps that raise.)
 */
function checkTimeSpan(
  events: readonly TraceEvent[],
  opts: ReadOptions,
  prefix: InputPath | null,
): void {
  if (pythonValues(opts) || events.length < 2) return;
  let lo = 0;
  let hi = 0;
  for (let i = 1; i < events.length; i++) {
    const t = events[i]!.timestamp;
    if (t < events[lo]!.timestamp) lo = i;
    if (t > events[hi]!.timestamp) hi = i;
  }
  const min = events[lo]!.timestamp;
  const max = events[hi]!.timestamp;
  if (Number.isFinite(max - min)) return;
  // JSON Lines (no prefix): blank lines make the index differ from the line, so count events.
  const at = (i: number) => (prefix === null ? `event ${i + 1}` : formatPath([...prefix, i]));
  throw new TraceError(
    `timestamps span more than the largest number (${min} at ${at(lo)} to ${max} at ${at(hi)}): times relative to the first event would overflow`,
    { file: opts.file },
  );
}

/** `prefix`: the path of the events in the document, `null` for JSON Lines. */
function checkedTrace(events: TraceEvent[], opts: ReadOptions, prefix: InputPath | null): Trace {
  checkTimeSpan(events, opts, prefix);
  // The events array was just built by the caller: the trace takes it without a copy.
  const trace = traceOwning(events);
  depthChecked.add(trace);
  return trace;
}

/**
 * `trace` itself once no event `value` or `meta` in it nests more than `MAX_DEPTH` levels of
 * arrays and objects (or is circular); else a `TraceError` naming `file` and the path
 * (`events[3].value[0][0]…`). Traces from `parseEnvtrace`/`loadEnvtraceFile` are known to pass and are not
 * walked again; `evaluate()` calls this for a `Trace` built directly (`new Trace(events)`).
 */
export function assertTraceDepth(trace: Trace, file?: string): Trace {
  if (depthChecked.has(trace)) return trace;
  const events = trace.events;
  for (let i = 0; i < events.length; i++) checkEventDepth(events[i]!, () => ['events', i], file);
  depthChecked.add(trace);
  return trace;
}

/** @param owned the items come from our own `JSON.parse` of a text (see `plainDefaultEvent`) */
function toEvents(
  items: readonly unknown[],
  prefix: InputPath,
  opts: ReadOptions,
  owned = false,
): TraceEvent[] {
  const make = eventMaker(opts);
  const fast = !pythonValues(opts);
  const out = new Array<TraceEvent>(items.length);
  for (let i = 0; i < items.length; i++) {
    // The path array is only needed for an error message: build it on the slow path only.
    const event =
      (fast ? plainDefaultEvent(items[i], owned) : null) ??
      make(items[i], [...prefix, i], opts.file);
    checkEventDepth(event, () => [...prefix, i], opts.file);
    // Values parsed from text are JSON values already; objects given in code are checked.
    if (!fast && !owned) checkPythonValues(event, () => [...prefix, i], opts.file);
    out[i] = event;
  }
  return out;
}

/** 16+ digits that are not part of a fraction or followed by one or an exponent (2^53 has 16 digits). */
const LONG_DIGIT_RUN = /(?<![\d.])\d{16,}(?![\d.eE])/;

/**
 * Whether `text` may hold an integer beyond 2^53: an integer token of 16 digits or more. A cheap
 * over-approximation: such digits inside a string also match (and only cost the slower exact
 * parse); long fractions (`0.30000000000000004`) do not.
 */
function hasLongDigitRun(text: string): boolean {
  return LONG_DIGIT_RUN.test(text);
}

/**
 * Keys written in a JSON text: its `:` outside strings (in valid JSON a colon outside a string only
 * ever follows a key). One pass, O(length).
 */
function countKeysInText(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58) n++;
    else if (c === 34) {
      // Skip the string: up to the next quote that no backslash escapes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    }
  }
  return n;
}

/** Own keys of every object in a parsed JSON value (no recursion: any depth). O(values). */
function countKeysInValue(root: unknown): number {
  let n = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else {
      const keys = Object.keys(v);
      n += keys.length;
      for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return n;
}

/**
 * JSON text → values (Python's number kinds in reference mode; in default mode plain numbers,
 * with integers beyond 2^53 kept exact as `bigint`). `line` (JSON Lines): the text is
 * that line of the file, so a position is given as a column only and a syntax error names
 * `file:line:column`.
 */
function parseJsonText(text: string, opts: ReadOptions, line?: number): unknown {
  try {
    // Reference mode reads what Python's json reads: NaN, Infinity and -Infinity too.
    if (pythonValues(opts))
      return parsePyJson(text, { file: opts.file, preserveNumberKinds: true, allowNan: true });
    // An integer of 16+ digits may lie beyond 2^53, where JSON.parse rounds (2^64 would equal
    // 2^64 + 1): such a text is read by the exact parser, which keeps those integers as bigint.
    // Default mode refuses a key repeated in one object (`{"events": [A], "events": [A, B]}`
    // would silently keep the last), as configs do.
    if (hasLongDigitRun(text))
      return parsePyJson(text, {
        file: opts.file,
        preserveNumberKinds: false,
        bigInts: true,
        uniqueKeys: true,
      });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Re-parse with our own parser for a message with line and column.
      return parsePyJson(text, { file: opts.file, preserveNumberKinds: false, uniqueKeys: true });
    }
    // JSON.parse keeps the last of repeated keys: fewer keys parsed than written means a repeat,
    // which the exact parser then names with its path and position.
    if (countKeysInText(text) !== countKeysInValue(value))
      parsePyJson(text, { file: opts.file, preserveNumberKinds: false, uniqueKeys: true });
    return value;
  } catch (e) {
    // Past MAX_JSON_DEPTH the document is refused while parsing: say it as the value check would.
    if (e instanceof JsonDepthError) {
      const at = line === undefined ? `line ${e.line}, column ${e.column}` : `column ${e.column}`;
      const message = `${tooDeepMessage({ path: e.path, circular: false }, MAX_DEPTH)} at ${at}`;
      const file = line === undefined ? opts.file : lineLocation(opts.file, line);
      throw new TraceError(message, { file, path: inputPath(e.path), deepFrom: 0 }, { cause: e });
    }
    if (e instanceof JsonDuplicateKeyError) {
      const at = line === undefined ? `line ${e.line}, column ${e.column}` : `column ${e.column}`;
      const file = line === undefined ? opts.file : lineLocation(opts.file, line);
      throw new TraceError(
        `duplicate key ${escapeForTerminal(JSON.stringify(e.key))} at ${at} (keys must be unique; reference mode keeps the last, as Python does)`,
        { file, path: inputPath(e.path) },
        { cause: e },
      );
    }
    if (line !== undefined && e instanceof JsonSyntaxError) {
      throw new TraceError(
        e.reason,
        { file: lineLocation(opts.file, line, e.column) },
        { cause: e },
      );
    }
    throw e;
  }
}

/** Where in a JSON Lines text: `file:3` / `file:3:30`, or `line 3` / `line 3, column 30` without a file. */
function lineLocation(file: string | undefined, line: number, column?: number): string {
  if (file) return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
  return column === undefined ? `line ${line}` : `line ${line}, column ${column}`;
}

/**
 * Collects the events of JSON Lines, one line at a time (line numbers count every line, blank
 * ones included), so that a file can be fed as it is read.
 */
class JsonLinesEvents {
  readonly events: TraceEvent[] = [];
  private index = 0;
  private readonly fast: boolean;

  constructor(private readonly opts: ReadOptions) {
    this.fast = !pythonValues(opts);
  }

  /** The next line, without its line break. */
  line(line: string): void {
    const index = this.index++;
    if (line.trim() === '') return;
    if (this.fast && !hasLongDigitRun(line)) {
      // Default mode, well-formed line without big integers: no location string, no options copy.
      let doc: unknown;
      let parsed = true;
      try {
        doc = JSON.parse(line);
      } catch {
        parsed = false;
      }
      // A repeated key (JSON.parse kept the last) takes the exact route, which names it.
      const event =
        parsed && countKeysInText(line) === countKeysInValue(doc)
          ? plainDefaultEvent(doc, true)
          : null;
      if (event) {
        // No meta on this path; a number or string value needs no depth check (nor a location string).
        if (typeof event.value === 'object' && event.value !== null)
          checkEventDepth(event, () => [], lineLocation(this.opts.file, index + 1));
        this.events.push(event);
        return;
      }
    }
    const event = parseJsonLine(line, index, this.opts);
    checkEventDepth(event, () => [], lineLocation(this.opts.file, index + 1));
    this.events.push(event);
  }
}

function parseJsonLines(text: string, opts: ReadOptions): TraceEvent[] {
  const collect = new JsonLinesEvents(opts);
  // Walk the text instead of splitting it into an array of lines first.
  const lines = new LineSplitter((line) => collect.line(line));
  lines.push(text);
  lines.end();
  return collect.events;
}

/** One line of JSON Lines the careful way: errors name `file:line` (`file:line:column` for a syntax error; `line N` without a file). */
function parseJsonLine(line: string, index: number, opts: ReadOptions): TraceEvent {
  const where = lineLocation(opts.file, index + 1);
  const doc = parseJsonText(line, opts, index + 1);
  // One event per line: the line number is the location, the path starts inside the event.
  return eventMaker(opts)(doc, [], where);
}

function looksLikeJsonLines(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.length >= 2 && lines.every((l) => l.trimStart().startsWith('{'));
}

/**
 * The envtrace format's parser (the `envtrace` importer, and `parseTrace` for an object): a trace
 * from JSON text (`{schema_version?, events: [...]}` or a bare array, or JSON Lines with one event
 * per line) or from an already-parsed object. Throws `TraceError` naming the file
 * and the path inside it (`events[3].timestamp: expected a finite number`), also for an event
 * `value` or `meta` nested more than `MAX_DEPTH` (256) levels of arrays and objects deep or
 * circular (README "Limits").
 */
export function parseEnvtrace(input: unknown, options: EnvtraceOptions = {}): Trace {
  const opts = resolved(options);
  if (input instanceof Trace) return assertTraceDepth(input, opts.file);
  if (typeof input === 'string') {
    const format = opts.format ?? (opts.file && isJsonLinesName(opts.file) ? 'jsonl' : undefined);
    if (format === 'jsonl') return checkedTrace(parseJsonLines(input, opts), opts, null);
    const fast = pythonValues(opts) ? undefined : parseCommonDocument(input, opts);
    if (fast !== undefined) return fast;
    let doc: unknown;
    try {
      doc = parseJsonText(input, opts);
    } catch (e) {
      if (format === undefined && looksLikeJsonLines(input))
        return checkedTrace(parseJsonLines(input, opts), opts, null);
      if (e instanceof EnvTraceError && !(e instanceof TraceError))
        throw new TraceError(e.message, {}, { cause: e });
      throw e;
    }
    const { items, prefix } = eventsOfDocument(doc, opts);
    return checkedTrace(toEvents(items, prefix, opts, true), opts, prefix);
  }
  const { items, prefix } = eventsOfDocument(input, opts);
  return checkedTrace(toEvents(items, prefix, opts), opts, prefix);
}

const TWO_53 = 2 ** 53;

/**
 * Default mode, a JSON document, the common case: `JSON.parse` and the events, without first
 * scanning the whole text for integers beyond 2^53 (which `JSON.parse` rounds; the scan costs a
 * fifth of the parse). Where such an integer would matter is checked on the events instead: a
 * number value at or beyond 2^53 sends the text to the exact route, a value or `meta` that is an
 * object or array makes the text scan run as before, and timestamps are doubles either way (an
 * exact big integer is rounded to the same double). Anything that fails — a syntax error, a bad
 * event, a check — also takes the exact route, so errors and their messages (which quote values
 * as read) are those of `parseJsonText`. `undefined`: use the exact route.
 */
function parseCommonDocument(text: string, opts: ReadOptions): Trace | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A repeated key (JSON.parse kept the last): the exact route names it.
  if (countKeysInText(text) !== countKeysInValue(doc)) return undefined;
  try {
    const { items, prefix } = eventsOfDocument(doc, opts);
    const events = toEvents(items, prefix, opts, true);
    let nested = false;
    for (let i = 0; i < events.length; i++) {
      const { value, meta } = events[i]!;
      if (typeof value === 'number') {
        if ((value >= TWO_53 || value <= -TWO_53) && Number.isInteger(value)) return undefined;
      } else if (typeof value === 'object' && value !== null) nested = true;
      if (meta !== undefined) nested = true;
    }
    if (nested && hasLongDigitRun(text)) return undefined;
    return checkedTrace(events, opts, prefix);
  } catch {
    return undefined;
  }
}

/**
 * A trace file's bytes as text (UTF-8, or UTF-16 after its byte order mark: `decodeText`); anything
 * else is a `TraceError` naming the byte offset (never U+FFFD).
 */
export function traceText(bytes: Uint8Array, file: string): string {
  try {
    return decodeText(bytes);
  } catch (e) {
    if (e instanceof Utf8DecodeError || e instanceof Utf16DecodeError)
      throw new TraceError(e.message, { file }, { cause: e });
    throw e;
  }
}

/** How `loadJsonLines` reads a file. */
export interface JsonLinesFileOptions {
  /**
   * The file has no telling extension and was taken for JSON Lines by its content: it is read as
   * such only if `parseEnvtrace` would read its text so (at least two non-blank lines, each starting
   * with `{`); else `loadJsonLines` returns `undefined` (the caller reads it as one document).
   */
  readonly sniffed?: boolean | undefined;
  /** Drop a byte order mark at the start of the file (as `importFile` does). @default false */
  readonly stripBom?: boolean | undefined;
  /** Bytes read at a time. @default 65536 */
  readonly chunkSize?: number | undefined;
}

/**
 * The line consumer of a JSON Lines file: the events of `JsonLinesEvents`, and for a sniffed
 * file the check that `parseEnvtrace` would read its text as JSON Lines (`looksLikeJsonLines`,
 * line by line). A sniffed file keeps being checked after a bad line, whose error counts only if
 * the whole file passes.
 */
class JsonLinesFile {
  private readonly collect: JsonLinesEvents;
  private nonBlank = 0;
  private failed = false;
  private failure: unknown;

  constructor(
    private readonly opts: ReadOptions,
    private readonly how: JsonLinesFileOptions,
  ) {
    this.collect = new JsonLinesEvents(opts);
  }

  readonly line = (line: string): void => {
    if (!this.how.sniffed) {
      this.collect.line(line);
      return;
    }
    const start = line.trimStart();
    if (start !== '') {
      // Not JSON Lines: the rest of the file is not read (the caller reads it whole).
      // STOP_READING is the line reader's sentinel (a symbol), not an error: it ends the read.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (start.charCodeAt(0) !== 0x7b /* { */) throw STOP_READING;
      this.nonBlank++;
    }
    if (this.failed) return;
    try {
      this.collect.line(line);
    } catch (e) {
      this.failed = true;
      this.failure = e;
    }
  };

  /** After the last line: the trace, or `undefined` when a sniffed file is not JSON Lines after all. */
  trace(): Trace | undefined {
    if (this.how.sniffed && this.nonBlank < 2) return undefined;
    if (this.failed) throw this.failure;
    return checkedTrace(this.collect.events, this.opts, null);
  }
}

/**
 * Read a JSON Lines trace file as a stream (`src/io/lines.ts`): events are parsed as lines
 * arrive, the whole text never exists as one string, and the events and errors are those of
 * `parseEnvtrace` on the file's text (an invalid UTF-8 byte anywhere is reported before a bad line,
 * as when the whole file is decoded first). `undefined`: see `JsonLinesFileOptions.sniffed`.
 */
export function loadJsonLinesSync(
  file: string,
  options: Omit<EnvtraceOptions, 'file' | 'format'>,
  how: JsonLinesFileOptions = {},
): Trace | undefined {
  const consumer = new JsonLinesFile(resolved({ ...options, file }), how);
  if (!readLinesSync(file, consumer.line, { chunkSize: how.chunkSize, stripBom: how.stripBom }))
    return undefined;
  return consumer.trace();
}

/** Asynchronous `loadJsonLinesSync` (the file is read with a read stream). */
export async function loadJsonLines(
  file: string,
  options: Omit<EnvtraceOptions, 'file' | 'format'>,
  how: JsonLinesFileOptions = {},
): Promise<Trace | undefined> {
  const consumer = new JsonLinesFile(resolved({ ...options, file }), how);
  if (!(await readLines(file, consumer.line, { chunkSize: how.chunkSize, stripBom: how.stripBom })))
    return undefined;
  return consumer.trace();
}

/** The start of a file that may be JSON Lines (see `sniffJsonLines`). */
export interface JsonLinesHead {
  /** The complete lines of the head (up to its last line break), decoded, a byte order mark dropped. */
  readonly text: string;
  /** The first non-blank of those lines, parsed: an object or an array. */
  readonly first: unknown;
}

/**
 * Whether a file whose first bytes are `head` (not the whole file) may be JSON Lines: its first
 * non-blank complete line is one complete JSON value starting with `{` or `[`, so the file is not
 * one JSON document unless only blanks follow. A hint for the readers that stream (`loadEnvtraceFile`,
 * `importFile`): `loadJsonLines` with `sniffed` checks the rest. `undefined` (read the file
 * whole): no complete line in the head (a one-line document longer than it), not UTF-8 up to
 * there (the whole reading reports the byte), or another first line (the `{` of an indented
 * document).
 */
export function sniffJsonLines(head: Uint8Array): JsonLinesHead | undefined {
  // The complete lines of the head ("\n" is never inside a multi-byte character).
  const cut = head.lastIndexOf(0x0a);
  if (cut < 0) return undefined;
  let text: string;
  try {
    text = decodeUtf8(head.subarray(0, cut + 1));
  } catch {
    return undefined;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '');
  if (line === undefined || !/^\s*[[{]/.test(line)) return undefined;
  try {
    return { text, first: JSON.parse(line) };
  } catch {
    return undefined;
  }
}

/** Whether a file name says JSON Lines: a `.jsonl` or `.ndjson` extension (any case). */
export function isJsonLinesName(file: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(file);
}

/** Whether `loadEnvtraceFile` reads `file` as JSON Lines: `format: "jsonl"`, or no format and a `.jsonl` / `.ndjson` name. */
function isJsonLinesFile(file: string, format: EnvtraceOptions['format']): boolean {
  return (format ?? (isJsonLinesName(file) ? 'jsonl' : undefined)) === 'jsonl';
}

/**
 * Read and parse an envtrace-format file (see `parseEnvtrace`); not public, the public `loadTrace`
 * is `importFile`'s, which reads an envtrace file the same way. JSON Lines are read as a stream, line by line,
 * the text never held whole: a `.jsonl` / `.ndjson` file or `format: "jsonl"` always, and with no
 * `format` any other regular file over 64 KiB that is JSON Lines by its content (`sniffJsonLines`),
 * with the events and errors of reading it whole. Anything else (a JSON document, `format:
 * "json"`, a smaller file, a pipe) is read whole.
 */
export function loadEnvtraceFile(
  file: string,
  options: Omit<EnvtraceOptions, 'file'> = {},
): Promise<Trace> {
  return loadEnvtraceFileChunked(file, options, {});
}

/** Synchronous `loadEnvtraceFile` (for matchers, which run synchronously); JSON Lines are read in chunks into one buffer. */
export function loadEnvtraceFileSync(
  file: string,
  options: Omit<EnvtraceOptions, 'file'> = {},
): Trace {
  return loadEnvtraceFileSyncChunked(file, options, {});
}

/** `loadEnvtraceFile` with chosen chunk sizes (not public: for tests). */
export async function loadEnvtraceFileChunked(
  file: string,
  options: Omit<EnvtraceOptions, 'file'>,
  chunks: ReadChunks,
): Promise<Trace> {
  const opts = resolved(options);
  const { format, ...rest } = opts;
  // Not sniffed: a trace or an error, never `undefined`.
  if (isJsonLinesFile(file, format))
    return (await loadJsonLines(file, rest, { chunkSize: chunks.chunk }))!;
  // With no format, the start of the file tells JSON Lines; a file it cannot read is left to the
  // whole reading, whose errors are the ones reported.
  const start =
    format === undefined ? await readStart(file, chunks.head).catch(() => undefined) : undefined;
  if (start?.complete === false && sniffJsonLines(start.bytes)) {
    const trace = await loadJsonLines(file, rest, { sniffed: true, chunkSize: chunks.chunk });
    if (trace) return trace;
  }
  let bytes: Uint8Array;
  try {
    bytes = start?.complete ? start.bytes : await readWhole(file);
  } catch (e) {
    throw traceReadError(file, e);
  }
  return parseEnvtrace(traceText(bytes, file), { ...opts, file });
}

/** `loadEnvtraceFileSync` with chosen chunk sizes (not public: for tests). */
export function loadEnvtraceFileSyncChunked(
  file: string,
  options: Omit<EnvtraceOptions, 'file'>,
  chunks: ReadChunks,
): Trace {
  const opts = resolved(options);
  const { format, ...rest } = opts;
  if (isJsonLinesFile(file, format))
    return loadJsonLinesSync(file, rest, { chunkSize: chunks.chunk })!;
  let start: ReturnType<typeof readStartSync>;
  try {
    start = format === undefined ? readStartSync(file, chunks.head) : undefined;
  } catch {
    start = undefined;
  }
  if (start?.complete === false && sniffJsonLines(start.bytes)) {
    const trace = loadJsonLinesSync(file, rest, { sniffed: true, chunkSize: chunks.chunk });
    if (trace) return trace;
  }
  let bytes: Uint8Array;
  try {
    bytes = start?.complete ? start.bytes : readWholeSync(file);
  } catch (e) {
    throw traceReadError(file, e);
  }
  return parseEnvtrace(traceText(bytes, file), { ...opts, file });
}
