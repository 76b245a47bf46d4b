/**
 * A deliberately wrong "generated program": it passes the exposure in milliseconds (the
 * detector's AcquireTime is in seconds), so every image is exposed for 1000 s. Its test is
 * expected to fail; the failure message is what the example shows.
 */
import { PV, type SimBeamline } from './beamline.js';
import type { ScanPlan } from './scan.js';

export function xScanWrong(bl: SimBeamline, plan: ScanPlan): void {
  bl.caput(PV.temperatureSetpoint, plan.temperature);
  bl.wait(0.2);
  bl.caput(PV.acquireTime, plan.exposure * 1000); // mistake: ms instead of s
  for (const x of plan.positions) {
    bl.wait(0.3);
    bl.caput(PV.motorX, x);
    bl.wait(0.3);
    bl.caput(PV.fileName, `sample_x${x.toFixed(3)}`);
    bl.wait(0.5);
    bl.caput(PV.acquire, 1);
    bl.wait(0.1);
  }
}
