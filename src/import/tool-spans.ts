/**
 * Tool calls from spans: the one mapping from a span to a tool-call event, for every telemetry
 * convention envtrace reads, shared by the OTLP/JSON importers (`otlp`, `openinference`) and the
 * live `SpanProcessor` of `envtrace-js/otel`. Both give the spans as `ToolSpan`s: the importers
 * decode OTLP `AnyValue`s, the processor reads the SDK's span objects.
 *
 * Conventions (a span is read by the first that claims it, so no call is counted twice):
 * - `genai`: OpenTelemetry GenAI, a span whose `gen_ai.operation.name` is `execute_tool`;
 * - `ai-sdk`: the Vercel AI SDK's `experimental_telemetry`, a span with `ai.toolCall.name`;
 * - `openinference`: a span whose `openinference.span.kind` is `TOOL`;
 * - `traceloop`: OpenLLMetry/Traceloop, a span with `traceloop.entity.name` whose
 *   `traceloop.span.kind` is `tool`, or that is an `execute_tool` span (its LangChain.js
 *   instrumentation writes both conventions on one span; this one says more, so it reads first).
 *
 * Model calls: the spans of the model steps list the tool calls the model made (the AI SDK's
 * `ai.response.toolCalls` on `ai.generateText.doGenerate` / `ai.streamText.doStream`; an
 * OpenInference `LLM` span's output message; the `tool_call` parts of a GenAI model span's
 * `gen_ai.output.messages`). A tool span is joined to the model call it ran: by its call id,
 * else (OpenInference, whose LangChain spans of a tool that threw carry no id, and GenAI spans
 * without `gen_ai.tool.call.id`) by tool name and input within the trace. The join gives the
 * arguments where the tool span lost them (see `openinferenceCall`) or has none (`genaiCall`); a
 * listed call no tool span ran is warned (`warnUnran`).
 *
 * Parallel calls are grouped from what the trace says, never from equal start times: every call
 * joined to a model step gets `meta.parallel_group` = that step's span id. Worst case
 * O(spans + listed calls + Σ over unjoined calls of the model calls of their trace).
 */
import {
  attribute,
  jsonAttribute as jsonValue,
  noToolSpansError,
  otlpSpans,
  spanMeta,
  spanStart,
  stringAttribute,
  type SpanRecord,
} from './spans.js';
import { isObjectRecord, isPlainObject } from '../py/value.js';
import { langchainMessage } from './langchain-messages.js';
import { secondsBetween, type ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { warn } from './warnings.js';

/** Span status as both sources give it. */
export type SpanStatus = 'UNSET' | 'OK' | 'ERROR';

/** One span, as the mapping reads it. */
export interface ToolSpan {
  /** The span name ('' when none). */
  readonly name: string;
  /** Where the span is, for a warning (`resourceSpans[0].scopeSpans[0].spans[3]`, `span "…" 1a2b…`). */
  readonly place: string;
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
export type ToolConvention = 'genai' | 'ai-sdk' | 'openinference' | 'traceloop';

/** How OpenInference `input.value`/`output.value` is read: by its MIME type, else by its look. */
function mimeMode(mime: string | undefined): 'always' | 'if-looks-like' | 'never' {
  if (mime === undefined) return 'if-looks-like';
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(mime) ? 'always' : 'never';
}

/** A mapped call before grouping: the event and the call id the model gave it (if any). */
interface Call {
  event: RawEvent;
  readonly meta: Record<string, unknown>;
  readonly callId: string | undefined;
  readonly span: ToolSpan;
  /** Joins a call without an id to a model call by content: whether `m` is the call that ran. */
  readonly ranAs?: (m: ModelCall) => boolean;
  /** What the call takes from the model call it is joined to (beyond the parallel group). */
  readonly adopt?: (m: ModelCall) => void;
}

/**
 * Whether two decoded values are the same JSON value (objects by their keys in any order; a
 * `bigint` or a reference-mode number by its own fields). O(size of the values).
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (!isObjectRecord(a) || !isObjectRecord(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue(a[k], b[k]))
  );
}

/** A tool call a model step lists. */
interface ModelCall {
  /** The model-step span. */
  readonly step: ToolSpan;
  readonly id: string | undefined;
  readonly name: string | undefined;
  /** The arguments as the model gave them (parsed when given as JSON text). */
  readonly args: unknown;
  /** Joined to a tool span already. */
  used: boolean;
}

/** A model call as a step reader gives it. */
type ListedCall = Omit<ModelCall, 'step' | 'used'>;

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
  const call: Call = {
    event,
    meta,
    callId,
    span: s,
    ranAs: (m) => m.name === channel && args !== undefined && sameValue(m.args, event.value),
    adopt(m) {
      // A span without its arguments: the tool received what the model call it ran gave.
      if (args === undefined && m.args !== undefined) {
        call.event = { ...call.event, value: m.args };
        meta['argumentsFrom'] = 'model';
      }
    },
  };
  return call;
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

/**
 * The content of a serialised LangChain `ToolMessage`: the text LangChain made of the tool's
 * return value (`JSON.stringify` of an object), parsed back when it is JSON text.
 */
function toolMessageContent(kwargs: Record<string, unknown>, ctx: ImportContext): unknown {
  return jsonValue(kwargs['content'], 'if-looks-like', ctx).value;
}

/**
 * The text OpenInference's LangChain tracer records as `input.value` for the arguments `args`
 * when it collapses them: an object whose only value is a string is recorded as that string
 * (`{city: "Paris"}` as `Paris`, `text/plain`), losing the key; `undefined` for other arguments.
 */
function collapsedInput(args: unknown): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const values = Object.values(args);
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

function openinferenceCall(s: ToolSpan, ctx: ImportContext): Call | undefined {
  if (s.string('openinference.span.kind')?.toUpperCase() !== 'TOOL') return undefined;
  const channel = s.string('tool.name') || s.name;
  if (channel === '') s.fail(undefined, 'a TOOL span needs a tool.name attribute (or a span name)');
  const meta = s.meta();
  const input = s.attribute('input.value');
  const value = jsonValue(input, mimeMode(s.string('input.mime_type')), ctx);
  if (value.problem !== undefined) meta['inputError'] = value.problem;
  let toolId = s.string('tool.id') ?? s.string('tool_call.id');
  const output = s.attribute('output.value');
  if (output !== undefined) {
    const out = jsonValue(output, mimeMode(s.string('output.mime_type')), ctx).value;
    // LangChain's tracer records a tool's output as `{"output": <the ToolMessage, serialised>}`:
    // the result is the message's content; its `tool_call_id` joins the call to the model's.
    const wrapped = isPlainObject(out) && Object.keys(out).length === 1 ? out['output'] : undefined;
    const message = langchainMessage(wrapped ?? out, ['ToolMessage']);
    if (message === undefined) meta['result'] = out;
    else {
      meta['result'] = toolMessageContent(message, ctx);
      const id = message['tool_call_id'];
      if (toolId === undefined && typeof id === 'string' && id !== '') toolId = id;
      if (message['status'] === 'error') meta['resultStatus'] = 'error';
    }
  }
  if (toolId !== undefined) meta['toolId'] = toolId;
  const event = { channel, time: s.start, value: input === undefined ? null : value.value, meta };
  const call: Call = {
    event,
    meta,
    callId: toolId,
    span: s,
    ranAs: (m) =>
      m.name === channel &&
      typeof input === 'string' &&
      (collapsedInput(m.args) === input || sameValue(m.args, value.value)),
    adopt(m) {
      // The tool received the model's arguments; the span kept only their collapsed text.
      if (typeof input === 'string' && collapsedInput(m.args) === input) {
        call.event = { ...call.event, value: m.args };
        delete meta['inputError'];
      }
      if (meta['toolId'] === undefined && m.id !== undefined) meta['toolId'] = m.id;
    },
  };
  return call;
}

/**
 * LangChain's tool classes: what OpenLLMetry's LangChain.js instrumentation writes as
 * `traceloop.entity.name` (the last part of the tool's serialised class id) for every tool made
 * with `tool()` / `new DynamicStructuredTool(…)`, whatever the tool's name.
 */
const LANGCHAIN_TOOL_CLASSES: ReadonlySet<string> = new Set([
  'DynamicStructuredTool',
  'DynamicTool',
  'StructuredTool',
  'Tool',
]);

/**
 * The arguments in `traceloop.entity.input` (parsed): `{"args": [input]}` from the LangChain.js
 * instrumentation, `input` being the text LangChain hands its callbacks (the arguments as JSON
 * for a structured tool, the text for a string tool); the Traceloop SDK's own decorators write
 * `{"args": [...], "kwargs": {...}}` (keyword arguments alone: the object). Anything else as is.
 */
function traceloopArgs(v: unknown, ctx: ImportContext): unknown {
  if (!isPlainObject(v) || !Array.isArray(v['args'])) return v;
  const args = v['args'] as unknown[];
  const kwargs = isPlainObject(v['kwargs']) ? v['kwargs'] : {};
  const noKwargs = Object.keys(kwargs).length === 0;
  if (args.length === 1 && noKwargs) {
    const a = args[0];
    return typeof a === 'string' ? jsonValue(a, 'if-looks-like', ctx).value : a;
  }
  if (args.length === 0 && !noKwargs) return kwargs;
  return v;
}

function traceloopCall(s: ToolSpan, ctx: ImportContext): Call | undefined {
  const entity = s.string('traceloop.entity.name');
  if (entity === undefined) return undefined;
  const kind = s.string('traceloop.span.kind');
  if (kind !== 'tool' && s.string('gen_ai.operation.name') !== 'execute_tool') return undefined;
  const meta = s.meta();
  const input = s.attribute('traceloop.entity.input');
  let value: unknown = null;
  if (input !== undefined) {
    const parsed = jsonValue(input, 'always', ctx);
    if (parsed.problem !== undefined) meta['argumentsError'] = parsed.problem;
    value = parsed.problem === undefined ? traceloopArgs(parsed.value, ctx) : input;
  }
  let callId = s.string('gen_ai.tool.call.id');
  let name = s.string('gen_ai.tool.name') || undefined;
  const output = s.attribute('traceloop.entity.output');
  if (output !== undefined) {
    const out = jsonValue(output, 'if-looks-like', ctx).value;
    // A tool called with the model's tool call returns a ToolMessage: its content is the
    // result, and it names the tool and the call.
    const message = langchainMessage(out, ['ToolMessage']);
    if (message === undefined) meta['result'] = out;
    else {
      meta['result'] = toolMessageContent(message, ctx);
      name ??= stringOr(message['name']);
      callId ??= stringOr(message['tool_call_id']);
      if (message['status'] === 'error') meta['resultStatus'] = 'error';
    }
  }
  if (callId !== undefined) meta['toolCallId'] = callId;
  const errorType = s.exceptionType();
  if (errorType !== undefined) meta['errorType'] = errorType;
  if (name === undefined && LANGCHAIN_TOOL_CLASSES.has(entity))
    warn(
      ctx,
      'unnamed-tool',
      `this Traceloop tool span names LangChain's class ${JSON.stringify(entity)}, not the tool, and has no ToolMessage output naming it (a tool that threw has none); the call is read as ${JSON.stringify(entity)}`,
      { path: s.place },
    );
  const event = { channel: name ?? entity, time: s.start, value, meta };
  return { event, meta, callId, span: s };
}

const READERS: Record<ToolConvention, (s: ToolSpan, ctx: ImportContext) => Call | undefined> = {
  genai: genaiCall,
  'ai-sdk': aiSdkCall,
  openinference: openinferenceCall,
  traceloop: traceloopCall,
};

/** The attribute of an AI SDK model-step span listing the calls the model made in that step. */
const STEP_CALLS = 'ai.response.toolCalls';

/** The calls an AI SDK step span lists (`ai.response.toolCalls`: JSON text of `[{toolCallId, toolName, input}]`). */
function aiSdkStep(s: ToolSpan, ctx: ImportContext): ListedCall[] | undefined {
  const raw = s.attribute(STEP_CALLS);
  if (raw === undefined) return undefined;
  const parsed = jsonValue(raw, 'always', ctx);
  if (parsed.problem !== undefined) s.fail(STEP_CALLS, parsed.problem);
  if (!Array.isArray(parsed.value)) s.fail(STEP_CALLS, 'expected a JSON array of tool calls');
  return (parsed.value as unknown[]).flatMap((c) =>
    isPlainObject(c)
      ? [{ id: stringOr(c['toolCallId']), name: stringOr(c['toolName']), args: c['input'] }]
      : [],
  );
}

function stringOr(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The output attributes of an OpenInference `LLM` span, flattened: message `i`'s tool call `j`. */
const oiToolCall = (i: number, j: number, key: string) =>
  `llm.output_messages.${i}.message.tool_calls.${j}.tool_call.${key}`;

/**
 * The calls an OpenInference `LLM` span's output lists: the tool calls of the serialised
 * `AIMessage`s in `output.value` (LangChain's `{generations: [[{message}]]}`, with the call ids),
 * else the flattened `llm.output_messages.<i>.message.tool_calls.<j>.tool_call.*` attributes.
 * An output that is not such JSON lists none (it is the model's, not a malformed span).
 */
function openinferenceStep(s: ToolSpan, ctx: ImportContext): ListedCall[] | undefined {
  if (s.string('openinference.span.kind')?.toUpperCase() !== 'LLM') return undefined;
  const calls: ListedCall[] = [];
  const out = s.attribute('output.value');
  const parsed = jsonValue(out, 'if-looks-like', ctx).value;
  const generations = isPlainObject(parsed) ? parsed['generations'] : undefined;
  for (const group of Array.isArray(generations) ? generations : [])
    for (const g of Array.isArray(group) ? group : []) {
      const message = isPlainObject(g) ? g['message'] : undefined;
      const kwargs =
        langchainMessage(message, ['AIMessage', 'AIMessageChunk']) ??
        (isPlainObject(message) ? message : undefined);
      const toolCalls = kwargs?.['tool_calls'];
      for (const c of Array.isArray(toolCalls) ? toolCalls : [])
        if (isPlainObject(c))
          calls.push({ id: stringOr(c['id']), name: stringOr(c['name']), args: c['args'] });
    }
  if (calls.length > 0) return calls;
  for (let i = 0; s.attribute(`llm.output_messages.${i}.message.role`) !== undefined; i++)
    for (let j = 0; ; j++) {
      const name = s.attribute(oiToolCall(i, j, 'function.name'));
      const id = s.attribute(oiToolCall(i, j, 'id'));
      if (name === undefined && id === undefined) break;
      const args = s.attribute(oiToolCall(i, j, 'function.arguments'));
      calls.push({
        id: stringOr(id),
        name: stringOr(name),
        args: jsonValue(args, 'always', ctx).value,
      });
    }
  return calls;
}

const OUTPUT_MESSAGES = 'gen_ai.output.messages';

/**
 * The calls a GenAI model span lists: the `tool_call` parts (`{type: "tool_call", id, name,
 * arguments}`) of the messages in `gen_ai.output.messages` (JSON text, or structured). Output that
 * is not such JSON lists none (it is the model's output, not a malformed span).
 */
function genaiStep(s: ToolSpan, ctx: ImportContext): ListedCall[] | undefined {
  const raw = s.attribute(OUTPUT_MESSAGES);
  if (raw === undefined) return undefined;
  const messages = jsonValue(raw, 'always', ctx).value;
  const calls: ListedCall[] = [];
  for (const message of Array.isArray(messages) ? messages : []) {
    const parts = isPlainObject(message) ? message['parts'] : undefined;
    for (const p of Array.isArray(parts) ? parts : [])
      if (isPlainObject(p) && p['type'] === 'tool_call')
        calls.push({
          id: stringOr(p['id']),
          name: stringOr(p['name']),
          args: jsonValue(p['arguments'], 'always', ctx).value,
        });
  }
  return calls;
}

/** Per convention, the reader of its model-step spans. */
const STEP_READERS: Partial<
  Record<ToolConvention, (s: ToolSpan, ctx: ImportContext) => ListedCall[] | undefined>
> = {
  genai: genaiStep,
  'ai-sdk': aiSdkStep,
  openinference: openinferenceStep,
};

/**
 * The attributes that make a span matter to `toolCallEvents`: a span with none of them is never
 * an event nor a step (so a live capture need not keep it).
 */
export const TOOL_SPAN_KEYS: readonly string[] = [
  'gen_ai.operation.name',
  'ai.toolCall.name',
  'openinference.span.kind',
  'traceloop.span.kind',
  STEP_CALLS,
];

/** A `ToolSpan` over an OTLP/JSON span: errors name the JSON path of the field. */
export function otlpToolSpan(rec: SpanRecord, ctx: ImportContext): ToolSpan {
  const str = (k: string): string | undefined =>
    typeof rec.span[k] === 'string' && rec.span[k] !== '' ? rec.span[k] : undefined;
  return {
    name: str('name') ?? '',
    place: rec.where.pathText,
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
 * The events of an OTLP/JSON text (`otlp` and `openinference`, which differ in the conventions
 * they read): its tool spans' events (`toolCallEvents`), or an error naming the spans when it
 * holds spans but none is a tool call of `conventions` (`format` names them in the message).
 */
export function otlpToolEvents(
  text: string,
  ctx: ImportContext,
  conventions: readonly ToolConvention[],
  format: Parameters<typeof noToolSpansError>[1],
): RawEvent[] {
  const records = otlpSpans(text, ctx.file, ctx.mode);
  const events = toolCallEvents(
    records.map((rec) => otlpToolSpan(rec, ctx)),
    conventions,
    ctx,
  );
  if (events.length === 0 && records.length > 0) throw noToolSpansError(records, format, ctx.file);
  return events;
}

/**
 * One event per tool span of `conventions`, in span order (times not yet relative), joined to
 * the model calls of the steps (see the file comment).
 */
export function toolCallEvents(
  spans: Iterable<ToolSpan>,
  conventions: readonly ToolConvention[],
  ctx: ImportContext,
): RawEvent[] {
  const calls: Call[] = [];
  // Call ids are unique within a trace only: keyed by trace and call id.
  const key = (s: ToolSpan, id: string) => `${s.traceId ?? ''}\u0000${id}`;
  const byId = new Map<string, ModelCall>();
  const byTrace = new Map<string, ModelCall[]>();
  const stepReaders = conventions.flatMap((c) => STEP_READERS[c] ?? []);
  for (const s of spans) {
    let call: Call | undefined;
    for (const c of conventions) {
      call = READERS[c](s, ctx);
      if (call !== undefined) break;
    }
    if (call !== undefined) {
      calls.push(call);
      continue;
    }
    for (const read of stepReaders) {
      for (const listed of read(s, ctx) ?? []) {
        const m: ModelCall = { ...listed, step: s, used: false };
        if (m.id !== undefined && !byId.has(key(s, m.id))) byId.set(key(s, m.id), m);
        const inTrace = byTrace.get(s.traceId ?? '');
        if (inTrace === undefined) byTrace.set(s.traceId ?? '', [m]);
        else inTrace.push(m);
      }
    }
  }
  const join = (c: Call, m: ModelCall) => {
    m.used = true;
    if (m.step.spanId !== undefined) c.meta['parallel_group'] = m.step.spanId;
    c.adopt?.(m);
  };
  const unjoined: Call[] = [];
  for (const c of calls) {
    const m = c.callId === undefined ? undefined : byId.get(key(c.span, c.callId));
    if (m !== undefined && !m.used) join(c, m);
    else if (c.callId === undefined && c.ranAs !== undefined) unjoined.push(c);
  }
  // After every id join, so a call joined by content never takes a call another span names.
  for (const c of unjoined) {
    const m = byTrace
      .get(c.span.traceId ?? '')
      ?.find((x) => !x.used && secondsBetween(x.step.start, c.span.start) >= 0 && c.ranAs!(x));
    if (m !== undefined) join(c, m);
  }
  warnUnran(byTrace, key, ctx);
  return calls.map((c) => c.event);
}

/**
 * Warn of each call a model step lists that no tool span ran (the tool is not instrumented, or
 * its span is not in the file): not an event, since only a tool span says the call ran, but not
 * dropped without a word. A call listed by more than one span (with one id) is warned once, and
 * not at all when a tool span ran it.
 */
function warnUnran(
  byTrace: ReadonlyMap<string, readonly ModelCall[]>,
  key: (s: ToolSpan, id: string) => string,
  ctx: ImportContext,
): void {
  const ran = new Set<string>();
  for (const listed of byTrace.values())
    for (const m of listed) if (m.used && m.id !== undefined) ran.add(key(m.step, m.id));
  const warned = new Set<string>();
  for (const listed of byTrace.values())
    for (const m of listed) {
      if (m.used) continue;
      if (m.id !== undefined) {
        const k = key(m.step, m.id);
        if (ran.has(k) || warned.has(k)) continue;
        warned.add(k);
      }
      const what = [
        m.name === undefined ? 'a tool call' : `a call of ${JSON.stringify(m.name)}`,
        m.id === undefined ? '' : ` (id ${JSON.stringify(m.id)})`,
      ].join('');
      warn(
        ctx,
        'unmapped-record',
        `the model span${m.step.name === '' ? '' : ` ${JSON.stringify(m.step.name)}`} lists ${what} that no tool span of the input ran: not read as a call`,
        { path: m.step.place },
      );
    }
}
