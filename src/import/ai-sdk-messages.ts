/**
 * Vercel AI SDK messages (`result.response.messages`, `ModelMessage[]`), read by the `openai`
 * importer when a message has AI SDK content parts: one event per `tool-call` part of an assistant
 * message; the matching `tool-result` part of a tool message gives its result.
 */
import { isPlainObject } from '../py/value.js';
import type { Where } from './json.js';
import { ExactTime, type RawEvent } from './time.js';
import type { ImportContext } from './types.js';
import { importValue } from './values.js';
import { warn } from './warnings.js';

function parts(m: Record<string, unknown>): readonly unknown[] {
  return Array.isArray(m['content']) ? m['content'] : [];
}

function hasPart(m: unknown, type: string): boolean {
  return isPlainObject(m) && parts(m).some((p) => isPlainObject(p) && p['type'] === type);
}

/**
 * What a `tool-result` part says: `output` (AI SDK 5+: `{type, value}`; `error-text` /
 * `error-json` when the tool threw) or `result` (AI SDK 4, with `isError: true` when the tool
 * threw: then it is the error).
 */
function resultMeta(part: Record<string, unknown>, ctx: ImportContext): Record<string, unknown> {
  const out = part['output'];
  if (isPlainObject(out) && typeof out['type'] === 'string') {
    const value = importValue(out['value'] ?? null, ctx);
    if (out['type'].startsWith('error-')) return { error: value, outputType: out['type'] };
    return { result: value, outputType: out['type'] };
  }
  if ('result' in part) {
    const value = importValue(part['result'] ?? null, ctx);
    return part['isError'] === true ? { error: value } : { result: value };
  }
  return {};
}

/**
 * Whether a message list is the AI SDK's: a message has a `tool-call` or `tool-result` part
 * (OpenAI's chat format has `tool_calls` and `role: "tool"` text instead; Anthropic's parts are
 * `tool_use` / `tool_result`).
 */
export function isAiSdkMessageList(messages: readonly unknown[]): boolean {
  return messages.some((m) => hasPart(m, 'tool-call') || hasPart(m, 'tool-result'));
}

/**
 * The tool calls of AI SDK messages (times not yet relative): the message's position is its time
 * (0, 1, 2, … s), and the calls of one assistant message — one model step — share
 * `meta.parallel_group` (the message index).
 */
export function aiSdkToolCalls(
  messages: ReadonlyArray<Record<string, unknown>>,
  where: Where,
  ctx: ImportContext,
): RawEvent[] {
  const results = new Map<string, { meta: Record<string, unknown>; w: Where; used: boolean }>();
  messages.forEach((m, i) =>
    parts(m).forEach((p, j) => {
      if (!isPlainObject(p) || p['type'] !== 'tool-result') return;
      const w = where.at(i, 'content', j);
      const id = p['toolCallId'];
      if (typeof id !== 'string' || id === '' || results.has(id))
        warn(
          ctx,
          'unpaired-result',
          typeof id === 'string' && id !== ''
            ? `a second tool-result part for toolCallId ${JSON.stringify(id)} (the first is ${results.get(id)!.w.pathText}): not read`
            : 'a tool-result part without a toolCallId answers no call: not read',
          { path: w.pathText },
        );
      else results.set(id, { meta: resultMeta(p, ctx), w, used: false });
    }),
  );
  const events: RawEvent[] = [];
  messages.forEach((m, i) => {
    if (m['role'] !== 'assistant') return;
    const pw = where.at(i).at('content');
    parts(m).forEach((p, j) => {
      const w = pw.at(j);
      const part = w.object(p, 'a message part object');
      if (part['type'] !== 'tool-call') return;
      const channel = w.at('toolName').string(part['toolName']);
      // The calls of one assistant message are the calls of one model step: one parallel group.
      const meta: Record<string, unknown> = { message: i, parallel_group: i };
      const id = part['toolCallId'];
      if (typeof id === 'string' && id !== '') {
        meta['toolCallId'] = id;
        const r = results.get(id);
        if (r !== undefined && !r.used) {
          r.used = true;
          Object.assign(meta, r.meta);
        }
      }
      // AI SDK 5+ writes `input`, AI SDK 4 `args`: the object the tool received.
      const input = 'input' in part ? part['input'] : part['args'];
      events.push({
        channel,
        time: new ExactTime(BigInt(i), 0),
        value: importValue(input ?? null, ctx),
        meta,
      });
    });
  });
  for (const [id, r] of results)
    if (!r.used)
      warn(
        ctx,
        'unpaired-result',
        `a tool-result part for toolCallId ${JSON.stringify(id)} answers no tool-call part of the list: not read`,
        { path: r.w.pathText },
      );
  return events;
}
