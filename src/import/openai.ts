/**
 * OpenAI chat message lists (also agentevals' `{outputs}`): one event per tool call of an assistant
 * message. A list with Vercel AI SDK content parts is read by `ai-sdk-messages.ts`, an OpenAI
 * Responses API item list or `@openai/agents` history (tool call and output items) by
 * `openai-agents-history.ts`, an Anthropic conversation (`tool_use` / `tool_result` blocks) by
 * `anthropic-messages.ts`, LangChain's serialised or stored messages by `langchain-messages.ts`, a
 * Gemini conversation (`Content[]` with `functionCall` / `functionResponse` parts, or a
 * `GenerateContentResponse`) by `gemini-contents.ts` (`FORMATS`). A list is read in one format;
 * the calls and results of another in it are warned (`warnOtherFormats`). A single response as an
 * SDK's create call returns it (an Anthropic `Message`, a `chat.completion`, a Responses API
 * `response`) is read by the same readers, as a list of its one message (`SINGLE_RESPONSES`); so
 * is each turn of a saved stream (`stream: true`), assembled into that response by `sdk-streams.ts`.
 */
import { isPlainObject, PyFloat } from '../py/value.js';
import { aiSdkToolCalls, isAiSdkMessageList } from './ai-sdk-messages.js';
import { anthropicToolCalls, isAnthropicMessageList } from './anthropic-messages.js';
import {
  geminiResponseToolCalls,
  geminiToolCalls,
  isGeminiContent,
  isGeminiContentList,
  isGeminiResponse,
} from './gemini-contents.js';
import {
  isLangChainMessage,
  isLangChainMessageList,
  langchainToolCalls,
} from './langchain-messages.js';
import {
  isResponsesItem,
  isResponsesToolItem,
  responsesToolCalls,
} from './openai-agents-history.js';
import {
  importedArguments,
  WRAPPED_CALLS,
  wrappedCallOf,
  type WrappedCall,
} from './call-shapes.js';
import { Where, parseJsonDocument } from './json.js';
import {
  ExactTime,
  isoPrecisionProblem,
  relativeEvents,
  timeFromIso,
  timeFromNumber,
  type RawEvent,
} from './time.js';
import type { ImportContext, Importer } from './types.js';
import { describeReceived as describe } from '../io/input.js';
import { textContentValue } from './values.js';
import { countedKinds, noEventsError, warn } from './warnings.js';
import { CALL_BLOCKS } from './anthropic-messages.js';
import {
  assembleStream,
  firstSseData,
  looksLikeSse,
  STREAM_KINDS,
  streamConversation,
  streamKindOf,
  streamRecordsOf,
  type AssembledStream,
  type StreamRecords,
} from './sdk-streams.js';

/** Message fields read as the message's time, in this order: ISO 8601 text or epoch seconds. */
const TIME_FIELDS = ['timestamp', 'created_at', 'created'] as const;

function timeField(msg: Record<string, unknown>): (typeof TIME_FIELDS)[number] | undefined {
  return TIME_FIELDS.find((f) => msg[f] !== undefined && msg[f] !== null);
}

function messageTime(msg: Record<string, unknown>, w: Where): ExactTime {
  const f = timeField(msg)!;
  const v = msg[f];
  const t =
    typeof v === 'string'
      ? timeFromIso(v)
      : typeof v === 'number'
        ? timeFromNumber(v)
        : typeof v === 'bigint'
          ? new ExactTime(v, 0)
          : // `1e3`, `1700000000.0`: an integral float, read with its kind kept.
            v instanceof PyFloat
            ? timeFromNumber(v.value)
            : undefined;
  if (t === undefined)
    throw w
      .at(f)
      .error(
        (typeof v === 'string' ? isoPrecisionProblem(v) : undefined) ??
          `expected an ISO 8601 date-time or epoch seconds, got ${describe(v)}`,
      );
  return t;
}

/** The keys of an object that may hold the message list, in the order tried. */
const LIST_KEYS = ['messages', 'outputs', 'contents'] as const;

/**
 * The message list and where it is: a bare array, `messages`, `outputs` or `contents` (a Gemini
 * request body), the first of these keys whose value is an array. A later key that holds a
 * non-empty array too is not read, and warned (`unmapped-record`): their order is not defined
 * (agentevals' `outputs` may repeat or continue `messages`), so the two are not joined.
 */
function messagesOf(
  doc: unknown,
  root: Where,
  ctx: ImportContext,
): { list: readonly unknown[]; where: Where } {
  if (Array.isArray(doc)) return { list: doc, where: root };
  const o = root.object(doc, 'a message list, or an object with "messages" or "outputs"');
  const key = LIST_KEYS.find((k) => Array.isArray(o[k]));
  if (key === undefined)
    root.fail(
      'expected a message list, or an object with a "messages", "outputs" or "contents" array',
    );
  for (const other of LIST_KEYS.slice(LIST_KEYS.indexOf(key) + 1)) {
    const v = o[other];
    if (!Array.isArray(v) || v.length === 0) continue;
    warn(
      ctx,
      'unmapped-record',
      `not read (${v.length} ${v.length === 1 ? 'entry' : 'entries'}): "${key}" is read when both are present; convert "${other}" on its own`,
      { path: root.at(other).pathText },
    );
  }
  return { list: o[key] as unknown[], where: root.at(key) };
}

/** A format of message list the `openai` importer reads, and how to tell its messages. */
interface ListFormat {
  /** The list, as messages name it: `an OpenAI chat message list`. */
  readonly list: string;
  /** What its messages hold, for a warning: `OpenAI chat tool calls or results`. */
  readonly holding: string;
  /** Whether a message holds a tool call or result of this format. */
  holds(m: Record<string, unknown>): boolean;
  read(
    messages: ReadonlyArray<Record<string, unknown>>,
    where: Where,
    ctx: ImportContext,
  ): RawEvent[];
}

/** Whether a chat message holds a call (`tool_calls`, the legacy `function_call`) or a result. */
function holdsChatCall(m: Record<string, unknown>): boolean {
  return (
    (Array.isArray(m['tool_calls']) && m['tool_calls'].length > 0) ||
    isPlainObject(m['function_call']) ||
    (m['role'] === 'tool' && 'tool_call_id' in m) ||
    m['role'] === 'function'
  );
}

/**
 * The formats, in the order they claim a list: a list is read as the first whose calls or
 * results it holds (LangChain's by its first message), else as OpenAI chat messages.
 */
const FORMATS: readonly ListFormat[] = [
  {
    list: 'a LangChain message list',
    holding: 'LangChain messages',
    holds: isLangChainMessage,
    read: langchainToolCalls,
  },
  {
    list: 'a Gemini Content list',
    holding: 'Gemini function call or response parts',
    holds: (m) => isGeminiContentList([m]),
    read: geminiToolCalls,
  },
  {
    list: 'a Vercel AI SDK message list',
    holding: 'Vercel AI SDK tool-call or tool-result parts',
    holds: (m) => isAiSdkMessageList([m]),
    read: aiSdkToolCalls,
  },
  {
    list: 'an OpenAI Responses API item list',
    holding: 'OpenAI Responses API tool call or output items',
    holds: isResponsesToolItem,
    read: responsesToolCalls,
  },
  {
    list: 'an Anthropic message list',
    holding: 'Anthropic tool_use or tool_result blocks',
    holds: (m) => isAnthropicMessageList([m]),
    read: anthropicToolCalls,
  },
];

const CHAT: ListFormat = {
  list: 'an OpenAI chat message list',
  holding: 'OpenAI chat tool calls or results',
  holds: holdsChatCall,
  read: chatToolCalls,
};

/** The format a list is read as: see `FORMATS`. */
function formatOf(messages: ReadonlyArray<Record<string, unknown>>): ListFormat {
  if (isLangChainMessageList(messages)) return FORMATS[0]!;
  return FORMATS.slice(1).find((f) => messages.some((m) => f.holds(m))) ?? CHAT;
}

/** The indexes of a few messages, for a message: `[1], [2] and 3 more`. */
function indexes(list: readonly number[]): string {
  const shown = list.slice(0, 3).map((i) => `[${i}]`);
  return list.length > 3 ? `${shown.join(', ')} and ${list.length - 3} more` : shown.join(', ');
}

/**
 * Warn of the calls and results of other formats in a list read as `format` (a list mixing
 * formats: each is read in one, so the others' calls would vanish): one warning per format.
 */
function warnOtherFormats(
  messages: ReadonlyArray<Record<string, unknown>>,
  format: ListFormat,
  where: Where,
  ctx: ImportContext,
): void {
  const own = messages.findIndex((m) => format.holds(m));
  for (const other of [...FORMATS, CHAT]) {
    if (other === format) continue;
    const found = messages.flatMap((m, i) => (!format.holds(m) && other.holds(m) ? [i] : []));
    if (found.length === 0) continue;
    warn(
      ctx,
      'unmapped-record',
      `not read: ${other.holding} (in ${indexes(found)}), as the list is read as ${format.list}${own >= 0 ? ` (from [${own}])` : ''} and a list holds one format; convert each format on its own`,
      { path: where.at(found[0]!).pathText },
    );
  }
}

/**
 * The location of a one-message list that is the message at `item`: `at(0, …)` is `item.at(…)`,
 * so a list reader's paths name the message where it is (`choices[0].message.tool_calls[0]`).
 */
class SoleMessage extends Where {
  constructor(private readonly item: Where) {
    super(item.file, item.path);
  }

  override at(...segments: PropertyKey[]): Where {
    return segments[0] === 0 ? this.item.at(...segments.slice(1)) : super.at(...segments);
  }
}

/**
 * A single model response, as the SDK's create call returns it, and how its calls are read: by
 * the list readers, as a list of the one assistant message (or, a Responses API `response`, of
 * its `output` items). `what` names it in the error for a response with no tool call.
 */
interface SingleResponse {
  readonly what: string;
  is(doc: Record<string, unknown>): boolean;
  read(doc: Record<string, unknown>, root: Where, ctx: ImportContext): RawEvent[];
}

const ANTHROPIC_MESSAGE: SingleResponse = {
  // `client.messages.create()`: a `Message`.
  what: 'an Anthropic Message',
  is: (d) => d['type'] === 'message' && d['role'] === 'assistant' && Array.isArray(d['content']),
  read: (d, root, ctx) => anthropicToolCalls([d], new SoleMessage(root), ctx),
};

const CHAT_COMPLETION: SingleResponse = {
  // `client.chat.completions.create()`: the first choice's message; other choices (`n` > 1)
  // are alternative replies, and their calls are warned.
  what: 'a chat.completion',
  is: (d) => d['object'] === 'chat.completion' && Array.isArray(d['choices']),
  read: (d, root, ctx) => {
    const cw = root.at('choices');
    const messages = (d['choices'] as unknown[]).map((c, i) => {
      const w = cw.at(i).at('message');
      return w.object(cw.at(i).object(c, 'a choice object')['message'], 'a message object');
    });
    const others = messages.flatMap((m, i) => (i > 0 && holdsChatCall(m) ? [i] : []));
    if (others.length > 0)
      warn(
        ctx,
        'unmapped-record',
        `not read: the tool calls of choices ${indexes(others)}, as the first choice is read (the others are alternative replies, n > 1); convert each on its own`,
        { path: cw.at(others[0]!).pathText },
      );
    if (messages.length === 0) return [];
    return chatToolCalls([messages[0]!], new SoleMessage(cw.at(0).at('message')), ctx);
  },
};

const RESPONSES_RESPONSE: SingleResponse = {
  // `client.responses.create()`: a `Response`, its `output` items.
  what: 'a Responses API response',
  is: (d) => d['object'] === 'response' && Array.isArray(d['output']),
  read: (d, root, ctx) => {
    const ow = root.at('output');
    const items = (d['output'] as unknown[]).map((o, i) => ow.at(i).object(o, 'an output item'));
    return responsesToolCalls(items, ow, ctx);
  },
};

const SINGLE_RESPONSES: readonly SingleResponse[] = [
  ANTHROPIC_MESSAGE,
  CHAT_COMPLETION,
  RESPONSES_RESPONSE,
];

/** The reader of each kind of stream's turns: the single response the turn assembles into. */
const STREAM_READERS: Readonly<Record<'chat' | 'anthropic' | 'responses', SingleResponse>> = {
  chat: CHAT_COMPLETION,
  anthropic: ANTHROPIC_MESSAGE,
  responses: RESPONSES_RESPONSE,
};

/**
 * The reader of each kind of stream whose turns assemble into messages (`streamConversation`):
 * its list reader, which pairs the results the stream holds with their calls.
 */
const CONVERSATION_READERS: Readonly<
  Record<
    'gemini' | 'ai-sdk',
    (m: Array<Record<string, unknown>>, w: Where, ctx: ImportContext) => RawEvent[]
  >
> = {
  gemini: geminiToolCalls,
  'ai-sdk': aiSdkToolCalls,
};

/** An event of a later turn placed after the turns before it: its time and indexes `+ offset`. */
function shifted(e: RawEvent, offset: number): RawEvent {
  if (offset === 0) return e;
  const meta = { ...e.meta };
  for (const k of ['message', 'item', 'parallel_group'])
    if (typeof meta[k] === 'number') meta[k] = (meta[k] as number) + offset;
  return {
    ...e,
    time: new ExactTime(
      e.time.units + BigInt(offset) * 10n ** BigInt(-Math.min(0, e.time.exp)),
      e.time.exp,
    ),
    meta,
  };
}

/**
 * The tool calls of a saved stream's turns read one by one, each as the response it assembles
 * into (`sdk-streams.ts`), placed after the turns before it (a chat or Anthropic turn is one
 * message, a Responses turn its output items). An Anthropic call whose input JSON is cut keeps it
 * as text, with `meta.argumentsError` (the chat and Responses readers do the same for arguments
 * text).
 */
function turnToolCalls(
  stream: AssembledStream,
  reader: SingleResponse,
  ctx: ImportContext,
): RawEvent[] {
  const events: RawEvent[] = [];
  let offset = 0;
  for (const turn of stream.turns) {
    const read = reader.read(turn.response, turn.where, ctx);
    if (turn.brokenInputs.size > 0) {
      const content = turn.response['content'] as ReadonlyArray<Record<string, unknown>>;
      const calls = content.flatMap((b, j) => (CALL_BLOCKS.has(b['type'] as string) ? [j] : []));
      read.forEach((e, i) => {
        const reason = turn.brokenInputs.get(calls[i]!);
        if (reason !== undefined) (e.meta as Record<string, unknown>)['argumentsError'] = reason;
      });
    }
    events.push(...read.map((e) => shifted(e, offset)));
    offset +=
      stream.kind === 'responses' && Array.isArray(turn.response['output'])
        ? turn.response['output'].length
        : 1;
  }
  return events;
}

/**
 * The tool calls of a saved stream: read turn by turn (`turnToolCalls`), or, a Gemini or AI SDK
 * stream, as the conversation its turns make (`streamConversation`), so that a result in a later
 * record (the SDK's function responses chunk, a `tool-result` part) answers its call; an AI SDK
 * call cut in its input keeps the text, with `meta.argumentsError`. A turn the stream cut short
 * is read as far as it came, with a `truncated-stream` warning.
 */
function streamToolCalls(saved: StreamRecords, ctx: ImportContext): RawEvent[] {
  const stream = assembleStream(saved);
  stream.turns.forEach((turn, k) => {
    if (turn.cut.length > 0)
      warn(
        ctx,
        'truncated-stream',
        `turn ${k + 1}${turn.id !== undefined ? ` (${JSON.stringify(turn.id)})` : ''} of the stream is cut short: ${turn.cut.join('; ')}; its calls are read as far as they came`,
        turn.last.at,
      );
    for (const n of turn.notes) warn(ctx, n.code, n.message, n.at);
  });
  let events: RawEvent[];
  if (stream.kind === 'gemini' || stream.kind === 'ai-sdk') {
    const { messages, where } = streamConversation(stream);
    events = CONVERSATION_READERS[stream.kind](messages, where, ctx);
    const broken = new Map(stream.turns.flatMap((t) => [...t.brokenCalls]));
    for (const e of events) {
      const reason = broken.get(e.meta['toolCallId'] as string);
      if (reason !== undefined) (e.meta as Record<string, unknown>)['argumentsError'] = reason;
    }
  } else events = turnToolCalls(stream, STREAM_READERS[stream.kind], ctx);
  if (events.length === 0) {
    const { what, record, typed } = STREAM_KINDS[stream.kind];
    const n = stream.turns.length;
    throw noEventsError(
      `${what} of ${stream.count} ${record}${stream.count === 1 ? '' : 's'}${typed ? ` (${countedKinds(stream.kinds)})` : ''} in ${n} turn${n === 1 ? '' : 's'}, with no tool call: nothing to score`,
      ctx.file,
    );
  }
  return events;
}

/**
 * The single response `doc` is (`SINGLE_RESPONSES`), if it is one: never an object with a message
 * list of its own or with `events` (an envtrace trace).
 */
function singleResponseOf(doc: unknown): SingleResponse | undefined {
  if (!isPlainObject(doc) || [...LIST_KEYS, 'events'].some((k) => k in doc)) return undefined;
  return SINGLE_RESPONSES.find((r) => r.is(doc));
}

function parseOpenAI(text: string, ctx: ImportContext): RawEvent[] {
  const root = new Where(ctx.file);
  let parsed: { doc: unknown } | undefined;
  const document = (): unknown =>
    (parsed ??= { doc: parseJsonDocument(text, ctx.file, ctx.mode) }).doc;
  const saved = streamRecordsOf(text, ctx.file, ctx.mode, document);
  if (saved !== undefined) return streamToolCalls(saved, ctx);
  const doc = document();
  if (isGeminiResponse(doc)) return geminiResponseToolCalls(doc, root, ctx);
  const single = singleResponseOf(doc);
  if (single !== undefined) {
    const events = single.read(doc as Record<string, unknown>, root, ctx);
    if (events.length === 0)
      throw noEventsError(`${single.what} with no tool call: nothing to score`, ctx.file);
    return events;
  }
  let warned = 0;
  const counting: ImportContext = {
    ...ctx,
    warn: (w) => {
      warned++;
      ctx.warn?.(w);
    },
  };
  const { list, where } = messagesOf(doc, root, counting);
  const messages = list.map((m, i) => where.at(i).object(m, 'a message object'));
  const format = formatOf(messages);
  warnOtherFormats(messages, format, where, counting);
  const events = format.read(messages, where, counting);
  if (events.length === 0 && messages.length > 0)
    throw noEventsError(
      `${countedMessages(messages)}, none with a tool call${warned > 0 ? ` (${warned} skipped with a warning)` : ''}`,
      ctx.file,
    );
  return events;
}

/**
 * What a message is, for the count of a list with no call: its `role` (OpenAI, Anthropic,
 * Gemini, the AI SDK), else its `type` (LangChain's stored `human`, a Responses API item), else
 * the class a serialised LangChain message names (`HumanMessage`).
 */
function messageKind(m: Record<string, unknown>): string {
  if (typeof m['role'] === 'string' && m['role'] !== '') return m['role'];
  if (m['type'] === 'constructor' && Array.isArray(m['id'])) {
    const cls: unknown = (m['id'] as unknown[]).at(-1);
    if (typeof cls === 'string') return cls;
  }
  if (typeof m['type'] === 'string' && m['type'] !== '') return m['type'];
  return 'without a role';
}

/**
 * A list's messages counted by kind, for the no-events error of every list format (the Claude
 * Code importer's wording): `2 messages (1 user, 1 assistant)`.
 */
function countedMessages(messages: ReadonlyArray<Record<string, unknown>>): string {
  const kinds = new Map<string, number>();
  for (const m of messages) {
    const k = messageKind(m);
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  const n = messages.length;
  const parts = [...kinds].map(([k, c]) => `${c} ${k}`).join(', ');
  return `${n} message${n === 1 ? '' : 's'} (${parts})`;
}

/** A call of a chat message, read: its entry (`{}` for the legacy `function_call`) and wrapper. */
interface ChatCall {
  readonly call: Record<string, unknown>;
  readonly fn: Record<string, unknown>;
  readonly fw: Where;
  readonly shape: WrappedCall;
  /** The legacy `function_call` (answered by a `role: "function"` message). */
  readonly legacy: boolean;
}

/**
 * The calls of an assistant message: its legacy `function_call` (older chat completions), then
 * each entry of `tool_calls`, a function tool's (`{function: {name, arguments}}`) or a custom
 * tool's (`{custom: {name, input}}`), told by its `type` (`call-shapes.ts`).
 */
function chatCalls(m: Record<string, unknown>, w: Where): ChatCall[] {
  const calls: ChatCall[] = [];
  if (m['function_call'] !== undefined && m['function_call'] !== null) {
    const fw = w.at('function_call');
    const fn = fw.object(m['function_call'], 'a {"name", "arguments"} object');
    calls.push({ call: {}, fn, fw, shape: WRAPPED_CALLS[0], legacy: true });
  }
  const tc = m['tool_calls'];
  if (tc === undefined || tc === null) return calls;
  const cw = w.at('tool_calls');
  cw.array(tc, 'an array of tool calls').forEach((c, j) => {
    const callW = cw.at(j);
    const call = callW.object(c, 'a tool call object');
    const shape = wrappedCallOf(call) ?? WRAPPED_CALLS[0];
    const fw = callW.at(shape.key);
    const fn = fw.object(call[shape.key], `a {"name", "${shape.args}"} object`);
    calls.push({ call, fn, fw, shape, legacy: false });
  });
  return calls;
}

/**
 * The tool calls of an OpenAI chat message list (times not yet relative): the message's position
 * is its time (0, 1, 2, … s), or its time field when every calling message has one. A `role:
 * "tool"` message answers the call with its `tool_call_id`; a legacy `role: "function"` message
 * the first unanswered earlier `function_call` of its `name`. A result that answers no call is
 * warned (`unpaired-result`).
 */
function chatToolCalls(
  messages: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  const results = new Map<string, { value: unknown; i: number; used: boolean }>();
  messages.forEach((m, i) => {
    if (m['role'] !== 'tool') return;
    const id = m['tool_call_id'];
    const value = textContentValue(m['content'] ?? null, 'text', ctx);
    if (typeof id === 'string' && id !== '' && !results.has(id))
      results.set(id, { value, i, used: false });
    else
      warn(
        ctx,
        'unpaired-result',
        typeof id === 'string' && id !== ''
          ? `a second tool message for tool_call_id ${JSON.stringify(id)} (the first is [${results.get(id)!.i}]): not read`
          : 'a tool message without a tool_call_id answers no call: not read',
        { path: where.at(i).pathText },
      );
  });
  const calling = messages
    .map((m, i) => ({ m, i }))
    .filter(({ m, i }) => m['role'] === 'assistant' && chatCalls(m, where.at(i)).length > 0);
  const timed = calling.filter(({ m }) => timeField(m) !== undefined);
  if (timed.length > 0 && timed.length !== calling.length) {
    const first = calling.find(({ m }) => timeField(m) === undefined)!;
    where
      .at(first.i)
      .fail(
        `no time field (${TIME_FIELDS.join(', ')}), but other assistant messages with tool calls have one`,
      );
  }
  const events: RawEvent[] = [];
  /** The legacy calls not answered yet, in order, for the `role: "function"` messages. */
  const openLegacy: Array<{ name: string; meta: Record<string, unknown>; i: number }> = [];
  const calls = new Map(calling.map(({ m, i }) => [i, m]));
  messages.forEach((msg, i) => {
    if (msg['role'] === 'function') {
      const name = msg['name'];
      const k = openLegacy.findIndex((c) => c.name === name);
      if (k < 0) {
        warn(
          ctx,
          'unpaired-result',
          `a function message for ${JSON.stringify(typeof name === 'string' ? name : null)} answers no unanswered earlier function_call by that name: not read`,
          { path: where.at(i).pathText },
        );
        return;
      }
      openLegacy[k]!.meta['result'] = textContentValue(msg['content'] ?? null, 'text', ctx);
      openLegacy.splice(k, 1);
      return;
    }
    const m = calls.get(i);
    if (m === undefined) return;
    const w = where.at(i);
    const time = timed.length > 0 ? messageTime(m, w) : new ExactTime(BigInt(i), 0);
    for (const { call, fn, fw, shape, legacy } of chatCalls(m, w)) {
      const channel = fw.at('name').string(fn['name']);
      const meta: Record<string, unknown> = { message: i, parallel_group: i };
      if (shape.key !== 'function') meta['callType'] = shape.key;
      const id = call['id'];
      if (typeof id === 'string' && id !== '') {
        meta['callId'] = id;
        const r = results.get(id);
        if (r !== undefined && !r.used) {
          r.used = true;
          meta['result'] = r.value;
        }
      }
      const value = importedArguments(fn[shape.args], meta, ctx, shape.freeText);
      if (legacy) openLegacy.push({ name: channel, meta, i });
      events.push({ channel, time, value, meta });
    }
  });
  for (const [id, r] of results)
    if (!r.used)
      warn(
        ctx,
        'unpaired-result',
        `a tool message for tool_call_id ${JSON.stringify(id)} answers no tool call of the list: not read`,
        { path: where.at(r.i).pathText },
      );
  return events;
}

function isMessage(v: unknown): boolean {
  return isPlainObject(v) && typeof v['role'] === 'string';
}

/** `openai` importer: see `docs/importers.md`. */
export const openaiImporter: Importer = {
  name: 'openai',
  description:
    'OpenAI chat, Anthropic, LangChain, Vercel AI SDK or Gemini messages, or OpenAI Responses API / @openai/agents items (a list, {messages}, {outputs} or {contents}), or one SDK response (an Anthropic Message, a chat.completion, a Responses API response, a Gemini response), or a saved SDK stream (chat.completion.chunk, Responses or Anthropic stream events, Gemini chunks, Vercel AI SDK fullStream or UI message stream parts, as JSON, JSON Lines or server-sent events): one event per tool call',
  detect(text, first) {
    if (isGeminiResponse(first) || singleResponseOf(first) !== undefined) return 0.9;
    // A saved stream: its first record (JSON, a JSON array's first item, the first JSON line,
    // the first server-sent event's data).
    // (One Gemini chunk alone is the response: `isGeminiResponse` above.)
    const kind = streamKindOf(first);
    if (kind !== undefined && kind !== 'gemini') return 0.9;
    if (Array.isArray(first) && streamKindOf(first[0]) !== undefined) return 0.9;
    if (first === undefined && looksLikeSse(text) && streamKindOf(firstSseData(text)) !== undefined)
      return 0.9;
    const list = Array.isArray(first)
      ? first
      : isPlainObject(first)
        ? (LIST_KEYS.map((k) => first[k]).find((v) => Array.isArray(v)) as unknown[] | undefined)
        : undefined;
    if (list === undefined || list.length === 0) return list === undefined ? 0 : 0.1;
    return isMessage(list[0]) ||
      isLangChainMessage(list[0]) ||
      isGeminiContent(list[0]) ||
      isResponsesItem(list[0])
      ? 0.9
      : 0;
  },
  parse(text, ctx) {
    return relativeEvents(parseOpenAI(text, ctx), ctx.file);
  },
};
