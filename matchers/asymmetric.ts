import { brandClass } from '../src/brand.js';

/**
 * `expect.traceMatching(golden, config?)` as the hosts print it. `expect.extend` already makes
 * every matcher an asymmetric matcher, but prints its arguments raw (Jest: `[object Object]`
 * per event; Vitest: the whole golden). Wrapping the arguments in one object with a short text
 * form gives `traceMatching<golden: 9 events>` in both, without touching the matching logic.
 */
export class TraceMatchingArgs {
  constructor(
    readonly golden: unknown,
    readonly config: unknown,
  ) {}

  private describe(): string {
    const g = this.golden;
    const count = (t: unknown): string => {
      if (typeof t === 'string') return t;
      const events = Array.isArray(t) ? t : (t as { events?: unknown } | null)?.events;
      return Array.isArray(events) ? `${events.length} events` : typeof t;
    };
    const what =
      Array.isArray(g) && g.length > 0 && g.every((x) => typeof x === 'string' || Array.isArray(x) || (typeof x === 'object' && x !== null && 'events' in x))
        ? `best of ${g.length} goldens`
        : `golden: ${count(g)}`;
    return this.config === undefined ? what : `${what}, with config`;
  }

  /** Jest prints asymmetric samples with `String()`. */
  toString(): string {
    return this.describe();
  }

  /** Vitest prints them with pretty-format, which calls `toJSON`. */
  toJSON(): string {
    return this.describe();
  }
}
// The ESM and CJS builds of the jest entry may both be loaded: test identity by brand.
brandClass(TraceMatchingArgs, 'TraceMatchingArgs');

type Factory = (...sample: unknown[]) => unknown;

interface ExpectWithAsymmetric {
  traceMatching?: unknown;
  not?: { traceMatching?: unknown };
}

/** After `expect.extend(matchers)`: wrap `expect.traceMatching` and `expect.not.traceMatching`. */
export function installTraceMatching(expect: object): void {
  const e = expect as ExpectWithAsymmetric;
  const wrap = (original: unknown): Factory | undefined =>
    typeof original === 'function' ? (golden: unknown, config?: unknown) => (original as Factory)(new TraceMatchingArgs(golden, config)) : undefined;
  const positive = wrap(e.traceMatching);
  if (positive) e.traceMatching = positive;
  const negative = wrap(e.not?.traceMatching);
  if (negative && e.not) e.not.traceMatching = negative;
}
