import { describe, expect, it } from 'vitest';
import type { MetricResult } from '../metrics/types.js';
import { decide } from './decision.js';

const m = (name: string, pass: boolean): MetricResult => ({ name, score: pass ? 1 : 0, binary_pass: pass, details: {} });
const metrics = { discrete: m('discrete', true), timing: m('timing', false), structure: m('structure', true) };

describe('decide', () => {
  it('requires discrete (if asked), the timing slot and every required metric', () => {
    expect(decide(metrics, { require_discrete_exact: true, timing_metric_name: 'timing', required_metrics: [] })).toEqual({
      accuracy: false,
      passes: { discrete: true, timing: false },
    });
    expect(decide(metrics, { require_discrete_exact: true, timing_metric_name: 'structure', required_metrics: [] }).accuracy).toBe(true);
  });
  it('an unknown metric name fails; repeated names give one key', () => {
    expect(decide(metrics, { require_discrete_exact: false, timing_metric_name: 'latency', required_metrics: [] })).toEqual({ accuracy: false, passes: { latency: false } });
    expect(decide(metrics, { require_discrete_exact: true, timing_metric_name: 'discrete', required_metrics: ['discrete'] })).toEqual({
      accuracy: true,
      passes: { discrete: true },
    });
  });
});
