/**
 * `@openai/agents` run history (`result.history`, `AgentInputItem[]`: Responses-API-style items),
 * and the OpenAI Responses API's own input lists (`response.output` items and the
 * `function_call_output` items a tool loop adds), read by the `openai` importer when an item has
 * `type: "function_call"`: one event per `function_call` item; the `function_call_result` (SDK,
 * `callId`) or `function_call_output` (API, `call_id`) item with the same id gives its result.
 */
import { isPlainObject } from '../py/value.js';
import type { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson, textContentValue, textOrJson } from './values.js';

/** Whether a list is an `@openai/agents` history: an item is a `function_call`. */
export function isAgentsHistory(items: readonly unknown[]): boolean {
  return items.some((m) => isPlainObject(m) && m['type'] === 'function_call');
}

/** A call's id: `callId` in the SDK's items, `call_id` in the Responses API's own. */
function callIdOf(it: Record<string, unknown>): string | undefined {
  const id = it['callId'] ?? it['call_id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * What a tool returned: the SDK's `{type: "text", text}`, the Responses API's string or list of
 * `input_text` parts (text parsed when it is JSON), else the output as it is.
 */
function outputValue(out: unknown, ctx: ImportContext): unknown {
  if (isPlainObject(out) && out['type'] === 'text' && typeof out['text'] === 'string')
    return textOrJson(out['text'], ctx);
  return textContentValue(out, 'input_text', ctx);
}

/**
 * The tool calls of a history (times not yet relative): the item's position is its time
 * (0, 1, 2, … s). One model response's calls are consecutive `function_call` items, before their
 * results: such a run is one `meta.parallel_group` (the index of its first item).
 */
export function agentsHistoryToolCalls(
  items: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  const results = new Map<string, unknown>();
  for (const it of items) {
    if (it['type'] !== 'function_call_result' && it['type'] !== 'function_call_output') continue;
    const id = callIdOf(it);
    if (id === undefined) continue;
    const out = it['output'];
    results.set(id, outputValue(out, ctx));
  }
  const events: RawEvent[] = [];
  let group = -1;
  items.forEach((it, i) => {
    if (it['type'] !== 'function_call') return;
    if (items[i - 1]?.['type'] !== 'function_call') group = i;
    const w = where.at(i);
    const channel = w.at('name').string(it['name']);
    const meta: Record<string, unknown> = { item: i, parallel_group: group };
    const id = callIdOf(it);
    if (id !== undefined) {
      meta['callId'] = id;
      if (results.has(id)) meta['result'] = results.get(id);
    }
    if (typeof it['status'] === 'string') meta['status'] = it['status'];
    const raw = it['arguments'];
    let value: unknown = importValue(raw ?? null, ctx);
    if (typeof raw === 'string') {
      const r = parseEmbeddedJson(raw, ctx);
      if (r.ok) value = r.value;
      else meta['argumentsError'] = r.reason;
    }
    events.push({ channel, time: new ExactTime(BigInt(i), 0), value, meta });
  });
  return events;
}
