/** OTLP/JSON with the OpenTelemetry GenAI conventions: one event per `execute_tool` span. */
import {
  attribute,
  isOtlpDocument,
  jsonAttribute,
  otlpSpans,
  spanMeta,
  spanStart,
  stringAttribute,
} from './spans.js';
import { relativeEvents, type RawEvent } from './time.js';
import type { ImportContext, Importer } from './types.js';

function parseOtlp(text: string, ctx: ImportContext): RawEvent[] {
  const events: RawEvent[] = [];
  for (const rec of otlpSpans(text, ctx.file, ctx.mode)) {
    if (stringAttribute(rec, 'gen_ai.operation.name', ctx) !== 'execute_tool') continue;
    const spanName = typeof rec.span['name'] === 'string' ? rec.span['name'] : '';
    // gen_ai.tool.name is "recommended"; the span name is `execute_tool {gen_ai.tool.name}`.
    const channel =
      stringAttribute(rec, 'gen_ai.tool.name', ctx) ||
      (/^execute_tool\s+(\S.*)$/.exec(spanName)?.[1] ?? '');
    if (channel === '')
      rec.where
        .at('attributes')
        .fail(
          'an execute_tool span needs a gen_ai.tool.name attribute (or a span name "execute_tool <tool>")',
        );
    const time = spanStart(rec);
    const meta = spanMeta(rec, time);
    const args = attribute(rec, 'gen_ai.tool.call.arguments', ctx);
    const value = jsonAttribute(args, 'always', ctx);
    if (value.problem !== undefined) meta['argumentsError'] = value.problem;
    const callId = stringAttribute(rec, 'gen_ai.tool.call.id', ctx);
    if (callId !== undefined) meta['toolCallId'] = callId;
    const type = stringAttribute(rec, 'gen_ai.tool.type', ctx);
    if (type !== undefined) meta['toolType'] = type;
    const result = attribute(rec, 'gen_ai.tool.call.result', ctx);
    if (result !== undefined) meta['result'] = jsonAttribute(result, 'if-looks-like', ctx).value;
    const errorType = stringAttribute(rec, 'error.type', ctx);
    if (errorType !== undefined) meta['errorType'] = errorType;
    events.push({ channel, time, value: args === undefined ? null : value.value, meta });
  }
  return events;
}

/** `otlp` importer (OpenTelemetry GenAI semantic conventions): see `docs/importers.md`. */
export const otlpImporter: Importer = {
  name: 'otlp',
  description:
    'OTLP/JSON traces with OpenTelemetry GenAI attributes: one event per execute_tool span',
  detect(text, first) {
    if (!isOtlpDocument(first) && !text.trimStart().startsWith('{"resourceSpans"')) return 0;
    if (text.includes('"gen_ai.operation.name"'))
      return text.includes('"execute_tool"') ? 0.9 : 0.6;
    return 0.2;
  },
  parse(text, ctx) {
    return relativeEvents(parseOtlp(text, ctx), ctx.file);
  },
};
