/**
 * OTLP/JSON logs (`{resourceLogs: [{scopeLogs: [{logRecords: [...]}]}]}`) with the OpenTelemetry
 * GenAI events, as `@opentelemetry/instrumentation-openai` writes them when message content is
 * captured (`OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`): the model's tool calls are
 * in `gen_ai.choice` events (`body.message.tool_calls`), what each tool returned in the
 * `gen_ai.tool.message` event of the next request (`body.id`, `body.content`). The spans of that
 * instrumentation carry no calls, so the logs are where a trajectory is. Read by the `otlp`
 * importer.
 */
import { isPlainObject } from '../py/value.js';
import { Where, parseJsonDocuments } from './json.js';
import { decodeAnyValue } from './spans.js';
import { ExactTime, nanosOf, timeFromNanos, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson } from './values.js';
import { countedKinds, noEventsError, warn } from './warnings.js';

/** Whether the first JSON value looks like an OTLP/JSON logs document. */
export function isOtlpLogsDocument(first: unknown): first is Record<string, unknown> {
  return isPlainObject(first) && Array.isArray(first['resourceLogs']);
}

/** One log record, decoded: its event name, time, body and where it is. */
interface LogRecord {
  readonly where: Where;
  readonly event: string | undefined;
  readonly time: ExactTime | undefined;
  readonly body: unknown;
  readonly traceId: string | undefined;
  readonly spanId: string | undefined;
}

/**
 * The record's event name: the `eventName` field (OTLP 1.5+), else the `event.name` attribute
 * (the logs bridge of the SDK before it, as the instrumentation writes it).
 */
function eventNameOf(
  rec: Record<string, unknown>,
  w: Where,
  ctx: ImportContext,
): string | undefined {
  if (typeof rec['eventName'] === 'string' && rec['eventName'] !== '') return rec['eventName'];
  const aw = w.at('attributes');
  let name: string | undefined;
  aw.array(rec['attributes'] ?? [], 'an array of attributes').forEach((a, i) => {
    const kv = aw.at(i).object(a, 'an attribute ({"key", "value"})');
    if (kv['key'] !== 'event.name') return;
    const v = decodeAnyValue(kv['value'], aw.at(i, 'value'), ctx);
    if (typeof v !== 'string') aw.at(i, 'value').fail('expected a string value for "event.name"');
    name = v as string;
  });
  return name;
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
              const id = (key: string) =>
                typeof rec[key] === 'string' && rec[key] !== '' ? rec[key] : undefined;
              out.push({
                where,
                event: eventNameOf(rec, where, ctx),
                time: recordTime(rec, where),
                body:
                  rec['body'] === undefined
                    ? undefined
                    : decodeAnyValue(rec['body'], where.at('body'), ctx),
                traceId: id('traceId'),
                spanId: id('spanId'),
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

/**
 * The tool calls of OTLP/JSON logs with GenAI events: one event per tool call of a `gen_ai.choice`
 * event, at the record's time, named by `function.name`, its value the parsed `arguments`; meta
 * `callId`, `choice` (the body's `index`), `finishReason`, `parallel_group` (the calls of one
 * choice), `traceId`/`spanId` (the model span), and `result` from the `gen_ai.tool.message` of the
 * same id. A `gen_ai.assistant.message` repeats calls of an earlier choice as history for the next
 * request; calls found only there were not made in this run: warned, not read.
 */
export function genaiLogEvents(text: string, ctx: ImportContext): RawEvent[] {
  const records = otlpLogRecords(text, ctx);
  const events: RawEvent[] = [];
  const byId = new Map<string, RawEvent & { readonly meta: Record<string, unknown> }>();
  records.forEach((r, group) => {
    if (r.event !== 'gen_ai.choice') return;
    const calls = toolCallsOf(r.body, true);
    if (calls.length === 0) return;
    if (r.time === undefined)
      r.where.fail('a gen_ai.choice event with tool calls and no time (timeUnixNano)');
    const body = r.body as Record<string, unknown>;
    const bw = r.where.at('body');
    calls.forEach((c, i) => {
      const cw = bw.at('message', 'tool_calls', i);
      const call = cw.object(c, 'a tool call object');
      const fn = cw.at('function').object(call['function'], 'a {"name", "arguments"} object');
      const channel = cw.at('function', 'name').string(fn['name']);
      const meta: Record<string, unknown> = { parallel_group: group };
      const id = typeof call['id'] === 'string' && call['id'] !== '' ? call['id'] : undefined;
      if (id !== undefined) meta['callId'] = id;
      if (typeof body['index'] === 'number') meta['choice'] = body['index'];
      if (typeof body['finish_reason'] === 'string') meta['finishReason'] = body['finish_reason'];
      if (r.traceId !== undefined) meta['traceId'] = r.traceId;
      if (r.spanId !== undefined) meta['spanId'] = r.spanId;
      let value: unknown = importValue(fn['arguments'] ?? {}, ctx);
      if (typeof fn['arguments'] === 'string') {
        const parsed = parseEmbeddedJson(fn['arguments'], ctx);
        if (parsed.ok) value = parsed.value;
        else meta['argumentsError'] = parsed.reason;
      }
      const event = { channel, time: r.time!, value, meta };
      events.push(event);
      if (id !== undefined && !byId.has(id)) byId.set(id, event);
    });
  });
  for (const r of records) {
    if (r.event === 'gen_ai.tool.message' && isPlainObject(r.body)) {
      const id = r.body['id'];
      const call = typeof id === 'string' ? byId.get(id) : undefined;
      // The tool message of a call is repeated in every later request's history: the first counts.
      if (call !== undefined && !('result' in call.meta))
        call.meta['result'] = importValue(r.body['content'] ?? null, ctx);
      else if (call === undefined)
        warn(
          ctx,
          'unpaired-result',
          `a gen_ai.tool.message for call ${JSON.stringify(id ?? null)} answers no gen_ai.choice tool call of this file: not read`,
          { path: r.where.pathText },
        );
    } else if (r.event === 'gen_ai.assistant.message') {
      const unseen = toolCallsOf(r.body, false).filter(
        (c) => !(isPlainObject(c) && typeof c['id'] === 'string' && byId.has(c['id'])),
      );
      if (unseen.length > 0)
        warn(
          ctx,
          'unmapped-record',
          `a gen_ai.assistant.message with ${unseen.length} tool call${unseen.length === 1 ? '' : 's'} no gen_ai.choice of this file made (history given to the model): not read`,
          { path: r.where.pathText },
        );
    }
  }
  if (events.length === 0) {
    const kinds = new Map<string, number>();
    for (const r of records) {
      const k = r.event ?? 'without an event name';
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    throw noEventsError(
      `${records.length} OTLP log record${records.length === 1 ? '' : 's'}${kinds.size > 0 ? ` (${countedKinds(kinds)})` : ''}, no gen_ai.choice event with tool calls (@opentelemetry/instrumentation-openai writes them with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)`,
      ctx.file,
    );
  }
  return events;
}
