/**
 * The envtrace recorder with the default clock (`Date.now()`): under Vitest's fake timers the
 * recorded timing is exact, with real timers it is real. Plus an agent's tool calls recorded
 * from a tracked toolbox and checked with `toFollowTrajectory`.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type {} from 'envtrace-js/vitest';
import { createRecorder } from 'envtrace-js';

/** A detector whose exposure takes real (or fake) time. */
class Detector {
  exposure = 1;
  #busy = false;
  async acquire(): Promise<string> {
    this.#busy = true; // an internal write: not recorded
    await new Promise((resolve) => setTimeout(resolve, this.exposure * 1000));
    this.#busy = false;
    return 'image-1';
  }
  get busy(): boolean {
    return this.#busy;
  }
}

async function expose(det: Detector): Promise<void> {
  det.exposure = 0.05;
  await det.acquire();
  det.exposure = 1;
}

describe('recorder timing', () => {
  afterEach(() => vi.useRealTimers());

  test('fake timers: timestamps are exact', async () => {
    vi.useFakeTimers();
    const recorder = createRecorder();
    const det = recorder.track(new Detector(), 'det');
    const run = expose(det);
    await vi.advanceTimersByTimeAsync(50);
    await run;
    expect(recorder.events).toEqual([
      { channel: 'det.exposure', timestamp: 0, value: 0.05 },
      // A read without arguments records what it returned (the default `calls: 'judged'`).
      { channel: 'det.acquire', timestamp: 0, value: 'image-1' },
      { channel: 'det.exposure', timestamp: 0.05, value: 1 },
    ]);
    expect(det.busy).toBe(false);
  });

  test('real timers: the same behaviour, real timing', async () => {
    const recorder = createRecorder();
    await expose(recorder.track(new Detector(), 'det'));
    // Real time passes (at least the 50 ms exposure); on a loaded machine maybe more.
    expect(recorder.events.map((e) => [e.channel, e.value])).toEqual([
      ['det.exposure', 0.05],
      ['det.acquire', 'image-1'],
      ['det.exposure', 1],
    ]);
    expect(recorder.events[2]!.timestamp).toBeGreaterThanOrEqual(0.045);
  });
});

describe('agent tool calls', () => {
  test('a recorded toolbox follows the reference trajectory', () => {
    // A trajectory judges the calls' arguments: record them alone (results in meta).
    const recorder = createRecorder({
      calls: 'args',
      name: (op) => (op.kind === 'call' ? op.path.join('.') : null),
    });
    const tools = recorder.track({
      search: (_args: { q: string; limit?: number }) => ['beamline manual'],
      open: (_args: { doc: string }) => 'text',
    });
    // The "agent": its parallel searches may come in any order.
    tools.search({ q: 'exposure', limit: 5 });
    tools.search({ q: 'detector' });
    tools.open({ doc: 'beamline manual' });
    const toolCalls = recorder.events.map((e) => ({
      name: e.channel,
      arguments: (e.value as unknown[])[0],
    }));
    expect(toolCalls).toFollowTrajectory(
      [
        { name: 'search', arguments: { q: 'detector' } },
        { name: 'search', arguments: { q: 'exposure' } },
        { name: 'open', arguments: { doc: 'beamline manual' } },
      ],
      {
        mode: 'unordered',
        args: 'superset',
      },
    );
    // Searching is not part of a trajectory that only opens the manual.
    expect(toolCalls).not.toFollowTrajectory(
      [{ name: 'open', arguments: { doc: 'beamline manual' } }],
      { mode: 'subset' },
    );
  });
});
