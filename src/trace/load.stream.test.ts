/**
 * `loadEnvtraceFile` / `loadEnvtraceFileSync` stream a large JSON Lines file that has no `.jsonl` / `.ndjson`
 * name (`run.log`, `trace.txt`, a `.json` file that is really JSON Lines), told by its content as
 * `importFile` tells it. The stream must give exactly what reading the whole text gives — the
 * events of `parseEnvtrace` on the file's text, or its error byte for byte — so every input is read
 * whole and streamed with a tiny first chunk (so that small files take the streaming decision)
 * and tiny read chunks (so that every byte boundary is hit), and compared.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  corpusTraceFiles,
  heads,
  jsonLinesInputs,
  line,
  valid,
} from './jsonl-inputs.test-helpers.js';
import {
  loadEnvtraceFile,
  loadEnvtraceFileChunked,
  loadEnvtraceFileSync,
  loadEnvtraceFileSyncChunked,
  parseEnvtrace,
  traceText,
  type EnvtraceOptions,
} from './parse.js';
import type { Trace } from './trace.js';

/** How many times a load read the file as lines, and whole. */
const reads = vi.hoisted(() => ({ lines: 0, whole: 0 }));

vi.mock('../io/lines.js', async (importOriginal) => {
  const lines = await importOriginal<typeof import('../io/lines.js')>();
  return {
    ...lines,
    readLinesSync: (...args: Parameters<typeof lines.readLinesSync>) => (
      reads.lines++,
      lines.readLinesSync(...args)
    ),
    readLines: (...args: Parameters<typeof lines.readLines>) => (
      reads.lines++,
      lines.readLines(...args)
    ),
  };
});
vi.mock('../io/read.js', async (importOriginal) => {
  const read = await importOriginal<typeof import('../io/read.js')>();
  return {
    ...read,
    readWholeSync: (...args: Parameters<typeof read.readWholeSync>) => (
      reads.whole++,
      read.readWholeSync(...args)
    ),
    readWhole: (...args: Parameters<typeof read.readWhole>) => (
      reads.whole++,
      read.readWhole(...args)
    ),
  };
});

const tmp = mkdtempSync(path.join(os.tmpdir(), 'envtrace-load-stream-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
function resetCounts(): void {
  reads.lines = 0;
  reads.whole = 0;
}
beforeEach(resetCounts);

/**
 * How one load read the file: `whole` (never as lines), `stream` (as lines only: a trace or an
 * error), `stream, then whole` (the JSON Lines check gave up, so it was read again whole).
 */
type How = 'whole' | 'stream' | 'stream, then whole';
function how(): How {
  if (reads.lines === 0) return 'whole';
  return reads.whole > 0 ? 'stream, then whole' : 'stream';
}

type Outcome = { events: unknown } | { error: string };

function outcome(run: () => Trace): Outcome {
  try {
    return { events: run().events };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

async function outcomeAsync(run: () => Promise<Trace>): Promise<Outcome> {
  try {
    return { events: (await run()).events };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

type Options = Omit<EnvtraceOptions, 'file'>;

/**
 * `parseEnvtrace` on the whole text of `file` (what `loadEnvtraceFile` did before it streamed unnamed
 * files); `loadEnvtraceFileSync` / `loadEnvtraceFile` on the small file (read whole) and with every first-chunk
 * size and each of `chunkSizes` (async: chunks above 1 byte) must all give it. Returns that
 * outcome and the ways the chunked loads read the file.
 */
async function compare(
  file: string,
  options: Options,
  chunkSizes: readonly number[],
): Promise<{ whole: Outcome; hows: Set<How> }> {
  const whole = outcome(() =>
    parseEnvtrace(traceText(readFileSync(file), file), { ...options, file }),
  );
  resetCounts();
  expect(
    outcome(() => loadEnvtraceFileSync(file, options)),
    `${file} loadEnvtraceFileSync`,
  ).toEqual(whole);
  expect(
    await outcomeAsync(() => loadEnvtraceFile(file, options)),
    `${file} loadEnvtraceFile`,
  ).toEqual(whole);
  const named =
    options.format === 'jsonl' || (options.format === undefined && /\.(jsonl|ndjson)$/i.test(file));
  if (!named) expect(how(), 'a small file is read whole').toBe('whole');
  const hows = new Set<How>();
  for (const head of heads(file)) {
    for (const chunk of chunkSizes) {
      const label = `${path.basename(file)} ${JSON.stringify(options)} head ${head} chunk ${chunk}`;
      resetCounts();
      expect(
        outcome(() => loadEnvtraceFileSyncChunked(file, options, { head, chunk })),
        label,
      ).toEqual(whole);
      hows.add(how());
      if (chunk > 1) {
        resetCounts();
        expect(
          await outcomeAsync(() => loadEnvtraceFileChunked(file, options, { head, chunk })),
          `${label} (async)`,
        ).toEqual(whole);
        hows.add(how());
      }
    }
  }
  return { whole, hows };
}

/** Names that do not say JSON Lines. */
const names = ['run.log', 'trace', 'trace.json'];

describe('loadEnvtraceFile streams unnamed JSON Lines files with the events and errors of the whole text', () => {
  it.each(Object.keys(jsonLinesInputs))('%s', async (key) => {
    const dir = mkdtempSync(path.join(tmp, `${key}-`));
    const runs: Record<string, { whole: Outcome; hows: Set<How> }> = {};
    for (const name of names) {
      const file = path.join(dir, name);
      writeFileSync(file, jsonLinesInputs[key]!);
      for (const options of [{}, { mode: 'reference' }, { format: 'json' }] as const) {
        runs[`${name} ${JSON.stringify(options)}`] = await compare(file, options, [1, 5]);
      }
    }
    const hows = (name: string, options: Options = {}) =>
      [...runs[`${name} ${JSON.stringify(options)}`]!.hows].sort();
    for (const name of names) {
      // `format: "json"` reads whole, whatever the content; the name alone decides nothing.
      expect(hows(name, { format: 'json' }), `${name} format json`).toEqual(['whole']);
      expect(hows(name), name).toEqual(hows('run.log'));
      // Reference mode takes the same decision (its results may differ: it reads numbers as Python does).
      expect(hows(name, { mode: 'reference' }).includes('whole'), `${name} reference`).toBe(
        hows(name).includes('whole'),
      );
    }
    const expected: Record<string, How[]> = {
      plain: ['stream'],
      'crlf-bom-blank-no-final-newline': ['stream'],
      // A first head of the BOM and the line break alone holds no line to tell by.
      'bom-alone-on-first-line': ['stream', 'whole'],
      multibyte: ['stream'],
      'bad-schema-line-3': ['stream'],
      'invalid-utf8-late': ['stream'],
      'bad-line-then-array-line': ['stream, then whole'],
      'array-line-last': ['stream, then whole'],
      'array-line-then-invalid-utf8': ['stream, then whole'],
      'one-event-then-blank-lines': ['stream, then whole'],
      'pretty-document': ['whole'],
      'array-document-lines': ['whole'],
      'one-line-document': ['whole'],
      'one-line-array-document': ['whole'],
      'one-line-document-then-blank-lines': ['stream, then whole'],
      'one-line-document-then-event': ['stream'],
      'empty-object-first-line': ['stream'],
      'empty-array-first-line': ['stream, then whole'],
      'empty-object-then-pretty-document': ['stream, then whole'],
      'invalid-utf8-in-first-line': ['whole'],
    };
    if (expected[key]) expect(hows('run.log'), 'run.log').toEqual(expected[key]);
  });

  it('keeps a JSON document a document, and tells JSON Lines that start like one', async () => {
    const dir = mkdtempSync(path.join(tmp, 'documents-'));
    const events = valid.map((l) => JSON.parse(l) as unknown);
    for (const [key, want] of [
      ['one-line-document', { events }],
      ['one-line-array-document', { events }],
      ['pretty-document', { events }],
      ['one-line-document-then-blank-lines', { events }],
      ['empty-object-first-line', { error: 'TraceError: {file}:1: channel: required' }],
      [
        'one-line-document-then-event',
        {
          error:
            'TraceError: {file}:1: expected an event ({channel, timestamp, value, meta}), got an object with the key "events"',
        },
      ],
    ] as const) {
      const file = path.join(dir, `${key}.json`);
      writeFileSync(file, jsonLinesInputs[key]!);
      const { whole } = await compare(file, {}, [3]);
      expect(whole, key).toEqual(
        'error' in want ? { error: want.error.replace('{file}', file) } : want,
      );
    }
  });

  it('streams an unnamed file over 64 KiB by default, and reads a one-line document of that size whole', async () => {
    const dir = mkdtempSync(path.join(tmp, 'large-'));
    const eventLines = Array.from({ length: 2000 }, (_, i) => line(`ch${i % 7}`, i / 10, i));
    const file = path.join(dir, 'run.log');
    writeFileSync(file, `${eventLines.join('\n')}\n`);
    expect(statSync(file).size).toBeGreaterThan(64 * 1024);
    const want = parseEnvtrace(readFileSync(file, 'utf8'), { file }).events;
    resetCounts();
    expect(loadEnvtraceFileSync(file).events).toEqual(want);
    expect(how()).toBe('stream');
    resetCounts();
    expect((await loadEnvtraceFile(file)).events).toEqual(want);
    expect(how()).toBe('stream');
    const doc = path.join(dir, 'doc.json');
    writeFileSync(doc, `{"events": [${eventLines.join(', ')}]}\n`);
    resetCounts();
    expect(loadEnvtraceFileSync(doc).events).toEqual(want);
    expect((await loadEnvtraceFile(doc)).events).toEqual(want);
    expect(how()).toBe('whole');
  });

  it('names a missing file and a directory as before', async () => {
    const missing = path.join(tmp, 'nope.log');
    await expect(loadEnvtraceFile(missing)).rejects.toThrow(
      `${missing}: cannot read trace: no such file`,
    );
    expect(() => loadEnvtraceFileSyncChunked(missing, {}, { head: 4 })).toThrow(
      `${missing}: cannot read trace: no such file`,
    );
    await expect(loadEnvtraceFileChunked(tmp, {}, { head: 4 })).rejects.toThrow(
      `${tmp}: cannot read trace: is a directory`,
    );
    expect(() => loadEnvtraceFileSync(tmp)).toThrow(`${tmp}: cannot read trace: is a directory`);
  });

  it.skipIf(process.platform === 'win32')(
    "reads a named pipe (a shell's <(…)) whole: it cannot be read twice",
    async () => {
      const dir = mkdtempSync(path.join(tmp, 'fifo-'));
      const source = path.join(dir, 'source.log');
      writeFileSync(source, jsonLinesInputs.plain!);
      const expected = outcome(() => loadEnvtraceFileSync(source));
      expect(expected).toHaveProperty('events');
      const runs = [
        (f: string) =>
          Promise.resolve(
            outcome(() => loadEnvtraceFileSyncChunked(f, {}, { head: 20, chunk: 3 })),
          ),
        (f: string) => outcomeAsync(() => loadEnvtraceFileChunked(f, {}, { head: 20, chunk: 3 })),
      ];
      for (const run of runs) {
        const fifo = path.join(dir, `pipe-${Math.random().toString(36).slice(2)}`);
        execFileSync('mkfifo', [fifo]);
        const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', source, fifo]);
        const done = new Promise((resolve) => writer.on('exit', resolve));
        const got = await run(fifo);
        await done;
        // Read whole (no second opening): the events of the file it carries.
        expect(got).toEqual(expected);
      }
    },
  );

  it('reads every trace of the bad-input corpus the same streamed and whole', async () => {
    let streamed = 0;
    for (const file of corpusTraceFiles()) {
      const { hows } = await compare(file, {}, [1, 7]);
      if (!/\.(jsonl|ndjson)$/i.test(file) && [...hows].some((h) => h !== 'whole')) streamed++;
    }
    // The corpus's unnamed JSON Lines (jsonl/autodetected-in-json.json, validate/jsonl-detected-in-json.json,
    // json-syntax/trailing-garbage.json) took the streaming decision.
    expect(streamed).toBeGreaterThanOrEqual(3);
  });
});
