/**
 * OTLP/JSON with the OpenTelemetry GenAI conventions (one event per `execute_tool` span),
 * OpenLLMetry/Traceloop's (one per tool span, `traceloop.entity.*`) or the Vercel AI SDK's
 * telemetry (one per `ai.toolCall` span); the mapping is in `tool-spans.ts`. OTLP/JSON logs with
 * the GenAI events (`gen_ai.choice`): one per tool call, in `genai-logs.ts`.
 */
import { genaiLogEvents, isOtlpLogsDocument } from './genai-logs.js';
import { isOtlpDocument } from './spans.js';
import { relativeEvents, type RawEvent } from './time.js';
import { otlpToolEvents } from './tool-spans.js';
import type { ImportContext, Importer } from './types.js';

function parseOtlp(text: string, ctx: ImportContext): RawEvent[] {
  if (isLogs(text)) return genaiLogEvents(text, ctx);
  return otlpToolEvents(text, ctx, ['traceloop', 'genai', 'ai-sdk'], 'otlp');
}

/**
 * Whether the text is OTLP/JSON logs: a `resourceLogs` key and no `resourceSpans` one (a key, so
 * followed by a colon; inside a JSON string the quotes would be escaped). Asked once, by `parse`.
 */
function isLogs(text: string): boolean {
  return /"resourceLogs"\s*:/.test(text) && !/"resourceSpans"\s*:/.test(text);
}

/** `otlp` importer (OpenTelemetry GenAI semantic conventions): see `docs/importers.md`. */
export const otlpImporter: Importer = {
  name: 'otlp',
  description:
    'OTLP/JSON traces with OpenTelemetry GenAI, OpenLLMetry or Vercel AI SDK attributes: one event per execute_tool, Traceloop tool or ai.toolCall span; OTLP/JSON logs with GenAI events: one per tool call of a gen_ai.choice or inference operation details event',
  detect(text, first) {
    // Logs: the GenAI events of @opentelemetry/instrumentation-openai (`gen_ai.choice`, …).
    // From the first value (or, when a first chunk did not give one, the text's start, as for
    // spans below): every file's detection runs this, so no scan of the whole text here.
    if (isOtlpLogsDocument(first) || /^\s*\{\s*"resourceLogs"/.test(text))
      return text.includes('"gen_ai.') ? 0.9 : 0.5;
    if (!isOtlpDocument(first) && !text.trimStart().startsWith('{"resourceSpans"')) return 0;
    // The AI SDK also writes gen_ai.* attributes on its model spans, never `execute_tool`.
    if (text.includes('"ai.toolCall.name"')) return 0.9;
    // OpenLLMetry tool spans (without the GenAI attributes its older instrumentations left out).
    if (text.includes('"traceloop.span.kind"') && /"stringValue"\s*:\s*"tool"/.test(text))
      return 0.9;
    if (text.includes('"gen_ai.operation.name"'))
      return text.includes('"execute_tool"') ? 0.9 : 0.6;
    // OTLP of no convention: read as otlp (openinference rates it lower), whose error says
    // that no span is a tool call.
    return 0.2;
  },
  parse(text, ctx) {
    return relativeEvents(parseOtlp(text, ctx), ctx.file);
  },
};
