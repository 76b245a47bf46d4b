/**
 * A tiny simulated beamline with EPICS-style process variables (PVs). Programs write PVs as
 * properties (`bl.pv[PV.motorX] = 0.5`, a caput) and let time pass with `bl.wait(s)`. The
 * envtrace recorder tracks the beamline and records every PV write as a trace event on the
 * simulated clock, with optional timing jitter (as on a real beamline, no two runs have the
 * same timestamps); the device's own reactions (the detector finishing an exposure, the
 * temperature read-back) are emitted explicitly.
 */
import { createRecorder, type Recorder } from 'envtrace-js';

export const PV = {
  temperatureSetpoint: 'XF:11BM-ES{Env:01-Out:1}T-SP',
  temperature: 'XF:11BM-ES{Env:01-Chan:A}T:C-I',
  motorX: 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr',
  acquire: 'XF:11BMB-ES{Det:PIL2M}:cam1:Acquire',
  acquireTime: 'XF:11BMB-ES{Det:PIL2M}:cam1:AcquireTime',
  fileName: 'XF:11BMB-ES{Det:PIL2M}:TIFF1:FileName',
} as const;

export type PvName = (typeof PV)[keyof typeof PV];

/** What a program sees: writable PVs and the passage of time. */
export interface Beamline {
  readonly pv: Record<PvName, unknown>;
  wait(seconds: number): void;
}

/** Deterministic pseudo-random jitter (seeded), in seconds. */
function jitterSource(seed: number, amplitude: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return ((s / 2 ** 32) * 2 - 1) * amplitude;
  };
}

/** The simulated hardware. Its PV table reacts to writes like the real devices. */
class SimBeamline implements Beamline {
  #clock = 0;
  #temperature = 25;
  #exposure = 1;
  readonly pv: Record<PvName, unknown>;

  constructor(private readonly emit: (pv: string, value: unknown) => void) {
    const values = new Map<string, unknown>();
    const pv = {} as Record<PvName, unknown>;
    for (const name of Object.values(PV)) {
      Object.defineProperty(pv, name, {
        enumerable: true,
        get: () => values.get(name),
        set: (value: unknown) => {
          values.set(name, value);
          this.react(name, value);
        },
      });
    }
    this.pv = pv;
  }

  /** Simulated time in seconds. */
  get now(): number {
    return this.#clock;
  }

  wait(seconds: number): void {
    this.#clock += seconds;
  }

  /** The detector's Acquire=1 runs an exposure of AcquireTime seconds, then Acquire=0. */
  private react(name: PvName, value: unknown): void {
    if (name === PV.acquireTime) this.#exposure = Number(value);
    if (name === PV.temperatureSetpoint) this.rampTo(Number(value));
    if (name === PV.acquire && value === 1) {
      this.wait(this.#exposure);
      this.emit(PV.acquire, 0);
    }
  }

  /** The temperature controller: the read-back climbs 1.2525 K/s, sampled every 0.5 s, until it reaches the set point. */
  private rampTo(target: number): void {
    const start = this.#temperature;
    const t0 = this.#clock;
    this.emit(PV.temperature, start);
    while (this.#temperature < target) {
      this.wait(0.5);
      this.#temperature = Math.round((start + 1.2525 * (this.#clock - t0)) * 100) / 100;
      this.emit(PV.temperature, this.#temperature);
    }
  }
}

/**
 * A simulated beamline under the envtrace recorder: `beamline` is what the program drives,
 * `recorder.events` the trace it produced (channel = PV name, timestamps in simulated seconds,
 * rounded to the millisecond, plus jitter).
 */
export function recordedBeamline(opts: { seed?: number; jitter?: number } = {}): {
  beamline: Beamline;
  recorder: Recorder;
} {
  const jitter = opts.jitter ? jitterSource(opts.seed ?? 1, opts.jitter) : () => 0;
  // The device is created first; the recorder's clock reads its simulated time.
  let device: SimBeamline | undefined = undefined;
  const recorder = createRecorder({
    clock: () => Math.round(((device?.now ?? 0) + jitter()) * 1000) / 1000,
    start: 0,
    // A PV write is recorded under the PV's name; wait() calls are not events.
    name: (op) => (op.kind === 'write' && op.path[0] === 'pv' ? op.path[1] : null),
  });
  device = new SimBeamline((pv, value) => recorder.emit(pv, value));
  return { beamline: recorder.track<Beamline>(device), recorder };
}
