/** Value helpers shared by the importers: numeric text, plain-vs-Python values, embedded JSON. */
import { JsonSyntaxError, parsePyJson } from '../py/json.js';
import { PyFloat, isPlainObject } from '../py/value.js';
import type { ImportContext } from './types.js';
import { readPolicy } from '../trace/trace.js';

/** A decimal number as text: optional sign, digits with an optional fraction, optional exponent. */
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The number `text` spells (surrounding spaces ignored), or `undefined` when it is not a plain
 * decimal number (`NaN`, `inf`, `0x10`, `1_000` and the empty string are not). In reference mode an
 * integral float (`1.0`, `1e3`) is a `PyFloat`, as Python's `int()`/`float()` would tell them
 * apart; in default mode a plain number. In both modes an integer beyond 2^53 is an exact `bigint`.
 */
export function numberFromText(
  text: string,
  ctx: ImportContext,
): number | bigint | PyFloat | undefined {
  const t = text.trim();
  if (!NUMBER_TEXT.test(t)) return undefined;
  const x = Number(t);
  if (!Number.isFinite(x)) return undefined;
  const integer = /^[+-]?\d+$/.test(t);
  if (integer && !Number.isSafeInteger(x)) return BigInt(t);
  if (readPolicy(ctx).readValues !== 'python') return x;
  if (integer) return x + 0;
  return Number.isInteger(x) && !Object.is(x, -0) ? new PyFloat(x) : x;
}

/**
 * `v` with every `PyFloat` turned into a plain number, for default mode; a `bigint` (an integer
 * beyond 2^53) stays exact, as `parseTrace` keeps it.
 */
export function plainValue(v: unknown): unknown {
  if (v instanceof PyFloat) return v.value;
  if (Array.isArray(v)) return v.map(plainValue);
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = plainValue(x);
    return out;
  }
  return v;
}

/** A value read with `parsePyJson`, as the mode wants it: as is in reference mode, else plain. */
export function importValue(v: unknown, ctx: ImportContext): unknown {
  return readPolicy(ctx).readValues === 'python' ? v : plainValue(v);
}

/** Result of `parseEmbeddedJson`. */
export type EmbeddedJson =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/** Parse JSON held in a string field (tool arguments, `input.value`), values as the mode wants. */
export function parseEmbeddedJson(text: string, ctx: ImportContext): EmbeddedJson {
  try {
    return { ok: true, value: importValue(parsePyJson(text, { preserveNumberKinds: true }), ctx) };
  } catch (e) {
    if (e instanceof JsonSyntaxError)
      return { ok: false, reason: `not valid JSON (${e.reason} at ${e.line}:${e.column})` };
    throw e;
  }
}

/**
 * Text that holds a JSON object or array as its value (SDKs stringify a tool's object output),
 * else the text as it is (`"12:00 Europe/Paris"`, and `"42"`, which a tool may mean as text).
 */
export function textOrJson(text: string, ctx: ImportContext): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  const r = parseEmbeddedJson(text, ctx);
  return r.ok ? r.value : text;
}

/**
 * A message's or tool output's content as a value: a string, or a non-empty list of text parts
 * (`{type: partType, text}`) joined by newlines, through `textOrJson`; any other content (images,
 * search results) as it is.
 */
export function textContentValue(content: unknown, partType: string, ctx: ImportContext): unknown {
  if (typeof content === 'string') return textOrJson(content, ctx);
  if (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every(
      (c) => isPlainObject(c) && c['type'] === partType && typeof c['text'] === 'string',
    )
  )
    return textOrJson(content.map((c) => (c as Record<string, unknown>)['text']).join('\n'), ctx);
  return importValue(content ?? null, ctx);
}
