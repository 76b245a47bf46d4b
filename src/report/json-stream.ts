/**
 * The JSON report as a stream of text chunks, with bounded strings.
 *
 * The report's small parts (scores, metric details, aggregation, decision) go through the same
 * code as before (`toJsonReport` → `withPythonFloats` → `stringifyPyJson`); its per-pair lists
 * (`alignment`, `alignment_rows`, `alignment_index`, the discrete metric's `aligned_gt` and
 * `aligned_pred`) are written item by item straight from the evaluation's columns (when the result
 * still has them unbuilt, see `metrics/lazy.ts`) with specialised writers, in chunks of about
 * `chunkSize` characters. The whole text is never held at once, no list is built as objects first,
 * and the bytes are the ones `stringifyPyJson` would write for the same document.
 *
 * Caps (documented in docs/report-format.md): a string longer than `maxStringLength` UTF-16 units
 * (an event value, a string inside one, a channel name, a string in metric details) is cut to that
 * length and ends with a marker that says how many units were cut; when anything was cut the
 * report gets a last key `report_caps` with the counts. A report with no long string is unchanged.
 */
import { ConfigError } from '../errors.js';
import type { AlignmentRow, EvaluationResult } from '../evaluate/types.js';
import { selectPolicy } from '../evaluate/options.js';
import { lazyListOf, type LazyList } from '../metrics/lazy.js';
import { stringifyPyJson } from '../py/json.js';
import { formatPyFloat, formatPyInt } from '../py/str.js';
import { isPlainObject, KEY_ORDER, orderedKeys, PyFloat, withKeyOrder } from '../py/value.js';
import { ENVTRACE_VERSION } from '../version.js';
import { withPythonFloats } from './pyfloats.js';

/** Limits of the JSON report (see the module comment). */
export interface ReportCaps {
  /** Longest string written whole, in UTF-16 units; longer ones are cut with a marker. @default 100000 */
  readonly maxStringLength?: number | undefined;
  /**
   * Most entries written of one array or object inside an event value; the rest is cut and a
   * marker entry says how many (a 500,000-number array value would otherwise be written six times
   * over, one number per line). @default 10000
   */
  readonly maxValueItems?: number | undefined;
}

/** Options of `reportChunks` / `stringifyReport`. */
export interface ReportStreamOptions extends ReportCaps {
  /** Approximate size of each chunk, in UTF-16 units. @default 65536 */
  readonly chunkSize?: number | undefined;
}

/** Default `maxStringLength`: far above any channel name or ordinary value, far below a blob. */
export const DEFAULT_MAX_STRING_LENGTH = 100_000;

/** Default `maxValueItems`: more entries than a person reads in a report, fewer than a blob has. */
export const DEFAULT_MAX_VALUE_ITEMS = 10_000;

/** What the caps cut, reported as `report_caps` when anything was. */
interface CutCounter {
  readonly max: number;
  strings: number;
  units: number;
  readonly maxItems: number;
  /** Arrays/objects of event values cut to `maxItems` entries, and the entries removed. */
  containers: number;
  items: number;
}

/** The marker entry that ends a cut array (and, as a key's value, a cut object) of an event value. */
export function itemsCutMarker(items: number): string {
  return `…[envtrace: ${items} more entries cut]`;
}

/** The key of the marker entry of a cut object (it sorts after the kept keys it follows). */
export const ITEMS_CUT_KEY = '…[envtrace]';

/** The marker that ends a cut string. */
export function cutMarker(units: number): string {
  return `…[envtrace: ${units} more characters cut]`;
}

function capString(s: string, cut: CutCounter): string {
  if (s.length <= cut.max) return s;
  let end = cut.max;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // never split a surrogate pair
  const removed = s.length - end;
  cut.strings++;
  cut.units += removed;
  return `${s.slice(0, end)}${cutMarker(removed)}`;
}

/**
 * `v` with every long string cut (a copy only where something changed; key order and kinds kept).
 * With `items` (event values and the per-pair items holding them) an array or object with more than
 * `cut.maxItems` entries keeps the first ones and ends with a marker entry.
 */
function capDeep(v: unknown, cut: CutCounter, items = false, depth = 0): unknown {
  if (typeof v === 'string') return capString(v, cut);
  if (typeof v !== 'object' || v === null || v instanceof PyFloat || depth > 1000) return v;
  if (Array.isArray(v)) {
    const keep = items && v.length > cut.maxItems ? cut.maxItems : v.length;
    let out: unknown[] | undefined = keep < v.length ? v.slice(0, keep) : undefined;
    for (let i = 0; i < keep; i++) {
      const c = capDeep(v[i], cut, items, depth + 1);
      if (c !== v[i]) (out ??= v.slice())[i] = c;
    }
    if (keep < v.length) {
      cut.containers++;
      cut.items += v.length - keep;
      out!.push(itemsCutMarker(v.length - keep));
    }
    return out ?? v;
  }
  if (!isPlainObject(v)) return v;
  const keys = orderedKeys(v);
  const keep = items && keys.length > cut.maxItems ? cut.maxItems : keys.length;
  let out: Record<string, unknown> | undefined;
  if (keep < keys.length) {
    out = {};
    for (let i = 0; i < keep; i++) out[keys[i]!] = v[keys[i]!];
  }
  for (let i = 0; i < keep; i++) {
    const k = keys[i]!;
    const c = capDeep(v[k], cut, items, depth + 1);
    if (c !== v[k]) (out ??= { ...v })[k] = c;
  }
  if (out === undefined) return v;
  if (keep < keys.length) {
    cut.containers++;
    cut.items += keys.length - keep;
    out[ITEMS_CUT_KEY] = itemsCutMarker(keys.length - keep);
    return withKeyOrder(out, [...keys.slice(0, keep), ITEMS_CUT_KEY]);
  }
  return (v as { [KEY_ORDER]?: unknown })[KEY_ORDER] !== undefined
    ? withKeyOrder(out, orderedKeys(v))
    : out;
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string literal, escaped as `JSON.stringify` (and `stringifyPyJson`) does. */
function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** A float-typed number as `stringifyPyJson` writes a boxed float. */
function float(x: number): string {
  if (Number.isFinite(x)) return formatPyFloat(x);
  return x !== x ? '"NaN"' : x > 0 ? '"Infinity"' : '"-Infinity"';
}

/** An int-typed number (a count, an index). */
function int(x: number): string {
  return Number.isInteger(x) && !Object.is(x, -0) ? formatPyInt(x) : float(x);
}

/**
 * An event value at indentation `indent` as `stringifyPyJson` writes it there, or undefined when
 * it is not serialisable (undefined, a function, a symbol).
 */
function value(v: unknown, indent: string, cut: CutCounter): string | undefined {
  switch (typeof v) {
    case 'string':
      return quote(capString(v, cut));
    case 'number':
      return int(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return v.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      break;
  }
  if (v === null) return 'null';
  if (v instanceof PyFloat) return float(v.value);
  const text = stringifyPyJson(capDeep(v, cut, true), { indent: 2, nonFinite: 'string' });
  return indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

/** `[channel, timestamp, value]` (or null) with its first line at `indent`. */
function tuple(t: unknown, indent: string, cut: CutCounter): string | undefined {
  if (t === null) return 'null';
  const a = t as readonly [string, number, unknown];
  const inner = `${indent}  `;
  return `[\n${inner}${quote(capString(a[0], cut))},\n${inner}${float(a[1])},\n${inner}${value(a[2], inner, cut) ?? 'null'}\n${indent}]`;
}

/** `{channel, timestamp, value}` (or null) with its first line at `indent`. */
function side(
  s: { channel: string; timestamp: number; value: unknown } | null,
  indent: string,
  cut: CutCounter,
): string {
  if (s === null) return 'null';
  const inner = `${indent}  `;
  const v = value(s.value, inner, cut);
  return `{\n${inner}"channel": ${quote(capString(s.channel, cut))},\n${inner}"timestamp": ${float(s.timestamp)}${v === undefined ? '' : `,\n${inner}"value": ${v}`}\n${indent}}`;
}

/** Writes one item of a list whose first line is at `indent`. */
type ItemWriter = (item: unknown, indent: string, cut: CutCounter) => string | undefined;

const PAIR: ItemWriter = (p, indent, cut) => {
  const [g, r] = p as readonly [unknown, unknown];
  const inner = `${indent}  `;
  return `[\n${inner}${tuple(g, inner, cut)},\n${inner}${tuple(r, inner, cut)}\n${indent}]`;
};

/** A row's tolerance evidence (`within_tolerance`, default mode): the Δ and the bound that absorbed it. */
export interface RowWithinTolerance {
  readonly delta: number;
  readonly tol: number;
}

/**
 * Default mode (`ReportStyle.markTolerance`): the rows that matched only within tolerance, by
 * row index, as the JSON report annotates them; `undefined` in reference mode or when none did.
 */
export function withinToleranceRows(
  result: EvaluationResult,
): ReadonlyMap<number, RowWithinTolerance> | undefined {
  const t = result.tolerance;
  if (t === undefined || t.rows.length === 0 || !selectPolicy(result).report.markTolerance)
    return undefined;
  return new Map(t.rows.map((u) => [u.index, { delta: u.delta, tol: u.tol }]));
}

/** An alignment row of the JSON report: default mode adds `within_tolerance` (last). */
export type JsonAlignmentRow = AlignmentRow & { readonly within_tolerance?: RowWithinTolerance };

/** A row with its `within_tolerance` key (last) when it has one. */
export function annotateRow(
  row: AlignmentRow,
  within: ReadonlyMap<number, RowWithinTolerance> | undefined,
): JsonAlignmentRow {
  const w = row.match === true ? within?.get(row.index) : undefined;
  return w === undefined ? row : { ...row, within_tolerance: { delta: w.delta, tol: w.tol } };
}

function rowWriter(within: ReadonlyMap<number, RowWithinTolerance> | undefined): ItemWriter {
  return (r, indent, cut) => {
    const row = r as {
      index: number;
      gt: Parameters<typeof side>[0];
      pred: Parameters<typeof side>[0];
      match: boolean | null;
      ignored: boolean;
    };
    const inner = `${indent}  `;
    const w = row.match === true ? within?.get(row.index) : undefined;
    const tail =
      w === undefined
        ? ''
        : `,\n${inner}"within_tolerance": {\n${inner}  "delta": ${float(w.delta)},\n${inner}  "tol": ${float(w.tol)}\n${inner}}`;
    return (
      `{\n${inner}"index": ${int(row.index)},\n${inner}"gt": ${side(row.gt, inner, cut)},\n${inner}"pred": ${side(row.pred, inner, cut)},\n` +
      `${inner}"match": ${row.match === null ? 'null' : row.match ? 'true' : 'false'},\n${inner}"ignored": ${row.ignored ? 'true' : 'false'}${tail}\n${indent}}`
    );
  };
}

const INDEX_PAIR: ItemWriter = (p, indent) => {
  const [i, j] = p as readonly [number | null, number | null];
  const inner = `${indent}  `;
  return `[\n${inner}${i === null ? 'null' : int(i)},\n${inner}${j === null ? 'null' : int(j)}\n${indent}]`;
};

const TUPLE: ItemWriter = (t, indent, cut) => tuple(t, indent, cut);

/** A list still held by the result: written through the general serialiser, item by item (exact for any content). */
function generalItem(map: (item: unknown) => unknown): ItemWriter {
  return (item, indent, cut) => {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol')
      return undefined;
    const text = stringifyPyJson(capDeep(map(item), cut, true), { indent: 2, nonFinite: 'string' });
    return text.replaceAll('\n', `\n${indent}`);
  };
}

/** The same per-item mappings as `withPythonFloats` (timestamps as floats). */
const boxTs = (t: unknown): unknown =>
  Array.isArray(t) && t.length === 3 && typeof t[1] === 'number'
    ? [t[0], Number.isInteger(t[1]) && !Object.is(t[1], -0) ? new PyFloat(t[1]) : t[1], t[2]]
    : t;

/** One list of the report: where its text goes and how to write its items. */
interface ListSlot {
  readonly list: LazyList | readonly unknown[];
  /** Fast writer for items of a lazy source (shapes known). */
  readonly fast: ItemWriter;
  /** Writer for items of a list the result holds (any content). */
  readonly general: ItemWriter;
}

function slotFor(
  owner: object,
  key: string,
  fast: ItemWriter,
  general: ItemWriter,
): ListSlot | undefined {
  const lazy = lazyListOf(owner, key);
  if (lazy !== undefined) return { list: lazy, fast, general };
  const v = (owner as Record<string, unknown>)[key];
  return Array.isArray(v) ? { list: v, fast: general, general } : undefined;
}

/** A positive whole number (or Infinity) option, else a `ConfigError` naming it. */
function limit(v: number | undefined, dflt: number, name: string): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !(v >= 1) || (Number.isFinite(v) && !Number.isInteger(v))) {
    throw new ConfigError(`${name} must be a whole number ≥ 1 (or Infinity), got ${String(v)}`, {
      path: [name],
    });
  }
  return v;
}

const BUILT_IN = new Set(['discrete', 'timing', 'structure', 'continuous']);
const TUPLE_LIST_KEYS = ['aligned_gt', 'aligned_pred'] as const;

/**
 * The JSON report of `result` as chunks of text (the text of `stringifyReport`, without a trailing
 * newline). Lazy per-pair lists of the result are read from their source and never built.
 */
export function* reportChunks(
  result: EvaluationResult,
  opts: ReportStreamOptions = {},
): Generator<string, void, undefined> {
  const cut: CutCounter = {
    max: limit(opts.maxStringLength, DEFAULT_MAX_STRING_LENGTH, 'maxStringLength'),
    strings: 0,
    units: 0,
    maxItems: limit(opts.maxValueItems, DEFAULT_MAX_VALUE_ITEMS, 'maxValueItems'),
    containers: 0,
    items: 0,
  };
  const chunkSize = limit(opts.chunkSize, 65536, 'chunkSize');
  const nonce = Math.random().toString(36).slice(2);
  const slots: ListSlot[] = [];
  /** A placeholder string for slot `slot`, spliced out of the skeleton text below. */
  const hole = (slot: ListSlot | undefined, owner: object, key: string): unknown => {
    if (slot === undefined) return (owner as Record<string, unknown>)[key];
    slots.push(slot);
    return `\u0000envtrace-${nonce}-${slots.length - 1}`;
  };

  const within = withinToleranceRows(result);
  const metrics: Record<string, unknown> = {};
  for (const [name, m] of Object.entries(result.metrics)) {
    let details: unknown = m.details;
    if (BUILT_IN.has(name) && isPlainObject(details)) {
      const d: Record<string, unknown> = {};
      for (const k of orderedKeys(details)) {
        const isList = (TUPLE_LIST_KEYS as readonly string[]).includes(k);
        d[k] = isList
          ? hole(slotFor(details, k, TUPLE, generalItem(boxTs)), details, k)
          : capDeep(details[k], cut);
      }
      // Default mode: how many values matched only within tolerance (last key).
      if (name === 'discrete' && within !== undefined) d['within_tolerance'] = within.size;
      details =
        (details as { [KEY_ORDER]?: unknown })[KEY_ORDER] !== undefined
          ? withKeyOrder(d, [...orderedKeys(details), ...Object.keys(d)])
          : d;
    } else {
      details = capDeep(details, cut);
    }
    metrics[name] = { score: m.score, binary_pass: m.binary_pass, details };
  }
  const r = result as unknown as Record<string, unknown>;
  const skeleton: Record<string, unknown> = {
    envtrace_version: ENVTRACE_VERSION,
    mode: result.mode,
    full_score: result.full_score,
    accuracy: result.accuracy,
    metrics,
    alignment: hole(
      slotFor(
        r,
        'alignment',
        PAIR,
        generalItem(
          (p) => (withPythonFloats({ alignment: [p] }) as { alignment: unknown[] }).alignment[0],
        ),
      ),
      r,
      'alignment',
    ),
    alignment_rows: hole(
      slotFor(
        r,
        'alignment_rows',
        rowWriter(within),
        generalItem(
          (row) =>
            (
              withPythonFloats({ alignment_rows: [annotateRow(row as AlignmentRow, within)] }) as {
                alignment_rows: unknown[];
              }
            ).alignment_rows[0],
        ),
      ),
      r,
      'alignment_rows',
    ),
    aggregation: result.aggregation,
    decision: capDeep(result.decision, cut),
    alignment_index: hole(
      slotFor(
        r,
        'alignment_index',
        INDEX_PAIR,
        generalItem((p) => p),
      ),
      r,
      'alignment_index',
    ),
    aligner: result.aligner,
    ...(result.best_index !== undefined ? { best_index: result.best_index } : {}),
    ...(result.candidate_full_scores !== undefined
      ? { candidate_full_scores: result.candidate_full_scores }
      : {}),
    ...(result.warnings !== undefined ? { warnings: capDeep(result.warnings, cut) } : {}),
  };
  let text = stringifyPyJson(withPythonFloats(skeleton), { indent: 2, nonFinite: 'string' });

  const caps = (): string => {
    if (cut.strings === 0 && cut.containers === 0) return '';
    const entries = `,\n    "max_value_items": ${cut.maxItems},\n    "containers_cut": ${cut.containers},\n    "entries_cut": ${cut.items}`;
    return `,\n  "report_caps": {\n    "max_string_length": ${cut.max},\n    "strings_cut": ${cut.strings},\n    "characters_cut": ${cut.units}${cut.containers === 0 ? '' : entries}\n  }`;
  };
  if (text.endsWith('\n}')) text = text.slice(0, -2); // the closing brace comes after report_caps

  const holeRe = new RegExp(`"\\\\u0000envtrace-${nonce}-(\\d+)"`, 'g');
  let buf = '';
  const push = (s: string): string | undefined => {
    buf += s;
    if (buf.length < chunkSize) return undefined;
    const out = buf;
    buf = '';
    return out;
  };
  let last = 0;
  for (const m of text.matchAll(holeRe)) {
    const at = m.index;
    const before = text.slice(last, at);
    last = at + m[0].length;
    let out = push(before);
    if (out !== undefined) yield out;
    const slot = slots[Number(m[1])]!;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const indent = /^ */.exec(text.slice(lineStart, at))![0];
    const list = slot.list;
    const n = list.length;
    if (n === 0) {
      out = push('[]');
      if (out !== undefined) yield out;
      continue;
    }
    const inner = `${indent}  `;
    const isLazy = !Array.isArray(list);
    const write = isLazy ? slot.fast : slot.general;
    out = push('[');
    if (out !== undefined) yield out;
    for (let k = 0; k < n; k++) {
      const item = isLazy ? (list as LazyList).item(k) : (list as readonly unknown[])[k];
      out = push(`${k === 0 ? '\n' : ',\n'}${inner}${write(item, inner, cut) ?? 'null'}`);
      if (out !== undefined) yield out;
    }
    out = push(`\n${indent}]`);
    if (out !== undefined) yield out;
  }
  yield `${buf}${text.slice(last)}${caps()}\n}`;
}
