/**
 * The "generated program" under test: heat the sample to 30 °C, then an x scan with one
 * detector exposure per position. In the real use case an LLM or a colleague writes this.
 */
import { PV, type Beamline } from './beamline.js';

export interface ScanPlan {
  temperature: number;
  positions: number[];
  /** Exposure per image, in seconds. */
  exposure: number;
}

export function xScan(bl: Beamline, plan: ScanPlan): void {
  bl.pv[PV.temperatureSetpoint] = plan.temperature;
  bl.wait(0.2);
  bl.pv[PV.acquireTime] = plan.exposure;
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
