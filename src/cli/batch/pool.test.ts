import { EventEmitter } from 'node:events';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../harness.test-helpers.js';
import { ChannelWorker, scanTrace, writeTree } from './fixtures.test-helpers.js';
import { attachPairHandler, runPairs, type ResultMessage, type WorkerFactory } from './pool.js';
import type { PairJob, PairOutcome } from './task.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

/** `n` pairs `p00`…; pair i's prediction misses the last i % 4 points (so each has its own score). */
function jobs(n: number): PairJob[] {
  const out: PairJob[] = [];
  for (let i = 0; i < n; i++) {
    const key = `p${String(i).padStart(2, '0')}`;
    writeTree(tmp.dir, {
      [`gt/${key}.json`]: scanTrace(6),
      [`pred/${key}.json`]: scanTrace(6 - (i % 4)),
    });
    out.push({
      index: i,
      key,
      gtPath: path.join(tmp.dir, `gt/${key}.json`),
      predPath: path.join(tmp.dir, `pred/${key}.json`),
      gtLabel: `gt/${key}.json`,
    });
  }
  return out;
}

function scoresOf(outcomes: readonly PairOutcome[]): Array<number | null | string> {
  return outcomes.map((o) => (o.kind === 'ok' ? o.record.full_score : o.message));
}

describe('runPairs', () => {
  it('gives the same outcomes in job order on 3 workers, whatever order they finish in, as in-process', async () => {
    const list = jobs(12);
    const started: ChannelWorker[] = [];
    const completion: number[] = [];
    // Later jobs finish first: reverse-ish completion order.
    const factory: WorkerFactory = (s) => {
      const w = new ChannelWorker(s, (job) => (12 - job.index) * 3);
      started.push(w);
      return w;
    };
    const parallel = await runPairs(list, {
      jobs: 3,
      settings: {},
      createWorker: factory,
      onOutcome: (o) => completion.push(o.index),
    });
    const serial = await runPairs(list, { jobs: 1, settings: {} });

    expect(started).toHaveLength(3);
    expect(started.every((w) => w.terminated)).toBe(true);
    // Each worker got several jobs, one at a time, and every job went out exactly once.
    expect(started.map((w) => w.posted.length).reduce((a, b) => a + b)).toBe(12);
    expect(started.every((w) => w.posted.length >= 2)).toBe(true);
    expect(new Set(started.flatMap((w) => w.posted.map((m) => m.job.index))).size).toBe(12);
    expect(completion).not.toEqual([...completion].sort((a, b) => a - b)); // the timing did scramble
    expect(parallel.map((o) => o.index)).toEqual(list.map((j) => j.index));
    expect(scoresOf(parallel)).toEqual(scoresOf(serial));
    expect(new Set(scoresOf(parallel)).size).toBe(4); // four different scores: ordering is checkable
  });

  it('never starts more workers than there are pairs, and none for --jobs 1', async () => {
    const list = jobs(2);
    let made = 0;
    const factory: WorkerFactory = (s) => {
      made++;
      return new ChannelWorker(s, () => 0);
    };
    expect(
      (await runPairs(list, { jobs: 8, settings: {}, createWorker: factory })).every(
        (o) => o.kind === 'ok',
      ),
    ).toBe(true);
    expect(made).toBe(2);
    await runPairs(list, { jobs: 1, settings: {}, createWorker: factory });
    expect(made).toBe(2);
    expect(await runPairs([], { jobs: 4, settings: {}, createWorker: factory })).toEqual([]);
  });

  it('a worker that dies costs its pair (an internal error entry); a new worker takes the rest', async () => {
    const list = jobs(6);
    let made = 0;
    const factory: WorkerFactory = (s) => {
      made++;
      const w = new ChannelWorker(s, () => 1);
      if (made === 1) {
        // The first worker crashes on its second job.
        let count = 0;
        const post = w.postMessage.bind(w);
        w.postMessage = (m) => {
          if (++count === 2) {
            setTimeout(() => {
              w.emit('error', new RangeError('boom'));
              w.emit('exit', 1);
            }, 0);
            return;
          }
          post(m);
        };
      }
      return w;
    };
    const out = await runPairs(list, { jobs: 2, settings: {}, createWorker: factory });
    expect(made).toBe(3);
    const errors = out.filter((o) => o.kind === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      internal: true,
      message: expect.stringContaining('the worker thread failed (RangeError: boom)'),
    });
    expect(out.filter((o) => o.kind === 'ok')).toHaveLength(5);
    expect(out.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('an onOutcome that throws (stderr failing) rejects the run instead of crashing the process', async () => {
    const factory: WorkerFactory = (s) => new ChannelWorker(s, () => 0);
    await expect(
      runPairs(jobs(3), {
        jobs: 2,
        settings: {},
        createWorker: factory,
        onOutcome: () => {
          throw new Error('stderr is gone');
        },
      }),
    ).rejects.toThrow('stderr is gone');
  });

  it('rejects when no worker can be started (e.g. the worker file is missing)', async () => {
    const factory: WorkerFactory = () => {
      throw new Error('the batch worker x.js is missing');
    };
    await expect(
      runPairs(jobs(3), { jobs: 2, settings: {}, createWorker: factory }),
    ).rejects.toThrow('missing');
  });
});

describe('attachPairHandler', () => {
  it('answers job messages with result messages and ignores anything else', async () => {
    const port = new EventEmitter() as EventEmitter & { postMessage(m: ResultMessage): void };
    const posted: ResultMessage[] = [];
    port.postMessage = (m) => posted.push(m);
    attachPairHandler(port, {}, async (job) => ({
      kind: 'error',
      index: job.index,
      message: 'x',
      internal: false,
      durationMs: 1,
    }));
    port.emit('message', { type: 'other' });
    port.emit('message', null);
    port.emit('message', { type: 'job', job: { index: 4 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(posted).toEqual([
      {
        type: 'result',
        outcome: { kind: 'error', index: 4, message: 'x', internal: false, durationMs: 1 },
      },
    ]);
  });
});
