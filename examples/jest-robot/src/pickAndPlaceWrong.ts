/**
 * A deliberately wrong "generated program": it never opens the gripper at the place station,
 * so the part is carried back up. Its test is expected to fail; the failure message is what
 * the example shows.
 */
import type { Robot } from './robot';

export function pickAndPlaceWrong(robot: Robot): void {
  robot.log.step = 'start';
  robot.arm.j1 = 0.35;
  robot.arm.j2 = -0.62;
  robot.gripper.cmd = 'open';
  robot.arm.j3 = 1.1;
  robot.gripper.cmd = 'close';
  robot.arm.j3 = 0.4;
  robot.log.step = 'picked';
  robot.arm.j1 = -0.8;
  robot.arm.j3 = 1.05;
  // mistake: no release here
  robot.arm.j3 = 0.4;
  robot.log.step = 'done';
}
