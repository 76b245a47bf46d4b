/**
 * `importFile` / `importFileSync` stream a large JSON Lines file (issue 8: envtrace, rosbag2,
 * bluesky). The stream must give exactly what reading the whole text gives — the same events, or
 * the same error, byte for byte — so every input here is read both ways and compared: with a tiny first chunk
 * (so that small files take the streaming decision) and tiny read chunks (so that every byte
 * boundary is hit), against the whole-text reading of the same file.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture } from './fixtures.test-helpers.js';
import { corpusTraceFiles, heads, jsonLinesInputs } from '../trace/jsonl-inputs.test-helpers.js';
import type { ReadChunks } from '../io/lines.js';
import {
  importFileChunked,
  importFileSync,
  importFileSyncChunked,
  type ImportedTrace,
  type LoadTraceOptions,
} from './read.js';

/**
 * What the envtrace JSON Lines reader did in each import: returned a trace, gave up (`undefined`:
 * read whole), or threw; and how many files any reader (that one, or a line format's) streamed.
 */
const streamed = vi.hoisted(() => ({
  results: [] as Array<'trace' | 'whole' | 'error'>,
  files: 0,
}));

vi.mock('../io/lines.js', async (importOriginal) => {
  const lines = await importOriginal<typeof import('../io/lines.js')>();
  return {
    ...lines,
    readLinesSync: (...args: Parameters<typeof lines.readLinesSync>) => {
      streamed.files++;
      return lines.readLinesSync(...args);
    },
    readLines: (...args: Parameters<typeof lines.readLines>) => {
      streamed.files++;
      return lines.readLines(...args);
    },
  };
});

vi.mock('../trace/parse.js', async (importOriginal) => {
  const parse = await importOriginal<typeof import('../trace/parse.js')>();
  const note = <T>(r: T): T => {
    streamed.results.push(r === undefined ? 'whole' : 'trace');
    return r;
  };
  return {
    ...parse,
    loadJsonLinesSync: (...args: Parameters<typeof parse.loadJsonLinesSync>) => {
      try {
        return note(parse.loadJsonLinesSync(...args));
      } catch (e) {
        streamed.results.push('error');
        throw e;
      }
    },
    loadJsonLines: async (...args: Parameters<typeof parse.loadJsonLines>) => {
      try {
        return note(await parse.loadJsonLines(...args));
      } catch (e) {
        streamed.results.push('error');
        throw e;
      }
    },
  };
});

const tmp = mkdtempSync(path.join(os.tmpdir(), 'envtrace-stream-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
function resetCounts(): void {
  streamed.results.length = 0;
  streamed.files = 0;
}
beforeEach(resetCounts);

type Outcome = { format: string; events: unknown } | { error: string };

function outcome(run: () => ImportedTrace): Outcome {
  try {
    const { format, trace } = run();
    return { format, events: trace.events };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

async function outcomeAsync(run: () => Promise<ImportedTrace>): Promise<Outcome> {
  try {
    const { format, trace } = await run();
    return { format, events: trace.events };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

/**
 * Read `file` whole (the default first chunk holds it) and streamed with every first-chunk size
 * and each of `chunkSizes`, synchronously and (chunks above 1 byte) not; all must agree.
 * Returns the whole reading and what the streaming readers did.
 */
async function compare(
  file: string,
  options: LoadTraceOptions,
  chunkSizes: readonly number[],
): Promise<{ whole: Outcome; results: string[]; files: number }> {
  resetCounts();
  const whole = outcome(() => importFileSync(file, options));
  expect(streamed.files, 'a small file is read whole').toBe(0);
  for (const head of heads(file)) {
    for (const chunk of chunkSizes) {
      const chunks: ReadChunks = { head, chunk };
      const label = `${path.basename(file)} ${JSON.stringify(options)} head ${head} chunk ${chunk}`;
      expect(
        outcome(() => importFileSyncChunked(file, options, chunks)),
        label,
      ).toEqual(whole);
      // The async reader feeds the same line feed; 1-byte stream chunks would only be slow.
      if (chunk > 1)
        expect(
          await outcomeAsync(() => importFileChunked(file, options, chunks)),
          `${label} (async)`,
        ).toEqual(whole);
    }
  }
  return { whole, results: [...streamed.results], files: streamed.files };
}

const inputs = jsonLinesInputs;

const names = ['trace.jsonl', 'TRACE.NDJSON', 'trace', 'trace.json'];

describe('importFile streams JSON Lines with the events and errors of the whole text', () => {
  it.each(Object.keys(inputs))('%s', async (key) => {
    const dir = mkdtempSync(path.join(tmp, `${key}-`));
    const runs: Record<string, { whole: Outcome; results: string[]; files: number }> = {};
    for (const name of names) {
      const file = path.join(dir, name);
      writeFileSync(file, inputs[key]!);
      for (const [format, mode] of [
        [undefined, 'default'],
        [undefined, 'reference'],
        ['envtrace', 'default'],
        ['rosbag2', 'default'],
      ] as const) {
        runs[`${name} ${format ?? 'auto'} ${mode}`] = await compare(file, { format, mode }, [1, 5]);
      }
    }
    // The streaming reader really ran where it should, and only there.
    const did = (name: string, format = 'auto', mode = 'default') =>
      new Set(runs[`${name} ${format} ${mode}`]!.results);
    expect(
      did('trace.json', 'rosbag2'),
      'another format never goes to the envtrace reader',
    ).toEqual(new Set());
    expect(did('trace.jsonl', 'rosbag2')).toEqual(new Set());
    // A line format named by the caller is streamed without looking at the content.
    expect(runs['trace.json rosbag2 default']!.files).toBeGreaterThan(0);
    // Reference mode streams the same files (its results may differ: it reads numbers as Python does).
    expect(did('trace.jsonl', 'auto', 'reference').size > 0).toBe(did('trace.jsonl').size > 0);
    const expected: Record<string, { named?: string[]; sniffed?: string[] }> = {
      plain: { named: ['trace'], sniffed: ['trace'] },
      'crlf-bom-blank-no-final-newline': { named: ['trace'], sniffed: ['trace'] },
      multibyte: { named: ['trace'], sniffed: ['trace'] },
      'bad-schema-line-3': { named: ['error'], sniffed: ['error'] },
      'bad-line-then-array-line': { named: ['error'], sniffed: ['whole'] },
      'array-line-last': { named: ['error'], sniffed: ['whole'] },
      'array-line-then-invalid-utf8': { named: ['error'], sniffed: ['whole'] },
      'one-event-then-blank-lines': { named: ['trace'], sniffed: ['whole'] },
      'invalid-utf8-late': { named: ['error'], sniffed: ['error'] },
      'pretty-document': { named: [], sniffed: [] },
      'one-line-document': { named: [], sniffed: [] },
      'one-line-document-then-blank-lines': { named: ['error'], sniffed: ['whole'] },
      'one-line-document-then-event': { named: ['error'], sniffed: ['error'] },
      'empty-array-first-line': { named: [], sniffed: [] },
      rosbag2: { named: [], sniffed: [] },
      'event-and-rosbag2-fields': { named: [], sniffed: [] },
      'invalid-utf8-in-first-line': { named: [], sniffed: [] },
    };
    const want = expected[key];
    if (want?.named) expect([...did('trace.jsonl')], 'trace.jsonl').toEqual(want.named);
    if (want?.sniffed) expect([...did('trace')], 'trace (no extension)').toEqual(want.sniffed);
  });

  it.each([
    ['bluesky_documents.jsonl', 'bluesky'],
    ['edge/event_page.bluesky.jsonl', 'bluesky'],
    ['edge/unknown_descriptor.bluesky.jsonl', 'bluesky'],
    ['rosbag2_run/messages.decoded.jsonl', 'rosbag2'],
    ['edge/huge_ns.rosbag2.jsonl', 'rosbag2'],
    ['edge/malformed.rosbag2.jsonl', 'rosbag2'],
    ['edge/malformed.envtrace.jsonl', 'envtrace'],
  ])(
    'streams %s (%s, detected) with the events and errors of the whole text',
    async (name, format) => {
      const text = readFileSync(fixture(name));
      const dir = mkdtempSync(path.join(tmp, 'fixture-'));
      for (const [variant, content] of [
        ['as is', text],
        ['CRLF and a BOM', Buffer.from(`\uFEFF${text.toString('utf8').replace(/\r?\n/g, '\r\n')}`)],
      ] as const) {
        const file = path.join(dir, `${variant === 'as is' ? 'a' : 'b'}.jsonl`);
        writeFileSync(file, content);
        const { whole, files } = await compare(file, {}, [1, 4, 64]);
        expect(files, `${name} ${variant}: streamed`).toBeGreaterThan(0);
        if ('format' in whole) expect(whole.format).toBe(format);
      }
    },
  );

  it('a line format keeps its error order: a malformed line anywhere before an earlier bad record', async () => {
    const dir = mkdtempSync(path.join(tmp, 'order-'));
    const file = path.join(dir, 'run.jsonl');
    const msg = (topic: unknown) => JSON.stringify({ topic, log_time: '1000', data: { v: 1 } });
    writeFileSync(
      file,
      [msg('/a'), msg(7), msg('/b'), '{"topic": "/c", "log_time": ', msg('/d')].join('\n'),
    );
    const { whole } = await compare(file, {}, [1, 8]);
    expect(whole).toEqual({
      error: `TraceError: ${file}:4:29: Unexpected end of input (expected a value)`,
    });
    writeFileSync(file, [msg('/a'), msg(7), msg('/b'), msg(8)].join('\n'));
    expect((await compare(file, {}, [1, 8])).whole).toEqual({
      error: `TraceError: ${file}:2: topic: expected a non-empty string, got 7`,
    });
  });

  it.skipIf(process.platform === 'win32')(
    "reads a named pipe (a shell's <(…)) whole: it cannot be read twice",
    async () => {
      const dir = mkdtempSync(path.join(tmp, 'fifo-'));
      const source = path.join(dir, 'source.jsonl');
      writeFileSync(source, inputs.plain!);
      const expected = outcome(() => importFileSync(source));
      for (const run of [
        (f: string) =>
          Promise.resolve(outcome(() => importFileSyncChunked(f, {}, { head: 20, chunk: 3 }))),
        (f: string) => outcomeAsync(() => importFileChunked(f, {}, { head: 20, chunk: 3 })),
      ]) {
        const fifo = path.join(dir, `pipe-${Math.random().toString(36).slice(2)}`);
        execFileSync('mkfifo', [fifo]);
        const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', source, fifo]);
        const done = new Promise((resolve) => writer.on('exit', resolve));
        expect(await run(fifo)).toEqual(expected);
        await done;
      }
    },
  );

  it('reads every trace of the bad-input corpus the same streamed and whole', async () => {
    let tried = 0;
    for (const file of corpusTraceFiles()) {
      const { files } = await compare(file, {}, [1, 7]);
      if (files > 0) tried++;
    }
    // Enough of the corpus took the streaming decision for this to mean something.
    expect(tried).toBeGreaterThanOrEqual(20);
  });
});
