/** envtrace's own format, JSON (`{events: [...]}` or a bare array) or JSON Lines: read exactly as `parseEnvtrace` reads it. */
import { isPlainObject } from '../py/value.js';
import { parseEnvtrace } from '../trace/parse.js';
import { readPolicy } from '../trace/trace.js';
import type { Importer } from './types.js';

function isEventLike(v: unknown): boolean {
  return isPlainObject(v) && 'channel' in v && 'timestamp' in v;
}

/**
 * `envtrace` importer: events as they are (timestamps not made relative, order kept), with the
 * errors and reference-mode value semantics of `parseEnvtrace`/`loadEnvtraceFile`.
 */
export const envtraceImporter: Importer = {
  name: 'envtrace',
  description:
    'envtrace trace JSON ({"events": [...]} or an array of events) or JSON Lines (one event per line)',
  detect(_text, first) {
    if (isPlainObject(first)) return 'events' in first || isEventLike(first) ? 1 : 0;
    if (Array.isArray(first)) return first.length === 0 ? 0.5 : isEventLike(first[0]) ? 1 : 0;
    return 0;
  },
  parse(text, ctx) {
    return [...parseEnvtrace(text, { file: ctx.file, policy: readPolicy(ctx) }).events];
  },
};
