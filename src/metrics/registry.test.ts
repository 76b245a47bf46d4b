import { describe, expect, it } from 'vitest';
import { REFERENCE_POLICY, DEFAULT_POLICY } from '../policy/index.js';
import { builtInMetrics, METRICS } from './registry.js';
import type { MetricContext, PairVerdict } from './types.js';

const ev = (channel: string, timestamp: number, value: unknown) => ({ channel, timestamp, value });

function context(policy = DEFAULT_POLICY): MetricContext {
  const gt = [ev('a', 0, 1), ev('temp', 1, 20), ev('a', 2, 2)];
  const pred = [ev('a', 0, 1), ev('temp', 1, 21), ev('a', 2, 2)];
  const verdicts: PairVerdict[] = [0, 2].map((i) => ({
    gt: gt[i]!,
    pred: pred[i]!,
    sameChannel: true,
    valueMatch: true,
    counts: true,
    ignored: false,
  }));
  const indexed = (xs: typeof gt) => xs.map((e, i) => ({ e, i }));
  return {
    mode: policy.mode,
    policy,
    verdicts,
    gt,
    pred,
    prepared: { gtSorted: indexed(gt), predSorted: indexed(pred) },
  };
}

describe('metric registry', () => {
  it("lists the built-ins in the reference's order, each reading its own options key", () => {
    expect(METRICS.map((p) => p.name)).toEqual(['discrete', 'timing', 'structure', 'continuous']);
    expect(METRICS.map((p) => ('option' in p ? p.option.key : undefined))).toEqual([
      undefined,
      'timing',
      'include_structure',
      'continuous_channels',
    ]);
  });

  it('builtInMetrics follows the options: structure unless turned off, continuous only with channels', () => {
    expect(builtInMetrics({}).map((m) => m.name)).toEqual(['discrete', 'timing', 'structure']);
    expect(
      builtInMetrics({ include_structure: false, continuous_channels: { temp: {} } }).map(
        (m) => m.name,
      ),
    ).toEqual(['discrete', 'timing', 'continuous']);
    expect(builtInMetrics({ continuous_channels: {} }).map((m) => m.name)).toEqual([
      'discrete',
      'timing',
      'structure',
    ]);
  });

  it('built-ins are Metrics: compute(ctx) with the policy of the context', () => {
    const [discrete, timing, structure, continuous] = builtInMetrics({
      continuous_channels: { temp: { mae_thresh: 0.5 } },
      timing: { r2_thresh: 0.99 },
    });
    const ctx = context();
    expect(discrete!.compute(ctx)).toMatchObject({ name: 'discrete', score: 1, binary_pass: true });
    expect(timing!.compute(ctx)).toMatchObject({ name: 'timing', binary_pass: true });
    expect(structure!.compute(ctx)).toMatchObject({ name: 'structure', score: 1 });
    const c = continuous!.compute(ctx);
    expect(c).toMatchObject({
      name: 'continuous',
      binary_pass: false,
      details: { weights_sum: 1 },
    });
    expect(continuous!.compute(context(REFERENCE_POLICY)).score).toBe(c.score);
  });
});
