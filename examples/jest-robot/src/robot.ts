/**
 * A tiny simulated pick-and-place robot: three joints, a gripper and a step log. Programs set
 * them as properties (`robot.arm.j1 = 0.35`, `robot.gripper.cmd = 'open'`); every command takes
 * 0.6 s of simulated time. The envtrace recorder tracks the robot and records each command as a
 * trace event (channel `arm:j1`, `gripper:cmd`, `log:step`), with optional timing jitter; the
 * gripper's closed sensor is emitted by the gripper itself.
 */
import { createRecorder, type Recorder } from 'envtrace-js';

export type Joint = 'j1' | 'j2' | 'j3';

/** What a program sees. */
export interface Robot {
  readonly arm: Record<Joint, number>;
  readonly gripper: { cmd: 'open' | 'close' };
  readonly log: { step: string };
}

/** Every command takes this long (simulated seconds). */
const COMMAND_TIME = 0.6;

class SimRobot implements Robot {
  #clock = 0;
  readonly arm: Record<Joint, number>;
  readonly gripper: { cmd: 'open' | 'close' };
  readonly log: { step: string };

  constructor(emit: (channel: string, value: unknown) => void) {
    const tick = (): void => void (this.#clock += COMMAND_TIME);
    const joints = { j1: 0, j2: 0, j3: 0 };
    this.arm = {} as Record<Joint, number>;
    for (const j of ['j1', 'j2', 'j3'] as const) {
      Object.defineProperty(this.arm, j, {
        enumerable: true,
        get: () => joints[j],
        set: (rad: number) => void ((joints[j] = rad), tick()),
      });
    }
    let cmd: 'open' | 'close' = 'open';
    this.gripper = {
      get cmd() {
        return cmd;
      },
      set cmd(c: 'open' | 'close') {
        cmd = c;
        tick();
        emit('gripper:closed', c === 'close');
        tick();
      },
    };
    let step = '';
    this.log = {
      get step() {
        return step;
      },
      set step(s: string) {
        step = s;
        tick();
      },
    };
  }

  /** Simulated time in seconds. */
  get now(): number {
    return this.#clock;
  }
}

/** A simulated robot under the envtrace recorder: `robot` is what the program drives, `recorder.events` the trace. */
export function recordedRobot(opts: { seed?: number; jitter?: number } = {}): {
  robot: Robot;
  recorder: Recorder;
} {
  let seed = opts.seed ?? 1;
  const jitter = (): number => {
    if (!opts.jitter) return 0;
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return ((seed / 2 ** 32) * 2 - 1) * opts.jitter;
  };
  let device: SimRobot | undefined = undefined;
  const recorder = createRecorder({
    clock: () => Math.round(((device?.now ?? 0) + jitter()) * 1000) / 1000,
    start: 0,
    // `arm.j1` → `arm:j1`, the channel names of the recorded golden run.
    name: (op) => op.path.join(':'),
  });
  device = new SimRobot((channel, value) => recorder.emit(channel, value));
  return { robot: recorder.track<Robot>(device), recorder };
}
