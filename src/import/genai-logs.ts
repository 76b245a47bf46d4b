/**
 * OTLP/JSON logs (`{resourceLogs: [{scopeLogs: [{logRecords: [...]}]}]}`) with the OpenTelemetry
 * GenAI events, as `@opentelemetry/instrumentation-openai` writes them when message content is
 * captured (`OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`). Chat Completions: the
 * model's tool calls are in `gen_ai.choice` events (`body.message.tool_calls`), what each tool
 * returned in the `gen_ai.tool.message` events of the next request. The Responses API: one
 * `gen_ai.client.inference.operation.details` event per request (`gen_ai.input.messages`) and per
 * response (`gen_ai.output.messages`), the calls and answers as `tool_call` / `tool_call_response`
 * parts. The spans of that instrumentation carry no calls, so the logs are where a trajectory is.
 * Read by the `otlp` importer.
 */
import { isPlainObject } from '../py/value.js';
import { Where, parseJsonDocuments } from './json.js';
import {
  attribute,
  attributeMap,
  decodeAnyValue,
  stringAttribute,
  type Attributes,
} from './spans.js';
import { ExactTime, nanosOf, timeFromNanos, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson } from './values.js';
import { countedKinds, noEventsError, warn } from './warnings.js';

/** Whether the first JSON value looks like an OTLP/JSON logs document. */
export function isOtlpLogsDocument(first: unknown): first is Record<string, unknown> {
  return isPlainObject(first) && Array.isArray(first['resourceLogs']);
}

/** One log record, decoded: its event name, time, body, attributes and where it is. */
interface LogRecord {
  readonly where: Where;
  readonly event: string | undefined;
  readonly time: ExactTime | undefined;
  readonly body: unknown;
  /** Decoded when asked (`attribute`); a repeated key is an error, as in a span. */
  readonly attributes: Attributes;
  readonly traceId: string | undefined;
  readonly spanId: string | undefined;
}

/** A string field, or `undefined` when it is absent, empty or not a string. */
function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * The record's event name: the `eventName` field (OTLP 1.5+, the instrumentation's newer events),
 * else the `event.name` attribute (its older ones, written as the logs bridge did before).
 */
function eventNameOf(
  rec: Record<string, unknown>,
  attributes: Attributes,
  ctx: ImportContext,
): string | undefined {
  return nonEmpty(rec['eventName']) ?? stringAttribute({ attributes }, 'event.name', ctx);
}

/** The record's time: `timeUnixNano`, or `observedTimeUnixNano` when that is unset (0 or absent). */
function recordTime(rec: Record<string, unknown>, w: Where): ExactTime | undefined {
  for (const key of ['timeUnixNano', 'observedTimeUnixNano'] as const) {
    if (rec[key] === undefined) continue;
    const ns = nanosOf(rec[key]);
    if (ns === undefined)
      throw w.at(key).error('expected integer nanoseconds (a string of digits)');
    if (ns > 0n) return timeFromNanos(ns);
  }
  return undefined;
}

/** Every log record of an OTLP/JSON logs text (one document or JSON Lines of them), in order. */
function otlpLogRecords(text: string, ctx: ImportContext): LogRecord[] {
  const out: LogRecord[] = [];
  for (const doc of parseJsonDocuments(text, ctx.file, ctx.mode)) {
    const top = doc.where.object(doc.value, 'an OTLP/JSON logs document ({"resourceLogs": [...]})');
    const rw = doc.where.at('resourceLogs');
    rw.array(top['resourceLogs'] ?? [], 'an array of resource logs').forEach((rl, i) => {
      const sw = rw.at(i, 'scopeLogs');
      sw.array(rw.at(i).object(rl)['scopeLogs'] ?? [], 'an array of scope logs').forEach(
        (sl, j) => {
          const lw = sw.at(j, 'logRecords');
          lw.array(sw.at(j).object(sl)['logRecords'] ?? [], 'an array of log records').forEach(
            (lr, k) => {
              const where = lw.at(k);
              const rec = where.object(lr, 'a log record object');
              const attributes = attributeMap(rec, where, true, 'record');
              out.push({
                where,
                event: eventNameOf(rec, attributes, ctx),
                attributes,
                time: recordTime(rec, where),
                body:
                  rec['body'] === undefined
                    ? undefined
                    : decodeAnyValue(rec['body'], where.at('body'), ctx),
                traceId: nonEmpty(rec['traceId']),
                spanId: nonEmpty(rec['spanId']),
              });
            },
          );
        },
      );
    });
  }
  return out;
}

/** The `tool_calls` of a body (`gen_ai.choice`: under `message`; `gen_ai.assistant.message`: top). */
function toolCallsOf(body: unknown, underMessage: boolean): readonly unknown[] {
  if (!isPlainObject(body)) return [];
  const holder = underMessage ? body['message'] : body;
  return isPlainObject(holder) && Array.isArray(holder['tool_calls']) ? holder['tool_calls'] : [];
}

/** A call read, its meta still open for the result. */
type CallEvent = RawEvent & { readonly meta: Record<string, unknown> };

/** The newer event, one per request and one per response, its messages in attributes. */
const DETAILS = 'gen_ai.client.inference.operation.details';

/**
 * A call's arguments: JSON text parsed (kept as the text, with `argumentsError`, when it does not
 * parse). Absent, they were left out (the instrumentation deletes them unless message content is
 * captured; a call without parameters has `"{}"`): `null`, with `argumentsOmitted`, and the caller
 * warns.
 */
function argumentsValue(raw: unknown, meta: Record<string, unknown>, ctx: ImportContext): unknown {
  if (raw === undefined || raw === null) {
    meta['argumentsOmitted'] = true;
    return null;
  }
  if (typeof raw !== 'string') return importValue(raw, ctx);
  const parsed = parseEmbeddedJson(raw, ctx);
  if (parsed.ok) return parsed.value;
  meta['argumentsError'] = parsed.reason;
  return raw;
}

/** The meta every call of record `r` shares. */
function callMeta(r: LogRecord, group: number): Record<string, unknown> {
  const meta: Record<string, unknown> = { parallel_group: group };
  if (r.traceId !== undefined) meta['traceId'] = r.traceId;
  if (r.spanId !== undefined) meta['spanId'] = r.spanId;
  return meta;
}

/** The record's time, required once it holds calls. */
function timeOfCalls(r: LogRecord): ExactTime {
  if (r.time === undefined)
    r.where.fail(`a ${r.event ?? ''} event with tool calls and no time (timeUnixNano)`);
  return r.time;
}

/** The calls of a `gen_ai.choice` event (`body.message.tool_calls`, Chat Completions' shape). */
function choiceCalls(
  r: LogRecord,
  group: number,
  ctx: ImportContext,
): Array<[CallEvent, string | undefined]> {
  const calls = toolCallsOf(r.body, true);
  if (calls.length === 0) return [];
  const time = timeOfCalls(r);
  const body = r.body as Record<string, unknown>;
  const bw = r.where.at('body');
  return calls.map((c, i) => {
    const cw = bw.at('message', 'tool_calls', i);
    const call = cw.object(c, 'a tool call object');
    const fn = cw.at('function').object(call['function'], 'a {"name", "arguments"} object');
    const channel = cw.at('function', 'name').string(fn['name']);
    const meta = callMeta(r, group);
    const id = nonEmpty(call['id']);
    if (id !== undefined) meta['callId'] = id;
    if (typeof body['index'] === 'number') meta['choice'] = body['index'];
    if (typeof body['finish_reason'] === 'string') meta['finishReason'] = body['finish_reason'];
    return [{ channel, time, value: argumentsValue(fn['arguments'], meta, ctx), meta }, id];
  });
}

/**
 * A messages attribute (`gen_ai.input.messages`, `gen_ai.output.messages`): structured, or the
 * JSON text of the messages; `[]` when absent.
 */
function messagesAttr(r: LogRecord, key: string, ctx: ImportContext): readonly unknown[] {
  let v = attribute(r, key, ctx);
  if (v === undefined) return [];
  const where = r.attributes.get(key)!.where;
  if (typeof v === 'string') {
    const parsed = parseEmbeddedJson(v, ctx);
    if (!parsed.ok) throw where.error(`expected the JSON text of a message list: ${parsed.reason}`);
    v = parsed.value;
  }
  if (!Array.isArray(v))
    throw where.error(`expected an array of messages for ${JSON.stringify(key)}`);
  return v as readonly unknown[];
}

function partsOf(message: unknown): readonly unknown[] {
  return isPlainObject(message) && Array.isArray(message['parts']) ? message['parts'] : [];
}

/**
 * The call id of a `tool_call` or `tool_call_response` part: its `call_id` when it has one (the
 * instrumentation's Responses API events keep the item's `id` beside it, and write `id: null` on
 * the responses), else its `id`, as the GenAI conventions have it.
 */
function partCallId(part: Record<string, unknown>): string | undefined {
  return nonEmpty(part['call_id']) ?? nonEmpty(part['id']);
}

/** The calls of a `gen_ai.client.inference.operation.details` event: its output messages' `tool_call` parts. */
function detailsCalls(
  r: LogRecord,
  group: number,
  ctx: ImportContext,
): Array<[CallEvent, string | undefined]> {
  const out: Array<[CallEvent, string | undefined]> = [];
  const where = r.attributes.get('gen_ai.output.messages')?.where;
  messagesAttr(r, 'gen_ai.output.messages', ctx).forEach((m, i) => {
    partsOf(m).forEach((p, j) => {
      if (!isPlainObject(p) || p['type'] !== 'tool_call') return;
      const channel = where!.at(i, 'parts', j, 'name').string(p['name']);
      const meta = callMeta(r, group);
      const id = partCallId(p);
      if (id !== undefined) meta['callId'] = id;
      if (typeof p['id'] === 'string' && p['id'] !== id) meta['itemId'] = p['id'];
      const reason = isPlainObject(m) ? m['finish_reason'] : undefined;
      if (typeof reason === 'string') meta['finishReason'] = reason;
      out.push([
        { channel, time: timeOfCalls(r), value: argumentsValue(p['arguments'], meta, ctx), meta },
        id,
      ]);
    });
  });
  return out;
}

/**
 * The tool calls of OTLP/JSON logs with GenAI events, as `@opentelemetry/instrumentation-openai`
 * writes them: one event per tool call the model made, at the record's time — from a
 * `gen_ai.choice` event (Chat Completions: `body.message.tool_calls`, named by `function.name`) or
 * from the `gen_ai.output.messages` of a `gen_ai.client.inference.operation.details` event (the
 * Responses API: `tool_call` parts) — its value the parsed arguments; meta `callId`,
 * `finishReason`, `parallel_group` (the calls of one record), `traceId`/`spanId` (the model span),
 * and `result`: the `gen_ai.tool.message` content, or the `tool_call_response` part of a later
 * request's input messages, with the call's id. Each request repeats the conversation so far: the
 * first answer of a call counts, and calls found only in that history were not made by this run
 * (warned, not read).
 */
export function genaiLogEvents(text: string, ctx: ImportContext): RawEvent[] {
  const records = otlpLogRecords(text, ctx);
  const events: CallEvent[] = [];
  const byId = new Map<string, CallEvent>();
  records.forEach((r, group) => {
    const calls =
      r.event === 'gen_ai.choice'
        ? choiceCalls(r, group, ctx)
        : r.event === DETAILS
          ? detailsCalls(r, group, ctx)
          : [];
    for (const [event, id] of calls) {
      events.push(event);
      if (id !== undefined && !byId.has(id)) byId.set(id, event);
    }
  });
  // Each id is warned about once, however many later requests repeat it.
  const unpaired = new Set<string | undefined>();
  const historyOnly = new Set<string | undefined>();
  const answered = new Set<CallEvent>();
  const answer = (id: string | undefined, result: unknown, r: LogRecord, what: string) => {
    const call = id === undefined ? undefined : byId.get(id);
    if (call !== undefined) {
      // Without captured content the answer has no content: the call stays without a result.
      if (!answered.has(call) && result !== undefined && result !== null)
        call.meta['result'] = importValue(result, ctx);
      answered.add(call);
    } else if (!unpaired.has(id)) {
      unpaired.add(id);
      warn(
        ctx,
        'unpaired-result',
        `a ${what} for call ${JSON.stringify(id ?? null)} answers no tool call of this file: not read`,
        { path: r.where.pathText },
      );
    }
  };
  const history = (ids: ReadonlyArray<string | undefined>, r: LogRecord) => {
    const unseen = ids.filter((id) => !(id !== undefined && byId.has(id)) && !historyOnly.has(id));
    for (const id of unseen) historyOnly.add(id);
    if (unseen.length > 0)
      warn(
        ctx,
        'unmapped-record',
        `a ${r.event ?? ''} event with ${unseen.length} tool call${unseen.length === 1 ? '' : 's'} this file does not show the model making (history given to the model): not read`,
        { path: r.where.pathText },
      );
  };
  for (const r of records) {
    if (r.event === 'gen_ai.tool.message' && isPlainObject(r.body)) {
      const id = r.body['id'];
      answer(typeof id === 'string' ? id : undefined, r.body['content'], r, 'gen_ai.tool.message');
    } else if (r.event === 'gen_ai.assistant.message') {
      history(
        toolCallsOf(r.body, false).map((c) => (isPlainObject(c) ? nonEmpty(c['id']) : undefined)),
        r,
      );
    } else if (r.event === DETAILS) {
      const ids: Array<string | undefined> = [];
      for (const m of messagesAttr(r, 'gen_ai.input.messages', ctx))
        for (const p of partsOf(m)) {
          if (!isPlainObject(p)) continue;
          if (p['type'] === 'tool_call_response')
            answer(partCallId(p), p['response'], r, 'tool_call_response part');
          else if (p['type'] === 'tool_call') ids.push(partCallId(p));
        }
      history(ids, r);
    }
  }
  const omitted = events.filter((e) => e.meta['argumentsOmitted'] === true);
  if (omitted.length > 0)
    warn(
      ctx,
      'content-omitted',
      `${omitted.length} of ${events.length} tool calls without arguments (${[...new Set(omitted.map((e) => e.channel))].slice(0, 3).join(', ')}): the instrumentation leaves them out unless OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true; read with the value null`,
    );
  if (events.length === 0) {
    const kinds = new Map<string, number>();
    for (const r of records) {
      const k = r.event ?? 'without an event name';
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    throw noEventsError(
      `${records.length} OTLP log record${records.length === 1 ? '' : 's'}${kinds.size > 0 ? ` (${countedKinds(kinds)})` : ''}, no tool call in a gen_ai.choice or a ${DETAILS} event (@opentelemetry/instrumentation-openai writes them with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)`,
      ctx.file,
    );
  }
  return events;
}
