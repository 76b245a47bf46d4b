/**
 * A deliberately wrong "generated program": it passes the exposure in milliseconds (the
 * detector's AcquireTime is in seconds), so every image is exposed for 1000 s. Its test is
 * expected to fail; the failure message is what the example shows.
 */
import { PV, type Beamline } from './beamline.js';
import type { ScanPlan } from './scan.js';

export function xScanWrong(bl: Beamline, plan: ScanPlan): void {
  bl.pv[PV.temperatureSetpoint] = plan.temperature;
  bl.wait(0.2);
  bl.pv[PV.acquireTime] = plan.exposure * 1000; // mistake: ms instead of s
  for (const x of plan.positions) {
    bl.wait(0.3);
    bl.pv[PV.motorX] = x;
    bl.wait(0.3);
    bl.pv[PV.fileName] = `sample_x${x.toFixed(3)}`;
    bl.wait(0.5);
    bl.pv[PV.acquire] = 1;
    bl.wait(0.1);
  }
}
