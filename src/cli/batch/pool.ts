/**
 * Evaluating the pairs of a batch: on `worker_threads` (one job at a time per worker, the next
 * pair handed to whichever worker answers first) or in-process with `--jobs 1`. Results are
 * stored by the pair's index, so the report's order never depends on worker timing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  createPairEvaluator,
  forTransfer,
  type BatchSettings,
  type PairEvaluator,
  type PairJob,
  type PairOutcome,
} from './task.js';

/** Main thread → worker. */
export interface JobMessage {
  readonly type: 'job';
  readonly job: PairJob;
}

/** Worker → main thread. */
export interface ResultMessage {
  readonly type: 'result';
  readonly outcome: PairOutcome;
}

/** The part of a `MessagePort` (the worker's `parentPort`) the handler uses. */
export interface PortLike {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  postMessage(message: ResultMessage): void;
}

/**
 * Answer every `job` message on `port` with a `result` message (the worker side of the pool).
 * `evaluator` defaults to one built from `settings`.
 */
export function attachPairHandler(
  port: PortLike,
  settings: BatchSettings,
  evaluator: PairEvaluator = createPairEvaluator(settings),
): void {
  port.on('message', (message) => {
    const m = message as Partial<JobMessage> | null;
    if (m?.type !== 'job' || m.job === undefined) return;
    void evaluator(m.job).then((outcome) =>
      port.postMessage({ type: 'result', outcome: forTransfer(outcome, settings) }),
    );
  });
}

/** The part of a `node:worker_threads` `Worker` the pool uses (tests pass fakes). */
export interface BatchWorker {
  postMessage(message: JobMessage): void;
  on(event: 'message', listener: (message: ResultMessage) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<unknown>;
}

/** Starts one worker for a batch's settings. */
export type WorkerFactory = (settings: BatchSettings) => BatchWorker;

/** The worker entry beside this module: `dist/batch-worker.js` in the built package. */
export const WORKER_URL = new URL('./batch-worker.js', import.meta.url);

/**
 * Real worker threads running `batch-worker.js`. Throws when that file is missing (running from
 * the TypeScript sources, where only `--jobs 1` works).
 */
export const nodeWorkerFactory: WorkerFactory = (settings) => {
  if (!existsSync(fileURLToPath(WORKER_URL))) {
    throw new Error(
      `the batch worker ${fileURLToPath(WORKER_URL)} is missing (run from the built package, or use --jobs 1)`,
    );
  }
  return new Worker(WORKER_URL, { workerData: settings });
};

export interface RunPairsOptions {
  /** Worker threads to use; 1 (or fewer pairs than 2) evaluates in-process. */
  readonly jobs: number;
  readonly settings: BatchSettings;
  /** @default nodeWorkerFactory */
  readonly createWorker?: WorkerFactory;
  /** Called once per pair as it finishes (in completion order). */
  readonly onOutcome?: (outcome: PairOutcome) => void;
}

/** Evaluate `jobs`; resolves to one outcome per job, in the order of `jobs`. */
export async function runPairs(
  jobs: readonly PairJob[],
  options: RunPairsOptions,
): Promise<PairOutcome[]> {
  const outcomes: Array<PairOutcome | undefined> = new Array<PairOutcome | undefined>(jobs.length);
  const slotOf = new Map<number, number>(jobs.map((j, slot) => [j.index, slot]));
  const store = (o: PairOutcome): void => {
    const slot = slotOf.get(o.index);
    if (slot === undefined || outcomes[slot] !== undefined) return;
    outcomes[slot] = o;
    options.onOutcome?.(o);
  };
  const threads = Math.min(Math.max(1, Math.floor(options.jobs)), jobs.length);
  if (threads <= 1) {
    const evaluator = createPairEvaluator(options.settings);
    for (const job of jobs) store(await evaluator(job));
  } else {
    await runOnWorkers(
      jobs,
      threads,
      options.createWorker ?? nodeWorkerFactory,
      options.settings,
      store,
    );
  }
  return outcomes.map((o, slot) => o ?? lost(jobs[slot]!));
}

function lost(job: PairJob): PairOutcome {
  return {
    kind: 'error',
    index: job.index,
    message: 'internal error: the pair was never evaluated (this is a bug, please report it)',
    internal: true,
    durationMs: null,
  };
}

function runOnWorkers(
  jobs: readonly PairJob[],
  threads: number,
  createWorker: WorkerFactory,
  settings: BatchSettings,
  store: (o: PairOutcome) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let pending = jobs.length;
    let finished = false;
    const live = new Set<BatchWorker>();
    const finish = (error?: unknown): void => {
      if (finished) return;
      finished = true;
      const stops = [...live].map((w) => w.terminate().catch(() => undefined));
      live.clear();
      void Promise.all(stops).then(() =>
        error === undefined
          ? resolve()
          : reject(error instanceof Error ? error : new Error(String(error as string))),
      );
    };
    const settle = (o: PairOutcome): void => {
      store(o);
      pending--;
      if (pending === 0) finish();
    };
    const start = (): void => {
      let worker: BatchWorker;
      try {
        worker = createWorker(settings);
      } catch (e) {
        finish(e);
        return;
      }
      live.add(worker);
      let current: PairJob | undefined;
      const feed = (): void => {
        current = next < jobs.length ? jobs[next++] : undefined;
        if (current !== undefined) worker.postMessage({ type: 'job', job: current });
      };
      const fail = (why: string): void => {
        if (current === undefined) return;
        const job = current;
        current = undefined;
        settle({
          kind: 'error',
          index: job.index,
          message: `internal error: ${why} while evaluating this pair (this is a bug, please report it)`,
          internal: true,
          durationMs: null,
        });
      };
      // A listener that throws (e.g. `onOutcome` writing to a stderr that fails) would be an
      // uncaught exception on the main thread; it ends the run with that error instead.
      const guarded =
        <A extends unknown[]>(fn: (...args: A) => void) =>
        (...args: A): void => {
          try {
            fn(...args);
          } catch (e) {
            finish(e);
          }
        };
      worker.on(
        'message',
        guarded((m: ResultMessage) => {
          // A message crosses a thread boundary: its declared type is a hope, not a check.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (m.type !== 'result' || current === undefined || m.outcome.index !== current.index)
            return;
          current = undefined;
          settle(m.outcome);
          if (!finished) feed();
        }),
      );
      worker.on(
        'error',
        guarded((e: Error) => fail(`the worker thread failed (${e.name}: ${e.message})`)),
      );
      worker.on(
        'exit',
        guarded((code: number) => {
          if (finished || !live.has(worker)) return;
          live.delete(worker);
          fail(`the worker thread exited (code ${code})`);
          // Its remaining share goes to a new worker (each crash costs one pair, so this ends).
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- fail() may have finished the pool
          if (!finished && next < jobs.length) start();
        }),
      );
      feed();
    };
    for (let i = 0; i < threads; i++) start();
  });
}
