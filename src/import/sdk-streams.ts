/**
 * Streamed SDK output (`stream: true`), saved as a JSON array or JSON Lines of what the SDK
 * yielded, or as the server-sent events of the wire: OpenAI Chat Completions chunks, OpenAI
 * Responses API stream events and Anthropic Messages stream events. Each streamed turn is
 * assembled into the response the same call without `stream` returns (a `chat.completion`, a
 * Responses API `response`, an Anthropic `Message`), located so that a path inside it names the
 * record it came from; `openai.ts` reads those with its single-response readers.
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
export type StreamKind = 'chat' | 'anthropic' | 'responses';

/** How each kind is named in messages, and what its records are. */
export const STREAM_KINDS: Readonly<Record<StreamKind, { what: string; record: string }>> = {
  chat: { what: 'an OpenAI Chat Completions stream', record: 'chunk' },
  anthropic: { what: 'an Anthropic Messages stream', record: 'event' },
  responses: { what: 'an OpenAI Responses API stream', record: 'event' },
};

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
  const t = v['type'];
  if (typeof t !== 'string' || 'role' in v) return undefined;
  if (ANTHROPIC_EVENTS.has(t)) return 'anthropic';
  if (t.startsWith('response.')) return 'responses';
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
  if (streamKindOf(d) !== undefined)
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

/** Whether a record is the API's error: `{type: "error"}`, or a chunk-less `{error}`. */
function isErrorRecord(v: Record<string, unknown>): boolean {
  return v['type'] === 'error' || (isPlainObject(v['error']) && v['object'] === undefined);
}

/** A turn being assembled. */
interface Building {
  readonly start: StreamRecord;
  last: StreamRecord;
  readonly sources: Map<string, Where>;
  readonly cut: string[];
  closed: boolean;
  finish(): { response: Record<string, unknown>; brokenInputs?: Map<number, string> };
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

/** What starts a turn of each kind, in a record of that kind. */
function startsTurn(
  kind: StreamKind,
  v: Record<string, unknown>,
  current: { id?: unknown } | undefined,
): boolean {
  if (kind === 'anthropic') return v['type'] === 'message_start';
  if (kind === 'responses') return v['type'] === 'response.created';
  return current === undefined || current.id !== v['id'];
}

/**
 * A saved stream assembled into its turns. A turn starts with `message_start` (Anthropic), a
 * `response.created` event (Responses), a chunk of a new `id` (Chat Completions, whose turn also
 * ends at `data: [DONE]`). Every record must be of the first record's kind (an error names the
 * one that is not); records before a turn's start are an error (the stream's start is missing).
 */
export function assembleStream(saved: StreamRecords): AssembledStream {
  const first = saved.records.find((r) => r.value !== DONE)!;
  const kind = streamKindOf(first.value)!;
  const kinds = new Map<string, number>();
  const turns: StreamTurn[] = [];
  let current: (Building & { add(r: StreamRecord): void; id?: unknown }) | undefined;
  let count = 0;
  const close = (): void => {
    if (current === undefined) return;
    const built = current.finish();
    const id = idOf(built.response);
    turns.push({
      response: built.response,
      where: new AssembledWhere(current.start.where, [], current.sources),
      id,
      last: current.last,
      cut: current.cut,
      brokenInputs: built.brokenInputs ?? new Map(),
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
    const v = r.where.object(r.value, `${STREAM_KINDS[kind].what.replace(/^an? /, 'a ')} record`);
    const type =
      kind === 'chat' ? 'chunk' : typeof v['type'] === 'string' ? v['type'] : '(no type)';
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
        `expected ${kind === 'chat' ? 'a chat.completion.chunk' : `an ${kind === 'anthropic' ? 'Anthropic' : 'OpenAI Responses API'} stream event`} (the stream's first record is one), got ${k === undefined ? describe(v) : `a record of ${STREAM_KINDS[k].what}`}`,
      );
    if (startsTurn(kind, v, current)) {
      close();
      current =
        kind === 'chat'
          ? chatTurn(r, saved.sse)
          : kind === 'anthropic'
            ? anthropicTurn(r)
            : responsesTurn(r);
      if (kind === 'chat') current.add(r);
      continue;
    }
    if (current === undefined)
      r.where.fail(
        `a ${String(v['type'])} event before any ${kind === 'anthropic' ? 'message_start' : 'response.created'}: the stream's start is missing`,
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
