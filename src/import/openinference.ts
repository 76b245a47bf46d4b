/** OTLP/JSON with the OpenInference conventions: one event per span of kind `TOOL`. */
import { isOtlpDocument, otlpSpans } from './spans.js';
import { relativeEvents, type RawEvent } from './time.js';
import { otlpToolSpan, toolCallEvents } from './tool-spans.js';
import type { ImportContext, Importer } from './types.js';

function parseOpenInference(text: string, ctx: ImportContext): RawEvent[] {
  const spans = otlpSpans(text, ctx.file, ctx.mode).map((rec) => otlpToolSpan(rec, ctx));
  return toolCallEvents(spans, ['openinference'], ctx);
}

/** `openinference` importer: see `docs/importers.md`. */
export const openinferenceImporter: Importer = {
  name: 'openinference',
  description: 'OTLP/JSON traces with OpenInference attributes: one event per span of kind TOOL',
  detect(text, first) {
    if (!isOtlpDocument(first) && !text.trimStart().startsWith('{"resourceSpans"')) return 0;
    if (text.includes('"openinference.span.kind"'))
      return /"stringValue"\s*:\s*"TOOL"/.test(text) ? 0.9 : 0.6;
    return 0.2;
  },
  parse(text, ctx) {
    return relativeEvents(parseOpenInference(text, ctx), ctx.file);
  },
};
