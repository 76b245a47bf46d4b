/** The "generated program" under test: pick a part at the left station, place it at the right one. */
import type { Robot } from './robot';

export function pickAndPlace(robot: Robot): void {
  robot.log.step = 'start';
  robot.arm.j1 = 0.35; // over the pick station
  robot.arm.j2 = -0.62;
  robot.gripper.cmd = 'open';
  robot.arm.j3 = 1.1; // down
  robot.gripper.cmd = 'close';
  robot.arm.j3 = 0.4; // up
  robot.log.step = 'picked';
  robot.arm.j1 = -0.8; // over the place station
  robot.arm.j3 = 1.05; // down
  robot.gripper.cmd = 'open'; // release
  robot.arm.j3 = 0.4; // up
  robot.log.step = 'done';
}
