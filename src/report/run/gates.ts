/**
 * CI gates over run statistics: `minMeanScore`, `minPassRate`, `minPassAtK` (with `k`).
 * A gate whose statistic is undefined (nothing measured) is missed, never silently passed.
 */
import type { GateConfig, GateResult, PassAtKEntry } from './schema.js';

/** The statistics a gate reads. */
export interface GateInputs {
  readonly meanScore: number | null;
  readonly passRate: number | null;
  readonly passAtK: readonly PassAtKEntry[];
}

/** Default k of `minPassAtK`. */
export const DEFAULT_GATE_K = 1;

function fmtScore(x: number): string {
  return x.toFixed(4);
}
function fmtPct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function line(
  gate: GateResult['gate'],
  label: string,
  actual: number | null,
  threshold: number,
  fmt: (x: number) => string,
  unit: (d: number) => string,
  undefinedWhy: string,
): Omit<GateResult, 'k'> {
  if (actual === null) {
    return {
      gate,
      threshold,
      actual: null,
      passed: false,
      message: `${gate} missed: ${label} is undefined (${undefinedWhy}); required ≥ ${fmt(threshold)}`,
    };
  }
  const passed = actual >= threshold;
  const message = passed
    ? `${gate} met: ${label} ${fmt(actual)} ≥ ${fmt(threshold)}`
    : `${gate} missed: ${label} ${fmt(actual)} < ${fmt(threshold)} (short by ${unit(threshold - actual)})`;
  return { gate, threshold, actual, passed, message };
}

/** Evaluate every configured gate, in the order minMeanScore, minPassRate, minPassAtK. */
export function evaluateGates(stats: GateInputs, config: GateConfig): GateResult[] {
  const out: GateResult[] = [];
  if (config.minMeanScore !== undefined) {
    out.push(
      line(
        'minMeanScore',
        'mean score',
        stats.meanScore,
        config.minMeanScore,
        fmtScore,
        fmtScore,
        'no scored sample',
      ),
    );
  }
  if (config.minPassRate !== undefined) {
    out.push(
      line(
        'minPassRate',
        'pass rate',
        stats.passRate,
        config.minPassRate,
        fmtPct,
        (d) => `${(d * 100).toFixed(1)} points`,
        'no sample',
      ),
    );
  }
  if (config.minPassAtK !== undefined) {
    const k = config.k ?? DEFAULT_GATE_K;
    const entry = stats.passAtK.find((e) => e.k === k);
    const actual = entry?.pass_at_k ?? null;
    out.push({
      ...line(
        'minPassAtK',
        `pass@${k}`,
        actual,
        config.minPassAtK,
        fmtPct,
        (d) => `${(d * 100).toFixed(1)} points`,
        `no task has ${k} samples`,
      ),
      k,
    });
  }
  return out;
}

/** The missed gates' messages, one line each (empty when every gate is met). */
export function missedGateLines(results: readonly GateResult[]): string[] {
  return results.filter((r) => !r.passed).map((r) => r.message);
}
