/** The "generated program" under test: pick a part at the left station, place it at the right one. */
import type { SimRobot } from './robot';

export function pickAndPlace(robot: SimRobot): void {
  robot.log('start');
  robot.moveJoint('j1', 0.35); // over the pick station
  robot.moveJoint('j2', -0.62);
  robot.openGripper();
  robot.moveJoint('j3', 1.1); // down
  robot.closeGripper();
  robot.moveJoint('j3', 0.4); // up
  robot.log('picked');
  robot.moveJoint('j1', -0.8); // over the place station
  robot.moveJoint('j3', 1.05); // down
  robot.openGripper(); // release
  robot.moveJoint('j3', 0.4); // up
  robot.log('done');
}
