import * as path from 'node:path';
import { describe, expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';
import { pickAndPlace } from './pickAndPlace';
import { pickAndPlaceWrong } from './pickAndPlaceWrong';
import { recordedRobot } from './robot';

// The recorded golden run and its scoring config (joint tolerances, exact gripper states,
// free-text log markers compared with always_true) of the shared example traces.
const golden = path.join(__dirname, '../../traces/robot/golden.json');
const config = path.join(__dirname, '../../traces/robot/envtrace.config.yaml');

describe('pick and place', () => {
  test('behaves like the recorded golden run, whatever the timing jitter', () => {
    for (const seed of [1, 2, 3]) {
      const { robot, recorder } = recordedRobot({ seed, jitter: 0.05 });
      pickAndPlace(robot);
      expect(recorder.events).toMatchTraceBehavior(golden, config);
    }
  });

  test('a controller callback receives a trace that behaves like the golden run', () => {
    const onDone = jest.fn((_trace: unknown) => undefined);
    const { robot, recorder } = recordedRobot({ seed: 9, jitter: 0.05 });
    pickAndPlace(robot);
    onDone(recorder.events);
    expect(onDone).toHaveBeenCalledWith(expect.traceMatching(golden, config));
  });

  test('keeps its own golden trace (written on first run, -u to update)', () => {
    const { robot, recorder } = recordedRobot({ seed: 5, jitter: 0.05 });
    pickAndPlace(robot);
    expect(recorder.events).toMatchGoldenTrace(config);
  });

  // The deliberately wrong "generated" program: this failure is the expected outcome (run.mjs checks it).
  test('generated program that never releases the part', () => {
    const { robot, recorder } = recordedRobot({ seed: 4, jitter: 0.05 });
    pickAndPlaceWrong(robot);
    expect(recorder.events).toMatchTraceBehavior(golden, config);
  });
});
