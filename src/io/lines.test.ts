import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import {
  LineSplitter,
  readLines,
  readLinesSync,
  readStart,
  readStartSync,
  STOP_READING,
} from './lines.js';

const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
function write(content: string | Uint8Array): string {
  const file = path.join(dir, `f${count++}.jsonl`);
  writeFileSync(file, content);
  return file;
}

/** Chunk sizes that put a boundary at every byte of a small file, and the default. */
const CHUNKS = [1, 2, 3, 4, 5, 7, 64, undefined] as const;

/** The lines of `file` read by both readers with `chunkSize`; both must agree. */
async function linesOf(file: string, chunkSize: number | undefined): Promise<string[]> {
  const sync: string[] = [];
  readLinesSync(file, (l) => sync.push(l), { chunkSize });
  const async: string[] = [];
  await readLines(file, (l) => async.push(l), { chunkSize });
  expect(async).toEqual(sync);
  return sync;
}

/** The error both readers throw on `file` (they must throw the same). */
async function errorOf(
  file: string,
  chunkSize: number | undefined,
  onLine: (l: string) => void = () => {},
): Promise<unknown> {
  let sync: unknown;
  try {
    readLinesSync(file, onLine, { chunkSize });
  } catch (e) {
    sync = e;
  }
  expect(sync, 'readLinesSync throws').toBeDefined();
  const async = await readLines(file, onLine, { chunkSize }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(async).toEqual(sync);
  expect((async as Error | undefined)?.constructor).toBe((sync as Error).constructor);
  return sync;
}

describe('LineSplitter', () => {
  it('splits text fed in any pieces exactly like split(/\\r?\\n/)', () => {
    const texts = [
      '',
      'a',
      'a\n',
      '\n',
      '\r\n',
      'a\r',
      'a\r\nb\rc\n\nd',
      '\r\r\n\n\r',
      'x\ny\r\nz\r',
    ];
    for (const text of texts) {
      for (let piece = 1; piece <= text.length + 1; piece++) {
        const lines: string[] = [];
        const splitter = new LineSplitter((line) => lines.push(line));
        for (let k = 0; k < text.length; k += piece) splitter.push(text.slice(k, k + piece));
        splitter.end();
        expect(lines, `${JSON.stringify(text)} in pieces of ${piece}`).toEqual(text.split(/\r?\n/));
      }
    }
  });
});

describe('readLinesSync / readLines', () => {
  const texts = [
    '',
    '\n',
    'one line, no newline',
    '{"a": 1}\n{"b": 2}\n',
    '\uFEFF{"bom": true}\r\n\r\n{"crlf": "Größe"}\r\n',
    'blank\n\n   \n\t\nlines\n\n',
    // 2-, 3- and 4-byte characters at every position relative to the chunk boundaries
    'é温🙂\né\n温\n🙂🙂🙂\r\n\u{10FFFF}\u0080\u07FF\u0800\uFFFF',
    'cr\ronly\r',
  ];

  it.each(CHUNKS)(
    'give the lines of the decoded text, split as split(/\\r?\\n/), in chunks of %s bytes',
    async (chunkSize) => {
      for (const text of texts)
        expect(await linesOf(write(text), chunkSize), JSON.stringify(text)).toEqual(
          text.split(/\r?\n/),
        );
    },
  );

  it.each(CHUNKS)(
    'refuse invalid UTF-8 with the byte offset in the whole file, in chunks of %s bytes',
    async (chunkSize) => {
      const bad = (...parts: Array<string | number[]>) =>
        write(
          Buffer.concat(
            parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))),
          ),
        );
      const cases: Array<[string, string]> = [
        [bad('ok\n温\n', [0xff], '\n'), 'not valid UTF-8: byte 0xff at byte offset 7'],
        [bad('温度', [0xe6, 0x41]), 'not valid UTF-8: byte 0xe6 at byte offset 6'],
        [bad('a\n', [0xed, 0xa0, 0x80]), 'not valid UTF-8: byte 0xed at byte offset 2'], // a surrogate
        [bad('a\n', [0xf0, 0x9f, 0x99]), 'not valid UTF-8: byte 0xf0 at byte offset 2'], // cut short by the end,
      ];
      for (const [file, message] of cases) {
        const e = await errorOf(file, chunkSize);
        expect(e).toBeInstanceOf(TraceError);
        expect((e as Error).message).toBe(`${file}: ${message}`);
      }
    },
  );

  it('stop at the first error of the line consumer, which they throw as it is', async () => {
    const file = write('a\nb\nc\nd\n');
    for (const chunkSize of CHUNKS) {
      const seen: string[] = [];
      const e = await errorOf(file, chunkSize, (line) => {
        seen.push(line);
        if (line === 'b') throw new RangeError(`bad ${line}`);
      });
      expect(e).toEqual(new RangeError('bad b'));
      expect(seen).toEqual(['a', 'b', 'a', 'b']); // sync, then async: nothing after the error
    }
  });

  it('report an invalid byte after a line the consumer refused: as if the whole file were decoded first', async () => {
    const file = write(
      Buffer.concat([Buffer.from('a\nb\nc\n"'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n')]),
    );
    for (const chunkSize of CHUNKS) {
      const e = await errorOf(file, chunkSize, (line) => {
        if (line === 'a') throw new TraceError('line 1 is bad');
      });
      expect((e as Error).message).toBe(
        `${file}: not valid UTF-8: byte 0xc3 at byte offset 7: a single-byte encoding such as Windows-1252 or Latin-1? Save the file as UTF-8 (in a spreadsheet: CSV UTF-8)`,
      );
    }
  });

  it('end at STOP_READING from the consumer: no later line, the rest of the file neither read nor checked, false', async () => {
    const file = write(
      Buffer.concat([
        Buffer.from(`a\nb\n${'c'.repeat(100)}\n`),
        Buffer.from([0xff]),
        Buffer.from('\nd'),
      ]),
    );
    for (const chunkSize of [1, 2, 3, 7, 64]) {
      const seen: string[] = [];
      const onLine = (line: string) => {
        seen.push(line);
        if (line === 'b') throw STOP_READING;
      };
      expect(readLinesSync(file, onLine, { chunkSize }), `chunk ${chunkSize}`).toBe(false);
      expect(await readLines(file, onLine, { chunkSize })).toBe(false);
      expect(seen).toEqual(['a', 'b', 'a', 'b']);
    }
    // The bytes of the chunk it stops in are decoded first: an invalid byte there is still reported.
    expect(() =>
      readLinesSync(file, () => {
        throw STOP_READING;
      }),
    ).toThrow(`${file}: not valid UTF-8: byte 0xff at byte offset 105`);
    // The last line (no line break after it) can stop the reading too; a reading to the end gives true.
    const last = write('a\nb');
    expect(
      readLinesSync(last, (line) => {
        if (line === 'b') throw STOP_READING;
      }),
    ).toBe(false);
    expect(await readLines(last, () => {})).toBe(true);
    expect(readLinesSync(last, () => {})).toBe(true);
  });

  it('name a file that cannot be read', async () => {
    const missing = path.join(dir, 'missing.jsonl');
    expect(((await errorOf(missing, undefined)) as Error).message).toBe(
      `${missing}: cannot read trace: no such file`,
    );
    expect(((await errorOf(dir, undefined)) as Error).message).toBe(
      `${dir}: cannot read trace: is a directory`,
    );
  });
});

describe('readStartSync / readStart', () => {
  it('give the first bytes and whether they are the whole file', async () => {
    const file = write('0123456789');
    for (const [size, bytes, complete] of [
      [4, '0123', false],
      [9, '012345678', false],
      [10, '0123456789', true],
      [11, '0123456789', true],
      [65536, '0123456789', true],
    ] as const) {
      const sync = readStartSync(file, size)!;
      expect([Buffer.from(sync.bytes).toString(), sync.complete], `size ${size}`).toEqual([
        bytes,
        complete,
      ]);
      const start = (await readStart(file, size))!;
      expect([Buffer.from(start.bytes).toString(), start.complete]).toEqual([bytes, complete]);
    }
    expect(readStartSync(write(''))!.complete).toBe(true);
  });

  it("give nothing for what is not a regular file (read whole by the caller) and throw the file system's errors", async () => {
    expect(readStartSync(dir)).toBeUndefined();
    expect(await readStart(dir)).toBeUndefined();
    const missing = path.join(dir, 'missing.jsonl');
    expect(() => readStartSync(missing)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    await expect(readStart(missing)).rejects.toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
