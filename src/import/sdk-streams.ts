/**
 * Streamed SDK output (`stream: true`), saved as a JSON array or JSON Lines of what the SDK
 * yielded, or as the server-sent events of the wire: OpenAI Chat Completions chunks, OpenAI
 * Responses API stream events, Anthropic Messages stream events, Gemini `GenerateContentResponse`
 * chunks (`generateContentStream`) and Vercel AI SDK stream parts (`streamText`'s `fullStream`,
 * or the UI message stream). Each streamed turn is assembled into the response the same call
 * without `stream` returns (a `chat.completion`, a Responses API `response`, an Anthropic
 * `Message`), located so that a path inside it names the record it came from; `openai.ts` reads
 * those with its single-response readers. A Gemini or AI SDK turn is assembled into the messages
 * it adds to the conversation (`{messages}`: Gemini `Content`s, AI SDK `ModelMessage`s), since
 * their tool results are records of the stream too (the SDK's automatic function calling yields
 * its function responses as a chunk; `fullStream` has `tool-result` parts): `streamConversation`
 * joins the turns, and the list readers pair the results with their calls.
 */
import { formatPath } from '../errors.js';
import { JsonSyntaxError, parsePyJson } from '../py/json.js';
import { isPlainObject } from '../py/value.js';
import { describeReceived as describe } from '../io/input.js';
import { TraceError } from '../errors.js';
import { CALL_BLOCKS } from './anthropic-messages.js';
import { Where, isJsonLines, parseJsonLine, parseJsonLines } from './json.js';
import type { WarningAt } from './warnings.js';

/** The kinds of stream, told by their records. */
export type StreamKind = 'chat' | 'anthropic' | 'responses' | 'gemini' | 'ai-sdk';

/**
 * How each kind is named in messages: `what` the stream, `record` its records, `one` a record
 * (for the error naming a record of another kind), `start` the record that must start a turn
 * (none: any record does), `typed` whether the no-events error counts its records by `type`.
 */
export const STREAM_KINDS: Readonly<
  Record<
    StreamKind,
    { what: string; record: string; one: string; start: string | undefined; typed: boolean }
  >
> = {
  chat: {
    what: 'an OpenAI Chat Completions stream',
    record: 'chunk',
    one: 'a chat.completion.chunk',
    start: undefined,
    typed: false,
  },
  anthropic: {
    what: 'an Anthropic Messages stream',
    record: 'event',
    one: 'an Anthropic stream event',
    start: 'message_start',
    typed: true,
  },
  responses: {
    what: 'an OpenAI Responses API stream',
    record: 'event',
    one: 'an OpenAI Responses API stream event',
    start: 'response.created',
    typed: true,
  },
  gemini: {
    what: 'a Gemini stream',
    record: 'chunk',
    one: 'a Gemini GenerateContentResponse chunk',
    start: undefined,
    typed: false,
  },
  'ai-sdk': {
    what: 'a Vercel AI SDK stream',
    record: 'part',
    one: 'a Vercel AI SDK stream part',
    start: 'start',
    typed: true,
  },
};

/**
 * The part types of the Vercel AI SDK's streams (AI SDK 5 and 6): `streamText`'s `fullStream`
 * (`TextStreamPart`) and the UI message stream (`UIMessageChunk`, what
 * `toUIMessageStreamResponse()` sends). `error` is read as every stream's error record.
 */
const AI_SDK_PARTS: ReadonlySet<string> = new Set([
  'start',
  'start-step',
  'finish-step',
  'finish',
  'abort',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-end',
  'tool-call',
  'tool-result',
  'tool-error',
  'tool-output-denied',
  'tool-approval-request',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'source',
  'source-url',
  'source-document',
  'file',
  'raw',
  'message-metadata',
]);

/** The first of `keys` of `o` that is set (not `null`: the Python SDK dumps unset fields so). */
function present(o: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}

/**
 * Whether a record is a Gemini `GenerateContentResponse` chunk: `candidates`, or (a chunk
 * without any) prompt feedback or usage metadata; camelCase (the REST API, the JS SDK) or
 * snake_case (the Python SDK's `model_dump()`).
 */
function isGeminiChunk(v: Record<string, unknown>): boolean {
  if ('type' in v || 'object' in v) return false;
  if (['messages', 'contents', 'outputs', 'events'].some((k) => k in v)) return false;
  return (
    Array.isArray(present(v, 'candidates')) ||
    isPlainObject(present(v, 'promptFeedback', 'prompt_feedback')) ||
    isPlainObject(present(v, 'usageMetadata', 'usage_metadata'))
  );
}

/** The Anthropic stream's event types that tell a stream (`ping` and `error` occur in it too). */
const ANTHROPIC_EVENTS: ReadonlySet<string> = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
]);

/** The kind of stream a record belongs to: `undefined` for anything else (never a message). */
export function streamKindOf(v: unknown): StreamKind | undefined {
  if (!isPlainObject(v)) return undefined;
  if (v['object'] === 'chat.completion.chunk') return 'chat';
  if ('role' in v) return undefined;
  if (isGeminiChunk(v)) return 'gemini';
  const t = v['type'];
  if (typeof t !== 'string') return undefined;
  if (ANTHROPIC_EVENTS.has(t)) return 'anthropic';
  if (t.startsWith('response.')) return 'responses';
  if (AI_SDK_PARTS.has(t)) return 'ai-sdk';
  return undefined;
}

/** `data: [DONE]`, the end of an OpenAI Chat Completions stream on the wire. */
const DONE: unique symbol = Symbol('[DONE]');

/** One record of a saved stream: the value, where it is, and how a warning names it. */
export interface StreamRecord {
  readonly value: unknown;
  readonly where: Where;
  readonly at: WarningAt;
}

/** The records of a saved stream and how it was saved. */
export interface StreamRecords {
  readonly records: readonly StreamRecord[];
  /** Server-sent events (the wire), where a Chat Completions turn ends with `data: [DONE]`. */
  readonly sse: boolean;
  /** The line of a last event cut off mid-way (its data not JSON): not read. */
  readonly cutLine?: number | undefined;
}

type Mode = 'default' | 'reference' | undefined;

const SSE_FIELD = /^(event|data|id|retry)(:|$)/;

/** Whether a text is server-sent events: its first line that is not blank nor a comment is a field. */
export function looksLikeSse(text: string): boolean {
  for (const line of text.split(/\r?\n/, 50)) {
    if (line.trim() === '' || line.startsWith(':')) continue;
    return SSE_FIELD.test(line);
  }
  return false;
}

/** The data of the first event of server-sent events, parsed, for detection (`undefined`: none). */
export function firstSseData(text: string): unknown {
  const m = /^data: ?(.*)$/m.exec(text.slice(0, 65536));
  if (m === null) return undefined;
  try {
    return JSON.parse(m[1]!);
  } catch {
    return undefined;
  }
}

/**
 * The records of server-sent events: each event's `data` (its `data:` lines joined), parsed as
 * JSON; `[DONE]` marks the end of a chat turn; comments (`: …`) and `id:` / `retry:` fields are
 * ignored, and so is `event:` (the data names its type). A last event without the blank line
 * that ends it whose data is not JSON is the cut of a stream: not read (`cutLine`). Data that is
 * not JSON elsewhere is an error naming the line and column.
 */
function sseRecords(text: string, file: string | undefined, mode: Mode): StreamRecords {
  const records: StreamRecord[] = [];
  const lines = text.split(/\r?\n/);
  let data: Array<{ text: string; line: number; column: number }> = [];
  let cutLine: number | undefined;
  const dispatch = (atEnd: boolean): void => {
    if (data.length === 0) return;
    const parts = data;
    const first = parts[0]!;
    const joined = parts.map((d) => d.text).join('\n');
    const label = file ? `${file}:${first.line}` : `line ${first.line}`;
    const where = new Where(label);
    const at = { line: first.line };
    data = [];
    if (joined.trim() === '[DONE]') {
      records.push({ value: DONE, where, at });
      return;
    }
    try {
      const value = parsePyJson(joined, {
        preserveNumberKinds: true,
        uniqueKeys: mode !== 'reference',
      });
      records.push({ value, where, at });
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      if (atEnd) {
        cutLine = first.line;
        return;
      }
      const d = parts[e.line - 1] ?? first;
      const l = first.line + e.line - 1;
      const column = e.column + d.column;
      throw new TraceError(
        `${file ? `${file}:${l}:${column}` : `line ${l}, column ${column}`}: ${e.reason} (the data of a server-sent event)`,
        {},
        { cause: e },
      );
    }
  };
  lines.forEach((line, i) => {
    if (line === '') return dispatch(false);
    if (line.startsWith(':')) return;
    const m = /^data(?:$|: ?(.*)$)/.exec(line);
    if (m === null) return;
    const value = m[1] ?? '';
    data.push({ text: value, line: i + 1, column: line.length - value.length });
  });
  dispatch(true);
  return { records, sse: true, cutLine };
}

/**
 * The records of a saved stream, if `text` is one: a JSON array (or one record) of stream
 * records, JSON Lines of them, or server-sent events whose first data is one; `undefined` when
 * the text is none of these (then it is read as a message list or a response).
 */
export function streamRecordsOf(
  text: string,
  file: string | undefined,
  mode: Mode,
  doc: () => unknown,
): StreamRecords | undefined {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') {
    if (!looksLikeSse(text) || streamKindOf(firstSseData(text)) === undefined) return undefined;
    return sseRecords(text, file, mode);
  }
  if (isJsonLines(text)) {
    const firstLine = text.split(/\r?\n/).findIndex((l) => l.trim() !== '');
    const head = parseJsonLine(text.split(/\r?\n/)[firstLine]!, firstLine + 1, file, mode);
    if (streamKindOf(head?.value) === undefined) return undefined;
    return {
      records: parseJsonLines(text, file, mode).map((r) => ({
        value: r.value,
        where: r.where,
        at: { line: r.line },
      })),
      sse: false,
    };
  }
  const d = doc();
  const root = new Where(file);
  if (Array.isArray(d) && streamKindOf(d[0]) !== undefined)
    return {
      records: (d as unknown[]).map((value, i) => ({
        value,
        where: root.at(i),
        at: { path: root.at(i).pathText },
      })),
      sse: false,
    };
  // One Gemini chunk alone is read as the response it is (`gemini-contents.ts`), with its
  // automatic function calling history.
  const kind = streamKindOf(d);
  if (kind !== undefined && kind !== 'gemini')
    return { records: [{ value: d, where: root, at: {} }], sse: false };
  return undefined;
}

/**
 * A location inside an object assembled from a stream: shown as the record it was read from, by
 * the longest prefix of its path that has a source (`sources`, by path text) and the rest of the
 * path below it; a path with no source is shown below `root`.
 */
class AssembledWhere extends Where {
  constructor(
    private readonly root: Where,
    private readonly logical: readonly PropertyKey[],
    private readonly sources: ReadonlyMap<string, Where>,
  ) {
    const shown = shownAt(root, logical, sources);
    super(shown.file, shown.path);
  }

  override at(...segments: PropertyKey[]): Where {
    return new AssembledWhere(this.root, [...this.logical, ...segments], this.sources);
  }
}

function shownAt(
  root: Where,
  path: readonly PropertyKey[],
  sources: ReadonlyMap<string, Where>,
): Where {
  for (let n = path.length; n > 0; n--) {
    const src = sources.get(formatPath(path.slice(0, n)));
    if (src !== undefined) return src.at(...path.slice(n));
  }
  return root.at(...path);
}

/** A warning an assembled turn asks for. */
export interface StreamNote {
  readonly code: 'content-omitted' | 'unmapped-record';
  readonly message: string;
  readonly at: WarningAt;
}

/** One streamed turn, assembled: the response the same call without `stream` returns. */
export interface StreamTurn {
  /** A `chat.completion`, a Responses API `response`, an Anthropic `Message`. */
  readonly response: Record<string, unknown>;
  /** Where the response is read: paths inside it name the records they come from. */
  readonly where: Where;
  /** The response's `id`, when it has one. */
  readonly id: string | undefined;
  /** The turn's last record (where a warning of it points). */
  readonly last: StreamRecord;
  /** Why the turn is incomplete: the stream was cut (empty: it is complete). */
  readonly cut: readonly string[];
  /** Anthropic: the call blocks (by position in `content`) whose input JSON did not parse, and why. */
  readonly brokenInputs: ReadonlyMap<number, string>;
  /** AI SDK: the calls (by `toolCallId`) cut in their input, whose input text did not parse, and why. */
  readonly brokenCalls: ReadonlyMap<string, string>;
  /**
   * What the turn holds but its reading leaves out, to warn: results whose saving lost their
   * content (AI SDK, `content-omitted`), calls of other candidates (Gemini, `unmapped-record`).
   */
  readonly notes: readonly StreamNote[];
}

/** A saved stream, assembled. */
export interface AssembledStream {
  readonly kind: StreamKind;
  readonly turns: readonly StreamTurn[];
  /** The records by type (`message_start`, `response.created`; `chunk` for chat), for messages. */
  readonly kinds: ReadonlyMap<string, number>;
  readonly count: number;
}

/** The message of an error record (`{type: "error", error: {message}}`, `{error: {message}}`, `{message}`). */
function errorText(v: Record<string, unknown>): string {
  const e = isPlainObject(v['error']) ? v['error'] : v;
  const code = e['type'] ?? e['code'];
  const msg = e['message'];
  return `an error event${typeof code === 'string' ? ` (${code})` : ''}${typeof msg === 'string' ? `: ${JSON.stringify(msg)}` : ''}`;
}

/**
 * Whether a record is the API's error: `{type: "error"}`, or an untyped `{error}` (Chat
 * Completions and Gemini send one mid-stream); never a typed record with an `error` field (the AI
 * SDK's `tool-error` part).
 */
function isErrorRecord(v: Record<string, unknown>): boolean {
  return (
    v['type'] === 'error' ||
    (isPlainObject(v['error']) && v['object'] === undefined && v['type'] === undefined)
  );
}

/** A turn being assembled. */
interface Building {
  readonly start: StreamRecord;
  last: StreamRecord;
  readonly sources: Map<string, Where>;
  readonly cut: string[];
  closed: boolean;
  finish(): {
    response: Record<string, unknown>;
    brokenInputs?: Map<number, string>;
    brokenCalls?: Map<string, string>;
    notes?: StreamNote[];
  };
}

function integerAt(w: Where, v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    w.fail(`expected ${what} (an integer ≥ 0), got ${describe(v)}`);
  return v;
}

function idOf(o: Record<string, unknown>): string | undefined {
  return typeof o['id'] === 'string' && o['id'] !== '' ? o['id'] : undefined;
}

/** A Chat Completions turn: the chunks of one `id`, until its `[DONE]` on the wire. */
function chatTurn(
  start: StreamRecord,
  sse: boolean,
): Building & { id: unknown; add(r: StreamRecord): void } {
  const choices = new Map<
    number,
    {
      content: string | null;
      finish: unknown;
      role: unknown;
      calls: Map<number, { id?: unknown; type?: unknown; name?: unknown; args: string }>;
      fn?: { name?: unknown; args: string };
    }
  >();
  const sources = new Map<string, Where>();
  const b = {
    start,
    last: start,
    sources,
    cut: [] as string[],
    closed: false,
    id: (start.value as Record<string, unknown>)['id'],
    add(r: StreamRecord) {
      b.last = r;
      const chunk = r.value as Record<string, unknown>;
      const cs = chunk['choices'];
      if (cs === undefined || cs === null) return;
      const cw = r.where.at('choices');
      cw.array(cs, 'an array of choices').forEach((c, k) => {
        const w = cw.at(k);
        const choice = w.object(c, 'a choice object');
        const index =
          choice['index'] === undefined
            ? 0
            : integerAt(w.at('index'), choice['index'], 'a choice index');
        let s = choices.get(index);
        if (s === undefined) {
          s = { content: null, finish: null, role: 'assistant', calls: new Map() };
          choices.set(index, s);
          if (!sources.has('choices')) sources.set('choices', cw);
        }
        if (choice['finish_reason'] !== undefined && choice['finish_reason'] !== null)
          s.finish = choice['finish_reason'];
        const d = choice['delta'];
        if (d === undefined || d === null) return;
        const dw = w.at('delta');
        const delta = dw.object(d, 'a delta object');
        const key = `choices#${index}`;
        if (!sources.has(key)) sources.set(key, w);
        if (!sources.has(`${key}.message`)) sources.set(`${key}.message`, dw);
        if (typeof delta['content'] === 'string') s.content = (s.content ?? '') + delta['content'];
        const fc = delta['function_call'];
        if (fc !== undefined && fc !== null) {
          const fw = dw.at('function_call');
          const f = fw.object(fc, 'a {"name", "arguments"} object');
          s.fn ??= { args: '' };
          if (!sources.has(`${key}.fn`)) sources.set(`${key}.fn`, fw);
          if (typeof f['name'] === 'string' && f['name'] !== '') s.fn.name = f['name'];
          const a = f['arguments'];
          if (a !== undefined && a !== null) {
            if (typeof a !== 'string')
              throw fw.at('arguments').error(`expected a string fragment, got ${describe(a)}`);
            s.fn.args += a;
          }
        }
        const tc = delta['tool_calls'];
        if (tc === undefined || tc === null) return;
        const tw = dw.at('tool_calls');
        tw.array(tc, 'an array of tool call deltas').forEach((x, m) => {
          const xw = tw.at(m);
          const part = xw.object(x, 'a tool call delta object');
          const i = integerAt(xw.at('index'), part['index'], 'a tool call index');
          let call = s.calls.get(i);
          if (call === undefined) {
            call = { args: '' };
            s.calls.set(i, call);
            sources.set(`${key}.call#${i}`, xw);
          }
          if (typeof part['id'] === 'string' && part['id'] !== '') call.id = part['id'];
          if (typeof part['type'] === 'string') call.type = part['type'];
          const fn = part['function'];
          if (fn === undefined || fn === null) return;
          const fw = xw.at('function');
          const f = fw.object(fn, 'a {"name", "arguments"} object');
          if (f['name'] !== undefined && f['name'] !== null && f['name'] !== '')
            call.name = f['name'];
          const a = f['arguments'];
          if (a !== undefined && a !== null) {
            if (typeof a !== 'string')
              throw fw.at('arguments').error(`expected a string fragment, got ${describe(a)}`);
            call.args += a;
          }
        });
      });
    },
    finish() {
      const order = [...choices.keys()].sort((x, y) => x - y);
      const out = order.map((index, p) => {
        const s = choices.get(index)!;
        const key = `choices#${index}`;
        const base = `choices[${p}]`;
        const src = sources.get(key);
        if (src !== undefined) sources.set(base, src);
        const msrc = sources.get(`${key}.message`);
        if (msrc !== undefined) sources.set(`${base}.message`, msrc);
        const message: Record<string, unknown> = { role: s.role, content: s.content };
        if (s.fn !== undefined) {
          message['function_call'] = { name: s.fn.name, arguments: s.fn.args };
          sources.set(`${base}.message.function_call`, sources.get(`${key}.fn`)!);
        }
        const ids = [...s.calls.keys()].sort((x, y) => x - y);
        if (ids.length > 0) {
          message['tool_calls'] = ids.map((i, j) => {
            const c = s.calls.get(i)!;
            sources.set(`${base}.message.tool_calls[${j}]`, sources.get(`${key}.call#${i}`)!);
            const call: Record<string, unknown> = { index: i };
            if (c.id !== undefined) call['id'] = c.id;
            call['type'] = c.type ?? 'function';
            call['function'] =
              c.name === undefined ? { arguments: c.args } : { name: c.name, arguments: c.args };
            return call;
          });
        }
        if (s.finish === null) b.cut.push(`choice ${index} has no finish_reason`);
        return { index, message, finish_reason: s.finish };
      });
      if (sse && !b.closed) b.cut.push('no data: [DONE] follows it');
      const chunk = start.value as Record<string, unknown>;
      return {
        response: {
          id: chunk['id'],
          object: 'chat.completion',
          created: chunk['created'],
          model: chunk['model'],
          choices: out,
        },
      };
    },
  };
  return b;
}

/** An Anthropic turn: the events from `message_start` to `message_stop`. */
function anthropicTurn(start: StreamRecord): Building & { add(r: StreamRecord): void } {
  const sources = new Map<string, Where>();
  const ev = start.value as Record<string, unknown>;
  const mw = start.where.at('message');
  const message = { ...mw.object(ev['message'], 'a message object') };
  sources.set('content', mw.at('content'));
  const blocks = new Map<
    number,
    { block: Record<string, unknown>; json: string; stopped: boolean; w: Where }
  >();
  const b = {
    start,
    last: start,
    sources,
    cut: [] as string[],
    closed: false,
    add(r: StreamRecord) {
      b.last = r;
      const e = r.value as Record<string, unknown>;
      const t = e['type'];
      if (t === 'message_stop') {
        b.closed = true;
        return;
      }
      if (t === 'message_delta') {
        const d = e['delta'];
        if (isPlainObject(d)) Object.assign(message, d);
        return;
      }
      if (t !== 'content_block_start' && t !== 'content_block_delta' && t !== 'content_block_stop')
        return;
      const index = integerAt(r.where.at('index'), e['index'], 'a block index');
      if (t === 'content_block_start') {
        const bw = r.where.at('content_block');
        blocks.set(index, {
          block: { ...bw.object(e['content_block'], 'a content block object') },
          json: '',
          stopped: false,
          w: bw,
        });
        return;
      }
      const s = blocks.get(index);
      if (s === undefined)
        throw r.where.at('index').error(`no content_block_start before it for block ${index}`);
      if (t === 'content_block_stop') {
        s.stopped = true;
        return;
      }
      const dw = r.where.at('delta');
      const d = dw.object(e['delta'], 'a delta object');
      if (d['type'] === 'input_json_delta') {
        const p = d['partial_json'];
        if (typeof p !== 'string')
          throw dw.at('partial_json').error(`expected a string, got ${describe(p)}`);
        s.json += p;
      } else if (d['type'] === 'text_delta' && typeof d['text'] === 'string')
        s.block['text'] =
          `${typeof s.block['text'] === 'string' ? s.block['text'] : ''}${d['text']}`;
    },
    finish() {
      const brokenInputs = new Map<number, string>();
      const order = [...blocks.keys()].sort((x, y) => x - y);
      message['content'] = order.map((index, j) => {
        const s = blocks.get(index)!;
        sources.set(`content[${j}]`, s.w);
        const isCall = CALL_BLOCKS.has(s.block['type'] as string);
        if (isCall && !s.stopped)
          b.cut.push(`block ${index} (${String(s.block['type'])}) has no content_block_stop`);
        if (isCall && s.json.trim() !== '') {
          try {
            s.block['input'] = parsePyJson(s.json, { preserveNumberKinds: true });
          } catch (e) {
            if (!(e instanceof JsonSyntaxError)) throw e;
            s.block['input'] = s.json;
            brokenInputs.set(j, `not valid JSON (${e.reason} at ${e.line}:${e.column})`);
          }
        }
        return s.block;
      });
      if (!b.closed) b.cut.push('no message_stop event ends it');
      return { response: message, brokenInputs };
    },
  };
  return b;
}

/** The argument field a Responses call item streams (`arguments`, a custom tool's `input`). */
function streamedArgsKey(item: Record<string, unknown>): string | undefined {
  if (item['type'] === 'custom_tool_call') return 'input';
  return item['type'] === 'function_call' || item['type'] === 'mcp_call' ? 'arguments' : undefined;
}

/** A Responses API turn: the events from `response.created` to `response.completed`. */
function responsesTurn(start: StreamRecord): Building & { add(r: StreamRecord): void } {
  const sources = new Map<string, Where>();
  const items = new Map<
    number,
    { item: Record<string, unknown>; w: Where; done: boolean; args: string; argsDone?: string }
  >();
  let final: { response: Record<string, unknown>; where: Where } | undefined;
  const ev = start.value as Record<string, unknown>;
  const created = start.where.at('response').object(ev['response'], 'a response object');
  const b = {
    start,
    last: start,
    sources,
    cut: [] as string[],
    closed: false,
    final: () => final,
    add(r: StreamRecord) {
      b.last = r;
      const e = r.value as Record<string, unknown>;
      const t = e['type'] as string;
      if (t === 'response.completed' || t === 'response.incomplete' || t === 'response.failed') {
        final = {
          response: r.where.at('response').object(e['response'], 'a response object'),
          where: r.where.at('response'),
        };
        b.closed = true;
        return;
      }
      if (t === 'response.output_item.added' || t === 'response.output_item.done') {
        const i = integerAt(r.where.at('output_index'), e['output_index'], 'an output index');
        const w = r.where.at('item');
        const item = { ...w.object(e['item'], 'an output item') };
        const had = items.get(i);
        if (t === 'response.output_item.done' || had === undefined)
          items.set(i, { item, w, done: t === 'response.output_item.done', args: had?.args ?? '' });
        return;
      }
      const delta =
        /^response\.(function_call_arguments|custom_tool_call_input|mcp_call_arguments)\.(delta|done)$/.exec(
          t,
        );
      if (delta === null) return;
      const i = integerAt(r.where.at('output_index'), e['output_index'], 'an output index');
      const s = items.get(i);
      if (s === undefined)
        throw r.where
          .at('output_index')
          .error(`no response.output_item.added before it for output ${i}`);
      const key =
        delta[2] === 'delta'
          ? 'delta'
          : delta[1] === 'custom_tool_call_input'
            ? 'input'
            : 'arguments';
      const v = e[key];
      if (typeof v !== 'string')
        throw r.where.at(key).error(`expected a string, got ${describe(v)}`);
      if (delta[2] === 'delta') s.args += v;
      else s.argsDone = v;
    },
    finish() {
      if (final !== undefined) return { response: final.response };
      const order = [...items.keys()].sort((x, y) => x - y);
      const output = order.map((i, j) => {
        const s = items.get(i)!;
        sources.set(`output[${j}]`, s.w);
        if (s.done) return s.item;
        b.cut.push(`output ${i} (${String(s.item['type'])}) has no response.output_item.done`);
        const key = streamedArgsKey(s.item);
        if (key !== undefined) s.item[key] = s.argsDone ?? s.args;
        return s.item;
      });
      b.cut.push('no response.completed event ends it');
      return { response: { ...created, output } };
    },
  };
  return b;
}

/**
 * A Gemini turn: the chunks of one `generateContentStream` request, until a chunk whose candidate
 * has a `finishReason` (or whose prompt was blocked), assembled into the one model `Content` the
 * same call without streaming returns (`{messages: [content]}`: the first candidate's parts, in
 * the order they came; each part located in its chunk). The chunk of function responses the SDK
 * yields under automatic function calling (a candidate of role `user`) is a turn of its own.
 */
function geminiTurn(start: StreamRecord): Building & {
  add(r: StreamRecord): void;
  responseId: unknown;
  role: unknown;
} {
  const sources = new Map<string, Where>();
  const parts: unknown[] = [];
  const notes: StreamNote[] = [];
  const others = new Set<unknown>();
  const first = start.value as Record<string, unknown>;
  const b = {
    start,
    last: start,
    sources,
    cut: [] as string[],
    closed: false,
    responseId: present(first, 'responseId', 'response_id'),
    role: undefined as unknown,
    add(r: StreamRecord) {
      b.last = r;
      const v = r.value as Record<string, unknown>;
      const feedback = present(v, 'promptFeedback', 'prompt_feedback');
      if (isPlainObject(feedback) && present(feedback, 'blockReason', 'block_reason') !== undefined)
        b.closed = true;
      const cs = present(v, 'candidates');
      if (cs === undefined) return;
      const cw = r.where.at('candidates');
      cw.array(cs, 'an array of candidates').forEach((c, k) => {
        const w = cw.at(k);
        const cand = w.object(c, 'a candidate object');
        const index = present(cand, 'index') ?? k;
        // Other candidates (`candidateCount` > 1) are alternative replies: the first is read, as
        // the reader of a whole response reads it, and the calls of the others are warned.
        if (index !== 0) {
          if (hasFunctionCall(cand) && !others.has(index)) {
            others.add(index);
            notes.push({
              code: 'unmapped-record',
              message: `not read: the function calls of candidate ${JSON.stringify(index)}, as the first candidate is read (the others are alternative replies, candidateCount > 1); convert each on its own`,
              at: { ...r.at, path: w.pathText },
            });
          }
          return;
        }
        if (present(cand, 'finishReason', 'finish_reason') !== undefined) b.closed = true;
        const content = present(cand, 'content');
        if (content === undefined) return;
        const ow = w.at('content');
        const o = ow.object(content, 'a content object');
        if (!sources.has('messages[0]')) sources.set('messages[0]', ow);
        b.role ??= present(o, 'role');
        const ps = present(o, 'parts');
        if (ps === undefined) return;
        const pw = ow.at('parts');
        pw.array(ps, 'an array of parts').forEach((p, j) => {
          sources.set(`messages[0].parts[${parts.length}]`, pw.at(j));
          parts.push(p);
        });
      });
    },
    finish() {
      if (!b.closed) b.cut.push('no chunk with a finishReason ends it');
      return { response: { messages: [{ role: b.role ?? 'model', parts }] }, notes };
    },
  };
  b.add(start);
  // The SDK's function responses (automatic function calling) end with their one chunk.
  if (b.role === 'user') b.closed = true;
  return b;
}

/** Whether a Gemini candidate's content has a `functionCall` part. */
function hasFunctionCall(cand: Record<string, unknown>): boolean {
  const c = present(cand, 'content');
  const ps = isPlainObject(c) ? present(c, 'parts') : undefined;
  return (
    Array.isArray(ps) &&
    ps.some((p) => isPlainObject(p) && present(p, 'functionCall', 'function_call') !== undefined)
  );
}

/** A field of an AI SDK part: the `fullStream` key, else the UI message stream's. */
function partField(p: Record<string, unknown>, full: string, ui: string): unknown {
  return p[full] !== undefined ? p[full] : p[ui];
}

/**
 * A Vercel AI SDK turn: the parts of one `streamText` call, from `start` to `finish`, assembled
 * into the messages the call adds to `response.messages`: per step (`start-step` to
 * `finish-step`) an assistant message of its `tool-call` parts, then, when the step's tools ran,
 * a tool message of their `tool-result` parts (the AI SDK 4 part shape, `{result}` with
 * `isError` for a `tool-error`, since a stream part holds what the tool returned or threw, not
 * the model output the SDK derives from it). The UI message stream's `tool-input-available`,
 * `tool-output-available` and `tool-output-error` are read as the same. A call whose input was
 * streamed (`tool-input-start` / `-delta`) but has no `tool-call` part was cut: it is read with
 * the input text that came, parsed when it is JSON.
 */
function aiSdkTurn(start: StreamRecord): Building & { add(r: StreamRecord): void } {
  const sources = new Map<string, Where>();
  interface Step {
    calls: Array<{ part: Record<string, unknown>; w: Where }>;
    results: Array<{ part: Record<string, unknown>; w: Where }>;
  }
  const steps: Step[] = [];
  const notes: StreamNote[] = [];
  let step: Step | undefined;
  const inputs = new Map<
    string,
    { toolName: unknown; text: string; w: Where; step: Step; called: boolean }
  >();
  const current = (): Step => {
    if (step === undefined) {
      step = { calls: [], results: [] };
      steps.push(step);
    }
    return step;
  };
  const idAt = (r: StreamRecord, p: Record<string, unknown>, full: string): string => {
    const key = p[full] !== undefined ? full : 'toolCallId';
    return r.where.at(key).string(p[key]);
  };
  const b = {
    start,
    last: start,
    sources,
    cut: [] as string[],
    closed: false,
    add(r: StreamRecord) {
      b.last = r;
      const p = r.value as Record<string, unknown>;
      switch (p['type']) {
        case 'start-step':
          step = undefined;
          current();
          return;
        case 'finish-step':
          step = undefined;
          return;
        case 'finish':
          b.closed = true;
          return;
        case 'abort':
          b.cut.push('an abort part ends it');
          b.closed = true;
          return;
        case 'tool-input-start': {
          const id = idAt(r, p, 'id');
          inputs.set(id, {
            toolName: p['toolName'],
            text: '',
            w: r.where,
            step: current(),
            called: false,
          });
          return;
        }
        case 'tool-input-delta': {
          const id = idAt(r, p, 'id');
          const s = inputs.get(id);
          if (s === undefined)
            throw r.where.error(`no tool-input-start before it for call ${JSON.stringify(id)}`);
          const key = p['delta'] !== undefined ? 'delta' : 'inputTextDelta';
          const d = p[key];
          if (typeof d !== 'string')
            throw r.where.at(key).error(`expected a string, got ${describe(d)}`);
          s.text += d;
          return;
        }
        case 'tool-call':
        case 'tool-input-available': {
          const id = idAt(r, p, 'toolCallId');
          const s = inputs.get(id);
          if (s !== undefined) s.called = true;
          (s?.step ?? current()).calls.push({
            part: {
              type: 'tool-call',
              toolCallId: id,
              toolName: p['toolName'],
              input: p['input'],
            },
            w: r.where,
          });
          return;
        }
        case 'tool-result':
        case 'tool-output-available':
        case 'tool-error':
        case 'tool-output-error': {
          const id = idAt(r, p, 'toolCallId');
          const error = p['type'] === 'tool-error' || p['type'] === 'tool-output-error';
          const result = error ? partField(p, 'error', 'errorText') : p['output'];
          // `fullStream` yields what the tool threw, an `Error`; `JSON.stringify` writes it `{}`.
          if (error && isPlainObject(result) && Object.keys(result).length === 0)
            notes.push({
              code: 'content-omitted',
              message: `the error of call ${JSON.stringify(id)} was saved as {} (JSON.stringify writes an Error without its message; save error.message): read as {}`,
              at: r.at,
            });
          const part: Record<string, unknown> = {
            type: 'tool-result',
            toolCallId: id,
            toolName: p['toolName'],
            result,
          };
          if (error) part['isError'] = true;
          current().results.push({ part, w: r.where });
          return;
        }
        default:
          return;
      }
    },
    finish() {
      const brokenCalls = new Map<string, string>();
      for (const [id, s] of inputs) {
        if (s.called) continue;
        b.cut.push(
          `the input of call ${JSON.stringify(id)} (${JSON.stringify(s.toolName ?? null)}) has no tool-call part`,
        );
        let input: unknown = s.text;
        try {
          input = s.text.trim() === '' ? {} : parsePyJson(s.text, { preserveNumberKinds: true });
        } catch (e) {
          if (!(e instanceof JsonSyntaxError)) throw e;
          brokenCalls.set(id, `not valid JSON (${e.reason} at ${e.line}:${e.column})`);
        }
        s.step.calls.push({
          part: { type: 'tool-call', toolCallId: id, toolName: s.toolName, input },
          w: s.w,
        });
      }
      if (!b.closed) b.cut.push('no finish part ends it');
      const messages: Array<Record<string, unknown>> = [];
      for (const st of steps) {
        st.calls.forEach((c, j) => sources.set(`messages[${messages.length}].content[${j}]`, c.w));
        messages.push({ role: 'assistant', content: st.calls.map((c) => c.part) });
        if (st.results.length === 0) continue;
        st.results.forEach((c, j) =>
          sources.set(`messages[${messages.length}].content[${j}]`, c.w),
        );
        messages.push({ role: 'tool', content: st.results.map((c) => c.part) });
      }
      return { response: { messages }, brokenCalls, notes };
    },
  };
  return b;
}

/** What starts a turn of each kind, in a record of that kind. */
function startsTurn(
  kind: StreamKind,
  v: Record<string, unknown>,
  current: (Building & { id?: unknown; responseId?: unknown; role?: unknown }) | undefined,
): boolean {
  if (kind === 'anthropic') return v['type'] === 'message_start';
  if (kind === 'responses') return v['type'] === 'response.created';
  if (kind === 'ai-sdk') return v['type'] === 'start';
  if (kind === 'gemini') {
    if (current === undefined || current.closed) return true;
    const id = present(v, 'responseId', 'response_id');
    return (
      (id !== undefined && current.responseId !== undefined && id !== current.responseId) ||
      geminiRole(v) === 'user'
    );
  }
  return current === undefined || current.id !== v['id'];
}

/** The role of a Gemini chunk's first candidate's content, if it has one. */
function geminiRole(v: Record<string, unknown>): unknown {
  const cs = present(v, 'candidates');
  const c = Array.isArray(cs) && isPlainObject(cs[0]) ? present(cs[0], 'content') : undefined;
  return isPlainObject(c) ? present(c, 'role') : undefined;
}

/**
 * A saved stream assembled into its turns. A turn starts with `message_start` (Anthropic), a
 * `response.created` event (Responses), a `start` part (AI SDK), a chunk of a new `id` (Chat
 * Completions, whose turn also ends at `data: [DONE]`), a chunk after one with a `finishReason`
 * or of a new `responseId` (Gemini). Every record must be of the first record's kind (an error
 * names the one that is not); records before a turn's start are an error (the stream's start is
 * missing).
 */
export function assembleStream(saved: StreamRecords): AssembledStream {
  const first = saved.records.find((r) => r.value !== DONE)!;
  const kind = streamKindOf(first.value)!;
  const { one, start } = STREAM_KINDS[kind];
  const kinds = new Map<string, number>();
  const turns: StreamTurn[] = [];
  let current:
    (Building & { add(r: StreamRecord): void; id?: unknown; responseId?: unknown }) | undefined;
  let count = 0;
  const close = (): void => {
    if (current === undefined) return;
    const built = current.finish();
    const id =
      idOf(built.response) ??
      (typeof current.responseId === 'string' && current.responseId !== ''
        ? current.responseId
        : undefined);
    turns.push({
      response: built.response,
      where: new AssembledWhere(current.start.where, [], current.sources),
      id,
      last: current.last,
      cut: current.cut,
      brokenInputs: built.brokenInputs ?? new Map(),
      brokenCalls: built.brokenCalls ?? new Map(),
      notes: built.notes ?? [],
    });
    current = undefined;
  };
  for (const r of saved.records) {
    if (r.value === DONE) {
      if (current !== undefined && kind === 'chat') {
        current.closed = true;
        close();
      }
      continue;
    }
    count++;
    const v = r.where.object(r.value, `${one.replace(/^an? /, 'a ')} record`);
    const type = STREAM_KINDS[kind].typed
      ? typeof v['type'] === 'string'
        ? v['type']
        : '(no type)'
      : STREAM_KINDS[kind].record;
    kinds.set(type, (kinds.get(type) ?? 0) + 1);
    if (isErrorRecord(v)) {
      if (current !== undefined) {
        current.cut.push(`${errorText(v)} ends it`);
        current.last = r;
        current.closed = true;
        close();
      }
      continue;
    }
    if (v['type'] === 'ping') continue;
    const k = streamKindOf(v);
    if (k !== kind)
      r.where.fail(
        `expected ${one} (the stream's first record is one), got ${k === undefined ? describe(v) : `a record of ${STREAM_KINDS[k].what}`}`,
      );
    if (startsTurn(kind, v, current)) {
      close();
      current =
        kind === 'chat'
          ? chatTurn(r, saved.sse)
          : kind === 'anthropic'
            ? anthropicTurn(r)
            : kind === 'responses'
              ? responsesTurn(r)
              : kind === 'gemini'
                ? geminiTurn(r)
                : aiSdkTurn(r);
      if (kind === 'chat') current.add(r);
      continue;
    }
    if (current === undefined)
      r.where.fail(
        `a ${String(v['type'])} ${STREAM_KINDS[kind].record} before any ${start ?? 'start'}: the stream's start is missing`,
      );
    current.add(r);
  }
  close();
  if (saved.cutLine !== undefined && turns.length > 0) {
    const t = turns[turns.length - 1]!;
    (t.cut as string[]).push(`its last event (line ${saved.cutLine}) is cut off mid-way: not read`);
  }
  return { kind, turns, kinds, count };
}

/**
 * The conversation a Gemini or AI SDK stream holds: the messages of its turns (`{messages}`, see
 * `geminiTurn`, `aiSdkTurn`) one after another, at a location where `[i]` is the i-th message in
 * the turn and record it came from.
 */
export function streamConversation(stream: AssembledStream): {
  messages: Array<Record<string, unknown>>;
  where: Where;
} {
  const messages: Array<Record<string, unknown>> = [];
  const owners: Array<{ turn: StreamTurn; index: number } | undefined> = [];
  for (const turn of stream.turns)
    (turn.response['messages'] as Array<Record<string, unknown>>).forEach((m, index) => {
      // Each Gemini request answers a content the client sent, which is not in the stream (the
      // user's prompt, or function responses it sent itself; under automatic function calling
      // the SDK yields its own as a chunk). Two model turns in a row stand for two requests, so
      // an empty user content is put between them: they are two model turns, not one.
      if (
        stream.kind === 'gemini' &&
        m['role'] === 'model' &&
        messages.at(-1)?.['role'] === 'model'
      ) {
        messages.push({ role: 'user', parts: [] });
        owners.push(undefined);
      }
      messages.push(m);
      owners.push({ turn, index });
    });
  return { messages, where: new ConversationWhere(owners, stream.turns[0]!.where) };
}

/** A location in a stream's conversation: message `[i]` is shown where its turn read it. */
class ConversationWhere extends Where {
  constructor(
    private readonly owners: ReadonlyArray<{ turn: StreamTurn; index: number } | undefined>,
    root: Where,
  ) {
    super(root.file, []);
  }

  override at(...segments: PropertyKey[]): Where {
    const o = typeof segments[0] === 'number' ? this.owners[segments[0]] : undefined;
    if (o === undefined) return super.at(...segments);
    return o.turn.where.at('messages', o.index, ...segments.slice(1));
  }
}
