/**
 * Tool calls from spans: the one mapping from a span to a tool-call event, for every telemetry
 * convention envtrace reads, shared by the OTLP/JSON importers (`otlp`, `openinference`) and the
 * live `SpanProcessor` of `envtrace-js/otel`. Both give the spans as `ToolSpan`s: the importers
 * decode OTLP `AnyValue`s, the processor reads the SDK's span objects.
 *
 * Conventions (a span is read by the first that claims it, so no call is counted twice):
 * - `genai`: OpenTelemetry GenAI, a span whose `gen_ai.operation.name` is `execute_tool`;
 * - `ai-sdk`: the Vercel AI SDK's `experimental_telemetry`, a span with `ai.toolCall.name`;
 * - `openinference`: a span whose `openinference.span.kind` is `TOOL`.
 *
 * Parallel calls are grouped from what the trace says, never from equal start times: the AI SDK's
 * model-step spans (`ai.generateText.doGenerate`, `ai.streamText.doStream`) list the calls the
 * model made in `ai.response.toolCalls`; every call of one step gets `meta.parallel_group` = that
 * step's span id. Worst case O(spans + listed calls).
 */
import {
  attribute,
  jsonAttribute as jsonValue,
  spanMeta,
  spanStart,
  stringAttribute,
  type SpanRecord,
} from './spans.js';
import type { ExactTime, RawEvent } from './time.js';
import type { ImportContext } from './types.js';

/** Span status as both sources give it. */
export type SpanStatus = 'UNSET' | 'OK' | 'ERROR';

/** One span, as the mapping reads it. */
export interface ToolSpan {
  /** The span name ('' when none). */
  readonly name: string;
  readonly traceId: string | undefined;
  readonly spanId: string | undefined;
  readonly start: ExactTime;
  /** The span fields every event of a span carries (`traceId`, `spanId`, … `statusMessage`). */
  readonly meta: () => Record<string, unknown>;
  /** The decoded attribute `key`, or `undefined` when absent. */
  attribute(key: string): unknown;
  /** A string attribute, or `undefined` when absent; another kind fails at the attribute. */
  string(key: string): string | undefined;
  /** Throw a `TraceError` at the attribute `key` (or at the span's attributes when undefined). */
  fail(key: string | undefined, message: string): never;
  /** The `exception.type` of the span's first `exception` event, when there is one. */
  exceptionType(): string | undefined;
}

/** The conventions a reader maps (see the file comment). */
export type ToolConvention = 'genai' | 'ai-sdk' | 'openinference';

/** How OpenInference `input.value`/`output.value` is read: by its MIME type, else by its look. */
function mimeMode(mime: string | undefined): 'always' | 'if-looks-like' | 'never' {
  if (mime === undefined) return 'if-looks-like';
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(mime) ? 'always' : 'never';
}

/** A mapped call before grouping: the event and the call id the model gave it (if any). */
interface Call {
  readonly event: RawEvent;
  readonly meta: Record<string, unknown>;
  readonly callId: string | undefined;
  readonly span: ToolSpan;
}

function genaiCall(s: ToolSpan, ctx: ImportContext): Call | undefined {
  if (s.string('gen_ai.operation.name') !== 'execute_tool') return undefined;
  // gen_ai.tool.name is "recommended"; the span name is `execute_tool {gen_ai.tool.name}`.
  const channel =
    s.string('gen_ai.tool.name') || (/^execute_tool\s+(\S.*)$/.exec(s.name)?.[1] ?? '');
  if (channel === '')
    s.fail(
      undefined,
      'an execute_tool span needs a gen_ai.tool.name attribute (or a span name "execute_tool <tool>")',
    );
  const meta = s.meta();
  const args = s.attribute('gen_ai.tool.call.arguments');
  const value = jsonValue(args, 'always', ctx);
  if (value.problem !== undefined) meta['argumentsError'] = value.problem;
  const callId = s.string('gen_ai.tool.call.id');
  if (callId !== undefined) meta['toolCallId'] = callId;
  const type = s.string('gen_ai.tool.type');
  if (type !== undefined) meta['toolType'] = type;
  const result = s.attribute('gen_ai.tool.call.result');
  if (result !== undefined) meta['result'] = jsonValue(result, 'if-looks-like', ctx).value;
  const errorType = s.string('error.type');
  if (errorType !== undefined) meta['errorType'] = errorType;
  const event = { channel, time: s.start, value: args === undefined ? null : value.value, meta };
  return { event, meta, callId, span: s };
}

function aiSdkCall(s: ToolSpan, ctx: ImportContext): Call | undefined {
  const channel = s.string('ai.toolCall.name');
  if (channel === undefined) return undefined;
  if (channel === '') s.fail('ai.toolCall.name', 'expected a tool name, got an empty string');
  const meta = s.meta();
  // The AI SDK writes `ai.toolCall.args` and `.result` as JSON.stringify of the tool's input and
  // output (and leaves `.result` out when the tool threw: status ERROR, an `exception` event).
  const args = s.attribute('ai.toolCall.args');
  const value = jsonValue(args, 'always', ctx);
  if (value.problem !== undefined) meta['argumentsError'] = value.problem;
  const callId = s.string('ai.toolCall.id');
  if (callId !== undefined) meta['toolCallId'] = callId;
  const result = s.attribute('ai.toolCall.result');
  if (result !== undefined) {
    const r = jsonValue(result, 'always', ctx);
    meta['result'] = r.value;
    if (r.problem !== undefined) meta['resultError'] = r.problem;
  }
  const errorType = s.exceptionType();
  if (errorType !== undefined) meta['errorType'] = errorType;
  const event = { channel, time: s.start, value: args === undefined ? null : value.value, meta };
  return { event, meta, callId, span: s };
}

function openinferenceCall(s: ToolSpan, ctx: ImportContext): Call | undefined {
  if (s.string('openinference.span.kind')?.toUpperCase() !== 'TOOL') return undefined;
  const channel = s.string('tool.name') || s.name;
  if (channel === '') s.fail(undefined, 'a TOOL span needs a tool.name attribute (or a span name)');
  const meta = s.meta();
  const input = s.attribute('input.value');
  const value = jsonValue(input, mimeMode(s.string('input.mime_type')), ctx);
  if (value.problem !== undefined) meta['inputError'] = value.problem;
  const toolId = s.string('tool.id') ?? s.string('tool_call.id');
  if (toolId !== undefined) meta['toolId'] = toolId;
  const output = s.attribute('output.value');
  if (output !== undefined)
    meta['output'] = jsonValue(output, mimeMode(s.string('output.mime_type')), ctx).value;
  const event = { channel, time: s.start, value: input === undefined ? null : value.value, meta };
  return { event, meta, callId: toolId, span: s };
}

const READERS: Record<ToolConvention, (s: ToolSpan, ctx: ImportContext) => Call | undefined> = {
  genai: genaiCall,
  'ai-sdk': aiSdkCall,
  openinference: openinferenceCall,
};

/** The attribute of a model-step span listing the calls the model made in that step. */
const STEP_CALLS = 'ai.response.toolCalls';

/**
 * The call ids a model-step span lists (`ai.response.toolCalls`: JSON text of
 * `[{toolCallId, toolName, input}]`), or `undefined` when the span is not such a step.
 */
function stepCallIds(s: ToolSpan, ctx: ImportContext): string[] | undefined {
  const raw = s.attribute(STEP_CALLS);
  if (raw === undefined) return undefined;
  const parsed = jsonValue(raw, 'always', ctx);
  if (parsed.problem !== undefined) s.fail(STEP_CALLS, parsed.problem);
  if (!Array.isArray(parsed.value)) s.fail(STEP_CALLS, 'expected a JSON array of tool calls');
  const ids: string[] = [];
  for (const c of parsed.value as unknown[]) {
    const id =
      typeof c === 'object' && c !== null
        ? (c as Record<string, unknown>)['toolCallId']
        : undefined;
    if (typeof id === 'string') ids.push(id);
  }
  return ids;
}

/**
 * The attributes that make a span matter to `toolCallEvents`: a span with none of them is never
 * an event nor a step (so a live capture need not keep it).
 */
export const TOOL_SPAN_KEYS: readonly string[] = [
  'gen_ai.operation.name',
  'ai.toolCall.name',
  'openinference.span.kind',
  STEP_CALLS,
];

/** A `ToolSpan` over an OTLP/JSON span: errors name the JSON path of the field. */
export function otlpToolSpan(rec: SpanRecord, ctx: ImportContext): ToolSpan {
  const str = (k: string): string | undefined =>
    typeof rec.span[k] === 'string' && rec.span[k] !== '' ? rec.span[k] : undefined;
  return {
    name: str('name') ?? '',
    traceId: str('traceId'),
    spanId: str('spanId'),
    // Read only for a tool span: a malformed time elsewhere is not this reader's concern.
    get start() {
      return spanStart(rec);
    },
    meta: () => spanMeta(rec, spanStart(rec)),
    attribute: (key) => attribute(rec, key, ctx),
    string: (key) => stringAttribute(rec, key, ctx),
    fail(key, message) {
      const at = key === undefined ? undefined : rec.attributes.get(key);
      return (at === undefined ? rec.where.at('attributes') : at.where).fail(message);
    },
    exceptionType() {
      const ew = rec.where.at('events');
      const events = rec.span['events'] === undefined ? [] : ew.array(rec.span['events']);
      for (let i = 0; i < events.length; i++) {
        const w = ew.at(i);
        const e = w.object(events[i], 'a span event object');
        if (e['name'] !== 'exception') continue;
        const aw = w.at('attributes');
        const attrs = e['attributes'] === undefined ? [] : aw.array(e['attributes']);
        for (let j = 0; j < attrs.length; j++) {
          const kv = aw.at(j).object(attrs[j], 'an attribute ({"key", "value"})');
          if (kv['key'] !== 'exception.type') continue;
          const v = aw.at(j).at('value').object(kv['value'], 'an OTLP AnyValue')['stringValue'];
          return typeof v === 'string' ? v : undefined;
        }
        return undefined;
      }
      return undefined;
    },
  };
}

/**
 * One event per tool span of `conventions`, in span order (times not yet relative), with
 * `meta.parallel_group` set from the model steps (see the file comment).
 */
export function toolCallEvents(
  spans: Iterable<ToolSpan>,
  conventions: readonly ToolConvention[],
  ctx: ImportContext,
): RawEvent[] {
  const calls: Call[] = [];
  // Call ids are unique within a trace only: keyed by trace and call id.
  const key = (s: ToolSpan, id: string) => `${s.traceId ?? ''}\u0000${id}`;
  const stepOf = new Map<string, string>();
  for (const s of spans) {
    let call: Call | undefined;
    for (const c of conventions) {
      call = READERS[c](s, ctx);
      if (call !== undefined) break;
    }
    if (call !== undefined) calls.push(call);
    else if (s.spanId !== undefined && conventions.includes('ai-sdk')) {
      for (const id of stepCallIds(s, ctx) ?? []) stepOf.set(key(s, id), s.spanId);
    }
  }
  for (const c of calls) {
    const step = c.callId === undefined ? undefined : stepOf.get(key(c.span, c.callId));
    if (step !== undefined) c.meta['parallel_group'] = step;
  }
  return calls.map((c) => c.event);
}
