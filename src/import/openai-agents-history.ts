/**
 * OpenAI Responses API item lists, read by the `openai` importer when an item is a tool call or a
 * tool's output: the API's own input lists (`response.output` items and the outputs a tool loop
 * adds), and `@openai/agents` run history (`result.history`, `AgentInputItem[]`: the same items,
 * with `callId` for `call_id`, `function_call_result` for `function_call_output`, and the hosted
 * tools' items wrapped as `hosted_tool_call` or `unknown` with the API's item in `providerData`).
 *
 * One event per call item, in list order (`CALL_ITEMS`): function, custom and MCP tools by their
 * `name` (read by the shapes of `call-shapes.ts`, as `toolCalls` reads the same item inline), the
 * API's hosted tools by their type (`web_search_call` is `web_search`). An output item answers the
 * call with its call id (`OUTPUT_ITEMS`); one that answers no call is warned (`unpaired-result`).
 * Items that hold no call (messages, reasoning, …: `NOT_CALLS`) are skipped; an item of any other
 * type is warned (`unmapped-record`). Worst case O(n) for n items.
 */
import { isPlainObject } from '../py/value.js';
import { argumentKeysOf, importedArguments, isFreeTextCall } from './call-shapes.js';
import type { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, textContentValue, textOrJson } from './values.js';
import { warn } from './warnings.js';

type Item = Record<string, unknown>;
type Meta = Record<string, unknown>;

/** How one kind of call item is read. */
interface CallItem {
  /** The channel of a hosted tool (the tool's type); absent: the item's `name`. */
  readonly channel?: string;
  /** The arguments (`meta` takes `argumentsError`). */
  value(it: Item, meta: Meta, ctx: ImportContext): unknown;
  /** What the item itself says of the call's outcome (a tool the API ran), into `meta`. */
  outcome?(it: Item, meta: Meta, ctx: ImportContext): void;
}

/** A field's value when it is present and not `null`. */
function given(it: Item, key: string): unknown {
  return it[key] === null ? undefined : it[key];
}

/** `fields` of `it` that are present, as an object (`{code}`, `{queries}`). */
function pick(it: Item, fields: readonly string[], ctx: ImportContext): Meta {
  const out: Meta = {};
  for (const f of fields) if (given(it, f) !== undefined) out[f] = importValue(it[f], ctx);
  return out;
}

/** An outcome that is a field of the item (`results`, `outputs`, `result`). */
function resultField(...keys: string[]): NonNullable<CallItem['outcome']> {
  return (it, meta, ctx) => {
    const key = keys.find((k) => given(it, k) !== undefined);
    if (key !== undefined) meta['result'] = importValue(it[key], ctx);
  };
}

/**
 * A named tool's arguments, where `toolCalls` finds them in the same item given inline
 * (`call-shapes.ts`): `{name, arguments}` (JSON text), a custom tool's `{name, input}` (its text).
 */
const namedCall: CallItem['value'] = (it, meta, ctx) => {
  const key = argumentKeysOf(it)[0];
  if (key === undefined) return {};
  return importedArguments(it[key], meta, ctx, key === 'input' && isFreeTextCall(it));
};

/** What a hosted MCP call or an SDK hosted tool call returned: its `output`, or its `error`. */
function mcpOutcome(it: Item, meta: Meta, ctx: ImportContext): void {
  const output = given(it, 'output');
  if (typeof output === 'string') meta['result'] = textOrJson(output, ctx);
  else if (output !== undefined) meta['result'] = importValue(output, ctx);
  const error = given(it, 'error');
  if (error !== undefined) {
    if (output === undefined) meta['result'] = importValue(error, ctx);
    else meta['error'] = importValue(error, ctx);
    meta['resultStatus'] = 'error';
  }
}

/**
 * The call items, by `type` (the types of `ResponseInputItem` / `ResponseOutputItem` in `openai`
 * 6.49.0's `resources/responses/responses.d.ts`, and the Agents SDK's `hosted_tool_call`).
 */
const CALL_ITEMS: Readonly<Record<string, CallItem>> = {
  function_call: { value: namedCall },
  custom_tool_call: { value: namedCall },
  mcp_call: { value: namedCall, outcome: mcpOutcome },
  // The Agents SDK's own item for a hosted tool it could not unwrap (see `unwrapped`).
  hosted_tool_call: { value: namedCall, outcome: mcpOutcome },
  web_search_call: {
    channel: 'web_search',
    // The action (`{type: "search", query}`, `open_page`, `find`), without the sources it found.
    value(it, _meta, ctx) {
      const action = given(it, 'action');
      if (!isPlainObject(action)) return action === undefined ? {} : importValue(action, ctx);
      const { sources: _sources, ...rest } = action;
      return importValue(rest, ctx);
    },
    outcome(it, meta, ctx) {
      const action = it['action'];
      if (isPlainObject(action) && Array.isArray(action['sources']))
        meta['result'] = importValue(action['sources'], ctx);
    },
  },
  file_search_call: {
    channel: 'file_search',
    value: (it, _meta, ctx) => pick(it, ['queries'], ctx),
    outcome: resultField('results'),
  },
  code_interpreter_call: {
    channel: 'code_interpreter',
    value: (it, _meta, ctx) => pick(it, ['code'], ctx),
    outcome(it, meta, ctx) {
      if (typeof it['container_id'] === 'string') meta['container_id'] = it['container_id'];
      resultField('outputs')(it, meta, ctx);
    },
  },
  image_generation_call: {
    channel: 'image_generation',
    value: () => ({}),
    // The API's `result` (the image, base64); the Agents SDK moves it to `output`.
    outcome: resultField('result', 'output'),
  },
  local_shell_call: {
    channel: 'local_shell',
    value: (it, _meta, ctx) => importValue(given(it, 'action') ?? {}, ctx),
  },
  shell_call: {
    channel: 'shell',
    value: (it, _meta, ctx) => importValue(given(it, 'action') ?? {}, ctx),
  },
  computer_call: {
    channel: 'computer',
    // A batch of actions (`actions`), else the one `action`.
    value(it, _meta, ctx) {
      const actions = it['actions'];
      if (Array.isArray(actions) && actions.length > 0) return importValue(actions, ctx);
      return importValue(given(it, 'action') ?? {}, ctx);
    },
  },
  apply_patch_call: {
    channel: 'apply_patch',
    value: (it, _meta, ctx) => importValue(given(it, 'operation') ?? {}, ctx),
  },
  tool_search_call: {
    channel: 'tool_search',
    value: (it, meta, ctx) => importedArguments(given(it, 'arguments'), meta, ctx),
  },
  program: { channel: 'program', value: (it, _meta, ctx) => pick(it, ['code'], ctx) },
};

/** How one kind of output item is read: what it says of the call it answers, into `meta`. */
type OutputItem = (it: Item, meta: Meta, ctx: ImportContext) => void;

/**
 * What a tool returned: the SDK's `{type: "text", text}`, the API's string or list of
 * `input_text` parts (text parsed when it is JSON), else the output as it is.
 */
function outputValue(out: unknown, ctx: ImportContext): unknown {
  if (isPlainObject(out) && out['type'] === 'text' && typeof out['text'] === 'string')
    return textOrJson(out['text'], ctx);
  return textContentValue(out, 'input_text', ctx);
}

const toolOutput: OutputItem = (it, meta, ctx) => {
  meta['result'] = outputValue(it['output'], ctx);
};

/** The output items, by `type`: each answers the call whose call id it has. */
const OUTPUT_ITEMS: Readonly<Record<string, OutputItem>> = {
  function_call_output: toolOutput,
  function_call_result: toolOutput,
  custom_tool_call_output: toolOutput,
  computer_call_output: toolOutput,
  computer_call_result: toolOutput,
  local_shell_call_output: toolOutput,
  shell_call_output: toolOutput,
  apply_patch_call_output(it, meta, ctx) {
    if (given(it, 'output') !== undefined) toolOutput(it, meta, ctx);
    if (it['status'] === 'failed') meta['resultStatus'] = 'error';
  },
  tool_search_output(it, meta, ctx) {
    meta['result'] = importValue(it['tools'] ?? null, ctx);
  },
  program_output(it, meta, ctx) {
    const r = it['result'];
    meta['result'] = typeof r === 'string' ? textOrJson(r, ctx) : importValue(r ?? null, ctx);
  },
};

/**
 * Items that hold no tool call: skipped without a word (an MCP server's tool list and an approval
 * request are not calls: the `mcp_call` that follows is).
 */
const NOT_CALLS: ReadonlySet<string> = new Set([
  'message',
  'reasoning',
  'compaction',
  'compaction_trigger',
  'item_reference',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'additional_tools',
]);

/** The Agents SDK's wrappers of an API item it keeps in `providerData`. */
const SDK_WRAPPERS: ReadonlySet<string> = new Set(['hosted_tool_call', 'unknown']);

function isKnownType(type: unknown): type is string {
  return (
    typeof type === 'string' && (type in CALL_ITEMS || type in OUTPUT_ITEMS || NOT_CALLS.has(type))
  );
}

/** Whether an item is a tool call or a tool's output of a Responses API list (or an SDK wrapper). */
export function isResponsesToolItem(v: unknown): boolean {
  if (!isPlainObject(v) || typeof v['type'] !== 'string') return false;
  return v['type'] in CALL_ITEMS || v['type'] in OUTPUT_ITEMS || SDK_WRAPPERS.has(v['type']);
}

/** Whether a value is an item of a Responses API list by its `type` (for detection). */
export function isResponsesItem(v: unknown): boolean {
  return isResponsesToolItem(v) || (isPlainObject(v) && isKnownType(v['type']));
}

/** Whether a list is a Responses API item list: an item is a tool call or a tool's output. */
export function isResponsesItemList(items: readonly unknown[]): boolean {
  return items.some(isResponsesToolItem);
}

/**
 * The item the Agents SDK wraps (`hosted_tool_call`, `unknown`: the API's item in
 * `providerData`), with the fields it moved out (`output`, `status`) put back; `undefined` when
 * the item is not such a wrapper.
 */
function unwrapped(it: Item): Item | undefined {
  if (!SDK_WRAPPERS.has(it['type'] as string)) return undefined;
  const inner = it['providerData'];
  if (!isPlainObject(inner) || !isKnownType(inner['type']) || SDK_WRAPPERS.has(inner['type']))
    return undefined;
  const out: Item = { ...inner };
  for (const k of ['output', 'status', 'id'])
    if (out[k] === undefined && it[k] !== undefined) out[k] = it[k];
  return out;
}

/** A call's id: `callId` in the SDK's items, `call_id` in the API's. */
function callIdOf(it: Item): string | undefined {
  const id = it['callId'] ?? it['call_id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The id of the call an output answers (a `local_shell_call_output` names it as its `id`). */
function answeredIdOf(it: Item): string | undefined {
  if (it['type'] !== 'local_shell_call_output') return callIdOf(it);
  const id = it['id'] ?? it['call_id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** An item as read: the item (unwrapped) and where it is. */
interface Read {
  readonly it: Item;
  readonly w: Where;
}

/**
 * The tool calls of an item list (times not yet relative): the item's position is its time
 * (0, 1, 2, … s). One model response's calls are consecutive call items, before their outputs:
 * such a run is one `meta.parallel_group` (the index of its first item). Items with a `role` and
 * no tool call of this list's kind (messages) are skipped; `openai.ts` warns of another format's.
 */
export function responsesToolCalls(
  items: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  const read: Read[] = items.map((raw, i) => {
    const w = where.at(i);
    const inner = unwrapped(raw);
    if (inner !== undefined) return { it: inner, w: w.at('providerData') };
    return { it: raw, w };
  });
  const outputs = new Map<string, { meta: Meta; w: Where; type: string; used: boolean }>();
  read.forEach((r) => {
    const type = r.it['type'];
    if (typeof type !== 'string' || !(type in OUTPUT_ITEMS)) return;
    const meta: Meta = {};
    OUTPUT_ITEMS[type]!(r.it, meta, ctx);
    const id = answeredIdOf(r.it);
    if (id === undefined) {
      warn(ctx, 'unpaired-result', `a ${type} item without a call id answers no call: not read`, {
        path: r.w.pathText,
      });
      return;
    }
    if (outputs.has(id))
      warn(
        ctx,
        'unpaired-result',
        `a second ${type} item for call id ${JSON.stringify(id)} (the first is ${outputs.get(id)!.w.pathText}): not read`,
        { path: r.w.pathText },
      );
    else outputs.set(id, { meta, w: r.w, type, used: false });
  });
  const events: RawEvent[] = [];
  let group = -1;
  let previousWasCall = false;
  read.forEach((r, i) => {
    const { it, w } = r;
    const type = it['type'];
    const kind = typeof type === 'string' ? CALL_ITEMS[type] : undefined;
    if (kind === undefined) {
      previousWasCall = false;
      if (typeof type === 'string' && (type in OUTPUT_ITEMS || NOT_CALLS.has(type))) return;
      // A message without a type (`{role, content}`); another format's is warned by `openai.ts`.
      if (type === undefined && typeof it['role'] === 'string') return;
      warn(
        ctx,
        'unmapped-record',
        `an item of type ${JSON.stringify(type ?? null)} is not a tool call or output the Responses API defines: not read`,
        { path: w.pathText },
      );
      return;
    }
    if (!previousWasCall) group = i;
    previousWasCall = true;
    const channel = kind.channel ?? w.at('name').string(it['name']);
    const meta: Meta = { item: i, parallel_group: group };
    if (type !== 'function_call') meta['itemType'] = type;
    const id = callIdOf(it);
    if (id !== undefined) meta['callId'] = id;
    if (typeof it['status'] === 'string') meta['status'] = it['status'];
    for (const k of ['namespace', 'server_label']) if (typeof it[k] === 'string') meta[k] = it[k];
    const value = kind.value(it, meta, ctx);
    kind.outcome?.(it, meta, ctx);
    const answer = id === undefined ? undefined : outputs.get(id);
    if (answer !== undefined && !answer.used) {
      answer.used = true;
      Object.assign(meta, answer.meta);
    }
    events.push({ channel, time: new ExactTime(BigInt(i), 0), value, meta });
  });
  for (const [id, o] of outputs)
    if (!o.used)
      warn(
        ctx,
        'unpaired-result',
        `a ${o.type} item for call id ${JSON.stringify(id)} answers no call of the list: not read`,
        { path: o.w.pathText },
      );
  return events;
}
