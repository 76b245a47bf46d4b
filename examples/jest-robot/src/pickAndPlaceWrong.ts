/**
 * A deliberately wrong "generated program": it never opens the gripper at the place station,
 * so the part is carried back up. Its test is expected to fail; the failure message is what
 * the example shows.
 */
import type { SimRobot } from './robot';

export function pickAndPlaceWrong(robot: SimRobot): void {
  robot.log('start');
  robot.moveJoint('j1', 0.35);
  robot.moveJoint('j2', -0.62);
  robot.openGripper();
  robot.moveJoint('j3', 1.1);
  robot.closeGripper();
  robot.moveJoint('j3', 0.4);
  robot.log('picked');
  robot.moveJoint('j1', -0.8);
  robot.moveJoint('j3', 1.05);
  // mistake: no release here
  robot.moveJoint('j3', 0.4);
  robot.log('done');
}
