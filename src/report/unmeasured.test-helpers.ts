/**
 * A prediction with no channel (and no value) in common with its golden, the shape of a program
 * that renamed every PV: no pair matches in either mode, so the timing metric has nothing to
 * time, and the golden's continuous channel has no reading on the predicted side. The reports'
 * "not measured" tests evaluate it for real.
 */
import { evaluate } from '../evaluate/evaluate.js';
import type { EvaluationResult } from '../evaluate/types.js';
import type { Mode } from '../policy/index.js';
import { ROOT, rec, scenario } from './run/fixtures.test-helpers.js';
import { buildRunReport, checkMetrics, type RecordInput } from './run/model.js';
import type { RunReport } from './run/schema.js';

/** The golden: three discrete events and two readings of `stage:temp`. */
export const RENAMED_GT = {
  events: [
    { channel: 'motor:x', timestamp: 0, value: 0 },
    { channel: 'det:Acquire', timestamp: 1, value: 1 },
    { channel: 'det:Acquire', timestamp: 2, value: 0 },
    { channel: 'stage:temp', timestamp: 0, value: 20 },
    { channel: 'stage:temp', timestamp: 2, value: 21 },
  ],
};

/** Every channel renamed, every value different. */
export const RENAMED_PRED = {
  events: [
    { channel: 'MOTOR_X', timestamp: 0, value: 5 },
    { channel: 'DET_ACQ', timestamp: 1, value: 6 },
    { channel: 'DET_ACQ', timestamp: 2, value: 7 },
  ],
};

/** `evaluate` of the renamed prediction, `stage:temp` as a continuous channel. */
export function evaluateRenamed(mode: Mode = 'default'): EvaluationResult {
  return evaluate(RENAMED_GT, RENAMED_PRED, {
    mode,
    continuous_channels: { 'stage:temp': {} },
  });
}

/**
 * Two continuous channels, only one of them measured: the prediction has the golden's `stage:temp`
 * readings exactly but no `stage:rh` reading (`one empty`). Both modes average the 0.0 in (0.5, a
 * fail); the default mode's reports also say that one of the two channels was not measured.
 * `empty`: another name for `stage:rh` (the hostile-name tests).
 */
export function evaluateHalfMeasured(mode: Mode = 'default', empty = 'stage:rh'): EvaluationResult {
  const temp = RENAMED_GT.events.filter((e) => e.channel === 'stage:temp');
  const rh = [
    { channel: empty, timestamp: 0, value: 40 },
    { channel: empty, timestamp: 2, value: 41 },
  ];
  return evaluate(
    { events: [...temp, ...rh] },
    { events: temp },
    {
      mode,
      continuous_channels: { 'stage:temp': {}, [empty]: {} },
    },
  );
}

/** A run report of one failed test whose only check is `evaluateRenamed(mode)`. */
export function renamedRunReport(mode: Mode = 'default'): RunReport {
  return oneCheckRunReport(evaluateRenamed(mode), 'src/renamed.test.ts', 'renamed PVs');
}

/** A run report of one failed test whose only check is `evaluateHalfMeasured(mode)`. */
export function halfMeasuredRunReport(mode: Mode = 'default'): RunReport {
  return oneCheckRunReport(evaluateHalfMeasured(mode), 'src/half.test.ts', 'half measured');
}

/** The record of a failed check on `result` in test `name` of `file`. */
export function failedCheckRecord(
  result: EvaluationResult,
  file: string,
  name: string,
): RecordInput {
  return {
    ...rec(file, name, {
      mode: result.mode,
      pass: false,
      accuracy: result.accuracy,
      full_score: result.full_score,
    }),
    metrics: checkMetrics(result),
  };
}

/**
 * The half-measured test of `halfMeasuredRunReport` and three kinds of check record for it: `half`
 * (one of two channels not measured), `full` (measured) and `none` (not measured at all).
 */
export function mixedChecks(): {
  t: RunReport['tests'][number];
  half: RunReport['tests'][number]['records'][number];
  full: RunReport['tests'][number]['records'][number];
  none: RunReport['tests'][number]['records'][number];
} {
  const t = halfMeasuredRunReport('default').tests[0]!;
  const half = t.records[0]!;
  const full = { ...half, metrics: { continuous: { score: 1, binary_pass: true } } };
  const none = {
    ...half,
    metrics: { continuous: { score: 0, binary_pass: false, not_measured: 'r: one empty' } },
  };
  return { t, half, full, none };
}

/** A run report of one failed test (`file` › `name`) whose only check is on `result`. */
export function oneCheckRunReport(result: EvaluationResult, file: string, name: string): RunReport {
  const record = failedCheckRecord(result, file, name);
  return buildRunReport({
    ...scenario(),
    files: [{ file: `${ROOT}/${file}`, status: 'failed', errors: [] }],
    tests: [
      {
        file: `${ROOT}/${file}`,
        name,
        status: 'failed',
        durationMs: 1,
        attempts: 1,
        records: [record],
      },
    ],
    config: {},
  });
}

/**
 * A 30-event beamline scan (`motor:x` to 0…14, a `det:counts` read after each move, 0.5 s apart)
 * and a prediction that crashed after its first move: one matched pair, no interval to time, so
 * the default mode's timing is not measured (B4); the reference times it as a perfect 1.000.
 */
export const SCAN_30 = {
  events: Array.from({ length: 30 }, (_, i) =>
    i % 2 === 0
      ? { channel: 'motor:x', timestamp: i * 0.5, value: i / 2 }
      : { channel: 'det:counts', timestamp: i * 0.5, value: 1000 + ((i * 37) % 101) },
  ),
};

/** `evaluate` of the scan's first move alone against `SCAN_30`. */
export function evaluateOnlyFirstMove(mode: Mode = 'default'): EvaluationResult {
  return evaluate(SCAN_30, { events: SCAN_30.events.slice(0, 1) }, { mode });
}
