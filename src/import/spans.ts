/**
 * OTLP/JSON traces (`{resourceSpans: [{scopeSpans: [{spans: [...]}]}]}`, one document or JSON Lines
 * of them): span iteration, attribute (`AnyValue`) decoding and the span fields every OTLP importer
 * puts in `meta`. Shared by the `otlp` (OpenTelemetry GenAI) and `openinference` importers.
 */
import { isPlainObject } from '../py/value.js';
import { Where, parseJsonDocuments } from './json.js';
import { ExactTime, nanosOf, secondsBetween, timeFromNanos } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson } from './values.js';
import { clipForMessage } from '../io/terminal.js';
import { noEventsError } from './warnings.js';
import type { TraceError } from '../errors.js';

/** Attribute key → raw `AnyValue` and its location. */
export type Attributes = ReadonlyMap<string, { readonly value: unknown; readonly where: Where }>;

/** One span with its location and its attributes by key. */
export interface SpanRecord {
  readonly span: Record<string, unknown>;
  readonly where: Where;
  /** A repeated key: an error, reference mode the last. */
  readonly attributes: Attributes;
}

/**
 * The `attributes` list (`[{key, value}]`) of a span or log record (`owner`, at `where`) by key.
 * A repeated key is an error when `strict` (as ambiguous as a repeated JSON key), else the last
 * wins.
 */
export function attributeMap(
  owner: Record<string, unknown>,
  where: Where,
  strict: boolean,
  what: string,
): Attributes {
  const attributes = new Map<string, { value: unknown; where: Where }>();
  const aw = where.at('attributes');
  aw.array(owner['attributes'] ?? [], 'an array of attributes').forEach((a, n) => {
    const w = aw.at(n);
    const kv = w.object(a, 'an attribute ({"key", "value"})');
    const key = w.at('key').string(kv['key']);
    if (strict && attributes.has(key))
      throw w.at('key').error(`duplicate attribute key ${JSON.stringify(key)} in this ${what}`);
    attributes.set(key, { value: kv['value'], where: w.at('value') });
  });
  return attributes;
}

/** Every span of an OTLP/JSON text, in document order. Malformed structure is a `TraceError` at its JSON path. */
export function otlpSpans(
  text: string,
  file: string | undefined,
  mode: 'default' | 'reference' | undefined = 'default',
): SpanRecord[] {
  const out: SpanRecord[] = [];
  for (const doc of parseJsonDocuments(text, file, mode)) {
    const top = doc.where.object(doc.value, 'an OTLP/JSON document ({"resourceSpans": [...]})');
    const rsWhere = doc.where.at('resourceSpans');
    const resourceSpans = rsWhere.array(top['resourceSpans'] ?? [], 'an array of resource spans');
    resourceSpans.forEach((rs, i) => {
      const rw = rsWhere.at(i);
      const r = rw.object(rs);
      // `instrumentationLibrarySpans` is the pre-1.0 name of `scopeSpans`.
      const key =
        'scopeSpans' in r || !('instrumentationLibrarySpans' in r)
          ? 'scopeSpans'
          : 'instrumentationLibrarySpans';
      const sw = rw.at(key);
      sw.array(r[key] ?? [], 'an array of scope spans').forEach((ss, j) => {
        const scw = sw.at(j);
        const spw = scw.at('spans');
        spw.array(scw.object(ss)['spans'] ?? [], 'an array of spans').forEach((sp, k) => {
          const where = spw.at(k);
          const span = where.object(sp, 'a span object');
          const attributes = attributeMap(span, where, mode !== 'reference', 'span');
          out.push({ span, where, attributes });
        });
      });
    });
  }
  return out;
}

/**
 * Decode an OTLP `AnyValue` (`{stringValue}`, `{intValue}`, `{doubleValue}`, `{boolValue}`,
 * `{arrayValue: {values}}`, `{kvlistValue: {values: [{key, value}]}}`, `{bytesValue}`) into a
 * JSON-like value. `intValue` (a string in OTLP/JSON) becomes a number, exact: a `bigint` beyond
 * 2^53 in reference mode, the nearest double in default mode. `bytesValue` stays its base64 text.
 * An empty `AnyValue` is `null`.
 */
export function decodeAnyValue(v: unknown, where: Where, ctx: ImportContext): unknown {
  const o = where.object(v, 'an OTLP AnyValue');
  const keys = Object.keys(o);
  if (keys.length === 0) return null;
  if (keys.length > 1)
    where.fail(
      `expected one of stringValue, intValue, doubleValue, boolValue, arrayValue, kvlistValue, bytesValue, got ${keys.join(', ')}`,
    );
  const key = keys[0]!;
  const x = o[key];
  const w = where.at(key);
  switch (key) {
    case 'stringValue':
    case 'bytesValue':
      if (typeof x !== 'string') w.fail('expected a string');
      return x;
    case 'boolValue':
      if (typeof x !== 'boolean') w.fail('expected true or false');
      return x;
    case 'intValue': {
      const text =
        typeof x === 'string'
          ? x
          : typeof x === 'number' && Number.isSafeInteger(x)
            ? String(x)
            : typeof x === 'bigint'
              ? String(x)
              : undefined;
      if (text === undefined || !/^-?\d+$/.test(text))
        throw w.error('expected an integer (as a string of digits)');
      const n = BigInt(text);
      return importValue(
        n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(n)
          : n,
        ctx,
      );
    }
    case 'doubleValue': {
      if (
        typeof x === 'number' ||
        typeof x === 'bigint' ||
        (typeof x === 'object' && x !== null && 'value' in x)
      )
        return importValue(x, ctx);
      // OTLP/JSON writes non-finite doubles as strings; they stay strings (JSON has no NaN).
      if (x === 'NaN' || x === 'Infinity' || x === '-Infinity') return x;
      return w.fail('expected a number');
    }
    case 'arrayValue': {
      const vw = w.at('values');
      return vw
        .array(w.object(x)['values'] ?? [])
        .map((item, i) => decodeAnyValue(item, vw.at(i), ctx));
    }
    case 'kvlistValue': {
      const vw = w.at('values');
      const out: Record<string, unknown> = {};
      vw.array(w.object(x)['values'] ?? []).forEach((item, i) => {
        const iw = vw.at(i);
        const kv = iw.object(item, 'a key-value pair ({"key", "value"})');
        out[iw.at('key').string(kv['key'])] =
          kv['value'] === undefined ? null : decodeAnyValue(kv['value'], iw.at('value'), ctx);
      });
      return out;
    }
    default:
      return w.fail(`unknown AnyValue kind ${JSON.stringify(key)}`);
  }
}

/** The decoded attribute `key` of a span or log record, or `undefined` when absent. */
export function attribute(
  rec: { readonly attributes: Attributes },
  key: string,
  ctx: ImportContext,
): unknown {
  const a = rec.attributes.get(key);
  return a === undefined ? undefined : decodeAnyValue(a.value, a.where, ctx);
}

/** A string attribute, or `undefined` when absent; another kind is a `TraceError`. */
export function stringAttribute(
  rec: { readonly attributes: Attributes },
  key: string,
  ctx: ImportContext,
): string | undefined {
  const v = attribute(rec, key, ctx);
  if (v !== undefined && typeof v !== 'string')
    throw rec.attributes
      .get(key)!
      .where.error(`expected a string value for ${JSON.stringify(key)}`);
  return v;
}

/** The span's start time (`startTimeUnixNano`, exact), or a `TraceError`. */
export function spanStart(rec: SpanRecord): ExactTime {
  const ns = nanosOf(rec.span['startTimeUnixNano']);
  if (ns === undefined)
    throw rec.where
      .at('startTimeUnixNano')
      .error(
        rec.span['startTimeUnixNano'] === undefined
          ? 'required'
          : 'expected integer nanoseconds (a string of digits)',
      );
  return timeFromNanos(ns);
}

const STATUS_NAMES: Record<string, 'UNSET' | 'OK' | 'ERROR'> = {
  '0': 'UNSET',
  '1': 'OK',
  '2': 'ERROR',
  STATUS_CODE_UNSET: 'UNSET',
  STATUS_CODE_OK: 'OK',
  STATUS_CODE_ERROR: 'ERROR',
};

/**
 * The span fields both OTLP importers keep in `meta`: `traceId`, `spanId`, `parentSpanId` (when
 * set), `name`, `startTimeUnixNano` (exact, as a string), `duration` (seconds, when
 * `endTimeUnixNano` is set), `status` (`UNSET`/`OK`/`ERROR`, when set) and `statusMessage`.
 */
export function spanMeta(rec: SpanRecord, start: ExactTime): Record<string, unknown> {
  const s = rec.span;
  const meta: Record<string, unknown> = {};
  for (const k of ['traceId', 'spanId', 'parentSpanId', 'name'] as const) {
    const v = s[k];
    if (typeof v === 'string' && v !== '') meta[k] = v;
  }
  meta['startTimeUnixNano'] = String(start.units);
  if (s['endTimeUnixNano'] !== undefined) {
    const end = nanosOf(s['endTimeUnixNano']);
    if (end === undefined)
      throw rec.where
        .at('endTimeUnixNano')
        .error('expected integer nanoseconds (a string of digits)');
    meta['duration'] = secondsBetween(start, timeFromNanos(end));
  }
  if (s['status'] !== undefined) {
    const sw = rec.where.at('status');
    const st = sw.object(s['status'], 'a status object');
    const code = st['code'] ?? 0;
    const name =
      typeof code === 'number' || typeof code === 'string' ? STATUS_NAMES[String(code)] : undefined;
    if (name === undefined) sw.at('code').fail(`expected 0, 1 or 2, got ${JSON.stringify(code)}`);
    meta['status'] = name;
    if (typeof st['message'] === 'string' && st['message'] !== '')
      meta['statusMessage'] = st['message'];
  }
  return meta;
}

/**
 * A JSON-bearing attribute as a value: a string is parsed as JSON when `json` says so (kept as
 * the string when it does not parse, with the reason in `problems`); any other kind as decoded.
 */
export function jsonAttribute(
  value: unknown,
  json: 'always' | 'if-looks-like' | 'never',
  ctx: ImportContext,
): { value: unknown; problem?: string } {
  if (typeof value !== 'string' || json === 'never') return { value };
  if (json === 'if-looks-like' && !/^\s*[[{]/.test(value)) return { value };
  const r = parseEmbeddedJson(value, ctx);
  return r.ok ? { value: r.value } : { value, problem: r.reason };
}

/** Whether the first JSON value looks like an OTLP/JSON traces document. */
export function isOtlpDocument(first: unknown): first is Record<string, unknown> {
  return isPlainObject(first) && Array.isArray(first['resourceSpans']);
}

/** What each OTLP importer takes for a tool call, for {@link noToolSpansError}. */
const TOOL_SPANS = {
  otlp: 'gen_ai.operation.name "execute_tool", ai.toolCall.name, traceloop.span.kind "tool"',
  openinference: 'openinference.span.kind "TOOL"',
} as const;

/**
 * The error for OTLP that gives no events: how many spans it holds, the first few names, and
 * which attributes make a span a tool call for the importer (`format`).
 */
export function noToolSpansError(
  records: readonly SpanRecord[],
  format: keyof typeof TOOL_SPANS,
  file: string | undefined,
): TraceError {
  const names = [
    ...new Set(records.map((r) => (typeof r.span['name'] === 'string' ? r.span['name'] : ''))),
  ];
  const shown = names
    .slice(0, 5)
    .map((n) => JSON.stringify(clipForMessage(n)))
    .join(', ');
  // GenAI model spans and no tool span: an instrumentation that logs the messages as events
  // (@opentelemetry/instrumentation-openai) keeps the calls in its logs, not on its spans.
  const modelSpans = records.some((r) => {
    const op = r.attributes.get('gen_ai.operation.name')?.value;
    return isPlainObject(op) && op['stringValue'] === 'chat';
  });
  const logs = modelSpans
    ? '; these GenAI model spans hold no calls: an instrumentation that logs the messages (e.g. @opentelemetry/instrumentation-openai) writes them as log events, so give its logs export ("resourceLogs")'
    : '';
  return noEventsError(
    `${records.length} OTLP span${records.length === 1 ? '' : 's'} (${shown}${names.length > 5 ? ', …' : ''}), none of them a tool call as ${format} reads it (${TOOL_SPANS[format]})${logs}`,
    file,
  );
}
