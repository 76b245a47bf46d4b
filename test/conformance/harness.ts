/**
 * Conformance harness over the vendored corpus in `test/conformance/cases/` (its README §1–§3):
 * runs each case through envtrace's public API and compares with what the Python reference
 * produced. Floats within 1e-9 relative, NaN == NaN, `debug` ignored, `fragile_paths` accept
 * either boolean.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EnvTraceError,
  ReferenceRaise,
  TraceError,
  evaluate,
  evaluateBestOf,
  loadConfigSync,
  type EvaluateOptions,
  type Mode,
  type TraceEvent,
  Trace,
} from '../../src/index.js';
import {
  DifflibAligner,
  ComparatorSet,
  compareAlignment,
  continuousProfile,
  discreteMetric,
  internKeys,
  structureMetric,
  timingMetric,
  DEFAULT_TIMING,
} from '../../src/engine.js';
// The reference's load_trace is the envtrace format's reader (no format detection).
import { parseEnvtrace } from '../../src/trace/parse.js';
import { decodeNonFinite, parsePyJson, stringifyPyJson } from '../../src/py/json.js';
import {
  PyFloat,
  isPyNumber,
  toDouble,
  isPlainObject,
  orderedKeys,
  withKeyOrder,
} from '../../src/py/value.js';
import { policyFor } from '../../src/policy/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The vendored conformance corpus (165 case files + index.json); refreshed by `npm run corpus:sync`. */
export const CORPUS_DIR = path.resolve(here, 'cases');

export interface CaseIndexEntry {
  id: string;
  file: string;
  kind: 'evaluate' | 'evaluate_config' | 'best_of' | 'align_only' | 'trace_ops' | 'metric';
  tags: string[];
  description: string;
  error: boolean;
}

export interface Case {
  id: string;
  kind: CaseIndexEntry['kind'];
  tags: string[];
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  fragile_paths?: string[];
}

export function loadIndex(): CaseIndexEntry[] {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, 'index.json'), 'utf8')) as CaseIndexEntry[];
}

/**
 * Read a case. Reference mode keeps Python's int/float distinction and big integers from the JSON
 * text; default mode reads it the way a JavaScript user's JSON.parse would.
 */
export function loadCase(entry: CaseIndexEntry, mode: Mode = 'reference'): Case {
  const text = readFileSync(path.join(CORPUS_DIR, entry.file), 'utf8');
  const doc = parsePyJson(text, { preserveNumberKinds: mode === 'reference' }) as Record<
    string,
    unknown
  >;
  const pointers = (doc['nonfinite_paths'] as string[] | undefined) ?? [];
  decodeNonFinite(doc, pointers);
  return doc as unknown as Case;
}

// ---------------------------------------------------------------------------------------------
// Running a case

export type Obj = Record<string, unknown>;

/** Config numbers as plain JS numbers (a config is not event data: its int/float kinds do not matter), key order kept. */
function unbox(v: unknown): unknown {
  if (v instanceof PyFloat) return v.value;
  if (Array.isArray(v)) return v.map(unbox);
  if (isPlainObject(v)) {
    const keys = orderedKeys(v);
    const out: Obj = {};
    for (const k of keys) out[k] = unbox(v[k]);
    return withKeyOrder(out, keys);
  }
  return v;
}

/** The generator's mapping of a canonical config (+ api flags) onto the API — here, options. */
export function optionsOf(input: Obj, mode: Mode): EvaluateOptions {
  const config = (unbox(input['config']) as Obj | undefined) ?? {};
  const api = (input['api'] as Obj | undefined) ?? {};
  const opts: Obj = pinDifflib({ ...config, mode });
  if (api['use_continuous'] !== undefined) opts['use_continuous'] = api['use_continuous'];
  return opts;
}

/**
 * The corpus was produced with difflib (the reference's only aligner). The default mode aligns with
 * `behavior` unless told otherwise (fix A1); pin difflib where a case names no aligner, so the
 * documented deviations keep meaning the scoring fixes, not a different pairing.
 */
function pinDifflib<T extends Obj>(opts: T): T {
  return opts['aligner'] === undefined ? { ...opts, aligner: 'difflib' } : opts;
}

function reportOf(r: ReturnType<typeof evaluate>): Obj {
  const out: Obj = {
    full_score: r.full_score,
    accuracy: r.accuracy,
    metrics: Object.fromEntries(
      Object.entries(r.metrics).map(([k, m]) => [
        k,
        { score: m.score, binary_pass: m.binary_pass, details: m.details },
      ]),
    ),
    alignment: r.alignment,
    alignment_rows: r.alignment_rows,
    aggregation: r.aggregation,
    decision: r.decision,
    alignment_index: r.alignment_index,
  };
  if (r.best_index !== undefined) out['best_index'] = r.best_index;
  return out;
}

function eventOf(x: unknown): TraceEvent | null {
  if (x === null) return null;
  const o = x as Obj;
  return {
    channel: String(o['channel']),
    timestamp: toDouble(o['timestamp'] as number),
    value: o['value'] === undefined ? null : o['value'],
  };
}

function runMetric(input: Obj, mode: Mode): Obj {
  const metric = input['metric'] as string;
  const pairs = ((input['pairs'] as unknown[][] | undefined) ?? []).map(
    ([g, p]) => [eventOf(g), eventOf(p)] as const,
  );
  const cmp = ComparatorSet.fromOptions(
    {
      ...(input['comparator'] ? { default: unbox(input['comparator']) as never } : {}),
      ...(input['comparators_by_channel']
        ? { by_channel: unbox(input['comparators_by_channel']) as never }
        : {}),
    },
    policyFor(mode),
  );
  const ignore = new Set((input['ignore_channels'] as string[] | undefined) ?? []);
  const verdicts = compareAlignment(pairs, cmp, policyFor(mode), ignore);
  let r;
  if (metric === 'discrete') r = discreteMetric(verdicts);
  else if (metric === 'structure') r = structureMetric(verdicts);
  else if (metric === 'timing')
    r = timingMetric(
      verdicts,
      { ...DEFAULT_TIMING, ...((unbox(input['timing']) as Obj | undefined) ?? {}) },
      policyFor(mode),
    );
  else if (metric === 'continuous') {
    const g = (input['gt_series'] as unknown[][]).map((p) => toDouble(p[1] as number));
    const p = (input['pred_series'] as unknown[][]).map((q) => toDouble(q[1] as number));
    r = continuousProfile(
      g,
      p,
      {
        mae_scale: 15,
        final_scale: 15,
        mae_thresh: 5,
        final_thresh: 5,
        ...((unbox(input['params']) as Obj | undefined) ?? {}),
      } as never,
      policyFor(mode),
    );
  } else throw new Error(`unknown metric ${metric}`);
  return { name: r.name, score: r.score, binary_pass: r.binary_pass, details: r.details };
}

function runTraceOps(input: Obj, mode: Mode): Obj {
  let t: Trace = parseEnvtrace(input['raw'] ?? input['trace'], { mode });
  const steps: unknown[] = [];
  for (const op of (input['ops'] as Obj[] | undefined) ?? []) {
    switch (op['op']) {
      case 'sort_by_time':
        t = t.sortByTime();
        break;
      case 'zero_time':
        t = t.zeroTime({
          ...(op['zero_at'] !== undefined && op['zero_at'] !== null
            ? { zeroAt: toDouble(op['zero_at'] as number) }
            : {}),
          mode,
        });
        break;
      case 'filter_by_channels':
        t = t.filterByChannels(op['channels'] as string[]);
        break;
      case 'filter_by_time_window':
        t = t.filterByTimeWindow(
          op['start'] as number | undefined,
          op['end'] as number | undefined,
        );
        break;
      case 'canonicalize':
        t = t.canonicalize(op['alias_map'] as Record<string, string>);
        break;
      case 'deduplicate':
        t = t.deduplicate(
          op['coalesce_window'] === undefined || op['coalesce_window'] === null
            ? undefined
            : toDouble(op['coalesce_window'] as number),
        );
        break;
      default:
        throw new Error(`unknown op ${String(op['op'])}`);
    }
    steps.push(t.toJSON().events);
  }
  return { result: t.toJSON(), steps };
}

function runAlignOnly(input: Obj): Obj {
  const gt = ((input['gt'] as Obj)['events'] as Obj[]).map((e) => String(e['channel']));
  const pred = ((input['pred'] as Obj)['events'] as Obj[]).map((e) => String(e['channel']));
  const keys = internKeys(gt, pred);
  const pairs = new DifflibAligner().align(keys.gt, keys.pred, { channelNames: keys.channelNames });
  const gtEv = (input['gt'] as Obj)['events'] as Obj[];
  const prEv = (input['pred'] as Obj)['events'] as Obj[];
  const tup = (e: Obj | undefined) =>
    e === undefined
      ? null
      : [
          String(e['channel']),
          toDouble(e['timestamp'] as number),
          e['value'] === undefined ? null : e['value'],
        ];
  return {
    alignment: pairs.map((p) => [
      p.gt === null ? null : tup(gtEv[p.gt]),
      p.pred === null ? null : tup(prEv[p.pred]),
    ]),
    alignment_index: pairs.map((p) => [p.gt, p.pred]),
  };
}

function runEvaluateConfig(input: Obj, mode: Mode): Obj {
  const format = input['config_format'] as 'json' | 'yaml';
  const text = (input['config_text'] as string | undefined) ?? stringifyPyJson(input['config']);
  const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-conf-'));
  try {
    const file = path.join(dir, format === 'yaml' ? 'config.yaml' : 'config.json');
    writeFileSync(file, text);
    const opts = loadConfigSync(file, { mode });
    return reportOf(
      evaluate(input['gt'] as never, input['pred'] as never, pinDifflib(opts as Obj)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Outcome = { ok: true; value: Obj } | { ok: false; error: unknown };

export function runCase(c: Case, mode: Mode): Outcome {
  try {
    const input = c.input;
    switch (c.kind) {
      case 'evaluate':
        return {
          ok: true,
          value: reportOf(
            evaluate(input['gt'] as never, input['pred'] as never, optionsOf(input, mode)),
          ),
        };
      case 'best_of':
        return {
          ok: true,
          value: reportOf(
            evaluateBestOf(input['gts'] as never, input['pred'] as never, optionsOf(input, mode)),
          ),
        };
      case 'evaluate_config':
        return { ok: true, value: runEvaluateConfig(input, mode) };
      case 'align_only':
        return { ok: true, value: runAlignOnly(input) };
      case 'trace_ops':
        return { ok: true, value: runTraceOps(input, mode) };
      case 'metric':
        return { ok: true, value: runMetric(input, mode) };
    }
  } catch (error) {
    return { ok: false, error };
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing

export function pyErrorType(e: unknown): string | undefined {
  if (e instanceof ReferenceRaise) return e.pyType;
  if (e instanceof TraceError) return e.pyType;
  return undefined;
}

function num(v: unknown): number | undefined {
  if (v instanceof PyFloat) return v.value;
  if (isPyNumber(v)) return toDouble(v);
  return undefined;
}

/** Differences between expected and actual (empty = equal), as `pointer: message` lines. */
export function diff(
  expected: unknown,
  actual: unknown,
  pointer = '',
  fragile: ReadonlySet<string> = new Set(),
  out: string[] = [],
): string[] {
  if (out.length > 20) return out;
  if (fragile.has(pointer)) return out;
  const en = num(expected);
  if (en !== undefined) {
    const an = num(actual);
    if (an === undefined) out.push(`${pointer}: expected number ${en}, got ${String(actual)}`);
    else if (
      !(Number.isNaN(en) && Number.isNaN(an)) &&
      !(en === an) &&
      !(Math.abs(en - an) <= 1e-9 * Math.max(1, Math.abs(en), Math.abs(an)))
    ) {
      out.push(`${pointer}: expected ${en}, got ${an}`);
    }
    return out;
  }
  if (expected === null || typeof expected !== 'object') {
    if (expected !== actual)
      out.push(
        `${pointer}: expected ${JSON.stringify(expected)}, got ${typeof actual === 'object' ? JSON.stringify(actual, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) : String(actual)}`,
      );
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push(`${pointer}: expected an array, got ${typeof actual}`);
      return out;
    }
    if (expected.length !== actual.length)
      out.push(`${pointer}: expected length ${expected.length}, got ${actual.length}`);
    for (let i = 0; i < Math.min(expected.length, actual.length); i++)
      diff(expected[i], actual[i], `${pointer}/${i}`, fragile, out);
    return out;
  }
  if (!isPlainObject(actual)) {
    out.push(`${pointer}: expected an object, got ${String(actual)}`);
    return out;
  }
  const ek = Object.keys(expected).sort();
  const ak = Object.keys(actual).sort();
  if (ek.join('\u0000') !== ak.join('\u0000'))
    out.push(`${pointer}: keys differ: expected [${ek}], got [${ak}]`);
  for (const k of ek)
    if (k in actual)
      diff(
        (expected as Obj)[k],
        actual[k],
        `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        fragile,
        out,
      );
  return out;
}

/** Compare a case's outcome with its expected value: the list of differences (empty = conforms). */
export function check(c: Case, outcome: Outcome): string[] {
  const expected = { ...c.expected };
  delete expected['debug'];
  if ('error' in expected) {
    const want = (expected['error'] as Obj)['type'] as string;
    if (outcome.ok) return [`expected the reference's ${want}, got a result`];
    const got = pyErrorType(outcome.error);
    if (got !== want)
      return [
        `expected ${want}, got ${outcome.error instanceof Error ? `${outcome.error.name}: ${outcome.error.message}` : String(outcome.error)}`,
      ];
    return [];
  }
  if (!outcome.ok) {
    const e = outcome.error;
    if (e instanceof EnvTraceError) return [`raised ${e.name}: ${e.message}`];
    throw e;
  }
  const fragile = new Set((c.fragile_paths ?? []).map((p) => p.replace(/^\/expected/, '')));
  if (c.kind === 'align_only') {
    return diff(
      { alignment: expected['alignment'], alignment_index: expected['alignment_index'] },
      outcome.value,
      '',
      fragile,
    );
  }
  return diff(expected, outcome.value, '', fragile);
}
