/** Test helpers for the importer tests (not part of the package): fixture paths and event lookups. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceEvent } from '../trace/types.js';

/** `test/fixtures/import` (copies of the shared samples, and `edge/` hand-made cases). */
export const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/import',
);

/** Path of a fixture file, relative to the working directory (so error snapshots do not hold the checkout's location). */
export function fixture(name: string): string {
  return path.relative(process.cwd(), path.join(fixturesDir, name));
}

/** `[channel, timestamp, value]` of each event, for compact expectations. */
export function tuples(events: readonly TraceEvent[]): Array<[string, number, unknown]> {
  return events.map((e) => [e.channel, e.timestamp, e.value]);
}

/** The message of what `fn` throws (fails the test if it does not throw). */
export function thrown(fn: () => unknown): { name: string; message: string } {
  try {
    fn();
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message };
  }
  throw new Error('expected a throw');
}
