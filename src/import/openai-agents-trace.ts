/**
 * `@openai/agents` trace export: the JSON body the SDK's `OpenAITracingExporter` POSTs to the
 * traces ingest endpoint, `{"data": [...]}` of `trace` and `trace.span` objects (each the SDK's
 * `toJSON()`: `id`, `trace_id`, `parent_id`, `started_at`, `ended_at`, `span_data`, `error`).
 *
 * One event per `function` span (`span_data.type === "function"`): channel = `span_data.name`,
 * value = `span_data.input` (the JSON text of the arguments, parsed), time = `started_at`;
 * `meta.result` = `span_data.output` (parsed when it is JSON text), `meta.error` = the span's
 * `error.message` (the SDK still gives the model a text output for a failed tool), `meta.duration`
 * = `ended_at − started_at` in seconds.
 *
 * Parallel groups: the SDK runs the calls of one model response together, each in a function span
 * that is a sibling of that response's model span (`response` for the Responses API, `generation`
 * for Chat Completions) under the agent span. A function span's group is the model span that comes
 * last before it among its siblings, ordered by `started_at` and then by position in the export
 * (the exporter sends spans as they end, so a call that starts in the millisecond its step's next
 * model span starts still comes before it); a function span whose parent is a model span belongs
 * to that parent. A trace without model spans (a custom `Model`) gives no groups.
 *
 * `trace` objects, and `agent`, `response` and `generation` spans give the structure and are not
 * events; every other span (`handoff`, `guardrail`, `custom`, `mcp_tools`, speech, …) and any item
 * of another `object` kind is skipped with a warning. Worst case O(n log n) for n items.
 */
import { isPlainObject } from '../py/value.js';
import { Where, isoTimeAt, parseJsonDocument } from './json.js';
import { ExactTime, relativeEvents, secondsBetween, type RawEvent } from './time.js';
import type { ImportContext, Importer } from './types.js';
import { importValue, parseEmbeddedJson } from './values.js';
import { countedKinds, noEventsError, warn } from './warnings.js';

/** Span types that carry the run's structure: read for the groups, never warned about. */
const MODEL_SPANS: ReadonlySet<string> = new Set(['response', 'generation']);
const STRUCTURE_SPANS: ReadonlySet<string> = new Set(['agent', ...MODEL_SPANS]);

/** The `object` kinds of an export's items. */
const TRACE = 'trace';
const SPAN = 'trace.span';

/** Whether `v` is an `@openai/agents` export item: an object of `object` kind trace or span. */
function isExportItem(v: unknown): boolean {
  return isPlainObject(v) && (v['object'] === SPAN || v['object'] === TRACE);
}

function timeAt(w: Where, v: unknown): ExactTime {
  return isoTimeAt(w, v, '2026-01-20T09:15:00.000Z');
}

/** Exact comparison of two times. */
function compareTimes(a: ExactTime, b: ExactTime): number {
  const exp = Math.min(a.exp, b.exp);
  const x = a.units * 10n ** BigInt(a.exp - exp);
  const y = b.units * 10n ** BigInt(b.exp - exp);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** JSON text as its value (the SDK stringifies a tool's object output), else the text. */
function textOrJson(v: unknown, ctx: ImportContext): unknown {
  if (typeof v !== 'string') return importValue(v ?? null, ctx);
  if (!/^\s*[[{]/.test(v)) return v;
  const r = parseEmbeddedJson(v, ctx);
  return r.ok ? r.value : v;
}

/** A span as the grouping reads it. */
interface SpanInfo {
  readonly at: number;
  readonly id: string | undefined;
  readonly parent: string | undefined;
  readonly type: string;
  readonly start: ExactTime;
  /** The event of a function span. */
  event?: { readonly raw: RawEvent; readonly meta: Record<string, unknown> };
}

function optionalId(w: Where, v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return w.string(v, 'a span id');
}

function functionEvent(
  span: Record<string, unknown>,
  data: Record<string, unknown>,
  w: Where,
  start: ExactTime,
  ctx: ImportContext,
): { raw: RawEvent; meta: Record<string, unknown> } {
  const dw = w.at('span_data');
  const channel = dw.at('name').string(data['name'], 'the tool name');
  const meta: Record<string, unknown> = {};
  if (typeof span['id'] === 'string') meta['spanId'] = span['id'];
  if (typeof span['trace_id'] === 'string') meta['traceId'] = span['trace_id'];
  // The SDK writes the arguments as the JSON text the model sent ('' when there were none).
  const input = data['input'];
  let value: unknown = null;
  if (typeof input === 'string' && input.trim() !== '') {
    const r = parseEmbeddedJson(input, ctx);
    if (r.ok) value = r.value;
    else {
      value = input;
      meta['argumentsError'] = r.reason;
    }
  } else if (input !== undefined && typeof input !== 'string') value = importValue(input, ctx);
  if (data['output'] !== undefined && data['output'] !== null)
    meta['result'] = textOrJson(data['output'], ctx);
  const error = span['error'];
  if (error !== undefined && error !== null) {
    const e = w.at('error').object(error, 'a span error ({"message", "data"})');
    meta['error'] = typeof e['message'] === 'string' ? e['message'] : importValue(e, ctx);
    if (e['data'] !== undefined && e['data'] !== null)
      meta['errorData'] = importValue(e['data'], ctx);
  }
  if (data['mcp_data'] !== undefined && data['mcp_data'] !== null)
    meta['mcpData'] = importValue(data['mcp_data'], ctx);
  if (span['ended_at'] !== undefined && span['ended_at'] !== null)
    meta['duration'] = secondsBetween(start, timeAt(w.at('ended_at'), span['ended_at']));
  return { raw: { channel, time: start, value, meta }, meta };
}

/** What {@link agentsTraceEvents} read: the events, and how many items of each kind it saw. */
export interface AgentsTraceRead {
  readonly events: RawEvent[];
  readonly kinds: ReadonlyMap<string, number>;
}

/**
 * The mapping of an export's items (`trace` and `trace.span` objects, the SDK's `toJSON()`) to
 * events, shared by the `openai-agents` importer and the live capture of `envtrace-js/openai-agents`
 * (one mapping, so a capture gives the events an import of the same run's export gives). `where`
 * locates the items in errors and warnings; unmapped items are warned about through `ctx`.
 */
export function agentsTraceEvents(
  items: readonly unknown[],
  where: Where,
  ctx: ImportContext,
): AgentsTraceRead {
  const spans: SpanInfo[] = [];
  const kinds = new Map<string, number>();
  const count = (k: string) => kinds.set(k, (kinds.get(k) ?? 0) + 1);
  items.forEach((item, i) => {
    const w = where.at(i);
    const o = w.object(item, 'a trace or span object');
    if (o['object'] === TRACE) {
      count('trace');
      return;
    }
    if (o['object'] !== SPAN) {
      count(typeof o['object'] === 'string' ? o['object'] : 'other');
      warn(
        ctx,
        'unmapped-record',
        `an item of object kind ${JSON.stringify(o['object'] ?? null)} is neither a trace nor a span`,
        { path: w.pathText },
      );
      return;
    }
    const data = w.at('span_data').object(o['span_data'], 'the span data ({"type", …})');
    const type = w.at('span_data', 'type').string(data['type'], 'the span type');
    count(`${type} span`);
    if (type !== 'function' && !STRUCTURE_SPANS.has(type)) {
      warn(
        ctx,
        'unrecognised-span',
        `a ${JSON.stringify(type)} span is not a tool call (only function spans are read)`,
        { path: w.pathText },
      );
      return;
    }
    const start = timeAt(w.at('started_at'), o['started_at']);
    const info: SpanInfo = {
      at: i,
      id: optionalId(w.at('id'), o['id']),
      parent: optionalId(w.at('parent_id'), o['parent_id']),
      type,
      start,
    };
    if (type === 'function') info.event = functionEvent(o, data, w, start, ctx);
    spans.push(info);
  });
  groupCalls(spans);
  return { events: spans.flatMap((s) => (s.event === undefined ? [] : [s.event.raw])), kinds };
}

function parseAgentsTrace(text: string, ctx: ImportContext): RawEvent[] {
  const root = new Where(ctx.file);
  const doc = root.object(
    parseJsonDocument(text, ctx.file, ctx.mode),
    'an @openai/agents trace export ({"data": [...]})',
  );
  const dw = root.at('data');
  const items = dw.array(doc['data'], 'an array of traces and spans');
  const { events, kinds } = agentsTraceEvents(items, dw, ctx);
  if (events.length === 0 && items.length > 0)
    throw noEventsError(
      `${items.length} @openai/agents trace item${items.length === 1 ? '' : 's'} (${countedKinds(kinds)}), no function span`,
      ctx.file,
    );
  return events;
}

/** Set `meta.parallel_group` of every function span from its model step (see the file comment). */
function groupCalls(spans: readonly SpanInfo[]): void {
  const model = new Map<string, SpanInfo>();
  for (const s of spans) if (s.id !== undefined && MODEL_SPANS.has(s.type)) model.set(s.id, s);
  const siblings = new Map<string, SpanInfo[]>();
  for (const s of spans) {
    if (s.type === 'agent') continue;
    const key = s.parent ?? '';
    const list = siblings.get(key);
    if (list) list.push(s);
    else siblings.set(key, [s]);
  }
  for (const list of siblings.values()) {
    list.sort((a, b) => compareTimes(a.start, b.start) || a.at - b.at);
    let step: string | undefined;
    for (const s of list) {
      if (MODEL_SPANS.has(s.type)) step = s.id;
      else if (s.event !== undefined) {
        const group = s.parent !== undefined && model.has(s.parent) ? s.parent : step;
        if (group !== undefined) s.event.meta['parallel_group'] = group;
      }
    }
  }
}

/** `openai-agents` importer: see `docs/importers.md`. */
export const openaiAgentsImporter: Importer = {
  name: 'openai-agents',
  description:
    '@openai/agents trace export ({"data": [...]} of traces and spans, as its OpenAI tracing exporter sends it): one event per function span',
  detect(_text, first) {
    if (!isPlainObject(first) || !Array.isArray(first['data'])) return 0;
    return (first['data'] as unknown[]).some(isExportItem) ? 1 : 0;
  },
  explain(_text, first) {
    if (!isPlainObject(first) || !Array.isArray(first['data'])) return undefined;
    const data = first['data'] as unknown[];
    const spanLike = data.find((d) => isPlainObject(d) && 'span_data' in d);
    if (spanLike === undefined) return undefined;
    return `an @openai/agents trace export ({"data": [...]}), but no item has "object": "trace.span" or "trace" (found ${JSON.stringify((spanLike as Record<string, unknown>)['object'] ?? null)})`;
  },
  parse(text, ctx) {
    return relativeEvents(parseAgentsTrace(text, ctx), ctx.file);
  },
};
