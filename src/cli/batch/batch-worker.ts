/**
 * Worker-thread entry of `envtrace evaluate --gt-dir` (built to `dist/batch-worker.js`, an entry of
 * the ESM build in `tsup.config.ts`). It gets the batch settings as `workerData`, then evaluates
 * one pair per `job` message and answers each with a `result` message (see `pool.ts`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { attachPairHandler } from './pool.js';
import type { BatchSettings } from './task.js';

if (parentPort === null)
  throw new Error('batch-worker.js is a worker thread entry; it cannot run on the main thread');
attachPairHandler(parentPort, workerData as BatchSettings);
