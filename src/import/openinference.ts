/** OTLP/JSON with the OpenInference conventions: one event per span of kind `TOOL`. */
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

/** How to read `input.value`/`output.value`: JSON when the MIME type says so, or when unset and the text looks like JSON. */
function jsonMode(mime: string | undefined): 'always' | 'if-looks-like' | 'never' {
  if (mime === undefined) return 'if-looks-like';
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(mime) ? 'always' : 'never';
}

function parseOpenInference(text: string, ctx: ImportContext): RawEvent[] {
  const events: RawEvent[] = [];
  for (const rec of otlpSpans(text, ctx.file, ctx.mode)) {
    if (stringAttribute(rec, 'openinference.span.kind', ctx)?.toUpperCase() !== 'TOOL') continue;
    const spanName = typeof rec.span['name'] === 'string' ? rec.span['name'] : '';
    const channel = stringAttribute(rec, 'tool.name', ctx) || spanName;
    if (channel === '')
      rec.where.at('attributes').fail('a TOOL span needs a tool.name attribute (or a span name)');
    const time = spanStart(rec);
    const meta = spanMeta(rec, time);
    const input = attribute(rec, 'input.value', ctx);
    const value = jsonAttribute(input, jsonMode(stringAttribute(rec, 'input.mime_type', ctx)), ctx);
    if (value.problem !== undefined) meta['inputError'] = value.problem;
    const toolId =
      stringAttribute(rec, 'tool.id', ctx) ?? stringAttribute(rec, 'tool_call.id', ctx);
    if (toolId !== undefined) meta['toolId'] = toolId;
    const output = attribute(rec, 'output.value', ctx);
    if (output !== undefined)
      meta['output'] = jsonAttribute(
        output,
        jsonMode(stringAttribute(rec, 'output.mime_type', ctx)),
        ctx,
      ).value;
    events.push({ channel, time, value: input === undefined ? null : value.value, meta });
  }
  return events;
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
