/**
 * Google Gemini conversations (`Content[]` of `@google/genai`: `chat.getHistory()`, a request's
 * `contents`, a response's `automaticFunctionCallingHistory`), read by the `openai` importer when
 * a content has a `functionCall` or `functionResponse` part: one event per `functionCall` part of
 * a `model` content (and per `executableCode` part, the code execution tool, and per `toolCall`
 * part, a server-side tool such as Google Search); the `functionResponse` (`codeExecutionResult`,
 * `toolResponse`) that answers it gives its result. The REST API and the JS SDK write the keys
 * in camelCase, the Python SDK's `model_dump()` in snake_case (`function_call`, with `null` for
 * every unset field): both are read, `null` as absent.
 */
import { isPlainObject } from '../py/value.js';
import { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue } from './values.js';
import { warn } from './warnings.js';

/** The part kinds read, each with its camelCase and snake_case key. */
const KINDS = {
  functionCall: ['functionCall', 'function_call'],
  functionResponse: ['functionResponse', 'function_response'],
  executableCode: ['executableCode', 'executable_code'],
  codeExecutionResult: ['codeExecutionResult', 'code_execution_result'],
  toolCall: ['toolCall', 'tool_call'],
  toolResponse: ['toolResponse', 'tool_response'],
} as const;

type Kind = keyof typeof KINDS;

/** The key of `part` that holds a `kind` (not `null`), if any. */
function kindKey(part: unknown, kind: Kind): string | undefined {
  if (!isPlainObject(part)) return undefined;
  return KINDS[kind].find((k) => part[k] !== undefined && part[k] !== null);
}

function partsOf(m: unknown): readonly unknown[] {
  return isPlainObject(m) && Array.isArray(m['parts']) ? m['parts'] : [];
}

/** A field that may be `null` (the Python SDK's dumps write every unset field as `null`). */
function field(o: Record<string, unknown>, key: string): unknown {
  return o[key] === null ? undefined : o[key];
}

/** A non-empty id, or undefined. */
function idOf(o: Record<string, unknown>): string | undefined {
  const id = field(o, 'id');
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Whether `v` looks like a Gemini `Content`: an object with a `parts` array (detection). */
export function isGeminiContent(v: unknown): boolean {
  return isPlainObject(v) && Array.isArray(v['parts']);
}

/**
 * Whether a message list is Gemini's: a content has a function call or response part (the other
 * formats keep their calls under `content` or `tool_calls`, never `parts`).
 */
export function isGeminiContentList(messages: readonly unknown[]): boolean {
  return messages.some((m) =>
    partsOf(m).some((p) => (Object.keys(KINDS) as Kind[]).some((k) => kindKey(p, k) !== undefined)),
  );
}

/** The history keys of a `GenerateContentResponse` (JS SDK, Python SDK). */
const AFC_KEYS = ['automaticFunctionCallingHistory', 'automatic_function_calling_history'] as const;

/**
 * Whether a document is a `GenerateContentResponse` (`JSON.stringify(response)`): an object with
 * an automatic function calling history, or `candidates` whose first has a `content`, and no
 * message list of its own.
 */
export function isGeminiResponse(doc: unknown): doc is Record<string, unknown> {
  if (!isPlainObject(doc) || ['messages', 'outputs', 'contents'].some((k) => k in doc))
    return false;
  const candidates = doc['candidates'];
  return (
    AFC_KEYS.some((k) => Array.isArray(doc[k])) ||
    (Array.isArray(candidates) && isPlainObject(candidates[0]) && 'content' in candidates[0])
  );
}

/** One content of the conversation and where it is. */
interface Located {
  readonly content: Record<string, unknown>;
  readonly w: Where;
}

/**
 * The conversation a response holds: its automatic function calling history (the request's
 * contents, then each model turn with calls and the SDK's responses to them), then the content
 * of its first candidate, the model's last turn, which the history does not repeat.
 */
function responseContents(doc: Record<string, unknown>, root: Where): Located[] {
  const out: Located[] = [];
  const key = AFC_KEYS.find((k) => doc[k] !== undefined && doc[k] !== null);
  if (key !== undefined) {
    const hw = root.at(key);
    hw.array(doc[key], 'an array of contents').forEach((c, i) =>
      out.push({ content: hw.at(i).object(c, 'a content object ({role, parts})'), w: hw.at(i) }),
    );
  }
  const candidates = doc['candidates'];
  if (Array.isArray(candidates) && candidates.length > 0) {
    const cw = root.at('candidates', 0);
    const first = cw.object(candidates[0], 'a candidate object');
    const content = field(first, 'content');
    if (content !== undefined)
      out.push({
        content: cw.at('content').object(content, 'a content object'),
        w: cw.at('content'),
      });
  }
  return out;
}

/**
 * The channel of a server-side tool call: its `toolType` in lower case (`GOOGLE_SEARCH_WEB` →
 * `google_search_web`), as `code_execution` names the code tool.
 */
function serverToolChannel(toolType: string): string {
  return toolType.toLowerCase();
}

/**
 * A server-side call's or response's `toolType` (camel or snake case). Absent is
 * `TOOL_TYPE_UNSPECIFIED`: proto3's JSON leaves an enum's zero value out, so that is what an
 * absent type says; a type that is not a string is an error.
 */
function toolTypeOf(body: Record<string, unknown>, w: Where): string {
  const key =
    body['tool_type'] !== undefined && body['tool_type'] !== null ? 'tool_type' : 'toolType';
  const type = field(body, key);
  return type === undefined ? 'TOOL_TYPE_UNSPECIFIED' : w.at(key).string(type);
}

/** A call's `args`: an object, `{}` when absent (a function without parameters). */
function argsOf(body: Record<string, unknown>, w: Where, ctx: ImportContext): unknown {
  const args = field(body, 'args');
  return args === undefined
    ? {}
    : importValue(w.at('args').object(args, "an object (the call's arguments)"), ctx);
}

/** A call read, waiting for the response that answers it. */
interface Call {
  readonly event: RawEvent & { readonly meta: Record<string, unknown> };
  readonly name: string;
  readonly id: string | undefined;
  /** The index of the first content of the model turn the call is in. */
  readonly turn: number;
  readonly where: Where;
  answered: boolean;
}

/**
 * What a `functionResponse.response` says. The API's convention: `output` holds what the function
 * returned, `error` the error's details, and a response with neither is all output. So a response
 * whose only key is `output` gives that as the result, one whose only key is `error` gives that,
 * with `resultStatus: "error"`; any other response is the result as it is (`resultStatus:
 * "error"` too when it has an `error`).
 */
function responseMeta(fr: Record<string, unknown>, ctx: ImportContext): Record<string, unknown> {
  const response = field(fr, 'response');
  const meta: Record<string, unknown> = {};
  if (isPlainObject(response)) {
    const keys = Object.keys(response).filter((k) => response[k] !== null);
    const only = keys.length === 1 ? keys[0] : undefined;
    meta['result'] = importValue(
      only === 'output' || only === 'error' ? response[only] : response,
      ctx,
    );
    if (keys.includes('error')) meta['resultStatus'] = 'error';
  } else {
    meta['result'] = importValue(response ?? null, ctx);
  }
  const parts = field(fr, 'parts');
  if (Array.isArray(parts) && parts.length > 0) meta['resultParts'] = importValue(parts, ctx);
  return meta;
}

/** What a `codeExecutionResult` says: `output`, `outcome`, and an error unless `OUTCOME_OK`. */
function codeResultMeta(r: Record<string, unknown>, ctx: ImportContext): Record<string, unknown> {
  const meta: Record<string, unknown> = { result: importValue(field(r, 'output') ?? null, ctx) };
  const outcome = field(r, 'outcome');
  if (outcome !== undefined) {
    meta['outcome'] = importValue(outcome, ctx);
    if (outcome !== 'OUTCOME_OK') meta['resultStatus'] = 'error';
  }
  return meta;
}

/**
 * The call a response answers, among the calls not yet answered (`open`, in order). With an id,
 * the call with that id. Without one, the first call of that name (the API wants the responses
 * of a turn in the order of its calls, and the SDK's own automatic function calling writes no
 * ids); when calls of that name are open in more than one model turn, a call went unanswered and
 * the pairing is a guess: warned.
 */
function answeredCall(
  open: readonly Call[],
  id: string | undefined,
  name: string | undefined,
  w: Where,
  what: string,
  ctx: ImportContext,
): Call | undefined {
  if (id !== undefined) {
    const call = open.find((c) => c.id === id);
    if (call === undefined)
      warn(
        ctx,
        'unpaired-result',
        `a ${what} with id ${JSON.stringify(id)} answers no unanswered earlier call with that id: not read`,
        { path: w.pathText },
      );
    return call;
  }
  const candidates = open.filter((c) => c.name === name);
  const call = candidates[0];
  if (call === undefined) {
    warn(
      ctx,
      'unpaired-result',
      `a ${what} for ${JSON.stringify(name)} answers no unanswered earlier call by that name: not read`,
      { path: w.pathText },
    );
    return undefined;
  }
  const later = candidates.find((c) => c.turn !== call.turn);
  if (later !== undefined)
    warn(
      ctx,
      'unpaired-result',
      `a ${what} without an id, read as the answer to the first unanswered ${JSON.stringify(name)} call (${call.where.pathText}), though one of a later turn (${later.where.pathText}) is unanswered too`,
      { path: w.pathText },
    );
  return call;
}

/**
 * The tool calls of a Gemini conversation (times not yet relative): the content's position is
 * its time (0, 1, 2, … s), and the calls of one model turn — a run of consecutive `model`
 * contents, as a streamed chat records one per chunk — share `meta.parallel_group` (the index of
 * the turn's first content).
 */
function geminiCalls(contents: readonly Located[], ctx: ImportContext): RawEvent[] {
  const events: RawEvent[] = [];
  const calls: Call[] = [];
  const code: Call[] = [];
  const server: Call[] = [];
  let turn = -1;
  contents.forEach(({ content, w }, i) => {
    const role = field(content, 'role');
    const model = role === 'model';
    if (!model) turn = -1;
    else if (turn < 0) turn = i;
    const rawParts = field(content, 'parts');
    if (rawParts === undefined) return;
    const pw = w.at('parts');
    pw.array(rawParts, 'an array of parts').forEach((p, j) => {
      const partW = pw.at(j);
      const part = partW.object(p, 'a part object');
      for (const kind of ['functionCall', 'executableCode', 'toolCall'] as const) {
        const key = kindKey(part, kind);
        if (key === undefined) continue;
        const kw = partW.at(key);
        const body = kw.object(part[key], `a ${kind} object`);
        if (!model) {
          warn(
            ctx,
            'unmapped-record',
            `a ${kind} part in a content of role ${JSON.stringify(role ?? null)}, not "model": not read as a call`,
            { path: partW.pathText },
          );
          continue;
        }
        const id = idOf(body);
        const meta: Record<string, unknown> = { message: i, parallel_group: turn };
        let name: string;
        let value: unknown;
        if (kind === 'functionCall') {
          name = kw.at('name').string(field(body, 'name'));
          value = argsOf(body, kw, ctx);
        } else if (kind === 'toolCall') {
          // A server-side tool (the API ran it; the client echoes it back): named by its type.
          const type = toolTypeOf(body, kw);
          name = serverToolChannel(type);
          meta['partType'] = 'toolCall';
          meta['toolType'] = type;
          value = argsOf(body, kw, ctx);
        } else {
          name = 'code_execution';
          meta['partType'] = 'executableCode';
          const v: Record<string, unknown> = {};
          for (const f of ['language', 'code'])
            if (field(body, f) !== undefined) v[f] = importValue(body[f], ctx);
          value = v;
        }
        if (id !== undefined) meta['callId'] = id;
        const event = { channel: name, time: new ExactTime(BigInt(i), 0), value, meta };
        events.push(event);
        (kind === 'functionCall' ? calls : kind === 'toolCall' ? server : code).push({
          event,
          name,
          id,
          turn,
          where: partW,
          answered: false,
        });
      }
      for (const kind of ['functionResponse', 'codeExecutionResult', 'toolResponse'] as const) {
        const key = kindKey(part, kind);
        if (key === undefined) continue;
        const kw = partW.at(key);
        const body = kw.object(part[key], `a ${kind} object`);
        const id = idOf(body);
        let name: string | undefined;
        let pending: Call[];
        if (kind === 'functionResponse') {
          name =
            id === undefined
              ? kw.at('name').string(field(body, 'name'))
              : (field(body, 'name') as string | undefined);
          pending = calls;
        } else if (kind === 'toolResponse') {
          name = serverToolChannel(toolTypeOf(body, kw));
          pending = server;
        } else {
          name = 'code_execution';
          pending = code;
        }
        const open = pending.filter((c) => !c.answered);
        const call = answeredCall(open, id, name, partW, kind, ctx);
        if (call === undefined) continue;
        call.answered = true;
        Object.assign(
          call.event.meta,
          kind === 'codeExecutionResult'
            ? codeResultMeta(body, ctx)
            : kind === 'toolResponse'
              ? { result: importValue(field(body, 'response') ?? null, ctx) }
              : responseMeta(body, ctx),
        );
      }
    });
  });
  return events;
}

/** The tool calls of a `Content[]` (bare, or a request's `contents`) at `where`. */
export function geminiToolCalls(
  contents: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  return geminiCalls(
    contents.map((content, i) => ({ content, w: where.at(i) })),
    ctx,
  );
}

/**
 * The tool calls of a `GenerateContentResponse` document (`isGeminiResponse`): its first
 * candidate's; the calls of the others (alternative replies, `candidateCount` > 1) are warned
 * (`unmapped-record`), as a chat completion's other choices are.
 */
export function geminiResponseToolCalls(
  doc: Record<string, unknown>,
  root: Where,
  ctx: ImportContext,
): RawEvent[] {
  const candidates = doc['candidates'];
  if (Array.isArray(candidates))
    candidates.forEach((c, k) => {
      const content = isPlainObject(c) ? field(c, 'content') : undefined;
      if (k === 0 || !partsOf(content).some((p) => kindKey(p, 'functionCall') !== undefined))
        return;
      warn(
        ctx,
        'unmapped-record',
        `not read: the function calls of candidate ${k}, as the first candidate is read (the others are alternative replies, candidateCount > 1); convert each on its own`,
        { path: root.at('candidates', k).pathText },
      );
    });
  return geminiCalls(responseContents(doc, root), ctx);
}
