import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { evaluate } from '../evaluate/evaluate.js';
import { trajectoryMetric, trajectoryMetricDistance } from './metric.js';

const ev = (channel: string, timestamp: number, value: unknown) => ({ channel, timestamp, value });
const gt = [
  ev('search', 0, { q: 'a' }),
  ev('open', 1, { id: 1 }),
  ev('log', 1.5, 'x'),
  ev('write', 2, { path: 'out' }),
];

describe('trajectoryMetric', () => {
  it('is an evaluate() metric: score 1 − distance/max over the time-sorted events', () => {
    // open and search swapped; under any_order that is free, under in_order it costs 2 of 8.
    const pred = [
      ev('open', 0, { id: 1 }),
      ev('search', 1, { q: 'a' }),
      ev('log', 1.5, 'x'),
      ev('write', 2, { path: 'out' }),
    ];
    const r = evaluate(gt, pred, {
      metrics: [trajectoryMetric({ scheme: 'any_order', name: 'calls_any' }), trajectoryMetric()],
    });
    expect(r.metrics['calls_any']).toEqual({
      name: 'calls_any',
      score: 1,
      binary_pass: true,
      details: { kind: 'trajectory', scheme: 'any_order', distance: 0, max: 8, max_distance: 0 },
    });
    expect(r.metrics['trajectory']).toEqual({
      name: 'trajectory',
      score: 0.75,
      binary_pass: false,
      details: { kind: 'trajectory', scheme: 'in_order', distance: 2, max: 8, max_distance: 0 },
    });
  });

  it('weights it like any metric and can be required by the decision', () => {
    const pred = [
      ev('search', 0, { q: 'a' }),
      ev('delete', 0.5, { path: '/' }),
      ev('open', 1, { id: 1 }),
      ev('log', 1.5, 'x'),
      ev('write', 2, { path: 'out' }),
    ];
    const metric = trajectoryMetric({
      tools: ['search', 'open', 'write', 'delete'],
      weights: { tools: { delete: 4 } },
      maxDistance: 1,
    });
    const r = evaluate(gt, pred, {
      metrics: [metric],
      aggregation: { weights: { trajectory: 1 } },
      decision: { required_metrics: ['trajectory'] },
    });
    // reference mass 3, predicted 3 + 4; the delete detour costs 4.
    expect(r.metrics['trajectory']?.details).toMatchObject({ distance: 4, max: 10 });
    expect(r.full_score).toBeCloseTo(0.6, 12);
    expect(r.metrics['trajectory']?.binary_pass).toBe(false);
    expect(r.accuracy).toBe(false);
  });

  it('validates its options when created', () => {
    expect(() => trajectoryMetric({ scheme: 'nope' as never })).toThrow(ConfigError);
    expect(() => trajectoryMetric({ maxDistance: -1 })).toThrow(
      'maxDistance: expected a number >= 0',
    );
    expect(() => trajectoryMetric({ name: '' })).toThrow('name: expected a non-empty metric name');
  });

  it('trajectoryMetricDistance recognises its results and nothing else', () => {
    const r = evaluate(gt, gt.slice(0, 3), { metrics: [trajectoryMetric()] });
    // the write step (weight 1) is missing: distance 1 of max 4 + 3.
    expect(trajectoryMetricDistance(r.metrics['trajectory']!)).toEqual({
      scheme: 'in_order',
      distance: 1,
      max: 7,
      score: 1 - 1 / 7,
    });
    expect(trajectoryMetricDistance(r.metrics['discrete']!)).toBeUndefined();
    // A user metric with look-alike details is not a trajectory metric without the kind tag…
    expect(
      trajectoryMetricDistance({ details: { scheme: 'in_order', distance: 1, max: 2 } }),
    ).toBeUndefined();
    // …nor with the tag but an impossible distance or an unknown scheme.
    expect(
      trajectoryMetricDistance({
        details: { kind: 'trajectory', scheme: 'in_order', distance: 3, max: 2 },
      }),
    ).toBeUndefined();
    expect(
      trajectoryMetricDistance({
        details: { kind: 'trajectory', scheme: 'sideways', distance: 0, max: 2 },
      }),
    ).toBeUndefined();
    expect(
      trajectoryMetricDistance({
        details: { kind: 'trajectory', scheme: 'exact', distance: 0, max: 0 },
      }),
    ).toEqual({ scheme: 'exact', distance: 0, max: 0, score: 1 });
  });
});
