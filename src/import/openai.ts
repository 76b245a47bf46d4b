/**
 * OpenAI chat message lists (also agentevals' `{outputs}`): one event per tool call of an assistant
 * message. A list with Vercel AI SDK content parts is read by `ai-sdk-messages.ts`, an
 * `@openai/agents` history (`function_call` items) by `openai-agents-history.ts`, an Anthropic
 * conversation (`tool_use` / `tool_result` blocks) by `anthropic-messages.ts`, LangChain's
 * serialised or stored messages by `langchain-messages.ts`, a Gemini conversation (`Content[]`
 * with `functionCall` / `functionResponse` parts, or a `GenerateContentResponse`) by
 * `gemini-contents.ts`.
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
import { agentsHistoryToolCalls, isAgentsHistory } from './openai-agents-history.js';
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
import { importValue, parseEmbeddedJson } from './values.js';

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
 * request body).
 */
function messagesOf(doc: unknown, root: Where): { list: readonly unknown[]; where: Where } {
  if (Array.isArray(doc)) return { list: doc, where: root };
  const o = root.object(doc, 'a message list, or an object with "messages" or "outputs"');
  const key = LIST_KEYS.find((k) => Array.isArray(o[k]));
  if (key === undefined)
    root.fail(
      'expected a message list, or an object with a "messages", "outputs" or "contents" array',
    );
  return { list: o[key] as unknown[], where: root.at(key) };
}

function argumentsValue(raw: unknown, meta: Record<string, unknown>, ctx: ImportContext): unknown {
  if (typeof raw !== 'string') return importValue(raw ?? null, ctx);
  const r = parseEmbeddedJson(raw, ctx);
  if (r.ok) return r.value;
  meta['argumentsError'] = r.reason;
  return raw;
}

function parseOpenAI(text: string, ctx: ImportContext): RawEvent[] {
  const root = new Where(ctx.file);
  const doc = parseJsonDocument(text, ctx.file, ctx.mode);
  if (isGeminiResponse(doc)) return geminiResponseToolCalls(doc, root, ctx);
  const { list, where } = messagesOf(doc, root);
  const messages = list.map((m, i) => where.at(i).object(m, 'a message object'));
  if (isLangChainMessageList(messages)) return langchainToolCalls(messages, where, ctx);
  if (isGeminiContentList(messages)) return geminiToolCalls(messages, where, ctx);
  if (isAiSdkMessageList(messages)) return aiSdkToolCalls(messages, where, ctx);
  if (isAgentsHistory(messages)) return agentsHistoryToolCalls(messages, where, ctx);
  if (isAnthropicMessageList(messages)) return anthropicToolCalls(messages, where, ctx);
  const results = new Map<string, unknown>();
  for (const m of messages) {
    if (m['role'] === 'tool' && typeof m['tool_call_id'] === 'string')
      results.set(m['tool_call_id'], importValue(m['content'] ?? null, ctx));
  }
  const calling = messages
    .map((m, i) => ({ m, i }))
    .filter(
      ({ m }) =>
        m['role'] === 'assistant' &&
        ((Array.isArray(m['tool_calls']) && m['tool_calls'].length > 0) ||
          isPlainObject(m['function_call'])),
    );
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
  for (const { m, i } of calling) {
    const w = where.at(i);
    const time = timed.length > 0 ? messageTime(m, w) : new ExactTime(BigInt(i), 0);
    const calls: Array<{
      call: Record<string, unknown>;
      w: Where;
      fn: Record<string, unknown>;
      fw: Where;
    }> = [];
    if (Array.isArray(m['tool_calls'])) {
      const cw = w.at('tool_calls');
      m['tool_calls'].forEach((c, j) => {
        const callW = cw.at(j);
        const call = callW.object(c, 'a tool call object');
        calls.push({
          call,
          w: callW,
          fn: callW.at('function').object(call['function'], 'a {"name", "arguments"} object'),
          fw: callW.at('function'),
        });
      });
    } else {
      // The legacy single `function_call` of older chat completions.
      const fw = w.at('function_call');
      calls.push({ call: {}, w, fn: fw.object(m['function_call']), fw });
    }
    for (const { call, fn, fw } of calls) {
      const channel = fw.at('name').string(fn['name']);
      const meta: Record<string, unknown> = { message: i };
      const id = call['id'];
      if (typeof id === 'string' && id !== '') {
        meta['callId'] = id;
        if (results.has(id)) meta['result'] = results.get(id);
      }
      events.push({ channel, time, value: argumentsValue(fn['arguments'], meta, ctx), meta });
    }
  }
  return events;
}

function isMessage(v: unknown): boolean {
  return isPlainObject(v) && typeof v['role'] === 'string';
}

/** `openai` importer: see `docs/importers.md`. */
export const openaiImporter: Importer = {
  name: 'openai',
  description:
    'OpenAI chat, Anthropic, LangChain, Vercel AI SDK or Gemini messages (a list, {messages}, {outputs} or {contents}, or a Gemini response): one event per tool call of an assistant message',
  detect(_text, first) {
    if (isGeminiResponse(first)) return 0.9;
    const list = Array.isArray(first)
      ? first
      : isPlainObject(first)
        ? (LIST_KEYS.map((k) => first[k]).find((v) => Array.isArray(v)) as unknown[] | undefined)
        : undefined;
    if (list === undefined || list.length === 0) return list === undefined ? 0 : 0.1;
    return isMessage(list[0]) || isLangChainMessage(list[0]) || isGeminiContent(list[0]) ? 0.9 : 0;
  },
  parse(text, ctx) {
    return relativeEvents(parseOpenAI(text, ctx), ctx.file);
  },
};
