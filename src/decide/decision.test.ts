import { describe, expect, it } from 'vitest';
import type { MetricResult } from '../metrics/types.js';
import { ConfigError } from '../errors.js';
import { decide, decisionParams } from './decision.js';
import { REFERENCE_POLICY } from '../policy/index.js';

const m = (name: string, pass: boolean): MetricResult => ({
  name,
  score: pass ? 1 : 0,
  binary_pass: pass,
  details: {},
});
const metrics = {
  discrete: m('discrete', true),
  timing: m('timing', false),
  structure: m('structure', true),
};

describe('decide', () => {
  it('requires discrete (if asked), the timing slot and every required metric', () => {
    expect(
      decide(metrics, {
        require_discrete_exact: true,
        timing_metric_name: 'timing',
        required_metrics: [],
      }),
    ).toEqual({
      accuracy: false,
      passes: { discrete: true, timing: false },
    });
    expect(
      decide(metrics, {
        require_discrete_exact: true,
        timing_metric_name: 'structure',
        required_metrics: [],
      }).accuracy,
    ).toBe(true);
  });
  it('an unknown metric name fails; repeated names give one key', () => {
    expect(
      decide(metrics, {
        require_discrete_exact: false,
        timing_metric_name: 'latency',
        required_metrics: [],
      }),
    ).toEqual({ accuracy: false, passes: { latency: false } });
    expect(
      decide(metrics, {
        require_discrete_exact: true,
        timing_metric_name: 'discrete',
        required_metrics: ['discrete'],
      }),
    ).toEqual({
      accuracy: true,
      passes: { discrete: true },
    });
  });
});

describe('decisionParams', () => {
  const withContinuous = { ...metrics, continuous: m('continuous', false) };

  it('defaults: discrete exact, the timing slot, nothing else', () => {
    expect(decisionParams(metrics)).toEqual({
      require_discrete_exact: true,
      timing_metric_name: 'timing',
      required_metrics: [],
    });
  });

  it('B7: the default requires configured continuous channels; the reference does not', () => {
    expect(decisionParams(withContinuous).required_metrics).toEqual(['continuous']);
    expect(decisionParams(withContinuous, {}, REFERENCE_POLICY).required_metrics).toEqual([]);
    expect(
      decisionParams(withContinuous, { required_metrics: ['continuous'] }).required_metrics,
    ).toEqual(['continuous']);
  });

  it('S1: an unknown timing slot or required metric is a ConfigError by default, a silent fail in the reference', () => {
    expect(() => decisionParams(metrics, { timing_metric_name: 'latency' })).toThrow(ConfigError);
    expect(() => decisionParams(metrics, { required_metrics: ['structure', 'x'] })).toThrow(
      /decision\.required_metrics\[1\]: metric "x" is not computed/,
    );
    const ref = decisionParams(metrics, { timing_metric_name: 'latency' }, REFERENCE_POLICY);
    expect(decide(metrics, ref).accuracy).toBe(false);
  });
});
