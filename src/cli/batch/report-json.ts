/**
 * The batch run report as JSON text, in chunks, with each pair's drill-down (`detail`) already
 * serialised by the thread that evaluated the pair.
 *
 * Why: the drill-down is ~95 % of a batch report (≈ 48 kB compact, ≈ 170 kB indented per pair of
 * 1,000 events). Sent across threads as objects, it was structured-cloned twice and then
 * serialised again by the main thread, which made that one thread the bottleneck of `--jobs 2`
 * (bench/RESULTS.md, "Batch mode: --jobs"). A worker now sends it as one string (a string crosses
 * a thread boundary as a copy of its bytes) indented for the place it takes in the report, and
 * the main thread splices it in.
 *
 * `jsonChunks(value, space)` gives exactly the text of `JSON.stringify(value, null, space)` for
 * JSON data (plain objects and arrays, strings, finite numbers, booleans, null; keys whose value
 * is `undefined` are left out, array holes and `undefined` items are `null`), where a `RawJson`
 * stands for the value its text encodes. Worst case O(total text) time; the chunks are the raw
 * texts themselves and runs of the surrounding text of at most ~64 KiB.
 */

/** Already serialised JSON, taken as is; `depth` is the nesting level its text was indented for. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly depth: number,
  ) {}
}

/** Depth of a record's `detail` value in a run report: report → tests → test → records → record. */
export const DETAIL_DEPTH = 5;

/**
 * `value` as `JSON.stringify(value, null, space)` would write it, at nesting `depth` (the text a
 * `RawJson` at `depth` is spliced into: its lines after the first carry `depth * space` spaces).
 */
export function rawJsonText(value: unknown, space: number, depth: number): string {
  const text = JSON.stringify(value, null, space);
  return space === 0 || depth === 0
    ? text
    : text.replaceAll('\n', `\n${' '.repeat(space * depth)}`);
}

/**
 * A value serialised by `JSON.stringify` only when the writer reaches it (its text is written,
 * then dropped), indented for the depth it is found at.
 */
export class LateJson {
  constructor(readonly value: unknown) {}
}

const FLUSH_AT = 64 * 1024;

/**
 * The chunks of `JSON.stringify(value, null, space)`, generated as they are written: a `RawJson`
 * as its text, a `LateJson` serialised at that point.
 */
export function* jsonChunks(value: unknown, space: 0 | 2): Generator<string, void, undefined> {
  let pending = '';
  const newline = (depth: number): string => (space === 0 ? '' : `\n${' '.repeat(space * depth)}`);
  const colon = space === 0 ? ':' : ': ';

  /** Writes `v` at `depth` (never undefined, a function or a symbol: the callers skip those). */
  function* write(v: unknown, depth: number): Generator<string, void, undefined> {
    if (v instanceof RawJson || v instanceof LateJson) {
      if (v instanceof RawJson && space !== 0 && v.depth !== depth)
        throw new Error(`RawJson indented for depth ${v.depth} placed at depth ${depth}`);
      const text = v instanceof RawJson ? v.text : rawJsonText(v.value, space, depth);
      if (pending !== '') yield pending;
      pending = '';
      yield text;
      return;
    }
    if (
      v === null ||
      typeof v !== 'object' ||
      typeof (v as { toJSON?: unknown }).toJSON === 'function'
    ) {
      // A primitive, or not JSON data (a Date…): JSON.stringify's own text.
      pending += rawJsonText(v, space, depth);
    } else if (Array.isArray(v)) {
      if (v.length === 0) pending += '[]';
      else {
        for (let i = 0; i < v.length; i++) {
          pending += `${i === 0 ? '[' : ','}${newline(depth + 1)}`;
          const item: unknown = v[i];
          if (item === undefined || typeof item === 'function' || typeof item === 'symbol')
            pending += 'null';
          else yield* write(item, depth + 1);
        }
        pending += `${newline(depth)}]`;
      }
    } else {
      let first = true;
      for (const key of Object.keys(v)) {
        const item = (v as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        pending += `${first ? '{' : ','}${newline(depth + 1)}${JSON.stringify(key)}${colon}`;
        first = false;
        yield* write(item, depth + 1);
      }
      pending += first ? '{}' : `${newline(depth)}}`;
    }
    if (pending.length >= FLUSH_AT) {
      yield pending;
      pending = '';
    }
  }
  yield* write(value, 0);
  if (pending !== '') yield pending;
}
