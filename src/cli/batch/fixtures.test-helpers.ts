/** Test helpers for batch mode (not part of the CLI): small traces written into directory trees. */
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeEach } from 'vitest';
import { parseRunReport } from '../../report/run/merge.js';
import type { RunReport } from '../../report/run/schema.js';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';
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

/** `envtrace evaluate` in batch mode over `gt/` and `pred/`, on the main thread (`--jobs 1`). */
export const BATCH_ARGS: readonly string[] = [
  'evaluate',
  '--gt-dir',
  'gt',
  '--pred-dir',
  'pred',
  '--jobs',
  '1',
];

/**
 * A fresh working directory for each test of the calling file (made in `beforeEach`, removed in
 * `afterEach`), the CLI run in it, and its run reports read back.
 */
export function batchSandbox(): {
  readonly tmp: ReturnType<typeof tempDir>;
  cli(argv: string[]): Promise<{ code: number; out: string; err: string }>;
  report(file: string): RunReport;
} {
  let current: ReturnType<typeof tempDir> | undefined;
  beforeEach(() => {
    current = tempDir();
  });
  afterEach(() => current?.cleanup());
  const tmp = (): ReturnType<typeof tempDir> => {
    if (current === undefined) throw new Error('batchSandbox: used outside a test');
    return current;
  };
  return {
    get tmp() {
      return tmp();
    },
    async cli(argv) {
      const io = captureIO(tmp().dir);
      const code = await main(argv, io);
      return { code, out: io.out(), err: io.err() };
    },
    report: (file) => parseRunReport(readFileSync(path.join(tmp().dir, file), 'utf8'), file),
  };
}
