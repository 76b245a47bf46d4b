import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './fs.js';
import { tempDir } from './harness.test-helpers.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => {
  tmp.cleanup();
});

describe('writeFileAtomic', () => {
  it('writes a new file and replaces an existing one, leaving no temp file', async () => {
    const file = path.join(tmp.dir, 'report.json');
    await writeFileAtomic(file, 'first\n');
    expect(readFileSync(file, 'utf8')).toBe('first\n');
    writeFileSync(file, 'old content that is longer than the new one');
    await writeFileAtomic(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(readdirSync(tmp.dir)).toEqual(['report.json']);
  });

  it('writes non-ASCII text as UTF-8', async () => {
    const file = path.join(tmp.dir, 'r.json');
    await writeFileAtomic(file, '{"v": "温度 µm 🙂"}');
    expect(readFileSync(file, 'utf8')).toBe('{"v": "温度 µm 🙂"}');
  });

  it('removes its temp file when the rename fails (target is a directory)', async () => {
    const target = path.join(tmp.dir, 'taken');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep'), 'x');
    await expect(writeFileAtomic(target, 'data')).rejects.toMatchObject({ code: expect.stringMatching(/^E/) as unknown });
    expect(readdirSync(tmp.dir)).toEqual(['taken']);
    expect(readdirSync(target)).toEqual(['keep']);
  });

  it('fails without creating anything when the directory does not exist', async () => {
    await expect(writeFileAtomic(path.join(tmp.dir, 'nope', 'r.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(tmp.dir)).toEqual([]);
  });

  it('concurrent writers each leave a complete file (last rename wins)', async () => {
    const file = path.join(tmp.dir, 'r.json');
    const texts = Array.from({ length: 8 }, (_, i) => `${String(i).repeat(10_000)}`);
    await Promise.all(texts.map((t) => writeFileAtomic(file, t)));
    expect(texts).toContain(readFileSync(file, 'utf8'));
    expect(readdirSync(tmp.dir)).toEqual(['r.json']);
  });
});
