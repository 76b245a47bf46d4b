/**
 * Fuzzing `evaluate()` / `evaluateBestOf()` and the report formatters on their results: on
 * arbitrary traces (odd channels, non-finite and huge timestamps, values of every kind the codec
 * knows, deep values) and arbitrary or valid options, in both modes, the only thing that may be
 * thrown is an envtrace error.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { evaluate, evaluateBestOf } from '../../src/evaluate/evaluate.js';
import { formatTextReport, stringifyReport } from '../../src/report/index.js';
import { codecValue } from '../support/values.js';
import { expectOnlyTypedErrors, fuzzParams } from './fuzz.js';

const CHANNELS = [
  'motor:x',
  'det:Acquire',
  'stage:temp',
  'tool:args',
  '',
  '__proto__',
  'constructor',
  '\u001b[31mred',
  'a\nb',
  '温度',
  '\ud800',
];

const timestamp = fc.oneof(
  { arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }), weight: 6 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324, -0), weight: 1 },
  { arbitrary: fc.anything(), weight: 1 },
);

const deepValue = fc.integer({ min: 200, max: 400 }).map((d) => {
  let v: unknown = 0;
  for (let i = 0; i < d; i++) v = [v];
  return v;
});

const value = fc.oneof(
  {
    arbitrary: fc.oneof(
      fc.double(),
      fc.integer({ min: 0, max: 3 }),
      fc.boolean(),
      fc.string({ maxLength: 4 }),
    ),
    weight: 6,
  },
  { arbitrary: codecValue(), weight: 3 },
  { arbitrary: deepValue, weight: 1 },
);

const event = fc.oneof(
  {
    arbitrary: fc.record(
      { channel: fc.constantFrom(...CHANNELS), timestamp, value },
      { requiredKeys: ['channel', 'timestamp'] },
    ),
    weight: 9,
  },
  { arbitrary: fc.anything(), weight: 1 },
);

const trace = fc.oneof(
  { arbitrary: fc.array(event, { maxLength: 12 }), weight: 6 },
  { arbitrary: fc.record({ events: fc.array(event, { maxLength: 12 }) }), weight: 2 },
  { arbitrary: fc.anything(), weight: 1 },
);

const VALID_OPTIONS: readonly object[] = [
  {},
  { aligner: 'nw' },
  { aligner: { name: 'nw', match: 0, mismatch: 2, gap_open: 1, gap_extend: 1 } },
  {
    comparators: {
      default: { type: 'exact' },
      by_channel: { 'tool:args': { type: 'deep', match: 'subset', tol: 1e-6 } },
    },
  },
  { comparators: { default: { type: 'numeric_tolerance', tol: 0.5 } }, abs_tol: 0.1 },
  {
    continuous_channels: {
      'stage:temp': { mae_scale: 15, final_scale: 15, mae_thresh: 5, final_thresh: 5, weight: 1 },
    },
  },
  {
    include_structure: false,
    decision: {
      require_discrete_exact: false,
      timing_metric_name: 'timing',
      required_metrics: ['timing'],
    },
  },
  { aliases: { 'det:Acquire': 'motor:x' }, ignore_channels: ['stage:temp'] },
  { timing: { r2_thresh: 0.5, slope_lo: 0.5, slope_hi: 2, dur_tol: 0.5, mape_tol: 2 } },
];

const options = fc.oneof(
  { arbitrary: fc.constantFrom(...VALID_OPTIONS), weight: 8 },
  { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 },
);

/** Evaluate, then render both reports (what the CLI does with a result). */
function evaluateAndReport(run: () => ReturnType<typeof evaluate>): void {
  const result = run();
  formatTextReport(result, { colors: false });
  stringifyReport(result);
}

describe.each(['default', 'reference'] as const)('evaluate (%s mode)', (mode) => {
  it('arbitrary traces and options: only envtrace errors', () => {
    fc.assert(
      fc.property(trace, trace, options, (gt, pred, opts) =>
        expectOnlyTypedErrors(() =>
          evaluateAndReport(() =>
            evaluate(
              gt as never,
              pred as never,
              typeof opts === 'object' && opts !== null ? { ...opts, mode } : (opts as never),
            ),
          ),
        ),
      ),
      fuzzParams(),
    );
  });

  it('evaluateBestOf over several arbitrary goldens', () => {
    fc.assert(
      fc.property(
        fc.array(trace, { maxLength: 3 }),
        trace,
        fc.constantFrom(...VALID_OPTIONS),
        (gts, pred, opts) =>
          expectOnlyTypedErrors(() =>
            evaluateAndReport(() => evaluateBestOf(gts as never, pred as never, { ...opts, mode })),
          ),
      ),
      fuzzParams(),
    );
  });
});
