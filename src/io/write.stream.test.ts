import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './write.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeFileAtomic with chunks', () => {
  it('writes the chunks in order, as UTF-8, and leaves no temporary file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-write-stream-'));
    dirs.push(dir);
    const file = path.join(dir, 'report.json');
    function* chunks() {
      for (let i = 0; i < 1000; i++) yield `${i}é,`;
      yield '😀';
    }
    await writeFileAtomic(file, chunks());
    expect(readFileSync(file, 'utf8')).toBe(
      `${Array.from({ length: 1000 }, (_, i) => `${i}é,`).join('')}😀`,
    );
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('keeps the old content when a chunk source throws', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-write-stream-'));
    dirs.push(dir);
    const file = path.join(dir, 'report.json');
    await writeFileAtomic(file, 'old');
    function* failing() {
      yield 'new';
      throw new Error('boom');
    }
    await expect(writeFileAtomic(file, failing())).rejects.toThrow('boom');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });
});
