/**
 * Test helpers (not part of the package): inputs for the tests that read a file both as a stream
 * and whole and require the same events or the same error (`src/import/read.stream.test.ts` for
 * `importFile`, `src/trace/load.stream.test.ts` for `loadEnvtraceFile`), and the first-chunk sizes that
 * make a small file take the streaming decision.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { corpusRoot, listCases } from '../../test/bad-inputs/cases.js';
import { expect } from 'vitest';

/** One envtrace event as a JSON line (`value` left out when not given). */
export const line = (channel: string, timestamp: unknown, value?: unknown): string =>
  JSON.stringify(value === undefined ? { channel, timestamp } : { channel, timestamp, value });
/** Lines joined with "\n", with a final line break. */
export const lines = (...ls: string[]): string => `${ls.join('\n')}\n`;
/** Four valid event lines. */
export const valid = [
  line('motor:x', 0, 1.5),
  line('det:Acquire', 0.25, 1),
  line('motor:x', 0.5, -2),
  line('det:Acquire', 1, 0),
];
/** Text and raw bytes (for invalid UTF-8) as one buffer. */
export const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((p) => Buffer.from(p as string)));

const document = `{"events": [${valid.join(', ')}]}`;

/** name → content: valid and broken JSON Lines, and inputs that must not be streamed. */
export const jsonLinesInputs: Record<string, string | Buffer> = {
  plain: lines(...valid),
  'crlf-bom-blank-no-final-newline': `\uFEFF${valid[0]}\r\n\r\n  \r\n${valid[1]}\r\n${valid[2]}\r\n\t${valid[3]}`,
  'bom-alone-on-first-line': `\uFEFF\n${lines(...valid)}`,
  multibyte: lines(
    line('温度:T1', 0, 'Größe 🙂'),
    line('温度:T1', 1, '\u{10FFFF}é'),
    line('🙂', 2, ['温', { ключ: 'значение' }]),
  ),
  'meta-and-extra-keys': lines(
    JSON.stringify({ channel: 'a', timestamp: 0, value: 1, meta: { k: 'v' } }),
    JSON.stringify({ timestamp: 1, channel: 'a', value: 2 }),
  ),
  'reference-numbers': lines(
    line('a', 0, 1.0),
    '{"channel": "a", "timestamp": 1.0, "value": 12345678901234567890}',
    '{"channel": "a", "timestamp": 2, "value": [1e400, -0.0, 1E5]}',
  ),
  'bad-schema-line-3': lines(valid[0]!, valid[1]!, line('a', 'x', 1), valid[3]!),
  'syntax-error-line-2': lines(
    valid[0]!,
    '{"channel": "a", "timestamp": 1,, "value": 1}',
    valid[2]!,
  ),
  'missing-channel-line-4': lines(valid[0]!, valid[1]!, valid[2]!, '{"timestamp": 3}'),
  'invalid-utf8-late': bytes(
    lines(...valid),
    '{"channel": "a", "timestamp": 9, "value": "',
    [0xff],
    '"}\n',
  ),
  'bad-line-then-invalid-utf8': bytes(
    lines(valid[0]!, line('a', 'x')),
    '{"channel": "a", "timestamp": 9, "value": "',
    [0xe2, 0x82],
    '"}\n',
  ),
  'bad-line-then-array-line': lines(valid[0]!, line('a', 'x'), valid[2]!, `[${valid[3]}]`),
  'array-line-last': lines(valid[0]!, valid[1]!, `[${valid[2]}]`),
  // Not JSON Lines (line 3), and not UTF-8 further on: the whole reading reports the byte.
  'array-line-then-invalid-utf8': bytes(
    lines(valid[0]!, valid[1]!, `[${valid[2]}]`, valid[3]!),
    '{"channel": "a", "timestamp": 9, "value": "',
    [0xff],
    '"}\n',
  ),
  'string-line': lines(valid[0]!, '"a string"', valid[1]!),
  'cut-utf8-at-end': bytes(lines(valid[0]!, valid[1]!), [0xf0, 0x9f]),
  'one-event-then-blank-lines': `${valid[0]}\n\n   \n\n\n`,
  'overflowing-time-span': lines(line('a', -1e308), line('b', 1e308)),
  'deep-value': lines(
    valid[0]!,
    `{"channel": "d", "timestamp": 1, "value": ${'['.repeat(300)}1${']'.repeat(300)}}`,
  ),
  'pretty-document': `{"events": [\n${valid.join(',\n')}\n]}\n`,
  'array-document-lines': `[\n${valid.join(',\n')}\n]\n`,
  // A one-line document: no line break before its end (so none in a shorter head), or only blanks after it.
  'one-line-document': `${document}\n`,
  'one-line-array-document': `[${valid.join(', ')}]`,
  'one-line-document-then-blank-lines': `${document}\n\n  \n`,
  // A complete first line followed by more lines: JSON Lines when every line is an object, else one (invalid) document.
  'one-line-document-then-event': lines(document, valid[0]!),
  'empty-object-first-line': lines('{}', ...valid),
  'empty-array-first-line': lines('[]', ...valid),
  'empty-object-then-pretty-document': `{}\n{"events": [\n${valid.join(',\n')}\n]}\n`,
  rosbag2: lines(
    '{"topic": "/x", "log_time": "1000", "data": {"v": 1}}',
    '{"topic": "/y", "log_time": "2000", "data": {"v": 2}}',
  ),
  'event-and-rosbag2-fields': lines(
    '{"channel": "a", "timestamp": 0, "topic": "/x", "log_time": 1, "data": 1}',
    valid[1]!,
  ),
  'invalid-utf8-in-first-line': bytes(
    '{"channel": "',
    [0xff],
    '", "timestamp": 0}\n',
    lines(...valid),
  ),
};

/** First-chunk sizes that make `file` (smaller than the default 64 KiB) look large: just its first line, and all but its last byte. */
export function heads(file: string): number[] {
  const content = readFileSync(file);
  expect(content.length, `${file} is read whole by default`).toBeLessThan(64 * 1024);
  const nl = content.indexOf(0x0a);
  return [...new Set([nl + 1, content.length - 1].filter((n) => n >= 1 && n < content.length))];
}

/** Whether `file` starts like a ROS 2 bag storage file (MCAP or SQLite magic number). */
function isBinaryBag(file: string): boolean {
  const head = readFileSync(file).subarray(0, 16).toString('latin1');
  return head.startsWith('\x89MCAP0\r\n') || head === 'SQLite format 3\0';
}

/**
 * The trace and golden files of the bad-input corpus that exist on disk with at least 2 bytes
 * (the largest are generated at test time by test/bad-inputs and may be absent). Binary ROS 2
 * bags are left out: only the asynchronous reader reads them (the synchronous one refuses them
 * by design), and not in lines (src/import/rosbag2-bag.test.ts covers them).
 */
export function corpusTraceFiles(): string[] {
  const files: string[] = [];
  for (const c of listCases()) {
    if (c.spec.role !== 'trace' && c.spec.role !== 'golden') continue;
    const file = path.join(corpusRoot, ...c.id.split('/'));
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      continue;
    }
    if (size >= 2 && !isBinaryBag(file)) files.push(file);
  }
  return files;
}
