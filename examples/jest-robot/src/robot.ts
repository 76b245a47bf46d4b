/**
 * A tiny simulated pick-and-place robot: three joints and a gripper. Every command is
 * recorded as a trace event on a simulated clock (0.6 s per command), with optional jitter.
 */
export interface TraceEvent {
  channel: string;
  timestamp: number;
  value: unknown;
}

export type Joint = 'j1' | 'j2' | 'j3';

export class SimRobot {
  private clock = 0;
  private seed: number;
  readonly events: TraceEvent[] = [];

  constructor(private readonly opts: { seed?: number; jitter?: number } = {}) {
    this.seed = opts.seed ?? 1;
  }

  private jitter(): number {
    if (!this.opts.jitter) return 0;
    this.seed = (this.seed * 1664525 + 1013904223) >>> 0;
    return ((this.seed / 2 ** 32) * 2 - 1) * this.opts.jitter;
  }

  private record(channel: string, value: unknown): void {
    this.events.push({ channel, timestamp: Math.round((this.clock + this.jitter()) * 1000) / 1000, value });
    this.clock += 0.6;
  }

  log(step: string): void {
    this.record('log:step', step);
  }

  moveJoint(joint: Joint, radians: number): void {
    this.record(`arm:${joint}`, radians);
  }

  openGripper(): void {
    this.record('gripper:cmd', 'open');
    this.record('gripper:closed', false);
  }

  closeGripper(): void {
    this.record('gripper:cmd', 'close');
    this.record('gripper:closed', true);
  }
}
