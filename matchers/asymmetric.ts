import { brandClass } from '../src/brand.js';
import type { EvaluationResult } from '../src/evaluate/types.js';
import { differingRowsBrief, verdictText, type PassRule } from './message.js';

/** What one `asymmetricMatch` call of `expect.traceMatching` found. */
export type TraceMatchingOutcome =
  | { readonly result: EvaluationResult; readonly rule: PassRule; readonly pass: boolean }
  | { readonly problem: string };

/** Differing rows shown in the printed form of a failed `expect.traceMatching`. */
export const ASYMMETRIC_ROWS = 3;

/**
 * `expect.traceMatching(golden, config?)` as the hosts print it. `expect.extend` already makes
 * every matcher an asymmetric matcher, but prints its arguments raw (Jest: `[object Object]`
 * per event; Vitest: the whole golden). Wrapping the arguments in one object with a text form
 * gives `traceMatching<golden: 9 events>` in both, without touching the matching logic; once the
 * matcher has compared a trace (inside `toEqual`, `toHaveBeenCalledWith`, …) the text form adds
 * the score, the verdict and the first differing rows, so a failed call shows what differs.
 */
export class TraceMatchingArgs {
  /** How many values were compared with these arguments. */
  private compared = 0;
  /** The best-scoring evaluated comparison (what the printed form describes). */
  private best: Extract<TraceMatchingOutcome, { result: unknown }> | undefined;
  /** Why the last value that could not be evaluated did not match. */
  private problem: string | undefined;

  constructor(
    readonly golden: unknown,
    readonly config: unknown,
  ) {}

  /** Called by the matcher after each comparison (a mock's calls are compared one by one). */
  remember(outcome: TraceMatchingOutcome): void {
    this.compared++;
    if ('problem' in outcome) this.problem = outcome.problem;
    else if (this.best === undefined || outcome.result.full_score > this.best.result.full_score)
      this.best = outcome;
  }

  /** What the comparisons found: nothing before the first one; the best-scoring trace after several. */
  private findings(): string[] {
    const best = this.best;
    if (best === undefined)
      return this.problem === undefined ? [] : [`  the received value is ${this.problem}`];
    const which = this.compared === 1 ? '' : `best of ${this.compared} compared values: `;
    return [
      `  ${which}${verdictText(best.result, best.rule)}`,
      ...differingRowsBrief(best.result, ASYMMETRIC_ROWS).map((r) => `  ${r}`),
    ];
  }

  private describe(): string {
    const g = this.golden;
    const count = (t: unknown): string => {
      if (typeof t === 'string') return t;
      const events = Array.isArray(t) ? t : (t as { events?: unknown } | null)?.events;
      return Array.isArray(events) ? `${events.length} events` : typeof t;
    };
    const what =
      Array.isArray(g) &&
      g.length > 0 &&
      g.every(
        (x) =>
          typeof x === 'string' ||
          Array.isArray(x) ||
          (typeof x === 'object' && x !== null && 'events' in x),
      )
        ? `best of ${g.length} goldens`
        : `golden: ${count(g)}`;
    const head = this.config === undefined ? what : `${what}, with config`;
    return [head, ...this.findings()].join('\n');
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
    typeof original === 'function'
      ? (golden: unknown, config?: unknown) =>
          (original as Factory)(new TraceMatchingArgs(golden, config))
      : undefined;
  const positive = wrap(e.traceMatching);
  if (positive) e.traceMatching = positive;
  const negative = wrap(e.not?.traceMatching);
  if (negative && e.not) e.not.traceMatching = negative;
}
