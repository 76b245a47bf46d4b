/**
 * Tool calls from any trajectory input: a `Trace`, `{events}`, an event array (channel = tool
 * name, value = arguments, `meta.result` = what the call returned), a trace file, or a
 * `{name, arguments, result}` list. Calls of one turn (`meta.parallel_group`, else `meta.turn`,
 * else equal timestamps) share a `group`.
 */
import { TraceError, type InputPath } from '../errors.js';
import {
  argumentKeysOf,
  isFreeTextCall,
  isNoArgumentsText,
  wrappedCallOf,
  type WrappedCall,
} from '../import/call-shapes.js';
import { importFileSync } from '../import/read.js';
import { clipForMessage } from '../io/terminal.js';
import { isObjectRecord } from '../py/value.js';
import { Trace, sortEventsByTime } from '../trace/trace.js';
import type { TraceEvent, TraceLike } from '../trace/types.js';

/** One tool call of a trajectory. */
export interface ToolCall {
  /** The tool's name (an event's channel). */
  readonly name: string;
  /** The call's arguments (an event's value); `{}` when a `{name}` entry has none. */
  readonly arguments: unknown;
  /** Position in the trajectory (0-based, after sorting events by time). */
  readonly index: number;
  /** Calls with the same group were made in one turn (parallel calls); groups are consecutive. */
  readonly group: number;
  /**
   * What the call returned (an event's `meta.result`, the key every agent importer writes; a
   * `{name, arguments, result}` entry's `result`); absent when the input has none. Shown in
   * failure messages and run reports, never compared: calls match by name and arguments. For a
   * call that failed (`resultStatus: "error"`) without a result, the error: `meta.error`, else the
   * span's `errorType` and `statusMessage`.
   */
  readonly result?: unknown;
  /**
   * `"error"` when the input marks the call as failed: `meta.resultStatus: "error"` (a tool
   * result flagged as an error), span status `ERROR`, a `meta.error` (an SDK's or the recorder's
   * record of a thrown error), or a `{type: "tool-error"}` entry of the AI SDK. Shown, never
   * compared.
   */
  readonly resultStatus?: 'error';
  /**
   * Why the predicted call's arguments did not parse: JSON object text that is not valid JSON (the
   * arguments are then that text, as the model wrote it), or an importer's `meta.argumentsError`.
   */
  readonly argumentsError?: string;
}

/**
 * A tool call as an SDK hands it over, read by shape (`callParts`): `{name, arguments}` (the OpenAI
 * Responses API's `function_call` items), `{function: {name, arguments}}` and `{custom: {name,
 * input}}` (OpenAI Chat Completions `message.tool_calls`), `{name, input}` (Anthropic `tool_use` content blocks), `{name, args}`
 * (LangChain `AIMessage.tool_calls`, Gemini `FunctionCall`s: `response.functionCalls` of
 * `@google/genai`), `{toolName, input}` (the Vercel AI SDK's `toolCalls`; its `toolResults`
 * entries also give `output` as the result). `arguments` may be JSON object text, as
 * LLM APIs return it.
 */
export interface ToolCallLike {
  readonly name?: string;
  readonly arguments?: unknown;
  /** Anthropic `tool_use`, Vercel AI SDK (v5 and later). */
  readonly input?: unknown;
  /** LangChain `ToolCall`, Gemini `FunctionCall`, Vercel AI SDK v4. */
  readonly args?: unknown;
  /** Vercel AI SDK. */
  readonly toolName?: string;
  /** OpenAI Chat Completions: a function tool's call. */
  readonly function?: { readonly name: string; readonly arguments?: unknown };
  /** OpenAI Chat Completions: a custom tool's call (free-form `input` text). */
  readonly custom?: { readonly name: string; readonly input?: unknown };
  /** Calls with the same `turn` (or `parallel_group`) in a row were made in parallel. */
  readonly turn?: string | number;
  readonly parallel_group?: string | number;
  /** What the call returned: kept on the `ToolCall` for messages and reports, never matched. */
  readonly result?: unknown;
  /**
   * Vercel AI SDK content parts: `tool-result` (what the tool returned is `output`) or
   * `tool-error` (the tool threw `error`: the call is marked failed).
   */
  readonly type?: string;
  readonly toolCallId?: string;
  readonly output?: unknown;
  readonly error?: unknown;
}

/** Everything the trajectory APIs accept as a trajectory. */
export type TrajectoryInput = Trace | TraceLike | readonly ToolCallLike[] | string;

/**
 * How a call list's JSON argument text that does not parse is read: `keep` (a prediction: a model
 * can emit broken arguments, and that is behaviour to score) keeps the text and says why;
 * `throw` (a reference: the test's author wrote it) is a `TraceError`.
 */
type BrokenArguments = 'keep' | 'throw';

/** `arguments` given as JSON text (as LLM APIs return them) is parsed when it is an object. */
function parseArguments(
  v: unknown,
  where: InputPath,
  broken: BrokenArguments,
): { value: unknown; error?: string } {
  if (typeof v !== 'string' || !/^\s*\{/.test(v)) return { value: v };
  try {
    return { value: JSON.parse(v) as unknown };
  } catch (e) {
    const why = (e as Error).message;
    if (broken === 'keep') return { value: v, error: why };
    throw new TraceError(
      `arguments look like a JSON object but do not parse: ${why}`,
      { path: where },
      { cause: e },
    );
  }
}

/**
 * A call's arguments as given: `{}` when absent (and, for JSON text, when blank:
 * `isNoArgumentsText`); a custom tool's free-form text as written; else `parseArguments`.
 */
function argumentsOf(
  v: unknown,
  freeText: boolean,
  where: InputPath,
  broken: BrokenArguments,
): { value: unknown; error?: string } {
  if (v === undefined) return { value: {} };
  if (freeText) return { value: v };
  return isNoArgumentsText(v) ? { value: {} } : parseArguments(v, where, broken);
}

/** A wrapped call's wrapper (`{function: {name, …}}`, `{custom: {name, …}}`), when it names the tool. */
function wrappedFn(x: Readonly<Record<string, unknown>>):
  | {
      shape: WrappedCall;
      body: Record<string, unknown>;
      name: string;
    }
  | undefined {
  const shape = wrappedCallOf(x);
  const body = shape === undefined ? undefined : x[shape.key];
  if (shape === undefined || !isObjectRecord(body) || typeof body['name'] !== 'string')
    return undefined;
  return { shape, body, name: body['name'] };
}

function groupKey(meta: Readonly<Record<string, unknown>> | undefined, fallback: unknown): unknown {
  if (meta && meta['parallel_group'] !== undefined) return ['p', meta['parallel_group']];
  if (meta && meta['turn'] !== undefined) return ['t', meta['turn']];
  return fallback;
}

function sameKey(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A call as read, before its index and group are known. */
interface CallItem {
  readonly name: string;
  readonly arguments: unknown;
  readonly key: unknown;
  readonly result: unknown;
  readonly failed?: boolean;
  readonly argumentsError?: string | undefined;
}

function build(items: readonly CallItem[]): ToolCall[] {
  const out: ToolCall[] = [];
  let group = -1;
  items.forEach((it, i) => {
    const prev = items[i - 1];
    if (prev === undefined || it.key === undefined || !sameKey(prev.key, it.key)) group += 1;
    out.push({
      name: it.name,
      arguments: it.arguments,
      index: i,
      group,
      ...(it.result === undefined ? {} : { result: it.result }),
      ...(it.failed === true ? { resultStatus: 'error' as const } : {}),
      ...(it.argumentsError === undefined ? {} : { argumentsError: it.argumentsError }),
    });
  });
  return out;
}

/** A thrown error as shown: `TypeError: boom` for an `Error`, else the value as it is. */
function errorValue(e: unknown): unknown {
  return e instanceof Error ? String(e) : e;
}

/**
 * What an event's meta says of the call's outcome: its result and whether it failed (see
 * `ToolCall.resultStatus`); a failed call without a result shows its error instead.
 */
function outcomeOf(meta: Readonly<Record<string, unknown>> | undefined): {
  result: unknown;
  failed: boolean;
} {
  const result = meta?.['result'];
  if (meta === undefined) return { result, failed: false };
  const error = meta['error'];
  const failed =
    meta['resultStatus'] === 'error' || meta['status'] === 'ERROR' || error !== undefined;
  if (!failed || result !== undefined) return { result, failed };
  if (error !== undefined) return { result: errorValue(error), failed };
  const type = typeof meta['errorType'] === 'string' ? meta['errorType'] : undefined;
  const message =
    typeof meta['statusMessage'] === 'string' && meta['statusMessage'] !== ''
      ? meta['statusMessage']
      : undefined;
  return {
    result: type && message ? `${type}: ${message}` : (message ?? type),
    failed,
  };
}

/** Tool calls of trace events: time-sorted; channel = tool, value = arguments. */
export function callsFromEvents(events: readonly TraceEvent[]): ToolCall[] {
  return build(
    sortEventsByTime(events).map((e) => {
      const why = e.meta?.['argumentsError'];
      return {
        name: e.channel,
        arguments: e.value,
        key: groupKey(e.meta, ['ts', e.timestamp]),
        ...outcomeOf(e.meta),
        argumentsError: typeof why === 'string' ? why : undefined,
      };
    }),
  );
}

/**
 * Keys of the SDKs' call entries that are not arguments (ids, kinds, turns, provider data). A call
 * with none of `ARGUMENT_KEYS` but another key holding an object is refused, not read as `{}`:
 * those would be its arguments under a name this module does not know, dropped without a word.
 */
const NOT_ARGUMENTS = new Set([
  'name',
  'toolName',
  'function',
  'custom',
  'id',
  'type',
  'call_id',
  'toolCallId',
  'turn',
  'parallel_group',
  'result',
  'output',
  'error',
  'status',
  'index',
  'providerExecuted',
  'providerMetadata',
  'providerOptions',
  'dynamic',
  'title',
  'cache_control',
  'caller',
]);

/** The tool's name of a call entry, in whichever SDK's shape it comes; undefined when none. */
function callName(x: Readonly<Record<string, unknown>>): string | undefined {
  if ('channel' in x) return undefined;
  const fn = wrappedFn(x);
  if (fn !== undefined) return fn.name;
  if (typeof x['name'] === 'string') return x['name'];
  if (typeof x['toolName'] === 'string') return x['toolName'];
  return undefined;
}

/** A list of tool calls rather than events: some entry has a tool's name and no channel. */
function isCallList(v: readonly unknown[]): boolean {
  return v.some((x) => isObjectRecord(x) && callName(x) !== undefined);
}

/** What an entry that is not a call is, when it says so: a hint for the error. */
function notACallHint(x: unknown): string {
  if (!isObjectRecord(x)) return '';
  if (Array.isArray(x['parts']))
    return ` (a Gemini Content${typeof x['role'] === 'string' ? `, role ${JSON.stringify(clipForMessage(x['role']))}` : ''}: read a Content list with parseTrace(JSON.stringify(contents)), or pass its function calls, e.g. response.functionCalls)`;
  if (
    ['functionCall', 'function_call', 'functionResponse', 'function_response'].some((k) =>
      isObjectRecord(x[k]),
    ) ||
    (typeof x['text'] === 'string' && !('type' in x) && !('role' in x))
  )
    return ' (a Gemini Part: pass only the function calls, e.g. parts.flatMap((p) => (p.functionCall ? [p.functionCall] : [])), or response.functionCalls)';
  if (typeof x['role'] === 'string')
    return ` (a chat message, role ${JSON.stringify(x['role'])}: read a message list with parseTrace(JSON.stringify(messages)), or pass its tool calls)`;
  if (typeof x['type'] === 'string')
    return ` (a ${JSON.stringify(clipForMessage(x['type']))} entry: pass only the tool calls, e.g. content.filter((b) => b.type === 'tool_use'))`;
  return '';
}

/** Name, arguments (with where they were read) and result of one call entry of any SDK shape. */
function callParts(
  x: Readonly<Record<string, unknown>>,
  where: InputPath,
  broken: BrokenArguments,
): Omit<CallItem, 'key'> {
  const name = callName(x);
  if (name === undefined || name === '') {
    throw new TraceError(`expected a tool call {name, arguments}${notACallHint(x)}`, {
      path: where,
    });
  }
  const fn = wrappedFn(x);
  if (fn !== undefined) {
    const { key: outer, args: inner, freeText } = fn.shape;
    const args = argumentsOf(fn.body[inner], freeText, [...where, outer, inner], broken);
    return { name, arguments: args.value, result: x['result'], argumentsError: args.error };
  }
  const given = argumentKeysOf(x);
  if (given.length > 1) {
    throw new TraceError(
      `a tool call with both ${given.join(' and ')}: keep the one that holds its arguments`,
      { path: where },
    );
  }
  const key = given[0];
  if (key === undefined) {
    const other = Object.keys(x).find(
      (k) => !NOT_ARGUMENTS.has(k) && (isObjectRecord(x[k]) || Array.isArray(x[k])),
    );
    if (other !== undefined) {
      throw new TraceError(
        `a tool call with no arguments, but with ${JSON.stringify(clipForMessage(other))}: name its arguments "arguments" (or "input", "args")`,
        { path: where },
      );
    }
  }
  // A Vercel AI SDK `tool-result` entry carries the call's input and what it returned; a
  // `tool-error` entry (the tool threw) the error.
  const failed = x['type'] === 'tool-error';
  const result =
    x['result'] ??
    (x['type'] === 'tool-result' ? x['output'] : failed ? errorValue(x['error']) : undefined);
  const args =
    key === undefined
      ? { value: {} }
      : argumentsOf(x[key], key === 'input' && isFreeTextCall(x), [...where, key], broken);
  return { name, arguments: args.value, result, failed, argumentsError: args.error };
}

function callsFromList(list: readonly unknown[], label: string): ToolCall[] {
  const broken: BrokenArguments = label === 'reference' ? 'throw' : 'keep';
  return build(
    list.map((x, i) => {
      const where = [label, i];
      if (!isObjectRecord(x))
        throw new TraceError('expected a tool call {name, arguments}', { path: where });
      return { ...callParts(x, where, broken), key: groupKey(x, undefined) };
    }),
  );
}

/**
 * The tool calls of a trajectory input. `label` names the argument in error messages. A string is
 * a trace file path in any importer format (envtrace JSON/JSON Lines, OTLP, OpenInference, ATIF,
 * OpenAI messages, …; detected by content; a relative path is read from the working directory).
 * In a call list, JSON argument text that does not parse is a `TraceError` for the `reference`
 * and, for any other label (a prediction), kept as the text with `argumentsError`.
 */
export function toolCalls(input: TrajectoryInput, label = 'calls'): ToolCall[] {
  if (typeof input === 'string') return callsFromEvents(importFileSync(input).trace.events);
  if (input instanceof Trace) return callsFromEvents(input.events);
  if (Array.isArray(input)) {
    if (isCallList(input)) return callsFromList(input, label);
    return callsFromEvents(Trace.from({ events: validEvents(input, label) }).events);
  }
  if (isObjectRecord(input) && Array.isArray(input['events']))
    return callsFromEvents(validEvents(input['events'] as unknown[], `${label}.events`));
  throw new TypeError(
    `${label} must be a Trace, an {events} object, an array of events, a list of {name, arguments} tool calls, or a trace file path`,
  );
}

function validEvents(items: readonly unknown[], label: string): TraceEvent[] {
  return items.map((e, i) => {
    if (
      !isObjectRecord(e) ||
      typeof e['channel'] !== 'string' ||
      typeof e['timestamp'] !== 'number' ||
      !Number.isFinite(e['timestamp'])
    ) {
      throw new TraceError(
        `expected an event {channel, timestamp, value} or a tool call {name, arguments}${notACallHint(e)}`,
        { path: [label, i] },
      );
    }
    return e as unknown as TraceEvent;
  });
}

/**
 * A call's arguments or result as message text: JSON (`{"q":"a"}`, `"no rooms left"`), else
 * `String(v)` (for `undefined`, functions, bigint, cycles).
 */
export function formatValue(v: unknown): string {
  try {
    // JSON.stringify returns undefined for undefined and functions, whatever its type says.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** `name(args)` for messages: `search({"q":"a"})`. */
export function formatCall(call: Pick<ToolCall, 'name' | 'arguments'>): string {
  return `${call.name}(${formatValue(call.arguments)})`;
}
