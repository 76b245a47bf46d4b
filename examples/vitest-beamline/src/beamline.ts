/**
 * A tiny simulated beamline with EPICS-style process variables (PVs). Programs drive it with
 * `caput`; every PV write (and the temperature controller's read-back) is recorded as a trace
 * event on a simulated clock, with optional timing jitter (as on a real beamline, no two runs
 * have the same timestamps).
 */
export const PV = {
  temperatureSetpoint: 'XF:11BM-ES{Env:01-Out:1}T-SP',
  temperature: 'XF:11BM-ES{Env:01-Chan:A}T:C-I',
  motorX: 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr',
  acquire: 'XF:11BMB-ES{Det:PIL2M}:cam1:Acquire',
  acquireTime: 'XF:11BMB-ES{Det:PIL2M}:cam1:AcquireTime',
  fileName: 'XF:11BMB-ES{Det:PIL2M}:TIFF1:FileName',
} as const;

export interface TraceEvent {
  channel: string;
  timestamp: number;
  value: unknown;
}

/** Deterministic pseudo-random jitter (seeded), in seconds. */
function jitterSource(seed: number, amplitude: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return ((s / 2 ** 32) * 2 - 1) * amplitude;
  };
}

export class SimBeamline {
  private clock = 0;
  private temperature = 25;
  private exposure = 1;
  readonly events: TraceEvent[] = [];
  private readonly jitter: () => number;

  constructor(opts: { seed?: number; jitter?: number } = {}) {
    this.jitter = opts.jitter ? jitterSource(opts.seed ?? 1, opts.jitter) : () => 0;
  }

  private record(channel: string, value: unknown): void {
    this.events.push({ channel, timestamp: Math.round((this.clock + this.jitter()) * 1000) / 1000, value });
  }

  /** Let time pass. */
  wait(seconds: number): void {
    this.clock += seconds;
  }

  /** Write a PV. The detector's Acquire=1 runs an exposure of AcquireTime seconds, then Acquire=0. */
  caput(pv: string, value: unknown): void {
    this.record(pv, value);
    if (pv === PV.acquireTime) this.exposure = Number(value);
    if (pv === PV.temperatureSetpoint) this.rampTo(Number(value));
    if (pv === PV.acquire && value === 1) {
      this.wait(this.exposure);
      this.record(PV.acquire, 0);
    }
  }

  /** The temperature controller: the read-back climbs 1.2525 K/s, sampled every 0.5 s, until it reaches the set point. */
  private rampTo(target: number): void {
    const start = this.temperature;
    const t0 = this.clock;
    this.record(PV.temperature, start);
    while (this.temperature < target) {
      this.wait(0.5);
      this.temperature = Math.round((start + 1.2525 * (this.clock - t0)) * 100) / 100;
      this.record(PV.temperature, this.temperature);
    }
  }
}
