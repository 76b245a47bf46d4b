/**
 * Lazily built per-pair lists on result objects.
 *
 * `evaluate` keeps the alignment as columns (typed arrays, see `compare/verdict-columns.ts`) and
 * exposes the per-pair lists of its result (`alignment`, `alignment_rows`, the discrete metric's
 * `aligned_gt`/`aligned_pred`, …) as enumerable getters: a caller who only reads scores never pays
 * for one object per pair. The first read builds the array and replaces the getter with a plain
 * data property holding it, so later reads, `Object.keys`, spreading, `JSON.stringify` and
 * equality checks see ordinary data (the property keeps its place in the key order).
 *
 * Serialisers that only need the items one at a time ask `lazyListOf` first and stream the items
 * from the source without ever holding the whole array.
 */

/** The items of a lazy list, built one at a time. */
export interface LazyList<T = unknown> {
  readonly length: number;
  /** Item `k` (0 ≤ k < length), a fresh value on every call. */
  item(k: number): T;
}

const SOURCES = new WeakMap<object, Map<string, LazyList>>();

/**
 * Define `obj[key]` as an enumerable, lazily built array of `list.length` items (see the module
 * comment). Returns `obj`.
 */
export function defineLazyList<O extends object, T>(obj: O, key: string, list: LazyList<T>): O {
  let byKey = SOURCES.get(obj);
  if (byKey === undefined) SOURCES.set(obj, (byKey = new Map<string, LazyList>()));
  byKey.set(key, list);
  Object.defineProperty(obj, key, {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const arr = new Array<T>(list.length);
      for (let k = 0; k < arr.length; k++) arr[k] = list.item(k);
      SOURCES.get(this)?.delete(key);
      Object.defineProperty(this, key, {
        value: arr,
        enumerable: true,
        configurable: true,
        writable: true,
      });
      return arr;
    },
    set(this: object, value: unknown) {
      SOURCES.get(this)?.delete(key);
      Object.defineProperty(this, key, {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    },
  });
  return obj;
}

/** The source of `obj[key]` while it is still an unbuilt lazy list, else `undefined`. */
export function lazyListOf(obj: object, key: string): LazyList | undefined {
  return SOURCES.get(obj)?.get(key);
}

/**
 * Copy `from[key]` onto `to` without building it: a still-lazy list stays lazy on `to` (same
 * source), anything else is copied as a value.
 */
export function copyProperty(from: object, to: object, key: string): void {
  const list = lazyListOf(from, key);
  if (list !== undefined) defineLazyList(to, key, list);
  else (to as Record<string, unknown>)[key] = (from as Record<string, unknown>)[key];
}

/** A shallow copy of `obj` (own enumerable keys, in order) that keeps lazy lists lazy. */
export function copyLazyAware<T extends object>(obj: T): T {
  const out = {} as T;
  for (const key of Object.keys(obj)) copyProperty(obj, out, key);
  return out;
}

/** The length of list `obj[key]` without building it (0 when it is not a list). */
export function listLength(obj: object, key: string): number {
  const lazy = lazyListOf(obj, key);
  if (lazy !== undefined) return lazy.length;
  const v = (obj as Record<string, unknown>)[key];
  return Array.isArray(v) ? v.length : 0;
}

/**
 * Items `start` (inclusive) to `end` (exclusive) of list `obj[key]`, as `Array.prototype.slice`
 * takes them, without building the rest of a still-lazy list (a report showing its first rows).
 */
export function listSlice<T = unknown>(obj: object, key: string, start: number, end: number): T[] {
  const lazy = lazyListOf(obj, key);
  if (lazy === undefined) {
    const v = (obj as Record<string, unknown>)[key];
    return Array.isArray(v) ? (v.slice(start, end) as T[]) : [];
  }
  const n = lazy.length;
  const clamp = (x: number) => (x < 0 ? Math.max(0, n + x) : Math.min(n, x));
  const from = clamp(Math.trunc(start) || 0);
  const to = clamp(Math.trunc(end) || 0);
  const out: T[] = [];
  for (let k = from; k < to; k++) out.push(lazy.item(k) as T);
  return out;
}
