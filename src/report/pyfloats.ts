/**
 * Marks the report's float-typed numbers so `stringifyPyJson` writes them as Python floats
 * (`1.0`, not `1`), the way the reference's JSON report has them. Scores, timestamps, rates,
 * weights and contributions are floats in the reference; counts (`value_matches`, `gaps`, …)
 * are ints; event values keep whatever kind they were read with. Used only for serialisation:
 * `toJsonReport` keeps plain numbers.
 */
import { boxFloat, orderedEntries, withKeyOrder } from '../py/value.js';

/** Integer-valued detail keys of the built-in metrics; every other number in their details is a float. */
const INT_KEYS = new Set([
  'value_matches',
  'total_pairs',
  'gt_event_count',
  'pred_event_count',
  'gaps',
  'within_tolerance',
]);
/** Event-tuple lists inside details (`[channel, timestamp, value]`). */
const TUPLE_LIST_KEYS = new Set(['aligned_gt', 'aligned_pred']);
const BUILT_IN = new Set(['discrete', 'timing', 'structure', 'continuous']);

const float = (v: unknown): unknown => (typeof v === 'number' ? boxFloat(v) : v);

/** A copy of a plain object with `fn` applied to each value, keeping the (Python) key order. */
function mapObject(obj: unknown, fn: (key: string, value: unknown) => unknown): unknown {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return obj;
  const entries = orderedEntries(obj);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = fn(k, v);
  return withKeyOrder(
    out,
    entries.map(([k]) => k),
  );
}

/** `[channel, timestamp, value]` with the timestamp as a float. */
function tuple(t: unknown): unknown {
  if (!Array.isArray(t) || t.length !== 3) return t;
  return [t[0], float(t[1]), t[2]];
}

/** `{channel, timestamp, value}` with the timestamp as a float. */
function side(s: unknown): unknown {
  return mapObject(s, (k, v) => (k === 'timestamp' ? float(v) : v));
}

/** Details of a built-in metric: numbers are floats except the counts; event tuples get float timestamps. */
function details(d: unknown): unknown {
  return mapObject(d, (k, v) => {
    if (INT_KEYS.has(k)) return v;
    if (TUPLE_LIST_KEYS.has(k) && Array.isArray(v)) return v.map(tuple);
    if (k === 'per_channel') return mapObject(v, (_ch, info) => details(info));
    if (typeof v === 'number') return float(v);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return details(v);
    return v;
  });
}

/** The JSON report with its float fields boxed (see the module comment). */
export function withPythonFloats(report: object): unknown {
  return mapObject(report, (key, value) => {
    switch (key) {
      case 'full_score':
        return float(value);
      case 'metrics':
        return mapObject(value, (name, m) =>
          mapObject(m, (k, v) => {
            if (k === 'score') return float(v);
            if (k === 'details' && BUILT_IN.has(name)) return details(v);
            return v;
          }),
        );
      case 'alignment':
        return Array.isArray(value)
          ? value.map((pair: unknown) => (Array.isArray(pair) ? pair.map(tuple) : pair))
          : value;
      case 'alignment_rows':
        return Array.isArray(value)
          ? value.map((row: unknown) =>
              mapObject(row, (k, v) =>
                k === 'gt' || k === 'pred'
                  ? side(v)
                  : k === 'within_tolerance'
                    ? mapObject(v, (_n, x) => float(x))
                    : v,
              ),
            )
          : value;
      case 'aggregation':
        return mapObject(value, (k, v) =>
          k === 'weights' || k === 'contributions' ? mapObject(v, (_n, w) => float(w)) : v,
        );
      case 'candidate_full_scores':
        return Array.isArray(value) ? value.map(float) : value;
      default:
        return value;
    }
  });
}
