/**
 * `@openai/agents` run history (`result.history`, `AgentInputItem[]`: Responses-API-style items),
 * read by the `openai` importer when an item has `type: "function_call"`: one event per
 * `function_call` item; the `function_call_result` item with the same `callId` gives its result.
 */
import { isPlainObject } from '../py/value.js';
import type { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, parseEmbeddedJson, textOrJson } from './values.js';

/** Whether a list is an `@openai/agents` history: an item is a `function_call`. */
export function isAgentsHistory(items: readonly unknown[]): boolean {
  return items.some((m) => isPlainObject(m) && m['type'] === 'function_call');
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
    if (it['type'] !== 'function_call_result' || typeof it['callId'] !== 'string') continue;
    const out = it['output'];
    results.set(
      it['callId'],
      isPlainObject(out) && out['type'] === 'text' && typeof out['text'] === 'string'
        ? textOrJson(out['text'], ctx)
        : importValue(out ?? null, ctx),
    );
  }
  const events: RawEvent[] = [];
  let group = -1;
  items.forEach((it, i) => {
    if (it['type'] !== 'function_call') return;
    if (items[i - 1]?.['type'] !== 'function_call') group = i;
    const w = where.at(i);
    const channel = w.at('name').string(it['name']);
    const meta: Record<string, unknown> = { item: i, parallel_group: group };
    const id = it['callId'];
    if (typeof id === 'string' && id !== '') {
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
