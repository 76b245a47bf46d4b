/**
 * Reference mode reads its input like the Python reference's `build_from_config`
 * (envtrace/io/config_loader.py), coercion for coercion (README Q19, bug B6):
 *
 * - a falsy comparator spec (`null`, `{}`, `0`, `""`) → numeric_tolerance 1e-3; `type` is
 *   lower-cased (missing → numeric_tolerance); `exact|equals|eq` → exact,
 *   `numeric_tolerance|tolerance|tol` → numeric_tolerance with `float(tol)` (default 1e-3),
 *   `always_true|any|ignore` → always_true, any other name → numeric_tolerance 1e-3 (its tol
 *   ignored);
 * - timing thresholds, weights and continuous-channel parameters go through `float()`
 *   (strings accepted, `ReferenceRaise` where Python raises);
 * - `aggregation.weights` that is not a mapping → built-in weights; `{}` likewise;
 * - `required_metrics`: `x or []`, iterated (a string per character, a mapping by key), only
 *   string items kept; `ignore_channels`: `set(x or [])` (a string → its characters);
 * - `include_structure` / `require_discrete_exact` by Python truthiness (`"false"` is true);
 * - `timing_metric_name` through `str()`;
 * - `continuous_channels: {}`/null → none; `use_continuous = bool(continuous_channels)`;
 * - unknown keys ignored (envtrace's `time_unit` label is kept and checked);
 *
 * A config document (`source: "document"`) is read exactly so (the `aligner` key is ignored:
 * difflib is the reference's only aligner). An options object (`source: "options"`) gets the same
 * coercions, while envtrace's own keys and registered comparator types keep their meaning.
 *
 * Where the reference would fail with an `AttributeError` (a list where a mapping is needed)
 * or would need a value envtrace cannot represent (a non-string channel), this throws a
 * `ConfigError` naming the path instead. Continuous parameters are converted last (after
 * aggregation and decision), to keep the order of the reference's own `float()` failures.
 */

import { comparatorPlugin } from '../compare/registry.js';
import type { ComparatorInput, ComparatorSpec } from '../compare/types.js';
import { ConfigError, inputPath, ReferenceRaise } from '../errors.js';
import type { ContinuousChannelSpec, TimingThresholds } from '../metrics/index.js';
import { pyBool, pyFloat } from '../py/float.js';
import { pyStr } from '../py/str.js';
import { isPlainObject, orderedKeys, pyKind, pyTypeName, withKeyOrder } from '../py/value.js';
import type { EvaluateOptions } from './types.js';

type Dict = Record<string, unknown>;
type Path = readonly PropertyKey[];

const TIMING_KEYS = [
  'r2_thresh',
  'slope_lo',
  'slope_hi',
  'dur_tol',
  'mape_tol',
] as const satisfies readonly (keyof TimingThresholds)[];
const CONTINUOUS_KEYS = [
  'mae_scale',
  'final_scale',
  'mae_thresh',
  'final_thresh',
  'weight',
] as const satisfies readonly (keyof ContinuousChannelSpec)[];

// The reference's own comparator names (its `_make_comparator`), deliberately not the registry:
// envtrace's types and aliases may grow, the reference's vocabulary does not.
const EXACT_NAMES = new Set(['exact', 'equals', 'eq']);
const NUMERIC_NAMES = new Set(['numeric_tolerance', 'tolerance', 'tol']);
const ALWAYS_NAMES = new Set(['always_true', 'any', 'ignore']);

/** How a reference-mode input is read. */
export interface CoerceOptions {
  /** File name shown in error messages. */
  readonly file?: string | undefined;
  /**
   * `"document"`: a config file, read exactly like `build_from_config` (only the reference's keys
   * and comparator types). `"options"`: an options object; envtrace's own keys and registered
   * types keep their meaning, user implementations pass through.
   */
  readonly source: 'document' | 'options';
  /** The keys of a mapping that were not strings in the source (YAML), never channel names. */
  readonly nonStringKeys?: ((obj: object) => ReadonlySet<string>) | undefined;
}

const NO_KEYS: ReadonlySet<string> = new Set();

class Coercer {
  private readonly file: string | undefined;
  private readonly options: boolean;
  private readonly nonStringKeys: (obj: object) => ReadonlySet<string>;

  constructor(opts: CoerceOptions) {
    this.file = opts.file;
    this.options = opts.source === 'options';
    this.nonStringKeys = opts.nonStringKeys ?? (() => NO_KEYS);
  }

  /** A `ConfigError` at `path`. */
  fail(path: Path, message: string): never {
    throw new ConfigError(message, {
      file: this.file,
      path: inputPath(path),
    });
  }

  /** `x.get(...)`/`x.items()` on a value that is not a dict: the reference's AttributeError. */
  dict(value: unknown, path: Path, method = 'get'): Dict {
    if (isPlainObject(value)) return value;
    return this.fail(
      path,
      `expected a mapping, received ${pyTypeName(value)} (the reference fails with AttributeError: '${pyTypeName(value)}' object has no attribute '${method}')`,
    );
  }

  /** Python `float(v)`; its `ReferenceRaise` keeps Python's exact message. */
  float(value: unknown): number {
    return pyFloat(value);
  }

  /** Python iteration of a config value (`set(x)`, `for x in …`): items, characters, or keys. */
  iterate(value: unknown): unknown[] {
    switch (pyKind(value)) {
      case 'str':
        return [...(value as string)];
      case 'list':
        return [...(value as unknown[])];
      case 'dict': {
        const skip = this.nonStringKeys(value as object);
        // A non-string key stays a non-string in Python: never a channel or metric name.
        return orderedKeys(value as object).map((k) => (skip.has(k) ? null : k));
      }
      default:
        throw new ReferenceRaise('TypeError', `'${pyTypeName(value)}' object is not iterable`);
    }
  }

  aliases(value: unknown, path: Path): Record<string, string> | undefined {
    if (!pyBool(value)) return undefined;
    const dict = this.dict(value, path);
    const skip = this.nonStringKeys(dict);
    const out: Record<string, string> = {};
    const order: string[] = [];
    for (const key of orderedKeys(dict)) {
      if (skip.has(key)) continue; // an int key never equals a (string) channel
      const target = dict[key];
      if (typeof target !== 'string') {
        this.fail(
          [...path, key],
          `an alias target must be a string (a channel name), received ${pyTypeName(target)}`,
        );
      }
      out[key] = target;
      order.push(key);
    }
    return order.length ? withKeyOrder(out, order) : undefined;
  }

  ignoreChannels(value: unknown): string[] | undefined {
    if (!pyBool(value)) return undefined;
    const out = new Set<string>();
    for (const item of this.iterate(value)) {
      const kind = pyKind(item);
      if (kind === 'list' || kind === 'dict')
        throw new ReferenceRaise('TypeError', `unhashable type: '${kind}'`);
      if (typeof item === 'string') out.add(item); // other hashables never match a channel
    }
    return out.size ? [...out] : undefined;
  }

  comparator(spec: unknown, path: Path): ComparatorInput {
    if (this.options && (typeof spec === 'function' || (isPlainObject(spec) && 'compare' in spec)))
      return spec as ComparatorInput;
    if (!pyBool(spec)) return { type: 'numeric_tolerance', tol: 1e-3 };
    const dict = this.dict(spec, path);
    const type = Object.prototype.hasOwnProperty.call(dict, 'type')
      ? dict['type']
      : 'numeric_tolerance';
    // str(type).lower(): only a string can spell one of the names.
    const name = typeof type === 'string' ? type.toLowerCase() : undefined;
    if (name !== undefined && EXACT_NAMES.has(name)) return { type: 'exact' };
    if (name !== undefined && NUMERIC_NAMES.has(name)) {
      const tol = Object.prototype.hasOwnProperty.call(dict, 'tol')
        ? this.float(dict['tol'])
        : 1e-3;
      const out: ComparatorSpec = { type: 'numeric_tolerance', tol };
      if (this.options && Object.prototype.hasOwnProperty.call(dict, 'abs_tol'))
        out.abs_tol = this.float(dict['abs_tol']);
      return out;
    }
    if (name !== undefined && ALWAYS_NAMES.has(name)) return { type: 'always_true' };
    // envtrace's own comparator types (options objects only): numbers through float(), the
    // plug-in's schema checks the rest.
    const plugin = this.options && name !== undefined ? comparatorPlugin(name) : undefined;
    if (plugin) {
      const out: Dict = { ...dict, type: plugin.name };
      for (const key of ['tol', 'abs_tol'])
        if (Object.prototype.hasOwnProperty.call(dict, key)) out[key] = this.float(dict[key]);
      return out as ComparatorSpec;
    }
    return { type: 'numeric_tolerance', tol: 1e-3 };
  }

  comparators(value: unknown, path: Path): NonNullable<EvaluateOptions['comparators']> {
    const section = pyBool(value) ? this.dict(value, path) : {};
    const out: { default: ComparatorInput; by_channel?: Record<string, ComparatorInput> } = {
      default: this.comparator(section['default'], [...path, 'default']),
    };
    const byChannel = section['by_channel'];
    if (pyBool(byChannel)) {
      const dict = this.dict(byChannel, [...path, 'by_channel'], 'items');
      const map: Record<string, ComparatorInput> = {};
      const keys = orderedKeys(dict);
      for (const key of keys) map[key] = this.comparator(dict[key], [...path, 'by_channel', key]);
      if (keys.length) out.by_channel = withKeyOrder(map, keys);
    }
    return out;
  }

  timing(value: unknown, path: Path): TimingThresholds | undefined {
    if (!pyBool(value)) return undefined;
    const dict = this.dict(value, path);
    const out: TimingThresholds = {};
    for (const key of TIMING_KEYS) {
      if (Object.prototype.hasOwnProperty.call(dict, key)) out[key] = this.float(dict[key]);
    }
    return out;
  }

  /** Validates the shape now; the numbers are converted by `continuousParams` at the end. */
  continuousShape(value: unknown, path: Path): Dict | undefined {
    if (!pyBool(value)) return undefined;
    const dict = this.dict(value, path, 'keys');
    const skip = this.nonStringKeys(dict);
    for (const key of orderedKeys(dict)) {
      if (skip.has(key))
        this.fail([...path, key], 'a continuous channel name must be a string (quote the key)');
    }
    return dict;
  }

  continuousParams(dict: Dict, path: Path): Record<string, ContinuousChannelSpec> {
    const out: Record<string, ContinuousChannelSpec> = {};
    const keys = orderedKeys(dict);
    for (const channel of keys) {
      const params = this.dict(dict[channel], [...path, channel]);
      const spec: ContinuousChannelSpec = {};
      for (const key of CONTINUOUS_KEYS) {
        if (Object.prototype.hasOwnProperty.call(params, key)) spec[key] = this.float(params[key]);
      }
      out[channel] = spec;
    }
    return withKeyOrder(out, keys);
  }

  aggregation(value: unknown, path: Path): EvaluateOptions['aggregation'] {
    if (!pyBool(value)) return undefined;
    const dict = this.dict(value, path);
    const formula = dict['formula'];
    if (this.options && formula !== undefined) {
      const weights = this.aggregation({ weights: dict['weights'] }, path)?.weights;
      return {
        formula: formula as NonNullable<EvaluateOptions['aggregation']>['formula'],
        ...(weights ? { weights } : {}),
      };
    }
    const weights = dict['weights'];
    if (!isPlainObject(weights)) return undefined; // not a dict → built-in weights
    const keys = orderedKeys(weights);
    if (!keys.length) return undefined; // {} → built-in weights (README Q15)
    const out: Record<string, number> = {};
    for (const key of keys) out[key] = this.float(weights[key]);
    return { weights: withKeyOrder(out, keys) };
  }

  decision(value: unknown, path: Path): EvaluateOptions['decision'] {
    if (!pyBool(value)) return undefined;
    const dict = this.dict(value, path);
    const has = (k: string) => Object.prototype.hasOwnProperty.call(dict, k);
    const requireDiscreteExact = has('require_discrete_exact')
      ? pyBool(dict['require_discrete_exact'])
      : true;
    const timingMetricName = has('timing_metric_name')
      ? this.str(dict['timing_metric_name'], [...path, 'timing_metric_name'])
      : 'timing';
    const required = dict['required_metrics'];
    const items = pyBool(required) ? this.iterate(required) : [];
    return {
      require_discrete_exact: requireDiscreteExact,
      timing_metric_name: timingMetricName,
      required_metrics: items.filter((x): x is string => typeof x === 'string'),
    };
  }

  str(value: unknown, path: Path): string {
    try {
      return pyStr(value);
    } catch {
      return this.fail(path, `cannot convert ${pyTypeName(value)} to a metric name`);
    }
  }
}

/**
 * Coerce a reference-mode input the way the reference's `build_from_config` does (see the module
 * comment) and return canonical options with `mode: "reference"` (not yet validated).
 *
 * @throws ConfigError where the reference fails with AttributeError or envtrace cannot
 *   represent the value; ReferenceRaise where the reference raises ValueError/TypeError.
 */
export function coerceReference(doc: unknown, opts: CoerceOptions): EvaluateOptions {
  const c = new Coercer(opts);
  const cfg = c.dict(doc, []);
  const has = (k: string) => Object.prototype.hasOwnProperty.call(cfg, k) && cfg[k] !== undefined;
  const out: EvaluateOptions = { mode: 'reference' };
  // Same order as build_from_config, so the first failing float() is the reference's.
  const aliases = c.aliases(cfg['aliases'], ['aliases']);
  if (aliases) out.aliases = aliases;
  const ignore = c.ignoreChannels(cfg['ignore_channels']);
  if (ignore) out.ignore_channels = ignore;
  out.comparators = c.comparators(cfg['comparators'], ['comparators']);
  const timing = c.timing(cfg['timing'], ['timing']);
  if (timing) out.timing = timing;
  const continuous = c.continuousShape(cfg['continuous_channels'], ['continuous_channels']);
  // The config loader derives use_continuous from the channels; an options object carries the API
  // flag itself (the aggregator adds the channels at evaluation time).
  if (opts.source === 'document') out.use_continuous = continuous !== undefined;
  else if (has('use_continuous')) out.use_continuous = pyBool(cfg['use_continuous']);
  out.include_structure = has('include_structure') ? pyBool(cfg['include_structure']) : true;
  const aggregation = c.aggregation(cfg['aggregation'], ['aggregation']);
  if (aggregation) out.aggregation = aggregation;
  const decision = c.decision(cfg['decision'], ['decision']);
  if (decision) out.decision = decision;
  if (continuous) out.continuous_channels = c.continuousParams(continuous, ['continuous_channels']);
  // A label only (reports, messages): kept from a document too, and checked by the schema.
  if (has('time_unit')) (out as Record<string, unknown>)['time_unit'] = cfg['time_unit'];
  if (opts.source === 'options') {
    // envtrace's own keys: numbers through float(), the rest checked by the schema.
    if (has('abs_tol')) out.abs_tol = c.float(cfg['abs_tol']);
    for (const key of ['aligner', 'metrics', 'continuous_metric'] as const)
      if (has(key)) (out as Record<string, unknown>)[key] = cfg[key];
  }
  return out;
}

/**
 * Reference mode accepts in an options object what the reference accepts in a config: a missing
 * comparator `type` (numeric_tolerance), alias type names, numbers given as strings, `null`
 * sections, truthy values for booleans, unknown keys (ignored). envtrace's own keys (`aligner`,
 * `abs_tol`, `deep` comparators, functions and user objects) keep their meaning.
 */
export function coerceReferenceOptions(
  input: Record<string, unknown>,
  file?: string,
): EvaluateOptions {
  return coerceReference(input, { file, source: 'options' });
}
