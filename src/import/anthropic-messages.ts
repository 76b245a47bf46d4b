/**
 * Anthropic Messages API conversations (`messages` as the SDK's tool runner keeps them,
 * `MessageParam[]`), read by the `openai` importer when a message has a `tool_use` or
 * `tool_result` content block: one event per tool-use block of an assistant message; the result
 * block with the same `tool_use_id` gives its result.
 */
import { isPlainObject } from '../py/value.js';
import type { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue, textContentValue } from './values.js';
import { warn } from './warnings.js';

/**
 * The blocks that are calls: the client's own tools (`tool_use`), the API's server tools
 * (`server_tool_use`: web search, code execution) and MCP connector tools (`mcp_tool_use`).
 */
export const CALL_BLOCKS: ReadonlySet<string> = new Set([
  'tool_use',
  'server_tool_use',
  'mcp_tool_use',
]);

function blocks(m: Record<string, unknown>): readonly unknown[] {
  return Array.isArray(m['content']) ? m['content'] : [];
}

/** A result block: `tool_result`, `mcp_tool_result`, `web_search_tool_result`, … */
export function isResultBlock(b: unknown): b is Record<string, unknown> {
  return (
    isPlainObject(b) &&
    typeof b['type'] === 'string' &&
    b['type'].endsWith('tool_result') &&
    typeof b['tool_use_id'] === 'string'
  );
}

/**
 * Whether a message list is Anthropic's: a message has a tool-use or tool-result block (OpenAI's
 * chat format has `tool_calls` and `role: "tool"` messages instead; the AI SDK's parts are
 * `tool-call` / `tool-result`).
 */
export function isAnthropicMessageList(messages: readonly unknown[]): boolean {
  return messages.some(
    (m) =>
      isPlainObject(m) &&
      blocks(m).some(
        (b) => isResultBlock(b) || (isPlainObject(b) && CALL_BLOCKS.has(b['type'] as string)),
      ),
  );
}

/**
 * What a result block says: its `content` (text, or text blocks, parsed when JSON; other blocks,
 * such as images or search results, as they are) and `resultStatus: "error"` when `is_error`.
 */
export function resultMeta(
  block: Record<string, unknown>,
  ctx: ImportContext,
): Record<string, unknown> {
  const meta: Record<string, unknown> = { result: textContentValue(block['content'], 'text', ctx) };
  if (block['is_error'] === true) meta['resultStatus'] = 'error';
  return meta;
}

/**
 * The tool calls of an Anthropic conversation (times not yet relative): the message's position
 * is its time (0, 1, 2, … s), and the calls of one assistant message — one model turn — share
 * `meta.parallel_group` (the message index).
 */
export function anthropicToolCalls(
  messages: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  const results = new Map<string, { meta: Record<string, unknown>; w: Where; used: boolean }>();
  messages.forEach((m, i) =>
    blocks(m).forEach((b, j) => {
      if (!isResultBlock(b)) return;
      const id = b['tool_use_id'] as string;
      const w = where.at(i, 'content', j);
      if (results.has(id))
        warn(
          ctx,
          'unpaired-result',
          `a second ${String(b['type'])} block for tool_use_id ${JSON.stringify(id)} (the first is ${results.get(id)!.w.pathText}): not read`,
          { path: w.pathText },
        );
      else results.set(id, { meta: resultMeta(b, ctx), w, used: false });
    }),
  );
  const events: RawEvent[] = [];
  messages.forEach((m, i) => {
    if (m['role'] !== 'assistant') return;
    const bw = where.at(i).at('content');
    blocks(m).forEach((b, j) => {
      const w = bw.at(j);
      const block = w.object(b, 'a content block object');
      if (!CALL_BLOCKS.has(block['type'] as string)) return;
      const channel = w.at('name').string(block['name']);
      const meta: Record<string, unknown> = { message: i, parallel_group: i };
      if (block['type'] !== 'tool_use') meta['blockType'] = block['type'];
      if (typeof block['server_name'] === 'string') meta['server_name'] = block['server_name'];
      const id = block['id'];
      if (typeof id === 'string' && id !== '') {
        meta['callId'] = id;
        const r = results.get(id);
        if (r !== undefined && !r.used) {
          r.used = true;
          Object.assign(meta, r.meta);
        }
      }
      events.push({
        channel,
        time: new ExactTime(BigInt(i), 0),
        value: importValue(block['input'] ?? null, ctx),
        meta,
      });
    });
  });
  for (const [id, r] of results)
    if (!r.used)
      warn(
        ctx,
        'unpaired-result',
        `a result block for tool_use_id ${JSON.stringify(id)} answers no tool use block of the list: not read`,
        { path: r.w.pathText },
      );
  return events;
}
