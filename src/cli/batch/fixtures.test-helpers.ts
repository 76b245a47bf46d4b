/** Test helpers for batch mode (not part of the CLI): small traces written into directory trees. */
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import {
  attachPairHandler,
  type BatchWorker,
  type JobMessage,
  type ResultMessage,
} from './pool.js';
import {
  createPairEvaluator,
  type BatchSettings,
  type PairEvaluator,
  type PairJob,
} from './task.js';

/** A trace of a short scan: `motor` moves to each point, `det` reads `reading(i)` there. */
export function scanTrace(points: number, reading: (i: number) => number = (i) => i * 10): string {
  const events: unknown[] = [];
  for (let i = 0; i < points; i++) {
    events.push({ channel: 'motor', timestamp: 2 * i, value: i });
    events.push({ channel: 'det', timestamp: 2 * i + 1, value: reading(i) });
  }
  return JSON.stringify({ events });
}

/** The same scan as JSON Lines (one event per line). */
export function scanTraceJsonl(points: number, reading?: (i: number) => number): string {
  const { events } = JSON.parse(scanTrace(points, reading)) as { events: unknown[] };
  return `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

/** Write `files` (relative path → text) under `root`, creating directories. */
export function writeTree(root: string, files: Readonly<Record<string, string>>): void {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/**
 * A worker thread stand-in: the real worker-side handler (`attachPairHandler`) on one end of a
 * real `MessageChannel` (so every message is structured-cloned as between threads), with the
 * evaluator wrapped to finish after a per-job delay (so completion order differs from job order).
 */
export class ChannelWorker extends EventEmitter implements BatchWorker {
  readonly #port: MessageChannel['port1'];
  readonly #channel = new MessageChannel();
  posted: JobMessage[] = [];
  terminated = false;
  constructor(settings: BatchSettings, delay: (job: PairJob) => number) {
    super();
    const inner = createPairEvaluator(settings);
    const slow: PairEvaluator = async (job) => {
      await new Promise((r) => setTimeout(r, delay(job)));
      return inner(job);
    };
    attachPairHandler(this.#channel.port2, settings, slow);
    this.#port = this.#channel.port1;
    this.#port.on('message', (m: ResultMessage) => this.emit('message', m));
  }
  postMessage(message: JobMessage): void {
    this.posted.push(message);
    this.#port.postMessage(message);
  }
  terminate(): Promise<number> {
    this.terminated = true;
    this.#channel.port1.close();
    this.#channel.port2.close();
    return Promise.resolve(0);
  }
}
