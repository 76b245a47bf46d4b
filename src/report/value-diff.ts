/**
 * Where two structured values differ: the first leaf (in the golden's key order, then the
 * predicted value's own keys) whose values are not the same, as a field path (`.data`,
 * `.position[1]`, `["frame id"]`), and how many leaves differ. What a report shows for a
 * mismatched ROS message or tool argument object instead of two renderings cut to a cell's width
 * (`{"data"…`), where the difference is lost.
 */

/** A side that has no value at a path (the key or index is only on the other side). */
export const ABSENT: unique symbol = Symbol('absent');

/** The first differing leaf of two values, and how many leaves differ (counted up to a cap). */
export interface ValueDifference {
  /** `.data`, `.position[1]`, `["frame id"]`: keys as given (escape before printing). */
  readonly path: string;
  readonly gt: unknown;
  readonly pred: unknown;
  /** Differing leaves in all, at most `DIFFERENCES_COUNTED` (then "at least"). */
  readonly count: number;
}

/** Differing leaves counted at most. */
export const DIFFERENCES_COUNTED = 1000;

/** Nodes walked at most: a large message costs this much, not its size. */
const NODE_BUDGET = 100_000;

/** Depth walked at most (values nest at most 256 levels: docs/limits.md). */
const MAX_DEPTH = 256;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function structured(v: unknown): boolean {
  return Array.isArray(v) || isPlainObject(v);
}

function sameLeaf(a: unknown, b: unknown): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * Where `gt` and `pred` differ, when both are arrays or plain objects and some leaf differs;
 * `undefined` otherwise (a scalar: its whole value is the difference, and the cell shows it).
 */
export function valueDifference(gt: unknown, pred: unknown): ValueDifference | undefined {
  if (!structured(gt) || !structured(pred)) return undefined;
  let first: { path: string; gt: unknown; pred: unknown } | undefined;
  let count = 0;
  let nodes = 0;
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (count >= DIFFERENCES_COUNTED || ++nodes > NODE_BUDGET) return;
    if (a !== ABSENT && b !== ABSENT && depth < MAX_DEPTH) {
      if (Array.isArray(a) && Array.isArray(b)) {
        const n = Math.max(a.length, b.length);
        for (let i = 0; i < n; i++)
          walk(
            i < a.length ? a[i] : ABSENT,
            i < b.length ? b[i] : ABSENT,
            `${path}[${i}]`,
            depth + 1,
          );
        return;
      }
      if (isPlainObject(a) && isPlainObject(b)) {
        const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
        const key = (k: string) => (IDENTIFIER.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);
        for (const k of Object.keys(a))
          walk(a[k], has(b, k) ? b[k] : ABSENT, `${path}${key(k)}`, depth + 1);
        for (const k of Object.keys(b))
          if (!has(a, k)) walk(ABSENT, b[k], `${path}${key(k)}`, depth + 1);
        return;
      }
    }
    if (sameLeaf(a, b)) return;
    count++;
    first ??= { path, gt: a, pred: b };
  };
  walk(gt, pred, '', 0);
  return first === undefined ? undefined : { ...first, count };
}
