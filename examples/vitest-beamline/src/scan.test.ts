import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type {} from 'envtrace-js/vitest';
import { recordedBeamline } from './beamline.js';
import { xScan } from './scan.js';
import { xScanWrong } from './scan-wrong.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The recorded golden run and the scoring config (PV aliases, tolerances, the temperature
// read-back scored as a continuous profile) of the shared example traces.
const golden = path.join(here, '../../traces/beamline/golden.json');
const config = path.join(here, '../../traces/beamline/envtrace.config.yaml');

const plan = { temperature: 30, positions: [0, 0.5, 1.0], exposure: 1.0 };

describe('x scan with a temperature ramp', () => {
  test('behaves like the recorded golden run, whatever the timing jitter', () => {
    for (const seed of [1, 2, 3]) {
      const { beamline, recorder } = recordedBeamline({ seed, jitter: 0.02 });
      xScan(beamline, plan);
      expect(recorder.events).toMatchTraceBehavior(golden, config);
    }
  });

  test('moving to a wrong position is caught', () => {
    const { beamline, recorder } = recordedBeamline();
    xScan(beamline, { ...plan, positions: [0, 0.5, 1.5] });
    expect(recorder.events).not.toMatchTraceBehavior(golden, config);
  });

  test('keeps its own golden trace (written on first run, -u to update)', () => {
    const { beamline, recorder } = recordedBeamline({ seed: 7, jitter: 0.02 });
    xScan(beamline, plan);
    expect(recorder.events).toMatchGoldenTrace(config);
  });

  // The deliberately wrong "generated" program: this failure is the expected outcome (run.mjs checks it).
  test('generated program with the exposure in ms', () => {
    const { beamline, recorder } = recordedBeamline({ seed: 4, jitter: 0.02 });
    xScanWrong(beamline, plan);
    expect(recorder.events).toMatchTraceBehavior(golden, config);
  });
});
