/**
 * The shapes a tool call takes as the SDKs write it: where its name and its arguments are. The one
 * table both readers of calls go by: the trajectory APIs reading a list of call entries
 * (`toolCalls`, `src/trajectory/calls.ts`) and the message-list importers reading chat
 * `tool_calls` and Responses API items (`openai.ts`, `openai-agents-history.ts`), so a call given
 * inline and the same call in an imported file are read alike.
 */
import { isObjectRecord } from '../py/value.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson } from './values.js';

/**
 * Calls whose name and arguments sit in a wrapper object, the key naming the kind of tool (OpenAI
 * Chat Completions `message.tool_calls`): `{type: "function", function: {name, arguments}}`
 * (arguments as JSON text) and `{type: "custom", custom: {name, input}}` (a custom tool: its
 * input is free-form text, kept as written).
 */
export const WRAPPED_CALLS = [
  { key: 'function', args: 'arguments', freeText: false },
  { key: 'custom', args: 'input', freeText: true },
] as const;

/** One of `WRAPPED_CALLS`. */
export type WrappedCall = (typeof WRAPPED_CALLS)[number];

/**
 * The keys that hold a call's arguments beside its name, one per SDK family: `arguments` (JSON
 * text: OpenAI Responses API items, `{name, arguments}` lists), `input` (Anthropic `tool_use`
 * blocks, the Vercel AI SDK; free-form text in a Responses `custom_tool_call`), `args` (LangChain,
 * Gemini, AI SDK 4).
 */
export const ARGUMENT_KEYS = ['arguments', 'input', 'args'] as const;

/** Item types whose `input` is a custom tool's free-form text (the Responses API's). */
const FREE_TEXT_TYPES: ReadonlySet<string> = new Set(['custom_tool_call']);

/**
 * The wrapper of a wrapped call entry: the one its `type` names (`"function"`, `"custom"`), else
 * the one it holds as an object with a string `name`; `undefined` when it has neither.
 */
export function wrappedCallOf(x: Readonly<Record<string, unknown>>): WrappedCall | undefined {
  const byType = WRAPPED_CALLS.find((w) => w.key === x['type']);
  if (byType !== undefined) return byType;
  return WRAPPED_CALLS.find(
    (w) =>
      isObjectRecord(x[w.key]) && typeof (x[w.key] as Record<string, unknown>)['name'] === 'string',
  );
}

/** The `ARGUMENT_KEYS` an unwrapped call entry has (not `undefined`), in that order. */
export function argumentKeysOf(
  x: Readonly<Record<string, unknown>>,
): Array<(typeof ARGUMENT_KEYS)[number]> {
  return ARGUMENT_KEYS.filter((k) => x[k] !== undefined);
}

/** Whether the `input` of a call entry (unwrapped) is free-form text: a Responses `custom_tool_call`. */
export function isFreeTextCall(x: Readonly<Record<string, unknown>>): boolean {
  return typeof x['type'] === 'string' && FREE_TEXT_TYPES.has(x['type']);
}

/**
 * Whether arguments given as JSON text say "no arguments": absent, or text of white space only
 * (OpenAI's streaming gives `""` for a call of a tool without parameters). Such a call's arguments
 * are `{}`, as a `{name}` entry's are.
 */
export function isNoArgumentsText(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * A call's arguments as an importer reads them (a model's output: never an error). JSON text is
 * parsed, and kept as the text with `meta.argumentsError` when it does not parse; absent or blank
 * text is `{}` (`isNoArgumentsText`); a custom tool's free-form text (`freeText`) as written, as
 * `toolCalls` reads an inline entry's; any other value as it is.
 */
export function importedArguments(
  raw: unknown,
  meta: Record<string, unknown>,
  ctx: ImportContext,
  freeText = false,
): unknown {
  if (raw === undefined) return {};
  if (typeof raw !== 'string' || freeText) return importValue(raw, ctx);
  if (isNoArgumentsText(raw)) return {};
  const r = parseEmbeddedJson(raw, ctx);
  if (r.ok) return r.value;
  meta['argumentsError'] = r.reason;
  return raw;
}
