/**
 * LangChain message lists, read by the `openai` importer: the serialised form `JSON.stringify`
 * gives for messages (`{lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs}`, as a
 * LangGraph state's `messages` saves) and the stored form of chat histories
 * (`mapChatMessagesToStoredMessages`, Python's `messages_to_dict`: `{type: "ai", data}`). One event
 * per tool call of an AI message; the `ToolMessage` with the same `tool_call_id` gives its result.
 * The OpenInference and OpenLLMetry readers use `langchainMessage` for the messages their spans
 * hold.
 */
import { isPlainObject } from '../py/value.js';
import type { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson, textContentValue } from './values.js';

/**
 * A LangChain message in its serialised form (`{lc: 1, type: "constructor", id: [..., kind],
 * kwargs}`, what `JSON.stringify` gives for a message): its `kwargs`, when `kind` is one of `kinds`.
 */
export function langchainMessage(
  v: unknown,
  kinds: readonly string[],
): Record<string, unknown> | undefined {
  if (!isPlainObject(v) || v['type'] !== 'constructor' || !('lc' in v)) return undefined;
  const id = v['id'];
  if (!Array.isArray(id) || !kinds.includes(String(id[id.length - 1]))) return undefined;
  return isPlainObject(v['kwargs']) ? v['kwargs'] : undefined;
}

/** The class names of the serialised form and the types of the stored form, by role. */
const AI = ['AIMessage', 'AIMessageChunk', 'ai'];
const TOOL = ['ToolMessage', 'ToolMessageChunk', 'tool'];
const OTHER = [
  'HumanMessage',
  'HumanMessageChunk',
  'SystemMessage',
  'SystemMessageChunk',
  'ChatMessage',
  'ChatMessageChunk',
  'FunctionMessage',
  'FunctionMessageChunk',
  'RemoveMessage',
  'human',
  'system',
  'chat',
  'generic',
  'function',
  'remove',
];

/** A message of either form: its kind (a class name or stored type), fields and their key. */
interface LangChainMessage {
  readonly kind: string;
  readonly fields: Record<string, unknown>;
  readonly key: 'kwargs' | 'data';
}

function readMessage(v: unknown): LangChainMessage | undefined {
  if (!isPlainObject(v)) return undefined;
  const id = v['id'];
  if (v['type'] === 'constructor' && 'lc' in v && Array.isArray(id) && isPlainObject(v['kwargs']))
    return { kind: String(id[id.length - 1]), fields: v['kwargs'], key: 'kwargs' };
  if (typeof v['type'] === 'string' && isPlainObject(v['data']) && !('role' in v))
    return { kind: v['type'], fields: v['data'], key: 'data' };
  return undefined;
}

/** Whether `v` is a LangChain message of a known kind, in either form (detection). */
export function isLangChainMessage(v: unknown): boolean {
  const m = readMessage(v);
  return m !== undefined && [...AI, ...TOOL, ...OTHER].includes(m.kind);
}

/** Whether a message list is LangChain's: its first message is one (as detection saw it). */
export function isLangChainMessageList(messages: readonly unknown[]): boolean {
  return messages.length > 0 && isLangChainMessage(messages[0]);
}

/** One call of an AI message, as LangChain keeps it (or as the OpenAI wire format gave it). */
interface Listed {
  readonly name: unknown;
  readonly value: unknown;
  readonly id: unknown;
  readonly w: Where;
  readonly error?: string;
}

/**
 * The calls of an AI message: `tool_calls` (`{name, args, id}`), else the OpenAI wire form in
 * `additional_kwargs.tool_calls` (older serialisations), and then `invalid_tool_calls` (calls whose
 * arguments did not parse: kept as text, with `argumentsError`, not dropped).
 */
function listedCalls(fields: Record<string, unknown>, w: Where, ctx: ImportContext): Listed[] {
  const out: Listed[] = [];
  /** The calls of LangChain's own list `key`, each with `error` when the list says they failed. */
  const fromList = (
    key: 'tool_calls' | 'invalid_tool_calls',
    error?: (c: Record<string, unknown>) => string,
  ) => {
    const list = fields[key];
    if (!Array.isArray(list)) return;
    list.forEach((c, j) => {
      const cw = w.at(key).at(j);
      const call = cw.object(c, 'a tool call object');
      out.push({
        name: call['name'],
        value: importValue(call['args'] ?? null, ctx),
        id: call['id'],
        w: cw,
        ...(error === undefined ? {} : { error: error(call) }),
      });
    });
  };
  const calls = fields['tool_calls'];
  if (Array.isArray(calls) && calls.length > 0) {
    fromList('tool_calls');
  } else {
    const extra = fields['additional_kwargs'];
    const wire = isPlainObject(extra) ? extra['tool_calls'] : undefined;
    if (Array.isArray(wire))
      wire.forEach((c, j) => {
        const cw = w.at('additional_kwargs').at('tool_calls').at(j);
        const call = cw.object(c, 'a tool call object');
        const fn = cw.at('function').object(call['function'], 'a {"name", "arguments"} object');
        const raw = fn['arguments'];
        const parsed = typeof raw === 'string' ? parseEmbeddedJson(raw, ctx) : undefined;
        out.push({
          name: fn['name'],
          value:
            parsed === undefined ? importValue(raw ?? null, ctx) : parsed.ok ? parsed.value : raw,
          id: call['id'],
          w: cw.at('function'),
          ...(parsed !== undefined && !parsed.ok ? { error: parsed.reason } : {}),
        });
      });
  }
  fromList('invalid_tool_calls', (call) =>
    typeof call['error'] === 'string' ? call['error'] : 'an invalid tool call',
  );
  return out;
}

/**
 * The tool calls of a LangChain message list (times not yet relative): the message's position is
 * its time (0, 1, 2, … s), and the calls of one AI message — one model step — share
 * `meta.parallel_group` (the message index).
 */
export function langchainToolCalls(
  messages: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  const read = messages.map(
    (m, i): LangChainMessage =>
      readMessage(m) ??
      where
        .at(i)
        .fail(
          'expected a LangChain message ({lc, type: "constructor", id, kwargs} or {type, data}), as the first one is',
        ),
  );
  const results = new Map<string, Record<string, unknown>>();
  for (const { kind, fields } of read) {
    if (!TOOL.includes(kind) || typeof fields['tool_call_id'] !== 'string') continue;
    const meta: Record<string, unknown> = {
      result: textContentValue(fields['content'], 'text', ctx),
    };
    if (fields['status'] === 'error') meta['resultStatus'] = 'error';
    results.set(fields['tool_call_id'], meta);
  }
  const events: RawEvent[] = [];
  read.forEach(({ kind, fields, key }, i) => {
    if (!AI.includes(kind)) return;
    for (const c of listedCalls(fields, where.at(i).at(key), ctx)) {
      const channel = c.w.at('name').string(c.name);
      const meta: Record<string, unknown> = { message: i, parallel_group: i };
      if (c.error !== undefined) meta['argumentsError'] = c.error;
      if (typeof c.id === 'string' && c.id !== '') {
        meta['callId'] = c.id;
        Object.assign(meta, results.get(c.id));
      }
      events.push({ channel, time: new ExactTime(BigInt(i), 0), value: c.value, meta });
    }
  });
  return events;
}
