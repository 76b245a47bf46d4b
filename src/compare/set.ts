import { ConfigError } from '../errors.js';
import { DEFAULT_POLICY, type ScoringPolicy } from '../policy/index.js';
import { DEFAULT_TOL, toleranceComparator } from './comparators.js';
import { comparatorPlugin, comparatorTypesText } from './registry.js';
import type { Comparator, ComparatorInput, ComparatorSpec } from './types.js';

/**
 * Turn a comparator as written in options (a registered spec, a `Comparator` object, a function)
 * into a `Comparator`. Specs are expected validated (`validateOptions`); an unknown type is a
 * `ConfigError`.
 */
export function createComparator(
  input: ComparatorInput | undefined,
  policy: ScoringPolicy = DEFAULT_POLICY,
  absTolDefault?: number,
): Comparator {
  if (input === undefined) return defaultComparator(policy, absTolDefault);
  if (typeof input === 'function') {
    const fn = input;
    return { name: fn.name || 'custom', compare: (a, b, ch) => Boolean(fn(a, b, ch)) };
  }
  if ('compare' in input && typeof input.compare === 'function') return input;
  const type = (input as { type?: unknown }).type;
  const plugin = typeof type === 'string' ? comparatorPlugin(type) : undefined;
  if (!plugin)
    throw new ConfigError(
      `unknown comparator type ${JSON.stringify(type)} (expected ${comparatorTypesText()})`,
    );
  return plugin.create({ ...(input as ComparatorSpec), type: plugin.name } as never, {
    policy,
    absTolDefault,
  });
}

/**
 * The default comparator of a policy and `abs_tol`, made once: comparators hold no state, and
 * evaluations that share one also share its functions — the JIT's compiled aligners and metrics
 * call them directly and must start over whenever a new function takes their place.
 */
const defaults = new WeakMap<ScoringPolicy, Map<number | undefined, Comparator>>();
function defaultComparator(policy: ScoringPolicy, absTol: number | undefined): Comparator {
  let byTol = defaults.get(policy);
  if (byTol === undefined)
    defaults.set(policy, (byTol = new Map<number | undefined, Comparator>()));
  let c = byTol.get(absTol);
  if (c === undefined) {
    c = Object.freeze(toleranceComparator(policy, DEFAULT_TOL, absTol)); // shared: nobody may change it
    if (byTol.size < 64) byTol.set(absTol, c);
  }
  return c;
}

/** The comparators of one evaluation: a default plus per-channel overrides (keyed by canonical channel). */
export class ComparatorSet {
  readonly fallback: Comparator;
  /** Whether `fallback` is the built-in default (no `comparators.default` was given). */
  readonly fallbackBuiltIn: boolean;
  private readonly byChannel: ReadonlyMap<string, Comparator>;

  constructor(
    fallback: Comparator,
    byChannel: ReadonlyMap<string, Comparator> = new Map(),
    fallbackBuiltIn = false,
  ) {
    this.fallback = fallback;
    this.byChannel = byChannel;
    this.fallbackBuiltIn = fallbackBuiltIn;
  }

  /** Whether a channel has a comparator of its own (`comparators.by_channel`). */
  hasOwn(channel: string): boolean {
    return this.byChannel.has(channel);
  }

  /** Build the set from the options' `comparators` section under a mode's policy. */
  static fromOptions(
    comparators:
      | { default?: ComparatorInput; by_channel?: Readonly<Record<string, ComparatorInput>> }
      | undefined,
    policy: ScoringPolicy = DEFAULT_POLICY,
    absTol?: number,
  ): ComparatorSet {
    const fallback = createComparator(comparators?.default, policy, absTol);
    const map = new Map<string, Comparator>();
    for (const [ch, spec] of Object.entries(comparators?.by_channel ?? {}))
      map.set(ch, createComparator(spec, policy, absTol));
    return new ComparatorSet(fallback, map, comparators?.default === undefined);
  }

  /** The comparator for a channel (the reference looks it up with the gt event's channel). */
  for(channel: string): Comparator {
    // Called once per aligned pair: with no per-channel comparators there is nothing to look up.
    if (this.byChannel.size === 0) return this.fallback;
    return this.byChannel.get(channel) ?? this.fallback;
  }
}
