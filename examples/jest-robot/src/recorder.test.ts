/**
 * The envtrace recorder with the default clock (`Date.now()`): under Jest's modern fake timers
 * the recorded timing is exact, with real timers it is real.
 */
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import type {} from 'envtrace-js/jest';
import { createRecorder } from 'envtrace-js';

/** A gripper that takes time to close. */
class Gripper {
  closed = false;
  async close(ms: number): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.closed = true; // an internal write: not recorded
    return this.closed;
  }
}

describe('recorder timing', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  test('fake timers: timestamps are exact, across await', async () => {
    jest.useFakeTimers();
    const recorder = createRecorder();
    const gripper = recorder.track(new Gripper(), 'gripper');
    jest.advanceTimersByTime(200);
    const closing = gripper.close(300);
    await jest.advanceTimersByTimeAsync(300);
    await closing;
    recorder.emit('log:step', 'gripped');
    expect(recorder.events).toEqual([
      // What the call returned is part of its value (createRecorder's default `calls: 'judged'`).
      { channel: 'gripper.close', timestamp: 0.2, value: { args: [300], result: true } },
      { channel: 'log:step', timestamp: 0.5, value: 'gripped' },
    ]);
  });

  test('real timers: the same behaviour, real timing', async () => {
    const recorder = createRecorder();
    const gripper = recorder.track(new Gripper(), 'gripper');
    await gripper.close(30);
    recorder.emit('log:step', 'gripped');
    expect(recorder.events.map((e) => [e.channel, e.value])).toEqual([
      ['gripper.close', { args: [30], result: true }],
      ['log:step', 'gripped'],
    ]);
    expect(recorder.events[1]!.timestamp).toBeGreaterThanOrEqual(0.025);
  });

  test('recorded tool calls follow a reference trajectory', () => {
    // A trajectory judges the calls' arguments: record them alone (results in meta).
    const recorder = createRecorder({ calls: 'args' });
    const robot = recorder.track(
      { move: (_to: { joint: string; rad: number }) => true, grip: () => true },
      'robot',
    );
    robot.move({ joint: 'j1', rad: 0.35 });
    robot.grip();
    expect(recorder.events).toFollowTrajectory([
      { name: 'robot.move', arguments: [{ joint: 'j1', rad: 0.35 }] },
      { name: 'robot.grip', arguments: [] },
    ]);
  });
});
