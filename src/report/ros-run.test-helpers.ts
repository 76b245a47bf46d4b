/**
 * A robot's run recorded as a ROS 2 bag by the real producers' libraries (`mcapBytes`: MCAP by
 * `@mcap/core`, CDR by `@foxglove/rosmsg2-serialization`), read back with `loadTrace`: for the
 * verdict and the alignment table on ROS messages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mcapBytes, put, type Recorded } from '../import/rosbag2.test-helpers.js';
import { loadTrace } from '../import/read.js';
import type { Trace } from '../trace/trace.js';

/** How the recorded run differs from the golden one. */
export interface RobotRunEdits {
  /** Nanoseconds every /status message publishes late (the golden: 5 ms into its step). */
  readonly statusLateNs?: bigint;
  /** The /status text at step k (the golden: "ok" at every step). */
  readonly statusAt?: (k: number) => string;
}

const MS = 1_000_000n;

/**
 * 40 steps 100 ms apart, three topics a step: /cmd_speed (std_msgs/Float64, a new speed each
 * step) at the step, /status (std_msgs/String, "ok") 5 ms in, /joint_states (sensor_msgs/JointState,
 * a new position each step) 10 ms in. Recorded with `edits`, as an MCAP bag, and loaded.
 */
export async function robotRun(edits: RobotRunEdits = {}): Promise<Trace> {
  const messages: Recorded[] = [];
  for (let k = 0; k < 40; k++) {
    const t = BigInt(k) * 100n * MS;
    messages.push(
      {
        topic: '/cmd_speed',
        type: 'std_msgs/msg/Float64',
        logTime: t,
        message: { data: 0.1 + k / 100 },
      },
      {
        topic: '/status',
        type: 'std_msgs/msg/String',
        logTime: t + 5n * MS + (edits.statusLateNs ?? 0n),
        message: { data: edits.statusAt?.(k) ?? 'ok' },
      },
      {
        topic: '/joint_states',
        type: 'sensor_msgs/msg/JointState',
        logTime: t + 10n * MS,
        message: {
          header: { stamp: { sec: 0, nanosec: Number(t + 10n * MS) }, frame_id: 'base' },
          name: ['shoulder', 'elbow'],
          position: [k * 0.05, 0.1],
          velocity: [],
          effort: [],
        },
      },
    );
  }
  // A recorder writes in arrival order.
  messages.sort((a, b) => (a.logTime < b.logTime ? -1 : a.logTime > b.logTime ? 1 : 0));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-robot-'));
  try {
    const file = path.join(dir, 'run.mcap');
    put(file, await mcapBytes(messages));
    return await loadTrace(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
